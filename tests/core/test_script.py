"""The director's script: a ruling as the director says it at the table (Laws 10C, 16, 50E),
generated from the ruling's own options, so it never lists fewer than the buttons."""

import pytest

from core.auction import Auction
from core.cards import Suit, parse_card
from core.engine import ChoiceMade, apply
from core.laws.auction_calls import CallMade
from core.laws.exposure import AuctionExposureIncident, Exposure, How
from core.laws.flow import AuctionEnded
from core.laws.insufficient import InsufficientBid
from core.laws.leads import LeadOutOfTurn
from core.laws.opening_lead import OpeningLeadOutOfTurn
from core.laws.penalty import PartnerLead
from core.laws.premature import PrematurePlay
from core.laws.rotation import CallOutOfRotation
from core.registry import event_to_data
from core.script import Correction, build_script, chosen_on, number_word, option_line, spoken
from core.seats import Seat
from core.state import TableState
from tests.core.helpers import cards, play_state

READ_ALOUD = ("What happened", "The choice", "Who may know what", "Afterwards")


def at(dealer, calls=""):
    return TableState(dealer=Seat(dealer), calls=Auction.parse(dealer, calls).texts)


def called(state, *pairs):
    ruling = None
    for pair in pairs:
        seat, text = pair.split(":")
        ruling, state = apply(state, CallMade(Seat(seat), text))
    return ruling, state


def opening_lead():
    return apply(play_state("S"), OpeningLeadOutOfTurn(Seat.E, parse_card("SK")))


def comparable_call():
    _, state = apply(at("N"), CallOutOfRotation(Seat.S, "1NT"))
    _, state = called(state, "N:P", "E:P")
    return called(state, "S:2C")


def lead_restriction_26b():
    _, state = apply(at("S", "1H P 2H"), InsufficientBid("1S", replacement="3S",
                                                        comparable=False))
    _, state = called(state, "S:4H", "W:P", "N:P", "E:P")
    return apply(state, PartnerLead(Seat.W))


def kept_the_lead_question():
    _, state = apply(at("S", "1H"), InsufficientBid("1C", replacement="P", comparable=False))
    _, state = called(state, "N:2H", "E:P", "S:P", "W:P")
    _, state = apply(state, PartnerLead(Seat.E))
    _, state = apply(state, ChoiceMade(Seat.E, "forbid:C"))
    return apply(state, PartnerLead(Seat.E, trick=6))  # tricks unreported since: asked


def auction_exposure_then_50D2():
    _, state = apply(TableState(), AuctionExposureIncident(Seat.E, cards("SK"), False))
    return apply(state, AuctionEnded(Seat.S))


def last_pass_then_50D2():
    """W's ♥Q led during the auction (24); W's pass ends it: the call's ruling is the one that
    turns the ♥Q into a penalty card and offers declarer's 50D2 options."""
    _, state = apply(at("N", "1NT P P"), AuctionExposureIncident(Seat.W, cards("HQ"), True))
    return apply(state, CallMade(Seat.W, "P"))


#: One incident for every kind of ruling that offers a choice, and every kind of chooser.
WITH_OPTIONS = {
    "54 opening lead out of turn (declarer)": opening_lead,
    "56 defender's lead, partner to lead (declarer)": lambda: apply(
        play_state("S"), LeadOutOfTurn(Seat.W, parse_card("HA"), Seat.E, trick=7)),
    "55 declarer's lead out of turn (defenders)": lambda: apply(
        play_state("S"), LeadOutOfTurn(Seat.N, parse_card("H7"), Seat.E)),
    "50D2 partner of a major penalty card leads (declarer)": lambda: apply(
        play_state("S", "E:SK:major"), PartnerLead(Seat.W)),
    "57A premature play (declarer)": lambda: apply(
        play_state("S"), PrematurePlay(Seat.W, parse_card("SK"), Suit.SPADES)),
    "27A1 insufficient bid (LHO accepts or not)": lambda: apply(
        at("N", "1H 1S"), InsufficientBid("1D")),
    "27B insufficient bid replaced (director's judgement)": lambda: apply(
        at("N", "1H 1S"), InsufficientBid("1D", replacement="3H")),
    "29A call out of rotation (LHO accepts or not)": lambda: apply(
        at("N"), CallOutOfRotation(Seat.E, "1H")),
    "23A call out of rotation replaced (director's judgement)": comparable_call,
    "26B lead restriction (declarer)": lead_restriction_26b,
    "26B kept the lead? (declarer's side)": kept_the_lead_question,
    "24 card exposed in the auction, then 50D2 (declarer)": auction_exposure_then_50D2,
    "24 card led in the auction, the last pass, then 50D2 (declarer)": last_pass_then_50D2,
}


