"""Playing directors and their blind boards: a board a playing director has not played yet
(and, where the club has ``no_peeking``, any member's)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.storage.desk.base import DeskBase
from core.storage.errors import NotFound
from core.storage.models import PlayingDirector
from core.storage.played import Where, blind_spot, shut
from core.storage.repo.rows import require_club
from core.storage.values import LogEntry


class PlayingDirectors(DeskBase):
    """Who is playing, and which boards are closed to him."""

    # --------------------------------------------------------------- playing directors

    async def set_playing(self, guild_id: int, user_id: int, playing: bool) -> None:
        async def work(s: AsyncSession) -> None:
            club_id = await require_club(s, guild_id)
            await s.execute(
                delete(PlayingDirector).where(
                    PlayingDirector.club_id == club_id, PlayingDirector.user_id == user_id
                )
            )
            if playing:
                s.add(PlayingDirector(club_id=club_id, user_id=user_id))

        await self._st.tx.write(work)

    async def playing_directors(self, guild_id: int) -> tuple[int, ...]:
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            rows = await s.scalars(
                select(PlayingDirector.user_id).where(PlayingDirector.club_id == club_id)
            )
            return tuple(rows)

    async def blind_directors(
        self, guild_id: int, session_id: int, board_number: int
    ) -> tuple[int, ...]:
        """Playing directors who have not yet played ``board_number`` of the session: nothing
        about that board's deal may reach them."""
        blind = []
        for user_id in await self.playing_directors(guild_id):
            if await self.is_blind(guild_id, user_id, session_id, board_number,
                                   director=True):
                blind.append(user_id)
        return tuple(blind)

    async def is_blind(
        self, guild_id: int, user_id: int, session_id: int, board_number: int,
        *, director: bool = False, at_table: int | None = None,
    ) -> bool:
        """True when ``user_id`` is a playing director seated in ``session_id`` who has not
        played ``board_number`` (:func:`core.storage.played.played_boards`: counted per member,
        so a board his new table played before he arrived is still closed to him), or a
        playing director who has left his seat (every board of the running session). Where
        the club has ``no_peeking`` (``/setup no_peeking:True``), the same holds for every
        member who is not a director (``director``: the caller knows the member's roles):
        a director who is not playing is never blind. Seats and boards are the session's (a
        new session starts with every seat free); once ``session_id`` has ended (``/session
        end`` or the next session), none of its boards is closed to anyone. ``at_table``: the
        table where what he asks about happened; a member (not a playing director) seated at
        that very table was there, so it is not closed to him."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            spot = await blind_spot(s, club_id, user_id, director=director)
            return spot is not None and spot.covers(session_id, board_number, at_table)

    async def shut_to(
        self, guild_id: int, user_id: int, where: Where, *, director: bool = False,
    ) -> bool:
        """For a command that takes a number (of a ruling, a consultation, an appeal):
        whether what it names (``where``) is shut to ``user_id``
        (:func:`core.storage.played.shut`, the one rule the lists follow too)."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            spot = await blind_spot(s, club_id, user_id, director=director)
        return shut(spot, where)

    async def ruling_for(
        self, guild_id: int, user_id: int, event_id: int,
        *, director: bool = False, at_table: bool = False,
    ) -> tuple[LogEntry | None, bool]:
        """Ruling ``event_id`` for a command that takes its number, and whether it is shut
        to ``user_id`` (:meth:`shut_to`). ``at_table``: a member (not a playing director)
        seated at the ruling's table was there."""
        try:
            entry: LogEntry | None = await self._st.event(guild_id, event_id)
        except NotFound:
            entry = None
        where = None if entry is None else (
            entry.session_id, entry.board_number, entry.table_id if at_table else None)
        return entry, await self.shut_to(guild_id, user_id, where, director=director)
