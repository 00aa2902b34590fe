"""Law 26: lead restrictions after a withdrawn call (26B prohibit only, as corrected in June
2017), offered at the offender's partner's first turn to lead, with Law 50D2 when both apply."""

from dataclasses import replace

import pytest

from core.auction import Auction
from core.engine import ChoiceMade, apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.course import PlayReported
from core.laws.flow import LeadLost
from core.laws.insufficient import InsufficientBid
from core.laws.penalty import PartnerLead
from core.laws.rotation import CallOutOfRotation
from core.seats import Seat
from core.state import TableState
from core.view import must_play, view_of
from tests.core.helpers import penalty


def at(dealer: str, calls: str = "") -> TableState:
    return TableState(dealer=Seat(dealer), calls=Auction.parse(dealer, calls).texts)


def calls(state, *pairs):
    ruling = None
    for pair in pairs:
        seat, text = pair.split(":")
        ruling, state = apply(state, CallMade(Seat(seat), text))
    return ruling, state


def east_offends_south_declares():
    """S 1H, W P, N 2H, E 1S (insufficient) replaced by 3S (27B2: W barred); S 4H, all pass."""
    _, state = apply(at("S", "1H P 2H"), InsufficientBid("1S", replacement="3S", comparable=False))
    return calls(state, "S:4H", "W:P", "N:P", "E:P")


def test_26B_offered_at_the_opening_lead_when_offenders_partner_leads():
    """E offended, S declares, W leads: declarer may prohibit a suit E did not specify."""
    ruling, state = east_offends_south_declares()
    assert state.declarer is Seat.S and state.contract == "4H"
    assert "26B" in ruling.laws
    pending = state.pending_for(Seat.W)
    assert pending and set(pending[0].options) == {"forbid:H", "forbid:D", "forbid:C", "any"}


def test_26B_prohibit_only_never_require():
    """Since the June 2017 correction there is no 'require' option under Law 26."""
    _, state = east_offends_south_declares()
    assert not [o for o in state.pending_for(Seat.W)[0].options if o.startswith("require")]


def test_26B_prohibition_lasts_while_partner_keeps_the_lead():
    """Declarer forbids hearts: W may not lead one until his side loses the lead."""
    _, state = east_offends_south_declares()
    ruling, state = apply(state, ChoiceMade(Seat.W, "forbid:H"))
    assert "26B" in ruling.laws and ruling.outcome["restriction_lasts"] == "while_on_lead"
    assert [f"{r.seat.value}:{r.token}" for r in state.restrictions] == ["W:forbid:H"]
    assert not state.lead_penalties
    _, state = apply(state, LeadLost(Seat.W))
    assert not state.restrictions


def test_26B_declarer_may_decline():
    """'any': no restriction, and the right lapses with this first lead."""
    _, state = east_offends_south_declares()
    ruling, state = apply(state, ChoiceMade(Seat.W, "any"))
    assert not state.restrictions and not state.lead_penalties
    with pytest.raises(RuleError):
        apply(state, ChoiceMade(Seat.W, "forbid:D"))


def test_26B_specified_suit_cannot_be_prohibited():
    """E specified spades in the legal auction (3S): spades are not an option."""
    _, state = east_offends_south_declares()
    with pytest.raises(RuleError, match="not an option"):
        apply(state, ChoiceMade(Seat.W, "forbid:S"))


def test_26B_later_calls_of_the_offender_count_as_specified():
    """A suit the offender bids after the infraction is specified in the legal auction too."""
    _, state = apply(at("S", "1H P 2H"), InsufficientBid("1S", replacement="3S", comparable=False))
    _, state = calls(state, "S:4H", "W:P", "N:P", "E:5D", "S:5H", "W:P", "N:P", "E:P")
    assert set(state.pending_for(Seat.W)[0].options) == {"forbid:H", "forbid:C", "any"}


def test_26B_at_partners_first_lead_later_in_the_play():
    """W offended and makes the opening lead himself; declarer's option comes at E's first lead."""
    _, state = apply(at("S", "1H"), InsufficientBid("1C", replacement="P", comparable=False))
    ruling, state = calls(state, "N:2H", "E:P", "S:P", "W:P")
    assert state.declarer is Seat.S and not state.pending
    ruling, state = apply(state, PartnerLead(Seat.E))
    assert "26B" in ruling.laws
    assert set(ruling.outcome["options"]) == {"forbid:S", "forbid:H", "forbid:D", "forbid:C",
                                              "any"}
    ruling, state = apply(state, ChoiceMade(Seat.E, "forbid:C"))
    assert [r.token for r in state.restrictions_on(Seat.E)] == ["forbid:C"]
    # asked again before anything else is reported: still that lead, the prohibition binds and
    # nobody is asked whether he kept the lead (issue 22)
    ruling, state = apply(state, PartnerLead(Seat.E))
    assert ruling.outcome["options"] == [] and "26B" in ruling.laws
    ruling, state = apply(state, PartnerLead(Seat.E, trick=5))  # did E keep the lead till then?
    assert ruling.outcome["options"] == ["kept", "lost"]
    assert state.pending_for(Seat.E)[0].chooser == "declarer_side"
    ruling, state = apply(state, ChoiceMade(Seat.E, "kept"))
    assert ruling.outcome["options"] == []  # the 26B right was used at his first lead
    assert [r.token for r in state.restrictions_on(Seat.E)] == ["forbid:C"]


