"""Clubs: their settings (served from the club cache), and deleting a club's data (retention)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.storage import rollup
from core.storage.errors import StorageError
from core.storage.models import (
    DESK_LOG_MODELS,
    DESK_SETTINGS_MODELS,
    Board,
    Club,
    DirectorCall,
    EventLaw,
    EventRow,
    GameSession,
    LogRollup,
    SeatBinding,
    SessionDeal,
    Table,
    TableChannel,
    VerdictRow,
)
from core.storage.repo.base import LANGUAGE, LAW_EDITIONS, UNSET, StorageBase
from core.storage.repo.rows import (
    check_time_zone,
    club_settings,
    club_value,
    find_club_id,
    get_or_create_club,
    rowcount,
)
from core.storage.repo.statements import club_select
from core.storage.values import ClubSettings
from core.text import Msg


class Clubs(StorageBase):
    """Club settings and retention."""

    async def club(self, guild_id: int) -> ClubSettings:
        """The guild's club settings, creating the club with defaults on first use.

        Served from a short-lived per-instance cache (:mod:`core.storage.repo.caches`); a read,
        not a write, when the club exists.
        """
        cached = self._club_cache.get(guild_id)
        if cached is not None:
            return cached[1]
        generation = self._club_cache.generation(guild_id)
        async with self.tx.reading() as s:
            row = (await s.execute(club_select().where(Club.guild_id == guild_id))).first()
        if row is not None:
            settings = club_settings(row)
            self._club_cache.remember(guild_id, row.id, settings, generation)
            return settings

        async def work(s: AsyncSession) -> tuple[int, ClubSettings]:
            club = await get_or_create_club(s, guild_id)
            return club.id, club_value(club)

        club_id, settings = await self.tx.write(work)
        self._club_cache.remember(guild_id, club_id, settings, generation)
        return settings

    async def find_club(self, guild_id: int) -> ClubSettings | None:
        async with self.tx.reading() as s:
            row = await s.scalar(select(Club).where(Club.guild_id == guild_id))
            return club_value(row) if row else None

    async def update_club(
        self,
        guild_id: int,
        *,
        director_role_id: int | None = UNSET,
        log_channel_id: int | None = UNSET,
        time_zone: str = UNSET,
        law_edition: str = UNSET,
        language: str = UNSET,
        session_gap_hours: int | None = UNSET,
    ) -> ClubSettings:
        """Change some settings (``UNSET`` leaves one alone, ``None`` clears a role/channel;
        ``session_gap_hours`` None or 0: a session ends with the club day)."""
        changes: dict[str, Any] = {}
        if session_gap_hours is not UNSET:
            if session_gap_hours is not None and not 0 <= session_gap_hours <= 24 * 14:
                raise StorageError(Msg("the session gap is 0 to 336 hours (0: a new club day)"))
            changes["session_gap_hours"] = session_gap_hours or None
        if director_role_id is not UNSET:
            changes["director_role_id"] = director_role_id
        if log_channel_id is not UNSET:
            changes["log_channel_id"] = log_channel_id
        if time_zone is not UNSET:
            changes["time_zone"] = check_time_zone(time_zone)
        if law_edition is not UNSET:
            if law_edition not in LAW_EDITIONS:
                raise StorageError(Msg("law edition must be one of {editions}",
                                       editions=", ".join(LAW_EDITIONS)))
            changes["law_edition"] = law_edition
        if language is not UNSET:
            if not isinstance(language, str) or not LANGUAGE.match(language):
                raise StorageError(Msg("language must be a language code such as en or fr"))
            changes["language"] = language

        async def work(s: AsyncSession) -> tuple[int, ClubSettings]:
            club = await get_or_create_club(s, guild_id)
            moved = "time_zone" in changes and changes["time_zone"] != club.time_zone
            for name, value in changes.items():
                setattr(club, name, value)
            await s.flush()
            if moved:  # the log's months are the club's: they move with its time zone
                await rollup.rebuild(s, club.id, club.time_zone)
            return club.id, club_value(club)

        self._club_cache.forget(guild_id)
        try:
            club_id, settings = await self.tx.write(work)
        finally:
            self._club_cache.forget(guild_id)
        generation = self._club_cache.generation(guild_id)
        self._club_cache.remember(guild_id, club_id, settings, generation)
        return settings


    async def delete_club_data(
        self, guild_id: int, *, keep_settings: bool = False
    ) -> dict[str, int]:
        """Delete everything stored for this guild (and only this guild); returns the number
        of rows deleted per table. With ``keep_settings`` the club's settings stay."""

        async def work(s: AsyncSession) -> dict[str, int]:
            club_id = await find_club_id(s, guild_id)
            if club_id is None:
                return {}
            deleted: dict[str, int] = {}
            for model in (
                TableChannel,
                LogRollup,
                EventLaw,
                VerdictRow,
                DirectorCall,
                *DESK_LOG_MODELS,
                EventRow,
                SessionDeal,
                SeatBinding,
                Board,
                Table,
                GameSession,
            ):
                result = await s.execute(delete(model).where(model.club_id == club_id))
                deleted[model.__tablename__] = rowcount(result)
            if not keep_settings:
                for settings_model in DESK_SETTINGS_MODELS:
                    result = await s.execute(
                        delete(settings_model).where(settings_model.club_id == club_id)
                    )
                    deleted[settings_model.__tablename__] = rowcount(result)
                result = await s.execute(delete(Club).where(Club.id == club_id))
                deleted[Club.__tablename__] = rowcount(result)
            return deleted

        self._club_cache.forget(guild_id)
        try:
            return await self.tx.write(work)
        finally:
            self._club_cache.forget(guild_id)

