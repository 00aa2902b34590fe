"""What the auction laws keep in the table state, and the small helpers every auction family
shares: the legal auction, pass obligations, turns lost to an accepted call out of rotation
(for Law 17D3), and the Director's judgements still to come (a comparable call, a repeat).

This module imports no other law family, so :mod:`core.laws.flow` and
:mod:`core.laws.penalty` may use it without an import cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from core.auction import Auction, Call, parse_call
from core.cards import Suit
from core.errors import RuleError
from core.seats import Role as _Role
from core.seats import Seat, role_of
from core.state import Chooser, PassLasts, PassObligation, PendingChoice, Phase, TableState
from core.text import Msg

#: ``PendingChoice.chooser`` of a judgement the Director still has to make in the auction.
DIRECTOR = Chooser.DIRECTOR
#: The Director's two answers to "is this call comparable?" (Law 23A).
COMPARABLE, NOT_COMPARABLE = "comparable", "not_comparable"
JUDGEMENT_OPTIONS = (COMPARABLE, NOT_COMPARABLE)
_FORFEIT = "17D3:forfeit:"
_ACCEPTING = "29A:accepting:"
_MEANING = "26B:specifies:"  # "<index>=<suit letters>": an artificial call in the auction


# --- the legal auction ---------------------------------------------------------------------


def auction_of(state: TableState) -> Auction:
    """The legal auction so far (the dealer must be known)."""
    if state.dealer is None:
        raise RuleError(Msg("the dealer is not known yet: say who dealt (N, E, S or W)"))
    return Auction.trusted(state.dealer, state.calls)


def open_auction(state: TableState) -> Auction:
    """The auction, which must still be in progress."""
    if state.phase is Phase.FINISHED:
        raise RuleError(Msg("this board has ended"))
    auction = auction_of(state)
    if state.phase is not Phase.AUCTION or (auction.is_over and accepting_seat(state) is None):
        raise RuleError(Msg("the auction is over: no more calls can be made on this board"))
    return auction


def _index_of(note: str) -> int | None:
    for prefix in (_FORFEIT, _MEANING):
        if note.startswith(prefix):
            return int(note[len(prefix):].split("=", 1)[0])
    return None


def with_auction(state: TableState, auction: Auction) -> TableState:
    """The state with ``auction``; what was noted about calls it no longer holds is dropped."""
    keep = tuple(n for n in state.notes
                 if (i := _index_of(n)) is None or i < len(auction.calls))
    return state.evolve(calls=auction.texts, dealer=auction.dealer, notes=keep)


# --- what artificial calls specified (Law 26B) ----------------------------------------------


def note_meaning(state: TableState, index: int, suits: Iterable[Suit]) -> TableState:
    """The call at ``index`` of the auction was artificial and specified ``suits`` (perhaps
    none): Law 26B counts those, not the denomination named (a 2D transfer specifies hearts)."""
    letters = "".join(s.letter for s in Suit if s in set(suits))
    others = tuple(n for n in state.notes
                   if not (n.startswith(_MEANING) and _index_of(n) == index))
    return state.evolve(notes=(*others, f"{_MEANING}{index}={letters}"))


def call_meanings(state: TableState) -> dict[int, tuple[Suit, ...]]:
    """The suits each artificial call of the auction specified, by its index."""
    found: dict[int, tuple[Suit, ...]] = {}
    for n in state.notes:
        if n.startswith(_MEANING):
            index, _, letters = n[len(_MEANING):].partition("=")
            found[int(index)] = tuple(Suit.parse(c) for c in letters)
    return found


# --- pass obligations ----------------------------------------------------------------------


def add_pass_obligation(state: TableState, seat: Seat, lasts: PassLasts,
                        origin: str) -> TableState:
    """``seat`` must pass at his next turn or throughout; a bar for the rest of the auction
    includes (and replaces) a pass at the next turn."""
    current = [p for p in state.pass_obligations if p.seat is seat]
    if any(p.lasts is PassLasts.THROUGHOUT for p in current):
        return state
    if lasts is PassLasts.NEXT_TURN:
        if current:
            return state
        return state.evolve(pass_obligations=(*state.pass_obligations,
                                                PassObligation(seat, lasts, origin)))
    others = tuple(p for p in state.pass_obligations if p.seat is not seat)
    return state.evolve(pass_obligations=(*others, PassObligation(seat, lasts, origin)))


def use_turn(state: TableState, seat: Seat) -> TableState:
    """``seat`` has called: an obligation to pass at his next turn is used up (a bar for the
    rest of the auction stays)."""
    return state.evolve(pass_obligations=tuple(
        p for p in state.pass_obligations
        if p.seat is not seat or p.lasts is PassLasts.THROUGHOUT))


def obligation(state: TableState, seat: Seat) -> PassObligation | None:
    return state.pass_obligation_of(seat)


# --- turns lost to a call out of rotation that was accepted (Law 17D3) ----------------------


def mark_forfeit(state: TableState, index: int) -> TableState:
    return state.evolve(notes=(*state.notes, f"{_FORFEIT}{index}"))


def forfeits(state: TableState) -> list[int]:
    return sorted(int(n[len(_FORFEIT):]) for n in state.notes if n.startswith(_FORFEIT))


# --- the call by which LHO accepted a pass out of rotation (Law 29A) ----------------------


def mark_accepting(state: TableState, seat: Seat) -> TableState:
    """``seat`` accepted a pass out of rotation by calling over it: his call comes next, and the
    passes before it cannot end the auction on their own (17D3)."""
    return state.evolve(notes=(*state.notes, f"{_ACCEPTING}{seat.value}"))


def accepting_seat(state: TableState) -> Seat | None:
    found = [n for n in state.notes if n.startswith(_ACCEPTING)]
    return Seat(found[-1][len(_ACCEPTING):]) if found else None


def clear_accepting(state: TableState) -> TableState:
    return state.evolve(notes=tuple(n for n in state.notes if not n.startswith(_ACCEPTING)))


# --- judgements still to come --------------------------------------------------------------


#: The stages that judge the offender's call at his proper turn against his cancelled call
#: out of rotation (Law 23A), with the law for "comparable" and for "not comparable".
JUDGED = {
    "30B1": ("30B1(b)(i)", "30B1(b)(ii)"),
    "31A2": ("31A2(a)", "31A2(b)"),
    "31B": ("31A2(a)", "31A2(b)"),
    "32A2": ("32A2(a)", "32A2(b)"),
    "32B": ("32A2(a)", "32A2(b)"),
}


@dataclass(frozen=True)
class Awaiting:
    """A later call the Director must rule on, stored as a pending record:

    - ``27B``  the offender replaces an insufficient bid (``call``: the insufficient bid;
      ``barred``: his partner is already barred by 27B3/27B4, so no double or redouble);
    - ``31A``/``32A``  the offender's RHO is about to call after a bid (double) out of rotation;
    - ``31A1``/``32A1`` the offender must repeat ``call``;
    - ``30B1``/``31A2``/``31B``/``32A2``/``32B``: the offender's next call is judged
      comparable or not (``judged`` when the Director already said; ``reply`` the call he
      judged, or the call waiting for his judgement at index ``at`` of the auction).

    While a made call waits for the Director's word (``reply`` set, ``judged`` empty) the record
    offers him the two answers as options: only the Director may say "comparable" (Law 23).

    A player has one record, except that a ``27B`` record stands in front of a judged stage's
    (an insufficient bid at the turn that judgement waits for): the replacement still to come
    is the call that stands for that turn, so it is the one judged then (:func:`behind`).
    """

    stage: str
    offender: Seat
    call: str = ""
    judged: str = ""  # "", "comparable", "not_comparable"
    barred: bool = False
    artificial: bool = False
    spec: str = ""  # denominations an artificial withdrawn call specified, e.g. "H,S"
    reply: str = ""  # the offender's call that is (or was) judged
    at: int = -1  # where that call stands (or would stand) in the auction
    reply_spec: str = ""  # denominations an artificial replacement shows

    @property
    def asks_director(self) -> bool:
        """The offender's call is made and the Director has not yet judged it."""
        return bool(self.reply) and not self.judged and self.at >= 0

    def to_pending(self) -> PendingChoice:
        note = f"call={self.call};judged={self.judged};barred={int(self.barred)};" \
               f"artificial={int(self.artificial)};spec={self.spec};reply={self.reply};" \
               f"at={self.at};rspec={self.reply_spec}"
        options = JUDGEMENT_OPTIONS if self.asks_director else ()
        return PendingChoice(law=self.stage, chooser=DIRECTOR, seat=self.offender,
                             options=options, offender=self.offender, note=note)

    @classmethod
    def from_pending(cls, p: PendingChoice) -> Awaiting:
        return _read_awaiting(p.law, p.seat, p.note)

    @property
    def withdrawn(self) -> Call | None:
        return parse_call(self.call) if self.call else None


