"""Claims through the real command tree (Laws 68-70): a player records it, the director reviews
it against the hand records (remaining hands, outstanding trumps, double dummy from there)."""

from __future__ import annotations

import random

import pytest

import core.double_dummy as dd
from core.cards import Suit
from core.deal import random_deal
from core.diagram import holding
from core.pbn import random_pbn
from core.seats import Seat
from tests.support import seat_everyone

pytestmark = pytest.mark.usefixtures("bot")


def _ruling_id(result) -> int:
    return int(result.embed["footer"]["text"].split("#")[1].split()[0])


async def _night(ld, *, hands: bool = True):
    if hands:
        file = ld.attach("night.pbn", random_pbn(4, seed=1).encode())
        await ld.slash("session hands", {"file": file}, user="Director")
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")


async def test_68_69A_a_claim_nobody_disputes_is_recorded_as_agreed(ld, storage):
    await _night(ld, hands=False)
    claimed = await ld.run(
        "/claim made seat:S tricks:10 remaining:13 statement:drawing trumps, then the clubs",
        user="Declarer",
    )
    assert not claimed.ephemeral and "nobody objects" in claimed.text, claimed.text
    assert "drawing trumps, then the clubs" in claimed.text


async def test_70_the_director_reviews_a_disputed_claim_against_the_deal(ld, storage):
    await _night(ld)
    deal = random_deal(1, random.Random(1))
    claimed = await ld.run("/claim made seat:S tricks:13 remaining:13 objector:W",
                           user="Declarer")
    assert "W objects" in claimed.text, claimed.text
    rid = _ruling_id(claimed)
    review = await ld.run(f"/claim review id:{rid} leader:W", user="Director")
    assert review.ephemeral, review.text
    assert "Remaining hands" in review.text and "Law 70: the questions" in review.text
    assert holding(deal.hand(Seat.W), Suit.SPADES) in review.text
    assert "Outstanding hearts" in review.text or "hold no hearts" in review.text
    if dd.available():
        ns = dd.solve(deal).tricks[Seat.S, "H"]
        assert f"N-S take {ns} of the 13 tricks" in review.text, review.text
        assert "perfect play" in review.text
    trick = [sorted(deal.hand(s))[0].text for s in (Seat.W, Seat.N, Seat.E, Seat.S)]
    after = await ld.run(f"/claim review id:{rid} played:{' '.join(trick)} leader:W",
                         user="Director")
    assert "of the 13 tricks" not in after.text  # 12 cards each: not the 13 tricks claimed
    assert "hold N 12, E 12, S 12, W 12" in after.text, after.text
    player = await ld.run(f"/claim review id:{rid}", user="LHO")
    assert player.ephemeral and "Remaining hands" not in player.text


async def test_70_review_refuses_a_ruling_that_is_not_a_claim(ld, storage):
    await _night(ld)
    deal = random_deal(1, random.Random(1))
    exposed = await ld.run(f"/exposed cards:{sorted(deal.hand(Seat.W))[0].text}", user="LHO")
    review = await ld.run(f"/claim review id:{_ruling_id(exposed)}", user="Director")
    assert review.ephemeral and "is not a claim" in review.text, review.text


async def test_68D_a_defenders_card_shown_after_the_claim_is_no_penalty_card(ld, storage):
    """Through the tree: W's ♠K dropped before S's claim is a penalty card; E's ♥5 shown while
    the claim is argued is not (68D): /exposed answers so with the laws, /state shows only
    W's ♠K, and /mustplay for E says play has stopped."""
    await _night(ld, hands=False)
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    await ld.run("/claim made seat:S tricks:13 remaining:13 objector:W", user="Declarer")
    shown = await ld.run("/exposed cards:H5 seat:E", user="RHO")
    assert not shown.ephemeral and "No penalty card" in shown.text, shown.text
    assert "68D" in shown.text and "70B3" in shown.text and "68D2(b)" in shown.text
    assert "penalty card of E" not in shown.text
    state = await ld.run("/state", user="Declarer")
    assert "W's ♠K (major)" in state.text and "♥5" not in state.text, state.text
    must = await ld.run("/mustplay seat:E", user="RHO")
    assert "Play has stopped" in must.text and "♥5" not in must.text, must.text


