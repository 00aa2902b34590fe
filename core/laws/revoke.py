"""Revokes: what one is (Law 61A), who may ask about one (61B), correcting it before it is
established (62), when it becomes established (63), and the trick transfer afterwards (64).

The transfer is computed from the facts exactly as Law 64A reads: who won the revoke trick
(the revoker himself, his partner — a trick won in dummy is never declarer's own — or the other
side) and whether the offending side won any later trick. A short-cut taught at some clubs
("one trick for each yes: did the offender win the revoke trick? did his side win a later
trick?") gives none when the revoker's partner won the revoke trick and his side won nothing
after; Law 64A2 gives one, and so does this module.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from core.cards import Card, Hand, Suit, cards_text
from core.errors import RuleError
from core.laws.course import LAST_TRICK, check_trick
from core.laws.obligations import legal_cards
from core.laws.penalty import INFORMATION_ON_TABLE, require_declarer
from core.laws.play import add_major, check_card_free, require_play
from core.registry import Event, event, rule
from core.ruling import Ruling
from core.seats import Role, Seat, role_of
from core.state import TableState, penalty_tokens
from core.text import Text

TWELFTH = 12


class WonBy(Enum):
    """Who won the revoke trick, seen from the revoker."""

    OFFENDER = "offender"
    PARTNER = "partner"  # includes a trick won in dummy when declarer revoked (64A footnote)
    OPPONENTS = "opponents"


class Attention(Enum):
    """When attention was first drawn to the revoke."""

    DURING_PLAY = "during_play"  # the board is still at the table
    AFTER_NEXT_CALL = "after_next_call"  # a non-offender has called on the next board (64B4)
    AFTER_ROUND = "after_round"  # the round is over (64B5)


class EstablishedBy(Enum):
    """What established the revoke (Law 63A)."""

    PLAY = "play"  # the revoker or his partner led or played to the next trick (63A1)
    DESIGNATION = "designation"  # ... named or designated a card for the next trick (63A2)
    CLAIM = "claim"  # a member of the offending side claimed or conceded (63A3)
    AGREED_CLAIM = "agreed_claim"  # agreement to an opponent's claim became final (63A4)


_HOW_LAW = {
    EstablishedBy.PLAY: ("63A1", "the revoker or his partner played to the next trick"),
    EstablishedBy.DESIGNATION: ("63A2", "the revoker or his partner named a card for the next "
                                "trick"),
    EstablishedBy.CLAIM: ("63A3", "a member of the offending side claimed or conceded"),
    EstablishedBy.AGREED_CLAIM: ("63A4", "the offending side's agreement to a claim became "
                                 "final"),
}


@event("revoke")
@dataclass(frozen=True)
class Revoke(Event):
    """``offender`` revoked on ``trick``.

    ``established`` (Law 63) and, when known, ``established_by``; ``card`` is the revoke card
    (needed to correct an unestablished revoke); ``won_by`` and ``later_tricks`` (tricks the
    offending side won after the revoke trick) drive Law 64A; ``repeat_same_suit``,
    ``penalty_card_failure``, ``attention`` and ``both_sides_established`` the exceptions of 64B.
    ``misinformed``: the play to the next trick followed an opponent's wrong word that it was the
    player's turn (47E1). ``faced_card``: the revoke card was from a defender's faced hand
    (62B2). ``nos_withdrew`` / ``partner_card``: after the revoke, a non-offender took back his
    card and then the next offending player took back ``partner_card`` (62C1, 62C2).
    ``other_offender`` / ``other_card``: the other side revoked on the same trick too (62C3).
    ``dummy_asked_first``: dummy, having broken his limitations (43A2), was the first to ask
    declarer about this revoke of his (43B2(b)). ``suit``: the suit he failed to follow (the
    board remembers it, so a later revoke by the same player is known to repeat it, 64B2).
    """

    offender: Seat
    established: bool
    card: Card | None = None
    trick: int = 5
    won_by: WonBy | None = None
    later_tricks: int | None = None  # None: not known yet (reported while play goes on)
    repeat_same_suit: bool = False
    penalty_card_failure: bool = False
    attention: Attention = Attention.DURING_PLAY
    both_sides_established: bool = False
    established_by: EstablishedBy | None = None
    misinformed: bool = False
    faced_card: bool = False
    nos_withdrew: bool = False
    partner_card: Card | None = None
    other_offender: Seat | None = None
    other_card: Card | None = None
    dummy_asked_first: bool = False
    suit: Suit | None = None


_REVOKED = "64B2:revoked:"  # "<seat>:<suit letter or ?>": an established revoke on this board


def _earlier_revokes(state: TableState, seat: Seat) -> list[Suit | None]:
    """The suits of ``seat``'s established revokes on this board (None: suit not reported)."""
    found: list[Suit | None] = []
    for n in state.notes:
        if n.startswith(f"{_REVOKED}{seat.value}:"):
            letter = n.rsplit(":", 1)[1]
            found.append(None if letter == "?" else Suit.parse(letter))
    return found


