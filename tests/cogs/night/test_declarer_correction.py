"""A declarer corrected by the director re-rules the board (issue 22, item 3): everything that
depended on who declares is ruled again, the director sees the before/after and confirms, and
the table's view follows (the opening lead included)."""

from __future__ import annotations

from tests.support import seat_everyone


async def test_48A_director_corrects_the_declarer_and_the_exposed_card_is_re_ruled(ld, bot,
                                                                                   storage):
    """Declarer recorded as E: N's dropped ♠K is a defender's major penalty card. The director
    corrects the declarer to S (N becomes dummy): the ruling is re-ruled — dummy's card is no
    penalty card (48A) — and W now makes the opening lead."""
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:E contract:4H", user="Declarer")
    exposed = await ld.run("/exposed cards:SK seat:N", user="Dummy")
    assert "major penalty card" in exposed.text, exposed.text
    state = await ld.run("/state", user="Dummy")
    assert "N's ♠K (major)" in state.text and "S on lead" in state.text

    player = await ld.run("/board set number:1 declarer:S", user="Declarer")
    assert player.ephemeral and "director" in player.text.lower()  # a player may not

    preview = await ld.run("/board set number:1 declarer:S table:1", user="Director")
    assert preview.ephemeral and "Before:" in preview.text and "After:" in preview.text
    assert "S declares and W leads" in preview.text, preview.text
    unchanged = await ld.run("/state", user="Dummy")
    assert "N's ♠K (major)" in unchanged.text  # nothing written before he confirms

    done = await ld.press(preview.message, "Re-rule the board", user="Director")
    assert "Re-ruled" in done.text, done.text
    after = await ld.run("/state", user="Dummy")
    assert "Declarer: S" in after.text and "Penalty cards" not in after.text, after.text
    assert "W on lead" in after.text, after.text
