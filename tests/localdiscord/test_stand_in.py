"""The local stand-in for Discord: login, every kind of answer, attribution, faults, payloads."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import discord
import pytest
from discord import InteractionResponseType as R

from localdiscord import (
    API_PREFIX,
    CommandInputError,
    Guild,
    InteractionTimeout,
    LocalDiscord,
    command_data,
    interaction_payload,
    modal_submit_data,
    new_id,
    stable_id,
)

pytestmark = pytest.mark.usefixtures("probe")


async def test_login_asks_for_the_user_and_the_application(ld, bot):
    """Login is GET /users/@me then GET /oauth2/applications/@me; the bot learns its ids."""
    assert [(r.method, r.path) for r in ld.requests[:2]] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
    ]
    assert bot.user.id == ld.bot_user.id
    assert bot.application_id == ld.application_id


async def test_route_base_is_restored_when_stopped():
    """Route.BASE points at the stand-in only while it runs."""
    before = discord.http.Route.BASE
    async with LocalDiscord() as local:
        assert local.url + API_PREFIX == discord.http.Route.BASE
    assert before == discord.http.Route.BASE


async def test_ping_through_the_real_tree(ld, bot):
    """/ping answers with an ephemeral message (type 4, flags 64)."""
    result = await ld.slash("ping")
    assert result.type is R.channel_message
    assert result.ephemeral
    assert result.content == "Pong."
    assert result.response.json["data"]["flags"] == 64
    assert result.exceptions == []


async def test_the_bot_sees_guild_roles_and_channels(ld, bot):
    """The guild is cached as GUILD_CREATE would: roles and channels, so role checks work."""
    guild = bot.get_guild(ld.guild.id)
    assert guild is not None
    assert {r.name for r in guild.roles} >= {"@everyone", "Director"}
    assert {c.name for c in guild.text_channels} == {"table-1", "td-log"}


async def test_deferred_answer_with_a_file_and_a_channel_post(ld, bot):
    """Defer, followup with a CSV, post in #td-log: all attributed to the interaction."""
    result = await ld.run("/export who:@Dummy", user="Declarer")
    assert result.type is R.deferred_channel_message
    assert result.ephemeral
    assert result.message.content == "Log for Dummy."  # the followup filled "thinking…"
    assert result.files[0].filename == "log.csv"
    assert result.files[0].text() == "id,law\n1,50\n"
    [post] = result.channel_messages
    assert post.channel_id == ld.guild.channel("td-log").id
    assert post.pings == {"everyone": False, "users": [], "roles": [ld.guild.role("Director").id]}
    assert [m.id for m in ld.channel_messages(ld.guild.channel("td-log"))] == [post.id]


