"""Laws 68-70: a claim stops play; agreed it stands (69A), disputed the director rules with the
Law 70 questions; the outstanding trumps the director must weigh (70C)."""

from __future__ import annotations

import pytest

from core.cards import Card, Suit, parse_card, parse_cards
from core.engine import ChoiceMade, apply, replay
from core.errors import RuleError
from core.laws import waits
from core.laws.claim import (
    LAW70_QUESTIONS,
    Claim,
    PlayOn,
    outstanding_trumps,
    remaining_hands,
    trump_of,
)
from core.laws.course import PlayReported
from core.laws.exposure import Exposure, How
from core.laws.flow import BoardSet, CardPlayed
from core.laws.leads import LeadOutOfTurn
from core.laws.penalty import PartnerLead, PenaltyNotPlayed
from core.laws.premature import PrematurePlay, SimultaneousCards, SimultaneousPlays
from core.laws.revoke import Revoke
from core.seats import Seat
from core.state import TableState
from core.view import lead_wait, must_play, view_of

PLAY = replay([BoardSet(Seat.N, Seat.S, "4H")])


def test_69A_an_unopposed_claim_stands_as_agreed() -> None:
    ruling, state = apply(PLAY, Claim(Seat.S, 3, 4, "drawing trumps"))
    assert "nobody objects" in ruling.summary and "69A" in ruling.laws
    assert "The statement: drawing trumps" in ruling.steps
    # play stops (68D): the state says so, and nothing else changes
    assert state == PLAY.evolve(notes=("claim:S@10", "69A:agreed"))


def test_68D_after_a_claim_nobody_plays_and_every_command_says_so() -> None:
    """A club night had the claim change nothing: /state kept "play", /mustplay told E to lead
    his penalty card and /lead logged a new 50D2 ruling. Now the play stops: a card is refused,
    /lead and /mustplay answer "play has stopped" and record nothing, /state says it, and a
    second claim waits for the first to be settled; voiding the claim lets play go on."""
    _, state = apply(PLAY, Exposure(Seat.E, (parse_card("SK"),)))
    _, state = apply(state, Claim(Seat.S, 4, 4, "all mine"))
    stopped = "Play has stopped: S has claimed or conceded (68D)"
    assert any(str(line).startswith(stopped) for line in view_of(state).lines())
    assert not view_of(state).waits  # no due lead choice after the claim
    for seat in Seat:
        assert str(must_play(state, seat).summary).startswith(stopped)
        held = lead_wait(state, seat)
        assert held is not None and str(held.summary).startswith(stopped)
        ruling, after = apply(state, PartnerLead(seat))
        assert after == state and str(ruling.summary).startswith(stopped)
        with pytest.raises(RuleError, match="Play has stopped"):
            apply(state, CardPlayed(seat, parse_card("C2")))
    with pytest.raises(RuleError, match="already been made"):
        apply(state, Claim(Seat.W, 1, 4))


def test_68D_70_a_disputed_claim_goes_to_the_director_with_the_law_70_questions() -> None:
    ruling, _ = apply(PLAY, Claim(Seat.S, 4, 4, "", objector=Seat.W))
    assert "W objects" in ruling.summary and "director rules" in ruling.summary
    assert {"68D", "70A", "70C", "70D", "70E"} <= set(ruling.laws)
    assert any("No line of play was stated" in s for s in ruling.steps)
    assert any("rules under Law 70" in s for s in ruling.steps)
    assert len(LAW70_QUESTIONS) == 4  # the director's, in /claim review
    assert "doubtful point against the claimer" in ruling.judgement


def test_68B_a_concession_of_every_remaining_trick() -> None:
    ruling, _ = apply(PLAY, Claim(Seat.W, 0, 5))
    assert ruling.summary.startswith("W concedes the remaining 5 tricks")


@pytest.mark.parametrize(
    ("event", "complaint"),
    [
        (Claim(Seat.S, 5, 4), "0 to 4"),
        (Claim(Seat.S, 1, 0), "1 to 13"),
        (Claim(Seat.S, 1, 4, objector=Seat.S), "his own claim"),
    ],
)
def test_impossible_claims_are_refused(event: Claim, complaint: str) -> None:
    with pytest.raises(RuleError, match=complaint):
        apply(PLAY, event)


def test_a_claim_needs_the_play_period() -> None:
    with pytest.raises(RuleError):
        apply(replay([BoardSet(Seat.N)]), Claim(Seat.S, 1, 4))


@pytest.mark.parametrize(
    ("contract", "trump"),
    [("4H", Suit.HEARTS), ("3NTX", None), ("7SXX", Suit.SPADES), (None, None), ("1C", Suit.CLUBS)],
)
def test_the_trump_suit_comes_from_the_contract(contract: str | None, trump: Suit | None) -> None:
    assert trump_of(contract) is trump


def test_70C_outstanding_trumps_are_the_opponents_only() -> None:
    hands = {
        Seat.N: frozenset(parse_cards("HA HK")),
        Seat.E: frozenset(parse_cards("H2 SA")),
        Seat.S: frozenset(parse_cards("HQ HJ")),
        Seat.W: frozenset(parse_cards("SK SQ")),
    }
    assert outstanding_trumps(hands, Suit.HEARTS, Seat.S) == "Outstanding hearts: E ♥2 (70C)."
    assert "no spades" not in outstanding_trumps(hands, Suit.SPADES, Seat.N)
    assert "no clubs" in outstanding_trumps(hands, Suit.CLUBS, Seat.S)
    assert "70C does not apply" in outstanding_trumps(hands, None, Seat.S)


