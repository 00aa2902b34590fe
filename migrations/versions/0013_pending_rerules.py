"""The re-ruling a director was shown and has not confirmed yet, kept in the database

``pending_rerules``: what ``/ruling amend … facts:`` showed (the ruling, the corrected facts, the
director's words, a Law 82C score, the board as he saw it), so that "Re-rule the board" and
"Cancel" work after a restart or on another shard (they lived in the bot's memory). A row is
used once and lasts minutes: nothing to carry over on upgrade or downgrade.

Revision ID: 0013
Revises: 0012
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "pending_rerules",
        sa.Column("id", ID, nullable=False),
        sa.Column("club_id", ID, nullable=False),
        sa.Column("event_id", ID, nullable=False),
        sa.Column("director_id", sa.BigInteger(), nullable=False),
        sa.Column("text", sa.String(length=2000), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.Column("score", sa.String(length=200), nullable=True),
        sa.Column("board_played", sa.Boolean(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"],
                                name=op.f("fk_pending_rerules_club_id_clubs"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"],
                                name=op.f("fk_pending_rerules_event_id_events"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pending_rerules")),
    )
    op.create_index(op.f("ix_pending_rerules_club_id_created_at"), "pending_rerules",
                    ["club_id", "created_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_pending_rerules_club_id_created_at"), table_name="pending_rerules")
    op.drop_table("pending_rerules")
