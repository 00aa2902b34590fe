"""Which recorded choices hold a player up: the one rule :mod:`core.view` and the rules that
must not cancel a pending choice (``/lead``) both read.

A lead out of turn (Laws 54-56) stops all play until declarer (or the defenders) choose; a
premature play (57A) holds up the partner's play to the trick; a penalty card not played (52B1)
holds up its player's next card, led or played; any other recorded choice holds up the lead of
the seat it is about (a lead option before he leads, a question whether he kept the lead).
"""

from __future__ import annotations

import json

from core.seats import Seat
from core.state import Chooser, PendingChoice, TableState
from core.text import Msg, Text

OPENING_LAW = "54"  # an opening lead out of turn
DECLARER_LAW = "55"  # declarer's lead out of turn
DEFENDER_LAW = "56"  # a defender's lead out of turn (with 53)
PREMATURE_LAW = "57A"  # a defender's premature lead or play
NOT_PLAYED_LAW = "52B1"  # a penalty card not played: does declarer accept the card played?

#: Recorded choices after which nobody plays until they are made.
HOLDS_EVERYONE = frozenset({OPENING_LAW, DEFENDER_LAW, DECLARER_LAW})
#: Recorded choices that hold up the seat's play to a trick, never a lead.
HOLDS_FOLLOWER = frozenset({PREMATURE_LAW})
#: Recorded choices that hold up the seat's lead and play alike: what binds his next card waits
#: on them (52B1: accepted, the card played stands and his penalty card stays on the table).
HOLDS_SEAT = frozenset({NOT_PLAYED_LAW})
#: Declarer's options before a defender leads (50D2/51B, with 26B): asking again who is on lead
#: shows the same choice again (its ruling, when nothing has changed it:
#: :func:`core.laws.penalty.offered_again`), or rules again when something has, rather than
#: waiting on it.
LEAD_CHOICE_LAWS = frozenset({"50D2", "26B"})
#: Questions of fact (has he kept the lead?) rather than choices among remedies.
QUESTIONS = frozenset({Chooser.PLAYERS, Chooser.DECLARER_SIDE})


def question_asked(pending: PendingChoice) -> Text:
    """The question of fact a recorded choice asks ("" for a choice among remedies): a message
    stored as data in its note, so it is said in the reader's language; a question recorded
    before messages is its English text, as stored."""
    if pending.chooser not in QUESTIONS:
        return ""
    try:
        return Msg.from_data(json.loads(pending.note))
    except ValueError:
        return pending.note


#: ``TableState.notes`` entry: the player on lead has made his lead to the trick reported
#: (``led:W``), so declarer's lead options for it are spent (50D2(b): they come back at his
#: next lead). A report that moves the play on, or his side losing the lead, clears it.
LED_NOTE = "led:"


def lead_made(state: TableState, seat: Seat) -> bool:
    """Whether ``seat`` has made his lead to the trick reported (he is still "on lead" to it)."""
    return f"{LED_NOTE}{seat.value}" in state.notes


def with_lead_made(state: TableState, seat: Seat) -> TableState:
    cleared = without_lead_made(state)
    return cleared.evolve(notes=(*cleared.notes, f"{LED_NOTE}{seat.value}"))


def without_lead_made(state: TableState) -> TableState:
    if not any(n.startswith(LED_NOTE) for n in state.notes):
        return state
    return state.evolve(notes=tuple(n for n in state.notes if not n.startswith(LED_NOTE)))


#: ``TableState.notes`` entry of a claim or concession (Law 68): ``claim:S@9``, S's claim of
#: the tricks from trick 9 on (an older entry, ``claim:S``, does not say the trick).
CLAIM_NOTE = "claim:"

#: ``TableState.notes`` entry beside the claim's: nobody objected when it was made, so it stands
#: as agreed (69A).
AGREED_NOTE = "69A:agreed"

#: ``TableState.notes`` entry of a claim play went on from (68D2(b)): ``68D2b:S@9``. The claim
#: is void, but it was made: a revoke of S's side up to trick 9 stays established (63A3, 63B).
PLAYED_ON_NOTE = "68D2b:"


def _claim_note(state: TableState) -> str | None:
    """The claim's entry without its prefix (``S@9``), if any."""
    for note in state.notes:
        if note.startswith(CLAIM_NOTE):
            return note[len(CLAIM_NOTE):]
    return None


