"""Storage's refusals in the reader's language (issue 29), through discord.py's real command
tree: a director whose Discord speaks French is refused in French, with the shipped catalog;
the English stays as it was."""

from __future__ import annotations

import pytest

from tests.support import exposure, set_up

pytestmark = pytest.mark.usefixtures("bot")


async def test_a_voided_ruling_is_refused_in_french(ld, storage):
    """Confirming a ruling that was voided: storage's Conflict, said as a French sentence."""
    await set_up(ld)
    recorded = await exposure(storage, ld)
    await ld.slash("ruling void", {"id": recorded.id, "reason": "never happened"},
                   user="Director")
    english = await ld.slash("ruling confirm", {"id": recorded.id}, user="Director")
    assert english.ephemeral and english.text == f"Ruling #{recorded.id} has been voided."
    ld.member("Director").user.locale = "fr"
    french = await ld.slash("ruling confirm", {"id": recorded.id}, user="Director")
    assert french.ephemeral and french.text == f"La décision n° {recorded.id} a été annulée."


async def test_a_bad_law_filter_is_refused_in_french(ld):
    """A law number the Laws do not have: the log query's refusal, in French."""
    await set_up(ld)
    english = await ld.slash("log search", {"law": "99"}, user="Director")
    assert english.ephemeral
    assert english.text == "'99' is not a law reference (e.g. 50, 50D or 50D2(a))."
    ld.member("Director").user.locale = "fr"
    french = await ld.slash("log search", {"law": "99"}, user="Director")
    assert french.ephemeral
    assert french.text == "'99' n'est pas une référence de loi (par ex. 50, 50D ou 50D2(a))."
