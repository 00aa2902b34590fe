"""A local, in-process stand-in for Discord, shared by the tests, the benchmarks and the console.

Its parts, a module each:

* :mod:`~localdiscord.models`: :class:`Guild`, :class:`Member`, :class:`Role`, :class:`Channel`,
  :class:`User` and their snowflake ids.
* :mod:`~localdiscord.payloads`: :func:`interaction_payload`, :func:`command_data`,
  :func:`option_payload`, :func:`component_data` and :func:`modal_submit_data` build
  INTERACTION_CREATE payloads as Discord sends them.
* :mod:`~localdiscord.records`: the messages the bot sent, its requests, faults, interactions.
* :mod:`~localdiscord.limits`: Discord's documented limits, checked on every request.
* **A fake REST API** (:class:`DiscordAPI`, :mod:`~localdiscord.api`): an aiohttp server on
  127.0.0.1 (random port) that answers the calls discord.py makes for app commands: login,
  command sync, interaction callbacks, webhook followups and edits, channel messages. It
  records every request in order (:attr:`DiscordAPI.requests`), keeps the messages the bot sent
  (file bytes included) and can inject faults (:meth:`DiscordAPI.inject`). Anything it does not
  implement is recorded and answered 404, so a test fails instead of hanging.
* **The driver** (:class:`LocalDiscord`, :mod:`~localdiscord.driver`; typed commands are read by
  :mod:`~localdiscord.commandline`): starts the server, points ``discord.http.Route.BASE``
  at it, logs a real ``discord.Client``/``commands.Bot`` in (the gateway is never connected),
  feeds payloads to the client's connection state and returns an :class:`InteractionResult`
  once the bot has finished (:mod:`~localdiscord.results`).
* :mod:`~localdiscord.console` (:class:`Console`): ``python bot.py --console``, the bot typed at
  from a terminal.

It imports nothing from ``cogs/`` or ``core/``: it stands in for Discord, whatever bot it serves.
Every use of discord.py's private API (``Route.BASE``, ``Client._connection``) is in this package.

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

from localdiscord import limits
from localdiscord.api import API_PREFIX, DiscordAPI
from localdiscord.commandline import CommandInputError
from localdiscord.console import ONLY_YOU, Console
from localdiscord.driver import LocalDiscord
from localdiscord.models import (
    BOT_PERMISSIONS,
    CAST,
    DIRECTOR_PERMISSIONS,
    PLAYER_PERMISSIONS,
    Attachment,
    Channel,
    Guild,
    Member,
    Role,
    User,
    new_id,
    stable_id,
)
from localdiscord.payloads import (
    command_data,
    component_data,
    interaction_payload,
    interactive_components,
    modal_submit_data,
    option_payload,
)
from localdiscord.records import (
    EPHEMERAL,
    Fault,
    InteractionRecord,
    Message,
    Request,
    text_displays,
)
from localdiscord.results import InteractionResult, InteractionTimeout, PendingInteraction

__all__ = [
    "API_PREFIX",
    "BOT_PERMISSIONS",
    "CAST",
    "DIRECTOR_PERMISSIONS",
    "EPHEMERAL",
    "ONLY_YOU",
    "PLAYER_PERMISSIONS",
    "Attachment",
    "Channel",
    "CommandInputError",
    "Console",
    "DiscordAPI",
    "Fault",
    "Guild",
    "InteractionRecord",
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
    "limits",
    "modal_submit_data",
    "new_id",
    "option_payload",
    "stable_id",
    "text_displays",
]
