"""Sentences for people, decided once in core and said in the reader's language (issue 29).

Core decides what to say, not in which language. A sentence is a :class:`Msg`: its gettext
message id (the English template, with ``{named}`` fields) and the values that fill it —
seats, suits, cards, numbers, other sentences. The Discord side renders it with
:func:`render` and a catalog lookup for the reader (``tdbot/locales/<lang>/LC_MESSAGES/core.po``);
``str(msg)`` is the English, so a Msg prints, compares and is searched as the text it was.

Fields read the values as the f-strings they replaced did: ``{seat.value}`` (``W``),
``{seat.full_name}`` (``West``), ``{seat.side}`` (``E-W``), ``{suit.plural}`` (``spades``),
``{suit.singular}``, ``{suit.symbol}`` (``♠``), ``{card.symbol}`` (``♠K``), ``{card.text}``
(``SK``), ``{n}`` (a number), ``{reason}`` (another Msg, rendered in the same language),
``{opt[trick]}`` and ``{cmd[board set]}`` (an option's or a command's name: in another language
the name the reader's Discord shows, from the catalog that localizes the command tree). In
another language each seat, suit and side word comes from the same catalog (the words marked
with :func:`word` below); a card keeps the notation players type. A plain ``str`` (what a user
typed, a ruling stored before messages) renders as itself.

A Msg is built without formatting anything: the engine makes thousands of rulings a second
(issue 27), and the English is only written when someone reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from typing import Any, TypeAlias

from core.cards import Card, Suit
from core.seats import Seat

#: The reader's catalog: ``(msgid, context)`` → its translation, or ``None`` where it has none.
Translate = Callable[[str, "str | None"], "str | None"]


def word(context: str, text: str) -> str:
    """Marks ``text`` for the catalogs under ``context`` (``pybabel extract -k word:1c,2``)."""
    return text


#: The words a seat, side or suit is said with, marked for the catalogs.
SEAT_LETTERS = {
    Seat.N: word("seat letter", "N"), Seat.E: word("seat letter", "E"),
    Seat.S: word("seat letter", "S"), Seat.W: word("seat letter", "W"),
}
SEAT_NAMES = {
    Seat.N: word("seat", "North"), Seat.E: word("seat", "East"),
    Seat.S: word("seat", "South"), Seat.W: word("seat", "West"),
}
SIDES = {"N-S": word("side", "N-S"), "E-W": word("side", "E-W")}
SUIT_PLURALS = {
    Suit.SPADES: word("suits", "spades"), Suit.HEARTS: word("suits", "hearts"),
    Suit.DIAMONDS: word("suits", "diamonds"), Suit.CLUBS: word("suits", "clubs"),
}
SUIT_SINGULARS = {
    Suit.SPADES: word("suit", "spade"), Suit.HEARTS: word("suit", "heart"),
    Suit.DIAMONDS: word("suit", "diamond"), Suit.CLUBS: word("suit", "club"),
}


#: The catalog context of command and option names (the commands catalog's ``name`` strings).
NAME = "name"


class Names:
    """Command and option names as the reader's Discord shows them, for the fields
    ``{opt[trick]}`` and ``{cmd[board set]}``: a message telling a player what to type must use
    the names his Discord lists, not the English ones (each word of a command path is a name)."""

    __slots__ = ("tr",)

    def __init__(self, tr: Translate | None) -> None:
        self.tr = tr

    def __getitem__(self, names: str) -> str:
        tr = self.tr
        if tr is None:
            return names
        return " ".join(tr(name, NAME) or name for name in names.split(" "))


def names_in(template: str) -> bool:
    """Whether ``template`` names a command or an option (an ``opt[`` or a ``cmd[`` field)."""
    return "{opt[" in template or "{cmd[" in template


def fill(template: str, tr: Translate | None, values: Mapping[str, Any]) -> str:
    """``template`` with its fields filled from ``values`` and its command and option names in
    the language of ``tr`` (English when ``None``)."""
    names = Names(tr)
    return template.format_map({"opt": names, "cmd": names, **values})


class Msg:
    """A sentence: the English template (its message id) and the values of its fields.

    Behaves as its English text where code reads it as text (``str()``, ``==`` with a str,
    ``in``, ``len``, ``+``, f-strings and str methods such as ``.lower()``)."""

    __slots__ = ("template", "params", "_english")

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params: Mapping[str, Any] = params
        self._english: str | None = None

    # -- English, as text ----------------------------------------------------------------
    def __str__(self) -> str:
        english = self._english
        if english is None:
            english = self._english = self.render(None)
        return english

    def __repr__(self) -> str:
        return f"Msg({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg | str):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __len__(self) -> int:
        return len(str(self))

    def __bool__(self) -> bool:
        return bool(self.template) or bool(self.params)

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __getattr__(self, name: str) -> Any:
        """The str methods (``lower``, ``startswith``, ``split`` …) on the English text."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(str(self), name)

    # -- any language --------------------------------------------------------------------
    def render(self, tr: Translate | None) -> str:
        """The sentence in the language of ``tr`` (English when ``None`` or untranslated).

        A translation whose fields do not fit the values (a translator's slip) falls back to
        the English template: never an error in front of a player (the catalog tests catch it).
        """
        template = self.template
        if tr is not None:
            template = tr(template, None) or template
        if not self.params and not names_in(template):
            return template
        values = {key: _value(v, tr) for key, v in self.params.items()}
        try:
            return fill(template, tr, values)
        except (KeyError, AttributeError, IndexError, ValueError):
            return fill(self.template, tr, values)

    def messages(self) -> Iterator[Msg]:
        """This message and every message inside it (fields, parts)."""
        yield self
        for value in self.params.values():
            if isinstance(value, Msg):
                yield from value.messages()

    @staticmethod
    def join(sep: str, parts: Iterable[Text]) -> Msg:
        """``sep.join(parts)`` that keeps each part a sentence of its own."""
        return Joined(sep, tuple(parts))

    # -- storage -------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"msg": self.template}
        if self.params:
            data["params"] = {key: _param_data(v) for key, v in self.params.items()}
        return data

    @staticmethod
    def from_data(data: Any) -> Text:
        """A stored sentence: a Msg stored as data, or a plain string stored before messages."""
        if isinstance(data, str):
            return data
        if isinstance(data, dict):
            if "word" in data:
                return Word(data["context"], data["word"])
            if "join" in data:
                return Joined(data["join"], tuple(Msg.from_data(p) for p in data["parts"]))
            if "msg" in data:
                params = {k: _param_from(v) for k, v in (data.get("params") or {}).items()}
                return Msg(data["msg"], **params)
        raise ValueError(f"not a stored sentence: {data!r}")


class Joined(Msg):
    """Sentences joined by a separator (a ruling's summary is one or more sentences)."""

    __slots__ = ("sep", "parts")

    def __init__(self, sep: str, parts: tuple[Text, ...]) -> None:
        super().__init__("")
        self.sep = sep
        self.parts = parts

    def __bool__(self) -> bool:
        return any(self.parts)

    def render(self, tr: Translate | None) -> str:
        return self.sep.join(render(p, tr) for p in self.parts)

    def messages(self) -> Iterator[Msg]:
        for part in self.parts:
            if isinstance(part, Msg):
                yield from part.messages()

    def to_data(self) -> dict[str, Any]:
        return {"join": self.sep,
                "parts": [p.to_data() if isinstance(p, Msg) else p for p in self.parts]}


class Word(Msg):
    """One word of the catalog said in its context (marked with :func:`word`), such as no-trump
    heading the double-dummy table."""

    __slots__ = ("context",)

    def __init__(self, context: str, text: str) -> None:
        super().__init__(text)
        self.context = context

    def render(self, tr: Translate | None) -> str:
        return (tr(self.template, self.context) if tr is not None else None) or self.template

    def to_data(self) -> dict[str, Any]:
        return {"word": self.template, "context": self.context}


#: No-trump as a strain (a column of the double-dummy table): "SA" in French, Dutch, German.
NOTRUMP = Word("strain", word("strain", "NT"))


#: What a ruling's texts are: a sentence, or plain text (typed by a user, or stored before).
Text: TypeAlias = str | Msg


def render(text: Text, tr: Translate | None = None) -> str:
    """``text`` in the language of ``tr``: a Msg translated, a plain string as it is."""
    if isinstance(text, Msg):
        return text.render(tr)
    return text


def untranslated(text: Text, tr: Translate) -> list[str]:
    """The message ids in ``text`` (and the seat and suit words it uses) that ``tr`` lacks."""
    if not isinstance(text, Msg):
        return []
    missing = []
    for msg in text.messages():
        if isinstance(msg, Joined):
            continue
        if not tr(msg.template, msg.context if isinstance(msg, Word) else None):
            missing.append(msg.template)
        for value in msg.params.values():
            missing += [w for w, ctx in _words(value) if not tr(w, ctx)]
    return missing


def _words(value: Any) -> list[tuple[str, str]]:
    if isinstance(value, Seat):
        return [(SEAT_LETTERS[value], "seat letter"), (SEAT_NAMES[value], "seat"),
                (value.side, "side")]
    if isinstance(value, Suit):
        return [(SUIT_PLURALS[value], "suits"), (SUIT_SINGULARS[value], "suit")]
    return []


class _SeatWords:
    """A seat as the reader's language says it (the fields a template may read)."""

    __slots__ = ("value", "full_name", "side", "letter")

    def __init__(self, seat: Seat, tr: Translate) -> None:
        self.value = self.letter = tr(SEAT_LETTERS[seat], "seat letter") or seat.value
        self.full_name = tr(SEAT_NAMES[seat], "seat") or seat.full_name
        self.side = tr(seat.side, "side") or seat.side

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class _SuitWords:
    """A suit as the reader's language says it."""

    __slots__ = ("letter", "symbol", "plural", "singular")

    def __init__(self, suit: Suit, tr: Translate) -> None:
        self.letter, self.symbol = suit.letter, suit.symbol
        self.plural = tr(SUIT_PLURALS[suit], "suits") or suit.plural
        self.singular = tr(SUIT_SINGULARS[suit], "suit") or suit.singular

    def __format__(self, spec: str) -> str:
        return format(self.symbol, spec)


def _value(value: Any, tr: Translate | None) -> Any:
    """A field's value as the template reads it in the language of ``tr``."""
    if isinstance(value, Msg):
        return value.render(tr)
    if tr is None:
        return value
    if isinstance(value, Seat):
        return _SeatWords(value, tr)
    if isinstance(value, Suit):
        return _SuitWords(value, tr)
    return value


def _param_data(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_data()
    if isinstance(value, Seat):
        return {"seat": value.value}
    if isinstance(value, Suit):
        return {"suit": value.letter}
    if isinstance(value, Card):
        return {"card": value.text}
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _param_from(data: Any) -> Any:
    if isinstance(data, dict):
        if "seat" in data:
            return Seat(data["seat"])
        if "suit" in data:
            return Suit(data["suit"])
        if "card" in data:
            return Card.parse(data["card"])
        return Msg.from_data(data)
    return data
