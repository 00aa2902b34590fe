"""One table, one answer (issue 22): random but legal evenings generated from the engine's own
events; after every step and for every seat, /mustplay, /lead and /state agree with the one
view of the table (``core.view``) and with each other, and asking never changes the table.

The commands render exactly these functions: ``/mustplay`` is :func:`core.view.must_play`,
``/lead`` records :class:`PartnerLead` unless :func:`core.view.lead_wait` answers first, and
``/state`` is ``view_of(state).lines()`` (tests/cogs check that wiring through the real tree)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards import Card, Suit, parse_card
from core.engine import ChoiceMade, Event, apply
from core.errors import RuleError
from core.held import held_cards
from core.laws import lead26
from core.laws.claim import Claim, PlayOn
from core.laws.course import QUESTION_LAW, REPORT_QUESTION_LAW, PlayReported
from core.laws.exposure import Exposure, How
from core.laws.flow import BoardSet, CardPlayed, LeadLost
from core.laws.leads import LeadOutOfTurn
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.penalty import PartnerLead, PenaltyNotPlayed
from core.laws.premature import PrematurePlay, SimultaneousCards
from core.laws.revoke import Revoke
from core.laws.waits import (
    DECLARER_LAW,
    HOLDS_FOLLOWER,
    HOLDS_SEAT,
    LEAD_CHOICE_LAWS,
    claimed_by,
    lead_made,
    played_on,
    stopped_words,
)
from core.ruling import Ruling
from core.seats import Seat, is_defender, opening_leader
from core.state import LeadPenalty, PenaltyKind, Phase, Place, TableState
from core.view import lead_wait, must_play, view_of

CARDS = [parse_card(s + r) for s in "SHDC" for r in "AKQJT98765432"]
SEATS = list(Seat)
#: Internal notation a player must never read: option tokens, bare card codes, bare calls.
TOKEN = re.compile(r"\b(require|forbid):|\b(require|forbid) [SHDC]+\b|\b[SHDC][AKQJT2-9]\b"
                   r"|\bcalled P\b|\bthe P\b")


def used(state: TableState) -> set[Card]:
    """The cards the reports have placed: on the table, in a trick or back in a hand."""
    return ({p.card for p in state.penalty_cards} | {w.card for w in state.whereabouts}
            | {p.card for p in state.pending if p.card is not None})


def owners(state: TableState) -> dict[Card, Seat]:
    """Whose each placed card is, as the state says (every record must agree)."""
    found: dict[Card, Seat] = {}
    for seat, card in [*((p.seat, p.card) for p in state.penalty_cards),
                       *((w.seat, w.card) for w in state.whereabouts),
                       *((p.offender, p.card) for p in state.pending
                         if p.offender is not None and p.card is not None
                         and p.law not in HOLDS_FOLLOWER)]:
        assert found.setdefault(card, seat) is seat, (card, seat, found[card])
    return found


def check_one_place(before: TableState, after: TableState, event: Event) -> None:
    """No card is reported in two places: each record names one owner per card, a card
    played is on the table nowhere, and an accepted report names a placed card only for its
    owner, and a played card only to report on that play (a revoke)."""
    after_owners = owners(after)
    cards = [w.card for w in after.whereabouts]
    assert len(cards) == len(set(cards)), after.whereabouts
    on_table = {p.card for p in after.penalty_cards} | {
        p.card for p in after.pending if p.law not in HOLDS_FOLLOWER}  # 57A's: a penalty card
    assert not any(w.place is Place.PLAYED and w.card in on_table
                   for w in after.whereabouts), after
    placed = owners(before)
    for seat, card in held_cards(event):
        assert placed.get(card, seat) is seat, (event, placed[card])
        assert after_owners.get(card, seat) is seat, (event, after_owners[card])
        where = before.where(card)
        assert where is None or where.place is not Place.PLAYED or isinstance(event, Revoke), \
            (event, where)


def draw_event(data: st.DataObject, state: TableState, trick: int) -> Event:
    """One event a table could report next, given what is recorded."""
    declarer = state.declarer
    assert declarer is not None
    defenders = [s for s in SEATS if is_defender(s, declarer)]
    free = [c for c in CARDS if c not in used(state)]
    waits = view_of(state).waits
    kinds = ["expose", "lead", "lead", "report", "lost", "play", "lead_out", "premature",
             "declarer", "premature_rho", "simultaneous", "claim"]
    if claimed_by(state) is not None:
        kinds += ["play_on"] * 2
    if trick == 1:
        kinds.append("opening_out")
    if state.penalty_cards:
        kinds += ["not_played", "revoke_failure"]
    if state.on_lead is not None:
        kinds.append("lead_made")
    if used(state):
        kinds += ["again"] * 2
    if any(w.recorded and w.options for w in waits):
        kinds += ["choose"] * 4
    kind = data.draw(st.sampled_from(kinds))
    if kind == "choose":
        wait = data.draw(st.sampled_from([w for w in waits if w.recorded and w.options]))
        return ChoiceMade(wait.seat, data.draw(st.sampled_from(wait.options)))
    if kind == "again":  # a card already placed, reported again, for anyone: most are refused
        card = data.draw(st.sampled_from(sorted(used(state))))
        seat = data.draw(st.sampled_from(SEATS))
        other = data.draw(st.sampled_from([s for s in SEATS if s is not seat]))
        return data.draw(st.sampled_from([
            Exposure(seat, (card,)), CardPlayed(seat, card),
            LeadOutOfTurn(seat, card, other, trick=max(trick, 2)),
            PrematurePlay(seat, card, led=Suit.CLUBS),
            Revoke(seat, True, card, trick=max(trick - 1, 1)),
            PenaltyNotPlayed(seat, card, accepted=True)]))
    if kind == "expose":
        seat = data.draw(st.sampled_from(defenders))
        return Exposure(seat, (data.draw(st.sampled_from(free)),),
                        data.draw(st.sampled_from(list(How))))
    if kind == "lead":
        with_trick = data.draw(st.booleans())
        return PartnerLead(data.draw(st.sampled_from(SEATS)), trick=trick if with_trick else None)
    if kind == "not_played":  # a card played instead of a penalty card: declarer is asked
        owner = data.draw(st.sampled_from([p.seat for p in state.penalty_cards]))
        return PenaltyNotPlayed(owner, data.draw(st.sampled_from(free)), accepted=None)
    if kind == "revoke_failure":  # the same slip reported as a revoke, not established
        owner = data.draw(st.sampled_from([p.seat for p in state.penalty_cards]))
        return Revoke(owner, False, data.draw(st.sampled_from(free)),
                      trick=data.draw(st.sampled_from([trick, None])), penalty_card_failure=True)
    if kind == "lead_made":  # the player on lead leads a card
        assert state.on_lead is not None
        return CardPlayed(state.on_lead, data.draw(st.sampled_from(free)))
    if kind == "report":
        return PlayReported(trick=trick)
    if kind == "lost":
        return LeadLost(data.draw(st.sampled_from(defenders)))
    if kind == "play":
        own = list(state.penalty_cards)
        if own:
            p = data.draw(st.sampled_from(own))
            return CardPlayed(p.seat, p.card)
        return CardPlayed(data.draw(st.sampled_from(SEATS)), data.draw(st.sampled_from(free)))
    if kind == "lead_out":
        offender = data.draw(st.sampled_from(SEATS))
        correct = data.draw(st.sampled_from([s for s in SEATS if s is not offender]))
        return LeadOutOfTurn(offender, data.draw(st.sampled_from(free)), correct,
                             trick=max(trick, 2))
    if kind == "opening_out":
        offender = data.draw(st.sampled_from([declarer.rho, declarer.partner]))
        return OpeningLeadOutOfTurn(offender, data.draw(st.sampled_from(free)))
    if kind == "premature":
        offender = data.draw(st.sampled_from(defenders))
        return PrematurePlay(offender, data.draw(st.sampled_from(free)),
                             led=data.draw(st.sampled_from(list(Suit))))
    if kind == "premature_rho":  # 57D: a defender at his right-hand opponent's turn
        offender = data.draw(st.sampled_from(defenders))
        return PrematurePlay(offender, data.draw(st.sampled_from(free)),
                             led=data.draw(st.sampled_from(list(Suit))), rho_turn=True,
                             card_legal=data.draw(st.sampled_from([None, True, False])))
    if kind == "simultaneous":  # 58B: two cards at once, some seen
        seat = data.draw(st.sampled_from(SEATS))
        pair = tuple(data.draw(st.lists(st.sampled_from(free), min_size=2, max_size=2,
                                        unique=True)))
        seen = tuple(c for c in pair if data.draw(st.booleans()))
        return SimultaneousCards(seat, pair, seen,
                                 designated=pair[0] if len(seen) > 1 else None)
    if kind == "claim":  # 68: the rest of the tricks, as many as the reports leave
        remaining = 14 - max(trick, 1)
        return Claim(data.draw(st.sampled_from(SEATS)),
                     data.draw(st.integers(0, remaining)), remaining)
    if kind == "play_on":  # 68D2(b)
        return PlayOn()
    return BoardSet(declarer=data.draw(st.sampled_from(SEATS)))


def texts(ruling: Ruling) -> list[str]:
    return [str(t) for t in (ruling.summary, *ruling.steps, *(o.label for o in ruling.options))]


def check_agreement(state: TableState) -> None:
    """For every seat: the view, /mustplay, /lead and /state say the same; asking changes
    nothing that is pending."""
    view = view_of(state)
    lines = view.lines()
    # a lead that waits on declarer's options (50D2, 51B, 26B) is the lead of the player on
    # lead: /state never shows someone else on lead while it waits for him (a club night had
    # "N on lead" beside "waiting for declarer before W leads")
    for p in state.pending:
        if p.law in LEAD_CHOICE_LAWS and p.options and view.on_lead is not None:
            assert view.on_lead is p.seat, (view.on_lead, p)
    # declarer's 57A choice is for the trick of the premature play only: none outlives it;
    # a 52B1 choice holds its player's next card, led or played, for every command alike
    for p in state.pending:
        if p.law in HOLDS_FOLLOWER:
            assert p.trick is None or p.trick == view.trick, (p, view.trick)
        if p.law in HOLDS_SEAT:
            for leading in (True, False):
                assert view.wait_for(p.seat, leading=leading) is not None, (p, leading)
    for line in lines:
        assert not TOKEN.search(str(line)), line
    # declarer's lead out of turn: every view names the defenders and who prevails (55A), as
    # the ruling does; in the play nobody is asked about an irregular call
    playing = state.phase is Phase.PLAY
    for p in state.pending:
        if p.law == DECLARER_LAW and p.offender is not None:
            stands = f"{p.offender.lho.value}'s choice stands (55A)"
            assert any(stands in str(line) for line in lines), lines
    if playing:
        assert not any("irregular call" in str(line) for line in lines), lines
    free = next(c for c in CARDS if c not in used(state))
    stopped = claimed_by(state)
    stopped_line = stopped_words(stopped) if stopped is not None else None
    for seat in SEATS:
        held = False
        for leading in (True, False):
            wait = view.wait_for(seat, leading=leading)
            held = held or (wait is not None and wait.recorded)
            answer = must_play(state, seat, None, None if leading else Suit.HEARTS)
            waiting = bool(answer.outcome.get("waiting"))
            if stopped is not None:  # a claim stopped play (68D): every view says so, no wait,
                # and the engine takes no card (held below)
                assert waiting and str(answer.summary) == str(stopped_line), answer.summary
                assert any(str(line) == str(stopped_line) for line in lines), lines
                held = True
                continue
            assert waiting == (wait is not None), (seat, leading, answer.summary, wait)
            if leading and wait is None and view.on_lead is not None and view.off_lead(seat):
                # asked about his lead while the reports put another player on lead: the
                # answer names that player and never tells him to lead now
                leader = f"{seat.value}: {view.on_lead.value} is on lead"
                assert str(answer.summary).startswith(leader), answer.summary
                assert not any("You must lead" in t for t in texts(answer)), answer
            for text in texts(answer):
                assert not TOKEN.search(text), text
                assert not (playing and "left-hand opponent" in text), text
        # the engine itself (not the view) refuses a card from a player a recorded choice holds
        # up, and accepts one from a player nothing holds up (a card he could hold)
        try:
            apply(state, CardPlayed(seat, free))
            refused = False
        except RuleError:
            refused = True
        if held:
            assert refused, (seat, view.waits)
        elif state.phase is Phase.PLAY and not view.wait_for(seat, leading=True):
            assert not refused, (seat, view.waits)
        # trick 1 is the opening leader's (or the lead out of turn that stood): anyone else
        # reported on lead to it is refused, or waits, and nothing is recorded (54)
        if view.trick == 1 and state.declarer is not None \
                and seat not in (opening_leader(state.declarer), view.on_lead):
            try:
                _, after = apply(state, PartnerLead(seat, trick=1))
            except RuleError:
                pass
            else:
                assert after == state, (seat, after)
        if state.declarer is None or not is_defender(seat, state.declarer):
            continue
        held = lead_wait(state, seat)
        try:
            lead, after = apply(state, PartnerLead(seat))
        except RuleError:
            continue
        for text in texts(lead):
            assert not TOKEN.search(text), text
        # his own major penalty card binds his lead (50D1) whatever declarer chose for it: the
        # headline never says he may lead any card while the steps say he must lead it
        own = [p for p in state.penalty_cards_of(seat) if p.kind is PenaltyKind.MAJOR]
        if own and held is None and not lead.option_tokens:
            assert "may lead any card" not in str(lead.summary), lead
        if held is not None:  # a question never cancels (or changes) a pending choice
            assert after == state and lead.outcome.get("waiting") is True
            assert held.summary == lead.summary
            continue
        # whatever was pending for someone else is still pending after /lead, but what another
        # player on lead settles: declarer's 57A choice for a trick that is over (57A/57B) and
        # whether someone else kept the lead (his restrictions are over)
        # another player on lead is news, and so is the player on lead who has made his lead
        # to the trick reported: on lead again, he leads to the next trick
        news = seat is not view.on_lead or lead_made(state, seat)
        settled = HOLDS_FOLLOWER | {QUESTION_LAW, REPORT_QUESTION_LAW}
        others = {p for p in state.pending if p.seat is not seat
                  and not (news and p.law in settled)}
        assert others <= set(after.pending), (others, after.pending)
        if news:
            assert not any(p.law in settled and p.seat is not seat for p in after.pending), \
                after.pending
        wait = view.wait_for(seat, leading=True)
        if wait is not None and not wait.recorded and seat is view.on_lead:
            # the due choice /mustplay announced is the one /lead offers
            assert set(lead.option_tokens) == set(wait.options), (lead, wait)
        if seat is view.on_lead and wait is None and not news:
            assert not lead.option_tokens or lead.outcome.get("options") == ["kept", "lost"]


def check_one_incident(before: TableState, after: TableState, event: Event) -> None:
    """One incident, one answer whichever command reports it: a defender's failure to play a
    penalty card reported as a revoke not yet established leaves the table as /penalty
    not-played does (52 with 62); and once the player on lead has led, declarer's lead
    options for that lead are spent: no command offers them again for the same trick
    (50D2(b): they come back at his next lead)."""
    # (/penalty not-played names no trick: it is the trick last reported, so a revoke reported
    # on another trick after play went on from a claim may be before it or after, 68D2(b))
    same_trick = event.trick is None or event.trick == before.trick if isinstance(
        event, Revoke) else True
    if isinstance(event, Revoke) and event.penalty_card_failure and event.card is not None \
            and (same_trick or not played_on(before)):
        _, same = apply(before, PenaltyNotPlayed(event.offender, event.card, accepted=None))
        assert after == same, (after, same)
    if isinstance(event, CardPlayed) and before.on_lead is event.seat \
            and after.on_lead is event.seat and after.trick == before.trick:
        wait = view_of(after).wait_for(event.seat, leading=True)
        assert wait is None or wait.recorded, wait
        assert not any(f"Before {event.seat.value} leads" in str(line)
                       for line in view_of(after).lines()), view_of(after).lines()


def check_first_lead(before: TableState, after: TableState, event: Event) -> None:
    """A 26B right belongs to the partner's first turn to lead: once a report says that lead is
    over (a later trick, another leader, his side lost the lead), no command offers it again."""
    leader = before.on_lead
    if not isinstance(event, (PartnerLead, PlayReported, LeadLost)) or leader is None \
            or not lead26.eligible_suits(before, leader):
        return
    later = bool(after.trick and before.trick and after.trick > before.trick)
    if later or after.on_lead is not leader:
        assert not lead26.eligible_suits(after, leader), (event, after.lead_penalties)
        assert not any(p.law == lead26.LAW for p in after.pending_for(leader)), after.pending


@settings(max_examples=2000, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), declarer=st.sampled_from(SEATS), length=st.integers(1, 14),
       withdrawn=st.sampled_from([None, *SEATS]))
def test_one_view_every_command_agrees_after_every_step(data, declarer, length, withdrawn):
    """Random legal evenings: after each step, every command agrees with the view. Some start
    with a 26B lead penalty (``withdrawn``: the seat whose withdrawn call left one)."""
    start = TableState(lead_penalties=(LeadPenalty(withdrawn),) if withdrawn else ())
    _, state = apply(start, BoardSet(dealer=declarer, declarer=declarer, contract="4H"))
    check_agreement(state)
    trick = 1
    for _ in range(length):
        if data.draw(st.integers(0, 3)) == 0:
            trick = min(13, trick + 1)
        event = draw_event(data, state, trick)
        try:
            _, after = apply(state, event)
        except RuleError:
            continue  # refused facts change nothing
        check_first_lead(state, after, event)
        check_one_incident(state, after, event)
        check_one_place(state, after, event)
        state = after
        check_agreement(state)


def test_50D2_another_players_lead_to_the_same_trick_waits_and_a_later_trick_ends_it():
    """E's major penalty card; W reported on lead to trick 4, so declarer chooses (50D2). /lead
    for N or E to trick 4 (or naming no trick) cannot put him on lead beside W: it waits and
    records nothing, and /mustplay for W still waits; N on lead to trick 5 ends the choice,
    and /state then shows no choice for W's lead."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4S"))
    _, state = apply(state, Exposure(Seat.E, (parse_card("DK"),)))
    _, state = apply(state, PartnerLead(Seat.W, trick=4))
    assert view_of(state).wait_for(Seat.W, leading=True) is not None
    for seat, trick in ((Seat.N, 4), (Seat.E, 4), (Seat.N, None)):
        held = lead_wait(state, seat, trick)
        assert held is not None and str(held.summary).startswith(
            "Wait: W is on lead to this trick, and declarer has still to choose"), held
        ruling, after = apply(state, PartnerLead(seat, trick=trick))
        assert after == state and ruling.summary == held.summary
    assert must_play(state, Seat.W).outcome["waiting"] is True
    _, later = apply(state, PartnerLead(Seat.N, trick=5))
    assert later.on_lead is Seat.N and later.trick == 5
    assert not any(p.law == "50D2" for p in later.pending)
    assert not any("before W leads" in str(line) for line in view_of(later).lines())


