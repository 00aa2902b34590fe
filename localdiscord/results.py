"""What the bot sent for one interaction: :class:`PendingInteraction` while it runs,
:class:`InteractionResult` once it has finished."""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from typing import Any

import discord

from localdiscord.api import DiscordAPI
from localdiscord.models import Attachment
from localdiscord.records import EPHEMERAL, InteractionRecord, Message, Request


class InteractionTimeout(TimeoutError):
    """The bot was still handling an interaction when the wait ran out."""


class InteractionResult:
    """Everything the bot sent for one interaction, once it finished handling it."""

    def __init__(
        self, api: DiscordAPI, record: InteractionRecord, exceptions: list[BaseException]
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

    def __init__(self, api: DiscordAPI, record: InteractionRecord, timeout: float) -> None:
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
