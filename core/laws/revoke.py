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
from core.laws.penalty import (
    INFORMATION_ON_TABLE,
    PenaltyNotPlayed,
    owed_penalty_cards,
    penalty_not_played,
    require_declarer,
)
from core.laws.play import add_major, check_card_free, require_play
from core.laws.waits import claim_agreed, claimed_by, played_on
from core.registry import Event, event, rule
from core.ruling import Ruling, sentences
from core.seats import Role, Seat, role_of
from core.state import TableState, penalty_tokens
from core.text import Msg, Text

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
    EstablishedBy.PLAY: ("63A1", Msg("the revoker or his partner played to the next trick")),
    EstablishedBy.DESIGNATION: ("63A2", Msg("the revoker or his partner named a card for the "
                                            "next trick")),
    EstablishedBy.CLAIM: ("63A3", Msg("a member of the offending side claimed or conceded")),
    EstablishedBy.AGREED_CLAIM: ("63A4", Msg("the offending side's agreement to a claim became "
                                             "final")),
}

#: The step that says an established revoke stands (63B); 43B2(b) leaves it out.
_STANDS = Msg("It can no longer be corrected, and the revoke trick stands as played (63B).")


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
    ``accepted``: declarer's 52B1(a) answer when the revoke, not established, was a defender's
    failure to play a penalty card (None: he is asked).
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
    accepted: bool | None = None  # 52B1(a), for a penalty card not played: None asks declarer


def unreported_trick(state: TableState, established: bool) -> int:
    """The revoke's trick when the report names none: from the trick the table reported last
    (the one before it for an established revoke: his side has played to the next trick,
    63A), so a revoke at trick 12 is ruled as one (64B6, 62D) rather than as a mid-hand one;
    after a claim, the claim's own trick (play stopped there: the claim may be what
    established it, 63A3); trick 5 when nothing is reported (the transfer of 64A, the usual
    case)."""
    reported = state.trick
    if reported is None:
        return 5
    if established and claimed_by(state) is None:
        return max(1, reported - 1)
    return reported


def trick_reached(state: TableState, trick: int | None, established: bool) -> int | None:
    """The trick the table has reached, from a revoke reported on ``trick``: an established
    revoke means the offending side has played to the next trick (63A), unless a claim
    established it: play stopped at the claim (63A3, 63A4, 68D)."""
    if trick is None or not established or claimed_by(state) is not None:
        return trick
    return min(trick + 1, LAST_TRICK)


_REVOKED = "64B2:revoked:"  # "<seat>:<suit letter or ?>": an established revoke on this board


def _earlier_revokes(state: TableState, seat: Seat) -> list[Suit | None]:
    """The suits of ``seat``'s established revokes on this board (None: suit not reported)."""
    found: list[Suit | None] = []
    for n in state.notes:
        if n.startswith(f"{_REVOKED}{seat.value}:"):
            letter = n.rsplit(":", 1)[1]
            found.append(None if letter == "?" else Suit.parse(letter))
    return found


def remember_revoke(state: TableState, offender: Seat, suit: Suit | None) -> TableState:
    """The board notes ``offender``'s established revoke (or one the Laws deem, 67B1) in
    ``suit`` (None: not reported), so a later one repeating it (64B2) or by the other side
    (64B7) is known."""
    letter = suit.letter if suit else "?"
    return state.evolve(notes=(*state.notes, f"{_REVOKED}{offender.value}:{letter}"))


def _check(state: TableState, ev: Revoke) -> Seat:
    declarer = require_play(state)
    check_trick(ev.trick)
    if ev.trick == LAST_TRICK:
        raise RuleError(Msg("nobody can revoke on trick 13: each player has one card left and it "
                            "is the card he must play"))
    role = role_of(ev.offender, declarer)
    if ev.penalty_card_failure and role is Role.DECLARER:
        raise RuleError(Msg("{seat.value} is declarer: declarer's side never has penalty cards "
                            "(48A), so his revoke cannot be a failure to play one",
                            seat=ev.offender))
    if ev.penalty_card_failure and role is not Role.DEFENDER:
        raise RuleError(Msg("{seat.value} is dummy: declarer's side never has penalty cards "
                            "(48A), so his revoke cannot be a failure to play one",
                            seat=ev.offender))
    if ev.later_tricks is not None and (
            not isinstance(ev.later_tricks, int)
            or not 0 <= ev.later_tricks <= LAST_TRICK - ev.trick):
        raise RuleError(Msg("after trick {trick} only {remain} tricks remain; the offending side "
                            "cannot have won {later} of them", trick=ev.trick,
                            remain=LAST_TRICK - ev.trick, later=ev.later_tricks))
    if ev.partner_card is not None and not ev.nos_withdrew:
        raise RuleError(Msg("the revoker's side may take back a later card only after a "
                            "non-offender has taken his back (62C2)"))
    if ev.other_offender is not None and not ev.offender.is_opponent_of(ev.other_offender):
        raise RuleError(Msg("62C3 is about both sides revoking: the other revoker must be an "
                            "opponent of the first"))
    for card, seat in ((ev.card, ev.offender), (ev.partner_card, ev.offender.partner),
                       (ev.other_card, ev.other_offender)):
        if card is not None and seat is not None and check_card_free(state, seat, card):
            raise RuleError(Msg("the {card.symbol} is still a penalty card on the table, so it "
                                "was not played to the revoke trick", card=card))
    return declarer


def claim_establishment(state: TableState, offender: Seat, trick: int | None = None, *,
                        round_over: bool = False, next_call: bool = False,
                        ) -> tuple[bool, list[str], list[Text]] | None:
    """What the claims or concessions on this board make of ``offender``'s revoke before them
    (None: there is none; a defender's concession his partner objected to at once is none,
    68B2): established when a member of his side made one (63A3), even one play went on from
    (68D2(b): the revoke on ``trick``, if said, up to that claim's trick); not by an
    opponent's claim until the offenders' agreement to it is established, at the end of the
    round (``round_over``) or a call on the next board (63A4, 69A): a claim nobody objected
    to, the round over, establishes it. Noticed after a non-offender's call on the next board
    (``next_call``), 69A needs the offenders' own call, which the report does not say: the
    ruling says so, and that 64B4 leaves it unrectified either way. Whether so, and the laws
    and steps that say it."""
    for earlier, at in played_on(state):
        if earlier.side == offender.side and trick is not None and trick <= at:
            return True, ["63A3", "68D2(b)", "63B"], [
                Msg("The revoke is established: {claimer.value}, of the offending side, "
                    "claimed or conceded after it (63A3); play went on with that claim void "
                    "(68D2(b)), which does not undo the establishment (63B).", claimer=earlier),
                *([_first_claimed_trick(at)] if trick == at else [])]
    claimer = claimed_by(state)
    if claimer is None:
        return None
    if claimer.side == offender.side:
        return True, ["63A3"], [Msg("The revoke is established: {claimer.value}, of the offending "
                                    "side, has claimed or conceded (63A3).", claimer=claimer)]
    if round_over and claim_agreed(state):
        return True, ["63A4", "69A"], [
            Msg("The revoke is established: {seat.side} agreed to {claimer.value}'s claim and "
                "raised no objection to it before the round ended (63A4, 69A).", seat=offender,
                claimer=claimer)]
    if next_call and claim_agreed(state):
        return True, ["63A4", "69A"], [
            Msg("{seat.side} agreed to {claimer.value}'s claim: that agreement, and with it the "
                "revoke, is established once one of them calls on the next board or the round "
                "ends (63A4, 69A). If neither has called yet it is not, but the board is over: "
                "a revoke noticed after a non-offender's call on the next board is not "
                "rectified either way (64B4).", seat=offender, claimer=claimer)]
    return False, ["63A4"], [Msg("{claimer.value}'s claim does not establish it: a claim by the "
                                 "non-offending side does so only once the offenders' agreement "
                                 "to it is established, at the end of the round or a call on the "
                                 "next board (63A4, 69A).", claimer=claimer)]


def _first_claimed_trick(at: int) -> Msg:
    """The claim's trick is the first it claimed (14 less the tricks remaining): a card on
    it may have come before the claim (the trick in progress counted in) or after play went
    on (a claim between tricks), which the record cannot tell."""
    return Msg("Trick {trick} is the first the claim was about: if the revoke on it came only "
               "after play went on, the claim did not establish it and the director rules it "
               "as one made during play (63A, 68D2(b)).", trick=at)


def _establishing_claimer(state: TableState, ev: Revoke) -> Seat | None:
    """Who made the claim of the offender's side that established ``ev`` (63A3), if any."""
    for earlier, at in played_on(state):
        if earlier.side == ev.offender.side and ev.trick <= at:
            return earlier
    claimer = claimed_by(state)
    return claimer if claimer is not None and claimer.side == ev.offender.side else None


def corrected_after_claim(state: TableState,
                          offender: Seat) -> tuple[bool, list[str], list[Text]] | None:
    """Whether ``offender``'s revoke before the claim or concession on this board (a penalty
    card not played, 52B, included) is still corrected (None: there is no claim): the claim
    does not establish it (:func:`claim_establishment`, 63A4), or it does but the revoke is on
    trick 12 (62D1); and the laws and steps that say so. The one rule for ``/penalty
    not-played`` after a claim (or after play went on from one, 68D2(b): the failure is on the
    trick the table reported, as a revoke's) and for the 52B1 choice a claim finds waiting."""
    by_claim = claim_establishment(state, offender, state.trick)
    if by_claim is None:
        return None
    established, laws, steps = by_claim
    if established and state.trick == TWELFTH:
        return True, [*laws, "62D1"], [*steps, _TWELFTH_CORRECTED]
    return not established, laws, steps


