"""Exact JSON round-trips for the engine's frozen dataclasses (state, events, rulings).

One generic converter driven by the type hints, so adding a field to a value never needs
serialisation code: ``from_data(T, to_data(x)) == x`` for every value the engine stores.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, TypeVar, Union, overload

from core.cards import Card, Hand, parse_card, parse_hand
from core.text import Msg

T = TypeVar("T")


class DataError(ValueError):
    """Stored data that does not fit the type it is read as."""


#: Values stored as they are, recognised by their exact type first (most of a state's leaves).
_PLAIN = frozenset({str, int, bool, float, type(None)})


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def to_data(value: Any) -> Any:
    """A JSON-ready structure (dicts, lists, strings, numbers) for an engine value."""
    if type(value) in _PLAIN:  # not a StrEnum or an IntEnum: those are their exact types' kin
        return value
    if isinstance(value, Msg):
        return value.to_data()
    if isinstance(value, Enum):  # first: a StrEnum is a str too, but stored as its plain value
        return value.value
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Hand):
        return value.pbn
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_data(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value) if isinstance(value, frozenset | set) else value
        return [to_data(v) for v in items]
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    raise DataError(f"cannot store a {type(value).__name__}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@overload
def from_data(tp: type[T], data: Any) -> T: ...


@overload
def from_data(tp: Any, data: Any) -> Any: ...


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_data`'s output."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_data(arg, data)
            except (DataError, ValueError, TypeError, KeyError) as exc:
                errors.append(str(exc))
        raise DataError(f"{data!r} fits none of {tp}: {errors}")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise DataError(f"expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], d) for d in data)
        return tuple(from_data(a, d) for a, d in zip(args, data, strict=True))
    if origin is dict:
        key_t, val_t = typing.get_args(tp)
        if not isinstance(data, dict):
            raise DataError(f"expected an object, got {type(data).__name__}")
        return {from_data(key_t, k): from_data(val_t, v) for k, v in data.items()}
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise DataError(f"{data!r} is not one of {typing.get_args(tp)}")
        return data
    if tp is Msg:
        return Msg.from_data(data)
    if tp is Card:
        return parse_card(data)
    if tp is Hand:
        return parse_hand(data)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise DataError(f"expected an object for {tp.__name__}, got {data!r}")
        hints = _hints(tp)
        missing = [
            f.name
            for f in dataclasses.fields(tp)
            if f.init and f.name not in data
            and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        ]
        if missing:
            raise DataError(f"{tp.__name__} is missing {', '.join(missing)}")
        kwargs = {
            f.name: from_data(hints[f.name], data[f.name])
            for f in dataclasses.fields(tp)
            if f.init and f.name in data
        }
        return tp(**kwargs)
    if tp in (str, int, bool, float):
        if tp is float and isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
            raise DataError(f"expected {tp.__name__}, got {data!r}")
        return data
    raise DataError(f"cannot read a {tp!r}")


def dumps(value: Any) -> str:
    return json.dumps(to_data(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def loads(tp: type[T], text: str) -> T:
    return from_data(tp, json.loads(text))
