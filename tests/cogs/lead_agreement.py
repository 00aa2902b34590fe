"""The agreement check shared by the play-course tests and the club-night story: /state,
/mustplay and /lead state the same lead restrictions on a seat."""

from __future__ import annotations

import re

SUITS = ("spade", "heart", "diamond", "club")


def lead_words(text: str, seat: str) -> set[str]:
    """The lead restrictions on ``seat`` an answer states, as ``forbid:diamond`` /
    ``require:spade`` (a 57A play instruction is not a lead restriction)."""
    found = set()
    for suit in SUITS:
        if re.search(rf"{seat} may not lead a {suit}|You may not lead a {suit}", text):
            found.add(f"forbid:{suit}")
        if re.search(rf"{seat} must lead a {suit}|You must lead a {suit}", text):
            found.add(f"require:{suit}")
    return found


async def agree(ld, seat: str, lead_answer: str | None = None) -> set[str]:
    """/state, /mustplay and (when given) the latest /lead answer state the same restrictions
    on ``seat``; returns them."""
    state = await ld.run("/state", user="Dummy")
    must = await ld.run(f"/mustplay seat:{seat}", user="Dummy")
    assert not state.ephemeral and not must.ephemeral, (state.text, must.text)
    in_state = lead_words(state.text, seat)
    waiting = f"whether {seat} has kept the lead" in state.text
    if waiting:  # the bot does not know: every answer asks, none answers from stale state
        assert f"whether {seat} has kept the lead" in must.text and "Wait" in must.text, must.text
    else:
        assert lead_words(must.text, seat) == in_state, (state.text, must.text)
    if lead_answer is not None:
        if waiting:
            assert "kept the lead" in lead_answer, lead_answer
        else:
            assert lead_words(lead_answer, seat) == in_state, (state.text, lead_answer)
    for line in state.text.splitlines():  # every restriction says when it ends
        if " may not lead " in line or " must lead " in line:
            assert "until his side loses the lead" in line or "lead to trick" in line \
                or "next lead only" in line, line
    return in_state


def button(message, label):
    return next(b for b in message.buttons if b.get("label") == label)
