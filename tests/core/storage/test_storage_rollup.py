"""The ruling log's monthly roll-up: the figures it gives are the figures of the events
themselves, through rulings, verdicts, voids, a time-zone change, retention and the migration."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from sqlalchemy import func, select

from core.storage import stats as log_stats
from core.storage.db import downgrade_to, make_engine, upgrade_to_head
from core.storage.desk import Desk
from core.storage.models import Club, EventRow, LogRollup
from core.storage.testing import migrated_storage
from core.storage.values import LogFilter
from tests.core.storage.helpers import (
    DIRECTOR,
    GUILD_A,
    GUILD_B,
    exposed,
    new_board,
    partner_leads,
    penalty_story,
)
from tests.core.storage.test_storage_log import clock, log  # noqa: F401 - the log's fixtures

UTC = dt.UTC
needs_tzdata = pytest.mark.skipif(
    "Pacific/Kiritimati" not in zoneinfo.available_timezones(),
    reason="no time zone database (install tzdata)",
)


async def _from_events(url, storage, guild: int, filters: LogFilter = LogFilter()):  # noqa: B008
    """The figures counted from the events one by one (what the roll-up must agree with)."""
    club = await storage.club(guild)
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            club_id = await _club_id(conn, guild)
            return (await log_stats.from_events(conn, club_id, club.time_zone, filters)).value()
    finally:
        await engine.dispose()


async def _club_id(conn, guild: int) -> int:
    return await conn.scalar(select(Club.id).where(Club.guild_id == guild))


async def _rollup_rows(url, guild: int) -> int:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            club_id = await _club_id(conn, guild)
            return int(
                await conn.scalar(
                    select(func.count()).select_from(LogRollup).where(LogRollup.club_id == club_id)
                )
            )
    finally:
        await engine.dispose()


async def test_rollup_figures_equal_the_events_after_verdicts_and_a_void(
    storage, storage_url, log  # noqa: F811
):
    """Confirmed, amended and voided rulings: the roll-up's figures are the events' own."""
    from_rollup = await storage.stats(GUILD_A)
    assert from_rollup == await _from_events(storage_url, storage, GUILD_A)
    assert from_rollup.total == 4 and from_rollup.voided == 1  # board sets are no rulings
    assert (from_rollup.reviewed, from_rollup.confirmed) == (3, 1)


async def test_stats_over_part_months_add_the_ends_from_the_events(storage, storage_url, log):  # noqa: F811, E501
    """A range starting mid-January and ending mid-February: the whole months come from the
    roll-up, the part-months from the events, and together they are the events' figures."""
    for since, until in [
        (dt.datetime(2025, 1, 10, 19, 0, 2, tzinfo=UTC), dt.datetime(2025, 2, 6, tzinfo=UTC)),
        (dt.datetime(2025, 1, 1, tzinfo=UTC), dt.datetime(2025, 2, 1, tzinfo=UTC)),
        (None, dt.datetime(2025, 2, 5, 19, 0, 3, tzinfo=UTC)),
        (dt.datetime(2025, 1, 31, tzinfo=UTC), None),
        (dt.datetime(2025, 1, 11, tzinfo=UTC), dt.datetime(2025, 1, 12, tzinfo=UTC)),
    ]:
        f = LogFilter(since=since, until=until)
        assert await storage.stats(GUILD_A, f) == await _from_events(
            storage_url, storage, GUILD_A, f
        ), (since, until)
    january = await storage.stats(
        GUILD_A, LogFilter(since=dt.datetime(2025, 1, 1), until=dt.datetime(2025, 2, 1))
    )
    assert dict(january.per_month) == {"2025-01": 4}


