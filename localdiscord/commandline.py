"""Reading a command typed as in Discord (``/ruling confirm id:12 reason:"dropped it"``): options
split at ``name:``, values converted to the types the command declares and checked against its
bounds, as Discord's client does before it sends anything."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from localdiscord.models import Guild


class CommandInputError(ValueError):
    """The command or its options do not fit the bot's command tree; the message is for the user."""


_OPTION_START = re.compile(r"([\w-]+):")


def check_limits(param: app_commands.Parameter, value: Any) -> None:
    """What Discord's client enforces before sending: min/max values and lengths."""
    size: int | float
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


def usage(command: app_commands.Command[Any, ..., Any]) -> str:
    if not command.parameters:
        return f"Usage: /{command.qualified_name} (no options)."
    shown = " ".join(
        f"{p.display_name}:…" if p.required else f"[{p.display_name}:…]" for p in command.parameters
    )
    return f"Usage: /{command.qualified_name} {shown}"


def split_options(rest: str, command: app_commands.Command[Any, ..., Any]) -> dict[str, str]:
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
                f"I don't understand {stray!r}: options are written name:value. {usage(command)}"
            )
        name = m[1]
        if name not in known:
            hint = " (to use a colon in a value, put the value in quotes)" if values else ""
            raise CommandInputError(
                f"/{command.qualified_name} has no option {name!r}{hint}. {usage(command)}"
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


def convert_value(param: app_commands.Parameter, raw: Any, guild: Guild | None) -> Any:
    """``raw`` (a typed string, or a Python value) as the parameter's declared type: a choice's
    value, a number, a boolean, a member, role or channel of ``guild``."""
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