def _establishment(state: TableState, ev: Revoke) -> tuple[bool, list[str], list[Text]]:
    """Whether the revoke is established, and the laws and steps that say so."""
    how = ev.established_by
    if how is None and ev.misinformed and ev.established:
        how = EstablishedBy.PLAY  # ``misinformed`` is about the play to the next trick (47E1)
    if how is not None:
        law, what = _HOW_LAW[how]
        if ev.misinformed and how is EstablishedBy.PLAY:
            return False, ["47E1", "63A1"], [
                Msg("The play to the next trick came after an opponent wrongly said it was that "
                    "player's turn, so it does not establish the revoke (47E1).")]
        if not ev.established:
            raise RuleError(Msg("the facts conflict: {what}, which establishes a revoke ({law}), "
                                "yet it is reported as not established", what=what, law=law))
        return True, [law], [Msg("The revoke is established: {what} ({law}).", what=what,
                                 law=law)]
    by_claim = claim_establishment(state, ev.offender, ev.trick,
                                   round_over=ev.attention is Attention.AFTER_ROUND,
                                   next_call=ev.attention is Attention.AFTER_NEXT_CALL)
    if by_claim is not None and by_claim[0]:
        return by_claim
    if ev.established:
        return True, ["63A"], [Msg("The revoke is established (63A).")]
    if by_claim is not None:
        return by_claim
    return False, ["63A"], [Msg("The offending side has not yet played to the next trick, "
                                "claimed or conceded: the revoke is not established (63A).")]


@rule(Revoke)
def revoke(state: TableState, ev: Revoke) -> tuple[Ruling, TableState]:
    declarer = _check(state, ev)
    if ev.penalty_card_failure and not ev.established and ev.card is not None \
            and not ev.faced_card and role_of(ev.offender, declarer) is Role.DEFENDER:
        # Law 52's refusals first, as /penalty not-played makes them, whatever a claim did to
        # its establishment: his own penalty card, or a card a minor one did not bar (50C)
        owed_penalty_cards(state, PenaltyNotPlayed(ev.offender, ev.card))
    established, how_laws, how_steps = _establishment(state, ev)
    if established and not ev.established and ev.won_by is None and not exceptions(ev, declarer):
        # reported for correction, but a claim of his side established it (63A3)
        raise RuleError(Msg("{claimer.value}'s claim or concession established the revoke "
                            "(63A3), so it is no longer corrected: report it as established, "
                            "with who won the revoke trick ({opt[won_by]})",
                            claimer=_establishing_claimer(state, ev)))
    if not established and ev.attention is not Attention.DURING_PLAY:
        raise RuleError(Msg("a revoke first noticed after the board was over has been "
                            "established by then (63A): report it as established"))
    if ev.dummy_asked_first:
        return _dummy_asked(state, ev, declarer, how_laws, how_steps)
    if ev.other_offender is not None and not ev.both_sides_established:
        return _both_on_one_trick(state, ev, declarer, how_laws, how_steps)
    if not established:
        return _correct(state, ev, declarer, how_laws, how_steps)
    if ev.trick == TWELFTH and ev.attention is Attention.DURING_PLAY:
        return _twelfth(state, ev, declarer, how_laws, how_steps)
    ruling, state = _established(state, ev, declarer, how_laws, how_steps)
    for seat, card in ((ev.offender, ev.card), (ev.other_offender, ev.other_card)):
        if seat is not None and card is not None:  # the revoke trick stands as played (63B)
            state = state.placed(seat, card)
    return ruling, state


# --- before establishment: Law 62 ------------------------------------------------------


def _withdraw_revoke_card(state: TableState, ev: Revoke, declarer: Seat,
                          origin: str) -> tuple[TableState, list[Text], list[str]]:
    """62B: the revoke card comes back and a legal card is played instead."""
    role = role_of(ev.offender, declarer)
    if role is Role.DEFENDER and not ev.faced_card:
        if ev.card is None:
            raise RuleError(Msg("name the revoke card: a defender's corrected revoke card "
                                "becomes a major penalty card"))
        state, extra = add_major(state, ev.offender, ev.card, origin)
        steps: list[Text] = [
            Msg("{seat.value} takes back the {card.symbol} and plays a legal card; the "
                "{card.symbol} stays face up as a major penalty card (62B1, 50B).",
                seat=ev.offender, card=ev.card), *extra]
        return state, steps, ["62B1", "50B"]
    if role is Role.DEFENDER:
        why = Msg("it came from his faced hand")
    elif role is Role.DECLARER:
        why = Msg("declarer's cards never become penalty cards")
    else:
        why = Msg("dummy's cards never become penalty cards")
    if ev.card is None:
        return state, [Msg("{seat.value} takes back the revoke card and plays a legal card; no "
                           "penalty, as {why} (62B2).", seat=ev.offender, why=why)], ["62B2"]
    return state, [Msg("{seat.value} takes back the {card.symbol} and plays a legal card; no "
                       "penalty, as {why} (62B2).", seat=ev.offender, card=ev.card, why=why)], [
        "62B2"]