@needs_tzdata
async def test_rollup_is_rebuilt_when_the_club_changes_its_time_zone(
    storage, storage_url, clock  # noqa: F811
):
    """Rulings late on 31 January UTC are February rulings at UTC+14, voids included."""
    clock.set(2025, 1, 31, 12, 0)
    board = await new_board(storage)
    w_sk = await storage.record(GUILD_A, board.id, exposed("W", "SK"))
    await storage.record(GUILD_A, board.id, partner_leads("E"))
    clock.set(2025, 1, 5, 12, 0)
    await storage.confirm(GUILD_A, w_sk.id, DIRECTOR)
    before = await storage.stats(GUILD_A)
    assert dict(before.per_month) == {"2025-01": 2}  # the board set is no ruling
    await storage.update_club(GUILD_A, time_zone="Pacific/Kiritimati")
    after = await storage.stats(GUILD_A)
    assert dict(after.per_month) == {"2025-02": 2}
    assert after == await _from_events(storage_url, storage, GUILD_A)
    assert (after.reviewed, after.confirmed) == (1, 1)
    # recorded after the change: counted in the new zone's month at once
    clock.set(2025, 2, 28, 11, 0)  # 1 March at UTC+14
    await storage.record(GUILD_A, board.id, exposed("W", "HQ"))
    assert dict((await storage.stats(GUILD_A)).per_month) == {"2025-02": 2, "2025-03": 1}
    assert await storage.stats(GUILD_A) == await _from_events(storage_url, storage, GUILD_A)


async def test_deleting_a_clubs_data_deletes_its_rollup_and_no_other(storage, storage_url):
    """Retention: club A's roll-up rows go with its log; club B's figures are untouched."""
    for guild in (GUILD_A, GUILD_B):
        board = await new_board(storage, guild)
        await storage.record(guild, board.id, exposed("W", "SK"))
    b_before = await storage.stats(GUILD_B)
    assert await _rollup_rows(storage_url, GUILD_A) > 0
    await storage.delete_club_data(GUILD_A, keep_settings=True)
    assert await _rollup_rows(storage_url, GUILD_A) == 0
    assert (await storage.stats(GUILD_A)).total == 0
    assert await storage.stats(GUILD_B) == b_before and b_before.total == 1


async def test_a_count_by_law_alone_agrees_with_the_search(storage, log):  # noqa: F811
    """Counting by law only (the event-law index) gives what the filtered search lists, with
    void rulings or without."""
    for law in ("50", "50D", "50D2(a)", "49", "59", "64"):
        page = await storage.search_log(GUILD_A, LogFilter(law=law), limit=100)
        assert await storage.count_log(GUILD_A, LogFilter(law=law)) == len(page.entries), law
    assert await storage.count_log(GUILD_A, LogFilter(law="50")) == 5
    live = LogFilter(law="50", include_void=False)
    assert await storage.count_log(GUILD_A, live) == 4  # w_hq is void
    assert await storage.count_log(GUILD_A, LogFilter(law="50D", include_void=False)) == len(
        (await storage.search_log(GUILD_A, LogFilter(law="50D", include_void=False),
                                  limit=100)).entries
    )


async def test_upgrading_an_existing_log_fills_the_rollup(db_url, clock):  # noqa: F811
    """A log written before the roll-up existed (revision 0004) gets its figures on upgrade."""
    await upgrade_to_head(db_url)
    async with migrated_storage(db_url, upgrade=False) as storage:
        board = await new_board(storage)
        ids = [(await storage.record(GUILD_A, board.id, e)).id
               for e in (exposed("W", "SK"), partner_leads("E"), exposed("W", "HQ"))]
        await storage.confirm(GUILD_A, ids[0], DIRECTOR)
        await storage.void(GUILD_A, ids[2], DIRECTOR)
        expected = await storage.stats(GUILD_A)
    assert expected.total == 2 and expected.voided == 1  # the board set is no ruling
    await downgrade_to(db_url, "0004")
    await upgrade_to_head(db_url)
    async with migrated_storage(db_url, upgrade=False) as storage:
        assert await storage.stats(GUILD_A) == expected
        assert await storage.count_log(GUILD_A, LogFilter(law="50")) == 3  # the void one too