def test_the_remaining_hands_are_the_deal_less_the_cards_played() -> None:
    hands = {Seat.N: frozenset(parse_cards("HA HK")), Seat.E: frozenset(parse_cards("H2 SA")),
             Seat.S: frozenset(parse_cards("HQ HJ")), Seat.W: frozenset(parse_cards("SK SQ"))}
    left = remaining_hands(hands, (Card(Suit.HEARTS, 14), Card(Suit.SPADES, 14)))
    assert left[Seat.N] == frozenset(parse_cards("HK")) and left[Seat.E] == frozenset(
        parse_cards("H2")
    )
    assert left[Seat.S] == hands[Seat.S]


def test_68B2_a_defenders_concession_his_partner_objects_to_never_happened() -> None:
    """W concedes, E objects at once: no concession, play goes on (68B2), the director is
    called for the unauthorized information; a declarer's claim a defender objects to still
    stops play (68D, 70)."""
    _, state = apply(PLAY, PartnerLead(Seat.W))
    ruling, after = apply(state, Claim(Seat.W, 0, 6, objector=Seat.E))
    # nothing changes but the moment of the objected concession, for a card exposed at it
    assert after.evolve(notes=state.notes) == state and after.notes == ("68B2:W@8",)
    assert "68B2" in ruling.laws and "play goes on" in str(ruling.summary)
    assert not str(must_play(after, Seat.W).summary).startswith("Play has stopped")
    _, stopped = apply(state, Claim(Seat.S, 6, 6, objector=Seat.W))
    assert str(must_play(stopped, Seat.W).summary).startswith("Play has stopped")


def test_68B2_is_for_a_concession_a_defenders_claim_of_every_trick_goes_to_the_director() -> None:
    """W claims all 5 remaining tricks, E objects: W concedes nothing, so 68B2 (a concession
    partner objects to) does not apply; a claim disputed stops play and the director rules
    (68D, 70). W claiming 3 of 5 concedes 2: E's objection at once cancels it (68B2)."""
    _, state = apply(PLAY, PartnerLead(Seat.W))
    ruling, after = apply(state, Claim(Seat.W, 5, 5, objector=Seat.E))
    assert "68B2" not in ruling.laws and "70A" in ruling.laws, ruling.laws
    assert str(must_play(after, Seat.W).summary).startswith("Play has stopped")
    partly, unchanged = apply(state, Claim(Seat.W, 3, 5, objector=Seat.E))
    assert "68B2" in partly.laws and unchanged.penalty_cards == state.penalty_cards
    assert not str(must_play(unchanged, Seat.W).summary).startswith("Play has stopped")


def test_68D_no_card_is_reported_played_or_led_after_a_claim() -> None:
    """After S's claim, a premature play, a lead out of turn or a card played is refused with
    the same words, so /state never shows "play has stopped" beside a new choice of play."""
    _, state = apply(PLAY, Claim(Seat.S, 4, 4))
    for event in (PrematurePlay(Seat.E, parse_card("S5"), led=Suit.HEARTS),
                  LeadOutOfTurn(Seat.E, parse_card("S5"), Seat.W, trick=5),
                  CardPlayed(Seat.E, parse_card("S5"))):
        with pytest.raises(RuleError, match="Play has stopped"):
            apply(state, event)


def test_68D_a_defenders_card_shown_after_a_claim_is_not_a_penalty_card() -> None:
    """A club night had E's ♥5, shown while S's claim was argued, ruled a major penalty card
    E must play at his first legal opportunity. Play is suspended (68D): the card is no
    penalty card, the answer says why (the director rules, 70B3; play on, 68D2(b)), and E's
    ♠K from before the claim stays as it was."""
    _, before = apply(PLAY, Exposure(Seat.E, (parse_card("SK"),)))
    _, state = apply(before, Claim(Seat.S, 4, 4, "all mine", objector=Seat.W))
    for seat, cards in ((Seat.E, "H5"), (Seat.W, "DA C3")):
        ruling, after = apply(state, Exposure(seat, tuple(parse_cards(cards)), How.DELIBERATE))
        # no penalty card, no lead option, nothing else: the cards stay in the hand
        assert after.evolve(whereabouts=state.whereabouts) == state
        assert {(w.seat, w.card.text, w.place.value) for w in after.whereabouts} == {
            (seat, c.text, "hand") for c in parse_cards(cards)}
        assert str(ruling.summary).startswith("No penalty card"), ruling.summary
        assert {"68D", "70B3", "68D2(b)"} <= set(ruling.laws)
        assert ruling.outcome == {"penalty_cards": ["E:SK:major"], "suspended_by": "S"}
        assert any("Law 50 does not apply" in str(s) for s in ruling.steps)
    assert [p.token for p in state.penalty_cards] == ["E:SK:major"]
    assert str(must_play(state, Seat.E).summary).startswith("Play has stopped")
    lines = [str(line) for line in view_of(state).lines()]
    assert not any("♥5" in line for line in lines), lines
    ruling, _ = apply(PLAY, Exposure(Seat.E, (parse_card("H5"),)))  # no claim: a penalty card
    assert ruling.outcome["suspended_by"] == ""


def test_68D_no_card_played_together_with_another_after_a_claim() -> None:
    """Two cards played at once after S's claim are refused like any card played (68D), so
    neither becomes a penalty card (58B2 needs play going on)."""
    _, state = apply(PLAY, Claim(Seat.S, 4, 4))
    with pytest.raises(RuleError, match="Play has stopped"):
        apply(state, SimultaneousCards(Seat.E, tuple(parse_cards("S5 S6")),
                                       visible=tuple(parse_cards("S5 S6")),
                                       designated=parse_card("S5")))


