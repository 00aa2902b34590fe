"""The bot class, its command tree and the one error policy every command and view shares.

``bot.py`` builds a :class:`TDBot` from the settings; tests build one directly (with a storage
object and the extensions they need) and log it in against :mod:`localdiscord`.

Every cog's callbacks take a ``discord.Interaction[TDBot]``, so the type checker sees the bot
(``interaction.client``) they run in. discord.py types the callbacks of its views and buttons
(``Item.callback``, ``DynamicItem.from_custom_id``, ``View.on_error``...) with a ``ClientT`` bound
to no class, so no override can name the bot: those overrides, and only those, carry
``# type: ignore[override]  # unbound ClientT``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs.messages import N_, localize
from cogs.translator import CatalogTranslator
from core.errors import USER_ERRORS
from core.storage.errors import NOT_SAVED, STORAGE_ERRORS, is_outage
from core.storage.service import Storage

log = logging.getLogger(__name__)
T = TypeVar("T")

#: The cogs the bot loads, in order. Add a cog here when it is written.
EXTENSIONS: tuple[str, ...] = (
    "cogs.meta",
    "cogs.session",
    "cogs.table",
    "cogs.incidents",
    "cogs.followups",
    "cogs.claims",
    "cogs.reports",
    "cogs.directors",
    "cogs.desk",
    "cogs.log",
    "cogs.help",
    "cogs.retention",
)

#: Discord's codes for an interaction it no longer knows (unknown interaction, unknown webhook).
EXPIRED_CODES = (10062, 10015)
#: Discord's code for an interaction answered already: a redelivery whose first delivery (or a
#: concurrent one) answered it. Expected, not an error: the redelivery wrote nothing new.
ALREADY_ACKNOWLEDGED = 40060

UNEXPECTED_ERROR = N_(
    "Something went wrong on our side and it has been logged. "
    "Please try again, or call the director if it keeps happening."
)
OUTDATED_COMMAND = N_(
    "This command has changed since Discord last saw it. Try again in a minute, "
    "or ask the server's admin to restart the bot."
)
NOT_ALLOWED = N_("You are not allowed to use this command here.")


def user_message(
    error: BaseException, locale: discord.Locale | str | None = None
) -> str | None:
    """The short message a user sees for ``error``, or ``None`` if the error is unexpected.

    Known errors: the engine's ``USER_ERRORS`` (their text is written for players), discord.py's
    check failures (missing permissions or roles, guild only, cooldown), a value a transformer could
    not convert, and commands Discord knows but this bot no longer has. The cogs' own texts are
    in the reader's ``locale`` when a catalog has them; the engine's stay English (issue 29).
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, USER_ERRORS + STORAGE_ERRORS):
        return sentence(_inert(str(error)))
    if isinstance(error, app_commands.TransformerError):
        cause = error.__cause__
        if isinstance(cause, USER_ERRORS):
            return _inert(str(cause))
        return _inert(f"{str(error.value)[:40]!r} is not a valid {error.type.name}.")
    if isinstance(error, app_commands.CommandOnCooldown):
        return localize(
            locale,
            N_("Slow down: try again in {seconds} seconds."),
            seconds=f"{error.retry_after:.0f}",
        )
    if isinstance(error, app_commands.NoPrivateMessage):
        return localize(locale, N_("This command only works in a server."))
    if isinstance(error, app_commands.MissingPermissions | app_commands.BotMissingPermissions):
        return str(error)
    if isinstance(error, app_commands.MissingRole | app_commands.MissingAnyRole):
        return localize(locale, N_("You don't have the role this command needs."))
    if type(error) is app_commands.CheckFailure:
        return localize(locale, NOT_ALLOWED)
    if isinstance(error, app_commands.CheckFailure):
        # A cog's own check raises a CheckFailure subclass whose text is written for the user;
        # a cogs.context.ContextError keeps its template and values for the reader's language.
        template = getattr(error, "template", None)
        if isinstance(template, str) and template:
            return localize(locale, template, **getattr(error, "params", {}))
        return str(error) or localize(locale, NOT_ALLOWED)
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return localize(locale, OUTDATED_COMMAND)
    return None


#: How long a deferred command may work before "thinking…" is sent. A command that answers
#: sooner (nearly all: a table lookup and a ruling take a few milliseconds) reaches Discord in one
#: request instead of two; a slower one (a slow database, a big log query) is still acknowledged
#: far inside Discord's three seconds. benchmarks/README.md (issue 14, the "lazy
#: acknowledgement" lever) gives the figures that justify it.
ACK_AFTER = 0.25