async def test_edits_deletes_and_channel_message_round_trips(ld, bot):
    """Edit the original, edit and delete a followup, send/fetch/edit a channel message."""

    @bot.tree.command(description="Change things.")
    async def churn(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        await interaction.edit_original_response(content="second")
        extra = await interaction.followup.send("extra", wait=True)
        await extra.edit(content="extra, edited")
        await extra.delete()
        sent = await interaction.channel.send("note", file=discord.File(io.BytesIO(b"x"), "n.txt"))
        fetched = await interaction.channel.fetch_message(sent.id)
        await fetched.edit(content="note, edited")

    result = await ld.slash("churn")
    assert result.message.content == "second"
    assert [m.content for m in result.edits] == ["second", "extra, edited", "note, edited"]
    [extra] = result.followups
    assert ld.message(extra.id) is None
    [note] = result.channel_messages
    assert ld.message(note.id).content == "note, edited"
    assert ld.message(note.id).files[0].data == b"x"
    assert [r.kind for r in result.requests].count("delete") == 1


async def test_deferred_update_then_edit_of_the_pressed_message(ld, bot):
    """A button may acknowledge silently (type 6) and edit its message afterwards."""

    class Later(discord.ui.View):
        @discord.ui.button(label="Later", custom_id="probe:later")
        async def later(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
            await interaction.response.defer()
            await interaction.edit_original_response(content="Done later.", view=None)

    @bot.tree.command(description="Offer a slow button.")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Press it.", view=Later())

    shown = await ld.slash("slow")
    pressed = await ld.press(shown.message)
    assert pressed.type is R.deferred_message_update
    assert pressed.message.id == shown.message.id
    assert pressed.message.content == "Done later."
    assert pressed.message.buttons == []


async def test_nobody_is_pinged_unless_the_command_says_so(ld, bot):
    """The bot's allowed_mentions default: no @everyone, roles or users from echoed text."""
    text = f"@everyone {ld.director.mention} {ld.guild.role('Director').mention}"
    result = await ld.slash("echo", {"text": text})
    assert result.content == text
    assert result.message.pings == {"everyone": False, "users": [], "roles": []}


async def test_persistent_button_survives_a_restart(ld, bot, start_bot, add_probe):
    """A button sent before a restart reaches the persistent view registered by the new bot."""
    call = await ld.slash("call")
    assert [b["custom_id"] for b in call.message.buttons] == ["probe:call:take"]

    await add_probe(await start_bot())
    pressed = await ld.press(call.message, "Take it", user=ld.director)
    assert pressed.type is R.message_update
    assert pressed.message.content == "Taken by Director"
    assert ld.message(call.message.id).buttons == []


async def test_a_button_nobody_listens_to_gets_no_answer(ld, bot, start_bot):
    """After a restart that registers no view, the press is discarded: no response at all."""
    call = await ld.slash("call")
    await start_bot()
    pressed = await ld.press(call.message)
    assert pressed.response is None


async def test_select_menu(ld, bot):
    """A select sends its values; the bot answers a new message."""
    shown = await ld.slash("pick")
    chosen = await ld.select(shown.message, "Which card?", ["SK"])
    assert chosen.content == "You chose SK."


async def test_modal_round_trip(ld, bot):
    """The bot opens a modal (type 9); submitting it by labels reaches on_submit."""
    opened = await ld.slash("why")
    assert opened.type is R.modal
    assert opened.modal["title"] == "Why?"
    submitted = await ld.submit(opened, {"Reason": "dropped it", "Note": "twice"})
    assert submitted.content == "Because dropped it (twice)."


async def test_autocomplete(ld, bot):
    """Autocomplete (type 4 payload, focused option) answers type 8 choices."""
    result = await ld.autocomplete("card", "card", {"card": "s"})
    assert result.type is R.autocomplete_result
    assert [c["value"] for c in result.choices] == ["SA", "SK"]


async def test_member_option_arrives_resolved(ld, bot):
    """A user option is resolved into a Member with the guild's roles."""
    seen = []

    @bot.tree.command(description="Who is it?")
    async def who(interaction: discord.Interaction, member: discord.Member) -> None:
        seen.append(member)
        await interaction.response.send_message(member.display_name)

    result = await ld.slash("who", {"member": ld.director})
    assert result.content == "Director"
    assert [r.name for r in seen[0].roles] == ["@everyone", "Director"]


async def test_next_response_waits_for_each_request(ld, bot):
    """dispatch() returns at once; next_response() gives the interaction's requests in order."""
    pending = ld.dispatch(ld.slash_payload("export"))
    kinds = [(await ld.next_response(pending.id, timeout=2)).kind for _ in range(3)]
    assert kinds == ["callback", "followup", "channel_message"]
    assert (await pending).response is not None


async def test_work_left_running_is_still_attributed(ld, bot):
    """A post made by a task the command left behind carries the interaction's id."""
    done = asyncio.Event()

    async def later(channel: discord.TextChannel) -> None:
        await channel.send("Posted later.")
        done.set()

    @bot.tree.command(description="Answer, then post in the background.")
    async def background(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Soon.")
        asyncio.get_running_loop().create_task(later(interaction.channel))

    result = await ld.slash("background")
    post = await ld.wait_for_request(lambda r: r.kind == "channel_message", timeout=2)
    await done.wait()
    assert post.interaction_id == result.id
    assert post.message.content == "Posted later."


async def test_the_bot_can_wait_for_its_own_acknowledgement(ld, bot):
    """current_interaction() is the interaction a handler runs for (None outside one), and
    wait_acknowledged() returns once the stand-in has accepted its first callback."""
    seen = []

    @bot.tree.command(description="Defer, then wait until Discord has the acknowledgement.")
    async def acked(interaction: discord.Interaction) -> None:
        record = ld.current_interaction()
        seen.append((record.id, record.acknowledged))
        await interaction.response.defer()
        await record.wait_acknowledged()
        seen.append((record.id, record.acknowledged))
        await interaction.followup.send("Done.")

    assert ld.current_interaction() is None
    result = await ld.slash("acked")
    assert seen == [(result.id, False), (result.id, True)]
    assert result.text == "Done."


async def test_a_handler_still_running_raises_interaction_timeout(ld, bot):
    """Waiting longer than the timeout raises InteractionTimeout, saying what was sent."""
    release = asyncio.Event()

    @bot.tree.command(description="Hang.")
    async def hang(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await release.wait()

    pending = ld.dispatch(ld.slash_payload("hang"))
    with pytest.raises(InteractionTimeout, match="callback"):
        await pending.wait(timeout=0.2)
    release.set()
    await pending


# -------------------------------------------------------------------------------------- faults


async def test_rate_limit_is_retried(ld, bot):
    """A 429 with retry_after on the callback: discord.py waits and sends it again."""
    fault = ld.inject("POST /interactions/*", status=429, retry_after=0.01)
    result = await ld.slash("ping")
    assert fault.hits == 1
    assert [r.status for r in result.requests] == [429, 200]
    assert result.content == "Pong."


async def test_expired_interaction_is_logged_not_raised(ld, bot, caplog):
    """An expired token (404 10062) on every callback: logged, and the result shows no answer."""
    ld.inject("POST /interactions/*", status=404, times=None)
    result = await ld.slash("ping")
    assert result.response is None
    assert {r.answer["code"] for r in result.requests} == {10062}
    assert result.exceptions == []
    assert "Unknown interaction" in caplog.text


@pytest.mark.parametrize(
    ("route", "path", "status", "code"),
    [
        ("POST /webhooks/*", "/webhooks/1/t", 401, 50027),
        ("/webhooks/*", "/webhooks/1/t", 404, 10015),
        ("/channels/*", "/channels/1/messages", 500, 0),
        ("/channels/*", "/channels/1/messages", 403, 50013),
    ],
)
async def test_injected_errors_answer_discords_bodies(ld, route, path, status, code):
    """Each injected status answers with Discord's usual error body, then stops after `times`."""
    fault = ld.inject(route, status=status)
    async with aiohttp.ClientSession() as http:
        async with http.post(ld.url + API_PREFIX + path, json={}) as first:
            assert first.status == status
            assert first.headers["Content-Type"] == "application/json"
            assert (await first.json())["code"] == code
        async with http.post(ld.url + API_PREFIX + path, json={}) as second:
            assert second.status
    assert fault.hits == 1
    assert ld.requests[-1].fault is None


async def test_injected_delay(ld):
    """A delay fault holds the answer back."""
    ld.inject("GET /users/@me", delay=0.1)
    async with aiohttp.ClientSession() as http:
        started = asyncio.get_running_loop().time()
        async with http.get(ld.url + API_PREFIX + "/users/@me") as response:
            assert response.status == 200
        assert asyncio.get_running_loop().time() - started >= 0.1


async def test_rejected_token_fails_login(ld):
    """401 on /users/@me makes login raise LoginFailure."""
    from tdbot.client import TDBot

    ld.inject("GET /users/@me", status=401)
    async with TDBot() as bot:
        with pytest.raises(discord.LoginFailure):
            await ld.login(bot)


async def test_unknown_routes_are_recorded_and_answered_404(ld, bot):
    """A REST call the stand-in does not implement fails fast with 404."""
    with pytest.raises(discord.NotFound):
        await bot.fetch_guild(ld.guild.id)
    assert ld.requests[-1].path == f"/guilds/{ld.guild.id}"
    assert ld.requests[-1].status == 404


async def test_second_acknowledgement_is_refused(ld, bot):
    """Discord refuses a second callback for the same interaction (40060)."""
    result = await ld.slash("ping")
    url = f"{ld.url}{API_PREFIX}/interactions/{result.id}/{result.token}/callback"
    async with aiohttp.ClientSession() as http, http.post(url, json={"type": 5}) as response:
        assert response.status == 400
        assert (await response.json())["code"] == 40060


# ------------------------------------------------------------------------------ typed input


@pytest.mark.parametrize(
    ("line", "options"),
    [
        ("/ruling confirm id:12", {"id": "12"}),
        ('/ruling confirm id:12 reason:"dropped it"', {"id": "12", "reason": "dropped it"}),
        ("/ruling confirm reason:dropped it id:12", {"reason": "dropped it", "id": "12"}),
        ("/ruling confirm id:3 reason:'a: b'", {"id": "3", "reason": "a: b"}),
        ("/show seat:W how:2", {"seat": "W", "how": "2"}),
        ("show seat:W", {"seat": "W"}),
    ],
)
def test_command_lines_split_into_options(ld, bot, line, options):
    """Values run to the next option; quotes keep colons and spaces."""
    command, path, raw = ld.parse_command_line(line)
    assert raw == options
    assert " ".join(path) == command.qualified_name


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/nope", "There is no /nope command"),
        ("/ruling", "/ruling needs a subcommand: confirm"),
        ("/ruling deny id:1", "has no subcommand 'deny'"),
        ("/ruling confirm 12", "options are written name:value"),
        ("/ruling confirm id:x", "id: expected a whole number"),
        ("/ruling confirm", "needs id:"),
        ("/ruling confirm id:1 foo:2", "has no option 'foo'"),
        ('/ruling confirm id:1 reason:"open', "the quote is not closed"),
        ("/ruling confirm id:1 id:2", "given twice"),
        ("/show seat:W how:9", "how: must be between 1 and 7"),
        ("/show seat:W honest:maybe", "expected true or false"),
        ("/export who:@Nobody", "no member '@Nobody'"),
    ],
)
async def test_bad_command_lines_say_what_is_wrong(ld, bot, line, message):
    """Typed input that Discord's client would refuse gives a clear message, not a payload."""
    with pytest.raises(CommandInputError, match=message):
        await ld.run(line)


async def test_typed_values_take_the_declared_types(ld, bot):
    """Strings become the option types the command declares (integer 4, boolean 5)."""
    payload = ld.slash_payload("show", {"seat": "W", "how": "3", "honest": "no"})
    types = {o["name"]: (o["type"], o["value"]) for o in payload["data"]["options"]}
    assert types == {"seat": (3, "W"), "how": (4, 3), "honest": (5, False)}


# ---------------------------------------------------------------------------- payload builders


def test_subcommands_and_groups_nest():
    """'a b c' is group b (type 2) holding subcommand c (type 1) holding the options."""
    data = command_data("a b c", [{"name": "x", "type": 4, "value": 1}])
    [group] = data["options"]
    assert (group["name"], group["type"]) == ("b", 2)
    [sub] = group["options"]
    assert (sub["name"], sub["type"], sub["options"][0]["name"]) == ("c", 1, "x")


def test_interaction_payload_carries_member_permissions():
    """The member payload has the computed permissions; the director has manage_guild."""
    guild = Guild.club()
    director, player = guild.member("Director"), guild.member("Declarer")
    assert director.has(manage_guild=True) and not player.has(manage_guild=True)
    payload = interaction_payload(2, application_id=1, user=director, data=command_data("x"))
    perms = discord.Permissions(int(payload["member"]["permissions"]))
    assert perms.manage_guild
    assert payload["guild_id"] == str(guild.id)
    assert payload["channel"]["name"] == "table-1"


def test_modal_submit_mirrors_labels():
    """A modal built from labels (type 18) is answered with labels."""
    modal = {
        "custom_id": "m",
        "components": [{"type": 18, "label": "Why", "component": {"type": 4, "custom_id": "w"}}],
    }
    data = modal_submit_data(modal, {"Why": "because"})
    assert data["components"] == [
        {"type": 18, "component": {"type": 4, "custom_id": "w", "value": "because"}}
    ]


def test_ids():
    """New ids increase; stable ids repeat for the same name and differ between names."""
    first, second = new_id(), new_id()
    assert second > first
    assert stable_id("guild", "A") == stable_id("guild", "A") != stable_id("guild", "B")
    assert stable_id("guild", "A") < first
