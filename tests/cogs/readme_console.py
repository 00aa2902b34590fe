"""Run a console story written in the README, as a newcomer would paste it."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def story(heading: str) -> list[str]:
    """The first code block after the README heading, without the ``← notes``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(heading, 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.DOTALL)
    assert block, f"the console story under {heading!r} is missing from the README"
    return [line.split("←")[0].rstrip() for line in block.group(1).splitlines() if line.strip()]


def run_console(lines: list[str], cwd: Path) -> str:
    """``python bot.py --console`` fed the lines on standard input; its output."""
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--console"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=cwd, timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(cwd)},
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout
