"""The driver path's compiled statements (``core.storage.driver.DriverReads``), without a
database."""

from __future__ import annotations


def test_statements_built_for_each_call_are_not_kept_compiled_without_end():
    """The compiled statements are kept by identity: a statement built anew for every call
    would be a new entry each time. Past ``KEPT`` entries a new one is compiled, run, and not
    kept."""
    from sqlalchemy import bindparam, create_engine, select

    from core.storage.driver import DriverReads
    from core.storage.models import Club

    reads = DriverReads(create_engine("sqlite://").dialect)
    reads.KEPT = 3
    built = [select(Club.id).where(Club.guild_id == bindparam("g")) for _ in range(10)]
    compiled = [reads.compiled(statement) for statement in built]
    assert all(c is not None and c.names == ("g",) for c in compiled)
    assert len(reads._compiled) == 3
    assert reads.compiled(built[0]) is compiled[0]  # a kept one is found again