@pytest.mark.parametrize("case", sorted(WITH_OPTIONS))
def test_10C1_the_script_names_every_option_the_ruling_offers(case):
    ruling, state = WITH_OPTIONS[case]()
    assert ruling.options, case  # the incident still offers a choice
    choice = build_script(ruling, state).section("The choice")
    for option in ruling.options:
        said = spoken(option.label)
        assert sum(said in line for line in choice) == 1, (case, option.token, choice)
    if ruling.chooser not in ("director",):
        numbered = [option_line(n, o) for n, o in enumerate(ruling.options, 1)]
        read = [line for line in choice if line.startswith(tuple(numbered))]
        assert len(read) == len(numbered)
        assert all(line.startswith(expected) for line, expected in zip(read, numbered,
                                                                        strict=True)), case


def test_10C1_lead_out_of_turn_declarer_hears_all_five_options_spoken_to_him():
    ruling, state = opening_lead()
    script = build_script(ruling, state)
    choice = script.section("The choice")
    assert choice[0].startswith("Declarer, you have five options.")
    assert choice[5].startswith("Five: Refuse the lead, then: let W lead anything")
    assert "W leads any card" in choice[5]  # the engine's own answer to that choice
    assert choice[-1].startswith("Please don't consult your partner")  # 10C2
    for title in READ_ALOUD:  # law numbers are for the director, not read aloud
        assert "(54" not in " ".join(script.section(title)), title
    assert "54D" in script.section("For the director (not read aloud)")[0]
    assert "Laws of Duplicate Bridge 2017" in script.text()


def test_50D2_script_reads_what_each_choice_leads_to_and_who_may_know_what():
    ruling, state = apply(play_state("S", "E:SK:major"), PartnerLead(Seat.W))
    script = build_script(ruling, state)
    assert [t for t, _ in script.sections][:4] == list(READ_ALOUD)
    require = next(line for line in script.section("The choice") if "spade lead" in line)
    assert "Then: W must lead a spade" in require
    assert "unauthorized for W" in require  # 50E2 once the card goes back
    assert "while it is on the table" in script.section("Who may know what")[0].lower() or \
        "authorized for every player" in script.section("Who may know what")[0]


def test_23A_comparability_is_the_directors_own_judgement_not_the_tables_choice():
    ruling, state = comparable_call()
    choice = build_script(ruling, state).section("The choice")
    assert choice[0].startswith("This is my judgement")
    assert not any("non-offending side" in line.lower() for line in choice)
    assert any(line.startswith("If I decide: Comparable") for line in choice)
    assert any(line.startswith("If I decide: Not comparable") for line in choice)


def test_16C_insufficient_bid_script_says_the_withdrawn_call_is_unauthorized_for_partner():
    ruling, state = apply(at("N", "1H 1S"), InsufficientBid("1D"))
    information = " ".join(build_script(ruling, state).section("Who may know what"))
    assert "N, you are S's partner" in information and "unauthorized" in information
    assert "W and E may use it" in information
    assert "lowest sufficient bid in the same denomination" in information  # 27B1 exception


def test_16C_not_repeated_when_the_ruling_already_says_it():
    ruling, state = apply(at("N", "1H 1S"),
                          InsufficientBid("1D", replacement="3H", comparable=False))
    assert "16C" in ruling.information
    information = build_script(ruling, state).section("Who may know what")
    assert len(information) == 1 and "N, you are" not in information[0]


def test_50C_script_without_options_says_play_goes_on():
    ruling, state = apply(
        play_state("S"), Exposure(Seat.W, (parse_card("S5"),), How.ACCIDENTAL)
    )
    script = build_script(ruling, state)
    assert script.section("The choice") == ("There is nothing to choose: play goes on.",)
    assert script.text().startswith("1. What happened\n   ♠5 is a minor penalty card of W.")


def test_82C_correction_is_read_first_with_the_adjusted_score():
    ruling, state = opening_lead()
    script = build_script(ruling, state, correction=Correction(
        "amended", "I should have told declarer of the fifth option.", "weighted: 60% 4S=, "
        "40% 4S-1"))
    title, lines = script.sections[0]
    assert title == "The director's correction"
    assert "fifth option" in lines[1] and "60% 4S=" in lines[2]


def test_spoken_drops_law_references_but_keeps_other_parentheses():
    assert spoken("W leads (the offender's partner) (50D2(a), 50E2)") == (
        "W leads (the offender's partner).")
    assert spoken("Comparable (23A)") == "Comparable."
    assert spoken("Nothing applies (Law 16)") == "Nothing applies."
    assert number_word(5) == "five" and number_word(13) == "13"


