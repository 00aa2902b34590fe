"""The auction through the real command tree: the director's "comparable?" buttons (Law 23),
and the meaning of an artificial call stated with the commands (Laws 27B1(a), 29C, 31)."""

from __future__ import annotations

from tests.support import seat_everyone

AUCTION = "/board set number:2 dealer:N"


def choice_buttons(message):
    return [b for b in message.buttons if b["custom_id"].startswith("tdbot:choice:")]


async def seat_and_bid(ld):
    await seat_everyone(ld)
    await ld.run(AUCTION, user="Declarer")


async def test_23A_director_only_comparable_buttons_after_the_offenders_call(ld, bot):
    """S opens 1NT at N's turn (31B); S's 2C at his turn waits for the director's word, nobody
    is barred meanwhile; a player's press is refused; the director's 'not comparable' bars N
    at his next turn."""
    await seat_and_bid(ld)
    coor = await ld.run("/out-of-rotation call:1NT seat:S", user="Declarer")
    assert not coor.ephemeral, coor.text
    await ld.run("/call call:P", user="Dummy")
    await ld.run("/call call:P", user="RHO")
    made = await ld.run("/call call:2C", user="Declarer")
    assert not made.ephemeral, made.text
    assert "Judgement pending" in made.text and "Director judged" not in made.text
    buttons = {b["custom_id"].rsplit(":", 1)[1]: b for b in choice_buttons(made.message)}
    assert set(buttons) == {"comparable", "not_comparable"}
    free = await ld.run("/mustpass seat:N", user="Dummy")
    assert "may make any legal call" in free.text
    refused = await ld.press(made.message, buttons["not_comparable"]["custom_id"],
                             user="Declarer")
    assert refused.ephemeral and "Only a director" in refused.content and not refused.edits
    judged = await ld.press(made.message, buttons["not_comparable"]["custom_id"],
                            user="Director")
    assert "Chosen by Director" in judged.edits[0].text
    assert "not comparable" in judged.edits[0].text
    await ld.run("/call call:P", user="LHO")
    must = await ld.run("/mustpass seat:N", user="Dummy")
    assert "must pass at his next turn" in must.text and "31A2(b)" in must.text


async def test_23A_only_a_director_states_comparable_with_the_command(ld, bot):
    await seat_and_bid(ld)
    refused = await ld.run(
        "/out-of-rotation call:1NT seat:S offender_call:2C comparable:False", user="Declarer"
    )
    assert refused.ephemeral and "Only a director" in refused.text
    ruled = await ld.run(
        "/out-of-rotation call:1NT seat:S offender_call:2C comparable:False table:1",
        user="Director",
    )
    assert not ruled.ephemeral and "31A2(b)" in ruled.text


async def test_27B1a_artificial_meaning_on_insufficient_bid_and_call(ld, bot):
    """1NT (2S) 2C Stayman, not accepted: 3C natural shows other denominations than the
    majors Stayman showed, so it is not 27B1(a) (27B2); an artificial 3C showing both majors
    is."""
    await seat_and_bid(ld)
    ruled = await ld.run(
        '/insufficient-bid bid:2C auction:"1NT 2S" meaning:"H S" replacement:3C',
        user="Declarer",
    )
    assert not ruled.ephemeral, ruled.text
    assert "27B2" in ruled.text and "27B1(a)" not in ruled.text.split("Laws")[-1]

    # board 2 waits for the Director's judgement (27B1(b)): only he moves the table on
    moved = await ld.run("/board set number:3 dealer:N table:1", user="Director")
    assert "board 3" in moved.text, moved.text
    first = await ld.run('/insufficient-bid bid:2C auction:"1NT 2S" meaning:"H S"',
                         user="Declarer")
    assert not first.ephemeral, first.text
    replaced = await ld.run('/call call:3C meaning:"H S"', user="Declarer")
    assert not replaced.ephemeral, replaced.text
    assert "27B1(a)" in replaced.text


async def test_27B_meaning_none_describes_an_artificial_insufficient_bid(ld, bot):
    """A Stayman-type 2C that shows no denomination: 'meaning:none' is accepted (the option's
    help offers it), and a 3C replacement that shows none either is 27B1(a)."""
    await seat_and_bid(ld)
    first = await ld.run('/insufficient-bid bid:2C auction:"1NT 2S" meaning:none',
                         user="Declarer")
    assert not first.ephemeral, first.text
    replaced = await ld.run("/call call:3C meaning:none", user="Declarer")
    assert not replaced.ephemeral, replaced.text
    assert "27B1(a)" in replaced.text


