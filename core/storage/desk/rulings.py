"""Re-ruling on corrected facts, voiding a ruling with those that depend on it, and verdicts
that carry a director-error score (Law 82C)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.corrected_facts import corrected_event
from core.engine import apply, event_from_data, event_to_data
from core.state import TableState
from core.storage import editions, rollup
from core.storage.desk.base import DeskBase, desk_event_row
from core.storage.desk.values import DependentRulings, Rerule
from core.storage.errors import StorageError
from core.storage.models import NOTE_MAX, SUMMARY_MAX, EventLaw, EventRow, VerdictRow, utcnow
from core.storage.repo.rows import (
    board_row,
    checked_text,
    law_values,
    laws_text,
    require_club,
    store_state,
)
from core.storage.values import RecordedEvent, Verdict, VerdictKind


class Rulings(DeskBase):
    """The director's word on logged rulings."""

    # ------------------------------------------------------------- director error (82C)

    async def verdict_with_score(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        kind: VerdictKind,
        text: str | None,
        score: str,
    ) -> Verdict:
        """An amend or void that records an adjusted score with it (Law 82C)."""
        if not score.strip():
            raise StorageError("give the adjusted score")
        return await self._st.give_verdict(guild_id, event_id, director_id, kind, text, score=score)

    # ------------------------------------------------------------------ dependent rulings

    async def dependents(self, guild_id: int, event_id: int) -> tuple[int, ...]:
        """Later rulings on the board that cannot stand once ``event_id`` is void."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            ev = await desk_event_row(s, club_id, event_id)
            _, failed = await _fold_without(s, ev.board_id, {ev.id})
        return failed

    async def void_together(
        self, guild_id: int, event_id: int, director_id: int, text: str | None
    ) -> tuple[int, ...]:
        """Void ``event_id`` and every later ruling that depends on it, in one step; returns
        the dependents voided with it."""
        note = checked_text(text, NOTE_MAX, "reason") or None

        async def work(s: AsyncSession) -> tuple[int, ...]:
            club_id = await require_club(s, guild_id)
            ev = await desk_event_row(s, club_id, event_id, lock_board=True)
            board = await board_row(s, club_id, ev.board_id, lock=True)
            state, failed = await _fold_without(s, board.id, {ev.id})
            now = utcnow()
            await _void(s, club_id, ev, director_id, VerdictKind.VOIDED, note, now)
            for dep_id in failed:
                dep = await desk_event_row(s, club_id, dep_id)
                await _void(s, club_id, dep, director_id, VerdictKind.VOIDED,
                      f"voided with ruling #{event_id}", now)
            await s.flush()
            await store_state(s, board, state)
            return failed

        return await self._st.tx.write(work, retry_disconnect=False)

    # ---------------------------------------------------------------------- re-ruling

    async def rerule(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        text: str,
        changes: dict[str, str],
        *,
        with_dependents: bool = False,
        score: str | None = None,
    ) -> Rerule:
        """Re-rule ``event_id`` on corrected facts in one transaction: the old ruling is voided
        (verdict "amended", linked to the new one), the corrected incident is ruled on and
        recorded as the board's latest event (``amends_id`` names the old one).

        A later ruling that cannot stand without the old one is a :class:`Conflict` unless
        ``with_dependents``, which voids those too.
        """
        body = checked_text(text, NOTE_MAX, "text")
        if not body:
            raise StorageError("say how the ruling is amended")

        async def work(s: AsyncSession) -> Rerule:
            club_id = await require_club(s, guild_id)
            old = await desk_event_row(s, club_id, event_id, lock_board=True)
            if old.kind == "choice":
                raise StorageError("a choice is re-made with its buttons, not amended with facts")
            event, facts = corrected_event(old.facts, changes)
            if facts == old.facts:
                raise StorageError("the corrected facts are the same as the recorded ones")
            board = await board_row(s, club_id, old.board_id, lock=True)
            state, failed = await _fold_without(s, board.id, {old.id})
            if failed and not with_dependents:
                raise DependentRulings(event_id, failed)
            ruling, new_state = apply(state, event)  # the engine's errors: nothing is written
            now = utcnow()
            for dep_id in failed:
                dep = await desk_event_row(s, club_id, dep_id)
                await _void(s, club_id, dep, director_id, VerdictKind.VOIDED,
                      f"voided with ruling #{event_id}", now)
            new = EventRow(
                club_id=club_id,
                session_id=board.session_id,
                table_id=board.table_id,
                board_id=board.id,
                table_no=old.table_no,
                board_no=board.number,
                seq=board.last_seq + 1,
                kind=event.kind[:40],
                incident=(ruling.kind or event.kind)[:40],
                actor_id=director_id,
                created_at=now,
                facts=event_to_data(event),
                ruling=ruling.to_data(),
                summary=ruling.summary[:SUMMARY_MAX],
                laws=laws_text(dict.fromkeys(ruling.laws)),
                void=False,
                law_edition=await editions.edition_in_force(s, club_id),
                amends_id=old.id,
                is_ruling=True,  # a director's decision
            )
            s.add(new)
            await s.flush()
            laws = law_values(club_id, new.id, dict.fromkeys(ruling.laws))
            if laws:
                await s.execute(insert(EventLaw), laws)
            time_zone = await s.scalar(rollup.CLUB_TIME_ZONE_FOR_WRITE, {"club_id": club_id})
            await rollup.add_event(s, club_id, now, time_zone, new.incident,
                                   (row["law_number"] for row in laws))
            await _void(s, club_id, old, director_id, VerdictKind.AMENDED,
                  f"re-ruled as #{new.id}: {body}", now, score=score)
            await s.flush()
            await store_state(s, board, new_state, last_seq=new.seq)
            recorded = RecordedEvent(
                id=new.id, board_id=board.id, seq=new.seq, event=event, ruling=ruling,
                state=new_state, actor_id=director_id, interaction_id=None, created_at=now,
            )
            return Rerule(old.id, recorded, failed)

        return await self._st.tx.write(work, retry_disconnect=False)

    async def amended_by(self, guild_id: int, event_id: int) -> int | None:
        """The ruling that re-ruled ``event_id``, if any."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            return await s.scalar(
                select(EventRow.id).where(
                    EventRow.club_id == club_id, EventRow.amends_id == event_id
                )
            )


