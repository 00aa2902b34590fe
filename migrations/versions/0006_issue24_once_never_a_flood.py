"""Issue 24: once, and never a flood. Per-member limits on what pings the directors (checked
and set in the write's own transaction), and interaction keys on consultations and appeals so
that a redelivered ``/consult ask`` or ``/appeal file`` writes nothing twice.

Revision ID: 0006
Revises: 0005
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
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
    for table in ("consultations", "appeals"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("interaction_id", sa.BigInteger(), nullable=True))
            batch.create_unique_constraint(
                f"uq_{table}_club_id_interaction_id", ["club_id", "interaction_id"]
            )


def downgrade() -> None:
    for table in ("appeals", "consultations"):
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f"uq_{table}_club_id_interaction_id", type_="unique")
            batch.drop_column("interaction_id")
    op.drop_table("member_limits")
