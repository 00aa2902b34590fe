"""Fixtures for the club night: a real Storage on both backends whose clock the test moves
(``clock``), so that a week can pass between two sessions without waiting."""

from __future__ import annotations

import datetime as dt

import pytest


class Clock:
    """The storage's clock: a fixed UTC instant that moves a second per reading."""

    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        self.now += dt.timedelta(seconds=1)
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += dt.timedelta(**delta)


@pytest.fixture
def clock() -> Clock:
    return Clock(dt.datetime(2026, 11, 16, 19, 0, tzinfo=dt.UTC))  # a Monday evening


@pytest.fixture
def storage(db_storage, clock):
    db_storage.now = clock
    return db_storage