def test_68D_a_trick_after_the_claim_was_never_played_and_is_refused() -> None:
    """A club night had a revoke reported on trick 9 after a claim at trick 6 accepted, and
    /state then said trick 10. Play stopped at the claim (68D): a report of a later trick is
    refused and changes nothing; a trick played before the claim may still be named."""
    from core.laws.course import PlayReported

    _, state = apply(PLAY, PlayReported(trick=6, leader=Seat.S))
    _, state = apply(state, Claim(Seat.S, 8, 8, "all mine"))
    with pytest.raises(RuleError, match="trick 9 was never played"):
        apply(state, PlayReported(trick=9))
    _, earlier = apply(state, PlayReported(trick=5))
    assert earlier.trick == 6


def test_68D_a_claim_ends_the_choices_that_waited_for_the_next_lead() -> None:
    """After a claim no card is played, so declarer's lead options that waited for E's lead
    (50D2) have nothing left to choose: /state shows none under 'play has stopped'."""
    _, state = apply(PLAY, Exposure(Seat.W, (parse_card("SK"),)))
    _, state = apply(state, PartnerLead(Seat.E))
    assert state.pending and view_of(state).waits
    _, claimed = apply(state, Claim(Seat.S, 4, 4, "all mine"))
    assert claimed.pending == () and not view_of(claimed).waits
    assert not any("Waiting" in str(line) for line in view_of(claimed).lines())


def test_68D_no_two_cards_played_at_the_same_moment_after_a_claim() -> None:
    """58A rules two players' cards played at once; after a claim nobody plays (68D)."""
    _, state = apply(PLAY, Claim(Seat.S, 4, 4, "all mine"))
    with pytest.raises(RuleError, match="Play has stopped"):
        apply(state, SimultaneousPlays(Seat.W, Seat.E))
    ruling, _ = apply(PLAY, SimultaneousPlays(Seat.W, Seat.E))
    assert "58A" in ruling.laws


def test_68B2_a_card_exposed_at_a_concession_partner_objected_to_is_not_a_penalty_card() -> None:
    """E tries to concede and W objects at once: no concession (68B2). E's ♠K, exposed as he
    conceded and reported afterwards, is not a penalty card: it goes back to his hand, and what
    it showed is unauthorized for W (16C). So is a card W exposed then (for E)."""
    _, state = apply(PLAY, Claim(Seat.E, 0, 5, objector=Seat.W))
    for seat, partner, card in ((Seat.E, "W", "SK"), (Seat.W, "E", "H5")):
        ruling, after = apply(state, Exposure(seat, (parse_card(card),)))
        assert not after.penalty_cards and not after.pending
        assert str(ruling.summary).startswith("No penalty card"), ruling.summary
        assert "tried to concede" in str(ruling.summary) and "68B2" in str(ruling.summary)
        assert ruling.laws == ("68B2", "16C")
        assert f"unauthorized for {partner}" in str(ruling.information)
        assert ruling.outcome["penalty_kind"] == "none"
        assert after.where(parse_card(card)) is not None  # back in his hand
        state = after  # a second card exposed at the same moment: alike
    assert not state.penalty_cards and view_of(state).lines() == view_of(PLAY).lines()


def test_68B2_once_play_goes_on_an_exposed_card_is_a_penalty_card_again() -> None:
    """The moment of the objected concession passes with the next report that is not a card
    exposed at it (a card played, a trick reported): a card exposed later is a penalty card."""
    _, state = apply(PLAY, Claim(Seat.E, 0, 5, objector=Seat.W))
    _, state = apply(state, CardPlayed(Seat.E, parse_card("C2")))
    ruling, after = apply(state, Exposure(Seat.E, (parse_card("SK"),)))
    assert [p.token for p in after.penalty_cards] == ["E:SK:major"], ruling.summary


def test_68B2_a_card_exposed_at_the_concession_reported_with_its_trick_is_no_penalty_card() -> None:
    """E concedes with 5 tricks left (trick 9) and W objects: ``/exposed … trick:9`` records
    the trick first. Naming the concession's own trick (or an earlier one) is no report that
    play went on, so E's ♠K is still no penalty card (68B2); a later trick reported is."""
    from core.laws.course import PlayReported

    _, state = apply(PLAY, Claim(Seat.E, 0, 5, objector=Seat.W))
    _, same = apply(state, PlayReported(trick=9))
    ruling, after = apply(same, Exposure(Seat.E, (parse_card("SK"),)))
    assert not after.penalty_cards and "68B2" in ruling.laws, ruling.summary
    _, later = apply(state, PlayReported(trick=10))
    _, after = apply(later, Exposure(Seat.E, (parse_card("SK"),)))
    assert [p.token for p in after.penalty_cards] == ["E:SK:major"]


def test_68B2_declarers_claim_objected_to_is_not_a_defenders_concession() -> None:
    """Declarer's claim that a defender disputes suspends play (68D): a card shown then is no
    penalty card for 68D's reasons (the director rules the claim), not 68B2's."""
    _, state = apply(PLAY, Claim(Seat.S, 5, 5, objector=Seat.W))
    ruling, _ = apply(state, Exposure(Seat.E, (parse_card("SK"),)))
    assert "68D" in ruling.laws and "68B2" not in ruling.laws


