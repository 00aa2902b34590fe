"""The director's incident report: facts, auction, ruling, verdicts, and the deal when known."""

from __future__ import annotations

import random

from core.deal import random_deal
from core.diagram import diagram_text
from core.incident_report import ReportVerdict, auction_text, report_text
from core.ruling import Ruling
from core.seats import Seat

RULING = Ruling(kind="exposure", summary="♠K is a major penalty card of W.", laws=("50B",),
                steps=("It stays face up.",), judgement="50E4 may apply.")


def _report(**changes: object) -> str:
    options: dict[str, object] = dict(
        ruling_id=7, where="table 2, board 5, Monday pairs of 2026-11-16", when="19:30",
        facts={"kind": "exposure", "seat": "W", "cards": ["SK"], "trick": None},
        ruling=RULING, auction=auction_text(Seat.N, ("1H", "P", "4H", "P", "P", "P")),
        contract="4H", declarer=Seat.N, verdicts=(), deal=None, double_dummy=None,
        dd_label="Double dummy: a bound.",
    )
    options.update(changes)
    return report_text(**options)  # type: ignore[arg-type]


def test_a_report_without_hand_records_has_no_deal_section() -> None:
    text = _report()
    assert text.startswith("# Ruling #7: table 2, board 5")
    assert "- seat: W\n- cards: SK\n- trick: —\n" in text and "kind" not in text
    assert "dealer N; N:1H E:P S:4H W:P N:P E:P" in text and "Contract 4H by N" in text
    assert "1. It stays face up." in text and "Laws: 50B" in text
    assert "## Verdicts\nNone yet." in text and "## The deal" not in text


def test_12C1_a_report_states_the_adjusted_score_and_shows_the_deal_and_its_bounds() -> None:
    deal = random_deal(5, random.Random(4))
    text = _report(
        verdicts=[ReportVerdict("adjusted", "no damage", "4H= NS +420", "20:05")],
        deal=deal, double_dummy="Par: 4♥ by N", dd_label="Double dummy: a bound.",
    )
    assert "- 20:05: adjusted; adjusted score 4H= NS +420 (no damage)" in text
    assert "## The deal\nBoard 5: dealer North, N-S vulnerable; contract 4H by N" in text
    assert "Double dummy: a bound.\n\n```\nPar: 4♥ by N\n```" in text
    assert f"```\n{diagram_text(deal)}\n```" in text


def test_an_auction_without_a_dealer_is_said_not_recorded() -> None:
    assert auction_text(None, ()) == "not recorded (no dealer)"
    assert auction_text(Seat.E, ()) == "dealer E; no calls recorded"


def test_46B_dummys_cards_read_from_the_hand_records_are_said_in_words() -> None:
    """/dummy-call's records_trick is the bot's own finding: the report says where dummy's
    cards came from, never the raw field; unset (cards typed), it is left out."""
    facts = {"kind": "dummy_call", "seat": "S", "said": "low", "records_trick": 4}
    text = _report(facts=facts)
    assert ("- dummy's cards: read from the hand records at trick 4 (less the cards recorded "
            "played before it)\n") in text
    assert "records_trick" not in text
    typed = _report(facts={**facts, "records_trick": None})
    assert "records_trick" not in typed and "hand records" not in typed
    assert "- said: low\n" in typed
