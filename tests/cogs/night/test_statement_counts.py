"""How many SQL statements the busy table commands run, through the real command tree (issue
14: the club-night reads are folded into the one table lookup). A count, not a timing: it is the
same on a loaded machine. The maxima are the counts measured after the fold (SQLite counts the
statements the hot path runs on the loop's own connection too)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from tests.cogs.lead_agreement import button
from tests.support import seat_everyone


@contextmanager
def counting(storage) -> Iterator[list[int]]:
    """How many SQL statements ran while the block ran (one number, appended at its end):
    those through SQLAlchemy (its statement events, on the storage's engines) and those sent
    on the driver's own connection, which SQLAlchemy does not see (asyncpg's, and the loop's
    ``sqlite3``: ``DriverReads.executed``)."""
    engines = [storage.tx.engine.sync_engine]
    drivers = [storage.tx.driver]
    if storage.tx.loop is not None:
        engines.append(storage.tx.loop.engine)
        drivers.append(storage.tx.loop.direct)
    drivers = [d for d in drivers if d is not None]
    seen: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany) -> None:
        seen.append(statement)

    for engine in engines:
        event.listen(engine, "before_cursor_execute", count)
    before = sum(d.executed for d in drivers)
    total: list[int] = []
    try:
        yield total
    finally:
        for engine in engines:
            event.remove(engine, "before_cursor_execute", count)
        total.append(len(seen) + sum(d.executed for d in drivers) - before)


#: The most statements each command may run, per backend (before the fold: SQLite 2, 17 and
#: 10, PostgreSQL 1, 16 and 9). /board set to the next board runs one more since issue 24: it
#: notes who sits at the table for the new board ("played" is counted per member,
#: core.storage.played). Issue 27: a read is one statement with no BEGIN on both backends, and
#: on PostgreSQL a recording is one statement, started from the board the lookup read; /board
#: set moves the table from what its locking reads read, with no read of its own after them.
#: A choice pressed is checked against the presser's seat in that one statement too (4 round
#: trips when the seat was read again in a transaction of its own).
MOST = {
    "sqlite": {"/state": 1, "/board set": 12, "/exposed": 7, "press": 7},
    "postgresql": {"/state": 1, "/board set": 11, "/exposed": 2, "press": 2},
}


async def test_statements_per_table_command(ld, bot, storage, backend):
    """/state is one lookup; /board set to the next board (the table's board moves on) reads
    the board it names with the table; /exposed reads the table once, then records."""
    await ld.run("/session start name:Monday pairs", user="Director")
    await ld.run("/table channel number:1", user="Director")
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    await ld.run("/state", user="Dummy")  # every cache warm, as on a club night
    counts = {}
    for name, command, user, answer in (
        ("/state", "/state", "Dummy", "Table 1, board 1"),
        ("/board set", "/board set number:2 dealer:E declarer:S contract:3N", "Declarer",
         "playing board 2"),
        ("/exposed", "/exposed cards:SK", "LHO", "major penalty card"),
    ):
        with counting(storage) as seen:
            result = await ld.run(command, user=user)
        assert answer in result.text, result.text
        counts[name] = seen[0]
    offered = await ld.run("/lead seat:E trick:2", user="RHO")
    forbid = button(offered.message, "Forbid spades while E keeps the lead")
    with counting(storage) as seen:  # declarer's choice, checked against his seat (54A, 50D2)
        pressed = await ld.press(offered.message, forbid["custom_id"], user="Declarer")
    assert "Chosen by" in pressed.text, pressed.text
    counts["press"] = seen[0]
    assert counts.keys() == MOST[backend].keys()
    assert all(counts[c] <= MOST[backend][c] for c in counts), counts


async def test_a_command_typed_in_no_tables_channel_reads_no_more(ld, bot, storage, backend):
    """Where a board may be shown (tdbot.context.shown_here) comes with the table lookup: a
    command typed in a channel bound to no table, about a table with no channel of its own (a
    club that never used /table channel), reads once like one typed in the table's channel.
    With a channel bound to the table, the answer goes to the asker alone, still from that read."""
    await ld.run("/session start name:Monday pairs", user="Director")
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    await ld.run("/state", user="Dummy", channel="general")
    with counting(storage) as seen:
        shown = await ld.run("/state", user="Dummy", channel="general")
    assert "Table 1, board 1" in shown.text and not shown.ephemeral, shown
    assert seen[0] <= MOST[backend]["/state"], seen
    await ld.run("/table channel number:1", user="Director", channel="table-1")
    with counting(storage) as seen:
        elsewhere = await ld.run("/state", user="Dummy", channel="general")
    assert "Table 1, board 1" in elsewhere.text and elsewhere.ephemeral, elsewhere
    assert seen[0] <= MOST[backend]["/state"], seen


async def test_a_directors_press_reads_no_more_than_declarers(ld, bot, storage, backend):
    """A director who is not playing presses declarer's choice for him: what the blind check
    needs (playing director? no_peeking?) comes with the press's one read, so the press costs
    what declarer's own does (it had cost a read of the desk in a transaction of its own)."""
    await ld.run("/session start name:Monday pairs", user="Director")
    await ld.run("/table channel number:1", user="Director")
    await seat_everyone(ld)
    await ld.run("/board set number:1 dealer:N declarer:S contract:4H", user="Declarer")
    await ld.run("/exposed cards:SK", user="LHO")
    offered = await ld.run("/lead seat:E trick:2", user="RHO")
    forbid = button(offered.message, "Forbid spades while E keeps the lead")
    with counting(storage) as seen:
        pressed = await ld.press(offered.message, forbid["custom_id"], user="Director")
    assert "Chosen by" in pressed.text, pressed.text
    assert seen[0] <= MOST[backend]["press"], seen