def _later_cards(state: TableState, ev: Revoke, declarer: Seat) -> tuple[TableState, list[Text],
                                                                          list[str]]:
    """62C1/62C2: cards played after the revoke may be taken back."""
    nos = ev.offender.lho
    laws = ["62C1"]
    if not ev.nos_withdrew:
        return state, [Msg("Each {nos.side} player may take back a card he played after the "
                           "revoke and play another (62C1).", nos=nos)], laws
    steps: list[Text] = [Msg("A {nos.side} player took back the card he had played after the "
                             "revoke (62C1).", nos=nos)]
    if ev.partner_card is not None:
        nxt = ev.offender.partner
        laws.append("62C2")
        if role_of(nxt, declarer) is Role.DEFENDER:
            state, extra = add_major(state, nxt, ev.partner_card, "62C2")
            steps.append(Msg("{seat.value} then took back his {card.symbol}: it becomes a major "
                             "penalty card, as he is a defender (62C2, 50B).", seat=nxt,
                             card=ev.partner_card))
            steps += extra
        else:
            steps.append(Msg("{seat.value} then took back his {card.symbol} without penalty "
                             "(62C2).", seat=nxt, card=ev.partner_card))
    else:
        steps.append(Msg("The {seat.side} player next in turn may then take back his card too; "
                         "a defender's becomes a penalty card (62C2).", seat=ev.offender))
    return state, steps, laws


def _correct(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
             how_steps: list[Text]) -> tuple[Ruling, TableState]:
    if ev.penalty_card_failure and role_of(ev.offender, declarer) is Role.DEFENDER \
            and not ev.faced_card:
        return _not_played(state, ev, how_laws, how_steps)
    state, steps, laws = _withdraw_revoke_card(state, ev, declarer, "62B1")
    state, later_steps, later_laws = _later_cards(state, ev, declarer)
    info: list[Text] = [Msg("What the withdrawn cards show is authorized for the side that did "
                            "not revoke and unauthorized for the revoker's side (16C).")]
    if role_of(ev.offender, declarer) is Role.DEFENDER:
        info.append(Msg("While a penalty card stays on the table, what it shows is authorized "
                        "for all (50E1)."))
    if ev.trick == TWELFTH and role_of(ev.offender, declarer) is Role.DEFENDER:
        info.append(Msg("If {seat.value} revoked before his partner played to trick 12, Law 16C "
                        "applies to the partner's choice (62D2).", seat=ev.offender))
    return Ruling(
        kind="revoke",
        summary=Msg("Revoke not established: it must be corrected now; no trick is "
                    "transferred."),
        laws=("62A", *laws, *how_laws, *later_laws),
        steps=(*how_steps, Msg("It must be corrected (62A)."), *steps, *later_steps),
        information=sentences(info),
        outcome={"tricks_transferred": 0, "correct": True,
                 "penalty_cards": penalty_tokens(state)},
    ), state


def _not_played(state: TableState, ev: Revoke, how_laws: list[str],
                how_steps: list[Text]) -> tuple[Ruling, TableState]:
    """52 with 62: a defender's failure to play a penalty card, noticed before it is
    established, is corrected as Law 52 says (declarer accepts the card played, or the penalty
    card is played instead and the card played becomes one): the ruling of ``/penalty
    not-played``, so the incident gets one answer whichever command reports it."""
    if ev.card is None:
        raise RuleError(Msg("name the card {seat.value} played instead of his penalty card",
                            seat=ev.offender))
    ruling, state = penalty_not_played(state, PenaltyNotPlayed(ev.offender, ev.card,
                                                               accepted=ev.accepted))
    return replace(
        ruling,
        laws=tuple(dict.fromkeys((*ruling.laws, "61A", *how_laws))),
        steps=(*how_steps,
               Msg("Failing to play a penalty card is a revoke (61A); it is corrected as Law 52 "
                   "says, not as 62B."),
               *ruling.steps),
        outcome={**ruling.outcome, "tricks_transferred": 0, "correct": True,
                 "penalty_cards": penalty_tokens(state)},
    ), state


#: A revoke on trick 12 is corrected even when established (62D1).
_TWELFTH_CORRECTED = Msg("Even so, a revoke on trick 12 is corrected, because the hands are still "
                         "at the table (62D1, an exception to 63B).")


@rule(PenaltyNotPlayed)
def not_played(state: TableState, ev: PenaltyNotPlayed) -> tuple[Ruling, TableState]:
    """A penalty card not played: Law 52 (:func:`penalty_not_played`), unless a claim or
    concession by the offender's side has established that revoke (63A3). Then it is no longer
    corrected (63B): the card played stands, nobody is asked, and Law 64 rules it as ``/revoke``
    does (no automatic transfer, 64B3). On trick 12 it is corrected even so (62D1)."""
    after_claim = corrected_after_claim(state, ev.seat)
    if after_claim is None:
        return penalty_not_played(state, ev)
    corrected, how_laws, how_steps = after_claim
    if corrected:
        ruling, after = penalty_not_played(state, ev)
        return replace(ruling, laws=tuple(dict.fromkeys((*ruling.laws, *how_laws))),
                       steps=(*how_steps, *ruling.steps)), after
    declarer = require_declarer(state)
    owed_penalty_cards(state, ev)  # Law 52's refusals: his penalty card, a card that is not one
    failure = Revoke(ev.seat, True, card=ev.played, trick=state.trick or 5,
                     penalty_card_failure=True)
    ruling, after = _established(state, failure, declarer, how_laws, how_steps)
    claimer = _establishing_claimer(state, failure)  # after /claim play-on, the earlier claim's
    return replace(
        ruling,
        kind="penalty_not_played",
        summary=Msg("{seat.value}'s {card.symbol} stands: {claimer.value}'s claim or concession "
                    "established the revoke (63A3), so it is no longer corrected; no automatic "
                    "trick transfer (64B3).", seat=ev.seat, card=ev.played, claimer=claimer),
        laws=tuple(dict.fromkeys(("61A", *ruling.laws))),
        steps=(Msg("Failing to play a penalty card is a revoke (61A)."), *ruling.steps),
        outcome={**ruling.outcome, "must_accept": True, "substitute": ""},
    ), after.placed(ev.seat, ev.played)  # it stands as played (63B)


