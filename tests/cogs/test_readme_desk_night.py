"""The README's night at the desk (issue 24) runs as written: a playing director who sees
nothing of a board he has not played, a deputy who reads the script aloud (all five options),
a private consultation, an 82C correction with a weighted score read first, and an appeal."""

from tests.cogs.readme_console import run_console, story


def _answer(out: str, command: str, nth: int = 1) -> str:
    """What the bot answered to the ``nth`` time ``command`` was typed."""
    part = out.split(f"> {command}\n")[nth]
    return part.split("\n> ", 1)[0]


def test_the_readme_desk_night_runs(tmp_path):
    out = run_console(story("### A night at the desk"), tmp_path)
    assert "Something went wrong" not in out and "Unknown" not in out
    assert "a board you have not played yet" in _answer(out, "/script id:2", 1)  # playing
    read = _answer(out, "/script id:2", 2)  # the deputy
    assert "Declarer, you have five options" in read
    for n in ("One:", "Two:", "Three:", "Four:", "Five: Refuse the lead, then: let W lead "
              "anything"):
        assert n in read, n
    assert "Please don't consult your partner" in read and "(54" not in read.split(
        "For the director")[0]
    posted = _answer(out, "1")
    assert "TD Bot:\n" in posted and "Five: Refuse the lead" in posted
    told = _answer(out, '/consult ask question:"May I tell partner which suit to lead?"')
    assert "@Deputies Private consultation #1" in told and "which suit" not in told
    amended = _answer(out, '/ruling amend id:2 text:"I read out only four options" '
                      'director_error:"60% 4HS=, 40% 4HS-1"')
    assert "weighted assigned adjusted score (12C1): 60% 4HS=, 40% 4HS-1" in amended
    corrected = _answer(out, "/script id:2", 3)
    assert corrected.index("The director's correction") < corrected.index("What happened")
    assert "60% 4HS=, 40% 4HS-1" in corrected
    assert "@Deputies Appeal #1" in _answer(out, '/appeal file id:2 reason:"The weights '
                                                 'should favour us"')
    assert "the ruling stands, without merit" in _answer(out, "/appeal list ruling:2")
