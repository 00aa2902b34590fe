"""The README's console walkthrough runs as written (so the README stays true)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_story() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Try it without Discord", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.DOTALL)
    assert block, "the console walkthrough is missing from the README"
    return [line.split("←")[0].rstrip() for line in block.group(1).splitlines() if line.strip()]


def test_the_readme_console_story_runs(tmp_path):
    lines = readme_story()
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--console"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=tmp_path, timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Something went wrong" not in out and "Sit at a table first" not in out
    assert "Chosen by Declarer: Require a spade lead" in out
    assert "E may lead ♠Q ♠5 ♠2." in out
    assert "E must lead a spade for his next lead only (50D2(a))" in out
    assert out.rstrip().endswith("E has made that lead")  # the restriction's lapse button
