"""Adapters for the penalty-card family (Laws 24, 48-52, 59) and the ordinary flow steps."""

from __future__ import annotations

from core.engine import ChoiceMade, apply
from core.errors import RuleError
from core.laws import course
from core.laws.claim import Claim, PlayOn
from core.laws.exposure import AuctionExposureIncident, Exposure, How
from core.laws.flow import AuctionEnded, BoardEnded, CardPlayed, LeadLost
from core.laws.obligations import must_play
from core.laws.penalty import PartnerLead, PenaltyNotPlayed
from core.scenarios.facts import (
    Facts,
    Observed,
    kind,
    restriction_lasts,
    with_facts,
)
from core.state import TableState, penalty_tokens, restriction_token


def _how(facts: Facts) -> How:
    try:
        return How(facts.get("how", "accidental"))
    except ValueError:
        raise RuleError(f"'how' must be accidental or deliberate, not {facts.get('how')!r}") \
            from None


@kind("exposure")
def exposure(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = with_facts(state, facts)
    ruling, state = apply(state, Exposure(facts.seat("seat"), facts.cards("cards"), _how(facts)))
    return {"penalty_cards": penalty_tokens(state), "_cited": list(ruling.laws)}, state


@kind("auction_exposure")
def auction_exposure(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = with_facts(state, facts, declarer_key=None)
    ev = AuctionExposureIncident(facts.seat("seat"), facts.cards("cards"),
                                 facts.flag("premature_lead"))
    ruling, state = apply(state, ev)
    observed: Observed = {"partner_must_pass": ruling.outcome["partner_must_pass"],
                          "_cited": list(ruling.laws)}
    if "judgement_pending" in ruling.outcome:  # EXTENSIONS.md: 24A or 24C, the Director's word
        observed["judgement_pending"] = ruling.outcome["judgement_pending"]
    if "declarer" in facts:
        end, state = apply(state, AuctionEnded(facts.seat("declarer")))
        observed["_cited"] += list(end.laws)
        observed["penalty_cards"] = penalty_tokens(state)
    return observed, state


@kind("play_obligation")
def play_obligation(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    seat = facts.seat("seat")
    token = facts.get("restriction")
    waiting = [p for p in state.pending_for(seat) if token in p.options]
    if waiting:  # the restriction given is the choice the running state is waiting for
        state = with_facts(state, Facts({k: v for k, v in facts.data.items()
                                         if k != "restriction"}))
        _, state = apply(state, ChoiceMade(seat, token))
    else:
        state = with_facts(state, facts, restricted_seat=seat, following="led" in facts)
    ruling = must_play(state, seat, facts.hand(), facts.suit("led"))
    return {**ruling.outcome, "_cited": list(ruling.laws)}, state


@kind("partner_lead")
def partner_lead(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = with_facts(state, facts)
    leader = facts.seat("leader")
    ruling, state = apply(state, PartnerLead(leader))
    if any(p.law == course.QUESTION_LAW for p in state.pending_for(leader)):
        # on lead again with no lead_lost step between: the story says he kept the lead, so
        # his while_on_lead restriction holds and declarer's options come again (51B2 note)
        ruling, state = apply(state, ChoiceMade(leader, course.KEPT))
    observed: Observed = {"options": ruling.outcome["options"], "_cited": list(ruling.laws),
                          "penalty_cards": penalty_tokens(state),
                          "restriction": restriction_token(state, leader),
                          "restriction_lasts": restriction_lasts(state, leader)}
    if facts.get("choice"):
        chosen, state = apply(state, ChoiceMade(leader, facts.get("choice")))
        observed["_cited"] += list(chosen.laws)
        if state.pending_for(leader):  # EXTENSIONS.md: the separate 26B / 50D2 right
            observed["also_options"] = list(chosen.option_tokens)
            also, state = apply(state, ChoiceMade(leader, facts.get("also") or "any"))
            observed["_cited"] += list(also.laws)
        elif facts.get("also"):
            raise RuleError("declarer has no second choice to make here")
        observed.update(penalty_cards=penalty_tokens(state),
                        restriction=restriction_token(state, leader),
                        restriction_lasts=restriction_lasts(state, leader),
                        restrictions=[r.token for r in state.restrictions_on(leader)])
    return observed, state


@kind("penalty_not_played")
def penalty_not_played(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = with_facts(state, facts)
    designated = facts.card("designated") if facts.get("designated") else None
    ev = PenaltyNotPlayed(facts.seat("seat"), facts.card("played"), facts.flag("accepted"),
                          facts.flag("declarer_played_since"), instead_of=designated)
    ruling, state = apply(state, ev)
    return {**ruling.outcome, "penalty_cards": penalty_tokens(state),
            "_cited": list(ruling.laws)}, state


@kind("claim_made")
def claim_made(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    """EXTENSIONS.md: a claim or concession (68), at ``trick`` when the step gives it."""
    state = with_facts(state, facts)
    if "trick" in facts:
        _, state = apply(state, course.PlayReported(trick=facts.number("trick")))
    ev = Claim(facts.seat("claimer"), facts.number("tricks"), facts.number("remaining"),
               objector=facts.opt_seat("objector"))
    ruling, state = apply(state, ev)
    return {"_cited": list(ruling.laws)}, state


@kind("claim_play_on")
def claim_play_on(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    """EXTENSIONS.md: play goes on from the claim, all four agreeing (68D2(b))."""
    ruling, state = apply(state, PlayOn())
    return {"_cited": list(ruling.laws)}, state


@kind("play")
def play(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    ruling, state = apply(state, CardPlayed(facts.seat("seat"), facts.card("card")))
    return {"_cited": list(ruling.laws)}, state


@kind("lead_lost")
def lead_lost(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    ruling, state = apply(state, LeadLost(facts.seat("seat")))
    return {"_cited": list(ruling.laws)}, state


@kind("auction_ends")
def auction_ends(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    ruling, state = apply(state, AuctionEnded(facts.seat("declarer")))
    return {"penalty_cards": penalty_tokens(state), "_cited": list(ruling.laws)}, state


@kind("board_end")
def board_end(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    ruling, state = apply(state, BoardEnded())
    return {"_cited": list(ruling.laws)}, state


@kind("state")
def state_step(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    return {
        "penalty_cards": penalty_tokens(state),
        "restrictions": [f"{r.seat.value}:{r.token}" for r in state.restrictions],
        "pass_obligations": [p.token for p in state.pass_obligations],
    }, state
