"""Hostile option values for every command in the real tree: the bot always answers, pings nobody
it should not, and never echoes a user's markdown or mentions unescaped.

The commands are discovered from the bot's tree (every cog in ``EXTENSIONS``), so a new command is
covered as soon as it is registered. Each free-text option gets hostile text (huge strings, control
characters, unicode, ``@everyone``, ``@here``, user and role mentions, markdown), the other
options get a sensible value (a choice, table 1, a real ruling id …). The text always carries a
*sentinel* — a mention or a markdown span — and the checks are:

* the interaction is answered (a response exists) and no exception escaped the handlers;
* no message the bot sent for it pings ``@everyone``/``@here``, the bystander member or the
  bystander role; the only role it may ping is the club's director role (director calls), the
  only user the one who ran the command;
* autocomplete answers hostile typing with at most 25 valid suggestions;
* the raw sentinel never appears in any message the bot sent, public or ephemeral (content and
  embeds: the parts Discord renders as markdown), so user text is escaped wherever it is echoed.

Error messages quote what the user typed (``'SK **pwn** x' is not a card``): the error policy
(``tdbot/client.py``) escapes them too (``test_error_messages_escape_user_text``).

Users are fresh members per example (the incident commands rate-limit each user).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.storage.service import Storage
from localdiscord import LocalDiscord
from tdbot.client import EXTENSIONS

_users = itertools.count(1)


@pytest.fixture
def storage(db_storage: Storage) -> Storage:
    """On SQLite and on PostgreSQL: hostile text must be refused or cleaned on both."""
    return db_storage


@pytest.fixture
def extensions() -> tuple[str, ...]:
    return EXTENSIONS


@pytest.fixture
async def scene(ld: LocalDiscord, bot: Any) -> dict[str, Any]:
    """Table 1 seated and in play, one ruling logged, a bystander member and role to protect."""
    for who, seat in (("Declarer", "S"), ("Dummy", "N"), ("LHO", "W"), ("RHO", "E")):
        await ld.run(f"/sit table:1 seat:{seat}", user=who)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    ruling = await ld.run("/exposed cards:SK seat:W", user="LHO")
    footer = (ruling.embed or {}).get("footer", {}).get("text", "Ruling #1")
    bystander_role = ld.guild.add_role("Bystanders", mentionable=True)
    bystander = ld.member("Bystander", roles=[bystander_role])
    ld.refresh_guild()
    return {
        "ruling_id": int(footer.split("#")[1].split()[0]),
        "bystander": bystander,
        "bystander_role": bystander_role,
        "director_role": ld.guild.role("Director"),
        "seated": [ld.member(who).id for who in ("Declarer", "Dummy", "LHO", "RHO")],
    }


def sentinels(scene: dict[str, Any]) -> list[str]:
    return [
        "@everyone",
        "@here",
        f"<@{scene['bystander'].id}>",
        f"<@!{scene['bystander'].id}>",
        f"<@&{scene['bystander_role'].id}>",
        f"<@&{scene['director_role'].id}>",
        "**pwn**",
        "__pwn__",
        "~~pwn~~",
        "||pwn||",
        "`pwn`",
    ]


def commands(ld: LocalDiscord) -> list[app_commands.Command[Any, ..., Any]]:
    tree = ld._tree()
    return sorted(
        (c for c in tree.walk_commands() if isinstance(c, app_commands.Command)),
        key=lambda c: c.qualified_name,
    )


def free_text(param: app_commands.Parameter) -> bool:
    return param.type is AppCommandOptionType.string and not param.choices


def options_for(
    ld: LocalDiscord, command: app_commands.Command[Any, ..., Any], scene: dict[str, Any],
    text_for: Any,
) -> dict[str, Any]:
    """A value for every required option and every free-text one; ``text_for(param)`` gives
    the hostile text (cut to the option's maximum length, as Discord enforces it)."""
    options: dict[str, Any] = {}
    for p in command.parameters:
        if p.type is AppCommandOptionType.string:
            if p.choices:
                if p.required:
                    options[p.name] = p.choices[0].value
                continue
            text = text_for(p)
            if p.max_value is not None:
                text = text[: int(p.max_value)]
            if p.min_value is not None and len(text) < int(p.min_value):
                text = text.ljust(int(p.min_value), "x")
            options[p.name] = text
        elif p.type is AppCommandOptionType.integer:
            if p.name == "id":
                options[p.name] = scene["ruling_id"]
            elif p.name == "table" or p.required:
                low = int(p.min_value) if p.min_value is not None else 1
                options[p.name] = max(low, 1)
        elif p.type is AppCommandOptionType.boolean and p.required:
            options[p.name] = True
        elif p.type is AppCommandOptionType.role and p.required:
            options[p.name] = scene["director_role"]
        elif p.type is AppCommandOptionType.channel and p.required:
            options[p.name] = ld.guild.channel("td-log")
        elif p.type is AppCommandOptionType.user and p.required:
            options[p.name] = ld.member("RHO")
        elif p.type is AppCommandOptionType.attachment and p.required:
            # a file whose contents the answer may quote back (a PBN file's problems)
            options[p.name] = ld.attach("hostile.pbn", f'[Board "{text_for(p)}"]\n'.encode())
        elif p.required:
            pytest.fail(f"/{command.qualified_name}: no test value for {p.name} ({p.type})")
    return options


def rendered(message: Any) -> str:
    """The parts of a message Discord renders as markdown: content and embed texts."""
    parts = [message.content]
    for e in message.embeds:
        parts += [e.get("title", ""), e.get("description", ""),
                  e.get("author", {}).get("name", ""), e.get("footer", {}).get("text", "")]
        for f in e.get("fields", ()):
            parts += [f.get("name", ""), f.get("value", "")]
    return "\n".join(p for p in parts if p)


async def run_hostile(
    ld: LocalDiscord, scene: dict[str, Any], command: Any, text_for: Any, *, director: bool,
    sentinel: str,
) -> None:
    """Run ``command`` with hostile text and check every message it sent (public or not)."""
    roles = [scene["director_role"]] if director else []
    user = ld.member(f"Hostile{next(_users)}", roles=roles)
    options = options_for(ld, command, scene, text_for)
    result = await ld.slash(command.qualified_name, options, user=user, strict=False, timeout=15)
    where = f"/{command.qualified_name} {options!r:.300}"
    assert not result.exceptions, f"{where}: {result.exceptions!r}"
    assert result.response is not None, f"{where}: never answered"
    sent = result.messages + result.edits
    for message in sent:
        pings = message.pings
        assert not pings["everyone"], f"{where} pinged everyone: {message.text[:300]!r}"
        assert set(pings["roles"]) <= {scene["director_role"].id}, f"{where} pinged {pings}"
        # the asker, or the seated players a /session start names (whose seats it keeps)
        told = {user.id, *scene["seated"]}
        assert set(pings["users"]) <= told, f"{where} pinged {pings}"
        assert scene["bystander"].id not in pings["users"], f"{where} pinged {pings}"
        if any(sentinel in str(v) for v in options.values()) and unescaped(
            sentinel, rendered(message)
        ):
            pytest.fail(f"{where} echoed {sentinel!r} unescaped: {rendered(message)[:400]!r}")


def unescaped(sentinel: str, text: str) -> bool:
    """Whether ``sentinel`` occurs in ``text`` other than right after a backslash (Discord shows
    ``\\`pwn``` as plain text: the escaped first backtick opens no code span)."""
    start = text.find(sentinel)
    while start != -1:
        if start == 0 or text[start - 1] != "\\":
            return True
        start = text.find(sentinel, start + 1)
    return False


def hostile_texts(scene: dict[str, Any]) -> st.SearchStrategy[str]:
    noise = st.one_of(
        st.text(max_size=40),
        st.text(st.characters(codec="utf-8"), max_size=40),
        st.sampled_from(["", "SK", "1H", "N", "4H", "50", "2024-01-01", "Europe/London", "\n"]),
        st.builds(lambda c, n: c * n, st.characters(), st.integers(100, 7_000)),
    )
    return st.builds(
        lambda a, s, b: a + s + b, noise, st.sampled_from(sentinels(scene)), noise
    )


async def test_every_command_survives_every_sentinel(ld: LocalDiscord, scene) -> None:
    """Deterministic sweep: every command, every sentinel, as a player and as a director."""
    found = commands(ld)
    assert any(c.qualified_name == "exposed" for c in found)
    for command in found:
        for i, sentinel in enumerate(sentinels(scene)):
            def text_for(p: app_commands.Parameter, s: str = sentinel) -> str:
                return f"SK {s} x" if p.name != "text" else f"{s} dropped it"

            await run_hostile(ld, scene, command, text_for, director=bool(i % 2),
                              sentinel=sentinel)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_hostile_option_values(ld: LocalDiscord, scene, data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(commands(ld)), label="command")
    if not any(free_text(p) for p in command.parameters):
        return
    texts: dict[str, str] = {}

    def text_for(p: app_commands.Parameter) -> str:
        texts[p.name] = data.draw(hostile_texts(scene), label=p.name)
        return texts[p.name]

    director = data.draw(st.booleans(), label="director")
    options_for(ld, command, scene, text_for)  # draw the texts
    chosen = iter(texts.values())
    first = next(chosen, "")
    sentinel = next((s for s in sentinels(scene) if s in first), "@everyone")
    await run_hostile(ld, scene, command, lambda p: texts[p.name], director=director,
                      sentinel=sentinel)



async def test_error_messages_escape_user_text(ld: LocalDiscord, scene) -> None:
    command = next(c for c in commands(ld) if c.qualified_name == "exposed")
    await run_hostile(ld, scene, command, lambda p: "SK **pwn** x", director=False,
                      sentinel="**pwn**")


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_hostile_autocomplete(ld: LocalDiscord, scene, data: st.DataObject) -> None:
    """What the user is typing, however hostile, gets at most 25 valid suggestions (or none)."""
    targets = [(c, p) for c in commands(ld) for p in c.parameters if p.autocomplete]
    assert targets, "no autocompleted option found"
    command, param = data.draw(st.sampled_from(targets), label="option")
    typed = data.draw(hostile_texts(scene), label="typed")[:6000]
    options = options_for(ld, command, scene, lambda p: "SK")
    options[param.name] = typed
    payload = ld.slash_payload(command.qualified_name, options, user=ld.member("LHO"),
                               strict=False, focused=param.name)
    result = await ld.dispatch(payload)
    assert not result.exceptions, result.exceptions
    assert result.response is not None and result.response.json["type"] == 8
    choices = result.choices
    assert len(choices) <= 25
    for choice in choices:
        assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100
