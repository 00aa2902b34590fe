"""The director's desk in storage: editions of the Laws, re-ruling with corrected facts,
voiding a ruling with the rulings that depend on it, verdicts that carry a director-error
score (Law 82C), playing directors and their blind boards, private consultations and appeals.

:class:`Desk` wraps the :class:`~core.storage.service.Storage` facade and uses its transactions,
so every write here has the same retries, locks and club scoping as the rest of the log.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.corrected_facts import corrected_event
from core.editions import check_edition, edition_on
from core.engine import apply, event_from_data, event_to_data
from core.laws.consultation import Consultation as ConsultationEvent
from core.state import TableState
from core.storage import editions
from core.storage.desk_models import (
    Appeal,
    Consultation,
    DeskSettings,
    EditionChange,
    PlayingDirector,
)
from core.storage.errors import Conflict, NotFound, StorageError
from core.storage.models import (
    NOTE_MAX,
    SUMMARY_MAX,
    Board,
    EventLaw,
    EventRow,
    GameSession,
    SeatBinding,
    Table,
    VerdictRow,
    utcnow,
)
from core.storage.service import (
    UNSET,
    Storage,
    _board_row,
    _law_values,
    _laws_text,
    _require_club,
    _store_state,
    _text,
)
from core.storage.values import RecordedEvent, Verdict, VerdictKind

#: Law 92B's default: an appeal within 30 minutes after the session's scores are available.
DEFAULT_APPEAL_MINUTES = 30
APPEAL_OUTCOMES = ("upheld", "changed", "withdrawn")


@dataclass(frozen=True)
class EditionSchedule:
    edition_today: str
    before_changes: str
    changes: tuple[tuple[dt.date, str], ...]


@dataclass(frozen=True)
class DeskSettingsInfo:
    deputy_role_id: int | None
    appeal_minutes: int


@dataclass(frozen=True)
class Rerule:
    """A ruling re-ruled with corrected facts: the old one voided, the new one recorded."""

    old_id: int
    new: RecordedEvent
    also_voided: tuple[int, ...]


@dataclass(frozen=True)
class ConsultationInfo:
    id: int
    board_id: int
    table_number: int
    board_number: int
    player_id: int
    channel_id: int | None
    question: str
    created_at: dt.datetime
    answer: str | None
    table_note: str | None
    answered_by: int | None
    event_id: int | None


@dataclass(frozen=True)
class AppealInfo:
    id: int
    event_id: int
    table_number: int
    board_number: int
    appellant_id: int
    reason: str
    created_at: dt.datetime
    director_answer: str | None
    director_id: int | None
    committee_answer: str | None
    outcome: str | None
    outcome_text: str | None
    closed_at: dt.datetime | None


class Desk:
    """The desk's storage operations for one bot (cheap to build per interaction)."""

    def __init__(self, storage: Storage) -> None:
        self._st = storage

    # ------------------------------------------------------------------------ editions

    async def edition_schedule(self, guild_id: int) -> EditionSchedule:
        await self._st.club(guild_id)
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            zone, before, changes = await editions.schedule(s, club_id)
        today = edition_on(editions.local_today(zone), changes, before)
        return EditionSchedule(today, before, tuple(changes))

    async def schedule_edition(self, guild_id: int, edition: str, starts_on: dt.date) -> None:
        """From ``starts_on`` the club rules under ``edition``; never a date already past, so
        the edition a ruling was made under is never rewritten."""
        edition = check_edition(edition)
        settings = await self._st.club(guild_id)
        if starts_on < editions.local_today(settings.time_zone):
            raise StorageError("an edition can change from today or a later date, not earlier")

        async def work(s: AsyncSession) -> int:
            club_id = await _require_club(s, guild_id)
            await s.execute(
                delete(EditionChange).where(
                    EditionChange.club_id == club_id, EditionChange.starts_on == starts_on
                )
            )
            s.add(EditionChange(club_id=club_id, edition=edition, starts_on=starts_on))
            return club_id

        editions.forget(await self._st._write(work))

    async def edition_of(self, guild_id: int, event_id: int) -> str:
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            edition = await s.scalar(
                select(EventRow.law_edition).where(
                    EventRow.club_id == club_id, EventRow.id == event_id
                )
            )
        if edition is None:
            raise NotFound(f"there is no ruling #{event_id}")
        return edition

    # ------------------------------------------------------------------------ settings

    async def settings(self, guild_id: int) -> DeskSettingsInfo:
        await self._st.club(guild_id)
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            row = await s.get(DeskSettings, club_id)
        if row is None:
            return DeskSettingsInfo(None, DEFAULT_APPEAL_MINUTES)
        minutes = row.appeal_minutes
        return DeskSettingsInfo(
            row.deputy_role_id, DEFAULT_APPEAL_MINUTES if minutes is None else minutes
        )

    async def update_settings(
        self, guild_id: int, *, deputy_role_id: Any = UNSET, appeal_minutes: Any = UNSET
    ) -> DeskSettingsInfo:
        if appeal_minutes is not UNSET and not 0 <= appeal_minutes <= 7 * 24 * 60:
            raise StorageError("the appeal deadline is between 0 minutes and a week")
        await self._st.club(guild_id)

        async def work(s: AsyncSession) -> None:
            club_id = await _require_club(s, guild_id)
            row = await s.get(DeskSettings, club_id, with_for_update=True)
            if row is None:
                row = DeskSettings(club_id=club_id)
                s.add(row)
            if deputy_role_id is not UNSET:
                row.deputy_role_id = deputy_role_id
            if appeal_minutes is not UNSET:
                row.appeal_minutes = appeal_minutes

        await self._st._write(work)
        return await self.settings(guild_id)

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
        return await self._st._verdict(guild_id, event_id, director_id, kind, text, score=score)

    # ------------------------------------------------------------------ dependent rulings

    async def dependents(self, guild_id: int, event_id: int) -> tuple[int, ...]:
        """Later rulings on the board that cannot stand once ``event_id`` is void."""
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            ev = await _event_row(s, club_id, event_id)
            _, failed = await _fold_without(s, ev.board_id, {ev.id})
        return failed

    async def void_together(
        self, guild_id: int, event_id: int, director_id: int, text: str | None
    ) -> tuple[int, ...]:
        """Void ``event_id`` and every later ruling that depends on it, in one step; returns
        the dependents voided with it."""
        note = _text(text, NOTE_MAX, "reason") or None

        async def work(s: AsyncSession) -> tuple[int, ...]:
            club_id = await _require_club(s, guild_id)
            ev = await _event_row(s, club_id, event_id, lock_board=True)
            board = await _board_row(s, club_id, ev.board_id, lock=True)
            state, failed = await _fold_without(s, board.id, {ev.id})
            now = utcnow()
            _void(s, club_id, ev, director_id, VerdictKind.VOIDED, note, now)
            for dep_id in failed:
                dep = await _event_row(s, club_id, dep_id)
                _void(s, club_id, dep, director_id, VerdictKind.VOIDED,
                      f"voided with ruling #{event_id}", now)
            await s.flush()
            await _store_state(s, board, state)
            return failed

        return await self._st._write(work, retry_disconnect=False)

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
        body = _text(text, NOTE_MAX, "text")
        if not body:
            raise StorageError("say how the ruling is amended")

        async def work(s: AsyncSession) -> Rerule:
            club_id = await _require_club(s, guild_id)
            old = await _event_row(s, club_id, event_id, lock_board=True)
            if old.kind == "choice":
                raise StorageError("a choice is re-made with its buttons, not amended with facts")
            event, facts = corrected_event(old.facts, changes)
            if facts == old.facts:
                raise StorageError("the corrected facts are the same as the recorded ones")
            board = await _board_row(s, club_id, old.board_id, lock=True)
            state, failed = await _fold_without(s, board.id, {old.id})
            if failed and not with_dependents:
                raise DependentRulings(event_id, failed)
            ruling, new_state = apply(state, event)  # the engine's errors: nothing is written
            now = utcnow()
            for dep_id in failed:
                dep = await _event_row(s, club_id, dep_id)
                _void(s, club_id, dep, director_id, VerdictKind.VOIDED,
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
                laws=_laws_text(dict.fromkeys(ruling.laws)),
                void=False,
                law_edition=await editions.edition_in_force(s, club_id),
                amends_id=old.id,
            )
            s.add(new)
            await s.flush()
            laws = _law_values(club_id, new.id, dict.fromkeys(ruling.laws))
            if laws:
                await s.execute(insert(EventLaw), laws)
            _void(s, club_id, old, director_id, VerdictKind.AMENDED,
                  f"re-ruled as #{new.id}: {body}", now, score=score)
            await s.flush()
            await _store_state(s, board, new_state, last_seq=new.seq)
            recorded = RecordedEvent(
                id=new.id, board_id=board.id, seq=new.seq, event=event, ruling=ruling,
                state=new_state, actor_id=director_id, interaction_id=None, created_at=now,
            )
            return Rerule(old.id, recorded, failed)

        return await self._st._write(work, retry_disconnect=False)

    async def amended_by(self, guild_id: int, event_id: int) -> int | None:
        """The ruling that re-ruled ``event_id``, if any."""
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            return await s.scalar(
                select(EventRow.id).where(
                    EventRow.club_id == club_id, EventRow.amends_id == event_id
                )
            )

    # --------------------------------------------------------------- playing directors

    async def set_playing(self, guild_id: int, user_id: int, playing: bool) -> None:
        async def work(s: AsyncSession) -> None:
            club_id = await _require_club(s, guild_id)
            await s.execute(
                delete(PlayingDirector).where(
                    PlayingDirector.club_id == club_id, PlayingDirector.user_id == user_id
                )
            )
            if playing:
                s.add(PlayingDirector(club_id=club_id, user_id=user_id))

        await self._st._write(work)

    async def playing_directors(self, guild_id: int) -> tuple[int, ...]:
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
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
            if await self.is_blind(guild_id, user_id, session_id, board_number):
                blind.append(user_id)
        return tuple(blind)

    async def is_blind(
        self, guild_id: int, user_id: int, session_id: int, board_number: int
    ) -> bool:
        """True when ``user_id`` is a playing director seated in ``session_id`` who has not
        finished ``board_number`` there (finished: a board he has played at his table, other
        than the one his table is playing now), or a playing director who has left his seat
        (every board of the running session)."""
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            playing = await s.scalar(
                select(PlayingDirector.user_id).where(
                    PlayingDirector.club_id == club_id, PlayingDirector.user_id == user_id
                )
            )
            if playing is None:
                return False
            seat = (
                await s.execute(
                    select(Table.id, Table.session_id, Table.current_board)
                    .join(SeatBinding, SeatBinding.table_id == Table.id)
                    .where(SeatBinding.club_id == club_id, SeatBinding.user_id == user_id)
                )
            ).first()
            if seat is None:  # playing but not seated: what he has played is unknown, so
                latest = await s.scalar(  # every board of the running session is closed to him
                    select(func.max(GameSession.id)).where(GameSession.club_id == club_id)
                )
                return session_id == latest
            if seat.session_id != session_id:
                return False
            played = await s.scalar(
                select(func.count(Board.id)).where(
                    Board.table_id == seat.id, Board.number == board_number
                )
            )
            return not played or seat.current_board == board_number

    # ------------------------------------------------------------------- consultations

    async def consult(
        self, guild_id: int, player_id: int, board_id: int, channel_id: int | None, question: str
    ) -> ConsultationInfo:
        text = _text(question, NOTE_MAX, "question")
        if not text:
            raise StorageError("ask your question")

        async def work(s: AsyncSession) -> ConsultationInfo:
            club_id = await _require_club(s, guild_id)
            board = await _board_row(s, club_id, board_id)
            table_no = await s.scalar(select(Table.number).where(Table.id == board.table_id))
            row = Consultation(
                club_id=club_id, board_id=board.id, table_no=table_no or 0,
                board_no=board.number, player_id=player_id, channel_id=channel_id,
                question=text, created_at=utcnow(),
            )
            s.add(row)
            await s.flush()
            return _consultation_value(row)

        return await self._st._write(work, retry_disconnect=False)

    async def consultation(self, guild_id: int, consultation_id: int) -> ConsultationInfo:
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            return _consultation_value(await _consultation_row(s, club_id, consultation_id))

    async def open_consultations(self, guild_id: int) -> tuple[ConsultationInfo, ...]:
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            rows = await s.scalars(
                select(Consultation)
                .where(Consultation.club_id == club_id, Consultation.answered_at.is_(None))
                .order_by(Consultation.id)
                .limit(25)
            )
            return tuple(_consultation_value(r) for r in rows)

    async def answer(
        self,
        guild_id: int,
        consultation_id: int,
        director_id: int,
        answer: str,
        table_note: str | None,
        laws: Iterable[str] = (),
    ) -> tuple[ConsultationInfo, RecordedEvent]:
        """Record the director's answer in the ruling log (a private entry on the board) and
        on the consultation; a consultation is answered once."""
        reply = _text(answer, NOTE_MAX, "answer")
        note = _text(table_note, NOTE_MAX, "note for the table")
        if not reply:
            raise StorageError("give the answer")
        found = await self.consultation(guild_id, consultation_id)
        if found.answered_by is not None:
            raise Conflict(f"consultation #{consultation_id} is already answered")
        event = ConsultationEvent(found.question, reply, note, tuple(laws))
        recorded = await self._st.record(guild_id, found.board_id, event, actor_id=director_id)

        async def work(s: AsyncSession) -> ConsultationInfo:
            club_id = await _require_club(s, guild_id)
            row = await _consultation_row(s, club_id, consultation_id)
            row.answer, row.table_note = reply, note or None
            row.answered_by, row.answered_at = director_id, utcnow()
            row.event_id = recorded.id
            await s.flush()
            return _consultation_value(row)

        return await self._st._write(work), recorded

    # ------------------------------------------------------------------------ appeals

    async def appeal(
        self, guild_id: int, event_id: int, user_id: int, reason: str,
        *, now: dt.datetime | None = None,
    ) -> AppealInfo:
        """File an appeal against a ruling, within the club's deadline after its session
        ends (a session ends when the club's next session starts)."""
        text = _text(reason, NOTE_MAX, "reason")
        if not text:
            raise StorageError("say why you appeal")
        settings = await self.settings(guild_id)
        now = now or utcnow()

        async def work(s: AsyncSession) -> AppealInfo:
            club_id = await _require_club(s, guild_id)
            ev = await _event_row(s, club_id, event_id)
            if ev.void:
                raise Conflict(f"ruling #{event_id} has been voided: there is nothing to appeal")
            ended = await session_end(s, club_id, ev.session_id)
            if ended is not None:
                deadline = ended + dt.timedelta(minutes=settings.appeal_minutes)
                if now > deadline:
                    raise Conflict(
                        f"the time for appeals on this session ended {settings.appeal_minutes} "
                        "minutes after it ended"
                    )
            row = Appeal(club_id=club_id, event_id=ev.id, appellant_id=user_id, reason=text,
                         created_at=now)
            s.add(row)
            await s.flush()
            return _appeal_value(row, ev)

        return await self._st._write(work, retry_disconnect=False)

    async def answer_appeal(
        self, guild_id: int, appeal_id: int, director_id: int, by: str, text: str
    ) -> AppealInfo:
        """The director's or the committee's answer (``by``), kept with the appeal."""
        body = _text(text, NOTE_MAX, "answer")
        if not body:
            raise StorageError("give the answer")
        if by not in ("director", "committee"):
            raise StorageError("an appeal is answered by the director or the committee")

        async def work(s: AsyncSession) -> AppealInfo:
            club_id = await _require_club(s, guild_id)
            row, ev = await _appeal_row(s, club_id, appeal_id)
            if row.closed_at is not None:
                raise Conflict(f"appeal #{appeal_id} is closed")
            if by == "director":
                row.director_answer, row.director_id = body, director_id
            else:
                row.committee_answer = body
            await s.flush()
            return _appeal_value(row, ev)

        return await self._st._write(work)

    async def decide_appeal(
        self, guild_id: int, appeal_id: int, director_id: int, outcome: str, text: str | None
    ) -> AppealInfo:
        if outcome not in APPEAL_OUTCOMES:
            raise StorageError(f"the outcome is one of {', '.join(APPEAL_OUTCOMES)}")
        note = _text(text, NOTE_MAX, "note") or None

        async def work(s: AsyncSession) -> AppealInfo:
            club_id = await _require_club(s, guild_id)
            row, ev = await _appeal_row(s, club_id, appeal_id)
            if row.closed_at is not None:
                raise Conflict(f"appeal #{appeal_id} is already closed ({row.outcome})")
            row.outcome, row.outcome_text = outcome, note
            row.closed_by, row.closed_at = director_id, utcnow()
            await s.flush()
            return _appeal_value(row, ev)

        return await self._st._write(work)

    async def appeals(
        self, guild_id: int, *, event_id: int | None = None, open_only: bool = False
    ) -> tuple[AppealInfo, ...]:
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            q = (
                select(Appeal, EventRow)
                .join(EventRow, EventRow.id == Appeal.event_id)
                .where(Appeal.club_id == club_id)
                .order_by(Appeal.id)
                .limit(25)
            )
            if event_id is not None:
                q = q.where(Appeal.event_id == event_id)
            if open_only:
                q = q.where(Appeal.closed_at.is_(None))
            return tuple(_appeal_value(a, e) for a, e in await s.execute(q))

    async def appeals_on(
        self, guild_id: int, event_ids: Iterable[int]
    ) -> dict[int, tuple[AppealInfo, ...]]:
        """The appeals against each of ``event_ids`` (for the log's pages), oldest first."""
        ids = list(event_ids)
        if not ids:
            return {}
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            rows = await s.execute(
                select(Appeal, EventRow)
                .join(EventRow, EventRow.id == Appeal.event_id)
                .where(Appeal.club_id == club_id, Appeal.event_id.in_(ids))
                .order_by(Appeal.id)
            )
            found: dict[int, list[AppealInfo]] = {}
            for appeal, ev in rows:
                found.setdefault(appeal.event_id, []).append(_appeal_value(appeal, ev))
        return {k: tuple(v) for k, v in found.items()}

    async def appeal_record(self, guild_id: int, appeal_id: int) -> AppealInfo:
        async with self._st._reading() as s:
            club_id = await _require_club(s, guild_id)
            row, ev = await _appeal_row(s, club_id, appeal_id)
            return _appeal_value(row, ev)


