"""A ruling a director reviewed stays reviewed in ``/log stats`` when a re-ruling carries it

``events.own_verdict``: the last verdict a director gave the ruling of its own, not one it took
when voided with another ruling (``voided_with_id``). The roll-up's ``reviewed`` and
``confirmed`` count it, so a ruling he confirmed, and that a later re-ruling carried, is still
one reviewed and confirmed ruling (it dropped out). Existing rulings get it from their
verdicts: the latest verdict, or for one voided with another ruling the verdict before the one
that voided it (a ruling is voided with another only once, by its latest verdict). The monthly
roll-up gains each such review, in its club's month (this migration's own copy of the month rule).

Revision ID: 0012
Revises: 0011
"""

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

def upgrade() -> None:
    # a plain ADD COLUMN, never a batch (table rebuild) on SQLite: see 0011
    op.add_column("events", sa.Column("own_verdict", sa.String(16), nullable=True))
    conn = op.get_bind()
    conn.execute(sa.text(
        "UPDATE events SET own_verdict = verdict "
        "WHERE verdict IS NOT NULL AND voided_with_id IS NULL"
    ))
    conn.execute(sa.text(
        "UPDATE events SET own_verdict = (SELECT v.verdict FROM verdicts v "
        "WHERE v.event_id = events.id AND v.id < (SELECT max(w.id) FROM verdicts w "
        "WHERE w.event_id = events.id) ORDER BY v.id DESC LIMIT 1) "
        "WHERE voided_with_id IS NOT NULL"
    ))
    _move_reviewed(conn, +1)


def downgrade() -> None:
    _move_reviewed(op.get_bind(), -1)  # the roll-up as the older code counts it
    op.execute("ALTER TABLE events DROP COLUMN own_verdict")  # plain, as in upgrade()


def _move_reviewed(conn: sa.Connection, step: int) -> None:
    """Add ``step`` to the roll-up's ``reviewed`` (and ``confirmed``) for each ruling voided
    with another one that a director had reviewed (confirmed) before."""
    reviewed: Counter[tuple[int, str, str]] = Counter()
    confirmed: Counter[tuple[int, str, str]] = Counter()
    rows = conn.execute(sa.text(
        "SELECT e.club_id, c.time_zone, e.created_at, e.incident, e.own_verdict FROM events e "
        "JOIN clubs c ON c.id = e.club_id WHERE e.voided_with_id IS NOT NULL "
        "AND e.is_ruling = :yes AND e.own_verdict IS NOT NULL"
    ), {"yes": True})
    for club_id, time_zone, created_at, incident, own in rows:
        key = (club_id, _month(created_at, time_zone), incident)
        reviewed[key] += step
        confirmed[key] += step if own == "confirmed" else 0
    if reviewed:
        conn.execute(
            sa.text(
                "UPDATE log_rollup SET reviewed = reviewed + :reviewed, "
                "confirmed = confirmed + :confirmed WHERE club_id = :club_id "
                "AND month = :month AND incident = :incident AND law_number = 0"
            ),
            [{"club_id": c, "month": m, "incident": i, "reviewed": n,
              "confirmed": confirmed[(c, m, i)]}
             for (c, m, i), n in reviewed.items()],
        )


def _month(at: dt.datetime | str, time_zone: str | None) -> str:
    """``"YYYY-MM"`` of a stored instant in the club's time zone (an unknown zone: UTC)."""
    if isinstance(at, str):  # SQLite: naive UTC text
        at = dt.datetime.fromisoformat(at)
    at = at.replace(tzinfo=dt.UTC) if at.tzinfo is None else at
    try:
        zone: dt.tzinfo = ZoneInfo(time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        zone = dt.UTC
    local = at.astimezone(zone)
    return f"{local.year:04d}-{local.month:02d}"
