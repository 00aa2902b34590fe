"""The Alembic migrations. Installed as the package ``core.storage.migrations`` (see
pyproject.toml) so that a wheel carries them; ``core.storage.db`` finds them either way."""
