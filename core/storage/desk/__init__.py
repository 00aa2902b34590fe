"""The director's desk in storage: editions of the Laws, re-ruling with corrected facts,
voiding a ruling with the rulings that depend on it, verdicts that carry a director-error
score (Law 82C), playing directors and their blind boards, private consultations and appeals.

:class:`Desk` wraps the :class:`~core.storage.service.Storage` facade and uses its transactions,
so every write here has the same retries, locks and club scoping as the rest of the log.
"""

from core.storage.desk.appeals import Appeals
from core.storage.desk.consultations import Consultations
from core.storage.desk.notes import directors_words, note_message
from core.storage.desk.playing import PlayingDirectors
from core.storage.desk.rulings import Rulings
from core.storage.desk.settings import APPEAL_OUTCOMES, DEFAULT_APPEAL_MINUTES
from core.storage.desk.values import (
    AppealInfo,
    ConsultationInfo,
    DeskSettingsInfo,
    EditionSchedule,
    Rerule,
    RerulePending,
    RerulePlan,
    VoidedTogether,
)

__all__ = [
    "APPEAL_OUTCOMES",
    "DEFAULT_APPEAL_MINUTES",
    "AppealInfo",
    "ConsultationInfo",
    "Desk",
    "DeskSettingsInfo",
    "EditionSchedule",
    "Rerule",
    "RerulePending",
    "RerulePlan",
    "VoidedTogether",
    "directors_words",
    "note_message",
]


class Desk(Appeals, Consultations, PlayingDirectors, Rulings):
    """The desk's storage operations for one bot (cheap to build per interaction)."""
