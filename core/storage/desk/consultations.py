"""Private consultations: a player's question, the director's answer in the log."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core.laws.consultation import Consultation as ConsultationEvent
from core.ruling import law_parts
from core.storage.desk.playing import PlayingDirectors
from core.storage.desk.values import ConsultationInfo
from core.storage.errors import Conflict, NotFound, StorageError
from core.storage.limits import CONSULTATIONS, Limit, count_one
from core.storage.models import NOTE_MAX, Board, Consultation, Table, utcnow
from core.storage.played import blind_spot, shut
from core.storage.repo.rows import (
    board_row,
    checked_text,
    keep_session_end,
    require_club,
    rowcount,
)
from core.storage.values import Reader, RecordedEvent
from core.text import Msg


class Consultations(PlayingDirectors):
    """A player's private questions to the directors."""

    # ------------------------------------------------------------------- consultations

    async def consult(
        self, guild_id: int, player_id: int, board_id: int, channel_id: int | None, question: str,
        *, interaction_id: int | None = None, limit: Limit | None = CONSULTATIONS,
    ) -> ConsultationInfo:
        """A player's question. The same interaction delivered twice writes it once (the
        result says ``repeated``); a new question counts against the player's ``limit`` in
        the same transaction."""
        text = checked_text(question, NOTE_MAX, "question")
        if not text:
            raise StorageError(Msg("ask your question"))
        now = self._st.now()

        async def work(s: AsyncSession) -> ConsultationInfo:
            club_id = await require_club(s, guild_id)
            if interaction_id is not None:
                made = await s.scalar(select(Consultation).where(
                    Consultation.club_id == club_id,
                    Consultation.interaction_id == interaction_id))
                if made is not None:
                    return replace(_consultation_value(made), repeated=True)
            board = await board_row(s, club_id, board_id)
            if limit is not None:
                await count_one(s, club_id, player_id, limit, now)
            table_no = await s.scalar(select(Table.number).where(Table.id == board.table_id))
            row = Consultation(
                club_id=club_id, board_id=board.id, table_no=table_no or 0,
                board_no=board.number, player_id=player_id, channel_id=channel_id,
                question=text, created_at=utcnow(), interaction_id=interaction_id,
            )
            s.add(row)
            await s.flush()
            return _consultation_value(row)

        return await self._st.tx.write(work, retry_disconnect=False)

    async def consultation(self, guild_id: int, consultation_id: int) -> ConsultationInfo:
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            return _consultation_value(await _consultation_row(s, club_id, consultation_id))

    async def consultation_for(
        self, guild_id: int, user_id: int, consultation_id: int,
        *, director: bool = False, own: bool = True,
    ) -> tuple[ConsultationInfo | None, bool]:
        """Consultation ``consultation_id`` (``None``: there is none) for ``user_id``, and
        whether it is shut to him (:meth:`shut_to`, the rule a ruling's number follows).
        ``own``: the player who asked reads his own question (he does not answer it on a
        board closed to him)."""
        try:
            found = await self.consultation(guild_id, consultation_id)
        except NotFound:
            return None, await self.shut_to(guild_id, user_id, None, director=director)
        if own and found.player_id == user_id:
            return found, False
        board = await self._st.board(guild_id, found.board_id)
        return found, await self.shut_to(
            guild_id, user_id, (board.session_id, board.number, board.table_id),
            director=director)

    async def open_consultations(
        self, guild_id: int, *, reader: Reader | None = None,
    ) -> tuple[ConsultationInfo, ...]:
        """The consultations not answered yet; ``shut`` marks those on a board closed to
        ``reader`` (:func:`core.storage.played.shut`, the rule their numbers follow,
        :meth:`consultation_for`; the player who asked reads his own)."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            rows = (await s.execute(
                select(Consultation, Board.session_id, Board.table_id)
                .join(Board, Board.id == Consultation.board_id)
                .where(Consultation.club_id == club_id, Consultation.answered_at.is_(None))
                .order_by(Consultation.id)
                .limit(25)
            )).all()
            spot = (await blind_spot(s, club_id, reader.user_id, director=reader.director)
                    if reader is not None and rows else None)
            return tuple(
                replace(_consultation_value(c), shut=c.player_id != reader.user_id
                        and shut(spot, (session_id, c.board_no, table_id)))
                if reader is not None else _consultation_value(c)
                for c, session_id, table_id in rows)

    async def answer(
        self,
        guild_id: int,
        consultation_id: int,
        director_id: int,
        answer: str,
        table_note: str | None,
        laws: Iterable[str] = (),
        *,
        interaction_id: int | None = None,
    ) -> tuple[ConsultationInfo, RecordedEvent]:
        """Record the director's answer in the ruling log (a private entry on the board) and
        on the consultation; a consultation is answered once. ``interaction_id`` keys the
        entry: a recording whose outcome is unknown (its connection lost) is then repeated and
        finds itself, instead of being reported as "may or may not have been recorded"."""
        reply = checked_text(answer, NOTE_MAX, "answer")
        note = checked_text(table_note, NOTE_MAX, "note for the table")
        if not reply:
            raise StorageError(Msg("give the answer"))
        cited = tuple(laws)
        for law in cited:  # before the claim: a refused citation writes nothing
            law_parts(law, strict=True)
        claimed = await self._claim(guild_id, consultation_id, director_id, reply, note)
        if claimed.repeated:
            recorded = await self._st.recorded(guild_id, claimed.event_id or 0)
            return claimed, recorded
        event = ConsultationEvent(claimed.question, reply, note, cited)
        try:
            # the player asked it: the entry is his (his /log search, his /script); the
            # director who answered is on the consultation (answered_by)
            recorded = await self._st.record(guild_id, claimed.board_id, event,
                                             actor_id=claimed.player_id,
                                             interaction_id=interaction_id)
        except BaseException:
            await self._unclaim(guild_id, consultation_id, director_id)
            raise

        async def work(s: AsyncSession) -> ConsultationInfo:
            club_id = await require_club(s, guild_id)
            row = await _consultation_row(s, club_id, consultation_id)
            row.answer, row.table_note = reply, note or None
            row.answered_at = utcnow()
            row.event_id = recorded.id
            await s.flush()
            return _consultation_value(row)

        return await self._st.tx.write(work), recorded

    async def _claim(
        self, guild_id: int, consultation_id: int, director_id: int, reply: str, note: str
    ) -> ConsultationInfo:
        """Mark the consultation as being answered by ``director_id``, in one statement: of
        two directors answering at once exactly one gets it; the same director's redelivered
        answer finds it done (``repeated``). A session the club's gap has ended is closed
        when its play stopped before the answer is written into its board (a late answer is
        no play: :func:`keep_session_end`)."""
        now, closed = self._st.now(), list[bool]()

        async def work(s: AsyncSession) -> ConsultationInfo:
            club_id = await require_club(s, guild_id)
            done = await s.execute(
                update(Consultation)
                .where(Consultation.club_id == club_id, Consultation.id == consultation_id,
                       Consultation.answered_by.is_(None))
                .values(answered_by=director_id)
            )
            row = await _consultation_row(s, club_id, consultation_id)
            await s.refresh(row)
            if rowcount(done) == 1:
                board = await board_row(s, club_id, row.board_id)
                closed[:] = [await keep_session_end(s, club_id, board.session_id, now)]
                return _consultation_value(row)
            if (row.answered_by == director_id and row.event_id is not None
                    and row.answer == reply and (row.table_note or "") == note):
                return replace(_consultation_value(row), repeated=True)
            if row.answered_by == director_id and row.event_id is None:
                raise Conflict(Msg("you are answering consultation #{id} already",
                                   id=consultation_id))
            raise Conflict(Msg("consultation #{id} is already answered by <@{director}>",
                               id=consultation_id, director=row.answered_by))

        claimed = await self._st.tx.write(work)
        if any(closed):
            self._st.sessions_changed(guild_id)
        return claimed

    async def _unclaim(self, guild_id: int, consultation_id: int, director_id: int) -> None:
        """The answer could not be recorded: the consultation is open again."""

        async def work(s: AsyncSession) -> None:
            club_id = await require_club(s, guild_id)
            await s.execute(
                update(Consultation)
                .where(Consultation.club_id == club_id, Consultation.id == consultation_id,
                       Consultation.answered_by == director_id,
                       Consultation.event_id.is_(None))
                .values(answered_by=None)
            )

        await self._st.tx.write(work)


async def _consultation_row(s: AsyncSession, club_id: int, cid: int) -> Consultation:
    row = await s.scalar(
        select(Consultation).where(Consultation.club_id == club_id, Consultation.id == cid)
    )
    if row is None:
        raise NotFound(Msg("there is no consultation #{id}", id=cid))
    return row


def _consultation_value(row: Consultation) -> ConsultationInfo:
    return ConsultationInfo(
        id=row.id, board_id=row.board_id, table_number=row.table_no, board_number=row.board_no,
        player_id=row.player_id, channel_id=row.channel_id, question=row.question,
        created_at=row.created_at, answer=row.answer, table_note=row.table_note,
        answered_by=row.answered_by, event_id=row.event_id,
    )
