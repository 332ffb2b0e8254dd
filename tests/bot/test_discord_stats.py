"""/stats through Discord: a member's games, someone else's, the server's; pinging no one."""

import asyncio
import io
import json
import random
import re
from datetime import timedelta

import pytest
from PIL import Image

from bot.cogs.stats import MemberStats, member_layout
from bot.storage import stats
from bot.surface import acknowledge
from tests.bot.harness import v2_pictures, v2_texts
from tests.storage import stats_reference as reference

pytestmark = pytest.mark.asyncio(loop_scope="module")


def answer_of(ix):
    """The command's answer: posted in the channel for everyone, notifying nobody."""
    answer = ix.messages[-1]
    assert not answer.ephemeral
    assert answer.mentions is None or (
        not answer.mentions.notified and not answer.mentions.everyone
    )
    return answer


def fields(answer) -> list[str]:
    """The answer's titled blocks, each as "name\nvalue" (the bold name's ** taken off)."""
    blocks = [t for t in v2_texts(answer) if t.startswith("**") and "\n" in t]
    return [b.removeprefix("**").replace("**\n", "\n", 1) for b in blocks]


def field(answer, title: str) -> str:
    """The block whose name starts with ``title``."""
    (found,) = [f for f in fields(answer) if f.startswith(title)]
    return found


def title(answer) -> str:
    return v2_texts(answer)[0].removeprefix("## ")


async def test_a_member_with_no_games_is_pointed_to_help_and_a_lesson_does_not_count(world):
    answer = answer_of(await world.slash("dave", "stats", member=world.people["dave"]))
    assert "No games yet — try /help" in answer.text() and answer.attachments == []
    await world.slash("dave", "galdor learn")
    assert (await world.live()).lesson is not None
    await world.resign("dave")
    assert await world.live() is None
    assert (
        "No games yet — try /help"
        in answer_of(await world.slash("dave", "stats", member=world.people["dave"])).text()
    )


async def test_a_members_stats_after_a_few_games_with_the_rating_graph(world):
    bob = world.people["bob"]
    await world.knightfall_duel("alice", "bob")
    await world.resign("bob")
    await world.knightfall_duel("bob", "alice")
    await world.resign("bob")
    await world.knightfall_duel("alice", "bob")
    await world.resign("alice")
    await world.slash("alice", "knightfall challenge", level="easy")
    await world.resign("alice")
    await world.slash("alice", "galdor start", threshold=5)
    await world.resign("alice")  # a solo resignation: a loss with no points

    answer = answer_of(await world.slash("alice", "stats", member=world.people["alice"]))
    assert title(answer) == "Alice — stats"
    knightfall = field(answer, "Knightfall")
    assert "— 4 games\n**Rated**: 3 games · 2W 1L 0D · rating **" in knightfall
    assert "over the last 3 rated games" in knightfall
    assert "**Against the computer**: easy 0W 1L 0D" in knightfall
    assert f"**Favourite opponents**: <@{bob.id}> 3 games (2W 1L 0D)" in knightfall
    assert field(answer, "Galdor's Grip") == "Galdor's Grip — 1 game\n1 game · 0 won · best **0**"

    (graph,) = v2_pictures(answer)
    assert answer.attachments == [graph]
    assert graph.filename == "rating.png" and graph.description.startswith("Alice — rating history")
    assert "Knightfall: A Kingdom's War: from 1500 to " in graph.description
    image = Image.open(io.BytesIO(graph.data))
    assert image.height <= image.width


async def test_someone_elses_stats_for_one_game(world):
    alice = world.people["alice"]
    answer = answer_of(
        await world.slash("carol", "stats", member=world.people["bob"], game="knightfall")
    )
    assert title(answer) == "Bob — stats"
    (only,) = fields(answer)
    assert only.startswith("Knightfall: A Kingdom's War — 3 games\n")
    assert "**Rated**: 3 games · 1W 2L 0D" in only
    assert f"<@{alice.id}> 3 games (1W 2L 0D)" in only
    assert answer.attachments and answer.attachments[0].description.startswith("Bob — rating")

    galdor = answer_of(
        await world.slash("carol", "stats", member=world.people["bob"], game="galdors_grip")
    )
    assert "No games yet — try /help" in galdor.text() and galdor.attachments == []