def test_27B1a_lowest_sufficient_bid_has_no_16C_line():
    ruling, state = apply(at("N", "1H 1S"), InsufficientBid("1D", replacement="2D"))
    information = " ".join(build_script(ruling, state).section("Who may know what"))
    assert "16C does not apply" in ruling.information and "you are S's partner" not in information


def stored(*events_and_rulings):
    """The board's later events as storage keeps them (facts, ruling)."""
    return [(event_to_data(ev), r.to_data()) for ev, r in events_and_rulings]


def test_10C1_once_declarer_has_chosen_the_script_reads_his_choice_not_the_five_options():
    """A club night: after declarer pressed "require a heart" on E's opening lead out of turn,
    /script still read "Declarer, you have five options…". The script is the ruling as it
    now stands: the choice made, read from the stored choice (as the table's message says it),
    and what it led to."""
    ruling, state = apply(play_state("S"), OpeningLeadOutOfTurn(Seat.E, parse_card("HQ")))
    token = next(o.token for o in ruling.options if "require a heart" in str(o.label))
    seat = next(p.seat for p in state.pending if token in p.options)
    choice = ChoiceMade(seat, token)
    answer, _ = apply(state, choice)
    chosen = chosen_on(ruling, state, stored((choice, answer)))
    assert chosen is not None and chosen.option == token
    lines = build_script(ruling, state, chosen=chosen).section("The choice")
    said = " ".join(lines)
    assert "five options" not in said and "Please hear them all" not in said, lines
    assert lines[0] == "Declarer has chosen: Refuse the lead, then: require a heart lead.", lines
    assert spoken(answer.summary) in said
    assert "unauthorized for W" in said  # what the choice changed about information (50E2)
    assert not any(line.startswith(("One:", "Two:")) for line in lines)


def test_10C1_a_choice_still_open_or_taken_by_another_event_is_not_read_as_made():
    """Only the choice that answered this ruling's options counts: none yet, or one made on
    another ruling's options, leaves the script reading every option."""
    ruling, state = apply(play_state("S"), OpeningLeadOutOfTurn(Seat.E, parse_card("HQ")))
    assert chosen_on(ruling, state, []) is None
    other, _ = apply(play_state("S", "E:SK:major"), PartnerLead(Seat.W))
    assert chosen_on(other, play_state("S"), stored()) is None
    assert build_script(ruling, state, chosen=None).section("The choice")[0].startswith(
        "Declarer, you have five options.")


def test_23A_the_directors_judgement_once_given_is_read_as_given():
    ruling, state = comparable_call()
    seat = next(p.seat for p in state.pending if "not_comparable" in p.options)
    judged = ChoiceMade(seat, "not_comparable")
    answer, _ = apply(state, judged)
    chosen = chosen_on(ruling, state, stored((judged, answer)))
    lines = build_script(ruling, state, chosen=chosen).section("The choice")
    assert lines[0] == "I have judged: Not comparable.", lines
    assert spoken(answer.summary) in " ".join(lines)


def test_50E1_50D2_the_last_pass_ruling_reads_the_choice_and_the_information_it_states():
    """The ruling on the pass that ends the auction says W's ♥Q is a penalty card and cites
    50E1 and 50D2: its script reads declarer's options and who may know what, from the ruling
    itself (one source), never "nothing to choose" nor "nothing special about information"."""
    ruling, state = last_pass_then_50D2()
    script = build_script(ruling, state)
    assert script.section("The choice")[0].startswith("Declarer, you have three options.")
    info = " ".join(script.section("Who may know what"))
    assert "authorized for everyone" in info and "Nothing special" not in info, info


def test_64B7_a_transfer_undone_by_a_later_revoke_is_read_as_superseded():
    """W's established revoke transfers a trick; S's later established revoke means both
    sides have one (64B7): the first ruling's script says the later one superseded it, and
    nothing supersedes the second ruling or a transfer with no cancelling ruling after it."""
    from core.laws.revoke import Revoke, WonBy
    from core.script import superseded_by

    first, state = apply(play_state("S"), Revoke(Seat.W, True, trick=5, won_by=WonBy.OFFENDER,
                                                 later_tricks=1, suit=Suit.CLUBS))
    second, _ = apply(state, Revoke(Seat.S, True, trick=7, won_by=WonBy.OFFENDER,
                                    later_tricks=2, suit=Suit.DIAMONDS))
    assert first.outcome["tricks_transferred"] == 2
    assert superseded_by(first, [(9, second.to_data())]) == 9
    assert superseded_by(first, []) is None and superseded_by(second, []) is None
    script = build_script(first, state, correction=Correction("superseded", superseded_by=9))
    title, lines = script.sections[0]
    assert title == "The director's correction"
    assert lines[0].startswith("Ruling #9 has since superseded this ruling's trick transfer")
    assert "(64B7)" not in lines[0]
