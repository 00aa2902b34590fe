"""Core's messages in every shipped language (issue 29): each message core can say has a
French, Dutch and German translation with the same fields, no catalog keeps a message the code
no longer says, and every ruling of the conformance cases renders in all four languages with
nothing left in English."""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from core.text import Msg, Translate, render, untranslated

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "tdbot" / "locales"
LANGUAGES = ("fr", "nl", "de")
#: How ``pybabel extract`` finds core's messages (README, Languages).
KEYWORDS = {"Msg": None, "CardError": None, "SeatError": None, "word": ((1, "c"), 2)}


@cache
def core_messages() -> frozenset[tuple[str | None, str]]:
    """(context, msgid) of every message written in core/."""
    found = set()
    for _, _, message, _, context in extract_from_dir(ROOT / "core", keywords=KEYWORDS,
                                                      comment_tags=()):
        if isinstance(message, tuple):  # word(context, text)
            context, message = message
        found.add((context, message))
    return frozenset(found)


@cache
def catalog(language: str) -> dict[tuple[str | None, str], str]:
    """Every translated entry of the language's core catalogs (fuzzy and empty ones left out)."""
    entries: dict[tuple[str | None, str], str] = {}
    for path in sorted((LOCALES / language / "LC_MESSAGES").glob("core*.po")):
        with path.open("rb") as file:
            for message in read_po(file):
                if message.id and message.string and not message.fuzzy:
                    entries[(message.context, str(message.id))] = str(message.string)
    return entries


def translator(language: str) -> Translate:
    entries = catalog(language)

    def tr(msgid: str, context: str | None) -> str | None:
        return entries.get((context, msgid))

    return tr


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_core_message_has_a_translation_with_the_same_fields(language):
    entries = catalog(language)
    missing = sorted(m for c, m in core_messages() if (c, m) not in entries)
    assert not missing, f"{language}: {len(missing)} to translate, e.g. {missing[:5]}"
    broken = sorted(m for key, t in entries.items() if key in core_messages()
                    for m in [key[1]] if fields(m) != fields(t))
    assert not broken, f"{language}: fields differ from the English in {broken[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalog_keeps_a_message_the_code_no_longer_says(language):
    stale = sorted(m for (c, m) in catalog(language) if (c, m) not in core_messages())
    assert not stale, f"{language}: remove (or update) {stale[:5]}"


def test_a_message_is_rendered_from_the_catalog():
    """The check has teeth: core's messages and seat words come out of the shipped catalogs."""
    from core.script import HAPPENED
    from core.seats import Seat

    west = Msg("{seat.full_name}", seat=Seat.W)
    expected = {"fr": ("Ce qui s'est passé", "Ouest"), "nl": ("Wat er gebeurde", "West"),
                "de": ("Was geschehen ist", "West")}
    for language, (happened, seat) in expected.items():
        tr = translator(language)
        assert render(HAPPENED, tr) == happened
        assert render(west, tr) == seat
    assert render(HAPPENED) == "What happened"


def _conformance_rulings(monkeypatch: pytest.MonkeyPatch) -> list:
    from core import ruling as ruling_module
    from core.scenarios.runner import main

    seen: list[ruling_module.Ruling] = []
    built = ruling_module.Ruling.__post_init__

    def keep(self: ruling_module.Ruling) -> None:
        built(self)
        seen.append(self)

    monkeypatch.setattr(ruling_module.Ruling, "__post_init__", keep)
    main([str(ROOT.parent / "shared" / "scenarios"), str(ROOT / "tests" / "core" / "scenarios"),
          "--allow-unsupported"])
    return seen


#: A text with no words to translate (a card list, a contract, a law reference).
NO_WORDS = re.compile(r"^[\s♠♥♦♣0-9AKQJTNESWX,.;:()\-–/#+=]*$")


def test_every_conformance_ruling_renders_in_every_language(monkeypatch, capsys):
    """Every text of every ruling the public and the project's own cases produce is a message
    (never English left as a plain string) whose every part has a translation."""
    rulings = _conformance_rulings(monkeypatch)
    capsys.readouterr()
    assert len(rulings) > 100
    problems: set[str] = set()
    for ruling in rulings:
        for text in (ruling.summary, *ruling.steps, *(o.label for o in ruling.options),
                     ruling.information, ruling.judgement):
            if not text:
                continue
            if not isinstance(text, Msg):
                if not NO_WORDS.match(text):
                    problems.add(f"plain English: {text!r}")
                continue
            for language in LANGUAGES:
                tr = translator(language)
                problems.update(f"{language}: {m!r}" for m in untranslated(text, tr))
                render(text, tr)  # never raises: a broken translation falls back to English
    assert not problems, f"{len(problems)} problems, e.g. {sorted(problems)[:8]}"


def test_the_core_template_lists_exactly_the_messages_of_the_code():
    """``pybabel extract`` for core (README, Languages) was run after the last change."""
    with (LOCALES / "core.pot").open("rb") as file:
        template = {(m.context, str(m.id)) for m in read_po(file) if m.id}
    assert template == set(core_messages())
