"""Builders shared by the storage tests: boards and real engine events."""

from __future__ import annotations

from core.cards import parse_card
from core.engine import ChoiceMade, Event, event_from_data, replay
from core.laws.exposure import Exposure, How
from core.laws.flow import BoardEnded, CardPlayed, LeadLost
from core.laws.penalty import PartnerLead
from core.seats import Seat
from core.state import TableState
from core.storage.service import Storage
from core.storage.values import BoardInfo, LogEntry

GUILD_A = 111_111_111_111_111_111
GUILD_B = 222_222_222_222_222_222
PLAYER = 333_333_333_333_333_333
DIRECTOR = 444_444_444_444_444_444


async def new_board(
    storage: Storage,
    guild: int = GUILD_A,
    *,
    table: int = 1,
    board: int = 1,
    declarer: str | None = "S",
    dealer: str | None = "N",
    contract: str | None = "4H",
) -> BoardInfo:
    """A board in play at a table of the guild's current session."""
    t = await storage.table(guild, table)
    return await storage.set_board(
        guild, t.id, board, dealer=dealer, declarer=declarer, contract=contract
    )


def exposed(seat: str, *cards: str, deliberate: bool = False) -> Exposure:
    how = How.DELIBERATE if deliberate else How.ACCIDENTAL
    return Exposure(Seat(seat), tuple(parse_card(c) for c in cards), how)


def played(seat: str, card: str) -> CardPlayed:
    return CardPlayed(Seat(seat), parse_card(card))


def partner_leads(seat: str) -> PartnerLead:
    return PartnerLead(Seat(seat))


def chosen(seat: str, option: str) -> ChoiceMade:
    return ChoiceMade(Seat(seat), option)


def lead_lost(seat: str) -> LeadLost:
    return LeadLost(Seat(seat))


def board_ended() -> BoardEnded:
    return BoardEnded()


def penalty_story() -> list[Event]:
    """West drops the ♠K; East is to lead; declarer forbids spades; play goes on."""
    return [
        exposed("W", "SK"),
        partner_leads("E"),
        chosen("E", "forbid:S"),
        played("E", "HA"),
        played("S", "H2"),
        played("W", "H3"),
        lead_lost("E"),
    ]


def fold(entries: list[LogEntry] | tuple[LogEntry, ...]) -> TableState:
    """The engine's own fold of logged events (void ones left out)."""
    return replay(event_from_data(e.facts) for e in sorted(entries, key=lambda e: e.seq)
                  if not e.void)


def trace_loop(storage: Storage) -> list[str]:
    """The first two words of every statement SQLite runs on the loop's own connections from
    now on, whichever way it was sent (SQLAlchemy's or ``sqlite3`` directly): ``sqlite3``'s own
    trace callback, on connections opened again for it."""
    from sqlalchemy import event

    loop = storage.tx.loop
    assert loop is not None
    sent: list[str] = []

    def traced(dbapi_connection: object, _record: object) -> None:
        dbapi_connection.set_trace_callback(  # type: ignore[attr-defined]
            lambda sql: sent.append(" ".join(sql.split()[:2])))

    event.listen(loop.engine, "connect", traced)
    loop.close()  # its kept connections open again, traced
    return sent
