"""The README's director's-desk console story runs as written."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def desk_story() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The director's desk", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.DOTALL)
    assert block, "the director's desk story is missing from the README"
    return [line.split("←")[0].rstrip() for line in block.group(1).splitlines() if line.strip()]


def test_the_readme_desk_story_runs(tmp_path):
    lines = desk_story()
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--console"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=tmp_path, timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Something went wrong" not in out and "There is no choice" not in out
    assert "Re-ruled: ruling #2 is voided and replaced by ruling #3" in out
    posted = out.split("> 1\n", 1)[1].split("> /as RHO", 1)[0]
    assert "TD Bot:\n" in posted and "Then: E must lead a spade" in posted
    question = "If I must lead a spade, may I lead the SA?"
    told = out.split("TD Bot in #table-1:", 1)[1].split("\n>", 1)[0]
    assert "E's question is answered." in told and question not in told
    assert "Yes, any spade" not in told
    log_post = out.split("TD Bot in #td-log:\n  @Director Private consultation", 1)[1]
    assert question not in log_post.split("\n>", 1)[0]
    assert out.rstrip().endswith("By: @LHO")
