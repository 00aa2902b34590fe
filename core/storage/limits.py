"""Per-member limits on what pings the directors (a director call, a private question, an
appeal): at most ``most`` in each ``window``. The count is read with a row lock and set in the
same transaction that writes the ping, so twenty concurrent commands cannot all pass the
check; a refused command raises, and its transaction writes nothing."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.storage.errors import Conflict
from core.storage.models import MemberLimit
from core.text import Msg, Text


@dataclass(frozen=True)
class Limit:
    kind: str  # the row's key: "call", "consult", "appeal"
    most: int
    window: dt.timedelta
    what: str  # for people, one of them: "call for the director"

    def many(self) -> Text:
        """``most`` of them in words: "one call for the director", "3 appeals"."""
        if self.what == "call for the director":
            if self.most == 1:
                return Msg("one call for the director")
            return Msg("{n} calls for the director", n=self.most)
        if self.what == "question to the directors":
            if self.most == 1:
                return Msg("one question to the directors")
            return Msg("{n} questions to the directors", n=self.most)
        if self.what == "appeal":
            if self.most == 1:
                return Msg("one appeal")
            return Msg("{n} appeals", n=self.most)
        if self.most == 1:
            return f"one {self.what}"
        head, _, tail = self.what.partition(" ")
        return f"{self.most} {head}s{' ' + tail if tail else ''}"


CALLS = Limit("call", 1, dt.timedelta(seconds=30), "call for the director")
CONSULTATIONS = Limit("consult", 3, dt.timedelta(minutes=10), "question to the directors")
APPEALS = Limit("appeal", 3, dt.timedelta(minutes=10), "appeal")


class LimitReached(Conflict):
    """The member has pinged the directors as often as the window allows."""

    def __init__(self, limit: Limit, wait: dt.timedelta) -> None:
        seconds = max(1, int(wait.total_seconds() + 0.999))
        when = _seconds(seconds) if seconds < 120 else _minutes(-(-seconds // 60))
        super().__init__(
            Msg("you may send {many} every {span}: wait {when} before sending another",
                many=limit.many(), span=_span(limit.window), when=when)
        )
        self.wait = wait


def _span(window: dt.timedelta) -> Msg:
    seconds = int(window.total_seconds())
    return _seconds(seconds) if seconds < 120 else _minutes(seconds // 60)


def _seconds(n: int) -> Msg:
    return Msg("{n} seconds", n=n)


def _minutes(n: int) -> Msg:
    return Msg("{n} minutes", n=n)


async def count_one(
    s: AsyncSession, club_id: int, user_id: int, limit: Limit, now: dt.datetime
) -> None:
    """Count one ping by ``user_id`` against ``limit``, or raise :class:`LimitReached`. Call it
    inside the transaction that writes the ping."""
    row = await s.scalar(
        select(MemberLimit)
        .where(MemberLimit.club_id == club_id, MemberLimit.user_id == user_id,
               MemberLimit.kind == limit.kind)
        .with_for_update()
    )
    if row is None:  # two first pings at once: the unique key makes one retry, and see this row
        s.add(MemberLimit(club_id=club_id, user_id=user_id, kind=limit.kind, window_start=now,
                          count=1))
    elif now - row.window_start >= limit.window:
        row.window_start, row.count = now, 1
    elif row.count < limit.most:
        row.count += 1
    else:
        raise LimitReached(limit, row.window_start + limit.window - now)
    await s.flush()
