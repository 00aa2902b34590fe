"""Re-ruling on corrected facts, voiding a ruling with those that depend on it, and verdicts
that carry a director-error score (Law 82C)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.corrected_facts import corrected_event
from core.correction import Correction, Logged, correct
from core.engine import Event, event_from_data, event_to_data
from core.ruling import Ruling, is_ruling
from core.storage import editions, rollup
from core.storage.desk.base import DeskBase, desk_event_row
from core.storage.desk.notes import (
    NO_LONGER_APPLIES,
    RE_RULED,
    RECORDED_AGAIN,
    RULED_AGAIN,
    VOIDED_WITH,
    written,
)
from core.storage.desk.values import Rerule, RerulePending, RerulePlan, VoidedTogether
from core.storage.errors import Conflict, StorageError
from core.storage.models import (
    NOTE_MAX,
    SUMMARY_MAX,
    Board,
    EventLaw,
    EventRow,
    PendingRerule,
    Table,
    VerdictRow,
)
from core.storage.repo.rows import (
    board_row,
    checked_text,
    keep_session_end,
    law_values,
    laws_text,
    replay_later,
    replay_without,
    require_club,
    store_state,
)
from core.storage.values import RecordedEvent, Verdict, VerdictKind
from core.text import Msg

#: How long a re-ruling shown to the director waits for his press.
RERULE_WAIT = dt.timedelta(minutes=10)
GONE = Msg("this before/after has expired or was used already: amend again to see the board "
           "as it is now")


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
            raise StorageError(Msg("give the adjusted score"))
        return await self._st.give_verdict(guild_id, event_id, director_id, kind, text, score=score)

    # ------------------------------------------------------------------ dependent rulings

    async def dependents(self, guild_id: int, event_id: int) -> tuple[int, ...]:
        """Later rulings on the board that cannot stand once ``event_id`` is void."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            ev = await desk_event_row(s, club_id, event_id)
            _, dependents = await replay_without(s, ev.board_id, {ev.id})
        return tuple(d.id for d in dependents)

    async def void_together(
        self, guild_id: int, event_id: int, director_id: int, text: str | None
    ) -> VoidedTogether:
        """Void ``event_id`` and every later ruling that depends on it, in one step; returns
        the dependents voided with it and the events recorded again (old, new). A dependent
        that is still the table's record (a lead reported to trick 6, no longer a ruling
        without it) keeps its place in the play: its ruling is voided and the report recorded
        again as a plain one, and the events after it are recorded again after it (as a
        re-ruling carries them), so the board keeps its reported tricks and leads. Each copy
        is linked to the event it replaces (``amends_id``): amending that voided ruling later
        is sent to the copy, never records the report twice."""
        note = checked_text(text, NOTE_MAX, "reason") or None
        now, closed = self._st.now(), list[bool]()

        async def work(s: AsyncSession) -> VoidedTogether:
            club_id = await require_club(s, guild_id)
            ev = await desk_event_row(s, club_id, event_id, lock_board=True)
            board = await board_row(s, club_id, ev.board_id, lock=True)
            state, later = await replay_later(s, board.id, {ev.id})
            failed = tuple(r.id for r in later if r.dependent is not None)
            closed[:] = [await keep_session_end(s, club_id, board.session_id, now)]
            await _void(s, club_id, ev, director_id, VerdictKind.VOIDED, note, now)
            writer, carrying, carried = _Writer(s, club_id, board, now), False, []
            for replayed in later:
                dep = await desk_event_row(s, club_id, replayed.id)
                if replayed.ruling is not None:
                    carrying = carrying or replayed.dependent is not None
                    if not carrying:
                        continue  # before any record kept: it stays where it is
                    # linked to its copy: a later amend of it goes to the copy (a kept
                    # record's script stays void: the copy is no ruling)
                    copy = await writer.add(replayed.event, replayed.ruling, dep.actor_id,
                                            amends=dep.id)
                    carried.append((dep.id, copy.id))
                if replayed.dependent is not None:
                    await _void(s, club_id, dep, director_id, VerdictKind.VOIDED,
                                written(VOIDED_WITH, ruling=event_id), now, with_id=ev.id)
                else:
                    await _void(s, club_id, dep, director_id, VerdictKind.AMENDED,
                                written(RECORDED_AGAIN, copy=copy.id, ruling=event_id), now,
                                with_id=ev.id)
            await s.flush()
            await store_state(s, board, state, last_seq=writer.seq)
            return VoidedTogether(failed, tuple(carried))

        done = await self._st.tx.write(work, retry_disconnect=False)
        if any(closed):
            self._st.sessions_changed(guild_id)
        return done

    # ---------------------------------------------------------------------- re-ruling

    async def preview_rerule(
        self, guild_id: int, event_id: int, changes: dict[str, str]
    ) -> RerulePlan:
        """What :meth:`rerule` would do with these corrected facts, written nowhere: the
        corrected incident's ruling and every later event of the board ruled again after it
        (:func:`core.correction.correct`). The engine's errors for impossible facts."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            old = await desk_event_row(s, club_id, event_id)
            board = await board_row(s, club_id, old.board_id)
            correction = await _correction(s, club_id, old, changes)
            return RerulePlan(correction, board.session_id, old.table_no, board.number,
                              board.last_seq)

    async def offer_rerule(
        self, guild_id: int, plan: RerulePlan, director_id: int, text: str,
        changes: dict[str, str], *, score: str | None = None, board_played: bool = True,
    ) -> int:
        """Keep the re-ruling ``plan`` the director was shown until he confirms or cancels it
        (at most :data:`RERULE_WAIT`), in storage so that his buttons survive a restart or
        reach another shard; the club's expired offers are dropped here. Returns its id."""
        now = self._st.now()

        async def work(s: AsyncSession) -> int:
            club_id = await require_club(s, guild_id)
            await s.execute(delete(PendingRerule).where(
                PendingRerule.club_id == club_id, PendingRerule.created_at < now - RERULE_WAIT))
            row = PendingRerule(
                club_id=club_id, event_id=plan.correction.target.id, director_id=director_id,
                text=text, changes=dict(changes), score=score, board_played=board_played,
                last_seq=plan.last_seq, created_at=now)
            s.add(row)
            await s.flush()
            return row.id

        return await self._st.tx.write(work)

    async def pending_rerule(self, guild_id: int, pending_id: int) -> RerulePending:
        """A re-ruling waiting for its director's press; :class:`Conflict` once it was used,
        cancelled or has expired."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            row = await _pending_row(s, club_id, pending_id, self._st.now())
            return RerulePending(row.id, row.event_id, row.director_id, row.text,
                                 dict(row.changes), row.score, row.board_played, row.last_seq,
                                 row.created_at)

    async def cancel_rerule(self, guild_id: int, pending_id: int) -> None:
        """The director cancels a re-ruling he was shown: it is dropped (nothing else)."""

        async def work(s: AsyncSession) -> None:
            club_id = await require_club(s, guild_id)
            await s.execute(delete(PendingRerule).where(
                PendingRerule.club_id == club_id, PendingRerule.id == pending_id))

        await self._st.tx.write(work)

    async def rerule(
        self,
        guild_id: int,
        event_id: int,
        director_id: int,
        text: str,
        changes: dict[str, str],
        *,
        last_seq: int | None = None,
        score: str | None = None,
        pending_id: int | None = None,
    ) -> Rerule:
        """Re-rule ``event_id`` on corrected facts in one transaction: the corrected incident
        takes its place and every later event of the board is ruled again after it. The old
        ruling is voided (verdict "amended", naming the new one); each later event is voided
        and recorded again after the corrected one (so the board's fold keeps their order), or
        voided with the reason when it no longer applies. A voided ruling can be corrected too.

        ``last_seq``: the board as the director saw the before/after (:meth:`preview_rerule`);
        a board that has moved on since is a :class:`Conflict`, and nothing is written.
        ``pending_id``: the stored offer (:meth:`offer_rerule`) this press confirms, used up in
        the same transaction, so two presses (or two shards) re-rule once.
        """
        body = checked_text(text, NOTE_MAX, "text")
        if not body:
            raise StorageError(Msg("say how the ruling is amended"))
        now, closed = self._st.now(), list[bool]()

        async def work(s: AsyncSession) -> Rerule:
            club_id = await require_club(s, guild_id)
            shown_at = None
            if pending_id is not None:
                offer = await _pending_row(s, club_id, pending_id, now, lock=True)
                shown_at = offer.created_at
                await s.delete(offer)
            old = await desk_event_row(s, club_id, event_id)
            board = await board_row(s, club_id, old.board_id, lock=True)
            # moved on: a report since (last_seq), or a verdict since the offer was shown (a
            # void or a re-ruling adds no report but changes what the director saw)
            if (last_seq is not None and board.last_seq != last_seq) or (
                    shown_at is not None and await s.scalar(
                        select(EventRow.id).where(EventRow.club_id == club_id,
                                                  EventRow.board_id == board.id,
                                                  EventRow.verdict_at >= shown_at).limit(1))):
                raise Conflict(Msg("board {board} has changed since the before/after was shown: "
                                   "amend again to see it as it is now", board=board.number))
            fix = await _correction(s, club_id, old, changes)
            closed[:] = [await keep_session_end(s, club_id, board.session_id, now)]
            writer = _Writer(s, club_id, board, now)
            # a director's decision, in the old incident's place: still the report of whoever
            # made it (his /log search finds the ruling in force); the director's word is the
            # verdict on the old one
            new = await writer.add(fix.event, fix.after, old.actor_id, amends=old.id,
                                   counted=True)
            await _void(s, club_id, old, director_id, VerdictKind.AMENDED,
                        written(RE_RULED, copy=new.id, words=body), now, score=score)
            carried, dropped = [], []
            for redone in fix.later:
                dep = await desk_event_row(s, club_id, redone.id)
                if redone.after is None:
                    dropped.append(redone.id)
                    await _void(s, club_id, dep, director_id, VerdictKind.VOIDED,
                                written(NO_LONGER_APPLIES, ruling=event_id, reason=redone.reason),
                                now, with_id=old.id)
                    continue
                copy = await writer.add(redone.event, redone.after, dep.actor_id,
                                        amends=dep.id)
                carried.append((dep.id, copy.id))
                await _void(s, club_id, dep, director_id, VerdictKind.AMENDED,
                            written(RULED_AGAIN, copy=copy.id, ruling=event_id), now,
                            with_id=old.id)
            await store_state(s, board, fix.state, last_seq=writer.seq)
            recorded = RecordedEvent(
                id=new.id, board_id=board.id, seq=new.seq, event=fix.event, ruling=fix.after,
                state=fix.state, actor_id=old.actor_id, interaction_id=None, created_at=now,
            )
            return Rerule(old.id, recorded, tuple(dropped), tuple(carried))

        done = await self._st.tx.write(work, retry_disconnect=False)
        if any(closed):
            self._st.sessions_changed(guild_id)
        return done

    async def amended_by(self, guild_id: int, event_id: int) -> int | None:
        """The ruling that re-ruled ``event_id``, if any."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            amender = await s.scalar(
                select(EventRow.id).where(
                    EventRow.club_id == club_id, EventRow.amends_id == event_id
                )
            )
            return amender