async def test_68B2_a_card_exposed_at_a_concession_partner_objected_to_is_no_penalty_card(
        ld, storage):
    """Through the tree: E tries to concede, W objects at once (68B2): the concession's answer
    says a card exposed at it is no penalty card; E's ♠K, exposed then and reported afterwards,
    is not one (68B2), what it showed is unauthorized for W (16C), and /state shows no penalty
    card. Once play goes on, a card E exposes is a penalty card again."""
    await _night(ld, hands=False)
    conceded = await ld.run("/claim made seat:E tricks:0 remaining:5 objector:W", user="RHO")
    assert "not a penalty card" in conceded.text and "/exposed" in conceded.text, conceded.text
    shown = await ld.run("/exposed cards:SK seat:E", user="RHO")
    assert not shown.ephemeral and "No penalty card" in shown.text, shown.text
    assert "68B2" in shown.text and "16C" in shown.text and "unauthorized for W" in shown.text
    assert "penalty card of E" not in shown.text, shown.text
    state = await ld.run("/state", user="Declarer")
    assert "penalty" not in state.text.lower(), state.text
    await ld.run("/lead seat:E trick:9", user="Declarer")  # play went on
    later = await ld.run("/exposed cards:H5 seat:E", user="RHO")
    assert "penalty card of E" in later.text, later.text


async def test_68B2_a_card_exposed_at_the_concession_is_no_penalty_card_with_its_trick_given(
        ld, storage):
    """A club night: at trick 9 E tries to concede the 5 remaining tricks, W objects at once;
    the card he showed is reported with the trick it was shown at (``trick:9``, recorded
    before it): the same answer as without it, no penalty card (68B2, 16C)."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:E trick:9", user="Declarer")
    await ld.run("/claim made seat:E tricks:0 remaining:5 objector:W", user="RHO")
    shown = await ld.run("/exposed cards:SK seat:E trick:9", user="RHO")
    assert not shown.ephemeral and "No penalty card" in shown.text, shown.text
    state = await ld.run("/state", user="Declarer")
    assert "penalty" not in state.text.lower(), state.text


async def test_68D_a_revoke_on_a_trick_after_the_claim_is_refused(ld, storage):
    """A club night: S claimed at trick 6 and it stood; W then reported a revoke on trick 9,
    which was accepted ('1 trick goes to N-S after play ends') and moved /state to trick 10.
    Trick 9 was never played (68D): one private line, nothing recorded, /state unchanged."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:S trick:6", user="Declarer")
    await ld.run("/claim made seat:S tricks:8 remaining:8", user="Declarer")
    before = await ld.run("/state", user="Dummy")
    refused = await ld.run("/revoke seat:W established:true trick:9 won_by:partner", user="LHO")
    assert refused.ephemeral and "trick 9 was never played" in refused.text, refused.text
    after = await ld.run("/state", user="Dummy")
    assert after.text == before.text and "trick 6" in after.text.lower(), after.text
    # a revoke on the claim's own trick, established by the claim (63A3), is ruled on
    ruled = await ld.run("/revoke seat:W established:true trick:6 won_by:partner", user="LHO")
    assert not ruled.ephemeral and "64A" in ruled.text, ruled.text


async def test_68D_52_a_penalty_card_not_played_before_the_claim_is_ruled_after_it(ld, storage):
    """Through the tree: E's ♠K is a penalty card, S claims; /penalty not-played for E's ♥2 is
    ruled (52B1), not refused: no card is played after a claim (68D), so it reports a card
    played before it, an irregularity the director still rectifies."""
    await _night(ld, hands=False)
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    await ld.run("/claim made seat:S tricks:13 remaining:13", user="Declarer")
    ruled = await ld.run("/penalty not-played card:H2 seat:E accepted:true", user="Declarer")
    assert not ruled.ephemeral and "52B1" in ruled.text, ruled.text


async def test_63A3_a_penalty_card_not_played_after_its_sides_concession_has_no_buttons(
        ld, storage):
    """A club night: E's ♠K was a penalty card, W conceded the rest, and /penalty not-played
    for E's ♥2 gave declarer 52B's buttons, one of them putting the ♠K in the ♥2's place.
    W's concession established the revoke (63A3): the ruling says the ♥2 stands, with no
    choice buttons; /state waits for nobody and says what the concession establishes, and
    /mustplay too."""
    await _night(ld, hands=False)
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    await ld.run("/claim made seat:W tricks:0 remaining:13", user="LHO")
    ruled = await ld.run("/penalty not-played card:H2 seat:E", user="Declarer")
    assert not ruled.ephemeral and "63A3" in ruled.text and "64B3" in ruled.text, ruled.text
    assert "E's ♥2 stands" in ruled.text and "52B2" not in ruled.text, ruled.text
    labels = [b.get("label") for b in ruled.message.buttons]
    assert labels == ["Call the director"], labels  # no 52B1 choice
    state = await ld.run("/state", user="Dummy")
    assert "Waiting" not in state.text and "E's ♠K (major)" in state.text, state.text
    said = "A revoke by E-W on this board is established by this claim or concession (63A3)"
    assert said in state.text, state.text
    must = await ld.run("/mustplay seat:E", user="RHO")
    assert "Play has stopped" in must.text and said in must.text, must.text


