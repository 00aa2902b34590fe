"""The database schema: SQLAlchemy 2 typed declarative models.

Nothing here leaves :mod:`core.storage`; the service layer turns rows into the frozen values of
:mod:`core.storage.values`. Every row that belongs to a club carries ``club_id`` so that each
query can be scoped to one Discord guild with a single indexed predicate, and so that a club's
data can be deleted without touching anyone else's.

Discord snowflakes (guild, user, role, channel, message and interaction ids) are ``BIGINT``.
Timestamps are stored in UTC (:class:`UTCDateTime`) and always come back timezone-aware.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    TypeDecorator,
    UniqueConstraint,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: Surrogate keys: BIGINT on PostgreSQL; INTEGER on SQLite, where only ``INTEGER PRIMARY KEY``
#: is the autoincrementing rowid.
IdType = BigInteger().with_variant(Integer(), "sqlite")

#: Limits on free text, so a hostile or careless command cannot bloat the log.
NAME_MAX = 100
NOTE_MAX = 2000
SCORE_MAX = 200
SUMMARY_MAX = 1000


class UTCDateTime(TypeDecorator[dt.datetime]):
    """A timezone-aware datetime stored in UTC on every backend.

    SQLite has no time zone type: values are written as naive UTC text (so that text order is
    time order) and read back with ``tzinfo=UTC``; naive values given to a query are taken as UTC.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        value = value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        # a str is a value SQLite returned from an expression, not a column
        stamp: dt.datetime = dt.datetime.fromisoformat(value) if isinstance(value, str) else value
        return stamp.replace(tzinfo=dt.UTC) if stamp.tzinfo is None else stamp.astimezone(dt.UTC)


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def _club_fk() -> Mapped[int]:
    return mapped_column(IdType, ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False)


class Club(Base):
    """One Discord guild and its settings."""

    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger, unique=True)
    director_role_id: Mapped[int | None] = mapped_column(BigInteger)
    log_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC")
    law_edition: Mapped[str] = mapped_column(String(8), default="2017")
    language: Mapped[str] = mapped_column(String(16), default="en")
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    #: When a session ends by itself: after this many hours without a new event; None means
    #: at the start of a new club day (see :func:`core.storage.sessions.session_due`).
    session_gap_hours: Mapped[int | None] = mapped_column(Integer)