def test_68D_52_a_card_played_instead_of_a_penalty_card_before_the_claim_is_still_ruled() -> None:
    """/penalty not-played after a claim is taken, and rightly: play is suspended by the claim
    (68D), so no card is played after it, and the report can only be of a card played before
    it. Law 52 (with 61A: the failure is a revoke) rectifies that earlier irregularity; nothing
    in Laws 68-70 cancels it, and the director weighs it when he rules the claim (70). So the
    report is ruled like any other, while a card reported played after the claim is refused."""
    _, state = apply(PLAY, Exposure(Seat.E, (parse_card("SK"),)))
    _, state = apply(state, Claim(Seat.S, 4, 4, objector=Seat.W))
    ruling, after = apply(state, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=True))
    assert "52B1(a)" in ruling.laws and "stands" in str(ruling.summary)
    assert [p.token for p in after.penalty_cards] == ["E:SK:major"]  # 52B1(c)
    with pytest.raises(RuleError, match="Play has stopped"):
        apply(after, CardPlayed(Seat.E, parse_card("SK")))


# --- 63A3/63A4: a revoke after a claim or concession ------------------------------------


def _owes_sk_then(claim: Claim):
    """E's ♠K is a major penalty card; he played the ♥2 instead (noticed later); then
    ``claim``."""
    _, state = apply(PLAY, Exposure(Seat.E, (parse_card("SK"),)))
    return apply(state, claim)[1]


@pytest.mark.parametrize("claim", [Claim(Seat.W, 0, 4), Claim(Seat.E, 2, 4, objector=Seat.S)])
@pytest.mark.parametrize("accepted", [None, False, True])
def test_63A3_a_penalty_card_not_played_is_established_by_its_sides_claim(
        claim: Claim, accepted: bool | None) -> None:
    """A club night: E owed his ♠K, played the ♥2, and W conceded (or E claimed); /penalty
    not-played then gave declarer 52B's buttons and put the ♠K in the ♥2's place. The claim of
    the offending side established the revoke (63A3): it is no longer corrected (63B), the ♥2
    stands, nobody is asked, and Law 64 rules it: no automatic transfer (64B3), the director
    restores equity (64C)."""
    state = _owes_sk_then(claim)
    ruling, after = apply(state, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=accepted))
    assert {"61A", "63A3", "63B", "64B3", "64C"} <= set(ruling.laws), ruling.laws
    assert "52B2" not in ruling.laws and not ruling.options, ruling.laws
    assert str(ruling.summary).startswith("E's ♥2 stands"), ruling.summary
    assert f"{claim.claimer.value}'s claim or concession" in str(ruling.summary)
    assert ruling.outcome["must_accept"] and ruling.outcome["substitute"] == ""
    assert ruling.outcome["tricks_transferred"] == 0
    assert [p.token for p in after.penalty_cards] == ["E:SK:major"]
    assert not after.pending and not view_of(after).waits
    assert not any("Waiting" in str(line) for line in view_of(after).lines())
    assert str(must_play(after, Seat.E).summary).startswith("Play has stopped")


def test_63A4_the_other_sides_claim_leaves_the_penalty_card_failure_to_law_52() -> None:
    """S (declarer) claims; E's failure to play his ♠K is not established by it: a claim by the
    non-offending side establishes the revoke only once the offenders' agreement to it is
    established, at the end of the round or a call on the next board (63A4, 69A). Declarer's
    52B choice stands, and the ruling says why."""
    state = _owes_sk_then(Claim(Seat.S, 4, 4))
    ruling, after = apply(state, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=None))
    assert [o.token for o in ruling.options] == ["accept", "reject"]
    assert "63A4" in ruling.laws and "63A3" not in ruling.laws, ruling.laws
    assert any("S's claim does not establish" in str(s) for s in ruling.steps), ruling.steps
    _, rejected = apply(state, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=False))
    assert [p.token for p in rejected.penalty_cards] == ["E:H2:major"]  # 52B2


def test_68B2_a_concession_partner_objected_to_establishes_no_revoke() -> None:
    """E tries to concede and W objects at once: no concession occurred (68B2), so it
    establishes nothing (63A3 needs one): E's failure to play his ♠K is still Law 52's."""
    state = _owes_sk_then(Claim(Seat.E, 0, 4, objector=Seat.W))
    ruling, _ = apply(state, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=None))
    assert [o.token for o in ruling.options] == ["accept", "reject"]
    assert "63A3" not in ruling.laws and "63A4" not in ruling.laws, ruling.laws


def test_63A3_a_revoke_reported_after_its_sides_claim_is_established() -> None:
    """W revoked (the ♥2 on a club) and E then claimed: /revoke reported as not established
    is not corrected (62) but ruled established by the claim (63A3): the transfer of 64A, the
    ♥2 stays played, no penalty card. Without who won the revoke trick it is refused with a
    sentence that says why; reported established, the ruling says 63A3, not just 63A."""
    from core.laws.revoke import Revoke, WonBy

    _, state = apply(PLAY, Claim(Seat.E, 3, 4))
    with pytest.raises(RuleError, match=r"E's claim or concession established the revoke \(63A3\)"):
        apply(state, Revoke(Seat.W, False, card=parse_card("H2"), trick=9))
    ruling, after = apply(state, Revoke(Seat.W, False, card=parse_card("H2"), trick=9,
                                        won_by=WonBy.OFFENDER))
    assert {"63A3", "63B", "64A1"} <= set(ruling.laws) and "62A" not in ruling.laws, ruling.laws
    assert ruling.outcome["correct"] is False and ruling.outcome["tricks_transferred"] == 1
    assert not after.penalty_cards
    assert any("E, of the offending side, has claimed or conceded (63A3)" in str(s)
               for s in ruling.steps), ruling.steps
    told, _ = apply(state, Revoke(Seat.W, True, trick=9, won_by=WonBy.OFFENDER))
    assert "63A3" in told.laws and "63A" not in told.laws, told.laws
    failed, after = apply(_owes_sk_then(Claim(Seat.W, 0, 4)),
                          Revoke(Seat.E, False, card=parse_card("H2"), trick=9,
                                 penalty_card_failure=True))
    assert {"63A3", "64B3"} <= set(failed.laws) and not failed.options, failed.laws
    assert [p.token for p in after.penalty_cards] == ["E:SK:major"]


