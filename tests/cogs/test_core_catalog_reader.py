"""Core's sentences in the reader's language (issue 29): the catalog reader merges every
``core*.po`` of a language, leaves fuzzy and empty entries out, knows the seat and suit words by
their context; the ruling embed and the error policy render core's :class:`core.text.Msg`."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from core.cards import Suit
from core.errors import RuleError
from core.ruling import Option, Ruling
from core.seats import Seat
from core.state import Chooser
from core.text import Msg
from tdbot import messages
from tdbot.answers import user_message
from tdbot.render import lapse_buttons, ruling_embed, ruling_view

SUMMARY = Msg("{seat.value} has the {card} as a penalty card (50B).", seat=Seat.W, card="♠K")
FORBID = Msg("Forbid {suit.plural} while {seat.value} keeps the lead", suit=Suit.SPADES,
             seat=Seat.W)
STEP = Msg("The card stays face up on the table.")
REFUSAL = Msg("{seat.full_name} has no such card", seat=Seat.W)

#: A test catalog, as a converter of core's files writes one (msgid, msgstr, msgctxt).
FRENCH = [
    ("{seat.value} has the {card} as a penalty card (50B).",
     "{seat.value} a le {card} comme carte pénalisée (50B).", None),
    ("Forbid {suit.plural} while {seat.value} keeps the lead",
     "Interdire les {suit.plural} tant que {seat.value} garde la main", None),
    ("The card stays face up on the table.", "La carte reste face visible sur la table.", None),
    ("W", "O", "seat letter"),
    ("West", "Ouest", "seat"),
    ("spades", "piques", "suits"),
]
GERMAN = [("{seat.full_name} has no such card", "{seat.full_name} hat keine solche Karte", None),
          ("West", "West", "seat")]


def write_catalog(path: Path, entries: list[tuple[str, str, str | None]], *,
                  fuzzy: tuple[str, ...] = ()) -> None:
    catalog = Catalog(locale=path.parts[-3], domain=path.stem)
    for msgid, text, context in entries:
        catalog.add(msgid, text, context=context,
                    flags=("fuzzy",) if msgid in fuzzy else ())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog)


@pytest.fixture
def locales(tmp_path, monkeypatch):
    """Core catalogs in a folder of their own, read instead of the shipped ones."""
    monkeypatch.setattr(messages, "LOCALES_DIR", tmp_path)
    messages.core_messages.cache_clear()
    yield tmp_path
    messages.core_messages.cache_clear()


def test_every_core_catalog_of_a_language_is_read_and_only_translated_entries(locales):
    folder = locales / "fr" / "LC_MESSAGES"
    write_catalog(folder / "core-penalty.po", FRENCH[:1] + FRENCH[3:])
    write_catalog(folder / "core-leads.po", FRENCH[1:3] + [("Fuzzy one", "Floue", None),
                                                            ("Empty one", "", None)],
                  fuzzy=("Fuzzy one",))
    write_catalog(folder / "messages.po", [("Laws", "NOT CORE", None)])  # not core's
    translate = messages.core_translate("fr")
    assert translate is not None
    assert translate("The card stays face up on the table.", None) == (
        "La carte reste face visible sur la table.")
    assert translate("W", "seat letter") == "O" and translate("W", None) is None
    assert translate("Fuzzy one", None) is None and translate("Empty one", None) is None
    assert translate("Laws", None) is None
    assert messages.say("fr", SUMMARY) == "O a le ♠K comme carte pénalisée (50B)."
    assert messages.say(discord.Locale.french, FORBID) == (
        "Interdire les piques tant que O garde la main")
    # English, an unshipped language and plain text: as written
    assert messages.say(None, SUMMARY) == "W has the ♠K as a penalty card (50B)."
    assert messages.say("en-US", SUMMARY) == str(SUMMARY)
    assert messages.say("es-ES", SUMMARY) == str(SUMMARY)
    assert messages.say("fr", "typed by a player") == "typed by a player"
    assert messages.core_translate("en-US") is None
    # a language without core catalogs: English
    assert messages.say("de", SUMMARY) == str(SUMMARY)


def test_the_catalogs_are_read_once(locales, monkeypatch):
    write_catalog(locales / "fr" / "LC_MESSAGES" / "core.po", FRENCH)
    assert messages.say("fr", STEP) == "La carte reste face visible sur la table."
    reads = []
    monkeypatch.setattr(messages, "read_catalog", lambda path: reads.append(path) or {})
    assert messages.say("fr", STEP) == "La carte reste face visible sur la table."
    assert not reads


def test_the_ruling_embed_and_its_buttons_in_french(locales):
    write_catalog(locales / "fr" / "LC_MESSAGES" / "core-penalty.po", FRENCH)
    ruling = Ruling(kind="exposed_card", summary=SUMMARY, laws=("50B", "50D2"), steps=(STEP,),
                    options=(Option("forbid:S", FORBID),), chooser=Chooser.DECLARER,
                    information=STEP, judgement=STEP)
    embed = ruling_embed(ruling, event_id=7, table=1, board=2, locale="fr").to_dict()
    assert embed["title"] == "O a le ♠K comme carte pénalisée (50B)."
    assert embed["description"] == "1. La carte reste face visible sur la table."
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields == {
        "Lois": "50B, 50D2",
        "Options (le déclarant choisit)": "• Interdire les piques tant que O garde la main",
        "Information": "La carte reste face visible sur la table.",
        "Appréciation de l'arbitre": "La carte reste face visible sur la table.",
    }
    assert embed["footer"]["text"] == "Décision #7 · Table 1 · Board 2"
    view = ruling_view(ruling, 7, Seat.W, locale="fr")
    labels = [item.label for item in view.children if isinstance(item, discord.ui.Button)]
    assert labels == ["Interdire les piques tant que O garde la main", "Appeler l'arbitre"]
    # the same ruling for an English reader is the English it always was
    english = ruling_embed(ruling, event_id=7, table=1, board=2).to_dict()
    assert english["title"] == "W has the ♠K as a penalty card (50B)."
    assert [f["name"] for f in english["fields"]] == [
        "Laws", "Options (declarer chooses)", "Information", "Director's judgement"]
    assert english["footer"]["text"] == "Ruling #7 · Table 1 · Board 2"


def test_an_engine_refusal_made_of_a_msg_is_in_the_readers_language(locales):
    write_catalog(locales / "de" / "LC_MESSAGES" / "core-play.po", GERMAN)
    error = RuleError(REFUSAL)
    assert user_message(error, discord.Locale.german) == "West hat keine solche Karte."
    assert user_message(error, discord.Locale.american_english) == "West has no such card."
    assert user_message(RuleError("plain English"), "de") == "Plain English."  # not yet a Msg


def test_lapse_buttons_say_the_seat_in_the_readers_letters(locales):
    from core.state import Lasts, Restriction, RestrictionKind, TableState

    write_catalog(locales / "fr" / "LC_MESSAGES" / "core.po", FRENCH)
    state = TableState(restrictions=(Restriction(seat=Seat.W, kind=RestrictionKind.FORBID,
                                                 suit=Suit.SPADES, lasts=Lasts.WHILE_ON_LEAD,
                                                 origin="50D2(a)"),))
    [button] = lapse_buttons(state, 3, "fr")
    assert button.label == "O a perdu la main"
    assert button.custom_id == "tdbot:lapse:3:W:lead"  # the seat in the id stays W
