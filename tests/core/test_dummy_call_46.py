"""Law 46 (an incomplete or invalid call of a card from dummy) and Law 45C4(b) (a slip of the
tongue corrected): which card is played, who designates, and what is recorded."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from core.cards import SUITS, Hand, Suit, parse_card, parse_hand
from core.deal import random_deal
from core.engine import apply, replay
from core.errors import RuleError
from core.laws.dummy_call import Designation, DummyCall, designate, named, with_records
from core.laws.flow import BoardSet, CardPlayed
from core.seats import Seat
from core.state import Chooser, Place

PLAY = replay([BoardSet(Seat.N, Seat.S, "4H")])  # S declares 4H: N is dummy
DUMMY = parse_hand("S KJ3 H Q42 D A C T9")
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def call(said: Designation, **facts: object) -> DummyCall:
    return DummyCall(Seat.N, said, **facts)  # type: ignore[arg-type]


@pytest.mark.parametrize(("said", "facts", "card", "law"), [
    (Designation.HIGH, {"led": S}, "SK", "46B1(a)"),
    (Designation.LOW, {"led": S}, "S3", "46B1(c)"),
    (Designation.WIN, {"led": S, "to_beat": parse_card("SQ")}, "SK", "46B1(b)"),
    (Designation.WIN, {"led": S, "to_beat": parse_card("S9")}, "SJ", "46B1(b)"),
    (Designation.WIN, {"led": C, "to_beat": parse_card("CK")}, None, "46B1(b)"),  # must follow
    (Designation.SUIT, {"led": S}, "S3", "46B2"),
    (Designation.SUIT, {"led": D, "suit": H}, None, "46B2"),  # a revoke: the Director rules
    (Designation.RANK, {"led": S, "rank": 11}, "SJ", "46B3(b)"),
    (Designation.RANK, {"rank": 4}, "H4", "46B3"),  # dummy leads: the one 4
    (Designation.RANK, {"rank": 10}, "CT", "46B3"),
])
def test_46B_the_card_dummys_holding_makes_certain(said, facts, card, law) -> None:
    """Dummy's cards decide the card the call plays; each answer cites its 46B subsection."""
    ruling, played = designate(call(said, dummy=DUMMY, **facts), contract="4H")
    assert (played.text if played else None) == card
    assert ruling.laws[0] == law and ruling.outcome["card_played"] == card


def test_46B1b_void_dummy_wins_with_his_lowest_trump_or_overruffs() -> None:
    """Void in the suit led, the lowest trump wins; over a trump, the lowest higher trump."""
    void = parse_hand("S KJ3 H Q42 C T9")
    assert designate(call(Designation.WIN, led=D, dummy=void, to_beat=parse_card("DK")),
                     contract="4H")[1] == parse_card("H2")
    assert designate(call(Designation.WIN, led=D, dummy=void, to_beat=parse_card("H3")),
                     contract="4H")[1] == parse_card("H4")
    ruling, card = designate(call(Designation.WIN, led=D, dummy=void, to_beat=parse_card("HK")),
                             contract="4H")
    assert card is None and ruling.chooser is Chooser.DIRECTOR


def test_46B3a_dummy_leading_continues_the_suit_he_won_with() -> None:
    """Two jacks: leading, the rank continues the suit dummy won the last trick with; not
    knowing it, the bot names none; following a suit, declarer says which when both are
    legal (46B3(b))."""
    two = parse_hand("S KJ3 H QJ2")
    assert designate(call(Designation.RANK, rank=11, dummy=two, last_won=H), None)[1] == \
        parse_card("HJ")
    assert designate(call(Designation.RANK, rank=11, dummy=two), None)[1] is None
    void = designate(call(Designation.RANK, rank=11, dummy=two, led=C), None)[0]
    assert void.chooser is Chooser.DECLARER and "more than one" in str(void.summary)


def test_46B4_a_card_dummy_does_not_hold_is_no_play() -> None:
    """Invalid: declarer designates any legal card; a card dummy holds is refused."""
    ruling, card = designate(call(Designation.ABSENT, card=parse_card("SA"), dummy=DUMMY), None)
    assert card is None and ruling.chooser is Chooser.DECLARER and "46B4" in ruling.laws
    with pytest.raises(RuleError, match="in dummy"):
        designate(call(Designation.ABSENT, card=parse_card("SK"), dummy=DUMMY), None)
    high_void = designate(call(Designation.HIGH, led=D, dummy=parse_hand("S K")), None)[0]
    assert "46B4" in high_void.laws and high_void.chooser is Chooser.DECLARER