def test_63A4_a_revoke_after_the_other_sides_claim_is_still_corrected() -> None:
    """S claims; W's revoke is not established by it (63A4): corrected as 62 says, and the
    ruling says why the claim did not establish it."""
    from core.laws.revoke import Revoke

    _, state = apply(PLAY, Claim(Seat.S, 4, 4))
    ruling, after = apply(state, Revoke(Seat.W, False, card=parse_card("H2"), trick=9))
    assert {"62A", "62B1", "63A4"} <= set(ruling.laws), ruling.laws
    assert any("S's claim does not establish" in str(s) for s in ruling.steps), ruling.steps
    assert [p.token for p in after.penalty_cards] == ["W:H2:major"]


def test_62D1_63A3_a_penalty_card_not_played_on_trick_12_is_still_corrected() -> None:
    """On trick 12 a revoke is corrected even when established (62D1, an exception to 63B):
    after W's concession at trick 12, E's failure to play his ♠K is still ruled under Law 52."""
    from core.laws.course import PlayReported

    _, state = apply(PLAY, Exposure(Seat.E, (parse_card("SK"),)))
    _, state = apply(state, PlayReported(trick=12))
    _, state = apply(state, Claim(Seat.W, 0, 2))
    ruling, _ = apply(state, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=None))
    assert [o.token for o in ruling.options] == ["accept", "reject"]
    assert {"62D1", "63A3"} <= set(ruling.laws), ruling.laws


def test_63A3_63A4_state_and_mustplay_say_which_revokes_the_claim_establishes() -> None:
    """/state and /mustplay after a claim say what it does to a revoke not yet noticed: one by
    the claimer's side is established (63A3), one by the other side only once agreement to the
    claim is (63A4): the same words from one place."""
    _, state = apply(PLAY, Claim(Seat.W, 0, 4))
    said = "A revoke by E-W on this board is established by this claim or concession (63A3)"
    assert any(str(line).startswith(said) for line in view_of(state).lines())
    ruling = must_play(state, Seat.E)
    assert any(str(s).startswith(said) for s in ruling.steps), ruling.steps
    assert {"63A3", "63A4"} <= set(ruling.laws)


def test_64A_68D_69A_after_a_claim_the_transfer_applies_to_the_claimed_result() -> None:
    """A club night: W's revoke, established by E's claim, was ruled '1 trick goes to N-S
    after play ends'; play had ended with the claim (68D). The transfer applies now to the
    claim's result: as agreed (69A), or as the director rules it when disputed (70). Without
    a claim the ruling still says the transfer is made when play ends."""
    from core.laws.revoke import Revoke, WonBy

    revoke = Revoke(Seat.W, True, trick=9, won_by=WonBy.OFFENDER, later_tricks=0)
    for claim, law in ((Claim(Seat.E, 3, 4), "69A"), (Claim(Seat.E, 3, 4, objector=Seat.S), "70"),
                       (Claim(Seat.S, 4, 4), "69A")):
        _, state = apply(PLAY, claim)
        ruling, _ = apply(state, revoke)
        said = [str(ruling.summary), *map(str, ruling.steps)]
        assert str(ruling.summary) == "1 trick goes to N-S, from the result of the claim (64A1).", \
            ruling.summary
        assert not any("play ends" in line for line in said), said
        assert any(f"Play ended with {claim.claimer.value}'s claim (68D)" in line
                   for line in said), said
        assert {"64A1", "68D", law} <= set(ruling.laws), ruling.laws
    open_, _ = apply(apply(PLAY, Claim(Seat.E, 3, 4))[1],
                     Revoke(Seat.W, True, trick=9, won_by=WonBy.OPPONENTS))
    assert str(open_.summary).startswith("Provisional: 0 tricks go to N-S, from the result of "
                                         "the claim (64A2)."), open_.summary
    assert "one the claim gives them included" in str(open_.summary), open_.summary
    assert "play ends" not in str(open_.summary), open_.summary
    ordinary, _ = apply(PLAY, revoke)
    assert str(ordinary.summary) == "1 trick goes to N-S after play ends (64A1)."
    assert "68D" not in ordinary.laws, ordinary.laws


