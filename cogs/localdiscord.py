"""A local, in-process stand-in for Discord, shared by the tests, the benchmarks and the console.

Three parts:

* **A fake REST API** (:class:`DiscordAPI`): an aiohttp server on 127.0.0.1 (random port) that
  answers the calls discord.py makes for app commands: login, command sync, interaction callbacks,
  webhook followups and edits, channel messages. It records every request in order
  (:attr:`DiscordAPI.requests`), keeps the messages the bot sent (file bytes included) and can
  inject faults (:meth:`DiscordAPI.inject`). Anything it does not implement is recorded and
  answered 404, so a test fails instead of hanging.
* **Models and payload builders**: :class:`Guild`, :class:`Member`, :class:`Role`,
  :class:`Channel`, :class:`User`; :func:`interaction_payload`, :func:`command_data`,
  :func:`option_payload`, :func:`component_data` and :func:`modal_submit_data` build
  INTERACTION_CREATE payloads as Discord sends them.
* **The driver** (:class:`LocalDiscord`): starts the server, points ``discord.http.Route.BASE``
  at it, logs a real ``discord.Client``/``commands.Bot`` in (the gateway is never connected),
  feeds payloads to the client's connection state and returns an :class:`InteractionResult`
  once the bot has finished.

Every use of discord.py's private API (``Route.BASE``, ``Client._connection``) is in this module.

Example::

    async with LocalDiscord() as ld, TDBot() as bot:
        await ld.login(bot)
        result = await ld.slash("ping")
        assert result.ephemeral and "Pong" in result.text
        result = await ld.run("/board set number:3 declarer:S", user="Director")

Faults: ``ld.inject(route, ...)`` where ``route`` is ``"[METHOD ]/path/glob"`` relative to
``/api/v10`` (``*`` matches anything, ``/`` included); a fault applies ``times`` times
(``None``: until :meth:`DiscordAPI.clear_faults`). For example:

* ``ld.inject("POST /interactions/*", status=429, retry_after=0.05)``: rate limited, with the
  ``Via`` header, so discord.py waits ``retry_after`` seconds and retries;
* ``ld.inject("/webhooks/*", status=500, times=2)``: server error (discord.py retries after 1 s,
  then 3 s);
* ``ld.inject("/channels/*", delay=2.0)``: a slow answer, then the normal one (add ``status`` to
  delay an error);
* ``ld.inject("POST /interactions/*", status=404)``: expired interaction (``Unknown interaction``,
  10062); ``ld.inject("/webhooks/*", status=401)``: invalid webhook token (50027);
* ``ld.inject("GET /users/@me", status=401)``: a rejected bot token (login raises LoginFailure).
"""

from __future__ import annotations

import asyncio
import contextvars
import datetime as dt
import fnmatch
import hashlib
import json
import logging
import re
import time
import weakref
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
import discord
from aiohttp import web
from discord import app_commands

from cogs import discordlimits

__all__ = [
    "API_PREFIX",
    "Attachment",
    "Channel",
    "CommandInputError",
    "DiscordAPI",
    "Fault",
    "Guild",
    "InteractionResult",
    "InteractionTimeout",
    "LocalDiscord",
    "Member",
    "Message",
    "PendingInteraction",
    "Request",
    "Role",
    "User",
    "command_data",
    "component_data",
    "interaction_payload",
    "interactive_components",
    "modal_submit_data",
    "new_id",
    "option_payload",
    "stable_id",
    "text_displays",
]

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
EPHEMERAL = 1 << 6
LOADING = 1 << 7
#: Header added to every request the bot makes while handling an interaction dispatched here.
INTERACTION_HEADER = "X-Local-Interaction"

_DISCORD_EPOCH_MS = 1_420_070_400_000
#: 2020-01-01: ids from stable_id() are older than any new_id().
_STABLE_BASE_MS = 1_577_836_800_000 - _DISCORD_EPOCH_MS
_BUTTON, _TEXT_INPUT = 2, 4
_SELECTS = (3, 5, 6, 7, 8)
_ACTION_ROW, _LABEL = 1, 18

# The interaction being dispatched; tasks spawned by the dispatch inherit it, so the bot's HTTP
# requests made for that interaction carry INTERACTION_HEADER (see LocalDiscord.login).
_current_interaction: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "local_discord_interaction", default=None
)


