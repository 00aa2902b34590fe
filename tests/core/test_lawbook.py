"""/law summaries: every law the engine cites has one; bad numbers get a clear error."""

import pytest

from core.errors import RuleError
from core.lawbook import known_laws, law_summary


@pytest.mark.parametrize("ref", ["50", "50D2(a)", "law 50", "Law50"])
def test_law_references_resolve_to_the_law_number(ref):
    assert law_summary(ref).number == 50


@pytest.mark.parametrize(("ref", "message"), [("abc", "not a law number"),
                                              ("99", "no Law 99"), ("7", "outside")])
def test_unknown_law_numbers_are_explained(ref, message):
    with pytest.raises(RuleError, match=message):
        law_summary(ref)


def test_every_summary_has_a_title_a_summary_and_a_link():
    for law in known_laws():
        assert law.title and len(law.summary) > 40 and law.link.startswith("https://")


@pytest.mark.parametrize("number", [45, 46, 67])
def test_46_the_laws_dummy_call_fifth_card_and_defective_trick_rule_under_have_summaries(number):
    """/dummy-call rules under 46 and 45C4, /fifth-card under 45E, /defective-trick under 67:
    /law answers each of them (46 had been refused as outside what the bot rules on)."""
    found = law_summary(str(number))
    assert found.number == number and len(found.summary) > 40


def test_58_the_summary_tells_one_face_seen_from_several_and_the_late_case():
    """/simultaneous rules under 58: its summary says which card is played when one face was
    seen (58B1) as well as when several were (58B2), and that 67 takes over late (58B4)."""
    summary = str(law_summary("58B1").summary)
    assert "only one face was seen" in summary and "penalty cards" in summary
    assert "Law 67" in summary


def test_57D_the_summary_covers_a_play_at_rhos_turn():
    """/premature-play records 57D too: /law 57 says what it does with a card played at the
    right-hand opponent's turn, not only the 57A case."""
    summary = str(law_summary("57D").summary)
    assert "right-hand opponent's turn" in summary and "(57D)" in summary
    assert "played at his turn" in summary and "major penalty card" in summary