def _remember(state: TableState, ev: Revoke) -> TableState:
    letter = ev.suit.letter if ev.suit else "?"
    return state.evolve(notes=(*state.notes, f"{_REVOKED}{ev.offender.value}:{letter}"))


def _nos(offender: Seat) -> str:
    return offender.lho.side


def _check(state: TableState, ev: Revoke) -> Seat:
    declarer = require_play(state)
    check_trick(ev.trick)
    if ev.trick == LAST_TRICK:
        raise RuleError("nobody can revoke on trick 13: each player has one card left and it is "
                        "the card he must play")
    role = role_of(ev.offender, declarer)
    if ev.penalty_card_failure and role is not Role.DEFENDER:
        raise RuleError(f"{ev.offender.value} is {role.value}: declarer's side never has "
                        "penalty cards (48A), so his revoke cannot be a failure to play one")
    if ev.later_tricks is not None and (
            not isinstance(ev.later_tricks, int)
            or not 0 <= ev.later_tricks <= LAST_TRICK - ev.trick):
        raise RuleError(f"after trick {ev.trick} only {LAST_TRICK - ev.trick} tricks remain; "
                        f"the offending side cannot have won {ev.later_tricks} of them")
    if ev.partner_card is not None and not ev.nos_withdrew:
        raise RuleError("the revoker's side may take back a later card only after a "
                        "non-offender has taken his back (62C2)")
    if ev.other_offender is not None and not ev.offender.is_opponent_of(ev.other_offender):
        raise RuleError("62C3 is about both sides revoking: the other revoker must be an "
                        "opponent of the first")
    for card, seat in ((ev.card, ev.offender), (ev.partner_card, ev.offender.partner),
                       (ev.other_card, ev.other_offender)):
        if card is not None and seat is not None and check_card_free(state, seat, card):
            raise RuleError(f"the {card.symbol} is still a penalty card on the table, so it was "
                            "not played to the revoke trick")
    return declarer


def _establishment(ev: Revoke) -> tuple[bool, list[str], list[str]]:
    """Whether the revoke is established, and the laws and steps that say so."""
    if ev.established_by is not None:
        law, what = _HOW_LAW[ev.established_by]
        if ev.misinformed and ev.established_by is EstablishedBy.PLAY:
            return False, ["47E1", "63A1"], [
                "The play to the next trick came after an opponent wrongly said it was that "
                "player's turn, so it does not establish the revoke (47E1)."]
        if not ev.established:
            raise RuleError(f"the facts conflict: {what}, which establishes a revoke ({law}), "
                            "yet it is reported as not established")
        return True, [law], [f"The revoke is established: {what} ({law})."]
    if ev.established:
        return True, ["63A"], ["The revoke is established (63A)."]
    return False, ["63A"], ["The offending side has not yet played to the next trick, claimed "
                            "or conceded: the revoke is not established (63A)."]


