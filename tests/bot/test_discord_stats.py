"""/stats through Discord: a member's games, someone else's, the server's; pinging no one."""

import io

import pytest
from PIL import Image

pytestmark = pytest.mark.asyncio(loop_scope="module")


def answer_of(ix):
    """The command's answer: posted in the channel for everyone, notifying nobody."""
    answer = ix.messages[-1]
    assert not answer.ephemeral
    assert answer.mentions is None or (
        not answer.mentions.notified and not answer.mentions.everyone
    )
    return answer


def field(answer, title: str) -> str:
    """The name and value of the embed field whose name starts with ``title``."""
    (found,) = [f for f in answer.embeds[0]["fields"] if f["name"].startswith(title)]
    return found["name"] + "\n" + found["value"]


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
    assert answer.embeds[0]["title"] == "Alice — stats"
    knightfall = field(answer, "Knightfall")
    assert "— 4 games\n**Rated**: 3 games · 2W 1L 0D · rating **" in knightfall
    assert "over the last 3 rated games" in knightfall
    assert "**Against the computer**: easy 0W 1L 0D" in knightfall
    assert f"**Favourite opponents**: <@{bob.id}> 3 games (2W 1L 0D)" in knightfall
    assert field(answer, "Galdor's Grip") == "Galdor's Grip — 1 game\n1 game · 0 won · best **0**"

    (graph,) = answer.attachments
    assert graph.filename == "rating.png" and graph.description.startswith("Alice — rating history")
    assert "Knightfall: A Kingdom's War: from 1500 to " in graph.description
    image = Image.open(io.BytesIO(graph.data))
    assert image.height <= image.width
    assert answer.embeds[0]["image"]["url"] == "attachment://rating.png"


async def test_someone_elses_stats_for_one_game(world):
    alice = world.people["alice"]
    answer = answer_of(
        await world.slash("carol", "stats", member=world.people["bob"], game="knightfall")
    )
    assert answer.embeds[0]["title"] == "Bob — stats"
    (only,) = answer.embeds[0]["fields"]
    assert only["name"] == "Knightfall: A Kingdom's War — 3 games"
    assert "**Rated**: 3 games · 1W 2L 0D" in only["value"]
    assert f"<@{alice.id}> 3 games (1W 2L 0D)" in only["value"]
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
    assert answer.embeds[0]["title"] == "Test Server — stats"
    assert "Knightfall: A Kingdom's War — 5 games, 3 players" in field(answer, "Games")
    assert "Galdor's Grip — 1 game, 1 player" in field(answer, "Games")
    assert field(answer, "Most active").startswith(
        "Most active\n" + f"**1.** <@{alice.id}> — 5 games"
    )
    assert f"<@{alice.id}> — 2 wins in a row at Knightfall" in field(answer, "Longest win streaks")
    assert answer.attachments == []