def test_50D2_nobody_plays_before_the_lead_declarer_is_choosing_for():
    """W's ♠10 is a major penalty card; E is on lead and declarer chooses (50D2). W cannot play
    his penalty card (or any card) before E's lead (a club night recorded it, and the choice
    for E's lead stayed open with no penalty card left); /mustplay for W, leading or
    following, says so in the same words, and the choice stays open."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4H"))
    _, state = apply(state, Exposure(Seat.W, (parse_card("ST"),)))
    _, state = apply(state, PartnerLead(Seat.E))
    assert view_of(state).wait_for(Seat.E, leading=True) is not None
    words = "Wait: E is on lead to this trick, and declarer has still to choose for his lead"
    for seat, card in ((Seat.W, "ST"), (Seat.N, "H2"), (Seat.S, "H3")):
        try:
            apply(state, CardPlayed(seat, parse_card(card)))
        except RuleError as exc:
            assert str(exc).startswith(words), exc
        else:
            raise AssertionError(f"{seat} played before E's lead")
    for led in (None, Suit.HEARTS):
        answer = must_play(state, Seat.W, None, led)
        assert str(answer.summary).startswith(words) and answer.outcome["waiting"] is True
    with pytest.raises(RuleError, match=words):  # a premature play reported before it too
        apply(state, PrematurePlay(Seat.W, parse_card("S5"), led=Suit.HEARTS))
    assert [p.token for p in state.penalty_cards] == ["W:ST:major"]


def test_54_a_question_while_declarer_chooses_keeps_the_choice():
    """E leads out of turn at trick 1 (declarer S, W should lead): W's /lead waits, and the
    Law 54 choice stays pending and in /state."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4H"))
    _, state = apply(state, OpeningLeadOutOfTurn(Seat.E, parse_card("HQ")))
    before = state.pending
    ruling, after = apply(state, PartnerLead(Seat.W))
    assert after == state and after.pending == before
    assert ruling.summary.startswith("Wait: W may not lead until declarer has chosen (Law 54)")
    assert must_play(state, Seat.W).outcome["waiting"] is True
    assert "Waiting for declarer to choose (Law 54): nobody plays until then" in \
        view_of(state).lines()


