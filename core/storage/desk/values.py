"""The plain values the desk's storage returns."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from core.correction import Correction
from core.storage.values import RecordedEvent


@dataclass(frozen=True)
class EditionSchedule:
    edition_today: str
    before_changes: str
    changes: tuple[tuple[dt.date, str], ...]


@dataclass(frozen=True)
class DeskSettingsInfo:
    deputy_role_id: int | None
    appeal_minutes: int
    authority: str = "WBF"  # the regulating authority's profile (core.authority)
    appeal_from: str = "scores_published"  # in force: the club's rule, else the authority's
    no_peeking: bool = False  # every member is blind to a board he has not played (issue 24)


@dataclass(frozen=True)
class ScoresPublished:
    """A session's official scores published (``/session scores-published``, Law 92B):
    ``repeated`` when they had been already, ``at`` then the first time (the deadline stays)."""

    session_id: int
    at: dt.datetime
    repeated: bool = False


@dataclass(frozen=True)
class Rerule:
    """A ruling re-ruled with corrected facts: the old one voided, the new one recorded, and
    the board's later events ruled again after it: ``carried`` pairs each old event with its
    re-ruled copy; ``also_voided`` are those that no longer apply."""

    old_id: int
    new: RecordedEvent
    also_voided: tuple[int, ...]
    carried: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class VoidedTogether:
    """"Void them together": ``voided`` are the later rulings voided with the one the director
    voided; ``carried`` pairs each event recorded again under a new number (a kept report of
    the play, and the events after it) with its copy, so the director can find them."""

    voided: tuple[int, ...]
    carried: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class RerulePending:
    """A re-ruling shown to its director and waiting for his press (stored: it survives a
    restart); ``last_seq``: the board as he saw it."""

    id: int
    event_id: int
    director_id: int
    text: str
    changes: dict[str, str]
    score: str | None
    board_played: bool
    last_seq: int
    created_at: dt.datetime


@dataclass(frozen=True)
class RerulePlan:
    """What re-ruling on corrected facts would do (nothing written yet): the director sees it
    and confirms. ``last_seq`` is the board as it was read: a confirmation after the board
    has moved on is refused."""

    correction: Correction
    session_id: int
    table_number: int
    board_number: int
    last_seq: int


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
    #: Already written (a redelivered interaction, an answer already given): ping nobody again.
    repeated: bool = False
    #: Its board is closed to the member it was listed for (``Consultations.
    #: open_consultations``, :func:`core.storage.played.shut`): list it naming no board.
    shut: bool = False


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
    #: Already written by this interaction (redelivered): ping nobody again.
    repeated: bool = False
    session_id: int = 0
    without_merit: bool = False
    #: Its reasons and answers are not for the member it was read for (``Appeals.appeals``).
    hidden: bool = False
    #: Its board is closed to him (:func:`core.storage.played.shut`): list it naming neither
    #: the board nor anything of the ruling.
    shut: bool = False

