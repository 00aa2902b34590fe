"""The driver (:class:`LocalDiscord`): the fake API plus a cast, a logged-in bot, and the ways a
test, a benchmark or the console interacts with it (slash commands, buttons, selects, modals).

It starts the server, points ``discord.http.Route.BASE`` at it, logs a real
``discord.Client``/``commands.Bot`` in (the gateway is never connected), feeds payloads to the
client's connection state and returns an :class:`~localdiscord.results.InteractionResult` once the
bot has finished. Every use of discord.py's private API (``Route.BASE`` in :mod:`localdiscord.api`,
``Client._connection`` here) is in this package.
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands

from localdiscord.api import INTERACTION_HEADER, DiscordAPI
from localdiscord.commandline import (
    CommandInputError,
    check_limits,
    convert_value,
    split_options,
    usage,
)
from localdiscord.limits import FILENAME_MAX, UPLOAD_MAX
from localdiscord.models import Attachment, Channel, Guild, Member, Role, User, new_id
from localdiscord.payloads import (
    command_data,
    component_data,
    interaction_payload,
    modal_submit_data,
    option_payload,
)
from localdiscord.records import InteractionRecord, Message, Request
from localdiscord.results import InteractionResult, PendingInteraction

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

    def current_interaction(self) -> InteractionRecord | None:
        """The interaction the calling code runs for: every task the bot starts while handling
        an interaction dispatched here (its command, a button's callback, and what those start)
        knows it; None elsewhere (a background task, the test itself). With
        :meth:`InteractionRecord.wait_acknowledged` a test can make the bot's own calls wait
        until that interaction has been acknowledged."""
        iid = _current_interaction.get()
        return None if iid is None else self._interactions.get(iid)

    def dispatch(
        self, payload: Mapping[str, Any], *, timeout: float | None = None
    ) -> PendingInteraction:
        """Hand an INTERACTION_CREATE payload to the bot; ``await`` the result for what it sent."""
        if self.bot is None:
            raise RuntimeError("no bot is logged in: await ld.login(bot) first")
        record = InteractionRecord(payload)
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
        assert collector is not None  # mypy does not narrow through the "or" above
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
        return command, path, split_options(rest, command)

    def attach(
        self, filename: str, data: bytes, content_type: str = "application/octet-stream"
    ) -> Attachment:
        """A file a member attaches to a command, as Discord takes it: within the upload limit
        (:data:`~localdiscord.limits.UPLOAD_MAX`), kept and served by the stand-in like the
        files Discord stores, so the bot reads it through its URL."""
        if not filename or len(filename) > FILENAME_MAX or "/" in filename:
            raise CommandInputError(f"file: {filename[:40]!r} is not a file name Discord takes.")
        if len(data) > UPLOAD_MAX:
            raise CommandInputError(
                f"file: {filename} is {len(data) / 1024 / 1024:.1f} MB; Discord takes files of "
                f"at most {UPLOAD_MAX // 1024 // 1024} MB here."
            )
        if not data:
            raise CommandInputError(f"file: {filename} is empty; Discord does not attach it.")
        attachment = Attachment(new_id(), filename, content_type, data)
        attachment.url = f"{self.url}/attachments/{attachment.id}/{filename}"
        self.attachments[attachment.id] = attachment
        return attachment

    def attach_path(self, option: str, raw: Any) -> Attachment:
        """The local file ``@path`` (the console's way to attach a file) as an attachment."""
        text = str(raw).strip()
        if not text.startswith("@"):
            raise CommandInputError(f"{option}: attach a local file as {option}:@path/to/file.")
        path = Path(text[1:]).expanduser()
        try:
            data = path.read_bytes()
        except OSError as exc:
            why = exc.strerror or "unreadable"
            raise CommandInputError(f"{option}: cannot read {text[1:]!r} ({why}).") from None
        return self.attach(path.name, data)

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
                f"/{command.qualified_name} has no option {unknown[0]!r}. {usage(command)}"
            )
        missing = [
            p.display_name
            for p in command.parameters
            if p.required and p.display_name not in values
        ]
        if missing and focused is None:
            raise CommandInputError(
                f"/{command.qualified_name} needs {', '.join(m + ':' for m in missing)}."
                f" {usage(command)}"
            )
        built = []
        for name, raw in values.items():
            param = params[name]
            if param.type is discord.AppCommandOptionType.attachment and name != focused:
                attached = raw if isinstance(raw, Attachment) else self.attach_path(name, raw)
                built.append(option_payload(name, attached, 11, resolved=resolved))
                continue
            if name == focused:
                built.append(
                    {"name": name, "type": param.type.value, "value": str(raw), "focused": True}
                )
                continue
            value = convert_value(param, raw, guild)
            check_limits(param, value)
            built.append(option_payload(name, value, param.type.value, resolved=resolved))
        return built