async def _pending_row(s: AsyncSession, club_id: int, pending_id: int, now: dt.datetime, *,
                       lock: bool = False) -> PendingRerule:
    q = select(PendingRerule).where(PendingRerule.club_id == club_id,
                                    PendingRerule.id == pending_id,
                                    PendingRerule.created_at >= now - RERULE_WAIT)
    row = await s.scalar(q.with_for_update() if lock else q)
    if row is None:
        raise Conflict(GONE)
    return row


async def _correction(
    s: AsyncSession, club_id: int, old: EventRow, changes: dict[str, str]
) -> Correction:
    """The board re-ruled with ``old``'s facts corrected by ``changes``."""
    if old.kind == "choice":
        raise StorageError(Msg("a choice is re-made with its buttons, not amended with facts"))
    if old.void:
        replaced = (await s.execute(
            select(EventRow.id, EventRow.is_ruling).where(
                EventRow.club_id == club_id, EventRow.amends_id == old.id,
                EventRow.void.is_(False))
        )).first()
        if replaced is not None and replaced.is_ruling:
            raise Conflict(Msg("ruling #{id} was re-ruled as #{new}: amend #{new}",
                               id=old.id, new=replaced.id))
        if replaced is not None:  # "Void them together" kept its report of the play
            raise Conflict(Msg("ruling #{id} was voided and its report recorded again as "
                               "#{new}: amend #{new}", id=old.id, new=replaced.id))
    event, facts = corrected_event(old.facts, changes)
    if facts == old.facts:
        raise StorageError(Msg("the corrected facts are the same as the recorded ones"))
    rows = await s.execute(
        select(EventRow.id, EventRow.facts, EventRow.ruling, EventRow.void)
        .where(EventRow.board_id == old.board_id)
        .order_by(EventRow.seq)
    )
    history = [Logged(i, event_from_data(f), Ruling.from_data(r), bool(v))
               for i, f, r, v in rows]
    return correct(history, old.id, event)


