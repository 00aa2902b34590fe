"""Adapters for leads out of turn, premature plays, simultaneous plays and cards, revokes, revoke
inquiries, fifth cards and defective tricks (Laws 41, 45E, 47, 53-58, 61-64, 67).

Thin: facts become one engine event (and, with ``choice``, a :class:`ChoiceMade`); what is
observed is read from the rulings' outcomes and the resulting state.
"""

from __future__ import annotations

from typing import Any

from core.engine import ChoiceMade, Event, apply
from core.errors import RuleError
from core.laws.defective import Defect, DefectiveTrick, FifthCard
from core.laws.exposure import How
from core.laws.leads import LeadOutOfTurn, prevailing_55A
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.premature import PrematurePlay, SimultaneousCards, SimultaneousPlays
from core.laws.revoke import Attention, EstablishedBy, Revoke, RevokeInquiry, WonBy
from core.ruling import Ruling
from core.scenarios.facts import Facts, Observed, kind, with_facts
from core.seats import Seat, opening_leader
from core.state import TableState, penalty_tokens, restriction_token


def _enum(enum: Any, facts: Facts, key: str, default: Any = None) -> Any:
    value = facts.get(key)
    if value is None or value == "":
        return default
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(e.value for e in enum)
        raise RuleError(f"{key!r} must be one of {allowed}, not {value!r}") from None


def _choose(state: TableState, seat: Seat, first: Ruling,
            choice: str) -> tuple[Ruling | None, TableState]:
    """Apply the case's ``choice``; a choice the Laws already forced is simply checked."""
    if not state.pending_for(seat):
        forced = first.outcome.get("options") or []
        if choice in forced and len(forced) == 1:
            return None, state
        raise RuleError(f"{choice!r} is not an option here (options: {', '.join(forced)})")
    return apply(state, ChoiceMade(seat, choice))


def _observe(observed: Observed, ruling: Ruling, keys: tuple[str, ...]) -> None:
    observed["_cited"] = [*observed.get("_cited", []), *ruling.laws]
    for key in keys:
        if key in ruling.outcome:
            observed[key] = ruling.outcome[key]


def _rule_then_choose(state: TableState, ev: Event, chooser_seat: Seat, facts: Facts,
                      keys: tuple[str, ...]) -> tuple[Observed, TableState]:
    """Rule on ``ev``, then apply the case's ``choice`` (if any) for the seat that waits;
    what the second ruling says overrides the first, and the penalty cards are read last."""
    ruling, state = apply(state, ev)
    observed: Observed = {}
    _observe(observed, ruling, keys)
    if facts.get("choice"):
        chosen, state = _choose(state, chooser_seat, ruling, facts.get("choice"))
        if chosen is not None:
            _observe(observed, chosen, keys)
            if chosen.options and state.pending_for(chooser_seat):  # the separate 26B/50D2
                observed["also_options"] = list(chosen.option_tokens)
                also, state = apply(state, ChoiceMade(chooser_seat, facts.get("also") or "any"))
                observed["_cited"] += list(also.laws)
                observed["restriction"] = restriction_token(state, chooser_seat)
    observed["penalty_cards"] = penalty_tokens(state)
    return observed, state