@rule(Revoke)
def revoke(state: TableState, ev: Revoke) -> tuple[Ruling, TableState]:
    declarer = _check(state, ev)
    established, how_laws, how_steps = _establishment(ev)
    if not established and ev.attention is not Attention.DURING_PLAY:
        raise RuleError("a revoke first noticed after the board was over has been established "
                        "by then (63A): report it as established")
    if ev.dummy_asked_first:
        return _dummy_asked(state, ev, declarer, how_laws, how_steps)
    if ev.other_offender is not None and not ev.both_sides_established:
        return _both_on_one_trick(state, ev, declarer, how_laws, how_steps)
    if not established:
        return _correct(state, ev, declarer, how_laws, how_steps)
    if ev.trick == TWELFTH and ev.attention is Attention.DURING_PLAY:
        return _twelfth(state, ev, declarer, how_laws, how_steps)
    return _established(state, ev, declarer, how_laws, how_steps)


# --- before establishment: Law 62 ------------------------------------------------------


def _withdraw_revoke_card(state: TableState, ev: Revoke, declarer: Seat,
                          origin: str) -> tuple[TableState, list[Text], list[str]]:
    """62B: the revoke card comes back and a legal card is played instead."""
    role = role_of(ev.offender, declarer)
    shown = ev.card.symbol if ev.card else "revoke card"
    if role is Role.DEFENDER and not ev.faced_card:
        if ev.card is None:
            raise RuleError("name the revoke card: a defender's corrected revoke card becomes a "
                            "major penalty card")
        state, extra = add_major(state, ev.offender, ev.card, origin)
        steps = [f"{ev.offender.value} takes back the {shown} and plays a legal card; the "
                 f"{shown} stays face up as a major penalty card (62B1, 50B).", *extra]
        if ev.penalty_card_failure:
            steps.append("As the revoke was a failure to play a penalty card, declarer may "
                         "instead accept the card played (52B1); the penalty card then stays.")
        return state, steps, ["62B1", "50B"]
    if role is Role.DEFENDER:
        why = "it came from his faced hand"
    elif role is Role.DECLARER:
        why = "declarer's cards never become penalty cards"
    else:
        why = "dummy's cards never become penalty cards"
    return state, [f"{ev.offender.value} takes back the {shown} and plays a legal card; no "
                   f"penalty, as {why} (62B2)."], ["62B2"]


def _later_cards(state: TableState, ev: Revoke, declarer: Seat) -> tuple[TableState, list[Text],
                                                                          list[str]]:
    """62C1/62C2: cards played after the revoke may be taken back."""
    steps: list[Text] = [f"Each {_nos(ev.offender)} player may take back a card he played after "
                         "the revoke and play another (62C1)."]
    laws = ["62C1"]
    if ev.nos_withdrew:
        steps[0] = (f"A {_nos(ev.offender)} player took back the card he had played after the "
                    "revoke (62C1).")
        if ev.partner_card is not None:
            nxt = ev.offender.partner
            laws.append("62C2")
            if role_of(nxt, declarer) is Role.DEFENDER:
                state, extra = add_major(state, nxt, ev.partner_card, "62C2")
                steps.append(f"{nxt.value} then took back his {ev.partner_card.symbol}: it "
                             "becomes a major penalty card, as he is a defender (62C2, 50B).")
                steps += extra
            else:
                steps.append(f"{nxt.value} then took back his {ev.partner_card.symbol} without "
                             "penalty (62C2).")
        else:
            steps.append(f"The {ev.offender.side} player next in turn may then take back his "
                         "card too; a defender's becomes a penalty card (62C2).")
    return state, steps, laws