def test_26B_lapses_when_the_offender_becomes_declarer_or_dummy():
    """The lead penalty applies only if the offender becomes a defender."""
    _, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="1NT", comparable=False))
    _, state = calls(state, "W:P", "N:P", "E:P")
    assert state.declarer is Seat.S and not state.lead_penalties and not state.pending


def test_26A_comparable_replacement_no_lead_restrictions():
    """A comparable call leaves no lead penalty."""
    _, state = apply(at("S", "1H P 2H"), InsufficientBid("1S", replacement="3S",
                                                         comparable=True))
    _, state = calls(state, "S:4H", "W:P", "N:P", "E:P")
    assert not state.pending and not state.lead_penalties


def test_26B_after_non_comparable_call_out_of_rotation():
    """W bids 1S at N's turn (31B); his later pass is not comparable: E passes once and 26B
    applies at E's opening lead."""
    _, state = apply(at("N"), CallOutOfRotation(Seat.W, "1S", turn_call="1H"))
    ruling, state = calls(state, "E:P", "S:2H", "W:P")
    assert ruling.outcome["judgement_pending"] is True
    ruling, state = apply(state, ChoiceMade(Seat.W, "not_comparable"))
    assert "31A2(b)" in ruling.laws
    _, state = calls(state, "N:P", "E:P")
    assert state.declarer is Seat.N
    assert set(state.pending_for(Seat.E)[0].options) == {"forbid:S", "forbid:H", "forbid:D",
                                                         "forbid:C", "any"}


def test_26B_combined_with_50D2_options():
    """E has a major penalty card and a 26B penalty: one choice with both sets of options."""
    _, state = east_offends_south_declares()
    state = replace(state, penalty_cards=(penalty("E:DK:major"),))
    ruling, state = apply(state, PartnerLead(Seat.W))
    assert set(ruling.outcome["options"]) == {"require:D", "forbid:D", "forbid:H", "forbid:C",
                                              "any"}
    assert "50D2" in ruling.laws and "26B" in ruling.laws
    ruling, state = apply(state, ChoiceMade(Seat.W, "forbid:C"))
    assert [p.token for p in state.penalty_cards] == ["E:DK:major"]
    assert [r.token for r in state.restrictions_on(Seat.W)] == ["forbid:C"]


def test_26B_50D2_requirement_then_a_separate_26B_prohibition():
    """Requiring the penalty card's suit is the 50D2 option (the card goes back to the hand);
    Law 26B is a separate right, offered next: declarer also prohibits hearts."""
    _, state = east_offends_south_declares()
    state = replace(state, penalty_cards=(penalty("E:DK:major"),))
    _, state = apply(state, PartnerLead(Seat.W))
    ruling, state = apply(state, ChoiceMade(Seat.W, "require:D"))
    assert "50D2(a)" in ruling.laws and not state.penalty_cards
    assert set(ruling.option_tokens) == {"forbid:D", "forbid:H", "forbid:C", "any"}
    ruling, state = apply(state, ChoiceMade(Seat.W, "forbid:H"))
    assert "26B" in ruling.laws and not state.lead_penalties and not state.pending
    assert [r.token for r in state.restrictions_on(Seat.W)] == ["require:D", "forbid:H"]


def test_26B_then_50D2_a_prohibition_first_leaves_the_penalty_card_choice():
    _, state = east_offends_south_declares()
    state = replace(state, penalty_cards=(penalty("E:DK:major"),))
    _, state = apply(state, PartnerLead(Seat.W))
    ruling, state = apply(state, ChoiceMade(Seat.W, "forbid:C"))
    assert set(ruling.option_tokens) == {"require:D", "forbid:D", "any"}
    ruling, state = apply(state, ChoiceMade(Seat.W, "any"))
    assert [p.token for p in state.penalty_cards] == ["E:DK:major"] and not state.pending
    assert [r.token for r in state.restrictions_on(Seat.W)] == ["forbid:C"]


def test_26B_any_declines_both_rights_at_once():
    _, state = east_offends_south_declares()
    state = replace(state, penalty_cards=(penalty("E:DK:major"),))
    _, state = apply(state, PartnerLead(Seat.W))
    ruling, state = apply(state, ChoiceMade(Seat.W, "any"))
    assert not ruling.options and not state.pending and not state.lead_penalties


def test_26B_combined_forbid_of_penalty_suit_uses_both():
    """Forbidding the penalty card's suit is a 50D2 choice that also uses up 26B."""
    _, state = east_offends_south_declares()
    state = replace(state, penalty_cards=(penalty("E:DK:major"),))
    _, state = apply(state, PartnerLead(Seat.W))
    ruling, state = apply(state, ChoiceMade(Seat.W, "forbid:D"))
    assert "50D2(a)" in ruling.laws and "26B" in ruling.laws and not state.penalty_cards


