"""The one error policy every command and view shares, and how an interaction is answered:
defer first, answer once (a response, then followups), a short ephemeral message for every
error a user can act on, and a logged traceback only for the unexpected."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from core.errors import USER_ERRORS
from core.storage.errors import NOT_SAVED, STORAGE_ERRORS, is_outage
from core.text import Msg
from tdbot.limits import refund
from tdbot.messages import N_, Locale, language_of, localize, say
from tdbot.translator import catalog_path, read_catalog

if TYPE_CHECKING:
    from tdbot.client import TDBot

log = logging.getLogger(__name__)


#: Discord's codes for an interaction it no longer knows (unknown interaction, unknown webhook).
EXPIRED_CODES = (10062, 10015)
#: Discord's code for an interaction answered already: a redelivery whose first delivery (or a
#: concurrent one) answered it. Expected, not an error: the redelivery wrote nothing new.
ALREADY_ACKNOWLEDGED = 40060
#: Discord's longest message.
MESSAGE_MAX = 2000

UNEXPECTED_ERROR = N_(
    "Something went wrong on our side and it has been logged. "
    "Please try again, or call the director if it keeps happening."
)
OUTDATED_COMMAND = N_(
    "This command has changed since Discord last saw it. Try again in a minute, "
    "or ask the server's admin to restart the bot."
)
NOT_ALLOWED = N_("You are not allowed to use this command here.")
#: A value a transformer could not convert, by the option's type (whole sentences).
NOT_VALID = {
    "string": N_("{value} is not a valid string."),
    "integer": N_("{value} is not a valid integer."),
    "number": N_("{value} is not a valid number."),
    "boolean": N_("{value} is not a valid boolean."),
    "user": N_("{value} is not a valid user."),
    "channel": N_("{value} is not a valid channel."),
    "role": N_("{value} is not a valid role."),
    "mentionable": N_("{value} is not a valid mentionable."),
    "attachment": N_("{value} is not a valid attachment."),
}
MISSING_PERMISSIONS = N_("You are missing {permissions} permission(s) to run this command.")
BOT_MISSING_PERMISSIONS = N_("Bot requires {permissions} permission(s) to run this command.")


def tree_text(locale: Locale, kind: str, text: str) -> str:
    """A string of the command tree (``kind``: ``name``, ``description`` or ``choice``) as
    Discord shows it to the reader, from the commands' catalogs (else as written)."""
    language = language_of(locale)
    if language is None:
        return text
    return read_catalog(catalog_path(language)).get((kind, text), text)


def permissions_words(locale: Locale, missing: list[str]) -> str:
    """Missing permissions as discord.py names them ("Manage Server"), joined for the reader."""
    names = [p.replace("_", " ").replace("guild", "server").title() for p in missing]
    if len(names) <= 1:
        return "".join(names)
    return localize(locale, N_("{some} and {last}"), some=", ".join(names[:-1]), last=names[-1])


def said(error: BaseException, locale: Locale) -> str:
    """An engine's (or storage's) refusal in the reader's language: its message is a
    :class:`core.text.Msg` (its first argument), or English text from before messages."""
    text = error.args[0] if len(error.args) == 1 else None
    if isinstance(text, Msg):
        return say(locale, text)
    return str(error)


def user_message(
    error: BaseException, locale: Locale = None
) -> str | None:
    """The short message a user sees for ``error``, or ``None`` if the error is unexpected.

    Known errors: the engine's ``USER_ERRORS`` (their text is written for players), discord.py's
    check failures (missing permissions or roles, guild only, cooldown), a value a transformer could
    not convert, and commands Discord knows but this bot no longer has. The cogs' own texts are
    in the reader's ``locale`` when a catalog has them, and so are the engine's refusals made
    of :class:`core.text.Msg` (issue 29).
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, USER_ERRORS + STORAGE_ERRORS):
        return sentence(inert(said(error, locale)))
    if isinstance(error, app_commands.TransformerError):
        cause = error.__cause__
        if isinstance(cause, USER_ERRORS):  # a parser's refusal: said as the others are
            return sentence(inert(said(cause, locale)))
        value = repr(str(error.value)[:40])
        template = NOT_VALID.get(error.type.name)
        if template is None:  # a type Discord added since
            return inert(f"{value} is not a valid {error.type.name}.")
        return inert(localize(locale, template, value=value))
    if isinstance(error, app_commands.CommandOnCooldown):
        return localize(
            locale,
            N_("Slow down: try again in {seconds} seconds."),
            seconds=f"{error.retry_after:.0f}",
        )
    if isinstance(error, app_commands.NoPrivateMessage):
        return localize(locale, N_("This command only works in a server."))
    if isinstance(error, app_commands.MissingPermissions | app_commands.BotMissingPermissions):
        template = (MISSING_PERMISSIONS if isinstance(error, app_commands.MissingPermissions)
                    else BOT_MISSING_PERMISSIONS)
        return localize(locale, template,
                        permissions=permissions_words(locale, error.missing_permissions))
    if isinstance(error, app_commands.MissingRole | app_commands.MissingAnyRole):
        return localize(locale, N_("You don't have the role this command needs."))
    if type(error) is app_commands.CheckFailure:
        return localize(locale, NOT_ALLOWED)
    if isinstance(error, app_commands.CheckFailure):
        # A cog's own check raises a CheckFailure subclass whose text is written for the user;
        # a tdbot.context.ContextError keeps its template and values for the reader's language.
        template = getattr(error, "template", None)
        if isinstance(template, Msg):  # core's words passed on (a deal check's refusal)
            text = say(locale, template)
            return sentence(text) if getattr(error, "as_sentence", False) else text
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


#: ``interaction.extras`` key: the table number a command is about, when it was asked where
#: that table's board may not be shown to everyone (``tdbot.context.shown_here``: the log
#: channel, another table's channel, or any channel but the table's own when it has one); its
#: answers are then the asker's alone, whatever they would be elsewhere.
ELSEWHERE = "elsewhere"


async def respond(
    interaction: discord.Interaction[TDBot], content: str | None = None, **kwargs: Any
) -> None:
    """Answer ``interaction``: the first answer is its response, any later one a followup.

    After a "thinking…" deferral Discord turns the first followup into that message, keeping its
    visibility: an answer that must be seen differently replaces it (deleted, then sent anew).
    An answer about a table asked where its board may not be shown to all (:data:`ELSEWHERE`)
    is the asker's alone: other tables' players may not have played the board."""
    if content is not None:
        kwargs["content"] = content
    if ELSEWHERE in interaction.extras:
        kwargs["ephemeral"] = True
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
    refund(interaction)
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
        message = say(interaction.locale, NOT_SAVED)
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
        # an error may quote what the user typed: never past Discord's 2,000 characters
        if len(message) > MESSAGE_MAX:
            message = message[: MESSAGE_MAX - 1] + "…"
        await respond(interaction, message, ephemeral=True)
    except discord.HTTPException as exc:
        # answered already: a redelivery's lot, expected
        expected = exc.code == ALREADY_ACKNOWLEDGED
        log.log(logging.INFO if expected else logging.WARNING,
                "Could not tell user %s about an error: %s", interaction.user.id, exc)


def inert(text: str) -> str:
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