@lru_cache(maxsize=256)
def _read_awaiting(law: str, seat: Seat, note: str) -> Awaiting:
    """A stored record read back, once per record: every auction rule asks for the records
    several times (frozen, so the one read is shared)."""
    fields = dict(part.split("=", 1) for part in note.split(";") if "=" in part)
    return Awaiting(law, seat, fields.get("call", ""), fields.get("judged", ""),
                    fields.get("barred") == "1", fields.get("artificial") == "1",
                    fields.get("spec", ""), fields.get("reply", ""),
                    int(fields.get("at", "-1") or -1), fields.get("rspec", ""))


#: The stages an :class:`Awaiting` record may have (the Director's other judgements, such as
#: Law 24's, are records of their own).
AWAITING_STAGES = frozenset({"27B", "31A", "32A", "31A1", "32A1", *JUDGED})


def awaiting(state: TableState) -> list[Awaiting]:
    return [Awaiting.from_pending(p) for p in state.pending
            if p.chooser == DIRECTOR and p.law in AWAITING_STAGES]


def awaiting_for(state: TableState, seat: Seat) -> Awaiting | None:
    """``seat``'s record in front: his 27B replacement while one is owed or judged."""
    found = [a for a in awaiting(state) if a.offender is seat]
    return next((a for a in found if a.stage == "27B"), found[0] if found else None)


