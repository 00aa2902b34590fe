"""The club's desk settings (deputy rota, appeal deadline) and the edition of the Laws it
rules under, switched from a date without rewriting history."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.authority import APPEAL_FROM, authority
from core.editions import check_edition, edition_on
from core.errors import RuleError
from core.storage import editions
from core.storage.desk.base import DeskBase
from core.storage.desk.values import DeskSettingsInfo, EditionSchedule
from core.storage.errors import NotFound, StorageError
from core.storage.models import DeskSettings, EditionChange, EventRow
from core.storage.repo.base import UNSET
from core.storage.repo.rows import require_club
from core.text import Msg

#: Law 92B's default: an appeal within 30 minutes after the session's scores are available.
DEFAULT_APPEAL_MINUTES = 30
#: How an appeal ends: the ruling stands, the ruling is changed, the score is adjusted, or the
#: appellant withdraws it. ("upheld" is how older rows say "the ruling stands".)
APPEAL_OUTCOMES = ("ruling_stands", "ruling_changed", "score_adjusted", "withdrawn")
OUTCOME_WORDS = {"ruling_stands": "the ruling stands", "upheld": "the ruling stands",
                 "ruling_changed": "the ruling is changed",
                 "score_adjusted": "the score is adjusted", "changed": "the ruling is changed",
                 "withdrawn": "withdrawn"}


class EditionsAndSettings(DeskBase):
    """Editions of the Laws and the desk's settings."""

    # ------------------------------------------------------------------------ editions

    async def edition_schedule(self, guild_id: int) -> EditionSchedule:
        await self._st.club(guild_id)
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            zone, before, changes = await editions.schedule(s, club_id)
        today = edition_on(editions.local_today(zone), changes, before)
        return EditionSchedule(today, before, tuple(changes))

    async def schedule_edition(self, guild_id: int, edition: str, starts_on: dt.date) -> None:
        """From ``starts_on`` the club rules under ``edition``; never a date already past, so
        the edition a ruling was made under is never rewritten."""
        edition = check_edition(edition)
        settings = await self._st.club(guild_id)
        if starts_on < editions.local_today(settings.time_zone):
            raise StorageError(Msg("an edition can change from today or a later date, not earlier"))

        async def work(s: AsyncSession) -> int:
            club_id = await require_club(s, guild_id)
            await s.execute(
                delete(EditionChange).where(
                    EditionChange.club_id == club_id, EditionChange.starts_on == starts_on
                )
            )
            s.add(EditionChange(club_id=club_id, edition=edition, starts_on=starts_on))
            return club_id

        editions.forget(await self._st.tx.write(work))

    async def edition_of(self, guild_id: int, event_id: int) -> str:
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            edition = await s.scalar(
                select(EventRow.law_edition).where(
                    EventRow.club_id == club_id, EventRow.id == event_id
                )
            )
        if edition is None:
            raise NotFound(Msg("there is no ruling #{id}", id=event_id))
        return edition

    # ------------------------------------------------------------------------ settings

    async def settings(self, guild_id: int) -> DeskSettingsInfo:
        await self._st.club(guild_id)
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            row = await s.get(DeskSettings, club_id)
        if row is None:
            profile = authority(None)
            return DeskSettingsInfo(None, DEFAULT_APPEAL_MINUTES, profile.code,
                                    profile.appeal_from)
        minutes = row.appeal_minutes
        profile = authority(row.authority)
        return DeskSettingsInfo(
            row.deputy_role_id, DEFAULT_APPEAL_MINUTES if minutes is None else minutes,
            profile.code, row.appeal_from or profile.appeal_from, bool(row.no_peeking),
        )

    async def update_settings(
        self, guild_id: int, *, deputy_role_id: Any = UNSET, appeal_minutes: Any = UNSET,
        authority_code: Any = UNSET, appeal_from: Any = UNSET, no_peeking: Any = UNSET,
    ) -> DeskSettingsInfo:
        if appeal_minutes is not UNSET and not 0 <= appeal_minutes <= 7 * 24 * 60:
            raise StorageError(Msg("the appeal deadline is between 0 minutes and a week"))
        if appeal_from is not UNSET and appeal_from not in APPEAL_FROM:
            raise StorageError(Msg("the appeal deadline runs from {first} or {second}",
                                   first=APPEAL_FROM[0], second=APPEAL_FROM[1]))
        if authority_code is not UNSET:
            try:
                authority_code = authority(authority_code).code
            except RuleError as exc:
                raise StorageError(*exc.args) from None
        await self._st.club(guild_id)

        async def work(s: AsyncSession) -> None:
            club_id = await require_club(s, guild_id)
            row = await s.get(DeskSettings, club_id, with_for_update=True)
            if row is None:
                row = DeskSettings(club_id=club_id)
                s.add(row)
            if deputy_role_id is not UNSET:
                row.deputy_role_id = deputy_role_id
            if appeal_minutes is not UNSET:
                row.appeal_minutes = appeal_minutes
            if authority_code is not UNSET:
                row.authority = authority_code
            if appeal_from is not UNSET:
                row.appeal_from = appeal_from
            if no_peeking is not UNSET:
                row.no_peeking = bool(no_peeking)

        await self._st.tx.write(work)
        return await self.settings(guild_id)
