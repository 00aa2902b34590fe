"""Building what Discord sends the bot: INTERACTION_CREATE payloads, their ``data`` and options."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from localdiscord.models import (
    BOT_PERMISSIONS,
    Attachment,
    Channel,
    Member,
    Role,
    User,
    new_id,
    permission_bits,
    stable_id,
)

_BUTTON, _TEXT_INPUT = 2, 4
_SELECTS = (3, 5, 6, 7, 8)
_ACTION_ROW, _LABEL = 1, 18


_PY_OPTION_TYPES: tuple[tuple[type, int], ...] = ((bool, 5), (int, 4), (float, 10), (str, 3))


def option_payload(
    name: str,
    value: Any,
    type: int | None = None,
    *,
    resolved: dict[str, dict[str, Any]],
    focused: bool = False,
) -> dict[str, Any]:
    """One command option as Discord sends it; users, members, roles and channels are added to
    ``resolved``. ``type`` defaults to the one the Python value implies (bool 5, int 4, float 10,
    str 3, Member/User 6, Role 8, Channel 7, Attachment 11)."""
    if isinstance(value, Member | User):
        user = value.user if isinstance(value, Member) else value
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if isinstance(value, Member):
            resolved.setdefault("members", {})[str(user.id)] = value.payload(with_user=False)
        type, value = type or 6, str(user.id)
    elif isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        type, value = type or 8, str(value.id)
    elif isinstance(value, Channel):
        data = {
            k: v for k, v in value.payload().items() if k in ("id", "name", "type", "parent_id")
        }
        data["permissions"] = str(discord.Permissions.all().value)
        resolved.setdefault("channels", {})[str(value.id)] = data
        type, value = type or 7, str(value.id)
    elif isinstance(value, Attachment):
        resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
        type, value = type or 11, str(value.id)
    elif type is None:
        type = next((t for py, t in _PY_OPTION_TYPES if isinstance(value, py)), 3)
    option: dict[str, Any] = {"name": name, "type": type, "value": value}
    if focused:
        option["focused"] = True
    return option


def command_data(
    path: str | Sequence[str],
    options: Sequence[dict[str, Any]] = (),
    *,
    resolved: Mapping[str, Any] | None = None,
    guild_id: int | None = None,
    command_id: int | None = None,
) -> dict[str, Any]:
    """``data`` of a slash command interaction. ``path`` is ``"name"``, ``"name sub"`` (subcommand,
    option type 1) or ``"name group sub"`` (group type 2, then subcommand type 1). ``guild_id`` only
    for a guild command (discord.py looks guild commands up by it)."""
    name, *subs = path.split() if isinstance(path, str) else list(path)
    nested = list(options)
    for depth, sub in reversed(list(enumerate(subs))):
        nested = [{"name": sub, "type": 1 if depth == len(subs) - 1 else 2, "options": nested}]
    data: dict[str, Any] = {
        "id": str(command_id or stable_id("command", name)),
        "name": name,
        "type": 1,
        "options": nested,
    }
    if resolved:
        data["resolved"] = dict(resolved)
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


def interaction_payload(
    kind: int,
    *,
    application_id: int,
    user: Member | User,
    channel: Channel | None = None,
    data: Mapping[str, Any] | None = None,
    message: Mapping[str, Any] | None = None,
    interaction_id: int | None = None,
    locale: str | None = None,
    app_permissions: int | discord.Permissions = BOT_PERMISSIONS,
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload: ``kind`` 2 command, 3 component, 4 autocomplete, 5 modal
    submit. A :class:`Member` makes a guild interaction, a :class:`User` a DM one; ``locale``
    defaults to the user's own (:attr:`User.locale`)."""
    iid = interaction_id or new_id()
    payload: dict[str, Any] = {
        "id": str(iid),
        "application_id": str(application_id),
        "type": kind,
        "token": f"local-token-{iid}",
        "version": 1,
        "attachment_size_limit": 10 * 1024 * 1024,
        "locale": locale or (user.user if isinstance(user, Member) else user).locale,
        "app_permissions": str(permission_bits(app_permissions)),
        "entitlements": [],
    }
    if isinstance(user, Member):
        guild = user.guild
        channel = channel or (guild.channels[0] if guild.channels else None)
        payload.update(
            guild_id=str(guild.id),
            guild_locale="en-US",
            member=user.payload(),
            guild={"id": str(guild.id), "locale": "en-US", "features": []},
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        payload.update(
            user=user.payload(), authorizing_integration_owners={"1": str(user.id)}, context=1
        )
    if channel is not None:
        payload["channel"] = channel.payload()
        payload["channel_id"] = str(channel.id)
    if data is not None:
        payload["data"] = dict(data)
    if message is not None:
        payload["message"] = dict(message)
    return payload


def interactive_components(components: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Buttons and selects of a message, in display order (action rows, containers, sections)."""
    found: list[dict[str, Any]] = []
    for component in components:
        if component.get("type") == _BUTTON or component.get("type") in _SELECTS:
            found.append(dict(component))
        found += interactive_components(component.get("components", ()))
        for key in ("accessory", "component"):
            if key in component:
                found += interactive_components([component[key]])
    return found


def component_data(component: Mapping[str, Any], values: Sequence[Any] = ()) -> dict[str, Any]:
    """``data`` of a button press or select (``values``: strings, or models for user/role/channel
    selects, resolved as Discord does)."""
    data: dict[str, Any] = {
        "custom_id": component["custom_id"],
        "component_type": component["type"],
    }
    if component["type"] in _SELECTS:
        resolved: dict[str, dict[str, Any]] = {}
        data["values"] = [option_payload("v", v, resolved=resolved)["value"] for v in values]
        if resolved:
            data["resolved"] = resolved
    return data


def modal_submit_data(modal: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` of a modal submit mirroring the modal's layout (action rows or labels); ``values``
    maps each field's custom_id or label to the text typed (a list for a select)."""

    def field_for(component: Mapping[str, Any], label: str | None) -> dict[str, Any]:
        key = next(
            (k for k in (component.get("custom_id"), label, component.get("label")) if k in values),
            None,
        )
        raw = values[key] if key is not None else component.get("value", "")
        answer: dict[str, Any] = {"type": component["type"], "custom_id": component["custom_id"]}
        if component["type"] == _TEXT_INPUT:
            answer["value"] = raw
        else:
            answer["values"] = list(raw) if isinstance(raw, list | tuple) else [raw]
        return answer

    def mirror(components: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for c in components:
            if c["type"] == _ACTION_ROW:
                out.append({"type": _ACTION_ROW, "components": mirror(c["components"])})
            elif c["type"] == _LABEL:
                out.append({"type": _LABEL, "component": field_for(c["component"], c.get("label"))})
            elif "custom_id" in c:
                out.append(field_for(c, None))
        return out

    return {"custom_id": modal["custom_id"], "components": mirror(modal.get("components", ()))}
