"""Issue 24: the club-wide "no peeking" setting

``desk_settings.no_peeking``: when true, every member (not only a playing director) is blind,
during the running session, to a board of it he has not played. NULL is off.

Revision ID: 0010
Revises: 0009
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # a plain ADD COLUMN, never a batch (table rebuild) on SQLite
    op.add_column("desk_settings", sa.Column("no_peeking", sa.Boolean(), nullable=True))


def downgrade() -> None:
    # a plain DROP COLUMN (SQLite 3.35+, PostgreSQL): no table rebuild
    op.execute("ALTER TABLE desk_settings DROP COLUMN no_peeking")
