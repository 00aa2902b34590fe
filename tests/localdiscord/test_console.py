"""The console: typed slash commands run through the real bot and come back as text."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from localdiscord import ONLY_YOU, Console

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.usefixtures("probe")


async def transcript(ld, *lines: str, user: str = "Director") -> str:
    """What the console prints for ``lines`` typed in a script (no terminal)."""
    out = io.StringIO()
    console = Console(
        ld, stdin=io.StringIO("".join(f"{line}\n" for line in lines)), stdout=out, user=user
    )
    assert await console.run() == 0
    return out.getvalue()


async def test_ping(ld, bot):
    """/ping is echoed, run, and its ephemeral answer marked."""
    out = await transcript(ld, "/ping")
    assert f"> /ping\nTD Bot {ONLY_YOU}:\n  Pong.\n" in out


async def test_public_answers_are_not_marked(ld, bot):
    """A public answer carries no 'only you' mark."""
    out = await transcript(ld, "/echo text:hello there")
    assert "TD Bot:\n  hello there\n" in out


async def test_buttons_are_numbered_and_pressed_by_number(ld, bot):
    """Buttons are listed as [1]...; typing 1 presses it as the current user."""
    out = await transcript(ld, "/call", "/as Declarer", "1", "1")
    assert "  A call at table 1.\n  [1] Take it\n" in out
    assert "TD Bot (updated the message):\n  Taken by Declarer\n" in out
    assert out.rstrip().endswith("That button is no longer there.")


async def test_select_by_number_and_value(ld, bot):
    """A select is a numbered choice; '1 SK' chooses SK."""
    out = await transcript(ld, "/pick", "1 sk")
    assert "[1] Which card?: SA, SK, SQ" in out
    assert "You chose SK." in out


async def test_embed_is_rendered(ld, bot):
    """Title, description, fields and footer of an embed are shown as text."""
    out = await transcript(ld, "/show seat:W how:2 honest:no")
    assert "  | Exposed card\n  | Seat W, case 2.\n  | Law: 50\n  | -- honest=False\n" in out


async def test_subcommands_and_quoted_values(ld, bot):
    """Subcommands are words; values with spaces may be quoted or not."""
    out = await transcript(
        ld, '/ruling confirm id:12 reason:"dropped it"', "/ruling confirm reason:on purpose id:3"
    )
    assert "Ruling 12 confirmed (dropped it)." in out
    assert "Ruling 3 confirmed (on purpose)." in out


async def test_thinking_then_file_and_a_post_in_another_channel(ld, bot):
    """A deferred answer, its file (name and size) and a post in #td-log with mentions named."""
    out = await transcript(ld, "/export who:Dummy", user="Declarer")
    assert f"TD Bot is thinking… {ONLY_YOU}\n" in out
    assert "  Log for Dummy.\n  [file] log.csv (12 bytes)\n" in out
    assert "TD Bot in #td-log:\n  @Director: exported by @Declarer\n" in out


async def test_modal_fields_are_read_from_input(ld, bot):
    """A form asks each field on its own line, then is submitted."""
    out = await transcript(ld, "/why", "dropped it", "", "/ping")
    assert "TD Bot opens a form: Why?" in out
    assert "  Reason: dropped it\n  Note (optional): \n" in out
    assert "Because dropped it ()." in out
    assert "Pong." in out


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/nope", "There is no /nope command. Type help to list the commands."),
        ("/ping x:1", "/ping has no option 'x'. Usage: /ping (no options)."),
        ("/ruling confirm id:x", "id: expected a whole number, got 'x'."),
        ("/show seat:W how:8", "how: must be between 1 and 7, got 8."),
        ("hello", "Commands start with a slash, e.g. /ping. Type help for help."),
        ("7", "There is no choice 7."),
    ],
)
async def test_bad_input_gets_a_clear_message(ld, bot, line, message):
    """Unknown commands and options, bad values, stray text: one clear line, no traceback."""
    out = await transcript(ld, line)
    assert f"> {line}\n{message}\n" in out
    assert "Traceback" not in out


async def test_errors_in_the_bot_are_answered_politely(ld, bot, caplog):
    """An unexpected error shows the polite ephemeral answer, not a traceback."""
    out = await transcript(ld, "/boom")
    assert f"TD Bot {ONLY_YOU}:\n  Something went wrong on our side" in out
    assert "Traceback" not in out


async def test_who_you_are(ld, bot):
    """/as lists the cast; /as NAME switches; a new name joins as a player."""
    out = await transcript(ld, "/as", "/as @Declarer", "/manage", "/as Zoe", "/as")
    assert "  Director (Director, manage server)  <- you\n  Declarer (no roles)\n" in out
    assert "You are now Declarer." in out
    assert "You are missing Manage Server permission" in out
    assert "Zoe joins Local Club as a player.\nYou are now Zoe." in out
    assert "  Zoe (no roles)  <- you" in out


async def test_guilds_and_channels(ld, bot):
    """/guild NAME creates a club and moves there; /channel NAME moves to a channel."""
    out = await transcript(ld, "/guild Other Club", "/channel td-log", "/echo text:hi")
    assert "You are Director in Other Club, #table-1." in out
    assert "You are in #td-log." in out
    other = next(g for g in ld.guilds.values() if g.name == "Other Club")
    [message] = ld.channel_messages(other.channel("td-log"))
    assert message.content == "hi"


async def test_help(ld, bot):
    """help lists the console's commands and the bot's; help COMMAND lists the options."""
    out = await transcript(ld, "help", "help ruling confirm")  # /help is the bot's own
    assert "/as [NAME]" in out
    assert "  /ping  Check that the bot is answering." in out
    assert "/ruling confirm id:… [reason:…]  Confirm a ruling." in out
    assert "  id (whole number, required): …" in out


async def test_quit_stops_reading(ld, bot):
    """quit ends the session; later lines are not run."""
    out = await transcript(ld, "quit", "/ping")
    assert "Pong." not in out


def run_bot_py(*args: str, stdin: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DEV_GUILD_ID")}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )


def test_bot_py_console_from_a_script(tmp_path):
    """python bot.py --console reads commands from a pipe and exits cleanly at its end."""
    done = run_bot_py("--console", stdin="/ping\n/as Declarer\n", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"> /ping\nTD Bot {ONLY_YOU}:\n  Pong.\n" in done.stdout
    assert "You are now Declarer." in done.stdout
    assert "Traceback" not in done.stderr
