"""The README's director's-desk console story runs as written."""

from tests.cogs.readme_console import run_console, story


def test_the_readme_desk_story_runs(tmp_path):
    out = run_console(story("## The director's desk"), tmp_path)
    assert "Something went wrong" not in out and "There is no choice" not in out
    assert "Re-ruled: ruling #2 is voided and replaced by ruling #3" in out
    assert "Before:" in out and "After:" in out  # the amend's before/after, then confirmed
    posted = out.split("> /script id:4", 1)[1].split("> 1\n", 1)[1].split("> /as RHO", 1)[0]
    assert "TD Bot:\n" in posted and "Then: E must lead a spade" in posted
    question = "If I must lead a spade, may I lead the SA?"
    told = out.split("TD Bot in #table-1:", 1)[1].split("\n>", 1)[0]
    assert "E's question is answered." in told and question not in told
    assert "Yes, any spade" not in told
    log_post = out.split("TD Bot in #td-log:\n  @Director Private consultation", 1)[1]
    assert question not in log_post.split("\n>", 1)[0]
    assert out.rstrip().endswith("By: @LHO")