def test_63A4_69A_an_agreed_claim_establishes_the_other_sides_revoke_once_the_round_is_over(
        ) -> None:
    """S claims and nobody objects; W's revoke before it is noticed after the round: E-W's
    agreement to the claim is established (69A), and with it the revoke (63A4), which the
    ruling says itself even when reported as not established. A claim W objected to is no
    agreement (68D2, 70): nothing but the report establishes it then. During the round the
    agreed claim does not establish it yet: it is corrected."""
    from core.laws.revoke import Attention, Revoke, WonBy

    late = {"card": parse_card("H2"), "trick": 9, "won_by": WonBy.OFFENDER, "later_tricks": 0,
            "attention": Attention.AFTER_ROUND}
    _, agreed = apply(PLAY, Claim(Seat.S, 4, 4))
    for established in (False, True):
        ruling, after = apply(agreed, Revoke(Seat.W, established, **late))
        assert {"63A4", "69A", "64B5"} <= set(ruling.laws), ruling.laws
        assert ruling.outcome["correct"] is False and not after.penalty_cards
        assert any("E-W agreed to S's claim and raised no objection to it before the round "
                   "ended (63A4, 69A)" in str(s) for s in ruling.steps), ruling.steps
    _, disputed = apply(PLAY, Claim(Seat.S, 4, 4, objector=Seat.W))
    with pytest.raises(RuleError, match="established by then"):
        apply(disputed, Revoke(Seat.W, False, **late))
    told, _ = apply(disputed, Revoke(Seat.W, True, **late))
    assert "63A4" not in told.laws and "63A" in told.laws, told.laws
    during = {**late, "attention": Attention.DURING_PLAY}
    corrected, after = apply(agreed, Revoke(Seat.W, False, **during))
    assert {"62A", "63A4"} <= set(corrected.laws) and "69A" not in corrected.laws
    assert [p.token for p in after.penalty_cards] == ["W:H2:major"]


# --- 68D2(b): play goes on from a claim ----------------------------------------------------


def _claimed_at_trick_9(claim: Claim):
    _, state = apply(PLAY, PlayReported(trick=9))
    return apply(state, claim)[1]


def test_68D2b_63A3_play_goes_on_and_a_revoke_the_claim_established_stays_established() -> None:
    """E claims at trick 9; N-S ask to play on and all four agree (68D2(b)): the claim is void
    and play goes on, but it was made: W's revoke on trick 8 stays established (63A3, 63B),
    so reported for correction it is ruled under Law 64. A revoke after play went on (trick
    11) is corrected as usual, and E's side's claim has nothing to do with N-S's revokes."""
    from core.laws.claim import PlayOn
    from core.laws.revoke import Revoke, WonBy

    ruling, state = apply(_claimed_at_trick_9(Claim(Seat.E, 3, 5)), PlayOn())
    assert {"68D2(b)", "63A3", "63B"} <= set(ruling.laws), ruling.laws
    assert str(ruling.summary).startswith("Play goes on"), ruling.summary
    assert waits.claimed_by(state) is None
    assert not any("Play has stopped" in str(line) for line in view_of(state).lines())
    with pytest.raises(RuleError, match=r"E's claim or concession established the revoke"):
        apply(state, Revoke(Seat.W, False, card=parse_card("H2"), trick=8))
    kept, after = apply(state, Revoke(Seat.W, False, card=parse_card("H2"), trick=8,
                                      won_by=WonBy.OFFENDER, later_tricks=1))
    assert {"63A3", "68D2(b)", "64A1"} <= set(kept.laws) and "62A" not in kept.laws, kept.laws
    assert kept.outcome["tricks_transferred"] == 2 and not after.penalty_cards
    _, on = apply(state, PlayReported(trick=11))
    later, after = apply(on, Revoke(Seat.W, False, card=parse_card("H2"), trick=11))
    assert "62A" in later.laws and "63A3" not in later.laws, later.laws
    assert [p.token for p in after.penalty_cards] == ["W:H2:major"]
    theirs, _ = apply(state, Revoke(Seat.S, False, card=parse_card("H2"), trick=8))
    assert "62A" in theirs.laws and "63A3" not in theirs.laws, theirs.laws


def test_68D2b_a_card_shown_during_the_claim_stays_no_penalty_card_and_play_needs_a_claim() -> None:
    """Law 50 does not apply to a card shown while the claim suspended play (68D2(b)): once
    play goes on it is still no penalty card. There is nothing to play on from without a
    claim: refused."""
    from core.laws.claim import PlayOn

    state = _claimed_at_trick_9(Claim(Seat.S, 5, 5, objector=Seat.W))
    _, state = apply(state, Exposure(Seat.E, (parse_card("H5"),)))
    _, state = apply(state, PlayOn())
    assert not state.penalty_cards and not view_of(state).waits
    _, state = apply(state, PlayReported(trick=10))
    assert not state.penalty_cards
    with pytest.raises(RuleError, match="none to play on from"):
        apply(state, PlayOn())
    with pytest.raises(RuleError, match="none to play on from"):
        apply(PLAY, PlayOn())


def _declarer_asked_about_h2(*before):
    """E owes his ♠K as a major penalty card and played the ♥2 instead; declarer is asked
    whether he accepts it (52B1), after ``before`` (e.g. a report that play is at trick 12)."""
    state = PLAY
    for ev in (Exposure(Seat.E, (parse_card("SK"),)), *before,
               PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=None)):
        _, state = apply(state, ev)
    assert [p.law for p in state.pending] == ["52B1"]
    return state


