"""/setup: who may run it, what it validates, what it stores."""

from __future__ import annotations

import pytest

from tests.support import set_up

pytestmark = pytest.mark.usefixtures("bot")


async def test_setup_saves_the_settings(ld, storage):
    """A manager sets the role, channel and time zone; they are stored for this guild."""
    result = await ld.slash(
        "setup",
        {
            "director_role": ld.guild.role("Director"),
            "log_channel": ld.guild.channel("td-log"),
            "time_zone": "Europe/Paris",
        },
        user="Director",
    )
    assert result.ephemeral and "Saved" in result.text
    assert result.message.pings == {"everyone": False, "users": [], "roles": []}
    club = await storage.club(ld.guild.id)
    assert club.director_role_id == ld.guild.role("Director").id
    assert club.log_channel_id == ld.guild.channel("td-log").id
    assert club.time_zone == "Europe/Paris"


async def test_an_ordinary_member_is_refused(ld, storage):
    """Default permissions can be bypassed by a raw payload: the runtime check refuses."""
    result = await ld.slash(
        "setup",
        {"director_role": ld.guild.role("Director"), "log_channel": ld.guild.channel("td-log")},
        user="Declarer",
    )
    assert result.ephemeral and "manage this server" in result.text
    assert (await storage.club(ld.guild.id)).director_role_id is None


async def test_another_guilds_manager_cannot_touch_this_guild(ld, storage):
    """A manager of another club changes his own club only, and cannot use our role."""
    other = ld.add_guild("Other Club")
    await set_up(ld, other)
    assert (await storage.club(ld.guild.id)).director_role_id is None
    result = await ld.slash(
        "setup",
        {"director_role": ld.guild.role("Director"), "log_channel": other.channel("td-log")},
        user=other.member("Director"),
        strict=False,
    )
    assert result.ephemeral
    assert (await storage.club(other.id)).director_role_id == other.role("Director").id
    assert (await storage.club(ld.guild.id)).director_role_id is None


@pytest.mark.parametrize("zone", ["Mars/Olympus", "../../etc/passwd", "Europe/"])
async def test_a_bad_time_zone_is_refused(ld, storage, zone):
    """The time zone is checked with zoneinfo."""
    result = await ld.slash(
        "setup",
        {
            "director_role": ld.guild.role("Director"),
            "log_channel": ld.guild.channel("td-log"),
            "time_zone": zone,
        },
        user="Director",
    )
    assert result.ephemeral and "time zone" in result.text.lower()
    assert (await storage.club(ld.guild.id)).director_role_id is None


async def test_time_zone_autocomplete(ld):
    result = await ld.autocomplete("setup", "time_zone", {"time_zone": "paris"}, user="Director")
    assert [c["value"] for c in result.choices] == ["Europe/Paris"]


async def test_a_time_zone_in_any_letter_case_is_accepted(ld, storage):
    """europe/london is Europe/London: stored under its proper name."""
    result = await ld.slash(
        "setup",
        {
            "director_role": ld.guild.role("Director"),
            "log_channel": ld.guild.channel("td-log"),
            "time_zone": "europe/LONDON",
        },
        user="Director",
    )
    assert result.ephemeral and "Time zone: Europe/London" in result.text
    assert (await storage.club(ld.guild.id)).time_zone == "Europe/London"
