"""A refusal follows the reader's Discord language (``interaction.locale``), falling back to
English, and changes nothing in any language (issue 29)."""

from __future__ import annotations

import io

import pytest

from localdiscord import Console
from tests.cogs.test_translations import _marked_texts

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


@pytest.fixture
def tagged(monkeypatch):
    """The bot's own texts (the ``messages`` catalogs) read as "[fr] <English>" in every
    language: a text the reader sees tagged went through his catalog, one shown bare did not
    (whatever the shipped translations say)."""
    from tdbot import messages

    real = messages.read_catalog

    class Tagged(dict):
        def get(self, key, default=None):
            return f"[fr] {key[1]}"

    def read_catalog(path):
        return Tagged() if path.name == f"{messages.DOMAIN}.po" else real(path)

    monkeypatch.setattr(messages, "read_catalog", read_catalog)


async def test_48A_the_period_and_declarer_questions_are_in_the_readers_language(
        ld, bot, storage, tagged):
    """/exposed with nothing recorded at table 1 asks "during the auction or the play?" and
    then who is declarer (Laws 24, 48-50 depend on it): the questions, their buttons and the
    refusal to anyone but the reporter were English whatever the reader's language; now they
    are his. The ruling follows as before."""
    from tests.support import seat_everyone

    await seat_everyone(ld)
    await ld.run("/board set number:9", user="Declarer")
    ld.member("RHO").user.locale = "fr"
    ld.member("LHO").user.locale = "fr"
    asked = await ld.run("/exposed cards:SK seat:W", user="RHO")
    assert asked.ephemeral and asked.content == (
        "[fr] Table 1, board 9: no auction or declarer is recorded. Was the card exposed "
        "during the auction or during the play?"), asked.content
    assert [b["label"] for b in asked.message.buttons] == [
        "[fr] During the auction", "[fr] During the play"]
    not_his = await ld.press(asked.message, "[fr] During the play", user="LHO")
    assert not_his.ephemeral, not_his.text
    assert not_his.content == "[fr] Only the player who reported it can answer this."
    play = await ld.press(asked.message, "[fr] During the play", user="RHO")
    assert play.ephemeral and play.content.startswith(
        "[fr] During the play of board 9: who is declarer?"), play.content
    labels = [b["label"] for b in play.message.buttons]
    assert labels and all(label.startswith("[fr] Declarer is ") for label in labels), labels
    ruled = await ld.press(play.message, "[fr] Declarer is S", user="RHO")
    assert not ruled.ephemeral and "penalty card" in ruled.text, ruled.text
    table = await storage.find_table(ld.guild.id, 1)
    assert (await storage.find_board(ld.guild.id, table.id, 9)).declarer.value == "S"


@pytest.mark.parametrize(("who", "command", "refusal"), [
    ("Director", "/exposed cards:SK table:1",
     "Whose card was it? Give {opt[seat]} (N, E, S or W)."),
    ("Director", "/fifth-card card:SK table:1",
     "Whose card was it? Give {opt[seat]} (N, E, S or W)."),
    ("Director", "/defective-trick defect:omitted table:1",
     "Whose trick was it? Give {opt[seat]} (N, E, S or W)."),
    ("LHO", "/lead-out-of-turn card:SK seat:W",
     "Say who should have led ({opt[correct_leader]}), or {opt[opening]}:True for the opening "
     "lead."),
    ("LHO", "/revoke seat:W established:True",
     "An established revoke: say who won the revoke trick ({opt[won_by]})."),
    ("LHO", "/revoke seat:W established:False",
     "A revoke not yet established: name the card played ({opt[card]})."),
    ("LHO", "/insufficient-bid bid:1H comparable:True",
     "Only a director judges whether a call is comparable (Law 23): leave `{opt[comparable]}` out "
     "and the director is asked."),
])
async def test_an_incidents_refusal_is_in_the_readers_language(
        ld, bot, board, tagged, who, command, refusal):
    """A report missing what its law needs is refused in the reader's language, and nothing
    is written. The refusal is marked for the catalogs (``N_``): unmarked, it was never
    extracted for the translators and stayed English in every language. The options it names
    are as the reader's Discord names them (``{opt[…]}``)."""
    assert refusal in _marked_texts()
    from core.text import fill
    from tdbot.messages import core_translate
    ld.member(who).user.locale = "fr"
    before = await ld.run("/state table:1", user="Declarer")
    refused = await ld.run(command, user=who)
    shown = fill(refusal, core_translate("fr"), {})
    assert refused.ephemeral and refused.text == f"[fr] {shown}", refused.text
    assert not refused.channel_messages
    after = await ld.run("/state table:1", user="Declarer")
    assert after.text == before.text