def _correct(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
             how_steps: list[str]) -> tuple[Ruling, TableState]:
    state, steps, laws = _withdraw_revoke_card(state, ev, declarer, "62B1")
    state, later_steps, later_laws = _later_cards(state, ev, declarer)
    info = ("What the withdrawn cards show is authorized for the side that did not revoke and "
            "unauthorized for the revoker's side (16C).")
    if role_of(ev.offender, declarer) is Role.DEFENDER:
        info += " While a penalty card stays on the table, what it shows is authorized for all "\
                "(50E1)."
    if ev.trick == TWELFTH and role_of(ev.offender, declarer) is Role.DEFENDER:
        info += (f" If {ev.offender.value} revoked before his partner played to trick 12, "
                 "Law 16C applies to the partner's choice (62D2).")
    return Ruling(
        kind="revoke",
        summary="Revoke not established: it must be corrected now; no trick is transferred.",
        laws=("62A", *laws, *how_laws, *later_laws),
        steps=(*how_steps, "It must be corrected (62A).", *steps, *later_steps),
        information=info,
        outcome={"tricks_transferred": 0, "correct": True,
                 "penalty_cards": penalty_tokens(state)},
    ), state


def _twelfth(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
             how_steps: list[str]) -> tuple[Ruling, TableState]:
    steps: list[Text] = [*how_steps,
             "Even so, a revoke on trick 12 is corrected, because the hands are still at the "
             "table (62D1, an exception to 63B).",
             "There is no automatic trick transfer for a trick-12 revoke (64B6)."]
    laws = ["62D1", "64B6", *how_laws]
    if ev.card is not None or role_of(ev.offender, declarer) is not Role.DEFENDER:
        state, more, more_laws = _withdraw_revoke_card(state, ev, declarer, "62B1")
        steps += more
        laws += more_laws
    info = "What the withdrawn card shows is authorized for the non-offenders (16C)."
    if role_of(ev.offender, declarer) is Role.DEFENDER:
        info += (f" If {ev.offender.value} revoked before his partner's turn to play to trick "
                 "12, Law 16C applies to the partner's choice of card (62D2).")
        laws.append("62D2")
    return Ruling(
        kind="revoke",
        summary="Trick-12 revoke: correct it now; no automatic trick transfer.",
        laws=tuple(dict.fromkeys(laws)),
        steps=tuple(steps),
        information=info,
        judgement="If the revoke still damaged the non-offending side, the Director assigns an "
        "adjusted score (64C1).",
        outcome={"tricks_transferred": 0, "correct": True,
                 "penalty_cards": penalty_tokens(state)},
    ), state


def _both_on_one_trick(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
                       how_steps: list[str]) -> tuple[Ruling, TableState]:
    """62C3: both sides revoked on one trick and only one side has played to the next."""
    assert ev.other_offender is not None
    steps: list[Text] = [*how_steps,
             f"Both {ev.offender.value} and {ev.other_offender.value} revoked on trick "
             f"{ev.trick}, and only one side has played to the next trick: both revokes are "
             "corrected, even one already established (62C3, an exception to 63B)."]
    laws = ["62C3", "64B8", *how_laws]
    for seat, card in ((ev.offender, ev.card), (ev.other_offender, ev.other_card)):
        if role_of(seat, declarer) is Role.DEFENDER:
            if card is None:
                raise RuleError(f"name {seat.value}'s revoke card: a defender's withdrawn card "
                                "becomes a penalty card (62C3)")
            state, extra = add_major(state, seat, card, "62C3")
            steps.append(f"{seat.value} takes back the {card.symbol}; it becomes a major penalty "
                         "card, as every card the defenders withdraw here does (62C3, 50B).")
            steps += extra
        else:
            shown = card.symbol if card else "revoke card"
            steps.append(f"{seat.value} takes back the {shown} without penalty (48A).")
    steps.append("There is no automatic trick transfer after a 62C3 correction (64B8).")
    return Ruling(
        kind="revoke",
        summary="Both sides revoked on one trick: both are corrected; no trick transfer.",
        laws=tuple(dict.fromkeys(laws)),
        steps=tuple(steps),
        information="Information from the withdrawn cards is unauthorized for the side that "
        "withdrew them (16C2); penalty cards on the table are authorized for all (50E1).",
        judgement="If either side was still damaged, the Director may adjust (64C).",
        outcome={"tricks_transferred": 0, "correct": True,
                 "penalty_cards": penalty_tokens(state)},
    ), state


