"""Interaction keys on verdicts and director calls, and where a call came from

A verdict or a director call carries the id of the Discord interaction that made it, unique in
its club, so a redelivered or retried interaction writes nothing twice; a call remembers the
channel it was made from, so the caller can be told there when a director takes it.

Revision ID: 0004
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("verdicts") as batch:
        batch.add_column(sa.Column("interaction_id", sa.BigInteger(), nullable=True))
        batch.create_unique_constraint(
            "uq_verdicts_club_id_interaction_id", ["club_id", "interaction_id"]
        )
    with op.batch_alter_table("director_calls") as batch:
        batch.add_column(sa.Column("interaction_id", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("origin_channel_id", sa.BigInteger(), nullable=True))
        batch.create_unique_constraint(
            "uq_director_calls_club_id_interaction_id", ["club_id", "interaction_id"]
        )


def downgrade() -> None:
    with op.batch_alter_table("director_calls") as batch:
        batch.drop_constraint("uq_director_calls_club_id_interaction_id", type_="unique")
        batch.drop_column("origin_channel_id")
        batch.drop_column("interaction_id")
    with op.batch_alter_table("verdicts") as batch:
        batch.drop_constraint("uq_verdicts_club_id_interaction_id", type_="unique")
        batch.drop_column("interaction_id")
