"""The stand-in's records of Discord's side: users, roles, channels, members and guilds.

Ids are snowflakes: :func:`new_id` fresh ones from the clock, :func:`stable_id` the same one for
the same name in every run (the console's database keeps its state between runs).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

_DISCORD_EPOCH_MS = 1_420_070_400_000
#: 2020-01-01: ids from stable_id() are older than any new_id().
_STABLE_BASE_MS = 1_577_836_800_000 - _DISCORD_EPOCH_MS


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


def permission_bits(value: int | discord.Permissions) -> int:
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
    #: The language of the user's Discord client, sent with each of his interactions
    #: (``interaction.locale``): ``en-US`` unless the console's ``/as NAME locale:fr`` says so.
    locale: str = "en-US"

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
        guild.roles.append(Role(id=gid, name="@everyone", permissions=permission_bits(everyone)))
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
            permissions=permission_bits(permissions),
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


@dataclass
class Attachment:
    """A file the bot uploaded, or a member attached to a command; :attr:`data` holds the
    bytes and :attr:`url` where the stand-in serves them."""

    id: int
    filename: str
    content_type: str
    data: bytes
    url: str = ""

    def payload(self) -> dict[str, Any]:
        """The attachment as a command's ``resolved`` data carries it."""
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }

    @property
    def size(self) -> int:
        return len(self.data)

    def text(self, encoding: str = "utf-8") -> str:
        return self.data.decode(encoding)