def _dummy_asked(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
                 how_steps: list[str]) -> tuple[Ruling, TableState]:
    """43B2(b): declarer substitutes a correct card, and Law 64 applies as if established."""
    if ev.offender is not declarer:
        raise RuleError("43B2(b) is about dummy asking declarer about declarer's own play; "
                        f"{ev.offender.value} is not declarer")
    ruling, state = _established(state, replace(ev, dummy_asked_first=False), declarer,
                                 [], [])
    steps = (
        "Dummy, after breaking his limitations (43A2), was first to ask declarer about the "
        "revoke: declarer must put a correct card in its place, with no penalty card (43B2(b), "
        "62B2).",
        "The trick transfer is then worked out as though the revoke had been established "
        "(43B2(b)):",
        *[s for s in ruling.steps if "(63B)" not in s],
    )
    return replace(
        ruling,
        laws=tuple(dict.fromkeys(["43B2(b)", "62B2", *ruling.laws])),
        steps=steps,
        outcome={**ruling.outcome, "correct": True},
    ), state


# --- after establishment: Law 64 -------------------------------------------------------


def exceptions(ev: Revoke, declarer: Seat) -> list[tuple[str, str]]:
    """Every 64B paragraph that rules out an automatic transfer, in the Law's order."""
    found: list[tuple[str, str]] = []
    side = ev.offender.side
    if ev.won_by is WonBy.OPPONENTS and ev.later_tricks == 0:  # None: not known yet
        found.append(("64B1", f"{side} won neither the revoke trick nor any later trick"))
    if ev.repeat_same_suit:
        found.append(("64B2", "it repeats an established revoke by the same player in the same "
                      "suit"))
    if ev.penalty_card_failure:
        found.append(("64B3", "the revoke was a failure to play a penalty card"))
    if role_of(ev.offender, declarer) is Role.DUMMY:
        found.append(("64B3", "it is dummy's revoke"))
    if ev.attention is Attention.AFTER_NEXT_CALL:
        found.append(("64B4", "attention was first drawn to it after a non-offender called on "
                      "the next board"))
    if ev.attention is Attention.AFTER_ROUND:
        found.append(("64B5", "attention was first drawn to it after the round ended"))
    if ev.trick == TWELFTH:
        found.append(("64B6", "it happened on trick 12"))
    if ev.both_sides_established:
        found.append(("64B7", "both sides have an established revoke on this board"))
    return found


def transfer(ev: Revoke, declarer: Seat) -> tuple[int, str, str]:
    """Law 64A: the number of tricks, the paragraph, and the arithmetic in words."""
    if ev.won_by is None:
        raise RuleError("say who won the revoke trick (offender, partner or opponents): the "
                        "transfer depends on it")
    os_side = ev.offender.side
    later = ev.later_tricks or 0
    tricks = "trick" if later == 1 else "tricks"
    if ev.won_by is WonBy.OFFENDER:
        if later:
            return 2, "64A1", (f"2 tricks: the revoke trick (won by the offender, "
                               f"{ev.offender.value}) + 1 later trick won by {os_side} "
                               f"({later} won after it; only one counts)")
        if ev.later_tricks is None:
            return 1, "64A1", (f"1 trick so far: the revoke trick (won by the offender, "
                               f"{ev.offender.value}); {os_side}'s later tricks are not known "
                               "yet")
        return 1, "64A1", (f"1 trick: the revoke trick (won by the offender, {ev.offender.value});"
                           f" {os_side} won no later trick")
    if ev.won_by is WonBy.PARTNER:
        partner = ev.offender.partner
        where = (f"won in dummy ({partner.value}), which does not count as declarer's"
                 if ev.offender is declarer else f"won by the offender's partner, {partner.value}")
        return 1, "64A2", (f"1 trick: the offender did not win the revoke trick ({where}), but "
                           f"his side did, so one trick goes across"
                           + (f"; the {later} later {tricks} {os_side} won add nothing"
                              if later else ""))
    if later:
        return 1, "64A2", (f"1 trick: {_nos(ev.offender)} won the revoke trick, but {os_side} "
                           f"won {later} later {tricks}, so one trick goes across")
    if ev.later_tricks is None:
        return 0, "64A2", (f"0 tricks so far: {_nos(ev.offender)} won the revoke trick; "
                           f"{os_side}'s later tricks are not known yet")
    return 0, "64A2", f"0 tricks: {os_side} won neither the revoke trick nor any later trick"