def _prohibitable(state, leader):
    from core.laws import lead26

    return {s.letter for s in lead26.eligible_suits(state, Seat(leader))}


def test_26B_a_transfer_before_the_irregularity_specifies_the_suit_it_shows():
    """E 1NT, S P, W 2D (a transfer: hearts), N 2S, E P, S P; W's 2H is insufficient and he
    passes instead (27B2). W specified hearts, not diamonds: declarer N may prohibit any suit
    but hearts at E's opening lead."""
    from core.cards import Suit

    _, state = calls(at("E", "1NT P"))
    _, state = apply(state, CallMade(Seat.W, "2D", specifies=(Suit.HEARTS,)))
    _, state = calls(state, "N:2S", "E:P", "S:P")
    ruling, state = apply(state, InsufficientBid("2H", replacement="P", comparable=False))
    assert "27B2" in ruling.laws and state.declarer is Seat.N
    assert _prohibitable(state, "E") == {"S", "D", "C"}


def test_26B_an_artificial_cue_bid_replacement_specifies_the_suit_it_shows():
    """N 1H, E P, S 2H; W's 2D is insufficient and he replaces it with 3H, a cue-bid showing
    both minors, judged not comparable (27B2). Hearts may be prohibited, the minors not."""
    from core.auction import Strain

    ruling, state = apply(at("N", "1H P 2H"), InsufficientBid(
        "2D", replacement="3H", comparable=False,
        replacement_specifies=(Strain.CLUBS, Strain.DIAMONDS)))
    assert "27B2" in ruling.laws
    _, state = calls(state, "N:4H", "E:P", "S:P", "W:P")
    assert state.declarer is Seat.N
    assert _prohibitable(state, "E") == {"S", "H"}


def test_26B_an_accepted_artificial_insufficient_bid_counts_with_its_meaning():
    """The 2D transfer noted by /call before any penalty exists still counts afterwards, and
    a call taken back from the auction loses its meaning (a new call at that place is read
    afresh)."""
    from core.cards import Suit
    from core.laws.auction_state import call_meanings, with_auction

    _, state = apply(at("E", "1NT P"), CallMade(Seat.W, "2D", specifies=(Suit.HEARTS,)))
    assert call_meanings(state) == {2: (Suit.HEARTS,)}
    shorter = with_auction(state, Auction.parse("E", "1NT P"))
    assert call_meanings(shorter) == {}


def test_26B_after_a_refused_opening_lead_the_separate_prohibition_is_offered_with_buttons():
    """E (the 26B offender) leads the DK out of turn; declarer refuses it and requires a
    diamond from W (54D, 50D2): the ruling then offers the 26B prohibition as options."""
    from core.cards import parse_card
    from core.laws.opening_lead import OpeningLeadOutOfTurn

    _, state = east_offends_south_declares()
    _, state = apply(state, OpeningLeadOutOfTurn(Seat.E, parse_card("DK")))
    ruling, state = apply(state, ChoiceMade(Seat.W, "require:D"))
    assert {"forbid:H", "forbid:C", "any"} <= set(ruling.option_tokens), ruling.option_tokens
    ruling, state = apply(state, ChoiceMade(Seat.W, "forbid:C"))
    assert [r.token for r in state.restrictions_on(Seat.W)] == ["require:D", "forbid:C"]


@pytest.mark.parametrize("report", [PartnerLead(Seat.W, trick=2), PartnerLead(Seat.N, trick=2),
                                    PlayReported(trick=3), LeadLost(Seat.E)])
def test_26B_unmade_choice_lapses_once_partners_first_lead_is_over(report):
    """W's first turn to lead is the opening lead; declarer has not chosen. A later trick
    reported (W on lead again, someone else, or no leader said), or W's side said to have lost
    the lead, ends that first lead: the 26B
    right is gone with its choice, for /state, /mustplay and /lead alike (a club night offered
    the four prohibitions again at trick 3)."""
    _, state = east_offends_south_declares()
    ruling, state = apply(state, report)
    assert not state.lead_penalties and not any(p.law == "26B" for p in state.pending)
    assert not any(o.startswith("forbid") for o in ruling.option_tokens), ruling.option_tokens
    assert "26B" not in ruling.laws
    assert not any("26B" in str(line) for line in view_of(state).lines())
    for seat in (Seat.W, Seat.E):
        assert "26B" not in must_play(state, seat).laws
        lead, _ = apply(state, PartnerLead(seat, trick=4))
        assert not lead.option_tokens and "26B" not in lead.laws, lead


@pytest.mark.parametrize("report", [PartnerLead(Seat.W), PartnerLead(Seat.W, trick=1)])
def test_26B_choice_holds_while_partners_first_lead_waits(report):
    """W named again at the opening lead (no trick, or trick 1): still his first lead."""
    _, before = east_offends_south_declares()
    ruling, state = apply(before, report)
    assert state.lead_penalties == before.lead_penalties
    assert {"forbid:H", "forbid:D", "forbid:C"} <= set(state.pending_for(Seat.W)[0].options)
