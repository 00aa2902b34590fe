"""Seats round the table and the roles they take once the declarer is known."""

from __future__ import annotations

from enum import Enum
from operator import attrgetter
from typing import TYPE_CHECKING

from core.templated import TemplatedError


class SeatError(TemplatedError):
    """Input that does not name a seat at the table.

    Raised with a sentence's template and its fields (:class:`core.templated.TemplatedError`).
    """


class Seat(Enum):
    """North, East, South, West, clockwise."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    # Members are singletons: hash by identity, in C, instead of Enum's Python-level hash of the
    # name (rules hash seats in every set and dict lookup; issue 27).
    __hash__ = object.__hash__
    # The same value as Enum's, read in C: rulings name seats (``seat.value``) a dozen times each,
    # and Enum's own ``value`` runs two Python functions per read (issue 27).
    if TYPE_CHECKING:
        value: str
    else:
        value = property(attrgetter("_value_"))

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise, who calls and plays after this one."""
        return _AFTER[self][1]

    @property
    def partner(self) -> Seat:
        return _AFTER[self][2]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the seat that calls and plays just before this one."""
        return _AFTER[self][3]

    @property
    def side(self) -> str:
        """``N-S`` or ``E-W``."""
        return "N-S" if self in (Seat.N, Seat.S) else "E-W"

    @property
    def full_name(self) -> str:
        return _NAMES[self]

    def is_opponent_of(self, other: Seat) -> bool:
        return other in (self.lho, self.rho)

    def after(self, steps: int) -> Seat:
        return _AFTER[self][steps % 4]

    @classmethod
    def parse(cls, text: str | Seat) -> Seat:
        """A seat from ``N``, ``north``, ``n`` …"""
        if isinstance(text, Seat):
            return text
        if not isinstance(text, str):
            raise SeatError("{text} is not a seat", text=repr(text))
        key = text.strip().lower()
        for seat in cls:
            if key in (seat.value.lower(), _NAMES[seat].lower()):
                return seat
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise SeatError("{text} is not a seat at the table (use N, E, S or W)", text=repr(shown))


_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)
_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SEATS: tuple[Seat, ...] = _ORDER
#: For each seat, the seats 0, 1, 2 and 3 places clockwise from it (lookups rules make often).
_AFTER = {seat: tuple(_ORDER[(i + k) % 4] for k in range(4)) for i, seat in enumerate(_ORDER)}


class Role(Enum):
    DECLARER = "declarer"
    DUMMY = "dummy"
    DEFENDER = "defender"


def role_of(seat: Seat, declarer: Seat) -> Role:
    """The role a seat plays once ``declarer`` is known."""
    if seat is declarer:
        return Role.DECLARER
    if seat is declarer.partner:
        return Role.DUMMY
    return Role.DEFENDER


def is_defender(seat: Seat, declarer: Seat | None) -> bool:
    return declarer is not None and role_of(seat, declarer) is Role.DEFENDER


def opening_leader(declarer: Seat) -> Seat:
    """The defender on declarer's left makes the opening lead (Law 41A)."""
    return declarer.lho