async def test_a_member_who_only_played_the_computer_has_it_as_favourite_and_no_graph(world):
    await world.slash("carol", "knightfall challenge", level="easy")
    await world.resign("carol")
    answer = answer_of(await world.slash("carol", "stats", member=world.people["carol"]))
    knightfall = field(answer, "Knightfall")
    assert "War — 1 game\n**Against the computer**: easy 0W 1L 0D\n" in knightfall
    assert knightfall.endswith("\n**Favourite opponent**: the computer (1 game)")
    assert "Rated" not in knightfall and answer.attachments == []
    assert "No rated games" in answer.text()


async def test_the_server_view_counts_games_players_and_streaks(world):
    alice = world.people["alice"]
    answer = answer_of(await world.slash("dave", "stats"))
    assert title(answer) == "Test Server — stats"
    assert "Knightfall: A Kingdom's War — 5 games, 3 players" in field(answer, "Games")
    assert "Galdor's Grip — 1 game, 1 player" in field(answer, "Games")
    assert field(answer, "Most active").startswith(
        "Most active\n" + f"**1.** <@{alice.id}> — 5 games"
    )
    assert f"<@{alice.id}> — 2 wins in a row at Knightfall" in field(answer, "Longest win streaks")
    assert answer.attachments == []


async def test_a_member_asks_for_stats_once_per_cooldown(world):
    cog = world.bot.get_cog("StatsCog")
    cog.cooldown = timedelta(seconds=30)
    world.emu.advance(31)  # the stats asked for earlier in this module are long ago
    try:
        answer_of(await world.slash("carol", "stats"))
        posted = len(world.emu.channel_messages(world.chan))
        again = await world.slash("carol", "stats", member=world.people["bob"])
        (refusal,) = again.messages
        assert refusal.ephemeral
        wait = re.fullmatch(
            r"You asked for stats moments ago; you can ask again in (\d+) s\.", refusal.text()
        )
        assert wait and 25 <= int(wait[1]) <= 30, refusal.text()
        assert len(world.emu.channel_messages(world.chan)) == posted  # nothing was posted
        answer_of(await world.slash("dave", "stats"))  # another member's own cooldown
        world.emu.advance(31)
        assert answer_of(await world.slash("carol", "stats", member=world.people["bob"]))
    finally:
        cog.cooldown = timedelta(0)


DECK = [f"Guardian card {k}" for k in range(60)]
SAVED_DECKS = {  # the options of a Guardians game with a saved deck, as its results keep them
    "deck_lists": [DECK, DECK],
    "guardians": ["Aldor", "Brand"],
    "strongholds": [["Keep", "Wall", "Gate"], ["Tower", "Moat", "Bridge"]],
}
PEOPLE = [7_000_000_000 + k for k in range(40)]
DEFERRED = 5  # the interaction's answer: "thinking…", the message follows


def seeded_games(guild_id: int, member: int, count: int):
    """``count`` finished games of ``member``: sessions and results rows as the store writes."""
    rng = random.Random(11)
    sessions, results = [], []
    for i in range(count):
        sid, finished, kind = f"seeded{i:06d}", f"2026-01-02T03:04:05.{i:06d}", i % 20
        game, options, level, rating, hinted = "guardians", SAVED_DECKS, None, None, 0
        mine = rng.choice(["win", "loss", "draw"])
        theirs = {"win": "loss", "loss": "win", "draw": "draw"}[mine]
        opponent, score = rng.choice(PEOPLE), None
        if kind < 12:  # rated, against a person
            rating = (1400.0 + i % 97, 1401.0 + i % 89)
        elif kind < 13:
            options = {**SAVED_DECKS, "unrated": True}
        elif kind < 16:
            game, options, opponent = "knightfall", {}, None
            level, mine = rng.choice(["easy", "normal", "hard"]), rng.choice(["win", "loss"])
        else:
            game, opponent, mine = "galdors_grip", None, rng.choice(["win", "loss"])
            options = {"used_undo": True} if kind == 19 else {"threshold": 9}
            score, hinted = float(rng.randrange(45)), int(kind == 18)
        sessions.append((sid, game, guild_id, 1, "finished", 1, finished, finished, hinted))
        extra = json.dumps({"options": options})
        results.append(
            (
                sid,
                member,
                guild_id,
                game,
                mine,
                score,
                extra,
                finished,
                level,
                *(rating or (None, None)),
            )
        )
        if opponent is not None:
            results.append(
                (
                    sid,
                    opponent,
                    guild_id,
                    game,
                    theirs,
                    None,
                    extra,
                    finished,
                    None,
                    *(rating or (None, None)),
                )
            )
    return sessions, results


