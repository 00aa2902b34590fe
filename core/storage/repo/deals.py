"""The deals of a session's boards (hand records), and who may see one: secret until played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core.deal import Deal, cycle_dealer, cycle_vulnerability, parse_deal
from core.pbn import dd_tricks_text, parse_dd_tricks
from core.storage.models import GameSession, SessionDeal
from core.storage.played import has_played
from core.storage.repo.base import StorageBase
from core.storage.repo.rows import (
    current_or_new_session,
    find_club_id,
    get_or_create_club,
    require_club,
    session_value,
)
from core.storage.values import SessionInfo, StoredDeal


def _stored(row: SessionDeal, ended: bool) -> StoredDeal:
    board = row.board_no
    dd = parse_dd_tricks(row.dd_tricks) if row.dd_tricks else None
    deal = Deal(board, cycle_dealer(board), cycle_vulnerability(board), parse_deal(row.deal), dd)
    return StoredDeal(row.id, row.session_id, ended, deal, row.solved)


class Deals(StorageBase):
    """Hand records per session and board."""

    def deals_seen(self, guild_id: int) -> int:
        """The mark of the club's hand records, taken before a check reads a deal: the write
        the check guards passes it on (``deals_seen``), and in its own transaction finds out
        whether hand records were stored since (:class:`~core.storage.errors.Stale`)."""
        return self._deals.mark(guild_id)

    async def deal_of(self, guild_id: int, session_id: int, board_no: int) -> Deal | None:
        """The deal alone, from the session's deals read once and cached (deals change only
        through :meth:`store_deals`, which forgets them): what the checks on every report
        read. Shards split clubs, so one club's deals are cached in one process only."""
        deals = self._deals.session(guild_id, session_id)
        if deals is None:
            mark = self._deals.mark(guild_id)
            deals = await self._session_deals(guild_id, session_id)
            if self._deals.unchanged(guild_id, mark):  # not kept if a store raced the read
                self._deals.keep(guild_id, session_id, deals)
        return deals.get(board_no)

    async def _session_deals(self, guild_id: int, session_id: int) -> dict[int, Deal]:
        async with self.tx.reading() as s:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return {}
            rows = await s.scalars(
                select(SessionDeal).where(
                    SessionDeal.club_id == club_id, SessionDeal.session_id == session_id
                )
            )
            return {row.board_no: _stored(row, False).deal for row in rows}

    async def store_deals(
        self, guild_id: int, deals: Sequence[Deal], entered_by: int
    ) -> tuple[SessionInfo, tuple[int, ...]]:
        """Keep ``deals`` (already validated) for the session in play, replacing any deal
        already stored for the same boards; returns the session and the boards replaced."""
        now = self.now()

        async def work(s: AsyncSession) -> tuple[SessionInfo, tuple[int, ...]]:
            club = await get_or_create_club(s, guild_id)
            session = await current_or_new_session(s, club, now)
            numbers = [d.board for d in deals]
            replaced = await s.scalars(
                select(SessionDeal.board_no).where(
                    SessionDeal.session_id == session.id, SessionDeal.board_no.in_(numbers)
                )
            )
            replaced_numbers = tuple(sorted(replaced))
            await s.execute(
                delete(SessionDeal).where(
                    SessionDeal.session_id == session.id, SessionDeal.board_no.in_(numbers)
                )
            )
            s.add_all(
                SessionDeal(
                    club_id=club.id,
                    session_id=session.id,
                    board_no=d.board,
                    deal=d.pbn,
                    dd_tricks=dd_tricks_text(dict(d.dd_tricks)) if d.dd_tricks else None,
                    entered_by=entered_by,
                    created_at=now,
                )
                for d in deals
            )
            return session_value(session, guild_id), replaced_numbers

        self._club_cache.sessions_changed(guild_id)
        self._deals.storing(guild_id, begun=True)
        try:
            return await self.tx.write(work)
        finally:
            self._deals.storing(guild_id, begun=False)

    async def session_deal(
        self, guild_id: int, session_id: int, board_no: int
    ) -> StoredDeal | None:
        """The deal of board ``board_no`` of the session, if the club gave it."""
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            found = (
                await s.execute(
                    select(SessionDeal, GameSession.ended_at)
                    .join(GameSession, GameSession.id == SessionDeal.session_id)
                    .where(
                        SessionDeal.club_id == club_id,
                        SessionDeal.session_id == session_id,
                        SessionDeal.board_no == board_no,
                    )
                )
            ).first()
            return None if found is None else _stored(found[0], found[1] is not None)

    async def session_deal_count(self, guild_id: int, session_id: int) -> int:
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            rows = await s.scalars(
                select(SessionDeal.board_no).where(
                    SessionDeal.club_id == club_id, SessionDeal.session_id == session_id
                )
            )
            return len(list(rows))

    async def has_finished_board(
        self, guild_id: int, user_id: int, session_id: int, board_no: int
    ) -> bool:
        """:func:`core.storage.played.has_played`: only then may a player see the board's
        deal."""
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            return await has_played(s, club_id, user_id, session_id, board_no)

    async def save_solved(self, guild_id: int, deal_id: int, solved: dict[str, Any]) -> None:
        """Cache the double-dummy analysis of a stored deal (it never changes with the deal)."""

        async def work(s: AsyncSession) -> None:
            club_id = await require_club(s, guild_id)
            await s.execute(
                update(SessionDeal)
                .where(SessionDeal.club_id == club_id, SessionDeal.id == deal_id)
                .values(solved=solved)
            )

        await self.tx.write(work)
