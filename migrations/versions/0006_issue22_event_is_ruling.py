"""Issue 22: one notion of a ruling. Each event row says whether it is a ruling or the table's
record (``events.is_ruling``), so that the log, its figures and "a board with a ruling" filter on
one column instead of lists of kinds. Existing rows are backfilled with the rule the bot applied
when they were written.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 17:40:00

"""
import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = '0006'
down_revision: str | Sequence[str] | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Kinds whose answers were the table's record unless they offered a choice (a copy: a
#: migration never imports application code).
_RECORD_KINDS = ("board_set", "board_end", "auction_ends", "play", "play_reported",
                 "lead_lost", "restriction_spent")
_PLAIN_CALL_LAWS = {"22A", "22B", "17D"}
_BATCH = 1000


def _is_ruling(kind: str, ruling: Any) -> bool:
    """core.ruling.is_ruling for a ruling stored before it had its ``record`` mark."""
    if isinstance(ruling, str):
        ruling = json.loads(ruling)
    ruling = ruling or {}
    if ruling.get("options") or ruling.get("judgement"):
        return True
    if kind in _RECORD_KINDS:
        return False
    if kind == "call":
        return not set(ruling.get("laws") or ()) <= _PLAIN_CALL_LAWS
    if kind == "partner_lead":  # the answers where nothing bound the lead
        summary = ruling.get("summary") or ""
        if not isinstance(summary, str):  # a message (issue 29): its template says the same
            summary = json.dumps(summary, ensure_ascii=False)
        return not ("may lead any card" in summary or "is on lead: the defenders'" in summary)
    return True


def upgrade() -> None:
    # a plain ALTER, never batch mode: on SQLite, copying the events table would
    # cascade-delete its laws and verdicts
    op.add_column(
        'events', sa.Column('is_ruling', sa.Boolean(), server_default=sa.true(), nullable=False)
    )
    conn = op.get_bind()
    events = sa.table('events', sa.column('id', sa.Integer), sa.column('kind', sa.String),
                      sa.column('ruling', sa.JSON), sa.column('is_ruling', sa.Boolean))
    kinds = (*_RECORD_KINDS, "call", "partner_lead")
    last = 0
    while True:
        rows = conn.execute(
            sa.select(events.c.id, events.c.kind, events.c.ruling)
            .where(events.c.kind.in_(kinds), events.c.id > last)
            .order_by(events.c.id)
            .limit(_BATCH)
        ).all()
        if not rows:
            break
        records = [{"event_id": r.id} for r in rows if not _is_ruling(r.kind, r.ruling)]
        if records:
            conn.execute(
                events.update().where(events.c.id == sa.bindparam("event_id"))
                .values(is_ruling=False),
                records,
            )
        last = rows[-1].id


def downgrade() -> None:
    op.execute("ALTER TABLE events DROP COLUMN is_ruling")  # plain, as in upgrade()