async def _fold_without(
    s: AsyncSession, board_id: int, voided: set[int]
) -> tuple[TableState, tuple[int, ...]]:
    """Replay the board's non-void events except ``voided``; an event that no longer stands
    is skipped and named (so are the ones after it that needed it)."""
    rows = await s.execute(
        select(EventRow.id, EventRow.facts)
        .where(EventRow.board_id == board_id, EventRow.void.is_(False))
        .order_by(EventRow.seq)
    )
    state, failed = TableState(), []
    for ev_id, facts in rows:
        if ev_id in voided:
            continue
        try:
            _, state = apply(state, event_from_data(facts))
        except ValueError:
            failed.append(ev_id)
    return state, tuple(failed)


async def _void(
    s: AsyncSession, club_id: int, ev: EventRow, director_id: int, kind: VerdictKind,
    text: str | None, now: dt.datetime, *, score: str | None = None,
) -> None:
    """Mark ``ev`` void with a verdict, and keep the log's monthly roll-up in step."""
    old_verdict = ev.verdict
    ev.void = True
    ev.verdict, ev.verdict_by, ev.verdict_at, ev.verdict_note = kind.value, director_id, now, text
    if score is not None:
        ev.adjusted_score = score
    s.add(VerdictRow(club_id=club_id, event_id=ev.id, director_id=director_id,
                     verdict=kind.value, text=text, adjusted_score=score, created_at=now))
    await s.flush()
    time_zone = await s.scalar(rollup.CLUB_TIME_ZONE_FOR_WRITE, {"club_id": club_id})
    await rollup.verdict_changed(s, ev, time_zone, old_verdict=old_verdict, voiding=True)
