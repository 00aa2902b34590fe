"""What the stand-in keeps: the messages the bot sent, its requests, faults, interactions."""

from __future__ import annotations

import asyncio
import fnmatch
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from localdiscord.models import Attachment
from localdiscord.payloads import interactive_components

EPHEMERAL = 1 << 6
LOADING = 1 << 7


class Message:
    """A snapshot of a message the bot sent, as Discord would store it (:attr:`data`)."""

    def __init__(self, data: Mapping[str, Any], files: Mapping[int, Attachment]) -> None:
        # The store never changes a message's nested values in place (an edit replaces them), so
        # a copy of the top level (and of its lists) is a snapshot as good as a deep copy.
        self.data: dict[str, Any] = {k: list(v) if type(v) is list else v for k, v in data.items()}
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

    def answer(self, path: str) -> Any:
        """The body answered with :attr:`status`: :attr:`body` if given, else Discord's own."""
        if self.body is not None:
            return self.body
        if self.status == 429:
            return {
                "message": "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": False,
            }
        return _discord_error_body(self.status or 0, path)


def _discord_error_body(status: int, path: str) -> dict[str, Any]:
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


class InteractionRecord:
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
        self._acknowledged = asyncio.Event()
        self.dispatched_at = time.perf_counter()
        self.requests: list[Request] = []
        self.tasks: set[asyncio.Task[Any]] = set()
        self.changed = asyncio.Event()
        self.cursor = 0

    @property
    def acknowledged(self) -> bool:
        """Whether the stand-in has accepted the bot's first response to this interaction (its
        interaction callback: an answer, "thinking…", a modal or a deferred update)."""
        return self._acknowledged.is_set()

    @acknowledged.setter
    def acknowledged(self, value: bool) -> None:
        if value:
            self._acknowledged.set()
        else:
            self._acknowledged.clear()

    async def wait_acknowledged(self) -> None:
        """Return once :attr:`acknowledged` is true: a hook for tests that hold the bot's own
        work (its database, say) until Discord has been answered, to prove that the bot
        acknowledges first without timing anything (``tests/cogs/directors/
        test_slow_database.py``). It never returns for an interaction that is not answered."""
        await self._acknowledged.wait()

    def add(self, request: Request) -> None:
        self.requests.append(request)
        self.changed.set()