def behind(state: TableState, seat: Seat) -> Awaiting | None:
    """The judgement of ``seat``'s call at his proper turn (30B1, 31A2, 31B, 32A2, 32B) that
    waits for that call, a 27B replacement perhaps in front of it; None once it is judged or
    put to the Director (a call of his already made)."""
    return next((a for a in awaiting(state) if a.offender is seat and a.stage in JUDGED
                 and not a.asks_director), None)


def held_for_judgement(state: TableState) -> Awaiting | None:
    """The replacement of an insufficient bid the Director has still to judge (27B1(b), 23A):
    it is made, but whether it stands, and so who calls next, depends on his word, so nobody
    calls until he gives it."""
    return next((a for a in awaiting(state) if a.stage == "27B" and a.asks_director), None)


def put_awaiting(state: TableState, item: Awaiting) -> TableState:
    """``item`` replaces its offender's record; a 27B record goes in front of a judged stage's,
    which then waits for the call that finally stands for that turn (see :class:`Awaiting`)."""
    state = drop_awaiting(state, item.offender, keep_judged=item.stage == "27B")
    return state.evolve(pending=(*state.pending, item.to_pending()))


def drop_awaiting(state: TableState, seat: Seat, *, keep_judged: bool = False) -> TableState:
    """``seat``'s records gone; ``keep_judged``: but a judged stage's (the 27B record goes)."""
    return state.evolve(pending=tuple(
        p for p in state.pending
        if not (p.chooser == DIRECTOR and p.seat is seat and p.law in AWAITING_STAGES)
        or (keep_judged and p.law in JUDGED)))


# --- the end of the auction ----------------------------------------------------------------


def settle_auction_state(state: TableState, declarer: Seat) -> TableState:
    """When the auction ends: pass obligations and the Director's auction judgements lapse, and a
    Law 26B lead penalty survives only for an offender who becomes a defender."""
    return replace(
        state,
        pass_obligations=(),
        pending=tuple(p for p in state.pending if p.chooser != DIRECTOR),
        lead_penalties=tuple(lp for lp in state.lead_penalties
                             if role_of(lp.offender, declarer) is _Role.DEFENDER),
        notes=tuple(n for n in state.notes
                    if not n.startswith(_FORFEIT) and not n.startswith(_ACCEPTING)),
    )
