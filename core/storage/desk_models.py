"""Tables of the director's desk: edition changes, desk settings, playing directors, private
consultations and appeals. Imported by :mod:`core.storage.models`, so one metadata holds all."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import BigInteger, Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.storage.models import NOTE_MAX, Base, IdType, UTCDateTime, _club_fk, utcnow


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


class PlayingDirector(Base):
    """A director who has marked himself playing (he sits at a table of the session)."""

    __tablename__ = "playing_directors"

    club_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    since: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class Consultation(Base):
    """A player's private question to the directors, and the answer (Law 23 and the like)."""

    __tablename__ = "consultations"
    __table_args__ = (Index(None, "club_id", "answered_at"),)

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


class Appeal(Base):
    """A player's appeal against a ruling (Law 92), with the answers and the outcome."""

    __tablename__ = "appeals"
    __table_args__ = (Index(None, "club_id", "closed_at"), Index(None, "event_id"))

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


#: What deleting a club's data removes (see Storage.delete_club_data): the desk's log rows
#: always, its settings unless the club keeps its settings.
LOG_MODELS = (Appeal, Consultation, PlayingDirector)
SETTINGS_MODELS = (DeskSettings, EditionChange)