class DependentRulings(Conflict):
    """Voiding (or re-ruling) a ruling would leave later rulings that depend on it."""

    def __init__(self, event_id: int, dependents: tuple[int, ...]) -> None:
        listed = ", ".join(f"#{d}" for d in dependents)
        super().__init__(f"later rulings depend on ruling #{event_id}: {listed}")
        self.event_id = event_id
        self.dependents = dependents


# ---------------------------------------------------------------------------- helpers


async def session_end(s: AsyncSession, club_id: int, session_id: int) -> dt.datetime | None:
    """When a session ended: when the club's next session began (None while it is the
    latest)."""
    started = await s.scalar(select(GameSession.created_at).where(GameSession.id == session_id))
    return await s.scalar(
        select(func.min(GameSession.created_at)).where(
            GameSession.club_id == club_id,
            GameSession.id != session_id,
            GameSession.created_at > started,
        )
    )


async def _event_row(
    s: AsyncSession, club_id: int, event_id: int, *, lock_board: bool = False
) -> EventRow:
    ev = await s.scalar(
        select(EventRow).where(EventRow.club_id == club_id, EventRow.id == event_id)
    )
    if ev is None:
        raise NotFound(f"there is no ruling #{event_id}")
    if lock_board and ev.void:
        raise Conflict(f"ruling #{event_id} has been voided")
    return ev


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