def _still_open(ev: Revoke, found: list[tuple[str, str]]) -> str:
    """What the ruling cannot settle yet, in words ("" when nothing): the transfer under 64A
    when the later tricks are not known and they matter."""
    if found or ev.later_tricks is not None or ev.won_by in (None, WonBy.PARTNER):
        return ""
    side = ev.offender.side
    if ev.won_by is WonBy.OFFENDER:
        return (f"Provisional: {side} winning any trick after the revoke trick makes it 2 "
                "tricks instead of 1 (64A1); the transfer is settled when play ends (64A).")
    return (f"Provisional: {side} winning any trick after the revoke trick makes it 1 trick "
            "instead of none (64A2, 64B1); the transfer is settled when play ends (64A).")


def _repeat_in_doubt(state: TableState, ev: Revoke) -> str:
    """64B2 needs the suits: a second established revoke by the same player whose suit (or the
    earlier one's) is not reported is flagged rather than guessed."""
    if ev.repeat_same_suit:
        return ""
    earlier = _earlier_revokes(state, ev.offender)
    if not earlier or (ev.suit is not None and None not in earlier):
        return ""
    return (f"{ev.offender.value} already has an established revoke on this board: if this one "
            "is in the same suit, there is no automatic transfer for it (64B2) and the Director "
            "adjusts if the later revoke cost the non-offenders tricks (64C2(a)). Report the "
            "suit (suit) to settle it.")


def _established(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
                 how_steps: list[str]) -> tuple[Ruling, TableState]:
    if ev.suit is not None and ev.suit in _earlier_revokes(state, ev.offender):
        ev = replace(ev, repeat_same_suit=True)  # the board knows it repeats (64B2)
    doubt = _repeat_in_doubt(state, ev)
    state = _remember(state, ev)
    found = exceptions(ev, declarer)
    open_ = _still_open(ev, found)
    judgement = ("If the transfer does not make up for the damage the revoke caused, the "
                 "Director assigns an adjusted score to restore equity (64C1).")
    steps = [*how_steps, "It can no longer be corrected, and the revoke trick stands as played "
             "(63B)."]
    how_laws = [*how_laws, "63B"]
    if found:
        first_law, first_why = found[0]
        count, law_a = 0, ""
        laws = [law for law, _ in found]
        if found[0][0] == "64B1":
            laws.append("64A2")
        summary = f"No automatic trick transfer: {first_why} ({first_law})."
        steps.append(f"0 tricks: {first_why} ({first_law}).")
        steps += [f"Also: {why} ({law})." for law, why in found[1:]]
        arithmetic = f"0 tricks ({first_law})"
        if any(law == "64B2" for law, _ in found):
            judgement += (" After repeated revokes in one suit, he adjusts if the non-offenders "
                          "would probably have taken more tricks without the later ones "
                          "(64C2(a)).")
        if any(law == "64B7" for law, _ in found):
            judgement += (" With established revokes by both sides, he adjusts toward the likely "
                          "result had neither revoke happened (64C2(b)).")
    else:
        count, law_a, arithmetic = transfer(ev, declarer)
        laws = [law_a]
        summary = (f"{count} trick{'s' if count != 1 else ''} "
                   f"{'go' if count != 1 else 'goes'} to {_nos(ev.offender)} after play ends "
                   f"({law_a}).")
        steps.append(arithmetic + f" ({law_a}).")
        steps.append("Tricks won before the revoke trick are never transferred; the transfer is "
                     "made when play ends (64A).")
    provisional = [x for x in (open_, doubt) if x]
    if provisional:
        summary = "Provisional: " + summary[0].lower() + summary[1:] + " " + (
            open_ or doubt).split(": ", 1)[1]
        steps += provisional
        if doubt:
            laws.append("64B2")
    judgement += (" The Director should be told of every established revoke: only he can "
                  "weigh that equity (64C).")
    state = state.evolve(tricks_transferred=state.tricks_transferred + count)
    return Ruling(
        kind="revoke",
        summary=summary,
        laws=tuple(dict.fromkeys([*laws, *how_laws, "64C"])),
        steps=tuple(steps),
        information=INFORMATION_ON_TABLE if state.penalty_cards else "",
        judgement=judgement,
        outcome={"tricks_transferred": count, "correct": False,
                 "penalty_cards": penalty_tokens(state), "arithmetic": arithmetic,
                 "exception": found[0][0] if found else "", "equity_64C": True,
                 "provisional": bool(provisional),
                 "depends_on": [*(["later_tricks"] if open_ else []),
                                *(["repeat_same_suit"] if doubt else [])]},
    ), state