async def test_68_a_claim_of_more_tricks_than_remain_is_refused_and_writes_nothing(ld, storage):
    """At trick 9 at least 8 tricks are complete: "/claim made remaining:13" gets one private
    line, records nothing (/state unchanged, play has not stopped); 5 remaining is ruled."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:S trick:9", user="Declarer")
    before = await ld.run("/state", user="Dummy")
    refused = await ld.run("/claim made seat:S tricks:5 remaining:13", user="Declarer")
    assert refused.ephemeral and "\n" not in refused.text.strip(), refused.text
    assert "at most 5 remaining tricks" in refused.text, refused.text
    after = await ld.run("/state", user="Dummy")
    assert after.text == before.text and "Play has stopped" not in after.text, after.text
    claimed = await ld.run("/claim made seat:S tricks:5 remaining:5", user="Declarer")
    assert not claimed.ephemeral and "nobody objects" in claimed.text, claimed.text


async def test_63A3_a_revoke_reported_for_correction_after_its_sides_claim_is_established(
        ld, storage):
    """E claims at trick 9; W's revoke on it, reported as not established, had been corrected
    (62). E's claim established it (63A3): without who won the revoke trick the report is
    refused in one private line that says so, and nothing is recorded; with it, the ruling is
    Law 64's, and /state shows no penalty card."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:E trick:9", user="Declarer")
    await ld.run("/claim made seat:E tricks:3 remaining:5", user="RHO")
    before = await ld.run("/state", user="Dummy")
    refused = await ld.run("/revoke seat:W established:false card:H2 trick:9", user="LHO")
    assert refused.ephemeral and "established the revoke (63A3)" in refused.text, refused.text
    assert (await ld.run("/state", user="Dummy")).text == before.text
    ruled = await ld.run("/revoke seat:W established:false card:H2 trick:9 won_by:offender",
                         user="LHO")
    assert not ruled.ephemeral and "63A3" in ruled.text and "64A1" in ruled.text, ruled.text
    assert "62B1" not in ruled.text, ruled.text
    state = await ld.run("/state", user="Dummy")
    assert "penalty" not in state.text.lower(), state.text


async def test_64A_68D_after_a_claim_the_revoke_transfer_applies_to_the_claimed_result(
        ld, storage):
    """A club night: W's revoke, ruled after E's claim, said '1 trick goes to N-S after play
    ends' though play had ended with the claim (68D): the transfer applies to the claim's
    result now (69A)."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:E trick:9", user="Declarer")
    await ld.run("/claim made seat:E tricks:3 remaining:5", user="RHO")
    ruled = await ld.run("/revoke seat:W established:true trick:9 won_by:offender "
                         "later_tricks:0", user="LHO")
    assert not ruled.ephemeral and "from the result of the claim (64A1)" in ruled.text, ruled.text
    assert "play ends" not in ruled.text and "69A" in ruled.text, ruled.text


async def test_63A4_an_agreed_claim_establishes_a_revoke_noticed_after_the_round(ld, storage):
    """S claims and nobody objects; after the round W's revoke is reported as not
    established: E-W's agreement to the claim is established by then (69A), so is the revoke
    (63A4), and the ruling says so (no automatic transfer, 64B5)."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:S trick:9", user="Declarer")
    await ld.run("/claim made seat:S tricks:5 remaining:5", user="Declarer")
    ruled = await ld.run("/revoke seat:W established:false card:H2 trick:9 won_by:offender "
                         "later_tricks:0 attention:after_round", user="LHO")
    assert not ruled.ephemeral and "63A4" in ruled.text and "64B5" in ruled.text, ruled.text
    assert "E-W agreed to S's claim" in ruled.text, ruled.text
    state = await ld.run("/state", user="Dummy")
    assert "penalty" not in state.text.lower(), state.text