class _TaskCollector:
    """A loop task factory that also collects the tasks created while :attr:`sink` is set.

    ``dispatch`` needs the tasks the bot starts for an interaction; diffing
    ``asyncio.all_tasks()`` before and after costs time in the number of live tasks, this costs
    nothing per task. It wraps whatever factory the loop had; if something replaces it later,
    ``dispatch`` falls back to the diff.
    """

    def __init__(self, previous: Any) -> None:
        self.previous = previous
        self.sink: list[asyncio.Task[Any]] | None = None

    def __call__(self, loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
        if self.previous is not None:
            task = self.previous(loop, coro, **kwargs)
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        if self.sink is not None:
            self.sink.append(task)
        return task

    @classmethod
    def of(cls, loop: asyncio.AbstractEventLoop) -> _TaskCollector:
        factory = loop.get_task_factory()
        if isinstance(factory, cls):
            return factory
        collector = cls(factory)
        loop.set_task_factory(collector)
        return collector


# --------------------------------------------------------------------------------------------- ids


class _Snowflakes:
    """Snowflake-shaped ids from the clock: unique and increasing, within a run and across runs."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now = (int(time.time() * 1000) - _DISCORD_EPOCH_MS) << 22
        self._last = max(now, self._last + 1)
        return self._last


#: A fresh, unique snowflake (interactions, messages, attachments).
new_id = _Snowflakes()


def stable_id(*parts: str) -> int:
    """The same snowflake for the same parts in every run (guilds and members the console keeps)."""
    digest = int.from_bytes(
        hashlib.blake2b("\0".join(parts).encode(), digest_size=8).digest(), "big"
    )
    ms = _STABLE_BASE_MS + (digest >> 22) % (366 * 86_400_000)
    return (ms << 22) | (digest & 0x3FFFFF)


def _now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


def _perms(value: int | discord.Permissions) -> int:
    return value.value if isinstance(value, discord.Permissions) else int(value)


# ------------------------------------------------------------------------------------------ models

#: What @everyone may do in a club's guild.
PLAYER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
)
#: The director role of the default guild: manage server on top of a player's permissions.
DIRECTOR_PERMISSIONS = discord.Permissions(manage_guild=True, manage_messages=True)
#: The permissions the bot has in a channel (``interaction.app_permissions``).
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
#: Members of a :meth:`Guild.club`: a director and the four seats as seen from declarer.
CAST = ("Director", "Declarer", "Dummy", "LHO", "RHO")


@dataclass(eq=False)
class User:
    """A Discord user."""

    id: int
    name: str
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": re.sub(r"\W+", "_", self.name.lower()) or "user",
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass(eq=False)
class Role:
    """A guild role; ``permissions`` is Discord's bitfield."""

    id: int
    name: str
    permissions: int = 0
    position: int = 0
    mentionable: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": self.mentionable,
            "flags": 0,
            "icon": None,
            "unicode_emoji": None,
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel (``type`` 0) or another channel type."""

    id: int
    name: str
    guild_id: int
    type: int = 0
    position: int = 0

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    """A user in a guild, with roles; :attr:`permissions` is what Discord computes for them."""

    user: User
    guild: Guild = field(repr=False)
    roles: list[Role] = field(default_factory=list)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def permissions(self) -> int:
        value = self.guild.everyone.permissions
        for role in self.roles:
            value |= role.permissions
        if self.id == self.guild.owner_id or value & discord.Permissions(administrator=True).value:
            value = discord.Permissions.all().value
        return value

    def has(self, **perms: bool) -> bool:
        """``member.has(manage_guild=True)``: does the member hold these permissions?"""
        return discord.Permissions(self.permissions) >= discord.Permissions(**perms)

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "communication_disabled_until": None,
            "permissions": str(self.permissions),
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class Guild:
    """A guild: roles (``roles[0]`` is @everyone, whose id is the guild's), text channels, members.

    Ids come from :func:`stable_id`, so a guild or member with the same name has the same id in
    every run (the console's database keeps its state), and the same user name is the same user in
    every guild.
    """

    id: int
    name: str
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: list[Member] = field(default_factory=list, repr=False)
    owner_id: int = 0

    @classmethod
    def create(
        cls, name: str, *, everyone: int | discord.Permissions = PLAYER_PERMISSIONS
    ) -> Guild:
        """An empty guild: only @everyone, no channels, no members; its owner is not a member."""
        gid = stable_id("guild", name)
        guild = cls(id=gid, name=name, owner_id=stable_id("owner", name))
        guild.roles.append(Role(id=gid, name="@everyone", permissions=_perms(everyone)))
        return guild

    @classmethod
    def club(cls, name: str = "Local Club") -> Guild:
        """A club: a ``Director`` role with manage-server, channels ``table-1`` and ``td-log``, and
        the :data:`CAST` as members (``Director`` holds the director role)."""
        guild = cls.create(name)
        director = guild.add_role("Director", DIRECTOR_PERMISSIONS, mentionable=True)
        guild.add_channel("table-1")
        guild.add_channel("td-log")
        for who in CAST:
            guild.add_member(who, roles=[director] if who == "Director" else ())
        return guild

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def role(self, name: str) -> Role | None:
        return _by_name(self.roles, name.lstrip("@"))

    def channel(self, name: str) -> Channel | None:
        return _by_name(self.channels, name.lstrip("#"))

    def member(self, name: str) -> Member | None:
        return next(
            (m for m in self.members if m.name.casefold() == name.lstrip("@").casefold()), None
        )

    def add_role(
        self, name: str, permissions: int | discord.Permissions = 0, *, mentionable: bool = False
    ) -> Role:
        role = Role(
            id=stable_id("role", str(self.id), name),
            name=name,
            permissions=_perms(permissions),
            position=len(self.roles),
            mentionable=mentionable,
        )
        self.roles.append(role)
        return role

    def add_channel(self, name: str, *, type: int = 0) -> Channel:
        channel = Channel(
            id=stable_id("channel", str(self.id), name),
            name=name,
            guild_id=self.id,
            type=type,
            position=len(self.channels),
        )
        self.channels.append(channel)
        return channel

    def add_member(self, name: str, *, roles: Iterable[Role | str] = ()) -> Member:
        """A new member; a role given by name must exist."""
        resolved = [r if isinstance(r, Role) else self._role_or_fail(r) for r in roles]
        member = Member(
            user=User(id=stable_id("user", name), name=name), guild=self, roles=resolved
        )
        self.members.append(member)
        return member

    def _role_or_fail(self, name: str) -> Role:
        role = self.role(name)
        if role is None:
            raise KeyError(f"no role {name!r} in {self.name}")
        return role

    def payload(self) -> dict[str, Any]:
        """The guild as GUILD_CREATE sends it to a bot without the members intent."""
        return {
            "id": str(self.id),
            "name": self.name,
            "owner_id": str(self.owner_id),
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "features": [],
            "roles": [r.payload() for r in self.roles],
            "channels": [c.payload() for c in self.channels],
            "members": [],
            "emojis": [],
            "stickers": [],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "member_count": len(self.members),
            "large": False,
            "unavailable": False,
            "preferred_locale": "en-US",
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
        }


_Named = TypeVar("_Named", Role, Channel)


def _by_name(items: Iterable[_Named], name: str) -> _Named | None:
    return next((i for i in items if i.name.casefold() == name.casefold()), None)


# -------------------------------------------------------------------------------- payload builders

_PY_OPTION_TYPES: tuple[tuple[type, int], ...] = ((bool, 5), (int, 4), (float, 10), (str, 3))


def option_payload(
    name: str,
    value: Any,
    type: int | None = None,
    *,
    resolved: dict[str, dict[str, Any]],
    focused: bool = False,
) -> dict[str, Any]:
    """One command option as Discord sends it; users, members, roles and channels are added to
    ``resolved``. ``type`` defaults to the one the Python value implies (bool 5, int 4, float 10,
    str 3, Member/User 6, Role 8, Channel 7)."""
    if isinstance(value, Member | User):
        user = value.user if isinstance(value, Member) else value
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if isinstance(value, Member):
            resolved.setdefault("members", {})[str(user.id)] = value.payload(with_user=False)
        type, value = type or 6, str(user.id)
    elif isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        type, value = type or 8, str(value.id)
    elif isinstance(value, Channel):
        data = {
            k: v for k, v in value.payload().items() if k in ("id", "name", "type", "parent_id")
        }
        data["permissions"] = str(discord.Permissions.all().value)
        resolved.setdefault("channels", {})[str(value.id)] = data
        type, value = type or 7, str(value.id)
    elif type is None:
        type = next((t for py, t in _PY_OPTION_TYPES if isinstance(value, py)), 3)
    option: dict[str, Any] = {"name": name, "type": type, "value": value}
    if focused:
        option["focused"] = True
    return option


def command_data(
    path: str | Sequence[str],
    options: Sequence[dict[str, Any]] = (),
    *,
    resolved: Mapping[str, Any] | None = None,
    guild_id: int | None = None,
    command_id: int | None = None,
) -> dict[str, Any]:
    """``data`` of a slash command interaction. ``path`` is ``"name"``, ``"name sub"`` (subcommand,
    option type 1) or ``"name group sub"`` (group type 2, then subcommand type 1). ``guild_id`` only
    for a guild command (discord.py looks guild commands up by it)."""
    name, *subs = path.split() if isinstance(path, str) else list(path)
    nested = list(options)
    for depth, sub in reversed(list(enumerate(subs))):
        nested = [{"name": sub, "type": 1 if depth == len(subs) - 1 else 2, "options": nested}]
    data: dict[str, Any] = {
        "id": str(command_id or stable_id("command", name)),
        "name": name,
        "type": 1,
        "options": nested,
    }
    if resolved:
        data["resolved"] = dict(resolved)
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


def interaction_payload(
    kind: int,
    *,
    application_id: int,
    user: Member | User,
    channel: Channel | None = None,
    data: Mapping[str, Any] | None = None,
    message: Mapping[str, Any] | None = None,
    interaction_id: int | None = None,
    locale: str = "en-US",
    app_permissions: int | discord.Permissions = BOT_PERMISSIONS,
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload: ``kind`` 2 command, 3 component, 4 autocomplete, 5 modal
    submit. A :class:`Member` makes a guild interaction, a :class:`User` a DM one."""
    iid = interaction_id or new_id()
    payload: dict[str, Any] = {
        "id": str(iid),
        "application_id": str(application_id),
        "type": kind,
        "token": f"local-token-{iid}",
        "version": 1,
        "attachment_size_limit": 10 * 1024 * 1024,
        "locale": locale,
        "app_permissions": str(_perms(app_permissions)),
        "entitlements": [],
    }
    if isinstance(user, Member):
        guild = user.guild
        channel = channel or (guild.channels[0] if guild.channels else None)
        payload.update(
            guild_id=str(guild.id),
            guild_locale="en-US",
            member=user.payload(),
            guild={"id": str(guild.id), "locale": "en-US", "features": []},
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        payload.update(
            user=user.payload(), authorizing_integration_owners={"1": str(user.id)}, context=1
        )
    if channel is not None:
        payload["channel"] = channel.payload()
        payload["channel_id"] = str(channel.id)
    if data is not None:
        payload["data"] = dict(data)
    if message is not None:
        payload["message"] = dict(message)
    return payload


def interactive_components(components: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Buttons and selects of a message, in display order (action rows, containers, sections)."""
    found: list[dict[str, Any]] = []
    for component in components:
        if component.get("type") == _BUTTON or component.get("type") in _SELECTS:
            found.append(dict(component))
        found += interactive_components(component.get("components", ()))
        for key in ("accessory", "component"):
            if key in component:
                found += interactive_components([component[key]])
    return found


def component_data(component: Mapping[str, Any], values: Sequence[Any] = ()) -> dict[str, Any]:
    """``data`` of a button press or select (``values``: strings, or models for user/role/channel
    selects, resolved as Discord does)."""
    data: dict[str, Any] = {
        "custom_id": component["custom_id"],
        "component_type": component["type"],
    }
    if component["type"] in _SELECTS:
        resolved: dict[str, dict[str, Any]] = {}
        data["values"] = [option_payload("v", v, resolved=resolved)["value"] for v in values]
        if resolved:
            data["resolved"] = resolved
    return data


def modal_submit_data(modal: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` of a modal submit mirroring the modal's layout (action rows or labels); ``values``
    maps each field's custom_id or label to the text typed (a list for a select)."""

    def field_for(component: Mapping[str, Any], label: str | None) -> dict[str, Any]:
        key = next(
            (k for k in (component.get("custom_id"), label, component.get("label")) if k in values),
            None,
        )
        raw = values[key] if key is not None else component.get("value", "")
        answer: dict[str, Any] = {"type": component["type"], "custom_id": component["custom_id"]}
        if component["type"] == _TEXT_INPUT:
            answer["value"] = raw
        else:
            answer["values"] = list(raw) if isinstance(raw, list | tuple) else [raw]
        return answer

    def mirror(components: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for c in components:
            if c["type"] == _ACTION_ROW:
                out.append({"type": _ACTION_ROW, "components": mirror(c["components"])})
            elif c["type"] == _LABEL:
                out.append({"type": _LABEL, "component": field_for(c["component"], c.get("label"))})
            elif "custom_id" in c:
                out.append(field_for(c, None))
        return out

    return {"custom_id": modal["custom_id"], "components": mirror(modal.get("components", ()))}


# -------------------------------------------------------------------------------- records & results


@dataclass
class Attachment:
    """A file the bot uploaded; :attr:`data` holds the bytes."""

    id: int
    filename: str
    content_type: str
    data: bytes

    @property
    def size(self) -> int:
        return len(self.data)

    def text(self, encoding: str = "utf-8") -> str:
        return self.data.decode(encoding)


class Message:
    """A snapshot of a message the bot sent, as Discord would store it (:attr:`data`)."""

    def __init__(self, data: Mapping[str, Any], files: Mapping[int, Attachment]) -> None:
        # The store never changes a message's nested values in place (an edit replaces them), so
        # a copy of the top level (and of its lists) is a snapshot as good as a deep copy.
        self.data: dict[str, Any] = {
            k: list(v) if type(v) is list else v for k, v in data.items()
        }
        self.files: list[Attachment] = [
            files[int(a["id"])] for a in self.data.get("attachments", ())
        ]

    def __repr__(self) -> str:
        return f"<Message id={self.id} channel={self.channel_id} {self.text[:60]!r}>"

    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def channel_id(self) -> int:
        return int(self.data["channel_id"])

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.data.get("embeds") or []

    @property
    def embed(self) -> dict[str, Any] | None:
        return self.embeds[0] if self.embeds else None

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.data.get("components") or []

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Buttons and selects, in display order."""
        return interactive_components(self.components)

    def component(self, key: str) -> dict[str, Any]:
        """The button or select whose custom_id or label (case-insensitive) is ``key``."""
        for c in self.buttons:
            if c.get("custom_id") == key:
                return c
        for c in self.buttons:
            if str(c.get("label") or c.get("placeholder") or "").casefold() == key.casefold():
                return c
        raise KeyError(f"no button or select {key!r} on {self!r}")

    @property
    def pings(self) -> dict[str, Any]:
        """Who this message notifies: ``{"everyone": bool, "users": [ids], "roles": [ids]}``."""
        return {
            "everyone": bool(self.data.get("mention_everyone")),
            "users": [int(u["id"]) for u in self.data.get("mentions", ())],
            "roles": [int(r) for r in self.data.get("mention_roles", ())],
        }

    def file(self, filename: str) -> Attachment:
        return next(f for f in self.files if f.filename == filename)

    @property
    def text(self) -> str:
        """Everything a reader sees as text: content, embeds, text displays, button labels."""
        parts = [self.content]
        for e in self.embeds:
            parts += [
                e.get("author", {}).get("name", ""),
                e.get("title", ""),
                e.get("description", ""),
            ]
            for f in e.get("fields", ()):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append(e.get("footer", {}).get("text", ""))
        parts += text_displays(self.components)
        parts += [str(c.get("label") or "") for c in self.buttons]
        return "\n".join(p for p in parts if p)


def text_displays(components: Iterable[Mapping[str, Any]]) -> list[str]:
    """The text displays (components v2) of a message, in order."""
    texts: list[str] = []
    for c in components:
        if c.get("type") == 10:
            texts.append(c.get("content", ""))
        texts += text_displays(c.get("components", ()))
        if "accessory" in c:
            texts += text_displays([c["accessory"]])
    return texts


@dataclass
class Request:
    """One HTTP request the bot made, in arrival order, with what the stand-in answered."""

    seq: int
    method: str
    path: str  #: relative to /api/v10
    query: dict[str, str]
    json: Any
    files: list[Attachment]
    kind: str = (
        "other"  #: login, sync, callback, followup, fetch, edit, delete, channel_message, other
    )
    interaction_id: int | None = None
    status: int = 0
    answer: Any = None
    fault: Fault | None = None
    message: Message | None = None  #: the message this request created or edited, as it then stood
    received_at: float = 0.0
    answered_at: float = 0.0

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def __repr__(self) -> str:
        return f"<Request #{self.seq} {self.method} {self.path} -> {self.status} ({self.kind})>"


@dataclass
class Fault:
    """A fault to inject; see :meth:`DiscordAPI.inject`."""

    route: str
    status: int | None = None
    delay: float = 0.0
    times: int | None = 1
    retry_after: float = 0.05
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        if self.times is not None and self.hits >= self.times:
            return False
        want_method, _, pattern = self.route.rpartition(" ")
        if want_method and want_method.upper() != method:
            return False
        return fnmatch.fnmatchcase(path, pattern)


class _Interaction:
    """What the stand-in knows about an interaction it dispatched."""

    def __init__(self, payload: Mapping[str, Any]) -> None:
        self.payload = payload
        self.id = int(payload["id"])
        self.token: str = payload["token"]
        self.kind: int = payload["type"]
        self.channel_id = int(payload["channel"]["id"]) if "channel" in payload else None
        self.guild_id = int(payload["guild_id"]) if "guild_id" in payload else None
        self.user: dict[str, Any] = (
            payload["member"]["user"] if "member" in payload else payload["user"]
        )
        #: The message @original refers to: the response's, or for components the pressed one.
        self.original_id: int | None = (
            int(payload["message"]["id"]) if "message" in payload else None
        )
        self.acknowledged = False
        self.dispatched_at = time.perf_counter()
        self.requests: list[Request] = []
        self.tasks: set[asyncio.Task[Any]] = set()
        self.changed = asyncio.Event()
        self.cursor = 0

    def add(self, request: Request) -> None:
        self.requests.append(request)
        self.changed.set()


class InteractionTimeout(TimeoutError):
    """The bot was still handling an interaction when the wait ran out."""


# ------------------------------------------------------------------------------------ the REST API

_ROUTES: list[tuple[str, re.Pattern[str], str, str]] = [
    (m, re.compile(p), handler, kind)
    for m, p, handler, kind in [
        ("GET", r"/users/@me", "_get_me", "login"),
        ("GET", r"/oauth2/applications/@me", "_get_application", "login"),
        (
            "GET|PUT",
            r"/applications/(?P<app>\d+)(?:/guilds/(?P<guild>\d+))?/commands",
            "_commands",
            "sync",
        ),
        ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", "_callback", "callback"),
        ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", "_followup", "followup"),
        (
            "GET|PATCH|DELETE",
            r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
            "_webhook_message",
            "",
        ),
        ("GET", r"/channels/(?P<cid>\d+)", "_get_channel", "fetch"),
        ("POST", r"/channels/(?P<cid>\d+)/messages", "_create_message", "channel_message"),
        (
            "GET|PATCH|DELETE",
            r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)",
            "_channel_message",
            "",
        ),
    ]
]
_VERB_KIND = {"GET": "fetch", "PATCH": "edit", "DELETE": "delete"}


def _error(status: int, message: str, code: int = 0) -> tuple[int, dict[str, Any]]:
    return status, {"message": message, "code": code}


def _refused(errors: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
    """Discord's 400 for a body that breaks a documented limit (``None``: acceptable)."""
    return (400, discordlimits.invalid_form_body(errors)) if errors else None


def _default_fault_body(status: int, path: str) -> dict[str, Any]:
    if status == 401:
        if path.startswith("/webhooks/"):
            return {"message": "Invalid Webhook Token", "code": 50027}
        return {"message": "401: Unauthorized", "code": 0}
    if status == 404:
        if path.startswith("/interactions/"):
            return {"message": "Unknown interaction", "code": 10062}
        if path.startswith("/webhooks/"):
            return {"message": "Unknown Webhook", "code": 10015}
        return {"message": "Unknown Message", "code": 10008}
    if status == 403:
        return {"message": "Missing Permissions", "code": 50013}
    return {"message": f"{status}: injected fault", "code": 0}


class DiscordAPI:
    """The fake REST API: server, request log, message store, faults. See the module docstring."""

    def __init__(
        self, *, application_name: str = "TD Bot", response_window: float | None = 3.0
    ) -> None:
        self.application_id = stable_id("application", application_name)
        self.bot_user = User(id=self.application_id, name=application_name, bot=True)
        #: Every request, in arrival order.
        self.requests: list[Request] = []
        #: Raw message objects by id, as they now stand.
        self.messages: dict[int, dict[str, Any]] = {}
        self.attachments: dict[int, Attachment] = {}
        #: The last command list synced, by guild id (``None``: global).
        self.synced_commands: dict[int | None, list[dict[str, Any]]] = {}
        #: Reject a first response later than this many seconds after dispatch (10062), as
        #: Discord does after 3 s (``None``: never, for a debugger or a deliberately slow test).
        self.response_window = response_window
        self.faults: list[Fault] = []
        self.guilds: dict[int, Guild] = {}
        self._interactions: dict[int, _Interaction] = {}
        self._by_token: dict[str, _Interaction] = {}
        self._users: dict[int, User] = {self.bot_user.id: self.bot_user}
        self._new_request = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self._saved_base: str | None = None
        self.url = ""

    # -- lifecycle

    async def start(self) -> None:
        """Serve on 127.0.0.1 (a free port) and point discord.py's ``Route.BASE`` here."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"
        self._saved_base = discord.http.Route.BASE
        discord.http.Route.BASE = self.url + API_PREFIX

    async def stop(self) -> None:
        """Stop serving and restore ``Route.BASE``."""
        if self._saved_base is not None:
            discord.http.Route.BASE = self._saved_base
            self._saved_base = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordAPI:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- faults

    def inject(
        self,
        route: str,
        *,
        status: int | None = None,
        delay: float = 0.0,
        times: int | None = 1,
        retry_after: float = 0.05,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> Fault:
        """Make the next ``times`` requests matching ``route`` (``"[METHOD ]/glob"``) fail or stall.

        ``status`` 429 answers a rate limit of ``retry_after`` seconds (with the ``Via`` header, so
        discord.py treats it as Discord's and retries; pass ``headers={}`` plus ``body`` to change
        that); other statuses answer Discord's usual error body for that route (404 on a callback:
        ``Unknown interaction`` 10062; 401 on a webhook: ``Invalid Webhook Token`` 50027) unless
        ``body`` is given. ``delay`` waits first; with no ``status`` the normal answer follows.
        The returned :class:`Fault` counts its ``hits``.
        """
        fault = Fault(route, status, delay, times, retry_after, body, dict(headers or {}))
        if status == 429 and headers is None:
            fault.headers = {"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after)))}
        self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        self.faults.clear()

    # -- inspection

    def message(self, message_id: int) -> Message | None:
        """The message as it now stands (``None`` if deleted or unknown)."""
        data = self.messages.get(message_id)
        return None if data is None else Message(data, self.attachments)

    def channel_messages(self, channel: Channel | int) -> list[Message]:
        """Messages in a channel, oldest first (ephemeral ones included)."""
        cid = channel if isinstance(channel, int) else channel.id
        return [
            Message(m, self.attachments)
            for m in self.messages.values()
            if int(m["channel_id"]) == cid
        ]

    async def wait_for_request(
        self, predicate: Callable[[Request], bool], *, after: int = 0, timeout: float = 5.0
    ) -> Request:
        """The first request from ``requests[after:]`` for which ``predicate(request)`` is true,
        waiting up to ``timeout`` seconds for it to arrive."""

        def found() -> Request | None:
            return next((r for r in self.requests[after:] if r.status and predicate(r)), None)

        async with self._new_request:
            await asyncio.wait_for(self._new_request.wait_for(found), timeout)
        hit = found()
        assert hit is not None
        return hit

    def forget(self) -> None:
        """Drop the request log and finished interactions (long benchmark runs); keep messages."""
        self.requests.clear()
        for iid, record in list(self._interactions.items()):
            if all(t.done() for t in record.tasks):
                del self._interactions[iid]
                del self._by_token[record.token]

    def get_user(self, user_id: int) -> User | None:
        return self._users.get(user_id)

    def get_role(self, role_id: int) -> Role | None:
        return next((r for g in self.guilds.values() for r in g.roles if r.id == role_id), None)

    def get_channel(self, channel_id: int) -> Channel | None:
        return next(
            (c for g in self.guilds.values() for c in g.channels if c.id == channel_id), None
        )

    def register_guild(self, guild: Guild) -> None:
        self.guilds[guild.id] = guild
        for member in guild.members:
            self._users[member.id] = member.user

    # -- HTTP plumbing

    async def _handle(self, http: web.Request) -> web.StreamResponse:
        if http.path.startswith("/attachments/"):
            return self._serve_attachment(http)
        path = http.path.removeprefix(API_PREFIX)
        body, files = await self._read_body(http)
        request = Request(
            seq=len(self.requests) + 1,
            method=http.method,
            path=path,
            query=dict(http.query),
            json=body,
            files=files,
            received_at=time.perf_counter(),
        )
        header = http.headers.get(INTERACTION_HEADER)
        request.interaction_id = int(header) if header else None
        self.requests.append(request)
        status, answer, headers = await self._answer(request)
        request.status, request.answer, request.answered_at = status, answer, time.perf_counter()
        record = self._interactions.get(request.interaction_id or 0)
        if record is not None:
            record.add(request)
        async with self._new_request:
            self._new_request.notify_all()
        if status == 204 or answer is None:
            return web.Response(status=status, headers=headers)
        return web.Response(
            status=status,
            body=json.dumps(answer).encode(),
            headers={"Content-Type": "application/json", **headers},
        )

    async def _answer(self, request: Request) -> tuple[int, Any, dict[str, str]]:
        method, path = request.method, request.path
        handler, params = None, {}
        for methods, pattern, name, kind in _ROUTES:
            m = pattern.fullmatch(path)
            if m and method in methods.split("|"):
                handler, params = getattr(self, name), m.groupdict()
                request.kind = kind or _VERB_KIND[method]
                break
        if handler is not None and request.interaction_id is None and params.get("token"):
            record = self._by_token.get(params["token"])
            request.interaction_id = record.id if record else None
        fault = next((f for f in self.faults if f.matches(method, path)), None)
        if fault is not None:
            fault.hits += 1
            request.fault = fault
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.status is not None:
                body = fault.body
                if body is None and fault.status == 429:
                    body = {
                        "message": "You are being rate limited.",
                        "retry_after": fault.retry_after,
                        "global": False,
                    }
                elif body is None:
                    body = _default_fault_body(fault.status, path)
                return fault.status, body, dict(fault.headers)
        if handler is None:
            return *_error(
                404, f"404: Not Found (LocalDiscord does not implement {method} {path})"
            ), {}
        try:
            status, answer = handler(request, **{k: v for k, v in params.items() if v is not None})
        except Exception as exc:  # a bug in the stand-in must fail the test, not hang it in retries
            log.exception("LocalDiscord could not handle %s %s", method, path)
            return *_error(400, f"LocalDiscord could not handle this request: {exc!r}", 50035), {}
        return status, answer, {}

    async def _read_body(self, http: web.Request) -> tuple[Any, list[Attachment]]:
        if not http.can_read_body:
            return None, []
        if http.content_type != "multipart/form-data":
            raw = await http.read()
            try:
                return json.loads(raw), []
            except ValueError:
                return raw.decode(errors="replace"), []
        body: Any = None
        files: list[Attachment] = []
        reader = await http.multipart()
        while (part := await reader.next()) is not None:
            assert isinstance(part, aiohttp.BodyPartReader)
            if part.name == "payload_json":
                body = json.loads(await part.text())
            else:
                files.append(
                    Attachment(
                        id=new_id(),
                        filename=part.filename or part.name or "file",
                        content_type=part.headers.get("Content-Type", "application/octet-stream"),
                        data=bytes(await part.read(decode=False)),
                    )
                )
        return body, files

    def _serve_attachment(self, http: web.Request) -> web.Response:
        try:
            attachment = self.attachments[int(http.path.split("/")[2])]
        except (KeyError, ValueError, IndexError):
            return web.Response(status=404)
        return web.Response(body=attachment.data, headers={"Content-Type": attachment.content_type})

    # -- message store

    def _channel_guild(self, channel_id: int) -> Guild | None:
        channel = self.get_channel(channel_id)
        return self.guilds.get(channel.guild_id) if channel else None

    def _store_message(
        self,
        request: Request,
        *,
        channel_id: int,
        body: Mapping[str, Any] | None,
        flags: int = 0,
        record: _Interaction | None = None,
        message_id: int | None = None,
    ) -> dict[str, Any]:
        body = body or {}
        guild = self._channel_guild(channel_id)
        data: dict[str, Any] = {
            "id": str(message_id or new_id()),
            "channel_id": str(channel_id),
            "author": self.bot_user.payload(),
            "content": "",
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": flags,
        }
        if guild is not None:
            data["guild_id"] = str(guild.id)
        if record is not None:
            data.update(
                webhook_id=str(self.application_id), application_id=str(self.application_id)
            )
            data["type"] = 20 if record.kind == 2 else 0
            data["interaction_metadata"] = {
                "id": str(record.id),
                "type": record.kind,
                "user": record.user,
                "authorizing_integration_owners": record.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
        self._apply_edit(data, body, request.files)
        data["flags"] |= flags
        self.messages[int(data["id"])] = data
        request.message = Message(data, self.attachments)
        return data

    def _apply_edit(
        self, data: dict[str, Any], body: Mapping[str, Any], files: list[Attachment]
    ) -> None:
        for key in ("content", "embeds", "components", "poll"):
            if key in body:
                data[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "flags" in body and body["flags"] is not None:
            data["flags"] = (int(data.get("flags") or 0) & EPHEMERAL) | int(body["flags"])
        data["flags"] = int(data.get("flags") or 0) & ~LOADING
        if "attachments" in body or files:
            kept_ids = {str(a.get("id")) for a in body.get("attachments") or ()}
            kept = [
                a for a in data["attachments"] if a["id"] in kept_ids or "attachments" not in body
            ]
            for f in files:
                self.attachments[f.id] = f
                kept.append(
                    {
                        "id": str(f.id),
                        "filename": f.filename,
                        "size": f.size,
                        "url": f"{self.url}/attachments/{f.id}/{f.filename}",
                        "proxy_url": f"{self.url}/attachments/{f.id}/{f.filename}",
                        "content_type": f.content_type,
                    }
                )
            data["attachments"] = kept
        self._resolve_mentions(data, body.get("allowed_mentions"))

    def _resolve_mentions(self, data: dict[str, Any], allowed: Mapping[str, Any] | None) -> None:
        """Who the content pings under Discord's allowed_mentions rules (absent: everything)."""
        content = data.get("content") or ""
        allowed = allowed if allowed is not None else {"parse": ["everyone", "users", "roles"]}
        parse = set(allowed.get("parse") or ())
        users = {str(u) for u in allowed.get("users") or ()}
        roles = {str(r) for r in allowed.get("roles") or ()}
        data["mention_everyone"] = "everyone" in parse and bool(
            re.search(r"@(everyone|here)\b", content)
        )
        data["mentions"] = [
            (self._users.get(int(uid)) or User(int(uid), f"user {uid}")).payload()
            for uid in dict.fromkeys(re.findall(r"<@!?(\d+)>", content))
            if "users" in parse or uid in users
        ]
        data["mention_roles"] = [
            rid
            for rid in dict.fromkeys(re.findall(r"<@&(\d+)>", content))
            if "roles" in parse or rid in roles
        ]

    def _edit_message(
        self, request: Request, message_id: int | None, body: Mapping[str, Any] | None = None
    ) -> tuple[int, Any]:
        data = self.messages.get(message_id or 0)
        if data is None:
            return _error(404, "Unknown Message", 10008)
        if request.method == "GET":
            request.message = Message(data, self.attachments)
            return 200, data
        if request.method == "DELETE":
            del self.messages[int(data["id"])]
            return 204, None
        edit = body if body is not None else request.json or {}
        if refused := _refused(discordlimits.check_message(edit)):
            return refused
        self._apply_edit(data, body if body is not None else request.json or {}, request.files)
        data["edited_timestamp"] = _now_iso()
        request.message = Message(data, self.attachments)
        return 200, data

    # -- routes

    def _get_me(self, request: Request) -> tuple[int, Any]:
        return 200, {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0}

    def _get_application(self, request: Request) -> tuple[int, Any]:
        owner = User(stable_id("user", "Application Owner"), "Application Owner")
        return 200, {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "description": "Local stand-in for Discord",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": owner.payload(),
            "flags": 0,
            "team": None,
            "summary": "",
            "rpc_origins": [],
            "interactions_endpoint_url": None,
        }

    def _commands(self, request: Request, app: str, guild: str | None = None) -> tuple[int, Any]:
        key = int(guild) if guild else None
        if request.method == "GET":
            return 200, self.synced_commands.get(key, [])
        if refused := _refused(discordlimits.check_commands(request.json)):
            return refused
        synced = []
        for command in request.json or []:
            echoed = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                "version": str(new_id()),
                **command,
                "id": str(
                    stable_id("command", str(key), command["name"], str(command.get("type", 1)))
                ),
                "application_id": app,
            }
            if key is not None:
                echoed["guild_id"] = str(key)
            synced.append(echoed)
        self.synced_commands[key] = synced
        return 200, synced

    def _callback(self, request: Request, iid: str, token: str) -> tuple[int, Any]:
        record = self._by_token.get(token)
        if record is None or record.id != int(iid):
            return _error(404, "Unknown interaction", 10062)
        window = self.response_window
        if window is not None and time.perf_counter() - record.dispatched_at > window:
            return _error(404, "Unknown interaction", 10062)
        if record.acknowledged:
            return _error(400, "Interaction has already been acknowledged.", 40060)
        body = request.json or {}
        if refused := _refused(discordlimits.check_callback(body, files=len(request.files))):
            return refused
        kind, data = body.get("type"), body.get("data") or {}
        record.acknowledged = True
        meta: dict[str, Any] = {"id": str(record.id), "type": record.kind}
        answer: dict[str, Any] = {"interaction": meta}
        channel_id = record.channel_id or 0
        if kind in (4, 5):
            if kind == 4:
                message = self._store_message(
                    request, channel_id=channel_id, body=data, record=record
                )
            else:  # "thinking…": an empty message, ephemeral if asked, that the next edit fills
                flags = (int(data.get("flags") or 0) & EPHEMERAL) | LOADING
                message = self._store_message(
                    request, channel_id=channel_id, body={}, flags=flags, record=record
                )
            record.original_id = int(message["id"])
            meta.update(
                response_message_id=message["id"],
                response_message_loading=kind == 5,
                response_message_ephemeral=bool(message["flags"] & EPHEMERAL),
            )
            answer["resource"] = {"type": kind, "message": message}
        elif kind == 7:
            status, message = self._edit_message(request, record.original_id, data)
            if status != 200:
                return status, message
            answer["resource"] = {"type": kind, "message": message}
            meta["response_message_id"] = message["id"]
        if "with_response" not in request.query:
            return 204, None
        return 200, answer

    def _followup(self, request: Request, app: str, token: str) -> tuple[int, Any]:
        record = self._by_token.get(token)
        if record is None or not record.acknowledged:
            return _error(404, "Unknown Webhook", 10015)
        body = request.json or {}
        original = self.messages.get(record.original_id or 0)
        creating = not (original is not None and int(original["flags"]) & LOADING)
        check = discordlimits.check_message(body, creating=creating, files=len(request.files))
        if refused := _refused(check):
            return refused
        original = self.messages.get(record.original_id or 0)
        if original is not None and int(original["flags"]) & LOADING:
            # After "thinking…", the first followup is the original response itself, and keeps
            # its visibility whatever the followup's flags say.
            flags = int(body.get("flags") or 0) & ~EPHEMERAL
            self._apply_edit(original, {**body, "flags": flags}, request.files)
            request.message = Message(original, self.attachments)
            message = original
        else:
            message = self._store_message(
                request, channel_id=record.channel_id or 0, body=body, record=record
            )
        wait = request.query.get("wait", "").lower() in ("1", "true")
        return (200, message) if wait else (204, None)

    def _webhook_message(self, request: Request, app: str, token: str, mid: str) -> tuple[int, Any]:
        record = self._by_token.get(token)
        if record is None:
            return _error(401, "Invalid Webhook Token", 50027)
        return self._edit_message(request, record.original_id if mid == "@original" else int(mid))

    def _get_channel(self, request: Request, cid: str) -> tuple[int, Any]:
        channel = self.get_channel(int(cid))
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        return 200, channel.payload()

    def _create_message(self, request: Request, cid: str) -> tuple[int, Any]:
        if self._channel_guild(int(cid)) is None:
            return _error(404, "Unknown Channel", 10003)
        check = discordlimits.check_message(request.json, creating=True, files=len(request.files))
        if refused := _refused(check):
            return refused
        return 200, self._store_message(request, channel_id=int(cid), body=request.json)

    def _channel_message(self, request: Request, cid: str, mid: str) -> tuple[int, Any]:
        data = self.messages.get(int(mid))
        if data is None or data["channel_id"] != cid:
            return _error(404, "Unknown Message", 10008)
        return self._edit_message(request, int(mid))


# ---------------------------------------------------------------------------------------- results


class InteractionResult:
    """Everything the bot sent for one interaction, once it finished handling it."""

    def __init__(
        self, api: DiscordAPI, record: _Interaction, exceptions: list[BaseException]
    ) -> None:
        self.id = record.id
        self.token = record.token
        self.payload = record.payload
        #: Every request attributed to this interaction, in order (faulted attempts included).
        self.requests: list[Request] = list(record.requests)
        #: Exceptions that escaped the bot's handlers (the tree's on_error, a view's on_error...).
        self.exceptions = exceptions
        original = api.message(record.original_id) if record.original_id else None
        self._answered_by_followup = False
        callbacks = [r for r in self.requests if r.kind == "callback" and r.ok]
        deferred_update = bool(callbacks) and (callbacks[0].json or {}).get("type") == 6
        if original is None or deferred_update:
            # "thinking…" deleted and answered anew, or a press answered by a new message: the
            # answer is the first followup
            sent = (r.message for r in self.requests if r.kind == "followup" and r.ok)
            followup = next((api.message(m.id) for m in sent if m is not None), None)
            self._answered_by_followup = followup is not None
            original = followup or original
        #: The response's message as it now stands (for a button press: the pressed message);
        #: the first followup if the response was deleted or was a deferred update.
        self.message: Message | None = original

    def __repr__(self) -> str:
        kind = self.type.name if self.type else "no response"
        return f"<InteractionResult {kind} ephemeral={self.ephemeral} text={self.text[:80]!r}>"

    def _ok(self, kind: str) -> list[Request]:
        return [r for r in self.requests if r.kind == kind and r.ok]

    @property
    def response(self) -> Request | None:
        """The initial response (the first successful callback), or ``None``."""
        callbacks = self._ok("callback")
        return callbacks[0] if callbacks else None

    @property
    def type(self) -> discord.InteractionResponseType | None:
        if self.response is None:
            return None
        return discord.InteractionResponseType(self.response.json["type"])

    @property
    def ephemeral(self) -> bool:
        """Whether the initial response (message or "thinking…") is visible only to the user."""
        response = self.response
        if response is None:
            return False
        if self._answered_by_followup and self.message is not None:
            return self.message.ephemeral
        if response.message is not None:
            return response.message.ephemeral
        return bool(int((response.json.get("data") or {}).get("flags") or 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def embed(self) -> dict[str, Any] | None:
        return self.message.embed if self.message else None

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []

    @property
    def followups(self) -> list[Message]:
        return [r.message for r in self._ok("followup") if r.message]

    @property
    def edits(self) -> list[Message]:
        """Edits of the original or of other messages, and updates of a pressed message (type 7)."""
        return [
            r.message
            for r in self.requests
            if r.ok
            and r.message
            and (r.kind == "edit" or (r.kind == "callback" and r.json["type"] == 7))
        ]

    @property
    def channel_messages(self) -> list[Message]:
        """Messages posted to channels while handling this interaction (e.g. the director log)."""
        return [r.message for r in self._ok("channel_message") if r.message]

    @property
    def messages(self) -> list[Message]:
        """The response's message as it stands, then followups, then channel messages."""
        first = [self.message] if self.message is not None and self.response is not None else []
        return (
            first
            + [m for m in self.followups if not first or m.id != first[0].id]
            + self.channel_messages
        )

    @property
    def files(self) -> list[Attachment]:
        return [f for m in self.messages for f in m.files]

    @property
    def text(self) -> str:
        """All the text the bot sent for this interaction (see :attr:`Message.text`)."""
        return "\n".join(m.text for m in self.messages)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (type 8)."""
        response = self.response
        if response is None or response.json["type"] != 8:
            return []
        return list(response.json["data"].get("choices", []))

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (type 9)."""
        response = self.response
        return (
            response.json["data"] if response is not None and response.json["type"] == 9 else None
        )


class PendingInteraction:
    """An interaction handed to the bot; ``await pending`` gives its :class:`InteractionResult`."""

    def __init__(self, api: DiscordAPI, record: _Interaction, timeout: float) -> None:
        self._api, self._record, self._timeout = api, record, timeout
        self.id, self.token, self.payload = record.id, record.token, record.payload

    async def next(self, timeout: float | None = None) -> Request:
        """The next request the bot made for this interaction, waiting up to ``timeout`` seconds."""
        record = self._record
        async with asyncio.timeout(timeout or self._timeout):
            while record.cursor >= len(record.requests):
                record.changed.clear()
                await record.changed.wait()
        record.cursor += 1
        return record.requests[record.cursor - 1]

    async def response(self, timeout: float | None = None) -> Request:
        """The initial response (first successful callback) once it arrives."""
        record = self._record
        async with asyncio.timeout(timeout or self._timeout):
            while True:
                found = next((r for r in record.requests if r.kind == "callback" and r.ok), None)
                if found is not None:
                    return found
                record.changed.clear()
                await record.changed.wait()

    async def wait(self, timeout: float | None = None) -> InteractionResult:
        """Wait for the tasks the dispatch started (tree invoker, view callback...) to end."""
        record = self._record
        if record.tasks:
            done, pending = await asyncio.wait(record.tasks, timeout=timeout or self._timeout)
            if pending:
                sent = (
                    ", ".join(f"{r.method} {r.path} -> {r.status}" for r in record.requests)
                    or "nothing"
                )
                raise InteractionTimeout(
                    f"interaction {self.id} still running after {timeout or self._timeout}s;"
                    f" sent: {sent}"
                )
        exceptions = [
            e for t in record.tasks if not t.cancelled() and (e := t.exception()) is not None
        ]
        return InteractionResult(self._api, record, exceptions)

    def __await__(self) -> Generator[Any, None, InteractionResult]:
        return self.wait().__await__()


# ------------------------------------------------------------------------------------------ driver


class CommandInputError(ValueError):
    """The command or its options do not fit the bot's command tree; the message is for the user."""


class LocalDiscord(DiscordAPI):
    """The driver: a :class:`DiscordAPI` plus a cast, a logged-in bot, and ways to interact.

    ``guild`` is a :meth:`Guild.club` (``Local Club``); ``user`` (default ``Declarer``) and
    ``channel`` (``table-1``) are who and where interactions come from unless told otherwise.
    """

    def __init__(
        self, *, timeout: float = 5.0, guild: Guild | None = None, **api_options: Any
    ) -> None:
        super().__init__(**api_options)
        self.timeout = timeout
        self.guild = guild or Guild.club()
        self.register_guild(self.guild)
        self.user: Member = self.guild.member("Declarer") or self.guild.add_member("Declarer")
        self.channel: Channel = (
            self.guild.channels[0] if self.guild.channels else self.guild.add_channel("general")
        )
        self.bot: discord.Client | None = None
        self._trace = aiohttp.TraceConfig()
        self._trace.on_request_start.append(self._tag_request)
        self._collectors: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _TaskCollector] = (
            weakref.WeakKeyDictionary()
        )

    async def __aenter__(self) -> LocalDiscord:
        await self.start()
        return self

    # -- the cast

    @property
    def director(self) -> Member:
        """The default guild's ``Director`` member (director role, manage server)."""
        member = self.guild.member("Director")
        assert member is not None, "the default guild has no Director"
        return member

    def member(
        self, name: str, *, guild: Guild | None = None, roles: Iterable[Role | str] = ()
    ) -> Member:
        """The member called ``name`` (``@`` optional), created as an ordinary member if new."""
        guild = guild or self.guild
        member = guild.member(name) or guild.add_member(name.lstrip("@"), roles=roles)
        self._users[member.id] = member.user
        return member

    def add_guild(self, guild: Guild | str) -> Guild:
        """Add a guild (a name makes a :meth:`Guild.club`) and cache it in the logged-in bot."""
        guild = Guild.club(guild) if isinstance(guild, str) else guild
        self.register_guild(guild)
        self.refresh_guild(guild)
        return guild

    def refresh_guild(self, guild: Guild | None = None) -> None:
        """Show the bot a guild's roles and channels again after changing them (GUILD_UPDATE)."""
        if self.bot is not None:
            self.bot._connection._add_guild_from_data((guild or self.guild).payload())  # type: ignore[arg-type]

    # -- the bot

    async def login(self, bot: discord.Client, token: str = "local.discord.token") -> None:
        """Log ``bot`` in against this stand-in (runs its ``setup_hook``) and show it the guilds.

        The caller owns the bot's lifetime (``async with bot:``); log a new bot in to simulate a
        restart: messages and the request log survive.
        """
        if bot.http.http_trace is None:
            bot.http.http_trace = self._trace
        elif self._tag_request not in bot.http.http_trace.on_request_start:
            bot.http.http_trace.on_request_start.append(self._tag_request)
        await bot.login(token)
        self.bot = bot
        for guild in self.guilds.values():
            self.refresh_guild(guild)

    async def _tag_request(
        self, session: aiohttp.ClientSession, ctx: Any, params: aiohttp.TraceRequestStartParams
    ) -> None:
        iid = _current_interaction.get()
        if iid is not None:
            params.headers[INTERACTION_HEADER] = str(iid)

    def _tree(self) -> app_commands.CommandTree:
        if self.bot is None:
            raise RuntimeError("no bot is logged in: await ld.login(bot) first")
        tree = getattr(self.bot, "tree", None) or self.bot._connection._command_tree
        if tree is None:
            raise RuntimeError("the bot has no app command tree")
        return tree

    # -- dispatching

    def dispatch(
        self, payload: Mapping[str, Any], *, timeout: float | None = None
    ) -> PendingInteraction:
        """Hand an INTERACTION_CREATE payload to the bot; ``await`` the result for what it sent."""
        if self.bot is None:
            raise RuntimeError("no bot is logged in: await ld.login(bot) first")
        record = _Interaction(payload)
        previous = self._interactions.get(record.id)
        if previous is not None:  # a redelivery: Discord still knows it was answered
            record.acknowledged, record.original_id = previous.acknowledged, previous.original_id
            record.dispatched_at = previous.dispatched_at
        self._interactions[record.id] = record
        self._by_token[record.token] = record
        loop = asyncio.get_running_loop()
        collector = self._collectors.get(loop)
        if collector is None or loop.get_task_factory() is not collector:
            collector = self._collectors[loop] = _TaskCollector.of(loop)
        started: list[asyncio.Task[Any]] = []
        collector.sink = started
        marker = _current_interaction.set(record.id)
        try:
            self.bot._connection.parse_interaction_create(dict(payload))  # type: ignore[arg-type]
        finally:
            _current_interaction.reset(marker)
            collector.sink = None
        record.tasks = set(started)
        return PendingInteraction(self, record, timeout or self.timeout)

    def _who(self, user: Member | User | str | None) -> Member | User:
        if user is None:
            return self.user
        if isinstance(user, str):
            return self.member(user)
        return user

    def _where(self, who: Member | User, channel: Channel | str | None) -> Channel | None:
        """Where an interaction happens: the channel given (a name is created if new), else the
        default channel of the user's guild; ``None`` in a DM."""
        if isinstance(channel, Channel):
            return channel
        guild = who.guild if isinstance(who, Member) else None
        if guild is None:
            return None
        if channel is None:
            if guild is self.guild:
                return self.channel
            return guild.channels[0] if guild.channels else None
        found = guild.channel(channel)
        if found is None:
            found = guild.add_channel(channel.lstrip("#"))
            self.refresh_guild(guild)
        return found

    def slash_payload(
        self,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: Member | User | str | None = None,
        channel: Channel | str | None = None,
        strict: bool = True,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """The payload of ``/command`` (``"name"``, ``"name sub"``, ``"name group sub"``).

        With ``strict`` the command must exist in the bot's tree and the options are checked and
        converted to the declared types (strings are parsed as the console does: ``"12"`` for an
        integer, ``"@Declarer"`` for a user, ``"#td-log"`` for a channel, a choice's name or value).
        Without it, anything goes, typed by the Python values: for testing bad payloads.
        """
        who = self._who(user)
        guild = who.guild if isinstance(who, Member) else None
        path = tuple(command.lstrip("/").split())
        options = dict(options or {})
        resolved: dict[str, dict[str, Any]] = {}
        if strict:
            cmd, path, guild_id = self.find_command(path, guild)
            built = self.convert_options(cmd, options, guild, resolved=resolved, focused=focused)
        else:
            guild_id = None
            built = [
                option_payload(k, v, resolved=resolved, focused=k == focused)
                for k, v in options.items()
            ]
        data = command_data(path, built, resolved=resolved, guild_id=guild_id)
        return interaction_payload(
            4 if focused else 2,
            application_id=self.application_id,
            user=who,
            channel=self._where(who, channel),
            data=data,
        )

    async def slash(
        self,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: Member | User | str | None = None,
        channel: Channel | str | None = None,
        strict: bool = True,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Run ``/command`` with ``options`` as ``user`` in ``channel`` (:meth:`slash_payload`)."""
        payload = self.slash_payload(command, options, user=user, channel=channel, strict=strict)
        return await self.dispatch(payload, timeout=timeout)

    async def run(
        self,
        line: str,
        *,
        user: Member | User | str | None = None,
        channel: Channel | str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Run a command typed as in Discord: ``/ruling confirm id:12 reason:"dropped it"``."""
        who = self._who(user)
        guild = who.guild if isinstance(who, Member) else None
        cmd, path, raw = self.parse_command_line(line, guild)
        return await self.slash(" ".join(path), raw, user=who, channel=channel, timeout=timeout)

    async def autocomplete(
        self,
        command: str,
        focused: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: Member | User | str | None = None,
        channel: Channel | str | None = None,
    ) -> InteractionResult:
        """What the bot suggests while ``focused`` is typed (text: ``options[focused]`` or "")."""
        options = {focused: "", **(options or {})}
        payload = self.slash_payload(command, options, user=user, channel=channel, focused=focused)
        return await self.dispatch(payload)

    def _current(self, message: Message | int) -> Message:
        mid = message if isinstance(message, int) else message.id
        current = self.message(mid)
        if current is None:
            raise KeyError(f"message {mid} does not exist (deleted?)")
        return current

    def component_payload(
        self,
        message: Message | int,
        component: str | Mapping[str, Any] | None = None,
        values: Sequence[Any] = (),
        *,
        user: Member | User | str | None = None,
    ) -> dict[str, Any]:
        """The payload of pressing a button (or choosing ``values`` in a select) on ``message``."""
        current = self._current(message)
        if component is None:
            if len(current.buttons) != 1:
                raise KeyError(
                    f"say which component to use: {[c.get('custom_id') for c in current.buttons]}"
                )
            component = current.buttons[0]
        elif isinstance(component, str):
            component = current.component(component)
        who = self._who(user)
        guild = who.guild if isinstance(who, Member) else None
        channel = guild and next((c for c in guild.channels if c.id == current.channel_id), None)
        return interaction_payload(
            3,
            application_id=self.application_id,
            user=who,
            channel=channel or self._where(who, None),
            data=component_data(component, values),
            message=current.data,
        )

    async def press(
        self,
        message: Message | int,
        component: str | Mapping[str, Any] | None = None,
        *,
        user: Member | User | str | None = None,
    ) -> InteractionResult:
        """Press a button: by custom_id, label or component dict; omitted if it is the only one."""
        return await self.dispatch(self.component_payload(message, component, user=user))

    async def select(
        self,
        message: Message | int,
        component: str | Mapping[str, Any],
        values: Sequence[Any],
        *,
        user: Member | User | str | None = None,
    ) -> InteractionResult:
        """Choose ``values`` in a select menu."""
        return await self.dispatch(self.component_payload(message, component, values, user=user))

    async def submit(
        self,
        modal: InteractionResult | Mapping[str, Any],
        values: Mapping[str, Any],
        *,
        user: Member | User | str | None = None,
    ) -> InteractionResult:
        """Submit a modal the bot opened (a result of type 9, or the modal dict) with ``values``."""
        if isinstance(modal, InteractionResult):
            if modal.modal is None:
                raise ValueError(f"{modal!r} did not open a modal")
            modal = modal.modal
        who = self._who(user)
        payload = interaction_payload(
            5,
            application_id=self.application_id,
            user=who,
            channel=self._where(who, None),
            data=modal_submit_data(modal, values),
        )
        return await self.dispatch(payload)

    async def next_response(self, interaction_id: int, timeout: float | None = None) -> Request:
        """The next request the bot made for the interaction with id ``interaction_id``."""
        record = self._interactions[interaction_id]
        return await PendingInteraction(self, record, self.timeout).next(timeout)

    # -- the command tree

    def find_command(
        self, path: Sequence[str], guild: Guild | None = None
    ) -> tuple[app_commands.Command[Any, ..., Any], tuple[str, ...], int | None]:
        """The slash command at ``path`` (guild commands first), its full path and its guild id."""
        found, walked, guild_id = self.lookup(path, guild)
        if isinstance(found, app_commands.Group):
            raise CommandInputError(
                f"/{' '.join(walked)} needs a subcommand: "
                f"{', '.join(c.name for c in found.commands)}."
            )
        return found, walked, guild_id

    def lookup(
        self, path: Sequence[str], guild: Guild | None = None
    ) -> tuple[
        app_commands.Command[Any, ..., Any] | app_commands.Group, tuple[str, ...], int | None
    ]:
        """Like :meth:`find_command`, but a group is an answer too."""
        tree = self._tree()
        if not path:
            raise CommandInputError(
                "Type a command after the slash, e.g. /ping. Type help to list them."
            )
        name, *subs = path
        found: Any = None
        guild_id = None
        if guild is not None:
            found = tree.get_command(name, guild=discord.Object(guild.id))
            guild_id = guild.id if found is not None else None
        if found is None:
            found = tree.get_command(name)
        if found is None:
            raise CommandInputError(f"There is no /{name} command. Type help to list the commands.")
        walked = [name]
        for word in subs:
            if not isinstance(found, app_commands.Group):
                raise CommandInputError(
                    f"/{' '.join(walked)} has no subcommand {word!r};"
                    " options are written name:value."
                )
            sub = found.get_command(word)
            if sub is None:
                raise CommandInputError(
                    f"/{' '.join(walked)} has no subcommand {word!r}; "
                    f"choose one of: {', '.join(c.name for c in found.commands)}."
                )
            found, walked = sub, [*walked, word]
        return found, tuple(walked), guild_id

    def commands(self, guild: Guild | None = None) -> list[app_commands.Command[Any, ..., Any]]:
        """Every slash command (subcommands flattened) the bot answers in ``guild``, by name."""
        tree = self._tree()
        found: dict[str, app_commands.Command[Any, ..., Any]] = {}
        roots = list(tree.get_commands(type=discord.AppCommandType.chat_input))
        if guild is not None:
            roots += tree.get_commands(
                guild=discord.Object(guild.id), type=discord.AppCommandType.chat_input
            )
        for root in roots:
            for command in root.walk_commands() if isinstance(root, app_commands.Group) else [root]:
                if isinstance(command, app_commands.Command):
                    found[command.qualified_name] = command
        return [found[k] for k in sorted(found)]

    def parse_command_line(
        self, line: str, guild: Guild | None = None
    ) -> tuple[app_commands.Command[Any, ..., Any], tuple[str, ...], dict[str, str]]:
        """Split ``/name [sub ...] opt:value ...`` into the command, its path and raw option values.

        A value runs to the next ``option:`` of the command, so spaces need no quotes
        (``reason:dropped it seat:W``); quotes (``"..."`` or ``'...'``) keep a value exactly.
        """
        text = line.strip().removeprefix("/")
        words = text.split()
        if not words:
            raise CommandInputError(
                "Type a command after the slash, e.g. /ping. Type help to list them."
            )
        depth = 1
        while depth < len(words) and ":" not in words[depth]:
            if not isinstance(self.lookup(words[:depth], guild)[0], app_commands.Group):
                break
            depth += 1
        command, path, _ = self.find_command(words[:depth], guild)
        rest = text.split(None, depth)[depth] if len(words) > depth else ""
        return command, path, _split_options(rest, command)

    def convert_options(
        self,
        command: app_commands.Command[Any, ..., Any],
        values: Mapping[str, Any],
        guild: Guild | None,
        *,
        resolved: dict[str, dict[str, Any]],
        focused: str | None = None,
    ) -> list[dict[str, Any]]:
        """Option payloads for ``values`` (by option name), checked against the command's parameters
        and converted to their declared types; :class:`CommandInputError` says what is wrong."""
        params = {p.display_name: p for p in command.parameters}
        unknown = [k for k in values if k not in params]
        if unknown:
            raise CommandInputError(
                f"/{command.qualified_name} has no option {unknown[0]!r}. {_usage(command)}"
            )
        missing = [
            p.display_name
            for p in command.parameters
            if p.required and p.display_name not in values
        ]
        if missing and focused is None:
            raise CommandInputError(
                f"/{command.qualified_name} needs {', '.join(m + ':' for m in missing)}."
                f" {_usage(command)}"
            )
        built = []
        for name, raw in values.items():
            param = params[name]
            if name == focused:
                built.append(
                    {"name": name, "type": param.type.value, "value": str(raw), "focused": True}
                )
                continue
            value = self._convert(param, raw, guild)
            _check_limits(param, value)
            built.append(option_payload(name, value, param.type.value, resolved=resolved))
        return built

    def _convert(self, param: app_commands.Parameter, raw: Any, guild: Guild | None) -> Any:
        kind = param.type
        name = param.display_name
        if param.choices:
            for choice in param.choices:
                if raw == choice.value or (
                    isinstance(raw, str)
                    and raw.casefold() in (choice.name.casefold(), str(choice.value).casefold())
                ):
                    return choice.value
            listed = ", ".join(c.name for c in param.choices)
            raise CommandInputError(f"{name}: {raw!r} is not one of the choices: {listed}.")
        if not isinstance(raw, str):
            return raw
        text = raw.strip()
        T = discord.AppCommandOptionType
        try:
            if kind is T.string:
                return raw
            if kind is T.integer:
                return int(text)
            if kind is T.number:
                return float(text)
        except ValueError:
            what = "a whole number" if kind is T.integer else "a number"
            raise CommandInputError(f"{name}: expected {what}, got {raw!r}.") from None
        if kind is T.boolean:
            lowered = text.casefold()
            if lowered in ("true", "yes", "y", "1", "on"):
                return True
            if lowered in ("false", "no", "n", "0", "off"):
                return False
            raise CommandInputError(f"{name}: expected true or false, got {raw!r}.")
        if guild is None:
            raise CommandInputError(f"{name}: users, roles and channels need a server.")
        if kind in (T.user, T.mentionable):
            match = re.fullmatch(r"<@!?(\d+)>", text)
            member = (
                next((m for m in guild.members if m.id == int(match[1])), None)
                if match
                else guild.member(text)
            )
            if member is not None:
                return member
            if kind is T.user:
                cast = ", ".join(m.name for m in guild.members)
                raise CommandInputError(
                    f"{name}: no member {text!r} in {guild.name} (members: {cast})."
                )
        if kind in (T.role, T.mentionable):
            match = re.fullmatch(r"<@&(\d+)>", text)
            role = (
                next((r for r in guild.roles if r.id == int(match[1])), None)
                if match
                else guild.role(text)
            )
            if role is not None:
                return role
            raise CommandInputError(f"{name}: no role or member {text!r} in {guild.name}.")
        if kind is T.channel:
            match = re.fullmatch(r"<#(\d+)>", text)
            channel = (
                next((c for c in guild.channels if c.id == int(match[1])), None)
                if match
                else guild.channel(text)
            )
            if channel is None:
                listed = ", ".join("#" + c.name for c in guild.channels)
                raise CommandInputError(
                    f"{name}: no channel {text!r} in {guild.name} (channels: {listed})."
                )
            return channel
        raise CommandInputError(f"{name}: {kind.name} options cannot be typed here.")


_OPTION_START = re.compile(r"([\w-]+):")


def _check_limits(param: app_commands.Parameter, value: Any) -> None:
    """What Discord's client enforces before sending: min/max values and lengths."""
    if isinstance(value, str):
        size, unit = len(value), " characters"
    elif isinstance(value, int | float) and not isinstance(value, bool):
        size, unit = value, ""
    else:
        return
    low, high = param.min_value, param.max_value
    if (low is not None and size < low) or (high is not None and size > high):
        if low is not None and high is not None:
            bounds = f"between {low} and {high}{unit}"
        else:
            bounds = f"at least {low}{unit}" if low is not None else f"at most {high}{unit}"
        raise CommandInputError(f"{param.display_name}: must be {bounds}, got {value!r}.")


def _usage(command: app_commands.Command[Any, ..., Any]) -> str:
    if not command.parameters:
        return f"Usage: /{command.qualified_name} (no options)."
    shown = " ".join(
        f"{p.display_name}:…" if p.required else f"[{p.display_name}:…]" for p in command.parameters
    )
    return f"Usage: /{command.qualified_name} {shown}"


def _split_options(rest: str, command: app_commands.Command[Any, ..., Any]) -> dict[str, str]:
    known = {p.display_name for p in command.parameters}
    values: dict[str, str] = {}
    pos, end = 0, len(rest)

    def skip_space(i: int) -> int:
        while i < end and rest[i].isspace():
            i += 1
        return i

    def next_option(i: int) -> int:
        """Start of the next whitespace-preceded ``word:`` after ``i`` (or the end)."""
        while i < end:
            if rest[i - 1].isspace() and _OPTION_START.match(rest, i):
                return i
            i += 1
        return end

    pos = skip_space(pos)
    while pos < end:
        m = _OPTION_START.match(rest, pos)
        if m is None:
            stray = rest[pos:].split()[0]
            raise CommandInputError(
                f"I don't understand {stray!r}: options are written name:value. {_usage(command)}"
            )
        name = m[1]
        if name not in known:
            hint = " (to use a colon in a value, put the value in quotes)" if values else ""
            raise CommandInputError(
                f"/{command.qualified_name} has no option {name!r}{hint}. {_usage(command)}"
            )
        if name in values:
            raise CommandInputError(f"{name}: given twice.")
        pos = m.end()
        if pos < end and rest[pos] in "\"'":
            close = rest.find(rest[pos], pos + 1)
            if close < 0:
                raise CommandInputError(f"{name}: the quote is not closed.")
            values[name] = rest[pos + 1 : close]
            pos = close + 1
            if pos < end and not rest[pos].isspace():
                raise CommandInputError(f"{name}: put a space after the closing quote.")
        else:
            stop = next_option(pos + 1) if pos < end else end
            values[name] = rest[pos:stop].strip()
            pos = stop
        pos = skip_space(pos)
    return values
