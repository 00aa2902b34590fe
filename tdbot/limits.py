"""Allowances per member: a command or button that writes (or pings) may be used so often, and
a use that failed is given back."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TypeVar

import discord
from discord import app_commands

if TYPE_CHECKING:
    from tdbot.client import TDBot

T = TypeVar("T")


def refundable_cooldown(
    rate: int, per: float, *, key: Callable[[discord.Interaction[TDBot]], Hashable | None]
) -> Callable[[T], T]:
    """A cooldown check that only counts commands that worked: a command that failed gives its
    use back (see :func:`report_error`), and a ``key`` of ``None`` (e.g. in DMs) uses nothing."""
    return app_commands.check(refundable_limit(rate, per, key=key))


def refundable_limit(
    rate: int, per: float, *, key: Callable[[discord.Interaction[TDBot]], Hashable | None]
) -> Callable[[discord.Interaction[TDBot]], bool]:
    """The allowance behind :func:`refundable_cooldown`, as a plain check (buttons call it
    first thing): raises ``CommandOnCooldown`` when it is used up.

    The allowances belong to the bot that answers (a bot started anew, as in the tests, starts
    with full ones), not to the module that declares the check."""
    per_bot: weakref.WeakKeyDictionary[discord.Client, dict[Hashable, app_commands.Cooldown]] = (
        weakref.WeakKeyDictionary()
    )

    def predicate(interaction: discord.Interaction[TDBot]) -> bool:
        k = key(interaction)
        if k is None:
            return True
        buckets = per_bot.setdefault(interaction.client, {})
        if len(buckets) > 10_000:
            buckets.clear()
        bucket = buckets.setdefault(k, app_commands.Cooldown(rate, per))
        retry_after = bucket.update_rate_limit(interaction.created_at.timestamp())
        if retry_after:
            raise app_commands.CommandOnCooldown(bucket, retry_after)
        interaction.extras["cooldown"] = bucket
        return True

    return predicate


def per_member(interaction: discord.Interaction[TDBot]) -> tuple[int, int] | None:
    """Cooldown key: the same user in another guild has a separate allowance; none in DMs."""
    if interaction.guild_id is None:
        return None
    return (interaction.guild_id, interaction.user.id)


#: Commands that write (or post to the directors) and have no allowance of their own: per
#: member, :data:`WRITE_RATE` in :data:`WRITE_PER` seconds. Generous for a table's evening
#: (a board set, a seat, a consultation), a bound for a flood. Checked before the command runs,
#: with no await in between, so a burst sent at once is counted one by one.
WRITE_RATE, WRITE_PER = 12, 10.0


def refund(interaction: discord.Interaction[TDBot]) -> None:
    bucket = interaction.extras.pop("cooldown", None)
    if bucket is not None:
        bucket._tokens = min(bucket.rate, bucket._tokens + 1)


write_cooldown = refundable_cooldown(WRITE_RATE, WRITE_PER, key=per_member)

#: Buttons that write (declarer's choice, "W has lost the lead"): per member, an allowance of
#: their own, checked first thing in the press with no await before it (issue 25).
PRESS_RATE, PRESS_PER = 12, 10.0
press_allowance = refundable_limit(PRESS_RATE, PRESS_PER, key=per_member)

#: Directors' writes (verdicts, answers, set-up, table channels, a penalty card returned): an
#: allowance of their own, so a director's evening of verdicts never eats into his seat's.
DIRECTOR_RATE, DIRECTOR_PER = 20, 10.0
directors_cooldown = refundable_cooldown(DIRECTOR_RATE, DIRECTOR_PER, key=per_member)
