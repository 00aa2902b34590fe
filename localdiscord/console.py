"""``python bot.py --console``: the real bot, cogs and database, typed at from a terminal.

The bot runs against :mod:`localdiscord`; the person at the prompt types slash commands as
in Discord (``/exposed cards:SK seat:W how:accidental``), chooses who they are (``/as Declarer``),
and reads the answers as text: embeds rendered, buttons and selects as numbered choices pressed by
typing the number, ephemeral answers marked, messages posted to other channels shown too.
Lines come from stdin, so a script (or a test) can drive it; with stdin not a terminal there is no
prompt and each line read is echoed as ``> line`` so the transcript reads like a session.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import queue
import re
import sys
import threading
from collections.abc import Mapping
from typing import Any, TextIO

import discord
from discord import app_commands

from localdiscord.commandline import CommandInputError
from localdiscord.driver import LocalDiscord
from localdiscord.limits import LOCALES
from localdiscord.models import Channel, Guild, Member
from localdiscord.payloads import interactive_components
from localdiscord.records import Message, Request, text_displays
from localdiscord.results import InteractionResult, InteractionTimeout

ONLY_YOU = "(only you can see this)"

_TYPE_NAMES = {
    discord.AppCommandOptionType.string: "text",
    discord.AppCommandOptionType.integer: "whole number",
    discord.AppCommandOptionType.number: "number",
    discord.AppCommandOptionType.boolean: "true/false",
    discord.AppCommandOptionType.user: "member, e.g. @Declarer",
    discord.AppCommandOptionType.role: "role, e.g. @Director",
    discord.AppCommandOptionType.channel: "channel, e.g. #td-log",
    discord.AppCommandOptionType.mentionable: "member or role",
    discord.AppCommandOptionType.attachment: "file: a local file as @path, e.g. @hands.pbn",
}

CONSOLE_HELP = """\
Type slash commands as in Discord: /name option:value ... A value runs to the next option, so
  /ruling confirm id:12 reason:dropped it   and   reason:"dropped it"   both work.
