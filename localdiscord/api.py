"""The fake REST API: an aiohttp server answering the calls discord.py makes for app commands.

Login, command sync, interaction callbacks, webhook followups and edits, channel messages. It
records every request in order (:attr:`DiscordAPI.requests`), keeps the messages the bot sent
(file bytes included) and can inject faults (:meth:`DiscordAPI.inject`). Anything it does not
implement is recorded and answered 404, so a test fails instead of hanging. Every body is checked
against Discord's documented limits (:mod:`localdiscord.limits`).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp
import discord
from aiohttp import web

from localdiscord import limits
from localdiscord.models import Attachment, Channel, Guild, Role, User, new_id, stable_id
from localdiscord.records import (
    EPHEMERAL,
    LOADING,
    Fault,
    InteractionRecord,
    Message,
    Request,
)

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
#: Header added to every request the bot makes while handling an interaction dispatched here.
INTERACTION_HEADER = "X-Local-Interaction"


def _now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


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
        ("GET", r"/guilds/(?P<gid>\d+)/members/(?P<uid>\d+)", "_get_member", "fetch"),
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
    return (400, limits.invalid_form_body(errors)) if errors else None


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
        self._interactions: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
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
                return fault.status, fault.answer(path), dict(fault.headers)
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
        record: InteractionRecord | None = None,
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
        if refused := _refused(limits.check_message(edit)):
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
        if refused := _refused(limits.check_commands(request.json)):
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
        if refused := _refused(limits.check_callback(body, files=len(request.files))):
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
        check = limits.check_message(body, creating=creating, files=len(request.files))
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

    def _get_member(self, request: Request, gid: str, uid: str) -> tuple[int, Any]:
        """GET a guild member: no privileged intent needed; 404 for one not in the guild."""
        guild = self.guilds.get(int(gid))
        if guild is None:
            return _error(404, "Unknown Guild", 10004)
        member = next((m for m in guild.members if m.id == int(uid)), None)
        if member is None:
            return _error(404, "Unknown Member", 10007)
        return 200, member.payload()

    def _create_message(self, request: Request, cid: str) -> tuple[int, Any]:
        if self._channel_guild(int(cid)) is None:
            return _error(404, "Unknown Channel", 10003)
        check = limits.check_message(request.json, creating=True, files=len(request.files))
        if refused := _refused(check):
            return refused
        return 200, self._store_message(request, channel_id=int(cid), body=request.json)

    def _channel_message(self, request: Request, cid: str, mid: str) -> tuple[int, Any]:
        data = self.messages.get(int(mid))
        if data is None or data["channel_id"] != cid:
            return _error(404, "Unknown Message", 10008)
        return self._edit_message(request, int(mid))
