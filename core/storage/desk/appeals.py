"""Appeals against rulings (Law 92): within the club's deadline, with the answers and the
outcome kept with the ruling."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.authority import SCORES_PUBLISHED, deadline_words
from core.storage.desk.base import desk_event_row
from core.storage.desk.playing import PlayingDirectors
from core.storage.desk.settings import APPEAL_OUTCOMES, EditionsAndSettings
from core.storage.desk.values import AppealInfo, ScoresPublished
from core.storage.errors import Conflict, NotFound, StorageError
from core.storage.limits import APPEALS, Limit, count_one
from core.storage.models import (
    NOTE_MAX,
    Appeal,
    BoardPlayer,
    Club,
    EventRow,
    GameSession,
    utcnow,
)
from core.storage.played import blind_spot, has_played, shut
from core.storage.repo.rows import (
    checked_text,
    close_session,
    require_club,
    session_end,
    session_over,
)
from core.storage.values import BlindSpot, Reader
from core.text import Msg, Text


class Appeals(EditionsAndSettings, PlayingDirectors):
    """Appeals, filed within the club's deadline."""

    # ------------------------------------------------------------------------ appeals

    async def appeal(
        self, guild_id: int, event_id: int, user_id: int, reason: str,
        *, now: dt.datetime | None = None, interaction_id: int | None = None,
        limit: Limit | None = APPEALS, director: bool = False,
    ) -> AppealInfo:
        """File an appeal against a ruling. Only a contestant who sat at the ruling's table
        for its board, or a director, may (Law 92A). The deadline (Law 92B) is the club's
        rule: ``appeal_minutes`` after the session ended (``/session end``, or, over by the
        club's gap, when its play stopped: :func:`~core.storage.repo.rows.session_end`), or
        after its scores were published (``/session scores-published``), as the club's setting
        or its regulating authority says; until then appeals are open. The same interaction
        delivered twice files it once (``repeated``); a new appeal counts against the member's
        ``limit`` in the same transaction."""
        text = checked_text(reason, NOTE_MAX, "reason")
        if not text:
            raise StorageError(Msg("say why you appeal"))
        settings = await self.settings(guild_id)
        now = now or self._st.now()

        async def work(s: AsyncSession) -> AppealInfo:
            club_id = await require_club(s, guild_id)
            if interaction_id is not None:
                made = (await s.execute(
                    select(Appeal, EventRow).join(EventRow, EventRow.id == Appeal.event_id)
                    .where(Appeal.club_id == club_id, Appeal.interaction_id == interaction_id)
                )).first()
                if made is not None:
                    return replace(_appeal_value(made[0], made[1]), repeated=True)
            ev = await desk_event_row(s, club_id, event_id)
            if ev.void:
                raise Conflict(Msg("ruling #{id} has been voided: there is nothing to appeal",
                                   id=event_id))
            if not ev.is_ruling:  # the table's record (a call in rotation, a plain lead)
                raise Conflict(Msg("#{id} is the table's record, not a ruling: there is nothing "
                                   "to appeal", id=event_id))
            if not director and not await _sat_for(s, club_id, ev, user_id):
                raise Conflict(
                    Msg("only the players at table {table} for board {board} (or a director) "
                        "may appeal this ruling (Law 92A)", table=ev.table_no, board=ev.board_no)
                )
            session = await s.get(GameSession, ev.session_id)
            club = await s.get(Club, club_id)
            start = None
            if session is not None and club is not None:
                start = (session.scores_published_at if settings.appeal_from == SCORES_PUBLISHED
                         else await session_end(s, club, session, now))
            if start is not None:
                deadline = start + dt.timedelta(minutes=settings.appeal_minutes)
                if now > deadline:
                    raise Conflict(
                        Msg("the time for appeals on this session is over: the club accepts them "
                            "{deadline}",
                            deadline=deadline_words(settings.appeal_from,
                                                    settings.appeal_minutes))
                    )
            if limit is not None:
                await count_one(s, club_id, user_id, limit, now)
            row = Appeal(club_id=club_id, event_id=ev.id, appellant_id=user_id, reason=text,
                         created_at=now, interaction_id=interaction_id)
            s.add(row)
            await s.flush()
            return _appeal_value(row, ev)

        return await self._st.tx.write(work, retry_disconnect=False)

    async def publish_scores(
        self, guild_id: int, session_id: int | None = None
    ) -> ScoresPublished:
        """Session ``session_id``'s official scores (default: the latest session's) are
        published now, where the appeal deadline runs from under the "scores_published" rule
        (Law 92B); a session still being played is refused. Published already: the first
        time is kept and said (``repeated``)."""
        now = self._st.now()

        async def work(s: AsyncSession) -> ScoresPublished:
            club_id = await require_club(s, guild_id)
            q = select(GameSession).where(GameSession.club_id == club_id)
            if session_id is None:
                q = q.order_by(GameSession.id.desc()).limit(1)
            else:
                q = q.where(GameSession.id == session_id)
            session = await s.scalar(q.with_for_update())
            if session is None:
                raise NotFound(Msg("this club has no session yet") if session_id is None
                               else Msg("there is no such session"))
            if session.ended_at is None:  # official scores come after play (92B's period)
                club = await s.get(Club, club_id)
                assert club is not None
                ended = await session_end(s, club, session, now)
                if ended is None:
                    raise Conflict(Msg("session {id} is still being played: its scores can be "
                                       "published once it has ended (/{cmd[session end]})",
                                       id=session.id))
                await close_session(s, session, ended)  # over by the club's gap
            if session.scores_published_at is not None:
                return ScoresPublished(session.id, session.scores_published_at, repeated=True)
            session.scores_published_at = now
            await s.flush()
            return ScoresPublished(session.id, now)

        return await self._st.tx.write(work)

    async def answer_appeal(
        self, guild_id: int, appeal_id: int, director_id: int, by: str, text: str
    ) -> AppealInfo:
        """The director's or the committee's answer (``by``), kept with the appeal."""
        body = checked_text(text, NOTE_MAX, "answer")
        if not body:
            raise StorageError(Msg("give the answer"))
        if by not in ("director", "committee"):
            raise StorageError(Msg("an appeal is answered by the director or the committee"))

        async def work(s: AsyncSession) -> AppealInfo:
            club_id = await require_club(s, guild_id)
            row, ev = await _appeal_row(s, club_id, appeal_id)
            if row.closed_at is not None:
                raise Conflict(Msg("appeal #{id} is closed", id=appeal_id))
            if by == "director":
                row.director_answer, row.director_id = body, director_id
            else:
                row.committee_answer = body
            await s.flush()
            return _appeal_value(row, ev)

        return await self._st.tx.write(work)

    async def decide_appeal(
        self, guild_id: int, appeal_id: int, director_id: int, outcome: str, text: str | None,
        *, without_merit: bool = False,
    ) -> AppealInfo:
        """Close an appeal with its outcome; "without merit" only when the ruling stands. The
        same decision made again (a redelivered command) changes nothing. ``hidden``: the
        session is not over, so a public answer leaves out the reasons and answers."""
        if outcome not in APPEAL_OUTCOMES:
            raise StorageError(Msg("the outcome is one of {outcomes}",
                                   outcomes=", ".join(APPEAL_OUTCOMES)))
        if without_merit and outcome != "ruling_stands":
            raise StorageError(Msg("an appeal is found without merit only when the ruling stands"))
        note = checked_text(text, NOTE_MAX, "note") or None

        async def work(s: AsyncSession) -> AppealInfo:
            club_id = await require_club(s, guild_id)
            row, ev = await _appeal_row(s, club_id, appeal_id)
            # the outcome is posted in the open: until the session is over (its deals open
            # to all), what was written about the board is not
            hidden = not await session_over(s, club_id, ev.session_id, self._st.now())
            if row.closed_at is not None:
                if (row.outcome, row.closed_by, row.outcome_text, bool(row.without_merit)) == (
                        outcome, director_id, note, without_merit):
                    return replace(_appeal_value(row, ev, hidden=hidden), repeated=True)
                raise Conflict(Msg("appeal #{id} is already closed ({outcome})", id=appeal_id,
                                   outcome=_outcome_words(row.outcome)))
            row.outcome, row.outcome_text = outcome, note
            row.without_merit = without_merit
            row.closed_by, row.closed_at = director_id, utcnow()
            await s.flush()
            return _appeal_value(row, ev, hidden=hidden)

        return await self._st.tx.write(work)

    async def appeals(
        self, guild_id: int, *, event_id: int | None = None, open_only: bool = False,
        reader: Reader | None = None,
    ) -> tuple[AppealInfo, ...]:
        """The appeals (``hidden`` marks those whose reasons and answers ``reader`` may not
        read: :func:`hidden_from`; ``shut`` those on a board closed to him, by the rule a
        number follows, :func:`core.storage.played.shut`: what happened at his own table is
        open to him, as to ``/appeal list ruling:``; his own appeal always is)."""
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
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
            found = (await s.execute(q)).all()
            spot = (await blind_spot(s, club_id, reader.user_id, director=reader.director)
                    if reader is not None and found else None)
            values = []
            for a, e in found:
                hidden = reader is not None and await hidden_from(s, club_id, a, e, reader, spot)
                closed = (reader is not None and a.appellant_id != reader.user_id
                          and shut(spot, (e.session_id, e.board_no, e.table_id)))
                values.append(replace(_appeal_value(a, e, hidden=hidden or closed),
                                      shut=closed))
            return tuple(values)

    async def appeals_on(
        self, guild_id: int, event_ids: Iterable[int]
    ) -> dict[int, tuple[AppealInfo, ...]]:
        """The appeals against each of ``event_ids`` (for the log's pages), oldest first."""
        ids = list(event_ids)
        if not ids:
            return {}
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
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
        async with self._st.tx.reading() as s:
            club_id = await require_club(s, guild_id)
            row, ev = await _appeal_row(s, club_id, appeal_id)
            return _appeal_value(row, ev)

    async def appeal_for(
        self, guild_id: int, user_id: int, appeal_id: int, *, director: bool = False,
    ) -> tuple[AppealInfo | None, bool]:
        """Appeal ``appeal_id`` (``None``: there is none) for ``user_id``, and whether it is
        shut to him (:meth:`shut_to`, the rule a ruling's number follows: as the ruling it is
        against is)."""
        try:
            found = await self.appeal_record(guild_id, appeal_id)
        except NotFound:
            return None, await self.shut_to(guild_id, user_id, None, director=director)
        return found, await self.shut_to(
            guild_id, user_id, (found.session_id, found.board_number, None), director=director)


