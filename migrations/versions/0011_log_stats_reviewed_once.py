"""One re-ruling is one review in ``/log stats``

``events.voided_with_id``: the ruling a director voided or re-ruled in the step that voided this
one with it (a re-ruling carrying it or finding it no longer applies, "Void them together"). Its
verdict came with that one's: it no longer counts as reviewed. Existing rulings are marked by
what such a step leaves (a director's own verdicts are never given twice in one instant on a
board): a voided ruling whose verdict has the same time as the verdict on an earlier event of
its board was voided with the earliest of them. The monthly roll-up's ``reviewed`` loses each
one marked, in its club's month (this migration's own copy of the month rule).

Revision ID: 0011
Revises: 0010
"""

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_EARLIER = (
    "FROM events p WHERE p.board_id = events.board_id AND p.verdict_at = events.verdict_at "
    "AND p.seq < events.seq"
)


def upgrade() -> None:
    # a plain ADD COLUMN, never a batch (table rebuild) on SQLite: copying the events table
    # would cascade-delete its laws and verdicts
    op.add_column("events", sa.Column(
        "voided_with_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True))
    conn = op.get_bind()
    conn.execute(
        sa.text(
            f"UPDATE events SET voided_with_id = (SELECT p.id {_EARLIER} ORDER BY p.seq LIMIT 1) "
            f"WHERE events.void = :yes AND events.is_ruling = :yes "
            f"AND events.verdict_at IS NOT NULL AND EXISTS (SELECT 1 {_EARLIER})"
        ),
        {"yes": True},
    )
    _move_reviewed(conn, -1)


def downgrade() -> None:
    _move_reviewed(op.get_bind(), +1)  # the roll-up as the older code counts it
    op.execute("ALTER TABLE events DROP COLUMN voided_with_id")  # plain, as in upgrade()


def _move_reviewed(conn: sa.Connection, step: int) -> None:
    """Add ``step`` to the roll-up's ``reviewed`` for each ruling voided with another one."""
    counts: Counter[tuple[int, str, str]] = Counter()
    rows = conn.execute(sa.text(
        "SELECT e.club_id, c.time_zone, e.created_at, e.incident FROM events e "
        "JOIN clubs c ON c.id = e.club_id WHERE e.voided_with_id IS NOT NULL "
        "AND e.is_ruling = :yes AND e.verdict IS NOT NULL"
    ), {"yes": True})
    for club_id, time_zone, created_at, incident in rows:
        counts[(club_id, _month(created_at, time_zone), incident)] += step
    if counts:
        conn.execute(
            sa.text(
                "UPDATE log_rollup SET reviewed = reviewed + :step WHERE club_id = :club_id "
                "AND month = :month AND incident = :incident AND law_number = 0"
            ),
            [{"club_id": c, "month": m, "incident": i, "step": n}
             for (c, m, i), n in counts.items()],
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