# --- Law 61: what a revoke is, and who may ask --------------------------------------------


def revoke_check(state: TableState, seat: Seat, hand: Hand, led: Suit | None,
                 card: Card) -> Ruling:
    """Is playing ``card`` from ``hand`` (penalty cards included) a revoke (61A)?

    Private: the answer reveals the hand (Law 16).
    """
    require_declarer(state)
    mine = {p.card for p in state.penalty_cards_of(seat)}
    if card not in hand and card not in mine:
        raise RuleError(f"the {card.symbol} is not in that hand")
    legal, _, laws, steps = legal_cards(state, seat, hand, led)
    is_revoke = card not in legal
    if is_revoke:
        summary = (f"Yes: the {card.symbol} is a revoke; {seat.value} had to play one of "
                   f"{cards_text(legal)}.")
    else:
        summary = f"No: the {card.symbol} was a legal card."
    return Ruling(
        kind="revoke_check",
        summary=summary,
        laws=("61A", *laws),
        steps=("A revoke is failing to follow suit when able, or failing to play a card or suit "
               "the Laws or a rectification require when able (61A, 59).", *steps),
        private=True,
        outcome={"revoke": is_revoke, "legal": [c.text for c in legal]},
    )


@event("revoke_inquiry")
@dataclass(frozen=True)
class RevokeInquiry(Event):
    """``asker`` wants to ask ``about`` whether he has a card of the suit led (Law 61B)."""

    asker: Seat
    about: Seat


@rule(RevokeInquiry)
def revoke_inquiry(state: TableState, ev: RevokeInquiry) -> tuple[Ruling, TableState]:
    declarer = require_declarer(state)
    if ev.asker is ev.about:
        raise RuleError("a player cannot ask himself about a revoke")
    asker, about = role_of(ev.asker, declarer), role_of(ev.about, declarer)
    allowed, law, why = True, "61B", ""
    if about is Role.DUMMY:
        why = "dummy's cards are face up: anyone can see whether it could follow"
    elif asker is Role.DECLARER:
        law, why = "61B1", "declarer may ask a defender who has not followed suit"
    elif asker is Role.DUMMY:
        if about is Role.DECLARER:
            law, why = "61B2(a)", ("dummy may ask declarer; but if dummy has broken his "
                                   "limitations and is first to ask, 43B2(b) applies")
        else:
            allowed, law, why = False, "61B2(b)", ("dummy may not ask a defender; doing so can "
                                                   "be unauthorized information (16B)")
    else:
        law, why = "61B3", ("defenders may ask declarer and each other, though asking partner "
                            "can create unauthorized information")
    return Ruling(
        kind="revoke_inquiry",
        summary=f"{ev.asker.value} {'may' if allowed else 'may not'} ask {ev.about.value}.",
        laws=(law,) if law != "61B" else ("61B",),
        steps=(why[0].upper() + why[1:] + f" ({law}).",),
        information="A question to partner about a possible revoke may pass unauthorized "
        "information (16B)." if asker is Role.DEFENDER and about is Role.DEFENDER else "",
        outcome={"allowed": allowed},
    ), state
