"""Through the emulator: rules and help in full, card lookups, defaults, "?" and Undo."""

import json
import random

import pytest

from bot.surface.rules import how_to_play
from engines.galdors_grip.game import GaldorsGrip
from engines.plugins import controls_in_channel
from tests.bot.harness import move_controls, v2_pictures, v2_texts

pytestmark = pytest.mark.asyncio(loop_scope="module")


def pages_of(ix) -> list[list[str]]:
    """Each answer's text displays: its title, then its text (v2 messages only)."""
    return [v2_texts(m) for m in ix.messages]


def body_of(ix) -> str:
    """The text of every page, without the pages' titles."""
    return "\n\n".join("\n\n".join(texts[1:]) for texts in pages_of(ix))


@pytest.mark.parametrize(
    ("command", "game_id"),
    [
        ("knightfall rules", "knightfall"),
        ("galdor rules", "galdors_grip"),
        ("gondolin rules", "gondolin"),
    ],
)
async def test_rules_are_complete_in_discord_and_name_no_repository_path(world, command, game_id):
    ix = await world.slash("alice", command)
    assert ix.messages and all(m.ephemeral for m in ix.messages)
    shown = body_of(ix)
    assert shown.split() == how_to_play(game_id).split()  # every word, nothing cut off
    assert "docs/" not in shown and ".md" not in shown
    for texts in pages_of(ix):
        assert sum(map(len, texts)) <= 4000


async def test_help_is_one_message_whose_buttons_turn_its_pages(world):
    """/help answers once, privately: "Start here" first, each page button edits that message
    (greyed out on its own page), every page a v2 message within 4,000 characters."""
    pages = await world.help_pages("bob")
    assert [p[0] for p in pages] == [
        "## Tabletop games",
        "## Tabletop games: Playing",
        "## Tabletop games: Standings, daily deal, tournaments",
        "## Tabletop games: Settings",
    ]
    assert all(sum(map(len, p)) <= 4000 for p in pages)
    ix = await world.slash("bob", "help")
    help_ = ix.messages[0]
    assert [(b.label, b.disabled) for b in help_.buttons()][:2] == [
        ("Start here", True),
        ("Playing", False),
    ]
    await world.click("bob", help_, help_.find_button("Settings"))
    assert "/game end" in v2_texts(help_)[1] and "`tournament_role`" in v2_texts(help_)[1]
    assert [b.disabled for b in help_.buttons()] == [False, False, False, True]


async def test_help_is_complete_and_names_every_game_command(world):
    shown = "\n\n".join(p[1] for p in await world.help_pages("bob"))
    for command in (
        "/knightfall challenge",
        "/galdor start",
        "/gondolin start",
        "/galdor card",
        "/gondolin card",
        "/knightfall card",
        "/leaderboard",
        "/tournament create",
        "/tournament join",
        "/galdor daily",
        "/gondolin daily",
        "/game settings",
    ):
        assert command in shown
    assert "docs/" not in shown and "**?**" in shown
    # the solo games' commands and the games with hints, named from the games' plugins
    assert "so `/galdor start` or `/gondolin start` alone\nis enough" in shown
    assert "`/game hint` (Galdor's Grip, Gondolin) suggests" in shown


async def test_help_rules_lookups_and_the_phase_help_are_v2_messages_within_limits(world):
    """Components v2 only (no content, no embed, every picture in a gallery): no Embed Links
    needed; each page within 4,000 characters, numbered when a text takes several."""
    asked = []
    for group in ("knightfall", "galdor", "gondolin", "guardians", "gondor"):
        asked.append(await world.slash("alice", f"{group} rules"))
    asked.append(await world.slash("carol", "knightfall card", name="Q♠"))
    await world.slash("alice", "galdor start")
    board = world.board(await world.live())
    asked.append(await world.click("alice", board, board.find_button("?")))
    await world.resign("alice")
    for ix in asked:
        pages = [m for m in ix.messages if m.ephemeral]
        assert pages and all(not m.embeds for m in ix.messages), ix.messages
        titles = [v2_texts(m)[0] for m in pages]  # refused unless the flag is set
        assert all(sum(map(len, v2_texts(m))) <= 4000 for m in pages)
        if len(pages) > 1:
            assert all(t.endswith(f"({i}/{len(pages)})") for i, t in enumerate(titles, 1))
    assert len(asked[4].messages) == 2, "the longest rules (Gondor's) take two pages"


async def test_help_starts_with_a_lesson_line_per_game(world):
    first = (await world.help_pages("bob"))[0][1]
    assert first.startswith("**Start here**")
    start = first.split("\n\n")[0].splitlines()
    for command in ("knightfall", "galdor", "gondolin", "guardians", "gondor"):
        line = next(x for x in start if x.startswith(f"`/{command} learn`"))
        assert "minutes" in line or "hours" in line, line  # how long a game takes


@pytest.mark.parametrize(
    ("command", "name", "title"),
    [
        ("knightfall card", "Q♠", "Queen of spades"),
        ("galdor card", "Galdor's Grip", "Galdor's Grip"),
        ("gondolin card", "Asgar of the Ember Guard", "Asgar of the Ember Guard"),
    ],
)
async def test_card_lookup_shows_the_card_image_and_text_only_to_the_asker(
    world, command, name, title
):
    ix = await world.slash("carol", command, name=name)
    answer = ix.messages[-1]
    (picture,) = v2_pictures(answer)  # in a media gallery, with its alt text
    assert answer.ephemeral and picture.width <= 1000 and picture.description
    heading, text = v2_texts(answer)
    assert heading.startswith(f"## {title}") and len(text) > 40


