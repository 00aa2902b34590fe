"""What players read: no internal tokens, grammar that agrees, one consistent headline."""

import re
from pathlib import Path

from core.auction import Auction
from core.cards import parse_card
from core.engine import ChoiceMade, apply
from core.laws.auction_calls import CallMade
from core.laws.leads import LeadOutOfTurn
from core.laws.must_pass import must_pass
from core.laws.penalty import PartnerLead
from core.laws.rotation import CallOutOfRotation
from core.seats import Seat
from core.state import TableState
from tests.core.helpers import play_state


def test_56B_refused_lead_says_the_restriction_in_words_not_its_token():
    _, state = apply(play_state("S"), LeadOutOfTurn(Seat.W, parse_card("HA"), Seat.E, trick=7))
    ruling, _ = apply(state, ChoiceMade(Seat.E, "forbid:H"))
    assert "forbid:H" not in ruling.summary
    assert "may not lead a heart" in ruling.summary


def test_50D2b_a_single_penalty_card_stays():
    _, state = apply(play_state("S", "E:SK:major"), PartnerLead(Seat.W))
    ruling, _ = apply(state, ChoiceMade(Seat.W, "any"))
    assert "the ♠K stays on the table as a penalty card" in ruling.summary


def test_31A1_mustpass_headline_says_repeat_the_call():
    """E bid 1H at N's turn; N passed: E must repeat his 1♥, and the headline says so."""
    state = TableState(dealer=Seat.N, calls=Auction.parse("N", "").texts)
    _, state = apply(state, CallOutOfRotation(Seat.E, "1H"))
    _, state = apply(state, CallMade(Seat.N, "P"))
    answer = must_pass(state, Seat.E)
    assert answer.summary == "E must repeat his 1♥ at his turn (31A1)."  # as /state says it
    assert "may make any legal call" not in answer.summary
    assert any("You must repeat your 1♥" in s for s in answer.steps)


def test_50D2_waiting_answer_names_the_options_in_words():
    from core.laws.obligations import must_play

    _, state = apply(play_state("S", "E:SK:major"), PartnerLead(Seat.W))
    answer = must_play(state, Seat.W)
    text = " ".join(map(str, answer.steps))
    assert "require:S" not in text and "forbid spades" in text and "require a spade" in text


#: Internal notation a player must never read (issue 22): option tokens, bare card codes, calls
#: in their stored form ("E called P", "the X", "1H").
INTERNAL = re.compile(r"\b(require|forbid|highest|lowest):|\b(require|forbid) [SHDC]+\b"
                      r"|\b[SHDC][AKQJT2-9]\b"
                      r"|\bcalled (P|X|XX)\b|\bthe (P|X|XX)\b|\b[1-7][CDHS]\b")


def test_no_internal_tokens_in_any_ruling_of_the_conformance_cases(monkeypatch, capsys):
    """Every ruling the engine gives for the public cases and the project's own cases (summary,
    steps, option labels, information) reads as words and symbols, never internal tokens."""
    from core import ruling as ruling_module
    from core.scenarios.runner import main

    seen: list[ruling_module.Ruling] = []
    built = ruling_module.Ruling.__post_init__

    def keep(self: ruling_module.Ruling) -> None:
        built(self)
        seen.append(self)

    monkeypatch.setattr(ruling_module.Ruling, "__post_init__", keep)
    root = Path(__file__).resolve().parents[2]
    main([str(root.parent / "shared" / "scenarios"), str(root / "tests" / "core" / "scenarios"),
          "--allow-unsupported"])
    capsys.readouterr()
    assert len(seen) > 100
    for ruling in seen:
        for text in (ruling.summary, *ruling.steps, *(o.label for o in ruling.options),
                     ruling.information, ruling.judgement):
            assert not INTERNAL.search(str(text or "")), text