def claimed_by(state: TableState) -> Seat | None:
    """Who claimed or conceded on this board (68): play has stopped (68D) until the players
    agree to play on (68D2(b), :func:`with_play_on`) or a director voids the claim."""
    note = _claim_note(state)
    return Seat(note.split("@")[0]) if note is not None else None


def claim_agreed(state: TableState) -> bool:
    """Whether the claim that stopped play was made with nobody objecting (69A)."""
    return claimed_by(state) is not None and AGREED_NOTE in state.notes


def with_claim(state: TableState, claimer: Seat, *, trick: int, agreed: bool) -> TableState:
    """``state`` with ``claimer``'s claim of the tricks from ``trick`` on: play stops (68D)."""
    return state.evolve(notes=(*state.notes, f"{CLAIM_NOTE}{claimer.value}@{trick}",
                               *([AGREED_NOTE] if agreed else [])))


def with_play_on(state: TableState) -> TableState:
    """``state`` once play goes on from its claim (68D2(b)): the claim no longer stops play,
    and the board keeps who made it and at which trick (:func:`played_on`). The choices the
    claim set aside wait again: the void claim does not undo what came before it."""
    note = _claim_note(state)
    if note is None:
        return state
    seat, _, trick = note.partition("@")
    kept = tuple(n for n in state.notes if not n.startswith(CLAIM_NOTE) and n != AGREED_NOTE)
    return state.evolve(notes=(*kept, f"{PLAYED_ON_NOTE}{seat}@{trick or '?'}"),
                        pending=(*state.claim_held, *state.pending), claim_held=())


def played_on(state: TableState) -> list[tuple[Seat, int]]:
    """The claims play went on from on this board (68D2(b)), each with the trick it was made
    at (one whose trick is not known is left out)."""
    found: list[tuple[Seat, int]] = []
    for note in state.notes:
        if note.startswith(PLAYED_ON_NOTE):
            seat, _, trick = note[len(PLAYED_ON_NOTE):].partition("@")
            if trick.isdigit():
                found.append((Seat(seat), int(trick)))
    return found


#: ``TableState.notes`` entry of a defender's attempt to concede that his partner objected to
#: at once (68B2): ``68B2:E@8`` (at trick 8). No concession occurred and play goes on; the
#: entry lasts only while that moment does (the engine drops it at the next report that is not
#: one made at it, :func:`core.laws.claim.at_concession`).
CONCESSION_NOTE = "68B2:"


def _concession_note(state: TableState) -> str | None:
    """The objected concession's entry without its prefix (``E@8``), if any."""
    for note in state.notes:
        if note.startswith(CONCESSION_NOTE):
            return note[len(CONCESSION_NOTE):]
    return None


def objected_concession(state: TableState) -> Seat | None:
    """The defender whose attempt to concede his partner has just objected to (68B2), if any."""
    note = _concession_note(state)
    return Seat(note.split("@")[0]) if note is not None else None


def concession_trick(state: TableState) -> int | None:
    """The trick the objected concession was made at (``68B2:E@8``: 13 less its remaining
    tricks, plus one), if the entry says it (an older one does not)."""
    note = _concession_note(state)
    return int(note.split("@")[1]) if note is not None and "@" in note else None


def with_concession(state: TableState, seat: Seat, *, trick: int) -> TableState:
    """``state`` with ``seat``'s objected concession at ``trick`` as its one such entry."""
    cleared = concession_over(state)
    return cleared.evolve(notes=(*cleared.notes, f"{CONCESSION_NOTE}{seat.value}@{trick}"))


def concession_over(state: TableState) -> TableState:
    """``state`` once play has gone on after a concession objected to (68B2)."""
    if not any(n.startswith(CONCESSION_NOTE) for n in state.notes):
        return state
    return state.evolve(notes=tuple(n for n in state.notes
                                    if not n.startswith(CONCESSION_NOTE)))


def stopped_words(claimer: Seat) -> Msg:
    """"Play has stopped": the answer to any question about a lead or a play after a claim."""
    return Msg("Play has stopped: {seat.value} has claimed or conceded (68D); nobody plays "
               "another card while the claim is settled.", seat=claimer)


