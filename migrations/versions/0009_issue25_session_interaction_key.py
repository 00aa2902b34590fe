"""Issue 25: an interaction key on sessions

A session started by ``/session start`` carries the id of the Discord interaction that started
it, unique in its club, so a redelivered ``/session start`` starts nothing twice.

Revision ID: 0009
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | Sequence[str] | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # no batch (table rebuild) on SQLite: sessions are referenced by tables, boards and events,
    # and dropping the old table would cascade; a column and a unique index need no rebuild
    op.add_column("game_sessions", sa.Column("interaction_id", sa.BigInteger(), nullable=True))
    op.create_index(
        op.f("ix_game_sessions_club_id_interaction_id"),
        "game_sessions",
        ["club_id", "interaction_id"],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_game_sessions_club_id_interaction_id"), table_name="game_sessions")
    op.execute("ALTER TABLE game_sessions DROP COLUMN interaction_id")
