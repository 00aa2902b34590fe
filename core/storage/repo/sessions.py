"""Sessions: started by a director or by the first command of a club day (or after the club's
session gap), ended with their boards and seats."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import and_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.storage.models import NAME_MAX, Board, Club, GameSession, Table
from core.storage.repo.base import DEFAULT_SESSION_NAME, StorageBase
from core.storage.repo.rows import (
    board_value,
    checked_text,
    clamp_limit,
    close_session,
    current_or_new_session,
    find_club_id,
    fresh_session,
    get_or_create_club,
    latest_session_row,
    require_club,
    session_end,
    session_row,
    session_value,
)
from core.storage.sessions import club_day, session_due
from core.storage.values import BoardInfo, ClubSettings, SessionInfo, SessionStart

#: A director's start within this long after another director's start of the session in play
#: joins that session instead of ending it (two directors starting the evening at once).
JUST_STARTED = dt.timedelta(seconds=30)


class Sessions(StorageBase):
    """The club's sessions."""

    async def start_session(
        self,
        guild_id: int,
        name: str | None = None,
        *,
        date: dt.date | None = None,
        fresh: bool = False,
        interaction_id: int | None = None,
    ) -> SessionInfo:
        """The session of that date and name, created if need be (the date defaults to the
        club day of :attr:`now`). With ``fresh``, as a director's ``/session start``
        (:meth:`begin_session`): the one in play ends, or becomes this one if nothing has been
        played in it yet, and the seats taken that day are kept."""
        name = checked_text(name, NAME_MAX, "session name") or DEFAULT_SESSION_NAME
        now = self.now()

        async def work(s: AsyncSession) -> SessionInfo:
            club = await s.scalar(
                select(Club).where(Club.guild_id == guild_id).with_for_update()
            ) or await get_or_create_club(s, guild_id)
            day = date or club_day(now, club.time_zone)
            if fresh:
                row, _, _ = await fresh_session(s, club, day, name, now)
                return session_value(row, guild_id)
            named = await s.scalar(
                select(GameSession).where(
                    GameSession.club_id == club.id,
                    GameSession.date == day,
                    GameSession.name == name,
                )
            )
            if named is None:
                named = GameSession(club_id=club.id, date=day, name=name, created_at=now)
                s.add(named)
                await s.flush()
            return session_value(named, guild_id)

        self._club_cache.sessions_changed(guild_id)
        return await self.tx.write(work)

    async def begin_session(self, guild_id: int, name: str | None = None) -> SessionStart:
        """A director's ``/session start``, in one transaction: the session in play ends, or
        becomes this one when nothing has been played in it yet; the seats taken that club day
        are kept (:func:`~core.storage.repo.rows.fresh_session`). A repeated start (a
        redelivered command, two directors at once) finds the session it made: one session."""
        name = checked_text(name, NAME_MAX, "session name") or DEFAULT_SESSION_NAME
        now = self.now()

        async def work(s: AsyncSession) -> SessionStart:
            club = await get_or_create_club(s, guild_id)
            row, seats, moved = await fresh_session(s, club, club_day(now, club.time_zone),
                                                    name, now)
            return SessionStart(session_value(row, guild_id), seats, moved)

        self._club_cache.sessions_changed(guild_id)
        return await self.tx.write(work)

    async def end_session(self, guild_id: int) -> tuple[SessionInfo, tuple[BoardInfo, ...]] | None:
        """End the session in play (None if there is none): its boards end with it and its
        seats are freed; the next command starts a new session. Returns the session and the
        boards that were in play (their state as they ended, for the answer)."""
        now = self.now()

        async def work(s: AsyncSession) -> tuple[SessionInfo, tuple[BoardInfo, ...]] | None:
            club_id = await find_club_id(s, guild_id)
            club = await s.get(Club, club_id) if club_id is not None else None
            if club is None:
                return None
            row = await latest_session_row(s, club.id)
            if row is None or row.ended_at is not None:
                return None
            in_play = await s.execute(
                select(Board, Table.number)
                .join(Table, and_(Table.id == Board.table_id, Table.current_board == Board.number))
                .where(Table.session_id == row.id)
                .order_by(Table.number)
            )
            boards = tuple(board_value(b, number) for b, number in in_play)
            # over by the club's gap already: it ended when play stopped, not now
            await close_session(s, row, await session_end(s, club, row, now) or now)
            return session_value(row, guild_id), boards

        self._club_cache.sessions_changed(guild_id)
        return await self.tx.write(work)

    async def live_session(self, guild_id: int) -> SessionInfo:
        """The session in play, started now if the last one ended or the club's session gap
        has passed (see :func:`core.storage.sessions.session_due`)."""
        now = self.now()

        async def work(s: AsyncSession) -> SessionInfo:
            club = await get_or_create_club(s, guild_id)
            return session_value(await current_or_new_session(s, club, now), guild_id)

        found = await self.tx.write(work)
        self._club_cache.session_checked(guild_id, found.id, now)
        return found

    def _session_fresh(
        self,
        guild_id: int,
        club: ClubSettings,
        session_id: int | None,
        created_at: dt.datetime | None,
        ended_at: dt.datetime | None,
    ) -> bool:
        """Whether the club's latest session, as a read found it, is still in play, without
        touching the database (a session-gap club may need the precise check of
        :meth:`live_session`: False does not always mean over)."""
        if session_id is None or created_at is None:
            return False
        now = self.now()
        if club.session_gap_hours and ended_at is None:
            known = self._club_cache.live_session(guild_id)
            if known is not None and known[0] == session_id and now < known[1]:
                return True
            return now - created_at < dt.timedelta(hours=club.session_gap_hours)
        return not session_due(
            now,
            time_zone=club.time_zone,
            gap_hours=None,
            started=created_at,
            last_activity=None,
            ended=ended_at,
        )

    async def current_session(self, guild_id: int) -> SessionInfo | None:
        """The most recently started session, if any."""
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return None
            row = await s.scalar(
                select(GameSession)
                .where(GameSession.club_id == club_id)
                .order_by(GameSession.id.desc())
                .limit(1)
            )
            return session_value(row, guild_id) if row else None

    async def session(self, guild_id: int, session_id: int) -> SessionInfo:
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            return session_value(await session_row(s, club_id, session_id), guild_id)

    async def sessions(self, guild_id: int, *, limit: int = 25) -> tuple[SessionInfo, ...]:
        """The latest sessions, newest first."""
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return ()
            rows = await s.scalars(
                select(GameSession)
                .where(GameSession.club_id == club_id)
                .order_by(GameSession.id.desc())
                .limit(clamp_limit(limit))
            )
            return tuple(session_value(r, guild_id) for r in rows)
