"""The README's night with hand records runs as written, on a generated PBN file."""

from core.pbn import random_pbn
from tests.cogs.readme_console import run_console, story


def test_the_readme_hand_records_story_runs(tmp_path):
    (tmp_path / "night.pbn").write_text(random_pbn(36, seed=1))  # python -m core.pbn > night.pbn
    out = run_console(story("## Hand records"), tmp_path)
    assert "Something went wrong" not in out
    assert "36 boards (1–36)" in out
    assert "do not give West the ♠K" in out
    assert "W must lead the ♠10." in out.split("> /mustplay seat:W", 1)[1].split("\n>", 1)[0]
    shown = out.split("> /board deal number:1 table:1", 1)[1].split("\n> /as", 1)[0]
    assert "(only you can see this)" in shown and "[file] board-1.png" in shown
    assert "contract 2S by S" in shown and "perfect play by all four" in shown
    review = out.split("> /claim review id:3 leader:W", 1)[1].split("\n> /ruling", 1)[0]
    assert "Outstanding spades: W ♠10 ♠8 ♠7 ♠6, E ♠2 (70C)." in review
    assert "N-S take 6 of the 13 tricks" in review and "Law 70: the questions" in review
    assert "For you only (Law 12C1, the adjusted score)" in out
