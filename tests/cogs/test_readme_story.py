"""The README's console walkthrough runs as written (so the README stays true)."""

from tests.cogs.readme_console import run_console, story


def test_the_readme_console_story_runs(tmp_path):
    out = run_console(story('## Try it without Discord'), tmp_path)
    assert "Something went wrong" not in out and "Sit at a table first" not in out
    assert "Chosen by Declarer: Require a spade lead" in out
    # a follow-up while declarer chooses waits and leaves the choice (issue 22)
    assert "Wait: E may not lead until declarer has chosen (Law 50D2" in out
    # the director corrects the declarer of board 2 from E to S: W, not S, makes the opening lead
    corrected = out.split("/board set number:2 declarer:S", 1)[1].split("/session end", 1)[0]
    assert "Play: trick 1, W on lead" in corrected, corrected
    assert "E may lead ♠Q ♠5 ♠2." in out
    assert "E must lead a spade for his next lead only (50D2(a))" in out
    assert "only a director can end it" in out
    assert "Session **Monday pairs**" in out and "has ended: all seats are free" in out
    assert "You sit West at table 1." in out  # a week later, LHO's seat is free for RHO
    assert out.rstrip().endswith("• Play: trick 1, W on lead (as reported)")  # nothing carried