def test_50D2_mustplay_and_lead_agree_before_anyone_ran_lead():
    """E has a major penalty card and W is on lead: /mustplay already says wait for declarer's
    choice (50D2) — it used to say "nothing binds" until someone happened to run /lead."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4H"))
    _, state = apply(state, Exposure(Seat.E, (parse_card("SK"),)))
    assert state.on_lead is Seat.W and not state.pending_for(Seat.W)
    answer = must_play(state, Seat.W)
    assert answer.outcome["waiting"] is True and "declarer" in answer.summary
    assert any("Before W leads, declarer chooses" in line for line in view_of(state).lines())
    lead, after = apply(state, PartnerLead(Seat.W))
    assert set(lead.option_tokens) == set(view_of(state).wait_for(Seat.W, leading=True).options)
    assert must_play(after, Seat.W).outcome["waiting"] is True


def test_26B_choice_lapses_once_partners_first_lead_is_over():
    """A 26B prohibition belongs to the partner's first lead only: reported at trick 6, the
    choice nobody made is gone from /state and the lead penalty with it."""
    from core.laws.auction_calls import CallMade
    from core.laws.insufficient import InsufficientBid

    state = TableState(dealer=Seat.S)
    _, state = apply(state, CallMade(Seat.S, "1H"))
    _, state = apply(state, InsufficientBid("1C", replacement="P", comparable=False))
    for seat, call in (("N", "2H"), ("E", "P"), ("S", "P"), ("W", "P")):
        _, state = apply(state, CallMade(Seat(seat), call))
    assert state.declarer is Seat.S
    _, state = apply(state, PartnerLead(Seat.E, trick=2))  # W led to trick 1: E won it
    assert state.pending_for(Seat.E)
    _, state = apply(state, PartnerLead(Seat.N, trick=6))
    assert not state.pending and not state.lead_penalties
    assert not any("26B" in line for line in view_of(state).lines())


def test_declarer_corrected_moves_the_opening_lead():
    """Declarer E, then corrected to S before any lead: W leads, not S."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.E))
    assert view_of(state).on_lead is Seat.S
    _, state = apply(state, BoardSet(declarer=Seat.S))
    assert view_of(state).on_lead is Seat.W and view_of(state).trick == 1