async def _reviewed_rows(url) -> tuple[int, dict[int, int | None]]:
    """The roll-up's reviewed rulings, and each voided event's ``voided_with_id``."""
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            reviewed = await conn.scalar(select(func.sum(LogRollup.reviewed)))
            marks = dict((await conn.execute(
                select(EventRow.id, EventRow.voided_with_id).where(EventRow.void.is_(True))
            )).tuples().all())
            return int(reviewed or 0), marks
    finally:
        await engine.dispose()


async def test_upgrading_counts_a_past_re_ruling_as_one_reviewed(db_url):
    """A log from before revision 0011, whose roll-up counted the rulings a re-ruling carried
    or dropped as reviewed (three for one re-ruling), gets them marked as the bot marks them
    now and its figures counted once on upgrade; a downgrade gives the older count back."""
    async with migrated_storage(db_url) as storage:
        _, recs = await _logged_story(storage)
        await Desk(storage).rerule(GUILD_A, recs[0].id, DIRECTOR, "heart king", {"cards": "HK"})
        expected = await storage.stats(GUILD_A)
    assert expected.reviewed == 1
    reviewed, marks = await _reviewed_rows(db_url)
    assert reviewed == 1 and marks == {recs[0].id: None, recs[1].id: recs[0].id,
                                       recs[2].id: recs[0].id}
    await downgrade_to(db_url, "0010")
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            assert await conn.scalar(select(func.sum(LogRollup.reviewed))) == 3
    finally:
        await engine.dispose()
    await upgrade_to_head(db_url)
    assert await _reviewed_rows(db_url) == (reviewed, marks)
    async with migrated_storage(db_url, upgrade=False) as storage:
        assert await storage.stats(GUILD_A) == expected


async def _logged_story(storage):
    """W drops the ♠K, E is on lead (50D2), declarer forbids spades: three rulings."""
    board = await new_board(storage)
    return board, [await storage.record(GUILD_A, board.id, e) for e in penalty_story()[:3]]


async def _own_verdicts(url) -> tuple[tuple[int, int], dict[int, str | None]]:
    """The roll-up's reviewed and confirmed rulings, and each event's ``own_verdict``."""
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            figures = (await conn.execute(
                select(func.sum(LogRollup.reviewed), func.sum(LogRollup.confirmed)))).one()
            own = dict((await conn.execute(
                select(EventRow.id, EventRow.own_verdict).where(EventRow.is_ruling.is_(True))
            )).tuples().all())
            return (int(figures[0] or 0), int(figures[1] or 0)), own
    finally:
        await engine.dispose()


async def test_upgrading_keeps_a_confirmed_ruling_a_re_ruling_carried_as_reviewed(db_url):
    """A log from before revision 0012: the director confirmed E's 50D2 ruling, then re-ruled
    W's exposure, which carried it. The older roll-up dropped it from reviewed and confirmed;
    the upgrade reads his own verdict back from the verdicts and counts it once (reviewed 2,
    confirmed 1, as the bot counts now); a downgrade gives the older count back."""
    async with migrated_storage(db_url) as storage:
        _, recs = await _logged_story(storage)
        await storage.confirm(GUILD_A, recs[1].id, DIRECTOR)
        await Desk(storage).rerule(GUILD_A, recs[0].id, DIRECTOR, "heart king", {"cards": "HK"})
        expected = await storage.stats(GUILD_A)
    assert (expected.reviewed, expected.confirmed) == (2, 1)
    figures, own = await _own_verdicts(db_url)
    assert figures == (2, 1)
    assert (own[recs[0].id], own[recs[1].id], own[recs[2].id]) == ("amended", "confirmed", None)
    await downgrade_to(db_url, "0011")
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            older = (await conn.execute(
                select(func.sum(LogRollup.reviewed), func.sum(LogRollup.confirmed)))).one()
            assert tuple(older) == (1, 0)
    finally:
        await engine.dispose()
    await upgrade_to_head(db_url)
    assert await _own_verdicts(db_url) == (figures, own)
    async with migrated_storage(db_url, upgrade=False) as storage:
        assert await storage.stats(GUILD_A) == expected
