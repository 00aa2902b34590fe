"""Monthly roll-up of the ruling log; event_laws index that covers a count by law

``log_rollup`` holds per club, month (in the club's time zone), incident kind and law number
the counts ``/log stats`` needs; it is filled here from the existing log. The event-law index
gains ``event_id`` so that counting a law's rulings reads the index alone.

Revision ID: 0003
Revises: 0004
Create Date: 2026-11-23 21:40:00

"""
from collections.abc import Sequence

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0003'
down_revision: str | Sequence[str] | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('log_rollup',
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('month', sa.String(length=7), nullable=False),
    sa.Column('incident', sa.String(length=40), nullable=False),
    sa.Column('law_number', sa.SmallInteger(), nullable=False),
    sa.Column('live', sa.Integer(), nullable=False),
    sa.Column('voided', sa.Integer(), nullable=False),
    sa.Column('reviewed', sa.Integer(), nullable=False),
    sa.Column('confirmed', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_log_rollup_club_id_clubs'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('club_id', 'month', 'incident', 'law_number', name=op.f('pk_log_rollup'))
    )
    with op.batch_alter_table('event_laws', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_laws_club_id_law_number_law_key'))
        batch_op.create_index(batch_op.f('ix_event_laws_club_id_law_number_law_key_event_id'), ['club_id', 'law_number', 'law_key', 'event_id'], unique=False)

    _fill_rollup(op.get_bind())


def _fill_rollup(conn: sa.Connection) -> None:
    """The roll-up of the log already stored, each club in its own time zone, rulings only
    (this migration's own copy of the rule, so that later code changes cannot alter it)."""
    import datetime as dt
    from collections import Counter
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    def month(at: dt.datetime | str, tz: dt.tzinfo) -> str:
        if isinstance(at, str):  # SQLite: naive UTC text
            at = dt.datetime.fromisoformat(at)
        at = at.replace(tzinfo=dt.UTC) if at.tzinfo is None else at
        local = at.astimezone(tz)
        return f"{local.year:04d}-{local.month:02d}"

    clubs = conn.execute(sa.text("SELECT id, time_zone FROM clubs")).all()
    for club_id, time_zone in clubs:
        try:
            tz: dt.tzinfo = ZoneInfo(time_zone or "UTC")
        except (ZoneInfoNotFoundError, ValueError):
            tz = dt.UTC
        counts: Counter = Counter()  # (month, incident, law) -> [live, voided, reviewed, confirmed]
        rows = conn.execute(
            sa.text(
                "SELECT e.id, e.created_at, e.incident, e.void, e.verdict, l.law_number "
                "FROM events e LEFT JOIN (SELECT DISTINCT event_id, law_number FROM event_laws "
                "WHERE club_id = :c) l ON l.event_id = e.id WHERE e.club_id = :c AND e.kind NOT IN "
                "('board_set', 'board_end', 'auction_ends', 'call', 'play') ORDER BY e.id"
            ),
            {"c": club_id},
        )
        last_id = None
        for ev_id, created_at, incident, void, verdict, law_number in rows:
            key = (month(created_at, tz), incident)
            if ev_id != last_id:
                last_id = ev_id
                counts[(*key, 0, "live")] += 0 if void else 1
                counts[(*key, 0, "voided")] += 1 if void else 0
                counts[(*key, 0, "reviewed")] += 1 if verdict is not None else 0
                counts[(*key, 0, "confirmed")] += 1 if verdict == "confirmed" else 0
            if law_number is not None:
                counts[(*key, law_number, "voided" if void else "live")] += 1
        table: dict = {}
        for (m, incident, law, column), n in counts.items():
            row = table.setdefault((m, incident, law), {
                "club_id": club_id, "month": m, "incident": incident, "law_number": law,
                "live": 0, "voided": 0, "reviewed": 0, "confirmed": 0})
            row[column] += n
        if table:
            conn.execute(
                sa.text(
                    "INSERT INTO log_rollup (club_id, month, incident, law_number, live, voided, "
                    "reviewed, confirmed) VALUES (:club_id, :month, :incident, :law_number, "
                    ":live, :voided, :reviewed, :confirmed)"
                ),
                list(table.values()),
            )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('event_laws', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_laws_club_id_law_number_law_key_event_id'))
        batch_op.create_index(batch_op.f('ix_event_laws_club_id_law_number_law_key'), ['club_id', 'law_number', 'law_key'], unique=False)

    op.drop_table('log_rollup')
