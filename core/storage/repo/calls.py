"""Calls for the director: one open call per table, claimed by exactly one director."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core.storage.errors import Conflict, NotFound
from core.storage.limits import Limit, count_one
from core.storage.models import NOTE_MAX, Board, DirectorCall, EventRow, Table, utcnow
from core.storage.played import blind_spot, shut
from core.storage.repo.base import StorageBase
from core.storage.repo.rows import (
    board_row,
    call_row,
    call_value,
    checked_text,
    clamp_limit,
    find_club_id,
    require_club,
    rowcount,
)
from core.storage.values import DirectorCallInfo, Reader
from core.text import Msg


class Calls(StorageBase):
    """Director calls."""

    async def call_director(
        self,
        guild_id: int,
        caller_id: int,
        *,
        event_id: int | None = None,
        board_id: int | None = None,
        table_id: int | None = None,
        note: str = "",
        interaction_id: int | None = None,
        origin_channel_id: int | None = None,
        limit: Limit | None = None,
    ) -> DirectorCallInfo:
        """Record a call; the table and board default to the event's (or the board's).

        A table has at most one open call: calling again joins it (``joined``), and so does the
        same interaction delivered twice, so directors are pinged once. A new call counts
        against the caller's ``limit`` (:mod:`core.storage.limits`) in the same transaction."""
        note = checked_text(note or "", NOTE_MAX, "note")
        now = self.now()

        async def work(s: AsyncSession) -> DirectorCallInfo:
            club_id = await require_club(s, guild_id)
            if interaction_id is not None:
                made = await s.scalar(
                    select(DirectorCall).where(
                        DirectorCall.club_id == club_id,
                        DirectorCall.interaction_id == interaction_id,
                    )
                )
                if made is not None:
                    return await call_value(s, made, joined=True)
            b_id, t_id = board_id, table_id
            if event_id is not None:
                found = (
                    await s.execute(
                        select(EventRow.board_id, EventRow.table_id).where(
                            EventRow.club_id == club_id, EventRow.id == event_id
                        )
                    )
                ).first()
                if found is None:
                    raise NotFound(Msg("there is no ruling #{id}", id=event_id))
                b_id, t_id = found
            if b_id is not None:
                board = await board_row(s, club_id, b_id)
                t_id = board.table_id
            if t_id is not None:
                ok = await s.scalar(
                    select(Table.id)
                    .where(Table.id == t_id, Table.club_id == club_id)
                    .with_for_update()  # one open call per table, even when two call at once
                )
                if ok is None:
                    raise NotFound(Msg("there is no such table"))
                open_call = await s.scalar(
                    select(DirectorCall)
                    .where(
                        DirectorCall.club_id == club_id,
                        DirectorCall.table_id == t_id,
                        DirectorCall.claimed_by.is_(None),
                    )
                    .order_by(DirectorCall.id)
                    .limit(1)
                )
                if open_call is not None:
                    return await call_value(s, open_call, joined=True)
            if limit is not None:
                await count_one(s, club_id, caller_id, limit, now)
            row = DirectorCall(
                club_id=club_id,
                caller_id=caller_id,
                event_id=event_id,
                table_id=t_id,
                board_id=b_id,
                note=note,
                created_at=utcnow(),
                interaction_id=interaction_id,
                origin_channel_id=origin_channel_id,
            )
            s.add(row)
            await s.flush()
            return await call_value(s, row)

        return await self.tx.write(work)

    async def set_call_message(
        self, guild_id: int, call_id: int, channel_id: int, message_id: int
    ) -> DirectorCallInfo:
        """Remember where the call was posted (so a restart can still edit it)."""

        async def work(s: AsyncSession) -> DirectorCallInfo:
            row = await call_row(s, await require_club(s, guild_id), call_id)
            row.channel_id, row.message_id = channel_id, message_id
            await s.flush()
            return await call_value(s, row)

        return await self.tx.write(work)

    async def claim_call(self, guild_id: int, call_id: int, director_id: int) -> DirectorCallInfo:
        """Take a call. Exactly one director gets it: the result's ``claimed_by`` says who, and
        ``joined`` is true when it was already taken (by him too: a second press is a no-op)."""

        async def work(s: AsyncSession) -> DirectorCallInfo:
            club_id = await require_club(s, guild_id)
            done = await s.execute(
                update(DirectorCall)
                .where(
                    DirectorCall.id == call_id,
                    DirectorCall.club_id == club_id,
                    DirectorCall.claimed_by.is_(None),
                )
                .values(claimed_by=director_id, claimed_at=utcnow())
            )
            row = await call_row(s, club_id, call_id)
            await s.refresh(row)
            return await call_value(s, row, joined=rowcount(done) == 0)

        return await self.tx.write(work)

    async def release_call(
        self, guild_id: int, call_id: int, director_id: int, *, to: int | None = None,
        may_override: bool = False,
    ) -> DirectorCallInfo:
        """Give a taken call back to the queue (``to`` None) or hand it to director ``to``.
        Only the director who has it may, unless ``may_override`` (another director when the
        one who took it is not answering)."""

        async def work(s: AsyncSession) -> DirectorCallInfo:
            club_id = await require_club(s, guild_id)
            row = await s.scalar(
                select(DirectorCall)
                .where(DirectorCall.club_id == club_id, DirectorCall.id == call_id)
                .with_for_update()
            )
            if row is None:
                raise NotFound(Msg("there is no call #{id}", id=call_id))
            if row.claimed_by is None:
                raise Conflict(Msg("call #{id} is not taken: take it with its button", id=call_id))
            if row.claimed_by != director_id and not may_override:
                raise Conflict(Msg("call #{id} is <@{holder}>'s: only he may release or hand "
                                   "it over",
                                   id=call_id, holder=row.claimed_by))
            row.claimed_by = to
            row.claimed_at = utcnow() if to is not None else None
            await s.flush()
            return await call_value(s, row)

        return await self.tx.write(work)

    async def director_call(self, guild_id: int, call_id: int) -> DirectorCallInfo:
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            return await call_value(s, await call_row(s, club_id, call_id))

    async def open_calls(
        self, guild_id: int, *, limit: int = 25, reader: Reader | None = None,
    ) -> tuple[DirectorCallInfo, ...]:
        """Unclaimed calls, oldest first; ``shut`` marks those on a board closed to ``reader``
        (:func:`core.storage.played.shut`: a playing director's board he has not played)."""
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return ()
            rows = (await s.execute(
                select(DirectorCall, Board.session_id)
                .outerjoin(Board, Board.id == DirectorCall.board_id)
                .where(DirectorCall.club_id == club_id, DirectorCall.claimed_by.is_(None))
                .order_by(DirectorCall.created_at, DirectorCall.id)
                .limit(clamp_limit(limit))
            )).all()
            spot = (await blind_spot(s, club_id, reader.user_id, director=reader.director)
                    if reader is not None and rows else None)
            found = []
            for row, session_id in rows:
                call = await call_value(s, row)
                if session_id is not None and call.board_number is not None and shut(
                        spot, (session_id, call.board_number, None)):
                    call = replace(call, shut=True)
                found.append(call)
            return tuple(found)