def _twelfth(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
             how_steps: list[Text]) -> tuple[Ruling, TableState]:
    steps = [*how_steps, _TWELFTH_CORRECTED,
             Msg("There is no automatic trick transfer for a trick-12 revoke (64B6).")]
    laws = ["62D1", "64B6", *how_laws]
    if ev.card is not None or role_of(ev.offender, declarer) is not Role.DEFENDER:
        state, more, more_laws = _withdraw_revoke_card(state, ev, declarer, "62B1")
        steps += more
        laws += more_laws
    info: list[Text] = [Msg("What the withdrawn card shows is authorized for the non-offenders "
                            "(16C).")]
    if role_of(ev.offender, declarer) is Role.DEFENDER:
        info.append(Msg("If {seat.value} revoked before his partner's turn to play to trick 12, "
                        "Law 16C applies to the partner's choice of card (62D2).",
                        seat=ev.offender))
        laws.append("62D2")
    return Ruling(
        kind="revoke",
        summary=Msg("Trick-12 revoke: correct it now; no automatic trick transfer."),
        laws=tuple(dict.fromkeys(laws)),
        steps=tuple(steps),
        information=sentences(info),
        judgement=Msg("If the revoke still damaged the non-offending side, the Director assigns "
                      "an adjusted score (64C1)."),
        outcome={"tricks_transferred": 0, "correct": True,
                 "penalty_cards": penalty_tokens(state)},
    ), state


def _both_on_one_trick(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
                       how_steps: list[Text]) -> tuple[Ruling, TableState]:
    """62C3: both sides revoked on one trick and only one side has played to the next."""
    assert ev.other_offender is not None
    steps = [*how_steps,
             Msg("Both {seat.value} and {other.value} revoked on trick {trick}, and only one side "
                 "has played to the next trick: both revokes are corrected, even one already "
                 "established (62C3, an exception to 63B).", seat=ev.offender,
                 other=ev.other_offender, trick=ev.trick)]
    laws = ["62C3", "64B8", *how_laws]
    for seat, card in ((ev.offender, ev.card), (ev.other_offender, ev.other_card)):
        if role_of(seat, declarer) is Role.DEFENDER:
            if card is None:
                raise RuleError(Msg("name {seat.value}'s revoke card: a defender's withdrawn card "
                                    "becomes a penalty card (62C3)", seat=seat))
            state, extra = add_major(state, seat, card, "62C3")
            steps.append(Msg("{seat.value} takes back the {card.symbol}; it becomes a major "
                             "penalty card, as every card the defenders withdraw here does "
                             "(62C3, 50B).", seat=seat, card=card))
            steps += extra
        elif card is not None:
            steps.append(Msg("{seat.value} takes back the {card.symbol} without penalty (48A).",
                             seat=seat, card=card))
        else:
            steps.append(Msg("{seat.value} takes back the revoke card without penalty (48A).",
                             seat=seat))
    steps.append(Msg("There is no automatic trick transfer after a 62C3 correction (64B8)."))
    return Ruling(
        kind="revoke",
        summary=Msg("Both sides revoked on one trick: both are corrected; no trick transfer."),
        laws=tuple(dict.fromkeys(laws)),
        steps=tuple(steps),
        information=Msg("Information from the withdrawn cards is unauthorized for the side that "
                        "withdrew them (16C2); penalty cards on the table are authorized for all "
                        "(50E1)."),
        judgement=Msg("If either side was still damaged, the Director may adjust (64C)."),
        outcome={"tricks_transferred": 0, "correct": True,
                 "penalty_cards": penalty_tokens(state)},
    ), state


def _dummy_asked(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
                 how_steps: list[Text]) -> tuple[Ruling, TableState]:
    """43B2(b): declarer substitutes a correct card, and Law 64 applies as if established."""
    if ev.offender is not declarer:
        raise RuleError(Msg("43B2(b) is about dummy asking declarer about declarer's own play; "
                            "{seat.value} is not declarer", seat=ev.offender))
    ruling, state = _established(state, replace(ev, dummy_asked_first=False), declarer,
                                 [], [])
    steps = (
        Msg("Dummy, after breaking his limitations (43A2), was first to ask declarer about the "
            "revoke: declarer must put a correct card in its place, with no penalty card "
            "(43B2(b), 62B2)."),
        Msg("The trick transfer is then worked out as though the revoke had been established "
            "(43B2(b)):"),
        *[s for s in ruling.steps if s is not _STANDS],
    )
    return replace(
        ruling,
        laws=tuple(dict.fromkeys(["43B2(b)", "62B2", *ruling.laws])),
        steps=steps,
        outcome={**ruling.outcome, "correct": True},
    ), state


