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
#: A word in a message's value (a law reference such as 31A2(a) or 30B1(b)(ii), a card or 3NT
#: has none).
WORD = re.compile(r"(?=[A-Za-z]*[a-z])(?!(?:i|ii|iii|iv)\))[A-Za-z]{2,}")


def test_every_conformance_ruling_renders_in_every_language(monkeypatch, capsys):
    """Every text of every ruling the public and the project's own cases produce is a message
    (never English left as a plain string, nor glued into one as a value) whose every part has
    a translation."""
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
            problems.update(f"English value {name}={value!r} in {msg.template!r}"
                            for msg in text.messages() for name, value in msg.params.items()
                            if isinstance(value, str) and WORD.search(value))
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


@pytest.mark.parametrize("law", ["27A1", "29A"])
def test_27A1_29A_accepting_the_call_is_one_sentence_in_every_language(law):
    """The LHO's option to accept an insufficient bid (27A1) or a call out of rotation (29A) is
    one whole template with the call as its value: no English word glued into it ("N
    accepteert the 1NT")."""
    from core.auction import Auction
    from core.engine import apply
    from core.laws.insufficient import InsufficientBid
    from core.laws.rotation import CallOutOfRotation
    from core.seats import Seat
    from core.state import TableState

    if law == "27A1":  # E opens 2S, S bids 1NT: W may accept it
        state = TableState(dealer=Seat.E, calls=Auction.parse("E", "2S").texts)
        ruling, _ = apply(state, InsufficientBid("1NT"))
        call = "1NT"
    else:  # dealer N, E passes first: S may accept it
        ruling, _ = apply(TableState(dealer=Seat.N), CallOutOfRotation(Seat.E, "1S"))
        call = "1♠"
    [accept] = [o.label for o in ruling.options if o.token == "accept"]
    assert isinstance(accept, Msg) and law in accept.params.values()
    assert [v for v in accept.params.values() if isinstance(v, str) and WORD.search(v)] == []
    assert render(accept) == f"{'W' if law == '27A1' else 'S'} accepts the {call} ({law})"
    for language in LANGUAGES:
        tr = translator(language)
        assert untranslated(accept, tr) == [], language
        assert " the " not in render(accept, tr), language


def test_50D2a_the_question_whether_he_kept_the_lead_is_a_message():
    """The question of fact (has W kept the lead since declarer forbade spades?) that /state
    and /mustplay say is a message in the reader's language, not English text stored with the
    board; a question stored before messages is still said as stored."""
    from dataclasses import replace

    from core.engine import ChoiceMade, apply
    from core.laws.obligations import must_play
    from core.laws.penalty import PartnerLead
    from core.seats import Seat
    from core.view import view_of
    from tests.core.helpers import play_state

    state = play_state("S", "E:SK:major")
    _, state = apply(state, PartnerLead(Seat.W, trick=3))
    _, state = apply(state, ChoiceMade(Seat.W, "forbid:S"))
    _, state = apply(state, PartnerLead(Seat.W, trick=7))  # did W keep the lead since trick 3?
    [question] = [line for line in view_of(state).lines() if "kept the lead" in str(line)]
    waiting = must_play(state, Seat.W).summary
    for text in (question, waiting):
        assert isinstance(text, Msg) and "W has kept the lead" in render(text), text
        for language in LANGUAGES:
            assert untranslated(text, translator(language)) == [], (language, text)
    [pending] = state.pending_for(Seat.W)
    old = state.evolve(pending=(replace(pending, note="Has W kept the lead?"),))
    assert "Has W kept the lead?" in [str(line) for line in view_of(old).lines()]


@pytest.mark.parametrize(("language", "letters"), [("en", "N S E W"), ("fr", "N S E O"),
                                                   ("nl", "N Z O W"), ("de", "N S O W")])
def test_the_double_dummy_table_says_seats_and_no_trump_in_the_readers_words(language, letters):
    """/board deal's double-dummy table (text and PNG notes): each row's seat letter and the
    no-trump column in the reader's words (SA), as the par line under it says them."""
    from core.double_dummy import STRAINS, DDResult, table_text
    from core.seats import Seat

    result = DDResult({(s, t): 7 for s in Seat for t in STRAINS}, 420, ("4♥ by W",))
    tr = translator(language) if language != "en" else None
    lines = render(table_text(result), tr).splitlines()
    assert lines[0].split() == [("NT" if tr is None else "SA"), "♠", "♥", "♦", "♣"]
    assert [line.split()[0] for line in lines[1:5]] == letters.split()
    assert all(len(line) == len(lines[1]) for line in lines[:5])  # the columns line up
    assert f" {render(Msg('{seat.value}', seat=Seat.W), tr)} (" in lines[5]  # 4♥ by W, par