def test_63A4_52B1_declarers_choice_about_a_penalty_card_not_played_survives_his_claim() -> None:
    """Declarer had still to decide whether he accepts E's ♥2, played instead of his penalty
    card ♠K (52B1), and then claimed: the claim dropped the choice, though his own claim does
    not establish E's failure (63A4) and the card is already played (no lead or play waits
    on it, 68D). The choice stays, /state shows it, and declarer makes it after the claim;
    declarer's lead options for a lead that will now never be made still end with it."""
    state = _declarer_asked_about_h2()
    ruling, claimed = apply(state, Claim(Seat.S, 4, 4, "all mine"))
    assert [p.law for p in claimed.pending] == ["52B1"], claimed.pending
    assert [w.law for w in view_of(claimed).waits] == ["52B1"]
    assert {"52B1", "63A4"} <= set(ruling.laws) and "63A3" not in ruling.laws, ruling.laws
    assert any(str(s).startswith("Declarer still decides whether he accepts E's ♥2")
               for s in ruling.steps), ruling.steps
    _, rejected = apply(claimed, ChoiceMade(Seat.E, "reject"))
    assert [p.token for p in rejected.penalty_cards] == ["E:H2:major"]  # 52B2
    assert not rejected.pending and waits.claimed_by(rejected) is Seat.S
    _, accepted = apply(claimed, ChoiceMade(Seat.E, "accept"))
    assert [p.token for p in accepted.penalty_cards] == ["E:SK:major"]  # 52B1(c)
    _, leads = apply(PLAY, Exposure(Seat.W, (parse_card("SK"),)))
    _, leads = apply(leads, PartnerLead(Seat.E))
    _, leads = apply(leads, Claim(Seat.S, 4, 4))
    assert leads.pending == ()


def test_63A3_52B1_the_defenders_claim_ends_declarers_choice_the_card_played_stands() -> None:
    """W concedes while declarer is still to decide about E's ♥2: a claim or concession of the
    offending side establishes the failure (63A3), so it is no longer corrected (63B): the
    choice lapses, the ♥2 stands and the ♠K stays a penalty card, as /penalty not-played
    rules it after such a claim; on trick 12 it is corrected even so (62D1): the choice stays."""
    ruling, conceded = apply(_declarer_asked_about_h2(), Claim(Seat.W, 0, 4))
    assert conceded.pending == () and not view_of(conceded).waits
    assert {"63A3", "63B", "64B3"} <= set(ruling.laws), ruling.laws
    assert any("E's ♥2 stands" in str(s) for s in ruling.steps), ruling.steps
    assert "52B1" not in ruling.laws, ruling.laws
    assert [p.token for p in conceded.penalty_cards] == ["E:SK:major"]
    assert ("E", "H2", "played") in {(w.seat.value, w.card.text, w.place.value)
                                     for w in conceded.whereabouts}
    late, twelfth = apply(_declarer_asked_about_h2(PlayReported(trick=12)), Claim(Seat.W, 0, 2))
    assert [p.law for p in twelfth.pending] == ["52B1"]
    assert {"52B1", "63A3", "62D1"} <= set(late.laws), late.laws


# --- Law 68: a claim is of the tricks that remain ------------------------------------------


def test_68_a_claim_of_more_tricks_than_remain_is_refused() -> None:
    """A club night had "/claim made remaining:13" recorded at trick 9: the reports put the
    play at trick 9, so at least 8 tricks are complete and at most 5 remain. A claim of more is
    refused with one sentence and changes nothing; 5 (or fewer) is ruled; with no trick
    reported the count is unknown and nothing is refused."""
    from core.laws.course import PlayReported

    _, state = apply(PLAY, PlayReported(trick=9, leader=Seat.S))
    for remaining in (6, 13):
        with pytest.raises(RuleError, match=r"trick 9 is reported, so at least 8 tricks are "
                                            r"complete and a claim is about at most 5 "
                                            r"remaining tricks"):
            apply(state, Claim(Seat.S, 1, remaining))
    ruling, _ = apply(state, Claim(Seat.S, 5, 5))
    assert "69A" in ruling.laws
    apply(PLAY, Claim(Seat.S, 13, 13))  # no trick reported: not refused


def test_68A_68B_dummy_makes_no_claim_or_concession() -> None:
    """Only declarer or a defender claims or concedes (68A, 68B): dummy N's "the rest are
    ours" is no claim, so it is refused with one sentence and play has not stopped (a claim
    recorded for dummy stopped play and established his side's revokes, 63A3)."""
    for tricks in (3, 0):
        with pytest.raises(RuleError, match="dummy"):
            apply(PLAY, Claim(Seat.N, tricks, 3))
    ruling, _ = apply(PLAY, Claim(Seat.S, 3, 3))
    assert "69A" in ruling.laws


# --- after /claim play-on: what the void claim leaves (68D2(b)) -----------------------------


def test_68D2b_63A3_a_penalty_card_not_played_before_the_claim_stays_established_by_it() -> None:
    """E owed his ♠K and played the ♥2 on trick 9 before W conceded; N-S asked to play on
    (68D2(b)). /penalty not-played then gave declarer Law 52's buttons as if there had been
    no claim: W's concession established the failure (63A3) and the void claim does not undo
    it (63B), as it does not a revoke. Once play has gone on to trick 11, a failure reported
    there is Law 52's again."""
    from core.laws.claim import PlayOn

    _, state = apply(PLAY, Exposure(Seat.E, (parse_card("SK"),)))
    _, state = apply(state, PlayReported(trick=9))
    _, state = apply(state, Claim(Seat.W, 0, 5))
    _, state = apply(state, PlayOn())
    ruling, after = apply(state, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=None))
    assert str(ruling.summary).startswith("E's ♥2 stands: W's claim or concession"), ruling.summary
    assert {"61A", "63A3", "68D2(b)", "63B", "64B3"} <= set(ruling.laws), ruling.laws
    assert not ruling.options and not after.pending
    assert any("Trick 9 is the first the claim was about" in str(s) for s in ruling.steps)
    _, later = apply(state, PlayReported(trick=11))
    ruling, _ = apply(later, PenaltyNotPlayed(Seat.E, parse_card("H2"), accepted=None))
    assert [o.token for o in ruling.options] == ["accept", "reject"]
    assert "63A3" not in ruling.laws, ruling.laws