# --- after establishment: Law 64 -------------------------------------------------------


def exceptions(ev: Revoke, declarer: Seat) -> list[tuple[str, Msg]]:
    """Every 64B paragraph that rules out an automatic transfer, in the Law's order."""
    found: list[tuple[str, Msg]] = []
    if ev.won_by is WonBy.OPPONENTS and ev.later_tricks == 0:  # None: not known yet
        found.append(("64B1", Msg("{seat.side} won neither the revoke trick nor any later trick",
                                  seat=ev.offender)))
    if ev.repeat_same_suit:
        found.append(("64B2", Msg("it repeats an established revoke by the same player in the "
                                  "same suit")))
    if ev.penalty_card_failure:
        found.append(("64B3", Msg("the revoke was a failure to play a penalty card")))
    if role_of(ev.offender, declarer) is Role.DUMMY:
        found.append(("64B3", Msg("it is dummy's revoke")))
    if ev.attention is Attention.AFTER_NEXT_CALL:
        found.append(("64B4", Msg("attention was first drawn to it after a non-offender called "
                                  "on the next board")))
    if ev.attention is Attention.AFTER_ROUND:
        found.append(("64B5", Msg("attention was first drawn to it after the round ended")))
    if ev.trick == TWELFTH:
        found.append(("64B6", Msg("it happened on trick 12")))
    if ev.both_sides_established:
        found.append(("64B7", Msg("both sides have an established revoke on this board")))
    return found


def transfer(ev: Revoke, declarer: Seat) -> tuple[int, str, Msg]:
    """Law 64A: the number of tricks, the paragraph, and the arithmetic in words."""
    if ev.won_by is None:
        raise RuleError(Msg("say who won the revoke trick (offender, partner or opponents): the "
                            "transfer depends on it"))
    seat, nos = ev.offender, ev.offender.lho
    later = ev.later_tricks or 0
    if ev.won_by is WonBy.OFFENDER:
        if later:
            return 2, "64A1", Msg("2 tricks: the revoke trick (won by the offender, "
                                  "{seat.value}) + 1 later trick won by {seat.side} ({later} won "
                                  "after it; only one counts)", seat=seat, later=later)
        if ev.later_tricks is None:
            return 1, "64A1", Msg("1 trick so far: the revoke trick (won by the offender, "
                                  "{seat.value}); {seat.side}'s later tricks are not known yet",
                                  seat=seat)
        return 1, "64A1", Msg("1 trick: the revoke trick (won by the offender, {seat.value}); "
                              "{seat.side} won no later trick", seat=seat)
    if ev.won_by is WonBy.PARTNER:
        partner = ev.offender.partner
        where = (Msg("won in dummy ({partner.value}), which does not count as declarer's",
                     partner=partner)
                 if ev.offender is declarer else
                 Msg("won by the offender's partner, {partner.value}", partner=partner))
        if not later:
            return 1, "64A2", Msg("1 trick: the offender did not win the revoke trick ({where}), "
                                  "but his side did, so one trick goes across", where=where)
        if later == 1:
            return 1, "64A2", Msg("1 trick: the offender did not win the revoke trick ({where}), "
                                  "but his side did, so one trick goes across; the 1 later trick "
                                  "{seat.side} won add nothing", where=where, seat=seat)
        return 1, "64A2", Msg("1 trick: the offender did not win the revoke trick ({where}), but "
                              "his side did, so one trick goes across; the {later} later tricks "
                              "{seat.side} won add nothing", where=where, later=later, seat=seat)
    if later == 1:
        return 1, "64A2", Msg("1 trick: {nos.side} won the revoke trick, but {seat.side} won 1 "
                              "later trick, so one trick goes across", nos=nos, seat=seat)
    if later:
        return 1, "64A2", Msg("1 trick: {nos.side} won the revoke trick, but {seat.side} won "
                              "{later} later tricks, so one trick goes across", nos=nos,
                              seat=seat, later=later)
    if ev.later_tricks is None:
        return 0, "64A2", Msg("0 tricks so far: {nos.side} won the revoke trick; {seat.side}'s "
                              "later tricks are not known yet", nos=nos, seat=seat)
    return 0, "64A2", Msg("0 tricks: {seat.side} won neither the revoke trick nor any later "
                          "trick", seat=seat)


