"""One table, one answer in the auction (round 3, found on a club night): ``/state`` and
``/mustpass`` read the same records. Random auctions with irregularities (insufficient bids,
calls out of rotation, their acceptance, the Director's comparable judgement) generated from
the engine's own events; after every step, for every seat:

- while an irregular call's LHO has still to say whether he accepts it (27A1, 29A), ``/mustpass``
  says so first, names nobody's turn, tells the offender of no replacement as an obligation yet,
  and ``/state`` shows the same wait;
- every call the auction still owes (27B replace, 31A1/32A1 repeat, a cancelled call's next
  call, 30B1/31A2/32A2) is a line of ``/state`` and the offender's ``/mustpass`` says it too,
  in the same words;
- while a replacement of an insufficient bid waits for the Director's comparable judgement
  (27B1(b), 23A), ``/state`` shows it made, every seat's ``/mustpass`` says the same line and
  names nobody's turn, and the engine takes no call until the Director has judged.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.auction import Auction
from core.engine import ChoiceMade, Event, apply
from core.errors import RuleError
from core.laws.auction_calls import CallMade
from core.laws.auction_state import awaiting, held_for_judgement, obligation
from core.laws.insufficient import InsufficientBid
from core.laws.must_pass import deciding, must_pass, owed_call
from core.laws.rotation import CallOutOfRotation
from core.seats import Seat
from core.state import Phase, TableState
from core.view import view_of

SEATS = list(Seat)
BIDS = [f"{level}{strain}" for level in range(1, 4) for strain in ("C", "D", "H", "S", "NT")]
CALLS = ["P", "P", "P", "X", *BIDS]


def draw_event(data: st.DataObject, state: TableState) -> Event:
    """One report a table could make next in the auction."""
    view = view_of(state)
    kinds = ["call", "call", "call", "insufficient", "rotation"]
    if any(a.stage == "27B" and not a.reply for a in awaiting(state)):
        kinds += ["replace"] * 3  # a replacement the Director may have to judge (27B1(b))
    choices = [w for w in view.waits if w.recorded and w.options]
    if choices:
        kinds += ["choose"] * 4
    kind = data.draw(st.sampled_from(kinds))
    if kind == "choose":
        wait = data.draw(st.sampled_from(choices))
        return ChoiceMade(wait.seat, data.draw(st.sampled_from(wait.options)))
    if kind == "insufficient":
        return InsufficientBid(data.draw(st.sampled_from(BIDS[:5])))
    if kind == "rotation":
        return CallOutOfRotation(data.draw(st.sampled_from(SEATS)),
                                 data.draw(st.sampled_from(CALLS)))
    auction = Auction.trusted(state.dealer, state.calls) if state.dealer else None
    seat = auction.turn if auction is not None else Seat.N
    if kind == "replace":  # not the lowest sufficient bid: the Director judges it
        return CallMade(seat, data.draw(st.sampled_from(["P", "X", "3NT"])))
    return CallMade(seat, data.draw(st.sampled_from(CALLS)))


def said(ruling) -> list[str]:
    return [str(ruling.summary), *(str(step) for step in ruling.steps)]


def check_agreement(state: TableState) -> None:
    if state.phase is not Phase.AUCTION:
        return
    lines = [str(line) for line in view_of(state).lines()]
    lho = deciding(state)
    for seat in SEATS:
        answer = must_pass(state, seat)
        if lho is not None:
            assert str(answer.summary).startswith(f"Wait: {lho.seat.value} first says"), \
                (seat, answer.summary)
            assert answer.outcome["your_turn"] is False
            assert not any("turn to call" in text for text in said(answer)), said(answer)
            # he may still accept it: nobody "must replace" yet (27A1 before 27B)
            assert not any(text.startswith("You must replace") for text in said(answer)), \
                said(answer)
    held = held_for_judgement(state)
    if held is not None:
        line = str(owed_call(state, held))
        assert line in lines, (line, lines)
        assert not any(text.startswith(f"{held.offender.value} must replace") for text in lines)
        for seat in SEATS:
            answer = must_pass(state, seat)
            assert str(answer.summary) == line, (seat, answer.summary)
            assert answer.outcome["your_turn"] is False
            assert not any("turn to call" in text for text in said(answer)), said(answer)
            for event in (CallMade(seat, "P"), CallOutOfRotation(seat, "P"),
                          InsufficientBid("1C", seat=seat)):
                try:
                    apply(state, event)
                except RuleError:
                    continue
                raise AssertionError(f"{event} taken while the Director judges {held}")
    if lho is not None:
        assert f"Waiting for {lho.seat.value} to say whether he accepts the irregular call " \
               f"(Law {lho.law})" in lines, lines
    for item in awaiting(state):
        owed = owed_call(state, item)
        if owed is None:
            continue
        assert str(owed) in lines, (owed, lines)
        if obligation(state, item.offender) is None:
            assert str(owed) in said(must_pass(state, item.offender)), \
                (owed, said(must_pass(state, item.offender)))


@settings(max_examples=1500, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), dealer=st.sampled_from(SEATS), length=st.integers(1, 12))
def test_one_view_state_and_mustpass_agree_through_the_auction(data, dealer, length):
    state = TableState(dealer=dealer)
    check_agreement(state)
    for _ in range(length):
        try:
            _, state = apply(state, draw_event(data, state))
        except RuleError:
            continue  # refused facts change nothing
        check_agreement(state)


def test_31A1_state_shows_the_call_mustpass_says_he_must_repeat():
    """E bids 1S out of rotation at N's turn (dealer N); S does not accept, N passes: E must
    repeat his 1S (31A1). /state used to show only "Phase: auction"."""
    _, state = apply(TableState(dealer=Seat.N), CallOutOfRotation(Seat.E, "1S"))
    wait = next(w for w in view_of(state).waits if w.options)
    _, state = apply(state, ChoiceMade(wait.seat, wait.options[-1]))
    _, state = apply(state, CallMade(Seat.N, "P"))
    answer = must_pass(state, Seat.E)
    assert str(answer.summary) == "E must repeat his 1♠ at his turn (31A1)."
    assert str(answer.summary) in [str(line) for line in view_of(state).lines()]


def test_27A1_mustpass_waits_for_the_lho_as_state_does():
    """W's insufficient 1H over 1NT: until N says whether he accepts it (27A1), /mustpass tells
    W to wait (it used to say "W may make any legal call … It is W's turn"), and the
    replacement it names holds only if N does not accept, as /state says."""
    state = TableState(dealer=Seat.S)
    _, state = apply(state, CallMade(Seat.S, "1NT"))
    _, state = apply(state, InsufficientBid("1H"))
    answer = must_pass(state, Seat.W)
    assert str(answer.summary) == ("Wait: N first says whether he accepts the irregular call "
                                   "(Law 27A1); nobody calls until then.")
    line = "If N does not accept it, W must replace his insufficient 1♥ (27B)."
    assert line in said(answer)
    assert line in [str(x) for x in view_of(state).lines()]
    assert answer.outcome["your_turn"] is False


def test_27B1b_replacement_awaiting_judgement_is_made_and_holds_the_auction_in_every_view():
    """A club night: N 1S, E P, S 2S, W 1NT (insufficient), N does not accept, W replaces it
    with a pass and the Director has still to judge it (27B1(b), 23A). /state said "W must
    replace his insufficient 1NT at his turn" and /mustpass "It is W's turn to call", while N's
    call was refused: every view now says the replacement is made and nobody calls until the
    Director has judged."""
    state = TableState(dealer=Seat.N)
    for seat, call in ((Seat.N, "1S"), (Seat.E, "P"), (Seat.S, "2S")):
        _, state = apply(state, CallMade(seat, call))
    _, state = apply(state, InsufficientBid("1NT"))
    _, state = apply(state, ChoiceMade(Seat.N, "decline"))
    _, state = apply(state, CallMade(Seat.W, "P"))
    line = ("W has replaced his insufficient 1NT: his pass waits for the Director's judgement "
            "whether it is comparable (27B1(b), 23A); nobody calls until then.")
    lines = [str(x) for x in view_of(state).lines()]
    assert line in lines and not any("must replace" in x for x in lines), lines
    for seat in SEATS:
        answer = must_pass(state, seat)
        assert str(answer.summary) == line, (seat, said(answer))
        assert answer.outcome["your_turn"] is False
        assert not any("turn to call" in x for x in said(answer)), said(answer)
    assert "W's pass is comparable" in " ".join(said(must_pass(state, Seat.E)))


def test_27B1b_the_offender_barred_by_36B4_is_told_first_that_the_auction_waits():
    """Found by the property test: dealer N, 1C, P, S's insufficient 1C, N's double out of
    rotation, W declines the 1C and S replaces it with a pass the Director must judge. /state
    said the auction waits for the judgement; S's own /mustpass led with his 36B4 bar. Every
    seat's answer now leads with the wait, S's bar after it."""
    state = TableState(dealer=Seat.N)
    for event in (CallMade(Seat.N, "1C"), CallMade(Seat.E, "P"), InsufficientBid("1C"),
                  CallOutOfRotation(Seat.N, "X")):
        _, state = apply(state, event)
    _, state = apply(state, ChoiceMade(Seat.W, "decline"))
    _, state = apply(state, CallMade(Seat.S, "P"))
    check_agreement(state)
    answer = must_pass(state, Seat.S)
    assert any(str(step).startswith("After that: S must pass") for step in answer.steps), \
        said(answer)