def _premature_at_trick_3() -> TableState:
    """S on lead to trick 3; E plays the ♣5 before his partner W (hearts led): declarer's 57A
    choice for W's play to trick 3 waits."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4S"))
    _, state = apply(state, PartnerLead(Seat.S, trick=3))
    _, state = apply(state, PlayReported(trick=3))
    _, state = apply(state, PrematurePlay(Seat.E, parse_card("C5"), led=Suit.HEARTS))
    assert any(p.law == "57A" for p in state.pending_for(Seat.W))
    return state


@pytest.mark.parametrize("report", [PartnerLead(Seat.N, trick=4), PartnerLead(Seat.S, trick=5),
                                    PartnerLead(Seat.N), PlayReported(trick=4)])
def test_57A_unmade_choice_lapses_with_its_trick(report):
    """Declarer's 57A choice is for W's play to the trick of the premature play only (57A, 57B):
    once a later trick (or another leader) is reported, the unmade choice is gone from /state
    and /mustplay, and a press of its button is refused (a club night had it bind trick 5)."""
    _, state = apply(_premature_at_trick_3(), report)
    assert not any(p.law == "57A" for p in state.pending)
    assert not any("57A" in str(line) for line in view_of(state).lines())
    for led in (Suit.SPADES, Suit.HEARTS):
        answer = must_play(state, Seat.W, None, led)
        assert not answer.outcome.get("waiting") and "57A" not in answer.laws, answer
    with pytest.raises(RuleError):
        apply(state, ChoiceMade(Seat.W, "highest"))


@pytest.mark.parametrize("report", [PartnerLead(Seat.S, trick=3), PartnerLead(Seat.S),
                                    PlayReported(trick=3)])
def test_57A_choice_holds_while_its_trick_is_played(report):
    """Reports that stay at the trick of the premature play leave declarer's 57A choice open."""
    before = _premature_at_trick_3()
    _, state = apply(before, report)
    assert state.pending == before.pending
    assert must_play(state, Seat.W, None, Suit.HEARTS).outcome["waiting"] is True