def claim_revoke_words(claimer: Seat) -> Msg:
    """What a claim or concession does to a revoke (63A3, 63A4), said with "play has stopped":
    the rule itself is :func:`core.laws.revoke.claim_establishment`."""
    return Msg("A revoke by {seat.side} on this board is established by this claim or "
               "concession (63A3): it is no longer corrected, except on trick 12 (62D1). One by "
               "the other side is established only once their agreement to the claim is, at the "
               "end of the round or a call on the next board (63A4, 69A).", seat=claimer)


def chooser_of(p: PendingChoice) -> tuple[Chooser, Seat | None]:
    """Who makes a recorded choice, as its ruling names him, and the defender whose choice
    stands if the defenders disagree (55A). After declarer's lead out of turn the record waits
    for that defender's press (``leads.pending_chooser_55A``), but the choice is the
    defenders': every view says so."""
    if p.law == DECLARER_LAW and p.offender is not None:
        return Chooser.DEFENDERS, p.offender.lho
    return Chooser(p.chooser), None


def live(state: TableState) -> tuple[PendingChoice, ...]:
    """The pending records that wait for someone (a record without options is the auction
    laws' own bookkeeping, waiting for nobody)."""
    return tuple(p for p in state.pending if p.options or p.chooser in QUESTIONS)


def recorded_wait(state: TableState, seat: Seat, *, leading: bool) -> PendingChoice | None:
    """The recorded choice that holds up ``seat``'s lead (``leading``) or play, if any."""
    pending = live(state)
    for p in pending:
        if p.seat is seat and (p.law in HOLDS_SEAT or (p.law in HOLDS_FOLLOWER) != leading):
            return p
    for p in pending:
        if p.law in HOLDS_EVERYONE:
            return p
    return None


def lead_held_for(state: TableState, seat: Seat) -> PendingChoice | None:
    """Declarer's lead options (50D2, 51B, 26B) waiting for another player's lead, when no
    recorded choice holds ``seat``'s own lead: that player is on lead to the trick, so ``seat``
    neither leads to it nor plays to it before him."""
    if recorded_wait(state, seat, leading=True) is not None:
        return None
    return next((p for p in live(state) if p.law in LEAD_CHOICE_LAWS and p.seat is not seat),
                None)


def held_lead_words(leader: Seat, law: str) -> Msg:
    """"Wait": the trick is held for the player declarer's lead options wait for."""
    return Msg("Wait: {leader.value} is on lead to this trick, and declarer has still to choose "
               "for his lead (Law {law}); the choice stays open.", leader=leader, law=law)


def holds_report(state: TableState, leader: Seat, trick: int | None = None) -> PendingChoice | None:
    """The recorded choice that a report "``leader`` is on lead" (to ``trick``, if it says)
    must not touch: anything but declarer's own lead options for that leader (those are
    shown again, or ruled on again when they have changed); and declarer's lead options for
    another player, who is on lead to this very trick (a report naming no trick, or the
    trick already reported, cannot put someone else on lead to it: only a later trick ends
    that choice, ``core.laws.course``)."""
    held = recorded_wait(state, leader, leading=True)
    if held is not None:
        return None if held.seat is leader and held.law in LEAD_CHOICE_LAWS else held
    if trick is None or trick == state.trick:
        return lead_held_for(state, leader)
    return None


def must_wait_words(seat: Seat, chooser: Chooser, law: str) -> Msg:
    """"He must wait": the sentence for who must choose first (the chooser as Chooser spells
    it, so "the LHO"), for every report of a card played while a choice holds it."""
    if chooser is Chooser.DECLARER:
        return Msg("{seat.value} must wait: the declarer must first choose an option (Law {law})",
                   seat=seat, law=law)
    if chooser is Chooser.DEFENDERS:
        return Msg("{seat.value} must wait: the defenders must first choose an option "
                   "(Law {law})", seat=seat, law=law)
    if chooser is Chooser.LHO:
        return Msg("{seat.value} must wait: the LHO must first choose an option (Law {law})",
                   seat=seat, law=law)
    if chooser is Chooser.DIRECTOR:
        return Msg("{seat.value} must wait: the director must first choose an option (Law {law})",
                   seat=seat, law=law)
    return Msg("{seat.value} must wait: the {chooser} must first choose an option (Law {law})",
               seat=seat, chooser=str(chooser), law=law)