@kind("opening_lead_out_of_turn")
def opening_lead_out_of_turn(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = with_facts(state, facts)
    if state.declarer is None:
        raise RuleError("the case gives no 'declarer'")
    leader = opening_leader(state.declarer)
    ev = OpeningLeadOutOfTurn(
        facts.seat("offender"), facts.card("card"), faced=facts.flag("faced", True),
        dummy_seen=facts.flag("dummy_seen"), spread_begun=facts.flag("spread_begun"),
        partner_led_face_down=facts.flag("partner_led_face_down"),
        dummy_played_second=facts.flag("dummy_played_second"),
        misinformed=facts.flag("misinformed"))
    keys = ("options", "chooser", "declarer_after", "next_to_play", "restriction")
    return _rule_then_choose(state, ev, leader, facts, keys)


@kind("lead_out_of_turn")
def lead_out_of_turn(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = with_facts(state, facts)
    correct = facts.seat("correct_leader")
    proper = facts.card("proper_lead") if facts.get("proper_lead") else None
    rho_card = facts.card("rho_card") if facts.get("rho_card") else None
    ev = LeadOutOfTurn(
        facts.seat("offender"), facts.card("card"), correct, trick=facts.number("trick", 2),
        misinformed=facts.flag("misinformed"), next_hand_played=facts.flag("next_hand_played"),
        proper_lead=proper, rho_card=rho_card, dummy_played=facts.flag("dummy_played"))
    keys = ("options", "chooser", "next_to_lead", "restriction", "prevails")
    if facts.get("defender_choices"):  # EXTENSIONS.md: each defender's answer (55A)
        ruling, state = apply(state, ev)
        observed: Observed = {}
        _observe(observed, ruling, keys)
        choices = dict(_seat_token(t) for t in facts.get("defender_choices"))
        waiting = state.pending_for(correct)
        if not waiting or state.declarer is None:
            raise RuleError("nothing waits for the defenders' choice here")
        token = prevailing_55A(waiting[0], state.declarer, choices)
        chosen, state = apply(state, ChoiceMade(correct, token))
        _observe(observed, chosen, keys)
        observed["chosen"] = token
        observed["penalty_cards"] = penalty_tokens(state)
        return observed, state
    return _rule_then_choose(state, ev, correct, facts, keys)


def _seat_token(text: str) -> tuple[Seat, str]:
    """``W:accept`` → (W, "accept")."""
    seat, sep, token = str(text).partition(":")
    if not sep or not token:
        raise RuleError(f"{text!r} is not SEAT:option")
    return Seat.parse(seat), token


@kind("premature_play")
def premature_play(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = with_facts(state, facts)
    offender = facts.seat("offender")
    ev = PrematurePlay(
        offender, facts.card("card"), facts.suit("led"),
        declarer_played_both=facts.flag("declarer_played_both"),
        dummy_initiative=facts.flag("dummy_initiative"), rho_turn=facts.flag("rho_turn"),
        card_legal=facts.flag("card_legal", True))
    ruling, state = apply(state, ev)
    observed: Observed = {}
    _observe(observed, ruling, ("options", "chooser"))
    if facts.get("choice"):
        chosen, state = _choose(state, offender.partner, ruling, facts.get("choice"))
        if chosen is not None:
            _observe(observed, chosen, ("restriction", "restriction_lasts"))
    observed["penalty_cards"] = penalty_tokens(state)
    observed.setdefault("restriction", restriction_token(state, offender.partner))
    return observed, state


@kind("revoke")
def revoke(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    state = with_facts(state, facts)
    if "established" not in facts:
        raise RuleError("the case must say whether the revoke is 'established'")
    optional_cards = {key: facts.card(key) if facts.get(key) else None
                      for key in ("card", "partner_card", "other_card")}
    ev = Revoke(
        facts.seat("offender"), facts.flag("established"), optional_cards["card"],
        trick=facts.number("trick", 5), won_by=_enum(WonBy, facts, "won_by"),
        later_tricks=facts.number("later_tricks") if "later_tricks" in facts else None,
        repeat_same_suit=facts.flag("repeat_same_suit"),
        penalty_card_failure=facts.flag("penalty_card_failure"),
        attention=_enum(Attention, facts, "attention", Attention.DURING_PLAY),
        both_sides_established=facts.flag("both_sides_established"),
        established_by=_enum(EstablishedBy, facts, "established_by"),
        misinformed=facts.flag("misinformed"), faced_card=facts.flag("faced_card"),
        nos_withdrew=facts.flag("nos_withdrew"), partner_card=optional_cards["partner_card"],
        other_offender=facts.opt_seat("other_offender"), other_card=optional_cards["other_card"],
        dummy_asked_first=facts.flag("dummy_asked_first"), suit=facts.suit("suit"),
        accepted=facts.flag("accepted"))
    ruling, state = apply(state, ev)
    observed: Observed = {}
    _observe(observed, ruling, ("tricks_transferred", "correct", "provisional", "depends_on"))
    observed["penalty_cards"] = penalty_tokens(state)
    return observed, state


@kind("simultaneous_plays")
def simultaneous_plays(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    """EXTENSIONS.md: ``other`` played at the same moment as ``legal``'s legal card (58A)."""
    state = with_facts(state, facts)
    ruling, state = apply(state, SimultaneousPlays(facts.seat("legal"), facts.seat("other")))
    observed: Observed = {}
    _observe(observed, ruling, ("next_law",))
    return observed, state


@kind("simultaneous_cards")
def simultaneous_cards(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    """EXTENSIONS.md: two or more cards led or played at once by one player (58B)."""
    state = with_facts(state, facts)
    designated = facts.card("designated") if facts.get("designated") else None
    ev = SimultaneousCards(facts.seat("seat"), facts.cards("cards"), facts.cards("visible"),
                           designated, facts.flag("discovered_late"))
    ruling, state = apply(state, ev)
    observed: Observed = {}
    _observe(observed, ruling, ("played",))
    observed["penalty_cards"] = penalty_tokens(state)
    return observed, state


@kind("revoke_inquiry")
def revoke_inquiry(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    """EXTENSIONS.md: may ``asker`` ask ``about`` whether he has a card of the suit led (61B)?"""
    state = with_facts(state, facts)
    ruling, state = apply(state, RevokeInquiry(facts.seat("asker"), facts.seat("about")))
    observed: Observed = {}
    _observe(observed, ruling, ("allowed",))
    return observed, state


@kind("fifth_card")
def fifth_card(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    """EXTENSIONS.md: a fifth card contributed to a trick (45E)."""
    state = with_facts(state, facts)
    ruling, state = apply(state, FifthCard(facts.seat("seat"), facts.card("card"),
                                           _enum(How, facts, "how", How.DELIBERATE)))
    observed: Observed = {}
    _observe(observed, ruling, ("returned", "penalty_kind"))
    observed["penalty_cards"] = penalty_tokens(state)
    return observed, state


@kind("defective_trick")
def defective_trick(facts: Facts, state: TableState) -> tuple[Observed, TableState]:
    """EXTENSIONS.md: a defective trick (67A before both sides played to the next, 67B after)."""
    state = with_facts(state, facts)
    if not facts.get("defect"):
        raise RuleError("the case must say the 'defect': omitted, too_many or misplaced")
    optional = {key: facts.card(key) if facts.get(key) else None for key in ("card", "kept")}
    ev = DefectiveTrick(
        facts.seat("seat"), _enum(Defect, facts, "defect"),
        late=facts.flag("late"), card=optional["card"], cards=facts.cards("cards"),
        kept=optional["kept"], led=facts.suit("led"),
        trick=facts.number("trick") if "trick" in facts else None,
        exposed=facts.flag("exposed"),
        side_won=facts.flag("side_won") if "side_won" in facts else None,
        played_again=facts.flag("played_again"))
    ruling, state = apply(state, ev)
    observed: Observed = {}
    _observe(observed, ruling, ("tricks_transferred", "provisional", "played", "returned",
                                "adjusted_score"))
    observed["penalty_cards"] = penalty_tokens(state)
    return observed, state