async def _appeal_row(s: AsyncSession, club_id: int, appeal_id: int) -> tuple[Appeal, EventRow]:
    found = (
        await s.execute(
            select(Appeal, EventRow)
            .join(EventRow, EventRow.id == Appeal.event_id)
            .where(Appeal.club_id == club_id, Appeal.id == appeal_id)
        )
    ).first()
    if found is None:
        raise NotFound(Msg("there is no appeal #{id}", id=appeal_id))
    return found[0], found[1]


#: An appeal's outcome in words (as :data:`~core.storage.desk.settings.OUTCOME_WORDS` says it).
CLOSED_AS = {"ruling_stands": Msg("the ruling stands"), "upheld": Msg("the ruling stands"),
             "ruling_changed": Msg("the ruling is changed"),
             "changed": Msg("the ruling is changed"),
             "score_adjusted": Msg("the score is adjusted"), "withdrawn": Msg("withdrawn")}


def _outcome_words(outcome: str | None) -> Text:
    return CLOSED_AS.get(outcome or "", outcome or "")


async def hidden_from(
    s: AsyncSession, club_id: int, appeal: Appeal, ev: EventRow, reader: Reader,
    spot: BlindSpot | None,
) -> bool:
    """Whether ``reader`` may not read an appeal's reasons and answers: a player typed them,
    and they may tell what he holds (what partner holds is unauthorized information, 16B). So
    they are as secret as the board's deal: a member who is not a director reads them once he
    has played the board (:func:`core.storage.played.has_played`) or the session is over, a
    director at once, unless the board is closed to him (``spot``:
    :func:`core.storage.played.blind_spot`); whoever filed the appeal always reads his own."""
    if appeal.appellant_id == reader.user_id:
        return False
    if spot is not None and spot.covers(ev.session_id, ev.board_no):
        return True
    if reader.director:
        return False
    return not await has_played(s, club_id, reader.user_id, ev.session_id, ev.board_no)


def _appeal_value(row: Appeal, ev: EventRow, *, hidden: bool = False) -> AppealInfo:
    return AppealInfo(
        id=row.id, event_id=row.event_id, table_number=ev.table_no, board_number=ev.board_no,
        appellant_id=row.appellant_id, reason=row.reason, created_at=row.created_at,
        director_answer=row.director_answer, director_id=row.director_id,
        committee_answer=row.committee_answer, outcome=row.outcome,
        outcome_text=row.outcome_text, closed_at=row.closed_at,
        session_id=ev.session_id, without_merit=bool(row.without_merit), hidden=hidden,
    )


async def _sat_for(s: AsyncSession, club_id: int, ev: EventRow, user_id: int) -> bool:
    """Whether ``user_id`` sat at the ruling's table while its board was played there (the
    board's players, written down per member): one who sat down after it ended is no
    contestant on it (92A)."""
    sat = await s.scalar(
        select(BoardPlayer.user_id).where(BoardPlayer.board_id == ev.board_id,
                                          BoardPlayer.user_id == user_id)
    )
    return sat is not None
