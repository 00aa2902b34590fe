"""Sentences as messages (issue 29): core says what it decided as a message id and values; the
English is the message as it always read, and any language renders it from a catalog."""

from __future__ import annotations

from core.cards import Suit, parse_card
from core.ruling import Draft, Option, Ruling
from core.seats import Seat
from core.text import Msg, render, untranslated

FRENCH = {
    ("{seat.value} has the {card.symbol} as a penalty card ({law}).", None):
        "{seat.value} a le {card.symbol} comme carte pénalisée ({law}).",
    ("Forbid {suit.plural} while {seat.value} keeps the lead", None):
        "Interdire {suit.plural} tant que {seat.value} garde la main",
    ("{seat.full_name} must lead: {reason}", None): "{seat.full_name} doit entamer : {reason}",
    ("a spade is required", None): "un pique est exigé",
    ("W", "seat letter"): "O",
    ("West", "seat"): "Ouest",
    ("E-W", "side"): "E-O",
    ("spades", "suits"): "les piques",
    ("spade", "suit"): "pique",
}


def french(msgid: str, context: str | None) -> str | None:
    return FRENCH.get((msgid, context))


def test_a_message_reads_as_its_english_text():
    msg = Msg("{seat.value} has the {card.symbol} as a penalty card ({law}).",
              seat=Seat.W, card=parse_card("SK"), law="50B")
    assert str(msg) == "W has the ♠K as a penalty card (50B)."
    assert msg == "W has the ♠K as a penalty card (50B)."
    assert "penalty card" in msg and msg.lower().startswith("w has")
    assert f"[{msg}]" == "[W has the ♠K as a penalty card (50B).]"


def test_a_message_renders_in_the_readers_language_seats_and_suits_included():
    msg = Msg("Forbid {suit.plural} while {seat.value} keeps the lead",
              suit=Suit.SPADES, seat=Seat.W)
    assert render(msg, french) == "Interdire les piques tant que O garde la main"
    assert render(msg) == "Forbid spades while W keeps the lead"


def test_a_message_inside_a_message_is_rendered_in_the_same_language():
    msg = Msg("{seat.full_name} must lead: {reason}", seat=Seat.W,
              reason=Msg("a spade is required"))
    assert render(msg, french) == "Ouest doit entamer : un pique est exigé"


def test_a_message_without_translation_stays_english_and_is_reported_missing():
    msg = Msg("{seat.value} is on lead", seat=Seat.N)
    assert render(msg, french) == "N is on lead"
    assert untranslated(msg, french) == ["{seat.value} is on lead", "N", "North", "N-S"]


def test_a_translation_with_broken_fields_falls_back_to_english():
    def broken(msgid: str, context: str | None) -> str | None:
        return "{siège} garde la main" if context is None else None

    assert render(Msg("{seat.value} keeps the lead", seat=Seat.E), broken) == "E keeps the lead"


def test_plain_text_renders_as_itself():
    assert render("typed by a player", french) == "typed by a player"


def test_a_ruling_keeps_its_messages_through_storage():
    draft = Draft()
    draft.summary += [Msg("{seat.value} has the {card.symbol} as a penalty card ({law}).",
                          seat=Seat.W, card=parse_card("SK"), law="50B"),
                      Msg("a spade is required")]
    draft.cite("50B")
    draft.options.append(Option("forbid:S", Msg("Forbid {suit.plural} while {seat.value} keeps "
                                                "the lead", suit=Suit.SPADES, seat=Seat.W)))
    ruling = draft.build("exposure")
    assert ruling.summary == "W has the ♠K as a penalty card (50B). a spade is required"
    stored = Ruling.from_data(ruling.to_data())
    assert stored == ruling
    assert render(stored.summary, french) == (
        "O a le ♠K comme carte pénalisée (50B). un pique est exigé")
    assert render(stored.options[0].label, french) == (
        "Interdire les piques tant que O garde la main")


def test_a_ruling_stored_before_messages_still_reads():
    old = Ruling(kind="exposure", summary="W has the ♠K.", laws=("50B",), steps=("A step.",))
    data = old.to_data()
    assert data["summary"] == "W has the ♠K."
    assert Ruling.from_data(data).summary == "W has the ♠K."