class _Writer:
    """Appends re-ruled events to a board (locked) in one transaction: the event row, its law
    index and the monthly roll-up, as :meth:`Storage.record` writes them."""

    def __init__(self, s: AsyncSession, club_id: int, board: Board, now: dt.datetime) -> None:
        self.s, self.club_id, self.board, self.now = s, club_id, board, now
        self.seq = board.last_seq

    async def add(self, event: Event, ruling: Ruling, actor_id: int | None, *,
                  amends: int | None,
                  counted: bool | None = None) -> EventRow:
        s, club_id = self.s, self.club_id
        counted = is_ruling(event.kind, ruling) if counted is None else counted
        self.seq += 1
        row = EventRow(
            club_id=club_id, session_id=self.board.session_id, table_id=self.board.table_id,
            board_id=self.board.id,
            table_no=await s.scalar(select(Table.number).where(Table.id == self.board.table_id)),
            board_no=self.board.number, seq=self.seq, kind=event.kind[:40],
            incident=(ruling.kind or event.kind)[:40], actor_id=actor_id, created_at=self.now,
            facts=event_to_data(event), ruling=ruling.to_data(),
            summary=str(ruling.summary)[:SUMMARY_MAX], laws=laws_text(dict.fromkeys(ruling.laws)),
            void=False, law_edition=await editions.edition_in_force(s, club_id),
            amends_id=amends, is_ruling=counted,
        )
        s.add(row)
        await s.flush()
        if counted:
            laws = law_values(club_id, row.id, dict.fromkeys(ruling.laws))
            if laws:
                await s.execute(insert(EventLaw), laws)
            time_zone = await s.scalar(rollup.CLUB_TIME_ZONE_FOR_WRITE, {"club_id": club_id})
            await rollup.add_event(s, club_id, self.now, time_zone, row.incident,
                                   (law["law_number"] for law in laws))
        return row