def _still_open(state: TableState, ev: Revoke, found: list[tuple[str, Msg]]) -> Msg | None:
    """What the ruling cannot settle yet, in words (None when nothing): the transfer under 64A
    when the later tricks are not known and they matter. Said after "Provisional: ". After a
    claim play has ended: what the claim gives the offenders counts, and the later tricks
    are for the table to say now."""
    if found or ev.later_tricks is not None or ev.won_by in (None, WonBy.PARTNER):
        return None
    claimed = claimed_by(state) is not None
    if ev.won_by is WonBy.OFFENDER:
        if claimed:
            return Msg("{seat.side} winning any trick after the revoke trick, one the claim "
                       "gives them included, makes it 2 tricks instead of 1 (64A1); play has "
                       "ended, so give their later tricks ({opt[later_tricks]}) to settle it.",
                       seat=ev.offender)
        return Msg("{seat.side} winning any trick after the revoke trick makes it 2 tricks "
                   "instead of 1 (64A1); the transfer is settled when play ends (64A).",
                   seat=ev.offender)
    if claimed:
        return Msg("{seat.side} winning any trick after the revoke trick, one the claim gives "
                   "them included, makes it 1 trick instead of none (64A2, 64B1); play has "
                   "ended, so give their later tricks ({opt[later_tricks]}) to settle it.",
                   seat=ev.offender)
    return Msg("{seat.side} winning any trick after the revoke trick makes it 1 trick instead "
               "of none (64A2, 64B1); the transfer is settled when play ends (64A).",
               seat=ev.offender)


def _claim_settles(state: TableState) -> tuple[list[str], Msg] | None:
    """After a claim play has ended (68D): the transfer applies now to the claim's result, as
    agreed (69A) or as the director rules it (70); the laws and the step that say so (None:
    no claim, the transfer is made when play ends)."""
    claimer = claimed_by(state)
    if claimer is None:
        return None
    if claim_agreed(state):
        return ["68D", "69A"], Msg(
            "Tricks won before the revoke trick are never transferred (64A). Play ended with "
            "{seat.value}'s claim (68D), which stands as agreed: the board is scored as if the "
            "tricks claimed had been won in play (69A), and the transfer applies to that "
            "result now.", seat=claimer)
    return ["68D", "70"], Msg(
        "Tricks won before the revoke trick are never transferred (64A). Play ended with "
        "{seat.value}'s claim (68D), which the director rules on (70): the transfer applies to "
        "the result he gives it.", seat=claimer)


def _repeat_in_doubt(state: TableState, ev: Revoke) -> Msg | None:
    """64B2 needs the suits: a second established revoke by the same player whose suit (or the
    earlier one's) is not reported is flagged rather than guessed. The doubt in words, said
    after "<seat> already has an established revoke on this board: "."""
    if ev.repeat_same_suit:
        return None
    earlier = _earlier_revokes(state, ev.offender)
    if not earlier or (ev.suit is not None and None not in earlier):
        return None
    return Msg("if this one is in the same suit, there is no automatic transfer for it (64B2) "
               "and the Director adjusts if the later revoke cost the non-offenders tricks "
               "(64C2(a)). Report the suit ({opt[suit]}) to settle it.")