def test_46B5_play_anything_lets_either_defender_designate() -> None:
    ruling, card = designate(call(Designation.ANYTHING, led=S), None)
    assert card is None and ruling.chooser is Chooser.DEFENDERS and ruling.laws == ("46B5",)


def test_46B_without_dummys_cards_the_rule_is_said_and_no_card_named() -> None:
    """"High" with dummy on lead names no suit: the Director rules."""
    ruling, card = designate(call(Designation.HIGH, led=S), None)
    assert card is None and "highest spade" in str(ruling.summary)
    lead = designate(call(Designation.HIGH), None)[0]
    assert lead.chooser is Chooser.DIRECTOR


def test_45C4b_a_slip_corrected_before_declarer_plays_again() -> None:
    """The Director judges slip or reconsideration; the first card goes back (47C); an
    opponent's card played after it may be changed (47D); too late once declarer has played."""
    slip = call(Designation.SLIP, card=parse_card("SQ"), corrected=parse_card("SJ"))
    ruling, card = designate(slip, None)
    assert card is None and ruling.chooser is Chooser.DIRECTOR
    assert {"45C4(b)", "47C", "47D"} <= set(ruling.laws)
    late = designate(call(Designation.SLIP, card=parse_card("SQ"), corrected=parse_card("SJ"),
                          played_since=True), None)[0]
    assert "Too late" in str(late.summary)
    with pytest.raises(RuleError):
        designate(call(Designation.SLIP, card=parse_card("SQ")), None)


def test_46B_a_certain_card_is_recorded_as_played_from_dummy() -> None:
    """Recorded, the card is in the card record as dummy's card played: a later report
    naming it is refused."""
    ruling, state = apply(PLAY, call(Designation.HIGH, led=S, dummy=DUMMY,
                                     plays=parse_card("SK")))
    assert "46B1(a)" in ruling.laws and "44" in ruling.laws
    where = state.where(parse_card("SK"))
    assert where is not None and where.seat is Seat.N and where.place is Place.PLAYED
    with pytest.raises(RuleError):
        apply(state, CardPlayed(Seat.N, parse_card("SK")))


def test_46B_nothing_is_recorded_for_a_card_not_certain_or_for_another_seat() -> None:
    with pytest.raises(RuleError, match="certain"):
        apply(PLAY, call(Designation.ANYTHING, led=S))
    with pytest.raises(RuleError, match="not dummy"):
        apply(PLAY, DummyCall(Seat.E, Designation.HIGH, led=S, dummy=DUMMY,
                              plays=parse_card("SK")))


def test_named_reads_a_card_a_suit_or_a_rank() -> None:
    assert named("SQ") == parse_card("SQ") and named("spades") is S and named("10") == 10
    with pytest.raises(RuleError):
        named("zz")


def test_46B1b_void_dummy_with_the_contract_unknown_depends_on_the_trump_suit() -> None:
    """Void in the suit led and no contract known: whether a card wins depends on the trump
    suit, so the answer says so and names no card; it used to read an unknown contract as
    no-trumps and say no card of dummy wins. At no-trumps indeed none does (46B1(b))."""
    void = parse_hand("S KJ3 H Q42 C T9")
    win = call(Designation.WIN, led=D, dummy=void, to_beat=parse_card("DK"))
    ruling, card = designate(win, None)
    assert card is None and "trump suit" in str(ruling.summary)
    assert "No card of dummy wins" not in str(ruling.summary)
    assert "46B1(b)" in ruling.laws
    notrump, card = designate(win, "3NT")
    assert card is None and "No card of dummy wins" in str(notrump.summary)
    assert designate(win, "4HX")[1] == parse_card("H2")
    # a trump already played is known to be the trump suit, contract or not
    assert designate(replace(win, to_beat=parse_card("H3")), None)[1] == parse_card("H4")


def test_46B1b_the_rule_reads_the_boards_contract() -> None:
    """Recorded from the board's contract: 4H makes dummy's lowest heart the winner; with no
    contract known nothing is certain, so nothing is recorded."""
    void = parse_hand("S KJ3 H Q42 C T9")
    win = call(Designation.WIN, led=D, dummy=void, to_beat=parse_card("DK"),
               plays=parse_card("H2"))
    _, state = apply(PLAY, win)
    assert state.where(parse_card("H2")).place is Place.PLAYED
    with pytest.raises(RuleError, match="certain"):
        apply(replay([BoardSet(Seat.N, Seat.S)]), win)


