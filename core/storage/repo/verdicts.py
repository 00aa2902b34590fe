"""Directors' verdicts on logged rulings: confirm, amend, adjust, void."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.storage import rollup
from core.storage.errors import Conflict, NotFound, StorageError
from core.storage.models import NOTE_MAX, SCORE_MAX, EventRow, VerdictRow, utcnow
from core.storage.repo.base import StorageBase
from core.storage.repo.rows import (
    board_row,
    checked_text,
    fold,
    require_club,
    store_state,
    verdict_value,
)
from core.storage.values import Verdict, VerdictKind
from core.text import Msg


class Verdicts(StorageBase):
    """Directors' verdicts."""

    async def confirm(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        text: str | None = None,
        *,
        interaction_id: int | None = None,
    ) -> Verdict:
        return await self.give_verdict(
            guild_id, event_id, director_id, VerdictKind.CONFIRMED, text, key=interaction_id
        )

    async def amend(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        text: str,
        *,
        interaction_id: int | None = None,
    ) -> Verdict:
        if not text or not text.strip():
            raise StorageError(Msg("say how the ruling is amended"))
        return await self.give_verdict(
            guild_id, event_id, director_id, VerdictKind.AMENDED, text, key=interaction_id
        )

    async def adjust(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        score: str,
        text: str | None = None,
        *,
        interaction_id: int | None = None,
    ) -> Verdict:
        if not score or not score.strip():
            raise StorageError(Msg("give the adjusted score"))
        return await self.give_verdict(
            guild_id,
            event_id,
            director_id,
            VerdictKind.ADJUSTED,
            text,
            score=score,
            key=interaction_id,
        )

    async def void(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        text: str | None = None,
        *,
        interaction_id: int | None = None,
    ) -> Verdict:
        """Mark the event void (it stays in the log) and rebuild its board's state from the
        remaining events. Raises :class:`Conflict` when a later event cannot stand without it."""
        return await self.give_verdict(
            guild_id, event_id, director_id, VerdictKind.VOIDED, text, key=interaction_id
        )

    async def verdicts(self, guild_id: int, event_id: int) -> tuple[Verdict, ...]:
        """Every verdict on an event, oldest first."""
        async with self.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            exists = await s.scalar(
                select(EventRow.id).where(EventRow.club_id == club_id, EventRow.id == event_id)
            )
            if exists is None:
                raise NotFound(Msg("there is no ruling #{id}", id=event_id))
            rows = await s.scalars(
                select(VerdictRow)
                .where(VerdictRow.club_id == club_id, VerdictRow.event_id == event_id)
                .order_by(VerdictRow.id)
            )
            return tuple(verdict_value(r) for r in rows)

    async def give_verdict(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        kind: VerdictKind,
        text: str | None,
        *,
        score: str | None = None,
        key: int | None = None,
    ) -> Verdict:
        """A director's verdict on a ruling (also the desk's, with an adjusted score).

        ``key``: the interaction id; a verdict already given by it is returned, not repeated."""
        text = checked_text(text, NOTE_MAX, "note") if text and text.strip() else None
        score = checked_text(score, SCORE_MAX, "adjusted score") if score else None

        async def work(s: AsyncSession) -> Verdict:
            club_id = await require_club(s, guild_id)
            board_id = await s.scalar(
                select(EventRow.board_id).where(
                    EventRow.club_id == club_id, EventRow.id == event_id
                )
            )
            if board_id is None:
                raise NotFound(Msg("there is no ruling #{id}", id=event_id))
            board = await board_row(s, club_id, board_id, lock=True)
            if key is not None:
                given = await s.scalar(
                    select(VerdictRow).where(
                        VerdictRow.club_id == club_id, VerdictRow.interaction_id == key
                    )
                )
                if given is not None:
                    return verdict_value(given)
            ev = await s.scalar(select(EventRow).where(EventRow.id == event_id))
            assert ev is not None
            if ev.void:
                raise Conflict(Msg("ruling #{id} has been voided", id=event_id))
            if not ev.is_ruling and (kind is not VerdictKind.VOIDED or score is not None):
                # a call in rotation, a plain lead: no ruling to stand by, correct or score (an
                # adjusted score on it would be missing from the log, its figures and export)
                raise Conflict(Msg("#{id} is the table's record, not a ruling: a director may "
                                   "void it, not confirm, amend or adjust it", id=event_id))
            old_own = ev.own_verdict
            now = utcnow()
            if kind is VerdictKind.VOIDED:
                ev.void = True
                await s.flush()
                state = await fold(s, board.id, voiding=ev)
                await store_state(s, board, state)
            ev.verdict = ev.own_verdict = kind.value
            ev.verdict_by = director_id
            ev.verdict_at = now
            if text is not None or kind is not VerdictKind.CONFIRMED:
                ev.verdict_note = text
            if score is not None:
                ev.adjusted_score = score
            row = VerdictRow(
                club_id=club_id,
                event_id=event_id,
                director_id=director_id,
                verdict=kind.value,
                text=text,
                adjusted_score=score,
                created_at=now,
                interaction_id=key,
            )
            s.add(row)
            await s.flush()
            time_zone = await s.scalar(rollup.CLUB_TIME_ZONE_FOR_WRITE, {"club_id": club_id})
            await rollup.verdict_changed(
                s,
                ev,
                time_zone,
                old_own=old_own,
                voiding=kind is VerdictKind.VOIDED,
            )
            return verdict_value(row)

        return await self.tx.write(work)