async def test_23A_31B_the_same_call_with_another_meaning_goes_to_the_director(ld, bot):
    """S opens an artificial 2C (meaning none) at N's turn; at his own turn his 2C, reported
    as natural, is not comparable by its name alone: the director's buttons decide."""
    await seat_and_bid(ld)
    await ld.run("/out-of-rotation call:2C seat:S meaning:none", user="Declarer")
    await ld.run("/call call:P", user="Dummy")
    await ld.run("/call call:P", user="RHO")
    made = await ld.run("/call call:2C", user="Declarer")
    assert not made.ephemeral, made.text
    assert "Judgement pending" in made.text
    judged = await ld.press(made.message, [b for b in choice_buttons(made.message)
                                           if b["custom_id"].endswith("not_comparable")][0]
                            ["custom_id"], user="Director")
    assert "N must pass at his next turn" in judged.edits[0].text, judged.edits[0].text


async def test_29C_meaning_on_out_of_rotation_cites_29C(ld, bot):
    await seat_and_bid(ld)
    ruled = await ld.run('/out-of-rotation call:2C seat:S meaning:"H S"', user="Declarer")
    assert not ruled.ephemeral and "29C" in ruled.text


async def test_a_meaning_that_is_not_denominations_is_refused(ld, bot):
    await seat_and_bid(ld)
    refused = await ld.run('/call call:2C meaning:"1NT"', user="Dummy")
    assert refused.ephemeral and "denominations" in refused.text


async def test_39C_call_after_the_final_pass_is_ruled_through_the_bot(ld, bot):
    """N 1H, all pass; W then doubles: the double is cancelled and Law 26 may follow (39C)."""
    await seat_and_bid(ld)
    for who in ("Dummy", "RHO", "Declarer", "LHO"):
        await ld.run("/call call:" + ("1H" if who == "Dummy" else "P"), user=who)
    unnamed = await ld.run("/call call:X", user="LHO")
    assert unnamed.ephemeral and "say who made this call" in unnamed.text
    ruled = await ld.run("/call call:X seat:W", user="LHO")
    assert not ruled.ephemeral, ruled.text
    assert "cancelled" in ruled.text and "39C" in ruled.text
    state = await ld.run("/state", user="RHO")
    assert "Dbl" not in state.text


async def test_39B_lho_called_over_the_double_after_the_final_pass_no_26B(ld, bot):
    """W doubles after the final pass and N calls over it before the director comes: the
    double is cancelled and nothing more follows (39B), so E's lead is free."""
    await seat_and_bid(ld)
    for who in ("Dummy", "RHO", "Declarer", "LHO"):
        await ld.run("/call call:" + ("1H" if who == "Dummy" else "P"), user=who)
    ruled = await ld.run("/call call:X seat:W lho_called:true", user="LHO")
    assert not ruled.ephemeral, ruled.text
    assert "39B" in ruled.text and "39C" not in ruled.text and "26B" not in ruled.text
    lead = await ld.run("/lead seat:E", user="RHO")
    assert "prohibit" not in lead.text.lower() and "26B" not in lead.text, lead.text


async def test_27A1_lho_accepts_the_insufficient_bid_with_a_button(ld, bot):
    """N 1S, E 1H (insufficient): S, E's LHO, is offered 'accept'; W's press is refused; S's
    press makes 1H stand and S calls next."""
    await seat_and_bid(ld)
    ruled = await ld.run('/insufficient-bid bid:1H auction:"1S"', user="RHO")
    assert not ruled.ephemeral, ruled.text
    assert "left-hand opponent chooses" in ruled.text
    accept = next(b for b in choice_buttons(ruled.message) if b["custom_id"].endswith(":accept"))
    refused = await ld.press(ruled.message, accept["custom_id"], user="LHO")
    assert refused.ephemeral and "Only S at table 1" in refused.content
    pressed = await ld.press(ruled.message, accept["custom_id"], user="Declarer")
    assert "27A1" in pressed.edits[0].text
    called = await ld.run("/call call:2H", user="Declarer")
    assert not called.ephemeral and "S: 2♥" in called.text


async def test_29A_lho_accepts_a_call_out_of_rotation_with_a_button(ld, bot):
    """E opens 1S at N's turn: S (E's LHO) accepts with the button; N lost his turn."""
    await seat_and_bid(ld)
    ruled = await ld.run("/out-of-rotation call:1S seat:E", user="RHO")
    accept = next(b for b in choice_buttons(ruled.message) if b["custom_id"].endswith(":accept"))
    pressed = await ld.press(ruled.message, accept["custom_id"], user="Declarer")
    assert "29A" in pressed.edits[0].text
    called = await ld.run("/call call:P", user="Declarer")
    assert not called.ephemeral and "S: pass" in called.text


def test_options_heading_agrees_with_who_chooses():
    from core.ruling import Option, Ruling
    from tdbot.render import ruling_embed

    options = (Option("accept", "Accept"),)
    for chooser, heading in (("defenders", "the defenders choose"),
                             ("declarer", "declarer chooses"),
                             ("director", "the director chooses")):
        ruling = Ruling(kind="x", summary="s", laws=("53A",), options=options, chooser=chooser)
        names = [f.name for f in ruling_embed(ruling, event_id=1).fields]
        assert f"Options ({heading})" in names