DEAL = random_deal(1, random.Random(7))  # generated, never real hand records
LONG = max(SUITS, key=lambda s: len(DEAL.hand(Seat.N).in_suit(s)))  # dummy's longest suit
SPOTS = sorted(DEAL.hand(Seat.N).in_suit(LONG), key=lambda c: c.rank)  # his, lowest first
LOW = call(Designation.LOW, led=LONG)


def _first_low_played():
    """The board once 'low' at trick 1, read from the hand records, is recorded."""
    read, _ = with_records(LOW, PLAY, DEAL, 1)
    return apply(PLAY, replace(read, plays=SPOTS[0]))


def test_46B1c_low_from_the_hand_records_is_dummys_lowest_card_not_yet_played() -> None:
    """At trick 1 the hand records give all of dummy's cards; once the card record has his
    lowest played, 'low' at trick 2 is the next one up (the card already played is never
    chosen), and the ruling, recorded too, says where dummy's cards came from."""
    read, doubt = with_records(LOW, PLAY, DEAL, 1)
    assert doubt is None and read.dummy == DEAL.hand(Seat.N)
    ruling, card = designate(read, "4H")
    assert card == SPOTS[0] and "46B1(c)" in ruling.laws
    assert "hand records deal him: at trick 1" in str(ruling.steps[-1])
    recorded, state = _first_low_played()
    assert any("hand records" in str(step) for step in recorded.steps)
    again, doubt = with_records(LOW, state, DEAL, 2)
    assert doubt is None and SPOTS[0] not in again.dummy
    ruling, card = designate(again, "4H")
    assert card == SPOTS[1], (card, SPOTS)
    assert "less the cards the reports show he played before trick 2" in str(ruling.steps[-1])


def test_46B_the_records_name_no_card_when_the_reports_cannot_tell_the_trick() -> None:
    """The state's trick stays at 1 when the table reports nothing, so without trick: the
    records do not say which of dummy's cards are gone: the answer says so and names no card;
    likewise when the record lacks cards he played, or knows a later trick than the one typed."""
    unknown, doubt = with_records(LOW, PLAY, DEAL, None)
    assert unknown.dummy is None and "do not say which trick" in str(doubt)
    ruling, card = designate(unknown, "4H", doubt)
    assert card is None and ruling.steps[-1] == doubt
    short, doubt = with_records(LOW, PLAY, DEAL, 5)  # four tricks gone, none recorded
    assert short.dummy is None and "only 0 of the 4 he played before trick 5" in str(doubt)
    _, state = _first_low_played()
    stale, doubt = with_records(LOW, state, DEAL, 1)  # he has played to trick 1 already
    assert stale.dummy is None and "trick 2 at least" in str(doubt)
    assert with_records(LOW, PLAY, None, 1) == (LOW, None)  # no hand records: as before


def test_46B_typed_cards_the_records_deny_dummy_are_refused_naming_the_card() -> None:
    """Typed dummy: is checked: a card the card record shows played (hand records or not), one
    the hand records give another player, or, the record complete, a suit typed short of a card
    dummy still holds, refuses the call naming that card."""
    _, state = _first_low_played()
    typed = call(Designation.HIGH, led=LONG, dummy=Hand(SPOTS))
    gone = re.escape(f"the {SPOTS[0].symbol} was played by N")
    with pytest.raises(RuleError, match=gone):
        with_records(typed, state, DEAL, 2)
    with pytest.raises(RuleError, match=gone):
        with_records(typed, state, None, None)
    foreign = sorted(DEAL.hand(Seat.E))[0]
    with pytest.raises(RuleError, match=re.escape(f"do not give dummy the {foreign.symbol}")):
        with_records(replace(typed, dummy=Hand([*SPOTS[1:], foreign])), state, DEAL, 2)
    short = replace(typed, dummy=Hand(SPOTS[2:]))
    with pytest.raises(RuleError, match=re.escape(f"still holds the {SPOTS[1].symbol}")):
        with_records(short, state, DEAL, 2)
    # the record short of his played cards: the typed suit cannot be checked, and is used
    assert with_records(short, state, DEAL, 5) == (short, None)