async def _void(
    s: AsyncSession, club_id: int, ev: EventRow, director_id: int, kind: VerdictKind,
    text: str | None, now: dt.datetime, *, score: str | None = None, with_id: int | None = None,
) -> None:
    """Mark ``ev`` void with a verdict, and keep the log's monthly roll-up in step (a ruling
    voided already, corrected later, only gets the verdict). ``with_id``: the ruling the
    director voided or re-ruled, which takes ``ev`` with it (no review of its own)."""
    old_own = ev.own_verdict
    voiding = not ev.void
    ev.void = True
    ev.verdict, ev.verdict_by, ev.verdict_at, ev.verdict_note = kind.value, director_id, now, text
    ev.voided_with_id = with_id
    if with_id is None:  # his own verdict; one taken with another ruling keeps his review
        ev.own_verdict = kind.value
    if score is not None:
        ev.adjusted_score = score
    s.add(VerdictRow(club_id=club_id, event_id=ev.id, director_id=director_id,
                     verdict=kind.value, text=text, adjusted_score=score, created_at=now))
    await s.flush()
    time_zone = await s.scalar(rollup.CLUB_TIME_ZONE_FOR_WRITE, {"club_id": club_id})
    await rollup.verdict_changed(s, ev, time_zone, old_own=old_own, voiding=voiding)
