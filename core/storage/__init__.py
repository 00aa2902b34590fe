"""Storage: clubs, sessions, tables, boards and the ruling log in SQLAlchemy (SQLite/PostgreSQL).

The cogs call :class:`core.storage.service.Storage`, which returns the plain values of
:mod:`core.storage.values`; the ORM models never leave this package.
"""