async def defer(
    interaction: discord.Interaction[TDBot], *, ephemeral: bool = False, update: bool = False
) -> None:
    """Promise an answer before any database call: Discord forgets an interaction that is not
    answered within three seconds, and a slow database must not turn a saved write into "the
    application did not respond". The acknowledgement ("thinking…", only to the user if
    ``ephemeral``; with ``update``, a button's deferred edit of its message) is sent only if the
    answer is not ready after :data:`ACK_AFTER` seconds; :func:`respond` and :func:`edit_pressed`
    answer directly when it was not needed. Never raises."""
    if interaction.response.is_done() or "ack" in interaction.extras:
        return
    loop = asyncio.get_running_loop()

    def send_now() -> None:
        interaction.extras["ack"] = loop.create_task(
            _acknowledge(interaction, ephemeral=ephemeral, update=update)
        )

    interaction.extras["ack"] = loop.call_later(ACK_AFTER, send_now)


async def _acknowledge(
    interaction: discord.Interaction[TDBot], *, ephemeral: bool, update: bool
) -> None:
    """Send the acknowledgement :func:`defer` promised."""
    if interaction.response.is_done():
        return
    try:
        if update and interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            interaction.extras["thinking"] = "ephemeral" if ephemeral else "public"
    except discord.HTTPException as exc:
        # Expired or refused: still do the work (a redelivery then finds it done), only the
        # answer is lost. Answered already: a redelivery, expected.
        level = logging.INFO if exc.code == ALREADY_ACKNOWLEDGED else logging.WARNING
        log.log(level, "Could not acknowledge interaction %s: %s", interaction.id, exc)


async def settle(interaction: discord.Interaction[TDBot]) -> None:
    """Before answering: drop an acknowledgement :func:`defer` has not sent yet (the answer is
    the response), or wait for one already on its way (the answer then follows it)."""
    ack = interaction.extras.pop("ack", None)
    if isinstance(ack, asyncio.TimerHandle):
        ack.cancel()
    elif isinstance(ack, asyncio.Task):
        await ack


async def respond(
    interaction: discord.Interaction[TDBot], content: str | None = None, **kwargs: Any
) -> None:
    """Answer ``interaction``: the first answer is its response, any later one a followup.

    After a "thinking…" deferral Discord turns the first followup into that message, keeping its
    visibility: an answer that must be seen differently replaces it (deleted, then sent anew)."""
    if content is not None:
        kwargs["content"] = content
    await settle(interaction)
    if not interaction.response.is_done():
        await interaction.response.send_message(**kwargs)
        return
    thinking = interaction.extras.pop("thinking", None)
    if thinking is None and not interaction.extras.get("answered"):
        deferred = (
            interaction.response.type is discord.InteractionResponseType.deferred_channel_message
        )
        thinking = "unknown" if deferred else None
    interaction.extras["answered"] = True
    if thinking is not None and (thinking == "ephemeral") != bool(kwargs.get("ephemeral")):
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    await interaction.followup.send(**kwargs)


