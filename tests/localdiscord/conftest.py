"""Fixtures for the stand-in's own tests: the Discord harness of tests/discord (a LocalDiscord
``ld``, a logged-in ``bot`` and the test-only ``probe`` cog), shared rather than repeated."""

from __future__ import annotations

from tests.discord.conftest import (  # noqa: F401
    add_probe,
    bot,
    extensions,
    ld,
    probe,
    start_bot,
    storage,
)