def test_57A_mustplay_for_the_lead_names_the_lead_choice_not_57A():
    """E plays prematurely at trick 6 (nobody reported on lead): asked about W's lead,
    /mustplay names declarer's 50D2 choice for E's penalty card with its own options — not the
    57A choice for W's play to the trick beside 50D2 options (a club night mixed the two)."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4S"))
    _, state = apply(state, PlayReported(trick=6))
    _, state = apply(state, PrematurePlay(Seat.E, parse_card("C5"), led=Suit.HEARTS))
    answer = must_play(state, Seat.W)
    wait = view_of(state).wait_for(Seat.W, leading=True)
    assert wait is not None and wait.law == "50D2", wait
    assert "57A" not in str(answer.summary) and answer.laws == ("50D2",), answer
    assert set(wait.options) == {"require:C", "forbid:C", "any"}


def test_50D2a_kept_lead_question_lapses_once_another_player_is_on_lead():
    """W's 50D2(a) prohibition is in doubt after trick 5 is reported without its leader, so the
    table is asked whether W kept the lead; then E is reported on lead: W's prohibition is over
    and the question with it (no "kept" answer can put W back on lead beside declarer's choice
    for E's lead, which /state would show side by side)."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4H"))
    _, state = apply(state, Exposure(Seat.E, (parse_card("DK"),)))
    _, state = apply(state, PartnerLead(Seat.W, trick=2))
    _, state = apply(state, ChoiceMade(Seat.W, "forbid:D"))
    _, state = apply(state, Exposure(Seat.W, (parse_card("SK"),)))
    _, state = apply(state, PlayReported(trick=5))
    assert [p.options for p in state.pending_for(Seat.W)] == [("kept", "lost")]
    _, state = apply(state, PartnerLead(Seat.E))
    assert not state.pending_for(Seat.W) and not state.restrictions_on(Seat.W)
    assert not any("kept the lead" in str(line) for line in view_of(state).lines())
    with pytest.raises(RuleError):
        apply(state, ChoiceMade(Seat.W, "kept"))


def test_52B1_choice_holds_the_players_play_as_well_as_his_lead():
    """W owes his ♠K (major) and plays the ♠7 instead; declarer has not said whether he accepts
    it (52B1(a)). /mustplay for W, with a suit led or without, and /state wait alike: were the
    ♠7 accepted, the ♠K would stay on the table (52B1(c)), so "play the ♠K now" is not known
    yet (a club night told W to play it when asked with led:Spades)."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4S"))
    _, state = apply(state, Exposure(Seat.W, (parse_card("SK"),)))
    _, state = apply(state, PartnerLead(Seat.E, trick=2))
    _, state = apply(state, ChoiceMade(Seat.E, "any"))
    _, state = apply(state, PenaltyNotPlayed(Seat.W, parse_card("S7"), accepted=None))
    view = view_of(state)
    for led in (None, Suit.SPADES, Suit.HEARTS):
        answer = must_play(state, Seat.W, None, led)
        assert answer.outcome["waiting"] is True and answer.laws == ("52B1",), answer
        assert view.wait_for(Seat.W, leading=led is None) is not None
    assert "Waiting for declarer to choose (Law 52B1) before W leads or plays" in \
        [str(line) for line in view.lines()]


def test_55A_every_view_names_the_defenders_and_who_prevails():
    """Declarer leads the ♥A from his hand when N (dummy) was to lead: the defenders choose,
    W's choice standing if they disagree (55A), as the ruling and its buttons say. /state,
    /mustplay and the engine's refusal of a card name the same chooser — never "N accepts the
    irregular call" (N is dummy, and it is a lead) nor "the offender's left-hand opponent"."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4S"))
    ruling, state = apply(state, LeadOutOfTurn(Seat.S, parse_card("HA"), Seat.N, trick=5))
    assert "W decides if they disagree" in str(ruling.summary)
    lines = [str(line) for line in view_of(state).lines()]
    assert "Waiting for the defenders to choose (Law 55): nobody plays until then; if they " \
           "disagree, W's choice stands (55A)" in lines, lines
    for seat in Seat:
        for led in (None, Suit.HEARTS):
            answer = must_play(state, seat, None, led)
            said = " ".join(texts(answer))
            assert "until the defenders have chosen (Law 55)" in said, said
            assert "W's choice stands (55A)" in said and "left-hand" not in said, said
    with pytest.raises(RuleError, match="the defenders must first choose"):
        apply(state, CardPlayed(Seat.N, parse_card("C2")))


def test_50D1_mustplay_for_a_player_not_on_lead_says_who_is_and_what_binds_his_next_card():
    """W's ♠K is a major penalty card and S is reported on lead to trick 3. Asked about their
    lead, E is not told to wait for declarer's 50D2 choice nor W to lead the ♠K as if either
    were on lead: the answer names S on lead, and what binds them when they next lead or play
    (the penalty card at the first legal opportunity, 50D1; declarer's options before E's
    next lead, 50D2)."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4S"))
    _, state = apply(state, Exposure(Seat.W, (parse_card("SK"),)))
    _, state = apply(state, PartnerLead(Seat.S, trick=3))
    view = view_of(state)
    assert view.wait_for(Seat.E, leading=True) is None
    east = must_play(state, Seat.E)
    said = " ".join(texts(east))
    assert str(east.summary) == "E: S is on lead to trick 3 (as reported), not you."
    assert not east.outcome.get("waiting") and "Wait" not in said
    assert "When you are next on lead, declarer first chooses (Law 50D2)" in said, said
    west = must_play(state, Seat.W)
    said = " ".join(texts(west))
    assert str(west.summary) == "W: S is on lead to trick 3 (as reported), not you."
    assert "You must lead" not in said and "first legal opportunity" in said, said
    assert "50D1" in west.laws


def test_54_lead_to_trick_1_by_another_than_the_opening_leader_is_refused():
    """4S by N: E makes the opening lead (he has the ♥K as a major penalty card). W reported on
    lead to trick 1 is no plain lead with declarer's 50D2 buttons: a card W leads to trick 1 is
    an opening lead out of turn (54), which the engine rules as such; /lead refuses it and
    changes nothing. Named with no trick, W is on lead to a later trick, and the answer says
    so, pointing to Law 54 in case W led to trick 1."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.N, contract="4S"))
    _, state = apply(state, Exposure(Seat.E, (parse_card("HK"),)))
    assert view_of(state).on_lead is Seat.E and view_of(state).trick == 1
    for seat in (Seat.W, Seat.S, Seat.N):
        with pytest.raises(RuleError, match="opening lead out of turn"):
            apply(state, PartnerLead(seat, trick=1))
    out_of_turn, _ = apply(state, OpeningLeadOutOfTurn(Seat.W, parse_card("D3")))
    assert "54" in out_of_turn.laws
    own, _ = apply(state, PartnerLead(Seat.E, trick=1))
    assert "50D1" in own.laws and not own.option_tokens
    later, after = apply(state, PartnerLead(Seat.W))
    said = " ".join(texts(later))
    assert "a trick after the opening lead" in said and "Law 54" in said, said
    assert after.on_lead is Seat.W and after.trick is None