def _void(
    s: AsyncSession, club_id: int, ev: EventRow, director_id: int, kind: VerdictKind,
    text: str | None, now: dt.datetime, *, score: str | None = None,
) -> None:
    ev.void = True
    ev.verdict, ev.verdict_by, ev.verdict_at, ev.verdict_note = kind.value, director_id, now, text
    if score is not None:
        ev.adjusted_score = score
    s.add(VerdictRow(club_id=club_id, event_id=ev.id, director_id=director_id,
                     verdict=kind.value, text=text, adjusted_score=score, created_at=now))


async def _consultation_row(s: AsyncSession, club_id: int, cid: int) -> Consultation:
    row = await s.scalar(
        select(Consultation).where(Consultation.club_id == club_id, Consultation.id == cid)
    )
    if row is None:
        raise NotFound(f"there is no consultation #{cid}")
    return row


def _consultation_value(row: Consultation) -> ConsultationInfo:
    return ConsultationInfo(
        id=row.id, board_id=row.board_id, table_number=row.table_no, board_number=row.board_no,
        player_id=row.player_id, channel_id=row.channel_id, question=row.question,
        created_at=row.created_at, answer=row.answer, table_note=row.table_note,
        answered_by=row.answered_by, event_id=row.event_id,
    )


async def _appeal_row(s: AsyncSession, club_id: int, appeal_id: int) -> tuple[Appeal, EventRow]:
    found = (
        await s.execute(
            select(Appeal, EventRow)
            .join(EventRow, EventRow.id == Appeal.event_id)
            .where(Appeal.club_id == club_id, Appeal.id == appeal_id)
        )
    ).first()
    if found is None:
        raise NotFound(f"there is no appeal #{appeal_id}")
    return found[0], found[1]


def _appeal_value(row: Appeal, ev: EventRow) -> AppealInfo:
    return AppealInfo(
        id=row.id, event_id=row.event_id, table_number=ev.table_no, board_number=ev.board_no,
        appellant_id=row.appellant_id, reason=row.reason, created_at=row.created_at,
        director_answer=row.director_answer, director_id=row.director_id,
        committee_answer=row.committee_answer, outcome=row.outcome,
        outcome_text=row.outcome_text, closed_at=row.closed_at,
    )