def test_68D2b_the_choices_the_claim_set_aside_wait_again_when_play_goes_on() -> None:
    """68D2(b) voids the claim and switches off Laws 16 and 50 for what was shown while play
    was suspended; it does not undo the irregularities before the claim. Declarer's lead
    options (50D2) and the choice after a lead out of turn (56), set aside by the claim (no
    card is played, 68D), wait again once play goes on: /state, /mustplay and /lead say the
    same."""
    from core.laws.claim import PlayOn

    _, state = apply(PLAY, PlayReported(trick=9))
    _, state = apply(state, Exposure(Seat.W, (parse_card("SK"),)))
    _, state = apply(state, PartnerLead(Seat.E))
    _, claimed = apply(state, Claim(Seat.S, 5, 5))
    assert claimed.pending == () and not view_of(claimed).waits
    _, on = apply(claimed, PlayOn())
    assert on.pending == state.pending
    assert [w.law for w in view_of(on).waits] == ["50D2"]
    assert str(must_play(on, Seat.E).summary).startswith("Wait: E may not lead until declarer")
    again, after = apply(on, PartnerLead(Seat.E))
    assert after.pending == state.pending, again.summary
    _, loot = apply(apply(PLAY, PlayReported(trick=9))[1],
                    LeadOutOfTurn(Seat.W, parse_card("C2"), Seat.E, trick=9))
    assert [p.law for p in loot.pending] == ["56"], loot.pending
    _, claimed = apply(loot, Claim(Seat.S, 5, 5))
    _, on = apply(claimed, PlayOn())
    assert on.pending == loot.pending and [w.law for w in view_of(on).waits] == ["56"]


def test_63A4_69A_64B4_an_agreed_claim_and_a_revoke_noticed_after_the_next_call() -> None:
    """S claims, nobody objects; W's revoke before it is noticed after a non-offender called
    on the next board. 69A needs E-W's own call (or the round's end) to establish their
    agreement, which the report does not say: the ruling says both ways, and that 64B4 leaves
    the revoke unrectified either way."""
    from core.laws.revoke import Attention, Revoke, WonBy

    _, agreed = apply(PLAY, Claim(Seat.S, 4, 4))
    ruling, after = apply(agreed, Revoke(Seat.W, True, card=parse_card("H2"), trick=9,
                                         won_by=WonBy.OFFENDER, later_tricks=0,
                                         attention=Attention.AFTER_NEXT_CALL))
    assert {"63A4", "69A", "64B4"} <= set(ruling.laws), ruling.laws
    assert ruling.outcome["tricks_transferred"] == 0 and not after.penalty_cards
    assert any("once one of them calls on the next board" in str(s) for s in ruling.steps), \
        ruling.steps


def test_68_a_claim_that_leaves_out_the_trick_reported_says_from_which_trick_it_is_recorded(
        ) -> None:
    """The claim's trick is the first it claims (14 less the remaining tricks). At trick 9 a
    claim of the remaining 4 leaves trick 9 out: complete but not reported, or in progress
    and not part of the claim (68). The record says trick 10 and the ruling says why, so a
    revoke ruled later on from the claim's trick (63A3) can be checked at the table; a claim
    that counts trick 9 says nothing more."""
    _, state = apply(PLAY, PlayReported(trick=9))
    ruling, after = apply(state, Claim(Seat.S, 4, 4))
    assert "claim:S@10" in after.notes
    assert any(str(s).startswith("The reports put play at trick 9, but 4 remaining tricks start "
                                 "at trick 10") for s in ruling.steps), ruling.steps
    ruling, after = apply(state, Claim(Seat.S, 5, 5))
    assert "claim:S@9" in after.notes
    assert not any("The reports put play" in str(s) for s in ruling.steps), ruling.steps


def test_52_50C_a_revoke_reported_as_a_penalty_card_failure_is_refused_as_penalty_not_played_is():
    """After E's concession, a 'penalty card not played' reported with /revoke for a ♠K over
    E's only penalty card, a minor ♠9, is refused as /penalty not-played refuses it: a minor
    penalty card does not bar an honour of its suit (50C). The claim's path had taken it."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.N, contract="4H"))
    _, state = apply(state, Exposure(Seat.E, (parse_card("S9"),), How.ACCIDENTAL))
    _, state = apply(state, Claim(Seat.E, 0, 11))
    with pytest.raises(RuleError, match="minor") as by_penalty:
        apply(state, PenaltyNotPlayed(Seat.E, parse_card("SK"), accepted=None))
    with pytest.raises(RuleError, match="minor") as by_revoke:
        apply(state, Revoke(Seat.E, False, parse_card("SK"), trick=4,
                            penalty_card_failure=True))
    assert str(by_revoke.value) == str(by_penalty.value)


def test_68D2b_a_corrected_declarer_drops_the_choices_the_claim_set_aside():
    """Declarer's 50D2 options set aside by a claim were offered under the old declarer: when
    the director corrects the declarer before play goes on, they do not come back with it."""
    _, state = apply(TableState(), BoardSet(dealer=Seat.N, declarer=Seat.S, contract="4H"))
    _, state = apply(state, Exposure(Seat.E, (parse_card("DK"),)))
    _, state = apply(state, PartnerLead(Seat.W, trick=3))
    assert any(p.law.startswith("50D2") for p in state.pending)
    _, state = apply(state, Claim(Seat.S, 10, 11))
    assert state.claim_held
    _, state = apply(state, BoardSet(declarer=Seat.N))  # the opening lead moves to E
    _, state = apply(state, PlayOn())
    assert not state.pending_for(Seat.W), state.pending
    assert not state.claim_held
