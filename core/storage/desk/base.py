"""What every part of the desk's storage starts from: the Storage facade it wraps, and a
logged event of the club."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.storage.errors import Conflict, NotFound
from core.storage.models import EventRow
from core.storage.service import Storage
from core.text import Msg


class DeskBase:
    """Wraps the :class:`Storage` facade: writes and reads go through its public transactions
    (``storage.tx``, with the same retries and locks), rows through the shared helpers of
    :mod:`core.storage.repo.rows` (club scoping, checks)."""

    def __init__(self, storage: Storage) -> None:
        self._st = storage


async def desk_event_row(
    s: AsyncSession, club_id: int, event_id: int, *, lock_board: bool = False
) -> EventRow:
    ev = await s.scalar(
        select(EventRow).where(EventRow.club_id == club_id, EventRow.id == event_id)
    )
    if ev is None:
        raise NotFound(Msg("there is no ruling #{id}", id=event_id))
    if lock_board and ev.void:
        raise Conflict(Msg("ruling #{id} has been voided", id=event_id))
    return ev