def _established(state: TableState, ev: Revoke, declarer: Seat, how_laws: list[str],
                 how_steps: list[Text]) -> tuple[Ruling, TableState]:
    if ev.suit is not None and ev.suit in _earlier_revokes(state, ev.offender):
        ev = replace(ev, repeat_same_suit=True)  # the board knows it repeats (64B2)
    earlier_other = next((s for s in (ev.offender.lho, ev.offender.rho)
                          if _earlier_revokes(state, s)), None)
    if earlier_other is not None:  # the board knows both sides revoked (64B7)
        ev = replace(ev, both_sides_established=True)
    doubt = _repeat_in_doubt(state, ev)
    state = remember_revoke(state, ev.offender, ev.suit)
    found = exceptions(ev, declarer)
    open_ = _still_open(state, ev, found)
    judgement: list[Text] = [Msg("If the transfer does not make up for the damage the revoke "
                                 "caused, the Director assigns an adjusted score to restore "
                                 "equity (64C1).")]
    steps: list[Text] = [*how_steps, _STANDS]
    how_laws = [*how_laws, "63B"]
    summary: Msg
    provisional_summary: Msg  # the summary as said after "Provisional: "
    cancels = False  # this ruling undoes the transfer ruled for the other side's revoke (64B7)
    if found:
        first_law, first_why = found[0]
        count = 0
        laws = [law for law, _ in found]
        if found[0][0] == "64B1":
            laws.append("64A2")
        summary = Msg("No automatic trick transfer: {why} ({law}).", why=first_why,
                      law=first_law)
        provisional_summary = Msg("no automatic trick transfer: {why} ({law}).", why=first_why,
                                  law=first_law)
        steps.append(Msg("0 tricks: {why} ({law}).", why=first_why, law=first_law))
        steps += [Msg("Also: {why} ({law}).", why=why, law=law) for law, why in found[1:]]
        arithmetic = f"0 tricks ({first_law})"
        if any(law == "64B2" for law, _ in found):
            judgement.append(Msg("After repeated revokes in one suit, he adjusts if the "
                                 "non-offenders would probably have taken more tricks without "
                                 "the later ones (64C2(a))."))
        if any(law == "64B7" for law, _ in found):
            judgement.append(Msg("With established revokes by both sides, he adjusts toward the "
                                 "likely result had neither revoke happened (64C2(b))."))
            cancels = earlier_other is not None and state.tricks_transferred > 0
            if cancels:
                # the transfer ruled for the other side's revoke goes too: none for either
                steps.append(Msg("{seat.side} also has an established revoke on this board: "
                                 "the trick transfer ruled for it does not happen either "
                                 "(64B7).", seat=earlier_other))
                state = state.evolve(tricks_transferred=0)
    else:
        count, law_a, said = transfer(ev, declarer)
        arithmetic = str(said)  # the outcome keeps the arithmetic as English text
        laws = [law_a]
        settles = _claim_settles(state)
        if settles is not None:
            summary = (Msg("1 trick goes to {nos.side}, from the result of the claim ({law}).",
                           nos=ev.offender.lho, law=law_a) if count == 1 else
                       Msg("{n} tricks go to {nos.side}, from the result of the claim ({law}).",
                           n=count, nos=ev.offender.lho, law=law_a))
        elif count == 1:
            summary = Msg("1 trick goes to {nos.side} after play ends ({law}).",
                          nos=ev.offender.lho, law=law_a)
        else:
            summary = Msg("{n} tricks go to {nos.side} after play ends ({law}).", n=count,
                          nos=ev.offender.lho, law=law_a)
        provisional_summary = summary
        steps.append(Msg("{arithmetic} ({law}).", arithmetic=said, law=law_a))
        if settles is not None:
            laws += settles[0]
            steps.append(settles[1])
        else:
            steps.append(Msg("Tricks won before the revoke trick are never transferred; the "
                             "transfer is made when play ends (64A)."))
    provisional = open_ is not None or doubt is not None
    if provisional:
        summary = Msg("Provisional: {summary} {detail}", summary=provisional_summary,
                      detail=open_ or doubt)
        if open_ is not None:
            steps.append(Msg("Provisional: {detail}", detail=open_))
        if doubt is not None:
            steps.append(Msg("{seat.value} already has an established revoke on this board: "
                             "{detail}", seat=ev.offender, detail=doubt))
            laws.append("64B2")
    judgement.append(Msg("The Director should be told of every established revoke: only he can "
                         "weigh that equity (64C)."))
    state = state.evolve(tricks_transferred=state.tricks_transferred + count)
    return Ruling(
        kind="revoke",
        summary=summary,
        laws=tuple(dict.fromkeys([*laws, *how_laws, "64C"])),
        steps=tuple(steps),
        information=INFORMATION_ON_TABLE if state.penalty_cards else "",
        judgement=sentences(judgement),
        outcome={"tricks_transferred": count, "correct": False,
                 "penalty_cards": penalty_tokens(state), "arithmetic": arithmetic,
                 "exception": found[0][0] if found else "", "equity_64C": True,
                 "provisional": provisional, "cancels_transfers": cancels,
                 "depends_on": [*(["later_tricks"] if open_ is not None else []),
                                *(["repeat_same_suit"] if doubt is not None else [])]},
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
        raise RuleError(Msg("the {card.symbol} is not in that hand", card=card))
    legal, _, laws, steps = legal_cards(state, seat, hand, led)
    is_revoke = card not in legal
    if is_revoke:
        summary = Msg("Yes: the {card.symbol} is a revoke; {seat.value} had to play one of "
                      "{cards}.", card=card, seat=seat, cards=cards_text(legal))
    else:
        summary = Msg("No: the {card.symbol} was a legal card.", card=card)
    return Ruling(
        kind="revoke_check",
        summary=summary,
        laws=("61A", *laws),
        steps=(Msg("A revoke is failing to follow suit when able, or failing to play a card or "
                   "suit the Laws or a rectification require when able (61A, 59)."), *steps),
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
        raise RuleError(Msg("a player cannot ask himself about a revoke"))
    asker, about = role_of(ev.asker, declarer), role_of(ev.about, declarer)
    allowed, law = True, "61B"
    if about is Role.DUMMY:
        why = Msg("Dummy's cards are face up: anyone can see whether it could follow (61B).")
    elif asker is Role.DECLARER:
        law, why = "61B1", Msg("Declarer may ask a defender who has not followed suit (61B1).")
    elif asker is Role.DUMMY:
        if about is Role.DECLARER:
            law, why = "61B2(a)", Msg("Dummy may ask declarer; but if dummy has broken his "
                                      "limitations and is first to ask, 43B2(b) applies "
                                      "(61B2(a)).")
        else:
            allowed, law, why = False, "61B2(b)", Msg("Dummy may not ask a defender; doing so "
                                                      "can be unauthorized information (16B) "
                                                      "(61B2(b)).")
    else:
        law, why = "61B3", Msg("Defenders may ask declarer and each other, though asking "
                               "partner can create unauthorized information (61B3).")
    return Ruling(
        kind="revoke_inquiry",
        summary=Msg("{asker.value} may ask {about.value}.", asker=ev.asker, about=ev.about)
        if allowed else
        Msg("{asker.value} may not ask {about.value}.", asker=ev.asker, about=ev.about),
        laws=(law,) if law != "61B" else ("61B",),
        steps=(why,),
        information=Msg("A question to partner about a possible revoke may pass unauthorized "
                        "information (16B).") if asker is Role.DEFENDER and about is Role.DEFENDER
        else "",
        outcome={"allowed": allowed},
    ), state