async def test_50E2_button_answer_says_the_card_sent_back_is_unauthorized_for_partner(
    ld, bot, board
):
    """Declarer requires a spade lead: the ♠K goes back to W's hand, and the answer to the
    button says what that makes unauthorized for E (50E2)."""
    await ld.run("/exposed cards:SK seat:W", user="LHO")
    lead = await ld.run("/lead seat:E", user="Declarer")
    require = next(b for b in choice_buttons(lead.message) if ":require:" in b["custom_id"])
    pressed = await ld.press(lead.message, require["custom_id"], user="Declarer")
    text = pressed.edits[0].text
    assert "50E2" in text and "unauthorized" in text


async def test_27B1b_replacement_by_call_asks_the_director_with_buttons(ld, bot):
    """N 1H, E 1S, S 1D (insufficient, not accepted); S's /call 1NT waits for the director:
    the auction is held until he judges; his 'not comparable' bars N for the rest."""
    await seat_and_bid(ld)
    await ld.run('/insufficient-bid bid:1D auction:"1H 1S"', user="Declarer")
    made = await ld.run("/call call:1NT", user="Declarer")
    assert not made.ephemeral, made.text
    assert "Judgement pending" in made.text
    held = await ld.run("/call call:P", user="LHO")
    assert held.ephemeral and "Director must first judge" in held.text
    button = next(b for b in choice_buttons(made.message)
                  if b["custom_id"].endswith(":not_comparable"))
    judged = await ld.press(made.message, button["custom_id"], user="Director")
    assert "27B2" in judged.edits[0].text
    must = await ld.run("/mustpass seat:N", user="Dummy")
    assert "rest of the auction" in must.text


async def test_27B1b_state_and_mustpass_show_the_replacement_made_and_the_auction_held(ld, bot):
    """A club night: S's insufficient 1D not accepted, S replaces it with 1NT and the Director
    has still to judge it. /state said "S must replace his insufficient 1♦ at his turn" and
    /mustpass "It is S's turn to call" while W's call was refused: every view now says the
    replacement is made and that nobody calls until the Director has judged (27B1(b), 23A)."""
    await seat_and_bid(ld)
    await ld.run('/insufficient-bid bid:1D auction:"1H 1S"', user="Declarer")
    await ld.run("/call call:1NT", user="Declarer")
    line = ("S has replaced his insufficient 1♦: his 1NT waits for the Director's judgement "
            "whether it is comparable (27B1(b), 23A); nobody calls until then.")
    state = await ld.run("/state", user="LHO")
    assert line in state.text and "must replace" not in state.text, state.text
    for seat, user in (("S", "Declarer"), ("W", "LHO"), ("N", "Dummy")):
        must = await ld.run(f"/mustpass seat:{seat}", user=user)
        assert line in must.text and "turn to call" not in must.text, must.text
    held = await ld.run("/call call:P", user="LHO")
    assert held.ephemeral and "Director must first judge" in held.text


async def test_26B_unmade_prohibition_is_not_offered_again_at_a_later_lead(ld, bot):
    """N 1S, E P, S 2S, W 1NT (insufficient) replaced by a pass the director judges not
    comparable; 4S by N: E's first turn to lead is the opening lead, and declarer may prohibit
    a suit (26B). He does not choose; E leads again at trick 3: his first lead is over, so
    /lead offers no prohibition and /state waits on none (a club night offered them again)."""
    await seat_and_bid(ld)
    await ld.run("/call call:1S", user="Dummy")
    await ld.run("/call call:P", user="RHO")
    await ld.run("/call call:2S", user="Declarer")
    ruled = await ld.run("/insufficient-bid bid:1NT seat:W replacement:P comparable:False "
                         "table:1", user="Director")
    assert not ruled.ephemeral, ruled.text
    for who, call in (("Dummy", "4S"), ("RHO", "P"), ("Declarer", "P"), ("LHO", "P")):
        made = await ld.run(f"/call call:{call}", user=who)
        assert not made.ephemeral, made.text
    state = await ld.run("/state", user="Dummy")
    assert "(Law 26B) before E leads" in state.text, state.text
    lead = await ld.run("/lead seat:E trick:3", user="RHO")
    assert not lead.ephemeral, lead.text
    assert "Prohibit" not in lead.text and "26B" not in lead.text, lead.text
    assert not choice_buttons(lead.message)
    state = await ld.run("/state", user="Dummy")
    assert "26B" not in state.text, state.text
    must = await ld.run("/mustplay seat:E", user="RHO")
    assert "26B" not in must.text and "Wait" not in must.text, must.text
