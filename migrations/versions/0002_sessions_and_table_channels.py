"""Sessions that end, the session gap, and channels bound to tables

Revision ID: 0002
Revises: 0003
Create Date: 2026-11-23 21:40:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("clubs", sa.Column("session_gap_hours", sa.Integer(), nullable=True))
    op.add_column("game_sessions", sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "table_channels",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "club_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], name=op.f("fk_table_channels_club_id_clubs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_channels")),
        sa.UniqueConstraint(
            "club_id", "channel_id", name=op.f("uq_table_channels_club_id_channel_id")
        ),
    )


def downgrade() -> None:
    op.drop_table("table_channels")
    # Plain ALTER TABLE … DROP COLUMN (SQLite 3.35+): a batch copy of clubs or game_sessions
    # would drop the parent table and cascade-delete the club's whole log on SQLite.
    op.execute("ALTER TABLE game_sessions DROP COLUMN ended_at")
    op.execute("ALTER TABLE clubs DROP COLUMN session_gap_hours")
