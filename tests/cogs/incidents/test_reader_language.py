"""A refusal follows the reader's Discord language (``interaction.locale``), falling back to
English, and changes nothing in any language (issue 29)."""

from __future__ import annotations

import io

import pytest

from localdiscord import Console

REFUSALS = {
    "en-US": "Only a player seated at table 1 or a director can do that for table 1.",
    "fr": "Seul un joueur assis à la table 1 ou un arbitre peut faire cela pour la table 1.",
    "nl": "Alleen een speler aan tafel 1 of een arbiter kan dat voor tafel 1 doen.",
    "de": "Nur ein Spieler an Tisch 1 oder ein Turnierleiter kann das für Tisch 1 tun.",
    "es-ES": "Only a player seated at table 1 or a director can do that for table 1.",
}


@pytest.mark.parametrize(("locale", "text"), sorted(REFUSALS.items()))
async def test_a_refusal_is_in_the_readers_language_and_changes_nothing(
    ld, bot, board, locale, text
):
    """A stranger ends table 1's board: refused in his client's language (Spanish is not
    shipped: English), and the board is still in play."""
    ld.member("Stranger").user.locale = locale
    refused = await ld.run("/board end table:1", user="Stranger")
    assert refused.ephemeral and refused.text == text
    assert not refused.channel_messages
    state = await ld.run("/state table:1", user="Declarer")
    assert state.text.startswith("Table 1, board 1\n"), state.text


async def test_the_console_switches_a_members_language(ld, bot, board):
    """``/as NAME locale:fr`` sets that member's Discord language; ``locale:en-US`` sets it back;
    an unknown locale is refused and changes nothing."""
    lines = [
        "/as Stranger locale:fr",
        "/board end table:1",
        "/as Stranger locale:xx",
        "/as",
        "/as Stranger locale:en-US",
        "/board end table:1",
    ]
    out = io.StringIO()
    console = Console(
        ld, stdin=io.StringIO("".join(f"{line}\n" for line in lines)), stdout=out, user="Director"
    )
    assert await console.run() == 0
    text = out.getvalue()
    assert "You are now Stranger (Discord in fr)." in text
    assert REFUSALS["fr"] in text
    assert "Unknown Discord locale 'xx'" in text
    assert "  Stranger (no roles, Discord in fr)  <- you\n" in text
    assert text.rstrip().endswith(REFUSALS["en-US"])
    assert ld.member("Stranger").user.locale == "en-US"


@pytest.mark.parametrize(
    ("locale", "sat", "left"),
    [
        ("fr", "Vous êtes Ouest à la table 2.", "Vous avez quitté la place Ouest de la table 2."),
        ("nl", "U zit West aan tafel 2.", "U verliet West aan tafel 2."),
        ("de", "Sie sitzen West an Tisch 2.", "Sie haben West an Tisch 2 verlassen."),
        ("en-US", "You sit West at table 2.", "You left West at table 2."),
    ],
)
async def test_sit_and_stand_answer_in_the_readers_language(ld, bot, locale, sat, left):
    """The seat's name too is in the reader's language; what is stored does not depend on it."""
    ld.member("Reader").user.locale = locale
    sitting = await ld.run("/sit table:2 seat:W", user="Reader")
    assert sitting.ephemeral and sitting.text == sat
    ld.member("Other").user.locale = "en-US"
    taken = await ld.run("/sit table:2 seat:W", user="Other")
    assert taken.ephemeral and "for this session" in taken.text  # the seat is really taken
    standing = await ld.run("/stand", user="Reader")
    assert standing.ephemeral and standing.text == left
