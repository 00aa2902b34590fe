"""Issue 26: the deals of a session's boards (hand records), secret until played.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 17:45:00

"""
from collections.abc import Sequence

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0007'
down_revision: str | Sequence[str] | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('session_deals',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('session_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('board_no', sa.Integer(), nullable=False),
    sa.Column('deal', sa.String(length=80), nullable=False),
    sa.Column('dd_tricks', sa.String(length=20), nullable=True),
    sa.Column('solved', sa.JSON(), nullable=True),
    sa.Column('entered_by', sa.BigInteger(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_session_deals_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['game_sessions.id'], name=op.f('fk_session_deals_session_id_game_sessions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_session_deals')),
    sa.UniqueConstraint('session_id', 'board_no', name=op.f('uq_session_deals_session_id_board_no'))
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('session_deals')