async def test_a_member_with_many_games_gets_the_counted_figures_and_other_games_go_on(
    world, monkeypatch
):
    """Figures of 24,000 games are read from summaries (filled from the results written before
    them, as the migration does) and equal the results counted; a click in another game
    meanwhile is answered as fast as ever. A leaderboard whose reading outlasts the budget
    to answer is deferred first."""
    db, guild_id, dave = world.bot.db, world.guild.id, world.people["dave"].id
    sessions, results = seeded_games(guild_id, dave, 24_000)
    async with db.transaction():
        await db.executemany(
            "INSERT INTO sessions (id, game, guild_id, channel_id, status, seed, created_at,"
            " updated_at, hinted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            sessions,
        )
        await db.executemany(
            "INSERT INTO results (session_id, user_id, guild_id, game, outcome, score,"
            " extra_json, finished_at, vs_computer, rating_before, rating_after)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            results,
        )
        await db.execute(
            "INSERT INTO ratings (guild_id, game, user_id, rating, rd, vol)"
            " VALUES (?, 'guardians', ?, 1488.0, 60.0, 0.06)",
            (guild_id, dave),
        )
    await reference.refill_summaries(db)

    await world.slash("alice", "galdor start")
    board = world.board(await world.live())
    switch = board.find_button("Play my only moves for me")  # a click that reads and writes
    clock = asyncio.get_running_loop().time
    asked = [
        await world.emu.slash(world.people[who], world.chan2, "stats", member=world.people["dave"])
        for who in ("dave", "bob", "carol")
    ]
    for ix in asked:
        await ix.done(timeout=5)
    started = clock()
    click = await world.emu.click(world.people["alice"], board, switch)
    await click.done(timeout=5)
    waited = clock() - started
    await world.quiesce()
    assert waited < 0.5, f"the click waited {waited:.2f} s behind /stats"
    assert "OFF" in " ".join(b.label or "" for b in click.message.buttons())
    await world.resign("alice")

    answer = answer_of(asked[0])
    assert all(v2_texts(answer_of(ix)) == v2_texts(answer) for ix in asked[1:])
    records = await reference.records(db, guild_id, dave)
    ratings = await stats.ratings(db, guild_id, dave, ["guardians", "knightfall"])
    counted = member_layout(
        "Dave",
        MemberStats(
            records,
            ratings,
            {g: await stats.rating_history(db, guild_id, dave, g) for g in ratings},
            await reference.opponents(db, guild_id, dave),
        ),
    ).view.to_components()[0]["components"]
    shown = v2_texts(answer)
    assert shown == [c["content"] for c in counted if c["type"] == 10]
    assert shown[1] == "24000 finished games on this server."
    assert "**Rated**: 14400 games" in field(answer, "Guardians")
    (graph,) = answer.attachments
    assert graph.description.startswith("Dave — rating history. Guardians: from ")

    monkeypatch.setattr(acknowledge, "ACK_BUDGET_SECONDS", 0.05)  # it reads 28,800 results
    board = await world.slash("carol", "leaderboard", game="guardians")
    assert board.response_type == DEFERRED and not board.late
    assert answer_of(board).embeds[0]["title"] == "Guardians — leaderboard"
