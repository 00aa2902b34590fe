"""Issue 24, the director's desk round 2. Once, and never a flood: per-member limits on what
pings the directors (checked and set in the write's own transaction), and interaction keys on
consultations and appeals so that a redelivered ``/consult ask`` or ``/appeal file`` writes
nothing twice. Appeals: the regulating authority's profile and the club's deadline rule (from
the session's end or from the publication of its scores), the moment scores were published,
and "without merit" on an outcome. Blind means blind: who sat at a table for each board it played
(``board_players``), so that "played" is counted per member.

Revision ID: 0008
Revises: 0007
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "member_limits",
        sa.Column("club_id", ID, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"],
                                name=op.f("fk_member_limits_club_id_clubs"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("club_id", "user_id", "kind", name=op.f("pk_member_limits")),
    )
    op.create_table(
        "board_players",
        sa.Column("board_id", ID, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("club_id", ID, nullable=False),
        sa.ForeignKeyConstraint(["board_id"], ["boards.id"],
                                name=op.f("fk_board_players_board_id_boards"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"],
                                name=op.f("fk_board_players_club_id_clubs"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("board_id", "user_id", name=op.f("pk_board_players")),
    )
    op.create_index(op.f("ix_board_players_club_id_user_id"), "board_players",
                    ["club_id", "user_id"])
    with op.batch_alter_table("desk_settings") as batch:
        batch.add_column(sa.Column("authority", sa.String(length=8), nullable=True))
        batch.add_column(sa.Column("appeal_from", sa.String(length=16), nullable=True))
    # game_sessions is a parent table: never recreated (SQLite would cascade its rows away)
    op.add_column("game_sessions", sa.Column("scores_published_at", sa.DateTime(timezone=True),
                                             nullable=True))
    with op.batch_alter_table("appeals") as batch:
        batch.add_column(sa.Column("without_merit", sa.Boolean(), nullable=True))
    for table in ("consultations", "appeals"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("interaction_id", sa.BigInteger(), nullable=True))
            batch.create_unique_constraint(
                f"uq_{table}_club_id_interaction_id", ["club_id", "interaction_id"]
            )


def downgrade() -> None:
    with op.batch_alter_table("appeals") as batch:
        batch.drop_column("without_merit")
    # a plain DROP COLUMN (SQLite 3.35+, PostgreSQL): recreating game_sessions would cascade
    op.execute("ALTER TABLE game_sessions DROP COLUMN scores_published_at")
    with op.batch_alter_table("desk_settings") as batch:
        batch.drop_column("appeal_from")
        batch.drop_column("authority")
    for table in ("appeals", "consultations"):
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f"uq_{table}_club_id_interaction_id", type_="unique")
            batch.drop_column("interaction_id")
    op.drop_table("member_limits")
    op.drop_index(op.f("ix_board_players_club_id_user_id"), table_name="board_players")
    op.drop_table("board_players")
