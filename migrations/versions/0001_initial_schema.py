"""Initial schema

Clubs, game sessions, tables, boards, seat bindings, the event log with its law index,
directors' verdicts and director calls.

Revision ID: 0001
Revises:
Create Date: 2026-11-21 21:42:50.030725

"""
from collections.abc import Sequence

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0001'
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('clubs',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('guild_id', sa.BigInteger(), nullable=False),
    sa.Column('director_role_id', sa.BigInteger(), nullable=True),
    sa.Column('log_channel_id', sa.BigInteger(), nullable=True),
    sa.Column('time_zone', sa.String(length=64), nullable=False),
    sa.Column('law_edition', sa.String(length=8), nullable=False),
    sa.Column('language', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_clubs')),
    sa.UniqueConstraint('guild_id', name=op.f('uq_clubs_guild_id'))
    )
    op.create_table('game_sessions',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_game_sessions_club_id_clubs'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_sessions')),
    sa.UniqueConstraint('club_id', 'date', 'name', name=op.f('uq_game_sessions_club_id_date_name'))
    )
    op.create_table('tables',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('session_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('current_board', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_tables_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['game_sessions.id'], name=op.f('fk_tables_session_id_game_sessions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tables')),
    sa.UniqueConstraint('session_id', 'number', name=op.f('uq_tables_session_id_number'))
    )
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tables_club_id_session_id'), ['club_id', 'session_id'], unique=False)

    op.create_table('boards',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('session_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('table_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('dealer', sa.String(length=1), nullable=True),
    sa.Column('declarer', sa.String(length=1), nullable=True),
    sa.Column('contract', sa.String(length=16), nullable=True),
    sa.Column('state', sa.JSON(), nullable=False),
    sa.Column('last_seq', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_boards_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['game_sessions.id'], name=op.f('fk_boards_session_id_game_sessions'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_boards_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_boards')),
    sa.UniqueConstraint('table_id', 'number', name=op.f('uq_boards_table_id_number'))
    )
    with op.batch_alter_table('boards', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_boards_club_id_session_id'), ['club_id', 'session_id'], unique=False)

    op.create_table('seat_bindings',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('table_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('seat', sa.String(length=1), nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('bound_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_seat_bindings_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_seat_bindings_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seat_bindings')),
    sa.UniqueConstraint('club_id', 'user_id', name=op.f('uq_seat_bindings_club_id_user_id')),
    sa.UniqueConstraint('table_id', 'seat', name=op.f('uq_seat_bindings_table_id_seat'))
    )
    op.create_table('events',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('session_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('table_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('board_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('table_no', sa.Integer(), nullable=False),
    sa.Column('board_no', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('incident', sa.String(length=40), nullable=False),
    sa.Column('actor_id', sa.BigInteger(), nullable=True),
    sa.Column('interaction_id', sa.BigInteger(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.Column('ruling', sa.JSON(), nullable=False),
    sa.Column('summary', sa.String(length=1000), nullable=False),
    sa.Column('laws', sa.String(length=200), nullable=False),
    sa.Column('void', sa.Boolean(), nullable=False),
    sa.Column('verdict', sa.String(length=16), nullable=True),
    sa.Column('verdict_by', sa.BigInteger(), nullable=True),
    sa.Column('verdict_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('verdict_note', sa.String(length=2000), nullable=True),
    sa.Column('adjusted_score', sa.String(length=200), nullable=True),
    sa.ForeignKeyConstraint(['board_id'], ['boards.id'], name=op.f('fk_events_board_id_boards'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_events_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['game_sessions.id'], name=op.f('fk_events_session_id_game_sessions'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_events_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_events')),
    sa.UniqueConstraint('board_id', 'seq', name=op.f('uq_events_board_id_seq')),
    sa.UniqueConstraint('club_id', 'interaction_id', name=op.f('uq_events_club_id_interaction_id'))
    )
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_events_club_id_actor_id'), ['club_id', 'actor_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_events_club_id_created_at_id'), ['club_id', 'created_at', 'id'], unique=False)
        batch_op.create_index(batch_op.f('ix_events_club_id_incident'), ['club_id', 'incident'], unique=False)
        batch_op.create_index(batch_op.f('ix_events_club_id_kind'), ['club_id', 'kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_events_club_id_session_id_table_no_board_no'), ['club_id', 'session_id', 'table_no', 'board_no'], unique=False)
        batch_op.create_index(batch_op.f('ix_events_club_id_verdict'), ['club_id', 'verdict'], unique=False)

    op.create_table('director_calls',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('caller_id', sa.BigInteger(), nullable=False),
    sa.Column('event_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=True),
    sa.Column('table_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=True),
    sa.Column('board_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=True),
    sa.Column('note', sa.String(length=2000), nullable=False),
    sa.Column('channel_id', sa.BigInteger(), nullable=True),
    sa.Column('message_id', sa.BigInteger(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('claimed_by', sa.BigInteger(), nullable=True),
    sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['board_id'], ['boards.id'], name=op.f('fk_director_calls_board_id_boards'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_director_calls_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_director_calls_event_id_events'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_director_calls_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_director_calls'))
    )
    with op.batch_alter_table('director_calls', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_director_calls_board_id'), ['board_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_director_calls_club_id_claimed_by_created_at'), ['club_id', 'claimed_by', 'created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_director_calls_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_director_calls_table_id'), ['table_id'], unique=False)

    op.create_table('event_laws',
    sa.Column('event_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('law', sa.String(length=20), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('law_number', sa.SmallInteger(), nullable=False),
    sa.Column('law_key', sa.String(length=24), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_event_laws_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_event_laws_event_id_events'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', 'law', name=op.f('pk_event_laws'))
    )
    with op.batch_alter_table('event_laws', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_laws_club_id_law_number_law_key'), ['club_id', 'law_number', 'law_key'], unique=False)

    op.create_table('verdicts',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('club_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('event_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('director_id', sa.BigInteger(), nullable=False),
    sa.Column('verdict', sa.String(length=16), nullable=False),
    sa.Column('text', sa.String(length=2000), nullable=True),
    sa.Column('adjusted_score', sa.String(length=200), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_verdicts_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_verdicts_event_id_events'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_verdicts'))
    )
    with op.batch_alter_table('verdicts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_verdicts_club_id_director_id_created_at'), ['club_id', 'director_id', 'created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_verdicts_event_id'), ['event_id'], unique=False)



def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('verdicts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_verdicts_event_id'))
        batch_op.drop_index(batch_op.f('ix_verdicts_club_id_director_id_created_at'))

    op.drop_table('verdicts')
    with op.batch_alter_table('event_laws', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_laws_club_id_law_number_law_key'))

    op.drop_table('event_laws')
    with op.batch_alter_table('director_calls', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_director_calls_table_id'))
        batch_op.drop_index(batch_op.f('ix_director_calls_event_id'))
        batch_op.drop_index(batch_op.f('ix_director_calls_club_id_claimed_by_created_at'))
        batch_op.drop_index(batch_op.f('ix_director_calls_board_id'))

    op.drop_table('director_calls')
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_events_club_id_verdict'))
        batch_op.drop_index(batch_op.f('ix_events_club_id_session_id_table_no_board_no'))
        batch_op.drop_index(batch_op.f('ix_events_club_id_kind'))
        batch_op.drop_index(batch_op.f('ix_events_club_id_incident'))
        batch_op.drop_index(batch_op.f('ix_events_club_id_created_at_id'))
        batch_op.drop_index(batch_op.f('ix_events_club_id_actor_id'))

    op.drop_table('events')
    op.drop_table('seat_bindings')
    with op.batch_alter_table('boards', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_boards_club_id_session_id'))

    op.drop_table('boards')
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tables_club_id_session_id'))

    op.drop_table('tables')
    op.drop_table('game_sessions')
    op.drop_table('clubs')