class GameSession(Base):
    """A game: one evening's (or afternoon's) play at a club."""

    __tablename__ = "game_sessions"
    __table_args__ = (
        UniqueConstraint("club_id", "date", "name"),
        # an index, not a constraint: SQLite adds it without rebuilding the table
        Index(None, "club_id", "interaction_id", unique=True),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    date: Mapped[dt.date] = mapped_column(Date)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    #: Set when the session is over (a director's /session end, or the session gap): history.
    ended_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    #: When a director said its official scores were published (/session scores-published):
    #: where Law 92B's appeal deadline runs from, when the club's rule says so.
    scores_published_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    #: The ``/session start`` that began it: a redelivered start begins nothing twice.
    interaction_id: Mapped[int | None] = mapped_column(BigInteger)


class TableChannel(Base):
    """A channel or thread bound to a table number, for every session of the club: commands
    typed there need no ``table`` option."""

    __tablename__ = "table_channels"
    __table_args__ = (UniqueConstraint("club_id", "channel_id"),)

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    channel_id: Mapped[int] = mapped_column(BigInteger)
    number: Mapped[int] = mapped_column(Integer)


class Table(Base):
    """A table in a session; ``current_board`` is the board it is playing now."""

    __tablename__ = "tables"
    __table_args__ = (
        UniqueConstraint("session_id", "number"),
        Index(None, "club_id", "session_id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    session_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("game_sessions.id", ondelete="CASCADE")
    )
    number: Mapped[int] = mapped_column(Integer)
    current_board: Mapped[int | None] = mapped_column(Integer)


class Board(Base):
    """A board played at a table, and the snapshot of its table state.

    ``state`` is the fold of the board's non-void events (from an empty table state);
    ``dealer``, ``declarer`` and ``contract`` are copied from it for plain SQL. ``last_seq`` is
    the highest event sequence number, and ``version`` grows with every change of ``state`` (the
    optimistic-concurrency check).
    """

    __tablename__ = "boards"
    __table_args__ = (
        UniqueConstraint("table_id", "number"),
        Index(None, "club_id", "session_id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    session_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("game_sessions.id", ondelete="CASCADE")
    )
    table_id: Mapped[int] = mapped_column(IdType, ForeignKey("tables.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[str | None] = mapped_column(String(1))
    declarer: Mapped[str | None] = mapped_column(String(1))
    contract: Mapped[str | None] = mapped_column(String(16))
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    version: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class SeatBinding(Base):
    """A Discord user sitting at a seat of a table (one seat per user per club)."""

    __tablename__ = "seat_bindings"
    __table_args__ = (
        UniqueConstraint("table_id", "seat"),
        UniqueConstraint("club_id", "user_id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    table_id: Mapped[int] = mapped_column(IdType, ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[str] = mapped_column(String(1))
    user_id: Mapped[int] = mapped_column(BigInteger)
    bound_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class EventRow(Base):
    """One incident or follow-up, append-only: never deleted except with the club's data.

    ``facts`` is the event as :func:`core.engine.event_to_data` gives it, ``ruling`` the ruling
    the engine returned. The session, table and board numbers are copied in so that the ruling
    log filters on one table. ``verdict`` and the columns after it mirror the latest director's
    verdict (the history is in ``verdicts``); ``void`` removes the event from the board's fold.
    """

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("board_id", "seq"),
        UniqueConstraint("club_id", "interaction_id"),
        Index(None, "club_id", "created_at", "id"),
        Index(None, "club_id", "session_id", "table_no", "board_no"),
        Index(None, "club_id", "kind"),
        Index(None, "club_id", "incident"),
        Index(None, "club_id", "actor_id"),
        Index(None, "club_id", "verdict"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    session_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("game_sessions.id", ondelete="CASCADE")
    )
    table_id: Mapped[int] = mapped_column(IdType, ForeignKey("tables.id", ondelete="CASCADE"))
    board_id: Mapped[int] = mapped_column(IdType, ForeignKey("boards.id", ondelete="CASCADE"))
    table_no: Mapped[int] = mapped_column(Integer)
    board_no: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(40))
    incident: Mapped[str] = mapped_column(String(40))
    actor_id: Mapped[int | None] = mapped_column(BigInteger)
    interaction_id: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)
    ruling: Mapped[dict[str, Any]] = mapped_column(JSON)
    summary: Mapped[str] = mapped_column(String(SUMMARY_MAX))
    laws: Mapped[str] = mapped_column(String(200), default="")
    void: Mapped[bool] = mapped_column(Boolean, default=False)
    verdict: Mapped[str | None] = mapped_column(String(16))
    verdict_by: Mapped[int | None] = mapped_column(BigInteger)
    verdict_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    verdict_note: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    adjusted_score: Mapped[str | None] = mapped_column(String(SCORE_MAX))
    #: the edition of the Laws the ruling was made under (see core.editions)
    law_edition: Mapped[str] = mapped_column(String(8), default="2017", server_default="2017")
    #: the ruling this one re-rules with corrected facts (``/ruling amend … facts``)
    amends_id: Mapped[int | None] = mapped_column(IdType)
    #: the ruling a director voided or re-ruled in the step that voided this one with it (a
    #: re-ruling carrying it or finding it no longer applies, "Void them together"): its
    #: verdict came with that one's, no review of its own (:func:`core.storage.rollup.reviewed`)
    voided_with_id: Mapped[int | None] = mapped_column(IdType)
    #: the last verdict a director gave this ruling of its own (``verdict`` less one it took
    #: when voided with another ruling): a ruling he reviewed stays reviewed, once, when a
    #: later re-ruling carries it (:func:`core.storage.rollup.reviewed`)
    own_verdict: Mapped[str | None] = mapped_column(String(16))
    #: a ruling (True) or the table's record (a call in rotation, a plain lead, a board set):
    #: :func:`core.ruling.is_ruling` when the event was written; the log's search, its figures
    #: and "a board with a ruling" filter on it
    is_ruling: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class EventLaw(Base):
    """A law an event's ruling cites, split for filtering by law number.

    ``law_key`` is the citation's parts joined by dots with a trailing dot (``50D2(a)`` →
    ``50.D.2.a.``), so that "Law 50D" is ``law_number = 50 AND law_key LIKE '50.D.%'`` and
    "Law 5" can never match ``50``.
    """

    __tablename__ = "event_laws"
    # event_id last: counting a law's rulings reads this index alone (benchmarks/log.py
    # count_law_50)
    __table_args__ = (Index(None, "club_id", "law_number", "law_key", "event_id"),)

    event_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    law: Mapped[str] = mapped_column(String(20), primary_key=True)
    club_id: Mapped[int] = _club_fk()
    law_number: Mapped[int] = mapped_column(SmallInteger)
    law_key: Mapped[str] = mapped_column(String(24))


class LogRollup(Base):
    """Monthly counts of a club's ruling log, so that ``/log stats`` reads a few hundred rows
    instead of every event (:mod:`core.storage.rollup` keeps it right).

    One row per club, month in the club's time zone (``"2025-03"``), incident kind and law
    number; ``law_number`` 0 is the row counting the rulings themselves (``live`` not void,
    ``voided``, ``reviewed`` by a director, ``confirmed``); a row with a law number counts
    the rulings citing that law (each once), live and voided. Rebuilt when the club's time zone
    changes.
    """

    __tablename__ = "log_rollup"

    club_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    month: Mapped[str] = mapped_column(String(7), primary_key=True)
    incident: Mapped[str] = mapped_column(String(40), primary_key=True)
    law_number: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    live: Mapped[int] = mapped_column(Integer, default=0)
    voided: Mapped[int] = mapped_column(Integer, default=0)
    reviewed: Mapped[int] = mapped_column(Integer, default=0)
    confirmed: Mapped[int] = mapped_column(Integer, default=0)


class VerdictRow(Base):
    """A director's verdict on a logged ruling; append-only history."""

    __tablename__ = "verdicts"
    __table_args__ = (
        Index(None, "club_id", "director_id", "created_at"),
        Index(None, "event_id"),
        UniqueConstraint("club_id", "interaction_id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    event_id: Mapped[int] = mapped_column(IdType, ForeignKey("events.id", ondelete="CASCADE"))
    director_id: Mapped[int] = mapped_column(BigInteger)
    verdict: Mapped[str] = mapped_column(String(16))
    text: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    adjusted_score: Mapped[str | None] = mapped_column(String(SCORE_MAX))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    #: The Discord interaction that gave it: a redelivered command writes nothing twice.
    interaction_id: Mapped[int | None] = mapped_column(BigInteger)


class DirectorCall(Base):
    """A "Call the director" posted in the log channel, and who took it."""

    __tablename__ = "director_calls"
    __table_args__ = (
        Index(None, "club_id", "claimed_by", "created_at"),
        UniqueConstraint("club_id", "interaction_id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    caller_id: Mapped[int] = mapped_column(BigInteger)
    event_id: Mapped[int | None] = mapped_column(
        IdType, ForeignKey("events.id", ondelete="CASCADE"), index=True
    )
    table_id: Mapped[int | None] = mapped_column(
        IdType, ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    board_id: Mapped[int | None] = mapped_column(
        IdType, ForeignKey("boards.id", ondelete="CASCADE"), index=True
    )
    note: Mapped[str] = mapped_column(String(NOTE_MAX), default="")
    channel_id: Mapped[int | None] = mapped_column(BigInteger)
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    claimed_by: Mapped[int | None] = mapped_column(BigInteger)
    claimed_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    #: The Discord interaction that made the call: a redelivered call writes nothing twice.
    interaction_id: Mapped[int | None] = mapped_column(BigInteger)
    #: Where the caller called from, to tell them there when a director takes the call.
    origin_channel_id: Mapped[int | None] = mapped_column(BigInteger)


# The director's desk: edition changes, desk settings, playing directors, private consultations
# and appeals.


class EditionChange(Base):
    """From ``starts_on`` (the club's local date) the club rules under ``edition``."""

    __tablename__ = "edition_changes"
    __table_args__ = (UniqueConstraint("club_id", "starts_on"),)

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    edition: Mapped[str] = mapped_column(String(8))
    starts_on: Mapped[dt.date] = mapped_column(Date)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class DeskSettings(Base):
    """A club's desk settings: the deputy rota (a role) and the appeal deadline."""

    __tablename__ = "desk_settings"

    club_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    deputy_role_id: Mapped[int | None] = mapped_column(BigInteger)
    appeal_minutes: Mapped[int | None] = mapped_column(Integer)
    #: The regulating authority's profile (core.authority): None is the WBF default.
    authority: Mapped[str | None] = mapped_column(String(8))
    #: Where the appeal deadline runs from ("session_end", "scores_published"): None is the
    #: authority's rule.
    appeal_from: Mapped[str | None] = mapped_column(String(16))
    #: "No peeking" (issue 24): every member, not only a playing director, is blind during
    #: the running session to a board he has not played. None is off.
    no_peeking: Mapped[bool | None] = mapped_column(Boolean)


class PlayingDirector(Base):
    """A director who has marked himself playing (he sits at a table of the session)."""

    __tablename__ = "playing_directors"

    club_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    since: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class BoardPlayer(Base):
    """A member seated at a table while it played a board (:mod:`core.storage.played`):
    "played" is counted per member, not per table."""

    __tablename__ = "board_players"
    __table_args__ = (Index(None, "club_id", "user_id"),)

    board_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("boards.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    club_id: Mapped[int] = _club_fk()


class MemberLimit(Base):
    """How often a member has pinged the directors with one kind of command (``call``,
    ``consult``, ``appeal``) in the current window: checked and set in the transaction that
    writes the ping, so concurrent commands cannot all pass the check."""

    __tablename__ = "member_limits"

    club_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    window_start: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    count: Mapped[int] = mapped_column(Integer)


class Consultation(Base):
    """A player's private question to the directors, and the answer (Law 23 and the like)."""

    __tablename__ = "consultations"
    __table_args__ = (
        Index(None, "club_id", "answered_at"),
        UniqueConstraint("club_id", "interaction_id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    board_id: Mapped[int] = mapped_column(IdType, ForeignKey("boards.id", ondelete="CASCADE"))
    table_no: Mapped[int] = mapped_column(Integer)
    board_no: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int | None] = mapped_column(BigInteger)
    question: Mapped[str] = mapped_column(String(NOTE_MAX))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    answer: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    table_note: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    answered_by: Mapped[int | None] = mapped_column(BigInteger)
    answered_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    event_id: Mapped[int | None] = mapped_column(
        IdType, ForeignKey("events.id", ondelete="CASCADE")
    )
    #: The Discord interaction that asked: a redelivered question writes nothing twice.
    interaction_id: Mapped[int | None] = mapped_column(BigInteger)


class Appeal(Base):
    """A player's appeal against a ruling (Law 92), with the answers and the outcome."""

    __tablename__ = "appeals"
    __table_args__ = (
        Index(None, "club_id", "closed_at"),
        Index(None, "event_id"),
        UniqueConstraint("club_id", "interaction_id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    event_id: Mapped[int] = mapped_column(IdType, ForeignKey("events.id", ondelete="CASCADE"))
    appellant_id: Mapped[int] = mapped_column(BigInteger)
    reason: Mapped[str] = mapped_column(String(NOTE_MAX))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    director_answer: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    director_id: Mapped[int | None] = mapped_column(BigInteger)
    committee_answer: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    outcome: Mapped[str | None] = mapped_column(String(16))
    outcome_text: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    closed_by: Mapped[int | None] = mapped_column(BigInteger)
    closed_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    #: The committee (or director) found the appeal without merit (Law 93B3).
    without_merit: Mapped[bool | None] = mapped_column(Boolean)
    #: The Discord interaction that filed it: a redelivered appeal writes nothing twice.
    interaction_id: Mapped[int | None] = mapped_column(BigInteger)


class PendingRerule(Base):
    """A re-ruling on corrected facts a director was shown (the before/after) and has not yet
    confirmed or cancelled: kept here, not in the bot's memory, so his buttons work after a
    restart or on another shard; used once, and only for a few minutes."""

    __tablename__ = "pending_rerules"
    __table_args__ = (Index(None, "club_id", "created_at"),)

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    event_id: Mapped[int] = mapped_column(IdType, ForeignKey("events.id", ondelete="CASCADE"))
    director_id: Mapped[int] = mapped_column(BigInteger)
    text: Mapped[str] = mapped_column(String(NOTE_MAX))
    changes: Mapped[dict[str, str]] = mapped_column(JSON)
    #: director error (Law 82C): the adjusted score as typed, and whether the board was played
    score: Mapped[str | None] = mapped_column(String(SCORE_MAX))
    board_played: Mapped[bool] = mapped_column(Boolean, default=True)
    #: the board as the director saw it: a board that has moved on since is refused
    last_seq: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


#: What deleting a club's data removes (see Storage.delete_club_data): the desk's log rows
#: always, its settings unless the club keeps its settings.
DESK_LOG_MODELS = (PendingRerule, Appeal, Consultation, PlayingDirector, MemberLimit,
                   BoardPlayer)
DESK_SETTINGS_MODELS = (DeskSettings, EditionChange)


class SessionDeal(Base):
    """The deal of a board of a session, from the club's hand records (``/session hands``) or
    entered by a director (``/board deal``): PBN notation from North. Secret until played (see
    :meth:`core.storage.repo.deals.Deals.may_see_deal`). ``solved`` caches the double-dummy table
    and par once computed (:mod:`core.double_dummy`)."""

    __tablename__ = "session_deals"
    __table_args__ = (UniqueConstraint("session_id", "board_no"),)

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    club_id: Mapped[int] = _club_fk()
    session_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("game_sessions.id", ondelete="CASCADE")
    )
    board_no: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(String(80))
    #: ``DoubleDummyTricks`` as the file gave it (20 hex digits), if it did.
    dd_tricks: Mapped[str | None] = mapped_column(String(20))
    solved: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    entered_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