async def test_card_lookup_refuses_an_unknown_name_and_autocompletes_names(world):
    ix = await world.slash("carol", "gondolin card", name="No Such Card")
    assert ix.messages[-1].ephemeral and "No Gondolin card" in ix.messages[-1].text()
    cog = world.bot.get_cog("KnightfallCog")
    choices = await cog._card_names(None, "queen")
    assert [c.name for c in choices] == [
        "Queen of clubs (Q♣)",
        "Queen of diamonds (Q♦)",
        "Queen of hearts (Q♥)",
        "Queen of spades (Q♠)",
    ]
    cog = world.bot.get_cog("GaldorCog")
    assert len(await cog._card_names(None, "")) == 25  # Discord's maximum


async def test_every_start_option_has_a_default_shown_in_its_description(world):
    registered = world.emu.registered_commands(world.guild) + world.emu.registered_commands()
    commands = {c["name"]: c for c in registered}
    for group in ("galdor", "gondolin"):
        start = next(o for o in commands[group]["options"] if o["name"] == "start")
        for option in start.get("options", []):
            assert not option.get("required"), (group, option["name"])
            assert "default" in option["description"], (group, option["name"])


async def test_gondolin_start_works_exactly_as_typed(world):
    ix = await world.slash("dave", "gondolin start", chan=world.chan2)
    session = await world.live(world.chan2)
    assert session is not None and session.game_id == "gondolin", ix.messages
    assert session.game.view(0)["story"]  # the first story, the ready-made deck, easy mode
    await world.resign("dave", chan=world.chan2)


async def test_the_help_button_explains_the_phase_and_only_the_clickers_choices(world):
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    ix = await world.click("alice", board, board.find_button("?"))
    answer = ix.messages[-1]
    text = answer.text()
    assert answer.ephemeral and "Your choices now" in text
    for action in session.game.legal_actions(0):
        assert action.label() in text
    footer = v2_texts(answer)[-1]  # the answer outlives the move it explains
    assert footer.startswith(f"-# As of move {session.step}:"), footer
    ix = await world.click("bob", board, board.find_button("?"))
    text = ix.messages[-1].text()
    assert "You are watching" in text and "Your choices now" not in text
    await world.resign("alice")


async def test_the_first_board_and_the_help_say_the_goal_and_the_stars_in_words(world):
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    goal = session.game.goal()
    assert goal.startswith("Trap Feragot: have at least 9 ⭐")
    assert f"**Goal:** {goal}" in board.text() and "9 ⭐ needed to win" in board.text()
    ix = await world.click("alice", board, board.find_button("?"))
    assert f"**Goal:** {goal}" in ix.messages[-1].text()
    await world.slash("alice", "game resign")


async def test_undo_rebuilds_without_the_last_move_and_replays(world, monkeypatch):
    monkeypatch.setattr(GaldorsGrip, "allows_undo", True)
    await world.slash("alice", "galdor start")
    session = await world.live()
    before = session.state_json
    board = world.board(session)
    assert not any("Undo" in (b.label or "") for b in board.buttons())  # nothing to undo yet
    action = next(b.custom_id for b in board.buttons() if b.custom_id.startswith("g1:"))
    await world.click("alice", board, action)
    session = await world.bot.store.load(session.id)
    assert session.state_json != before
    board = world.board(session)
    undo = board.find_button("Undo last move")
    refused = await world.click("bob", board, undo)
    assert "not playing" in refused.messages[-1].text()
    await world.click("alice", board, undo)
    session = await world.bot.store.load(session.id)
    assert json.loads(session.state_json) == json.loads(before)
    assert session.options.get("used_undo") is True
    assert "took back" in world.board(session).text()
    again = await world.click("alice", board, board.find_button("Undo last move"))
    assert "no move left" in again.messages[-1].text()
    log = await world.bot.store.action_log(session.id)
    assert [code for _, code, _ in log][-1] == "!undo"
    await world.resign("alice")
    ix = await world.slash("alice", "game replay", session=session.id)
    assert "the same final state" in ix.messages[-1].text()


START = {
    "knightfall": "knightfall challenge",
    "galdors_grip": "galdor start",
    "gondolin": "gondolin start",
    "guardians": "guardians challenge",
    "gondor": "gondor challenge",
}


@pytest.mark.parametrize("game_id", list(START))
async def test_every_player_s_first_board_and_dm_say_the_goal(world, game_id):
    """The goal stays on the board until each player chose a move; their first DM has it too."""
    two = not controls_in_channel(game_id)
    before = {who: len(world.emu.dm_messages(world.people[who])) for who in ("alice", "bob")}
    if two:  # a duel of two people: the one moving second reads the board after a move
        await world.slash("alice", START[game_id], opponent=world.people["bob"])
        challenge = world.emu.channel_messages(world.chan)[-1]
        await world.click("bob", challenge, challenge.find_button("Accept"))
    else:
        await world.slash("alice", START[game_id])
    session = await world.live()
    rng, moved = random.Random(47), set()
    while len(moved) < len(session.seats):
        assert "**Goal:**" in world.board(session).text(), f"move {session.step}"
        for seat in set(range(len(session.seats))) - moved:
            user = world.user(session, seat)
            dms = world.emu.dm_messages(user)[before[user.name] :]
            if dms:  # the first version of the first DM, and the one they decide from
                assert "**Goal:**" in (dms[0].history or [dms[0]])[0].text()
                assert "**Goal:**" in dms[-1].text()
        seat = session.game.to_act()[0]
        user = world.user(session, seat)
        message = world.board(session) if not two else world.controls_message(user)
        assert message is not None
        await world.make_move(user, message, rng.choice(move_controls(message)))
        moved.add(seat)
        session = await world.bot.store.load(session.id)
    assert "**Goal:**" not in world.board(session).text()  # then the board is the game's
    await world.resign("alice")
    assert await world.live() is None