async def test_68D2b_play_goes_on_from_a_claim_and_its_63A3_establishment_stays(ld, storage):
    """E claims at trick 9; N-S ask to play on and all four agree: /claim play-on records it
    (68D2(b)), /state no longer says play has stopped, and W's revoke on trick 8 reported for
    correction is still established by E's claim (63A3). Without a claim /claim play-on is
    refused in one private line and records nothing."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:E trick:9", user="Declarer")
    before = await ld.run("/state", user="Dummy")
    refused = await ld.run("/claim play-on", user="Declarer")
    assert refused.ephemeral and "\n" not in refused.text.strip(), refused.text
    assert "none to play on from" in refused.text, refused.text
    assert (await ld.run("/state", user="Dummy")).text == before.text
    await ld.run("/claim made seat:E tricks:3 remaining:5", user="RHO")
    assert "Play has stopped" in (await ld.run("/state", user="Dummy")).text
    on = await ld.run("/claim play-on", user="Declarer")
    assert not on.ephemeral and "Play goes on" in on.text and "68D2(b)" in on.text, on.text
    assert "Play has stopped" not in (await ld.run("/state", user="Dummy")).text
    ruled = await ld.run("/revoke seat:W established:false card:H2 trick:8 won_by:offender "
                         "later_tricks:0", user="LHO")
    assert not ruled.ephemeral and "63A3" in ruled.text and "68D2(b)" in ruled.text, ruled.text
    assert "62B1" not in ruled.text, ruled.text


async def test_68D2b_63A3_a_penalty_card_not_played_before_the_claim_stays_established(
        ld, storage):
    """E's ♠K is a penalty card; W concedes at trick 9 and N-S ask to play on (68D2(b)).
    /penalty not-played for E's ♥2 gave declarer Law 52's buttons as if no claim had been
    made: W's concession established the failure (63A3) and the void claim does not undo it:
    the ruling says the ♥2 stands, with no choice buttons."""
    await _night(ld, hands=False)
    await ld.run("/exposed cards:SK seat:E", user="RHO")
    await ld.run("/lead seat:S trick:9", user="Declarer")
    await ld.run("/claim made seat:W tricks:0 remaining:5", user="LHO")
    await ld.run("/claim play-on", user="Declarer")
    ruled = await ld.run("/penalty not-played card:H2 seat:E", user="Declarer")
    assert not ruled.ephemeral and "E's ♥2 stands" in ruled.text, ruled.text
    assert "63A3" in ruled.text and "68D2(b)" in ruled.text, ruled.text
    labels = [b.get("label") for b in ruled.message.buttons]
    assert labels == ["Call the director"], labels  # no 52B1 choice


async def test_68D2b_declarers_lead_options_wait_again_when_play_goes_on(ld, storage):
    """W's ♠K is a penalty card and E is on lead at trick 9: declarer's lead options (50D2)
    wait. S claims, so no card is played and /state shows no wait; N-S ask to play on
    (68D2(b)): the claim is void, not W's penalty card, so the options wait again, and
    /state, /mustplay and /lead say the same."""
    await _night(ld, hands=False)
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    await ld.run("/lead seat:E trick:9", user="Declarer")
    await ld.run("/claim made seat:S tricks:5 remaining:5", user="Declarer")
    assert "Waiting" not in (await ld.run("/state", user="Dummy")).text
    await ld.run("/claim play-on", user="Declarer")
    state = await ld.run("/state", user="Dummy")
    assert "Waiting for declarer to choose (Law 50D2) before E leads" in state.text, state.text
    must = await ld.run("/mustplay seat:E", user="RHO")
    assert "E may not lead until declarer has chosen (Law 50D2)" in must.text, must.text
    lead = await ld.run("/lead seat:E", user="Declarer")
    assert "50D2" in lead.text, lead.text
    labels = [b.get("label") for b in lead.message.buttons]
    assert len(labels) > 1, labels


async def test_63A4_69A_64B4_an_agreed_claim_and_a_revoke_noticed_after_the_next_call(
        ld, storage):
    """S claims and nobody objects; W's revoke before it is noticed after a non-offender's
    call on the next board. 69A needs E-W's own call there, which the report does not say:
    the ruling says when the agreement (and with it the revoke) is established, and that
    64B4 leaves the revoke unrectified either way."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:S trick:9", user="Declarer")
    await ld.run("/claim made seat:S tricks:5 remaining:5", user="Declarer")
    ruled = await ld.run("/revoke seat:W established:true card:H2 trick:9 won_by:offender "
                         "later_tricks:0 attention:after_next_call", user="LHO")
    assert not ruled.ephemeral and "64B4" in ruled.text and "63A4" in ruled.text, ruled.text
    assert "once one of them calls on the next board" in ruled.text, ruled.text


async def test_68_a_claim_that_leaves_out_the_trick_reported_says_from_which_trick(ld, storage):
    """At trick 9 a claim of the remaining 4 leaves trick 9 out (complete, or in progress and
    not claimed, 68): the ruling says the claim is recorded from trick 10."""
    await _night(ld, hands=False)
    await ld.run("/lead seat:S trick:9", user="Declarer")
    claimed = await ld.run("/claim made seat:S tricks:4 remaining:4", user="Declarer")
    assert not claimed.ephemeral, claimed.text
    assert "the claim is recorded from trick 10" in claimed.text, claimed.text