Console commands:
  /as [NAME]        who you are (no name: list the members; a new name joins as a player);
                    add locale:fr (nl, de, en-US, …) to set that member's Discord language
  /guild [NAME]     which server you are in (a new name creates a club)
  /channel [NAME]   which channel you type in (a new name creates it)
  /later DAYS       let days pass (e.g. /later 7: next week's club night)
  /role NAME @ROLE  give a member a role, as an admin does in the server settings (a new
                    role is created, mentionable), e.g. /role Deputy @Deputies
  N [VALUE]         press button N, or choose VALUE in select N (several: VALUE,VALUE)
  choices           list the buttons and selects you can use
  help [COMMAND]    this help, or the options of a command (help exposed)
  quit              leave (Ctrl-D too)"""


class _LineReader:
    """Reads lines in a daemon thread, so a read blocked on a terminal never holds up the exit."""

    def __init__(self, stream: TextIO, stdout: TextIO, interactive: bool) -> None:
        self._stream, self._stdout, self._interactive = stream, stdout, interactive
        self._asks: queue.SimpleQueue[tuple[str, asyncio.Future[str | None]]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    async def readline(self, prompt: str) -> str | None:
        """The next line without its newline, or ``None`` at end of input."""
        future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        self._asks.put((prompt, future))
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name="console-input", daemon=True)
            self._thread.start()
        return await future

    def _serve(self) -> None:
        while True:
            prompt, future = self._asks.get()
            line = self._read(prompt)
            loop = future.get_loop()
            with contextlib.suppress(RuntimeError):  # the loop closed while we waited
                loop.call_soon_threadsafe(_resolve, future, line)

    def _read(self, prompt: str) -> str | None:
        try:
            if self._interactive and self._stream is sys.stdin:
                return input(prompt)
            if self._interactive:
                self._stdout.write(prompt)
                self._stdout.flush()
            line = self._stream.readline()
        except (EOFError, KeyboardInterrupt, ValueError):  # ValueError: the stream was closed
            return None
        return line.rstrip("\r\n") if line else None


def _resolve(future: asyncio.Future[str | None], line: str | None) -> None:
    if not future.done():
        future.set_result(line)


class Console:
    """The prompt. ``await Console(ld).run()`` reads commands until ``quit`` or end of input.

    ``ld`` must have a bot logged in. ``user`` is who the person at the prompt starts as.
    """

    def __init__(
        self,
        ld: LocalDiscord,
        *,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        interactive: bool | None = None,
        user: str = "Director",
    ) -> None:
        self.ld = ld
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        if interactive is None:
            interactive = self.stdin.isatty()
        self.interactive = interactive
        if interactive and self.stdin is sys.stdin:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for input())
        self.guild: Guild = ld.guild
        self.channel: Channel = ld.channel
        self.user: Member = ld.member(user, guild=self.guild)
        #: The buttons and selects shown last, numbered from 1: (message id, component).
        self.choices: list[tuple[int, dict[str, Any]]] = []
        self._seen = len(ld.requests)
        self._reader = _LineReader(self.stdin, self.stdout, interactive)

    # -- the loop

    async def run(self) -> int:
        self.say(
            "tdbot console: the real bot against a local stand-in for Discord "
            "(nothing leaves this machine)."
        )
        self.say(
            f"You are {self.user.name} in {self.guild.name}, #{self.channel.name}. "
            "Type help for help, /as to change who you are, quit to leave."
        )
        while (line := await self._reader.readline(self._prompt())) is not None:
            if not await self.handle(line):
                return 0
        if self.interactive:
            self.say("")  # Ctrl-D: end the prompt's line
        return 0

    def _prompt(self) -> str:
        return f"{self.user.name} #{self.channel.name}> "

    async def handle(self, line: str) -> bool:
        """Act on one line; ``False`` means leave."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if not self.interactive:
            self.say(f"> {line}")
        word = line.split(maxsplit=1)[0].casefold()
        rest = line.split(maxsplit=1)[1] if " " in line else ""
        try:
            if word in ("quit", "exit", "/quit", "/exit"):
                return False
            if word == "help":
                self.help(rest)
            elif word == "choices":
                self.show_choices()
            elif word.isdigit():
                await self.use_choice(int(word), rest)
            elif line.startswith("/"):
                await self.command(line)
            else:
                self.say("Commands start with a slash, e.g. /ping. Type help for help.")
        except CommandInputError as exc:
            self.say(str(exc))
        except InteractionTimeout:
            self.say(
                f"(no answer after {self.ld.timeout:g} s: Discord would show "
                "'The application did not respond')"
            )
        return True

    async def command(self, line: str) -> None:
        name, _, rest = line[1:].partition(" ")
        name, rest = name.casefold(), rest.strip()
        meta = {
            "as": self.switch_user,
            "guild": self.switch_guild,
            "channel": self.switch_channel,
            "later": self.later,
            "role": self.grant_role,
        }
        if name in meta and not self._bot_has(name):
            meta[name](rest)
        elif name in ("help", "") and not self._bot_has("help"):
            self.help(rest)
        else:
            result = await self.ld.run(line, user=self.user, channel=self.channel)
            await self.show(result)

    def _bot_has(self, name: str) -> bool:
        try:
            self.ld.lookup([name], self.guild)
        except CommandInputError:
            return False
        return True

    # -- who, where and when

    def later(self, rest: str) -> None:
        """Move the bot's clock on (the storage's ``now``), so that a session gap can pass."""
        try:
            days = float(rest or "1")
        except ValueError:
            self.say("Say how many days: /later 7")
            return
        storage = getattr(self.ld.bot, "storage", None)
        if storage is None or not hasattr(storage, "now"):
            self.say("This bot has no clock to move.")
            return
        before, shift = storage.now, dt.timedelta(days=days)
        storage.now = lambda: before() + shift
        self.say(f"{days:g} day{'s' if days != 1 else ''} later.")

    def grant_role(self, rest: str) -> None:
        """``/role NAME @ROLE``: what an admin does in the server settings."""
        words = rest.split()
        if len(words) != 2:
            self.say("Say who and which role, e.g. /role Deputy @Deputies")
            return
        member = self.ld.member(words[0], guild=self.guild)
        role = self.guild.role(words[1]) or self.guild.add_role(words[1].lstrip("@"),
                                                                 mentionable=True)
        if role not in member.roles:
            member.roles.append(role)
        self.ld.refresh_guild(self.guild)
        self.say(f"{member.name} has the role @{role.name}.")

    def switch_user(self, name: str) -> None:
        name, _, locale = f" {name}".partition(" locale:")
        name, locale = name.strip(), locale.strip()
        if locale and locale not in LOCALES:
            raise CommandInputError(
                f"Unknown Discord locale {locale!r}: e.g. en-US, fr, nl, de, es-ES."
            )
        if not name and not locale:
            for member in self.guild.members:
                roles = ", ".join(r.name for r in member.roles) or "no roles"
                extra = ", manage server" if member.has(manage_guild=True) else ""
                you = "  <- you" if member is self.user else ""
                locale = member.user.locale
                language = "" if locale == "en-US" else f", Discord in {locale}"
                self.say(f"  {member.name} ({roles}{extra}{language}){you}")
            return
        known = self.guild.member(name or self.user.name)
        self.user = self.ld.member(name or self.user.name, guild=self.guild)
        if known is None:
            self.say(f"{self.user.name} joins {self.guild.name} as a player.")
        if locale:
            self.user.user.locale = locale
        shown = self.user.user.locale
        language = "" if shown == "en-US" else f" (Discord in {shown})"
        self.say(f"You are now {self.user.name}{language}.")

    def switch_guild(self, name: str) -> None:
        if not name:
            for each in self.ld.guilds.values():
                self.say(f"  {each.name}{'  <- you are here' if each is self.guild else ''}")
            return
        guild = next(
            (g for g in self.ld.guilds.values() if g.name.casefold() == name.casefold()), None
        )
        if guild is None:
            guild = self.ld.add_guild(name)
            self.say(
                f"Created the server {guild.name}; its members: "
                f"{', '.join(m.name for m in guild.members)}."
            )
        self.guild = guild
        self.channel = guild.channels[0]
        self.user = self.ld.member(self.user.name, guild=guild)
        self.say(f"You are {self.user.name} in {guild.name}, #{self.channel.name}.")

    def switch_channel(self, name: str) -> None:
        if not name:
            self.say("  " + "  ".join(f"#{c.name}" for c in self.guild.channels))
            return
        channel = self.guild.channel(name)
        if channel is None:
            channel = self.guild.add_channel(name.lstrip("#"))
            self.ld.refresh_guild(self.guild)
            self.say(f"Created #{channel.name}.")
        self.channel = channel
        self.say(f"You are in #{channel.name}.")

    # -- buttons and selects

    def show_choices(self) -> None:
        if not self.choices:
            self.say("No buttons to press right now.")
        for number, (_, component) in enumerate(self.choices, 1):
            self.say(self._choice_line(number, component))

    async def use_choice(self, number: int, value: str) -> None:
        if not 1 <= number <= len(self.choices):
            self.say(
                f"There is no choice {number}."
                + (" Type choices to list them." if self.choices else "")
            )
            return
        message_id, shown = self.choices[number - 1]
        current = self.ld.message(message_id)
        component = (
            next((c for c in current.buttons if c.get("custom_id") == shown.get("custom_id")), None)
            if current
            else None
        )
        if component is None:
            self.say("That button is no longer there.")
            return
        if component.get("disabled"):
            self.say("That button is disabled.")
            return
        if component["type"] == 2:
            result = await self.ld.press(message_id, component, user=self.user)
        else:
            values = self._select_values(component, value)
            result = await self.ld.select(message_id, component, values, user=self.user)
        await self.show(result)

    def _select_values(self, component: Mapping[str, Any], typed: str) -> list[Any]:
        wanted = [v.strip() for v in typed.split(",") if v.strip()]
        if not wanted:
            raise CommandInputError("Type the number, then your choice, e.g. 2 SA.")
        if component["type"] != 3:  # user, role, mentionable, channel selects
            found = [
                self.guild.member(w) or self.guild.role(w) or self.guild.channel(w) for w in wanted
            ]
            if None in found:
                raise CommandInputError(
                    f"No member, role or channel {wanted[found.index(None)]!r}."
                )
            return found
        values = []
        for w in wanted:
            option = next(
                (
                    o
                    for o in component.get("options", ())
                    if w.casefold() in (str(o["label"]).casefold(), str(o["value"]).casefold())
                ),
                None,
            )
            if option is None:
                listed = ", ".join(o["label"] for o in component.get("options", ()))
                raise CommandInputError(f"{w!r} is not one of: {listed}.")
            values.append(option["value"])
        return values

    def _choice_line(self, number: int, component: Mapping[str, Any]) -> str:
        disabled = " (disabled)" if component.get("disabled") else ""
        if component["type"] == 2:
            label = component.get("label") or (component.get("emoji") or {}).get("name") or "button"
            return f"  [{number}] {label}{disabled}"
        listed = ", ".join(o["label"] for o in component.get("options", ())) or "type names"
        what = component.get("placeholder") or "Choose"
        return f"  [{number}] {what}: {listed}{disabled}  (type {number} and your choice)"

    # -- showing what the bot sent

    async def show(self, result: InteractionResult) -> None:
        """Print all the bot sent since last time: for this interaction, and anything else."""
        new_choices: list[tuple[int, dict[str, Any]]] = []
        fresh = self.ld.requests[self._seen :]
        self._seen = len(self.ld.requests)
        for request in fresh:
            for line in self._render_request(request, new_choices):
                self.say(line)
        if new_choices:
            self.choices = new_choices
        if result.response is None and not result.exceptions:
            self.say("(TD Bot did not answer: Discord would show 'This interaction failed')")
        for exc in result.exceptions:
            self.say(f"(the bot failed: {type(exc).__name__}: {exc})")
        if result.modal is not None:
            await self.fill_modal(result.modal)

    def _render_request(self, r: Request, choices: list[tuple[int, dict[str, Any]]]) -> list[str]:
        name = self.ld.bot_user.name
        if r.kind in ("login", "sync", "fetch"):
            return []
        if not r.ok:
            message = r.answer.get("message") if isinstance(r.answer, dict) else r.answer
            return [f"(the bot's request {r.method} {r.path} failed: {r.status} {message})"]
        if r.kind == "delete":
            return [f"({name} deleted a message)"]
        if r.kind == "callback":
            kind = r.json["type"]
            if kind == 5:
                return [
                    f"{name} is thinking…"
                    + (f" {ONLY_YOU}" if r.message and r.message.ephemeral else "")
                ]
            if kind not in (4, 7):
                return []
            header = name if kind == 4 else f"{name} (updated the message)"
        elif r.kind == "followup":
            header = name
        elif r.kind == "edit":
            header = f"{name} (edited)"
        elif r.kind == "channel_message":
            header = f"{name} in #{self._channel_name(r.message.channel_id) if r.message else '?'}"
        else:
            return []
        if r.message is None:
            return []
        return self._render_message(header, r.message, choices)

    def _render_message(
        self, header: str, message: Message, choices: list[tuple[int, dict[str, Any]]]
    ) -> list[str]:
        lines = [f"{header}{' ' + ONLY_YOU if message.ephemeral else ''}:"]
        lines += ["  " + line for line in self._plain(message.content).splitlines()]
        for embed in message.embeds:
            lines += self._render_embed(embed)
        for text in text_displays(message.components):
            lines += ["  " + line for line in self._plain(text).splitlines()]
        for f in message.files:
            lines.append(f"  [file] {f.filename} ({f.size:,} bytes)")
        for component in interactive_components(message.components):
            if component["type"] == 2 and component.get("url"):
                lines.append(f"  [link] {component.get('label', '')}: {component['url']}")
            elif "custom_id" in component:
                choices.append((message.id, component))
                lines.append(self._choice_line(len(choices), component))
        return lines

    def _render_embed(self, embed: Mapping[str, Any]) -> list[str]:
        bar = "  | "
        lines = []
        if author := (embed.get("author") or {}).get("name"):
            lines.append(bar + author)
        if title := embed.get("title"):
            lines.append(bar + self._plain(title))
        lines += [bar + line for line in self._plain(embed.get("description") or "").splitlines()]
        for f in embed.get("fields", ()):
            value = self._plain(f.get("value") or "").splitlines()
            name = self._plain(f.get("name") or "")
            if len(value) == 1 and len(name) + len(value[0]) < 80:
                lines.append(f"{bar}{name}: {value[0]}")
            else:
                lines.append(f"{bar}{name}:")
                lines += [f"{bar}  {v}" for v in value]
        if footer := (embed.get("footer") or {}).get("text"):
            lines.append(f"{bar}-- {self._plain(footer)}")
        return lines

    def _plain(self, text: str) -> str:
        """Mentions and timestamps as a Discord client shows them."""

        def user(m: re.Match[str]) -> str:
            found = self.ld.get_user(int(m[1]))
            return f"@{found.name}" if found else m[0]

        def role(m: re.Match[str]) -> str:
            found = self.ld.get_role(int(m[1]))
            return f"@{found.name}" if found else m[0]

        def channel(m: re.Match[str]) -> str:
            return f"#{self._channel_name(int(m[1]))}"

        def stamp(m: re.Match[str]) -> str:
            return dt.datetime.fromtimestamp(int(m[1]), dt.UTC).strftime("%Y-%m-%d %H:%M UTC")

        text = re.sub(r"<@&(\d+)>", role, text)
        text = re.sub(r"<@!?(\d+)>", user, text)
        text = re.sub(r"<#(\d+)>", channel, text)
        return re.sub(r"<t:(\d+)(?::\w)?>", stamp, text)

    def _channel_name(self, channel_id: int) -> str:
        found = self.ld.get_channel(channel_id)
        return found.name if found else str(channel_id)

    async def fill_modal(self, modal: Mapping[str, Any]) -> None:
        """Ask for each field of a form the bot opened, then submit it."""
        self.say(
            f"{self.ld.bot_user.name} opens a form: {modal.get('title', '')} (answer each line)"
        )
        values: dict[str, Any] = {}
        for label, field in _modal_fields(modal.get("components", ())):
            if field["type"] == 10:
                self.say("  " + self._plain(field.get("content", "")))
                continue
            hint = "" if field.get("required", True) else " (optional)"
            if field["type"] == 3:
                hint += " [" + ", ".join(o["label"] for o in field.get("options", ())) + "]"
            answer = await self._reader.readline(f"  {label}{hint}: ")
            if answer is None:
                self.say("(form abandoned)")
                return
            if not self.interactive:
                self.say(f"  {label}{hint}: {answer}")
            values[field["custom_id"]] = (
                self._select_values(field, answer) if field["type"] == 3 else answer
            )
        await self.show(await self.ld.submit(modal, values, user=self.user))

    # -- help

    def help(self, topic: str = "") -> None:
        topic = topic.strip().lstrip("/")
        if topic:
            matches = [
                c for c in self.ld.commands(self.guild) if c.qualified_name.startswith(topic)
            ]
            if not matches:
                self.say(f"There is no /{topic} command.")
            for command in matches:
                self._help_command(command)
            return
        self.say(CONSOLE_HELP)
        self.say("Bot commands (help COMMAND for its options):")
        for command in self.ld.commands(self.guild):
            self.say(f"  /{command.qualified_name}  {command.description}")

    def _help_command(self, command: app_commands.Command[Any, ..., Any]) -> None:
        usage = " ".join(
            f"{p.display_name}:…" if p.required else f"[{p.display_name}:…]"
            for p in command.parameters
        )
        self.say(f"/{command.qualified_name} {usage}".rstrip() + f"  {command.description}")
        for p in command.parameters:
            kind = _TYPE_NAMES.get(p.type, p.type.name)
            extra = "; choices: " + ", ".join(c.name for c in p.choices) if p.choices else ""
            if p.autocomplete:
                extra += "; suggestions as you type in Discord"
            state = "required" if p.required else "optional"
            self.say(f"  {p.display_name} ({kind}, {state}): {p.description}{extra}")

    def say(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()


def _modal_fields(components: Any, label: str | None = None) -> list[tuple[str, dict[str, Any]]]:
    """(label, field) for each text input, select and text display of a modal, in order."""
    out: list[tuple[str, dict[str, Any]]] = []
    for c in components:
        if c["type"] == 1:
            out += _modal_fields(c.get("components", ()))
        elif c["type"] == 18:
            out += _modal_fields([c["component"]], c.get("label"))
        elif c["type"] in (3, 4, 10):
            out.append((label or c.get("label") or c.get("placeholder") or "answer", c))
    return out
