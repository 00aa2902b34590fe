"""Fixtures for the stand-in's own tests: the Discord harness of tests/cogs (a LocalDiscord
``ld``, a logged-in ``bot`` and the test-only ``probe`` cog), shared rather than repeated."""

from __future__ import annotations

from tests.cogs.conftest import (  # noqa: F401
    add_probe,
    bot,
    extensions,
    ld,
    probe,
    start_bot,
    storage,
)
