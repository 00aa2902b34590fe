"""The ruling log: filters, paging, CSV/JSON export and statistics."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import zoneinfo

import pytest

from core.laws.course import PlayReported
from core.storage import logquery
from core.storage.errors import StorageError
from core.storage.repo import base, boards, calls, rows, tables, verdicts
from core.storage.values import LogFilter, VerdictKind
from tests.core.storage.helpers import (
    DIRECTOR,
    GUILD_A,
    PLAYER,
    chosen,
    exposed,
    new_board,
    partner_leads,
)

P1, P2, P3 = PLAYER, PLAYER + 1, PLAYER + 2
D1, D2 = DIRECTOR, DIRECTOR + 1
UTC = dt.UTC


class Clock:
    """Stands in for the service's clock so that rulings get chosen times."""

    def __init__(self) -> None:
        self.now = dt.datetime(2025, 1, 10, 19, 0, tzinfo=UTC)

    def __call__(self) -> dt.datetime:
        self.now += dt.timedelta(seconds=1)
        return self.now

    def set(self, *args: int) -> None:
        self.now = dt.datetime(*args, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    for module in (base, boards, calls, rows, tables, verdicts):  # every part that dates a row
        monkeypatch.setattr(module, "utcnow", c)
    return c


@pytest.fixture
async def log(storage, clock):
    """A small club log over two sessions and three boards (board_set events included):

    monday  (2025-01-10) table 1 board 1: w_sk (P1), e_lead (P2), choice (P1)
    monday  (2025-01-10) table 2 board 3: e_d4 (P2)
    tuesday (2025-02-05) table 1 board 2: w_hq (P3, voided by D1)
    Verdicts: w_sk confirmed by D1, e_d4 amended by D2, w_hq voided by D1.
    """
    ids: dict[str, int] = {}
    monday = await storage.start_session(GUILD_A, "Monday", date=dt.date(2025, 1, 10))
    t1 = await storage.table(GUILD_A, 1, session_id=monday.id)
    t2 = await storage.table(GUILD_A, 2, session_id=monday.id)
    b1 = await storage.set_board(GUILD_A, t1.id, 1, declarer="S", actor_id=P1)
    ids["set_b1"] = b1.id
    ids["w_sk"] = (await storage.record(GUILD_A, b1.id, exposed("W", "SK"), actor_id=P1)).id
    ids["e_lead"] = (await storage.record(GUILD_A, b1.id, partner_leads("E"), actor_id=P2)).id
    ids["choice"] = (await storage.record(GUILD_A, b1.id, chosen("E", "forbid:S"),
                                          actor_id=P1)).id
    b3 = await storage.set_board(GUILD_A, t2.id, 3, declarer="N", actor_id=P2)
    ids["e_d4"] = (await storage.record(GUILD_A, b3.id, exposed("W", "D4"), actor_id=P2)).id
    clock.set(2025, 2, 5, 19, 0)
    tuesday = await storage.start_session(GUILD_A, "Tuesday", date=dt.date(2025, 2, 5))
    t1b = await storage.table(GUILD_A, 1, session_id=tuesday.id)
    b2 = await storage.set_board(GUILD_A, t1b.id, 2, declarer="S", actor_id=P3)
    ids["w_hq"] = (await storage.record(GUILD_A, b2.id, exposed("W", "HQ"), actor_id=P3)).id
    await storage.confirm(GUILD_A, ids["w_sk"], D1)
    await storage.amend(GUILD_A, ids["e_d4"], D2, "=HYPERLINK(\"http://x\") but minor")
    await storage.void(GUILD_A, ids["w_hq"], D1, "never happened")
    ids["monday"], ids["tuesday"] = monday.id, tuesday.id
    return ids


async def _ids(storage, filters: LogFilter) -> set[int]:
    page = await storage.search_log(GUILD_A, filters, limit=100)
    assert await storage.count_log(GUILD_A, filters) == len(page.entries)
    return {e.id for e in page.entries}


def _named(log, *names: str) -> set[int]:
    return {log[n] for n in names}


async def test_the_whole_log_newest_first(storage, log):
    """Without filters: every ruling of the club, newest first; the table's record (the
    board_set events) only when asked for."""
    page = await storage.search_log(GUILD_A, limit=100)
    assert len(page.entries) == 5 and page.next_cursor is None
    assert not {log["set_b1"]} & {e.id for e in page.entries}
    everything = await storage.search_log(GUILD_A, LogFilter(records=True), limit=100)
    assert len(everything.entries) == 8
    assert {e.kind for e in everything.entries if not e.is_ruling} == {"board_set"}
    times = [e.created_at for e in page.entries]
    assert times == sorted(times, reverse=True)
    newest = page.entries[0]
    assert newest.id == log["w_hq"] and newest.void
    assert (newest.session_name, newest.session_date) == ("Tuesday", dt.date(2025, 2, 5))
    assert (newest.table_number, newest.board_number) == (1, 2)
    assert newest.verdict is VerdictKind.VOIDED and newest.verdict_by == D1


async def test_filter_by_date_range(storage, log):
    """since is inclusive, until exclusive; dates and datetimes both work."""
    feb = dt.datetime(2025, 2, 1, tzinfo=UTC)
    assert await _ids(storage, LogFilter(since=feb)) >= _named(log, "w_hq")
    assert log["w_sk"] not in await _ids(storage, LogFilter(since=feb))
    january = await _ids(storage, LogFilter(since=dt.date(2025, 1, 1), until=dt.date(2025, 2, 1)))
    assert january >= _named(log, "w_sk", "e_lead", "choice", "e_d4")
    assert log["w_hq"] not in january
    assert await _ids(storage, LogFilter(until=dt.datetime(2024, 1, 1))) == set()


async def test_filter_by_session_table_and_board(storage, log):
    """Session, table number and board number narrow the log."""
    monday = LogFilter(session_id=log["monday"])
    assert log["w_hq"] not in await _ids(storage, monday)
    t2 = await _ids(storage, LogFilter(session_id=log["monday"], table=2))
    assert _named(log, "e_d4") == t2
    t2_all = await _ids(storage, LogFilter(session_id=log["monday"], table=2, records=True))
    assert _named(log, "e_d4") <= t2_all and len(t2_all) == 2  # and its board_set
    board1 = await _ids(storage, LogFilter(table=1, board=1))
    assert board1 == _named(log, "w_sk", "e_lead", "choice")
    assert await _ids(storage, LogFilter(board=2, kind="exposure")) == _named(log, "w_hq")


@pytest.mark.parametrize(
    ("law", "expected"),
    [
        ("50", ("w_sk", "e_lead", "choice", "e_d4", "w_hq")),
        ("Law 50", ("w_sk", "e_lead", "choice", "e_d4", "w_hq")),
        ("50D", ("w_sk", "e_lead", "choice", "w_hq")),
        ("50d2", ("e_lead", "choice")),
        ("50D2(a)", ("choice",)),
        ("50D2a", ("choice",)),
        ("50C", ("e_d4",)),
        ("59", ("choice",)),
        ("5", ()),
        ("49", ("w_sk", "e_d4", "w_hq")),
    ],
)
async def test_filter_by_law_uses_citation_prefixes(storage, log, law, expected):
    """'50' matches 50D2(a); '50D' does not match 50C; '5' never matches 50."""
    assert await _ids(storage, LogFilter(law=law)) == _named(log, *expected)


async def test_a_bad_law_filter_is_a_clear_error(storage, log):
    """Something that is not a law reference is refused with an example."""
    with pytest.raises(StorageError, match="not a law reference"):
        await storage.search_log(GUILD_A, LogFilter(law="fifty"))


async def test_filter_by_kind_and_incident(storage, log):
    """The event's kind and the ruling's kind are separate filters."""
    assert await _ids(storage, LogFilter(kind="exposure")) == _named(log, "w_sk", "e_d4", "w_hq")
    assert await _ids(storage, LogFilter(kind="choice")) == _named(log, "choice")
    assert await _ids(storage, LogFilter(incident="lead_choice")) == _named(log, "choice")
    assert await _ids(storage, LogFilter(kind="board_set")) == set()  # the table's record
    assert len(await _ids(storage, LogFilter(kind="board_set", records=True))) == 3


async def test_filter_by_player(storage, log):
    """The player who reported or followed up (the actor)."""
    assert await _ids(storage, LogFilter(actor_id=P1, kind="exposure")) == _named(log, "w_sk")
    assert await _ids(storage, LogFilter(actor_id=P3)) >= _named(log, "w_hq")


async def test_filter_by_director_and_verdict(storage, log):
    """Director: any verdict he gave; verdict: the latest verdict, or 'none'."""
    assert await _ids(storage, LogFilter(director_id=D1)) == _named(log, "w_sk", "w_hq")
    assert await _ids(storage, LogFilter(director_id=D2)) == _named(log, "e_d4")
    assert await _ids(storage, LogFilter(verdict=VerdictKind.CONFIRMED)) == _named(log, "w_sk")
    assert await _ids(storage, LogFilter(verdict="amended")) == _named(log, "e_d4")
    assert await _ids(storage, LogFilter(verdict="voided")) == _named(log, "w_hq")
    unreviewed = await _ids(storage, LogFilter(verdict="none"))
    assert unreviewed == _named(log, "e_lead", "choice")
    with pytest.raises(StorageError):
        await storage.search_log(GUILD_A, LogFilter(verdict="maybe"))


async def test_void_rulings_can_be_left_out(storage, log):
    """include_void=False hides voided rulings."""
    assert log["w_hq"] not in await _ids(storage, LogFilter(include_void=False))


async def test_filters_combine(storage, log):
    """All filters apply together."""
    both = LogFilter(law="50", actor_id=P1, session_id=log["monday"], verdict="none")
    assert await _ids(storage, both) == _named(log, "choice")


async def test_keyset_paging_visits_every_entry_once(storage, clock):
    """25 rulings in pages of 10: 3 pages, newest first, nothing twice, nothing missed — even
    when new rulings arrive between pages."""
    table = await storage.table(GUILD_A, 1)
    board = await storage.set_board(GUILD_A, table.id, 1, declarer="S")
    for rank in "23456789TJQK":
        await storage.record(GUILD_A, board.id, exposed("W", f"C{rank}"))
        await storage.record(GUILD_A, board.id, exposed("E", f"D{rank}"))
    expected = [e.id for e in (await storage.search_log(GUILD_A, limit=100)).entries]
    assert len(expected) == 24  # the board_set is the table's record, not a ruling
    seen, cursor, pages = [], None, 0
    while True:
        page = await storage.search_log(GUILD_A, limit=10, cursor=cursor)
        pages += 1
        seen += [e.id for e in page.entries]
        if pages == 1:  # a new ruling arrives while the director reads page 1
            await storage.record(GUILD_A, board.id, exposed("W", "CA"))
        cursor = page.next_cursor
        if cursor is None:
            break
    assert pages == 3 and seen == expected


async def test_a_garbled_cursor_is_a_clear_error(storage, log):
    """An old or forged page token gives a polite error."""
    with pytest.raises(StorageError, match="expired"):
        await storage.search_log(GUILD_A, cursor="not-a-cursor!")


# --- export -------------------------------------------------------------------------------


async def _text(chunks) -> tuple[str, int]:
    parts = [c async for c in chunks]
    return "".join(parts), len(parts)


async def test_csv_export_has_every_ruling_with_its_fields(storage, log):
    """CSV: a header, one row per ruling oldest first, facts as JSON, verdicts filled in."""
    text, _ = await _text(storage.export_csv(GUILD_A))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 5  # the table's record only when asked for
    text, _ = await _text(storage.export_csv(GUILD_A, LogFilter(records=True)))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 8
    assert [int(r["id"]) for r in rows] == sorted(int(r["id"]) for r in rows)
    w_sk = next(r for r in rows if int(r["id"]) == log["w_sk"])
    assert w_sk["kind"] == "exposure" and w_sk["laws"] == "49 50B 50D"
    assert (w_sk["session"], w_sk["session_date"], w_sk["table"], w_sk["board"]) == (
        "Monday", "2025-01-10", "1", "1")
    assert w_sk["actor_id"] == str(P1)
    assert (w_sk["verdict"], w_sk["verdict_by"]) == ("confirmed", str(D1))
    assert json.loads(w_sk["facts"]) == {"kind": "exposure", "seat": "W", "cards": ["SK"],
                                         "how": "accidental"}
    assert dt.datetime.fromisoformat(w_sk["created_at"]).tzinfo is not None
    hq = next(r for r in rows if int(r["id"]) == log["w_hq"])
    assert (hq["void"], hq["verdict"], hq["verdict_note"]) == ("true", "voided", "never happened")


async def test_csv_export_neutralises_spreadsheet_formulas(storage, log):
    """A note starting with '=' is exported as text, not as a formula."""
    text, _ = await _text(storage.export_csv(GUILD_A, LogFilter(verdict="amended")))
    (row,) = list(csv.DictReader(io.StringIO(text)))
    assert row["verdict_note"].startswith("'=HYPERLINK")


async def test_csv_export_applies_the_filters(storage, log):
    """The export takes the same filters as the search."""
    text, _ = await _text(storage.export_csv(GUILD_A, LogFilter(law="50D2")))
    assert {int(r["id"]) for r in csv.DictReader(io.StringIO(text))} == _named(
        log, "e_lead", "choice")


async def test_json_export_is_one_array_of_rulings(storage, log):
    """JSON: an array of objects with the ruling itself; Discord ids as strings."""
    text, _ = await _text(storage.export_json(GUILD_A))
    data = json.loads(text)
    assert [d["id"] for d in data] == sorted(d["id"] for d in data) and len(data) == 5
    choice = next(d for d in data if d["id"] == log["choice"])
    assert choice["laws"] == ["50D2(a)", "59"]
    assert choice["actor_id"] == str(P1)
    assert choice["ruling"]["kind"] == "lead_choice"
    assert choice["facts"] == {"kind": "choice", "seat": "E", "option": "forbid:S"}
    assert choice["verdict"] is None


async def test_empty_exports_are_still_valid(storage):
    """A guild with no log exports a header-only CSV and an empty JSON array."""
    text, _ = await _text(storage.export_csv(GUILD_A))
    assert text.strip() == ",".join(logquery.CSV_COLUMNS)
    text, _ = await _text(storage.export_json(GUILD_A))
    assert json.loads(text) == []


async def test_exports_come_in_chunks(storage, log):
    """Small chunks give many pieces that join into the same document."""
    whole, n_whole = await _text(storage.export_csv(GUILD_A))
    pieces, n_pieces = await _text(storage.export_csv(GUILD_A, chunk_rows=2))
    assert pieces == whole and n_pieces > n_whole
    whole_j, _ = await _text(storage.export_json(GUILD_A))
    pieces_j, n_j = await _text(storage.export_json(GUILD_A, chunk_rows=3))
    assert json.loads(pieces_j) == json.loads(whole_j) and n_j >= 4


# --- statistics -----------------------------------------------------------------------------


async def test_stats_per_law_month_incident_and_confirmation_rate(storage, log):
    """Voided rulings are left out of the counts, and so are the boards set (they rule on
    nothing); the rate is confirmed / reviewed."""
    stats = await storage.stats(GUILD_A)
    assert stats.total == 4 and stats.voided == 1  # w_sk, e_lead, choice, e_d4
    per_law = dict(stats.per_law)
    assert per_law[50] == 4  # w_sk, e_lead, choice, e_d4 (w_hq is void)
    assert per_law[49] == 2 and per_law[59] == 1
    assert 5 not in per_law
    assert dict(stats.per_month) == {"2025-01": 4}
    assert dict(stats.per_incident)["exposure"] == 2
    assert (stats.reviewed, stats.confirmed) == (3, 1)
    assert stats.confirmation_rate == pytest.approx(1 / 3)


async def test_stats_take_the_log_filters(storage, log):
    """Statistics over one session only."""
    stats = await storage.stats(GUILD_A, LogFilter(session_id=log["tuesday"]))
    assert (stats.total, stats.voided, stats.reviewed) == (0, 1, 1)  # w_hq, void
    assert stats.confirmation_rate == 0.0


async def test_stats_of_an_empty_club(storage):
    """No rulings: zeros and no rate."""
    stats = await storage.stats(GUILD_A)
    assert (stats.total, stats.per_law, stats.confirmation_rate) == (0, (), None)


@pytest.mark.skipif(
    "Pacific/Kiritimati" not in zoneinfo.available_timezones(),
    reason="no time zone database (install tzdata)",
)
async def test_months_are_counted_in_the_club_time_zone(storage, clock):
    """A ruling at 12:00 UTC on 31 January is in February for a club at UTC+14."""
    await storage.update_club(GUILD_A, time_zone="Pacific/Kiritimati")
    clock.set(2025, 1, 31, 12, 0)
    table = await storage.table(GUILD_A, 1)
    board = await storage.set_board(GUILD_A, table.id, 1, declarer="S")
    await storage.record(GUILD_A, board.id, exposed("W", "SK"), actor_id=P1)
    assert dict((await storage.stats(GUILD_A)).per_month) == {"2025-02": 1}
    await storage.update_club(GUILD_A, time_zone="UTC")
    assert dict((await storage.stats(GUILD_A)).per_month) == {"2025-01": 1}


async def test_stats_count_rulings_not_boards_calls_or_board_ends(storage):
    """A board set, ordinary calls and a board ended are not rulings: only the exposure counts."""
    from core.laws.auction_calls import CallMade
    from core.laws.flow import BoardEnded
    from core.seats import Seat

    table = await storage.table(GUILD_A, 1)
    board = await storage.set_board(GUILD_A, table.id, 1, dealer="N")
    for seat, call in (("N", "1H"), ("E", "P")):
        await storage.record(GUILD_A, board.id, CallMade(Seat(seat), call), actor_id=P1)
    await storage.record(GUILD_A, board.id, BoardEnded(), actor_id=P1)
    played = await storage.set_board(GUILD_A, table.id, 2, declarer="S")
    await storage.record(GUILD_A, played.id, exposed("W", "SK"), actor_id=P1)
    stats = await storage.stats(GUILD_A)
    assert stats.total == 1
    assert dict(stats.per_incident) == {"exposure": 1}


async def test_a_reported_trick_is_no_ruling_in_the_stats(storage):
    """/exposed with trick: records the trick first; only the exposure is a ruling."""
    board = await new_board(storage)
    await storage.record(GUILD_A, board.id, PlayReported(trick=4), actor_id=PLAYER)
    await storage.record(GUILD_A, board.id, exposed("W", "SK"), actor_id=PLAYER)
    assert (await storage.stats(GUILD_A)).total == 1