async def edit_pressed(interaction: discord.Interaction[TDBot], **kwargs: Any) -> None:
    """Edit the message whose button was pressed (after :func:`defer` or not)."""
    await settle(interaction)
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def report_error(interaction: discord.Interaction[TDBot], error: BaseException) -> None:
    """The error policy: a short ephemeral message; unexpected errors are logged with context.

    The tree uses it for every command; a view or modal calls it from its ``on_error``.
    """
    _refund(interaction)
    original = getattr(error, "original", error)
    if isinstance(original, discord.NotFound) and original.code in EXPIRED_CODES:
        # Discord forgot the interaction (answered too late): nobody is left to tell; whatever
        # was written stays written, and a redelivery finds it.
        log.warning("Interaction %s expired before it was answered: %s", interaction.id, original)
        return
    if isinstance(original, discord.HTTPException) and original.code == ALREADY_ACKNOWLEDGED:
        log.info("Interaction %s was already answered (delivered again): %s",
                 interaction.id, original)
        return
    if isinstance(original, app_commands.TransformerError):
        cause = original.__cause__
        if cause is not None and not isinstance(cause, USER_ERRORS):
            # the user is told the value is not valid; the parser's own failure is a bug
            log.error("Option %r could not be converted (%s) in interaction %s",
                      str(original.value)[:100], type(cause).__name__, interaction.id,
                      exc_info=cause)
    message = user_message(error, interaction.locale)
    if message is None and is_outage(error):
        message = NOT_SAVED  # core's text: English for now
        log.error(
            "Database unavailable, nothing saved, in interaction %s (guild %s): %s",
            interaction.id,
            interaction.guild_id,
            getattr(error, "original", error),
        )
    if message is None:
        original = getattr(error, "original", error)
        command = interaction.command.qualified_name if interaction.command else None
        log.exception(
            "Unexpected error in %s (interaction %s, guild %s, channel %s, user %s)",
            f"/{command}" if command else f"component {_custom_id(interaction)!r}",
            interaction.id,
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id if interaction.user else None,
            exc_info=original,
        )
        message = localize(interaction.locale, UNEXPECTED_ERROR)
    if interaction.type is discord.InteractionType.autocomplete:
        return  # nothing can be shown while the user types
    try:
        await respond(interaction, message, ephemeral=True)
    except discord.HTTPException as exc:
        # answered already: a redelivery's lot, expected
        expected = exc.code == ALREADY_ACKNOWLEDGED
        log.log(logging.INFO if expected else logging.WARNING,
                "Could not tell user %s about an error: %s", interaction.user.id, exc)


def refundable_cooldown(
    rate: int, per: float, *, key: Callable[[discord.Interaction[TDBot]], Hashable | None]
) -> Callable[[T], T]:
    """A cooldown check that only counts commands that worked: a command that failed gives its
    use back (see :func:`report_error`), and a ``key`` of ``None`` (e.g. in DMs) uses nothing."""
    return app_commands.check(refundable_limit(rate, per, key=key))


def refundable_limit(
    rate: int, per: float, *, key: Callable[[discord.Interaction[TDBot]], Hashable | None]
) -> Callable[[discord.Interaction[TDBot]], bool]:
    """The allowance behind :func:`refundable_cooldown`, as a plain check (buttons call it
    first thing): raises ``CommandOnCooldown`` when it is used up.

    The allowances belong to the bot that answers (a bot started anew, as in the tests, starts
    with full ones), not to the module that declares the check."""
    per_bot: weakref.WeakKeyDictionary[discord.Client, dict[Hashable, app_commands.Cooldown]] = (
        weakref.WeakKeyDictionary()
    )

    def predicate(interaction: discord.Interaction[TDBot]) -> bool:
        k = key(interaction)
        if k is None:
            return True
        buckets = per_bot.setdefault(interaction.client, {})
        if len(buckets) > 10_000:
            buckets.clear()
        bucket = buckets.setdefault(k, app_commands.Cooldown(rate, per))
        retry_after = bucket.update_rate_limit(interaction.created_at.timestamp())
        if retry_after:
            raise app_commands.CommandOnCooldown(bucket, retry_after)
        interaction.extras["cooldown"] = bucket
        return True

    return predicate


def per_member(interaction: discord.Interaction[TDBot]) -> tuple[int, int] | None:
    """Cooldown key: the same user in another guild has a separate allowance; none in DMs."""
    if interaction.guild_id is None:
        return None
    return (interaction.guild_id, interaction.user.id)


#: Commands that write (or post to the directors) and have no allowance of their own: per
#: member, :data:`WRITE_RATE` in :data:`WRITE_PER` seconds. Generous for a table's evening
#: (a board set, a seat, a consultation), a bound for a flood. Checked before the command runs,
#: with no await in between, so a burst sent at once is counted one by one.
WRITE_RATE, WRITE_PER = 12, 10.0


def _refund(interaction: discord.Interaction[TDBot]) -> None:
    bucket = interaction.extras.pop("cooldown", None)
    if bucket is not None:
        bucket._tokens = min(bucket.rate, bucket._tokens + 1)


def _inert(text: str) -> str:
    """Engine messages quote what the user typed: never let that render as markdown or ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text, as_needed=True))


def sentence(text: str) -> str:
    """An engine or storage message as a sentence: capital first letter, final stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _custom_id(interaction: discord.Interaction[TDBot]) -> str | None:
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = data.get("custom_id")
    return custom_id if isinstance(custom_id, str) else None


def _unstorable(text: str) -> bool:
    """NUL, which PostgreSQL refuses in text, or a lone surrogate, which no database stores."""
    return "\x00" in text or any("\ud800" <= c <= "\udfff" for c in text)


