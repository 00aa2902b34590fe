"""Option and command names inside the bot's sentences are the names the reader's Discord shows
(issue 29): Discord lists ``/lead-out-of-turn``'s ``correct_leader`` as ``richtiger_ausspieler``
to a German member, so a sentence telling him to give ``correct_leader`` named an option he
cannot find. A sentence names an option with ``{opt[…]}`` and a command with ``{cmd[…]}``,
filled from the catalog that localizes the command tree; English readers see the English names.

The sentences around the names may not be translated yet (their msgids changed): the tests
assert on the names, which come from the shipped ``commands`` catalogs."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from core.cards import SUITS
from core.deal import random_deal
from core.seats import Seat
from core.text import Msg
from tdbot import messages, translator
from tdbot.client import EXTENSIONS

#: Discord's names for a few options and commands, as the shipped catalogs give them.
NAMES = {
    "de": {"correct_leader": "richtiger_ausspieler", "opening": "eröffnungsausspiel",
           "trick": "stich", "dummy": "tischhand", "exposed": "aufgedeckte-karte",
           "cards": "karten", "seat": "platz", "sit": "platz-nehmen", "table": "tisch"},
    "fr": {"correct_leader": "bon_entameur", "opening": "initiale", "trick": "levée",
           "dummy": "mort", "exposed": "carte-exposée", "cards": "cartes", "seat": "place",
           "sit": "prendre-place", "table": "table"},
}


@pytest.mark.parametrize("language", sorted(NAMES))
async def test_53_54_a_refusal_names_the_options_as_the_readers_discord_does(
        ld, bot, board, language):
    """/lead-out-of-turn without the correct leader: the refusal tells the reader to give the
    options his Discord lists; an English reader's text is unchanged; nothing is written."""
    names = NAMES[language]
    english = await ld.run("/lead-out-of-turn card:SK seat:W", user="LHO")
    assert english.ephemeral and english.text == (
        "Say who should have led (correct_leader), or opening:True for the opening lead.")
    ld.member("LHO").user.locale = language
    refused = await ld.run("/lead-out-of-turn card:SK seat:W", user="LHO")
    assert refused.ephemeral and not refused.channel_messages
    assert f"({names['correct_leader']})" in refused.text, refused.text
    assert f"{names['opening']}:True" in refused.text, refused.text
    assert "correct_leader" not in refused.text and "opening:" not in refused.text


@pytest.mark.parametrize("language", sorted(NAMES))
async def test_46B_cores_answer_names_trick_and_dummy_as_the_readers_discord_does(
        ld, bot, board, language):
    """/dummy-call 'low' with the hand records but no trick: core's answer asks for trick: (or
    dummy:), which a French or German reader's Discord lists under other names."""
    deal = random_deal(1, random.Random(7))
    done = await ld.run(f"/board deal number:1 deal:{deal.pbn}", user="Director")
    assert done.ephemeral, done.text
    suit = max(SUITS, key=lambda s: len(deal.hand(Seat.N).in_suit(s)))
    ask = f"/dummy-call said:low led:{suit.letter}"
    english = await ld.run(ask, user="Declarer")
    assert "give trick: (or dummy:) and the bot names the card" in english.text, english.text
    ld.member("Declarer").user.locale = language
    answer = await ld.run(ask, user="Declarer")
    assert answer.ephemeral, answer.text
    names = NAMES[language]
    assert f"{names['trick']}: " in answer.text and f"{names['dummy']}:)" in answer.text, (
        answer.text)
    assert "trick:" not in answer.text and "dummy:" not in answer.text


@pytest.mark.parametrize("language", sorted(NAMES))
async def test_help_names_commands_and_options_as_the_readers_discord_does(ld, bot, language):
    """/help's 'what happened' rows and 'the evening' spell each command with its options:
    in the reader's Discord's names (both are localized), in English as before."""
    english = await ld.run("/help", user="Declarer")
    assert "`/exposed cards:SK` (add `seat:`" in english.text, english.text
    assert "`/sit table seat` once a session" in english.text
    ld.member("Declarer").user.locale = language
    helped = await ld.run("/help", user="Declarer")
    n = NAMES[language]
    assert f"`/{n['exposed']} {n['cards']}:SK`" in helped.text, helped.text
    assert f"`{n['seat']}:`" in helped.text
    assert f"`/{n['sit']} {n['table']} {n['seat']}`" in helped.text
    assert "/exposed" not in helped.text and "/sit " not in helped.text


def test_an_option_name_in_english_and_in_another_language():
    """The same sentence, from core: the English names for English (and a locale the bot does
    not ship), Discord's names in the reader's language."""
    msg = Msg("give {opt[trick]}: ({cmd[board set]})")
    assert str(msg) == "give trick: (board set)"
    assert messages.say("ja", msg) == "give trick: (board set)"
    assert messages.say("de", msg) == "give stich: (board setzen)"
    assert messages.localize("fr", "use {opt[later_tricks]}") == "use levées_suivantes"


NAMED = re.compile(r"\{(opt|cmd)\[([^\]]*)\]\}")


@pytest.fixture
async def tree_names(start_bot):
    bot = await start_bot(extensions=EXTENSIONS)
    return {msgid for kind, msgid in await translator.tree_strings(bot.tree)
            if kind == translator.NAME}


async def test_every_named_option_and_command_is_in_the_tree(tree_names):
    """A misspelt ``{opt[trik]}`` would show a name Discord lists nowhere, in every language."""
    root = Path(__file__).parents[3]
    named = {(path.relative_to(root), word)
             for folder in ("core", "cogs", "tdbot")
             for path in (root / folder).rglob("*.py")
             for _, names in NAMED.findall(path.read_text(encoding="utf-8"))
             for word in names.split(" ")}
    assert len(named) > 50  # the mechanism is used
    unknown = sorted((str(path), word) for path, word in named if word not in tree_names)
    assert not unknown, unknown