def option_problem(interaction: discord.Interaction[TDBot]) -> str | None:
    """Why the options of a slash command cannot be accepted, or ``None``.

    Discord only advertises ``Range`` bounds to its client: a crafted or outdated request still
    brings table 201 or 900 characters, so the bounds are enforced here for every command. Text
    a database cannot store (NUL, lone surrogates) is refused before it reaches one."""
    command = interaction.command
    data: Any = interaction.data or {}
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand (group)
        options = options[0].get("options") or []
    params = {p.display_name: p for p in getattr(command, "parameters", ())}
    for option in options:
        name, value = option.get("name"), option.get("value")
        if isinstance(value, str) and _unstorable(value):
            return (
                f"The {name} contains a character that cannot be stored (a NUL or a broken "
                "emoji): remove it and try again."
            )
        param = params.get(name)
        if param is None or isinstance(value, bool):
            continue
        low, high = param.min_value, param.max_value
        size = len(value) if isinstance(value, str) else value
        if not isinstance(size, int | float):
            continue
        if isinstance(value, str):
            if high is not None and size > high:
                return f"The {name} is too long ({size} characters; at most {high})."
            if low is not None and size < low:
                return f"The {name} is too short ({size} characters; at least {low})."
            continue
        if low is not None and size < low or high is not None and size > high:
            if low is not None and high is not None:
                bound = f"between {low} and {high}"
            elif low is not None:
                bound = f"at least {low}"
            else:
                bound = f"at most {high}"
            return f"The {name} must be {bound}."
    return None


class TDTree(app_commands.CommandTree["TDBot"]):
    """The command tree; every command error goes through :func:`report_error`."""

    async def interaction_check(self, interaction: discord.Interaction[TDBot]) -> bool:
        """Refuse options outside their declared bounds or unstorable, before any command."""
        if interaction.type is not discord.InteractionType.application_command:
            return True
        problem = option_problem(interaction)
        if problem is None:
            return True
        try:
            await respond(interaction, _inert(problem), ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("Could not refuse interaction %s: %s", interaction.id, exc)
        return False

    async def on_error(
        self, interaction: discord.Interaction[TDBot], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)


class TDBot(commands.AutoShardedBot):
    """tdbot: app commands only, no privileged intents, nobody pinged unless a command says so.

    Auto-sharded: one process runs every shard by default; a large deployment runs several
    processes, each with its own ``shard_ids`` and the same ``shard_count``, sharing one
    PostgreSQL database.

    ``storage`` is the storage object (issue 5) cogs use to open one session per interaction;
    ``extensions`` the cogs to load; commands are synced to ``dev_guild_id`` on every start if
    it is set, and globally only when ``sync_global`` is true (``python bot.py --sync``).
    """

    def __init__(
        self,
        *,
        storage: Storage | None = None,
        extensions: Sequence[str] = EXTENSIONS,
        dev_guild_id: int | None = None,
        sync_global: bool = False,
        **options: Any,
    ) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # never joins voice
        intents = discord.Intents.none()
        intents.guilds = True  # roles and channels: director role checks, the log channel
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=TDTree,
            help_command=None,
            **options,
        )
        self.storage: Storage | None = storage
        self.initial_extensions = tuple(extensions)
        self.dev_guild_id = dev_guild_id
        self.sync_global = sync_global

    async def setup_hook(self) -> None:
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        # The commands' French, Dutch and German names and descriptions, published on sync.
        await self.tree.set_translator(CatalogTranslator())
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to the development guild %s", len(synced), guild.id)
        if self.sync_global:
            synced = await self.tree.sync()
            log.info("Synced %d commands globally (they may take an hour to appear)", len(synced))


write_cooldown = refundable_cooldown(WRITE_RATE, WRITE_PER, key=per_member)

#: Buttons that write (declarer's choice, "W has lost the lead"): per member, an allowance of
#: their own, checked first thing in the press with no await before it (issue 25).
PRESS_RATE, PRESS_PER = 12, 10.0
press_allowance = refundable_limit(PRESS_RATE, PRESS_PER, key=per_member)

#: Directors' writes (verdicts, answers, set-up, table channels, a penalty card returned): an
#: allowance of their own, so a director's evening of verdicts never eats into his seat's.
DIRECTOR_RATE, DIRECTOR_PER = 20, 10.0
directors_cooldown = refundable_cooldown(DIRECTOR_RATE, DIRECTOR_PER, key=per_member)
