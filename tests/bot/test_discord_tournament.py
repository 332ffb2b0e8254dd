"""A server tournament through the bot: create, join, rounds in threads, byes, forfeits."""

import asyncio
import random
import re
from datetime import timedelta

import discord
import pytest

from bot.storage.pairing import Decision
from bot.storage.tournaments import CANCELLED, FINISHED, RUNNING
from engines.safe_text import markdown
from tests.bot.harness import move_controls, v2_pictures, v2_texts

pytestmark = pytest.mark.asyncio(loop_scope="module")

CREATE_THREADS = discord.Permissions(create_public_threads=True).value


async def channel(world, name: str):
    chan = world.emu.add_text_channel(world.guild, name)
    await world.emu.wait_for(lambda: world.bot.get_channel(chan.id))
    return chan


def add_person(world, name: str):
    user = world.emu.add_user(name)
    world.emu.add_member(world.guild, user)
    world.people[name] = user
    return user


def last_text(ix) -> str:
    return ix.messages[-1].text()


def name_of(world, user_id: int) -> str:
    return next(n for n, u in world.people.items() if u.id == user_id)


async def finish_by_resigning(world, chan, t, round_no, keep=()):
    """Every game of the round not in ``keep``: its second player resigns in its thread."""
    boards = await world.bot.tournaments.tours.boards(t.id, round_no)
    for b in boards:
        if b.second is None or b.board in keep or b.decision is not None:
            continue
        session = await world.bot.store.load(b.session_id)
        thread = world.emu.state.channel(session.channel_id)
        assert thread.parent_id == chan.id
        text = await world.resign(name_of(world, b.second), chan=thread)
        assert "You resigned" in text
    return boards


async def test_a_four_player_swiss_of_three_rounds_to_its_winner_with_a_bye_and_a_forfeit(world):
    """Four join; one withdraws during round 1, so rounds 2 and 3 have three players and a
    bye each (to different players); round 2's game is forfeited at the deadline."""
    emu = world.emu
    chan = await channel(world, "tourney")
    players = ("alice", "bob", "carol", "dave")

    refused = await world.slash(
        "alice", "tournament create", chan, game="knightfall", format="swiss"
    )
    assert "Manage Server" in last_text(refused) and refused.messages[-1].ephemeral
    await world.slash(
        "carol", "tournament create", chan, game="knightfall", format="swiss", rounds=3, pace=1
    )
    (t,) = await world.bot.tournaments.tours.of_server(world.guild.id)
    announced = emu.channel_messages(chan)[-1]
    assert "Knightfall" in announced.text() and "/tournament join" in announced.text()
    assert not announced.mentions.notified

    for who in players:
        joined = await world.slash(who, "tournament join", chan)
        assert "joined" in last_text(joined)
    again = await world.slash("bob", "tournament join", chan)
    assert "already in" in last_text(again) and again.messages[-1].ephemeral
    await world.slash("dave", "tournament leave", chan)
    await world.slash("dave", "tournament join", chan)
    not_yours = await world.slash("alice", "tournament start", chan)
    assert "organiser" in last_text(not_yours)

    await world.slash("carol", "tournament start", chan)
    twice = await world.slash("carol", "tournament start", chan)
    assert "started already" in last_text(twice) and twice.messages[-1].ephemeral
    late = await world.slash("carol", "tournament join", chan)
    assert "has started" in last_text(late)
    t = await world.bot.tournaments.tours.get(t.id)
    assert (t.state, t.round, t.rounds) == (RUNNING, 1, 3)

    byes, withdrawn = [], None
    for round_no in (1, 2, 3):
        boards = await world.bot.tournaments.tours.boards(t.id, round_no)
        byes += [b.first for b in boards if b.second is None]
        paired = {p for b in boards if b.second is not None for p in (b.first, b.second)}
        assert len(paired) == (4 if round_no == 1 else 2) and withdrawn not in paired
        pairing = next(
            m for m in emu.channel_messages(chan) if f"round {round_no} of 3" in m.text()
        )
        assert pairing.mentions.notified == paired  # the bye is named, not pinged
        assert ("has a bye" in pairing.text()) == (round_no > 1)
        for b in boards:
            if b.second is None:
                continue
            session = await world.bot.store.load(b.session_id)
            assert session.status == "active" and session.rated
            assert [s.user_id for s in session.seats] == [b.first, b.second]
            assert session.parent_channel_id == chan.id

        if round_no == 1:  # a loser of round 1 withdraws before the round ends
            await finish_by_resigning(world, chan, t, 1, keep={boards[1].board})
            withdrawn = boards[0].second
            left = await world.slash(name_of(world, withdrawn), "tournament leave", chan)
            assert "withdrew" in last_text(left)
            await finish_by_resigning(world, chan, t, 1)
        elif round_no == 2:  # the game waits past the deadline for one player: a forfeit
            (playing,) = [b for b in boards if b.second is not None]
            session = await world.bot.store.load(playing.session_id)
            rng = random.Random(2)
            while len(session.game.to_act()) != 1:
                seat = session.game.to_act()[0]
                user = world.user(session, seat)
                dm = world.controls_message(user)
                await world.make_move(user, dm, rng.choice(move_controls(dm)))
                session = await world.bot.store.load(session.id)
            waited = session.seats[session.game.to_act()[0]].user_id
            thread = emu.state.channel(session.channel_id)
            await world.bot.lifecycle.sweep(session.updated_at + timedelta(days=4))  # idle
            await world.quiesce()
            offers = [m for m in emu.state.messages_in(thread.id) if "has not moved" in m.text()]
            assert offers == [], "the computer never plays for a member in a tournament"
            for _ in range(2):  # a quarter of the round left: its players are told, once
                await world.bot.tournaments.check(t.id, t.round_ends_at - timedelta(hours=5))
                await world.quiesce()
            warnings = [m for m in emu.state.messages_in(thread.id) if "⏳" in m.text()]
            assert len(warnings) == 1 and warnings[0].mentions.notified == {waited}
            assert "forfeit" in warnings[0].text()
            await world.bot.tournaments.check(t.id, t.round_ends_at + timedelta(hours=25))
            await world.quiesce()
            forfeited = await world.bot.store.load(session.id)
            assert forfeited.status == "finished"
            (decided,) = [b for b in await world.bot.tournaments.tours.boards(t.id, 2) if b.second]
            assert decided.decision == (
                Decision.FIRST_FORFEITS if waited == playing.first else Decision.SECOND_FORFEITS
            )
            assert "forfeit" in emu.state.messages_in(thread.id)[-1].text()
        else:
            await finish_by_resigning(world, chan, t, round_no)
        await world.quiesce()
        table = next(
            m
            for m in reversed(emu.channel_messages(chan))
            if "after round" in m.text() or "final standings" in m.text()
        )
        assert table.attachments and not table.mentions.notified
        points = re.findall(r"Points ([\d.]+),", "\n".join(v2_texts(table)))
        assert len(points) == 4 and sum(map(float, points)) == 2 * round_no  # 2 games, or 1 + a bye
        assert f"{name_of(world, withdrawn).title()} (withdrew)" in v2_texts(table)[1]
        t = await world.bot.tournaments.tours.get(t.id)

    assert len(byes) == len(set(byes)) == 2 and withdrawn not in byes, "two sat out, once each"
    assert t.state == FINISHED and t.winner_id is not None and t.winner_id != withdrawn
    winner_line = emu.channel_messages(chan)[-1]
    assert "wins" in winner_line.text() and f"<@{t.winner_id}>" in winner_line.text()
    everyone = {u.id for n, u in world.people.items() if n in players} - {withdrawn}
    assert winner_line.mentions.notified == everyone
    final = next(m for m in reversed(emu.channel_messages(chan)) if "final standings" in m.text())
    first_line = v2_texts(final)[1].split("\n")[0]
    assert first_line.startswith("1. ") and name_of(world, t.winner_id).title() in first_line
    games = [
        frozenset((b.first, b.second))
        for b in await world.bot.tournaments.tours.boards(t.id)
        if b.second
    ]
    assert len(games) == len(set(games)) == 4, "no rematch"
    shown = await world.slash("bob", "tournament standings", chan, tournament=t.id)
    assert "final standings" in last_text(shown) or "after round 3" in last_text(shown)


async def test_a_round_robin_starts_on_time_survives_a_restart_and_forfeits_idle_games(world):
    emu = world.emu
    chan = await channel(world, "round-robin")
    add_person(world, "eve")
    await world.slash(
        "carol",
        "tournament create",
        chan,
        game="knightfall",
        format="round_robin",
        pace=6,
        unit="hours",
        rated=False,
        start_in_hours=2,
    )
    t = next(
        t
        for t in await world.bot.tournaments.tours.of_server(world.guild.id)
        if t.channel_id == chan.id
    )
    assert t.starts_at is not None
    for who in ("alice", "bob", "dave", "eve"):
        await world.slash(who, "tournament join", chan, tournament=t.id)
    listed = await world.slash("bob", "tournament standings", chan, tournament=t.id)
    assert "Alice, Bob, Dave, Eve" in last_text(listed)

    tours = world.bot.tournaments
    # An hour after creation is always a later tick than the one the bot's own loop claimed
    # when it started (ticks are an hour long here), and still before the start.
    assert await tours.housekeeping(t.starts_at - timedelta(minutes=59))
    assert (await tours.tours.get(t.id)).state == "open"  # not yet
    assert await tours.housekeeping(t.starts_at + timedelta(minutes=1))
    await world.quiesce()
    t = await tours.tours.get(t.id)
    assert (t.state, t.round, t.rounds) == (RUNNING, 1, 3)
    boards = await tours.tours.boards(t.id, 1)
    assert len(boards) == 2 and all(b.session_id for b in boards)
    assert not (await world.bot.store.load(boards[0].session_id)).rated

    await world.stop_bot()  # everything is in the database
    await world.start_bot()
    withdrew = await world.slash("eve", "tournament leave", chan, tournament=t.id)
    assert "withdrew" in last_text(withdrew)
    await finish_by_resigning(world, chan, t, 1)  # her game under way is played out
    await world.quiesce()
    t = await world.bot.tournaments.tours.get(t.id)
    assert t.round == 2

    eve = world.people["eve"].id
    (hers,) = [
        b for b in await world.bot.tournaments.tours.boards(t.id, 2) if eve in (b.first, b.second)
    ]
    assert hers.session_id is None  # no game: she forfeits it
    assert hers.decision == (
        Decision.FIRST_FORFEITS if hers.first == eve else Decision.SECOND_FORFEITS
    )

    # Nobody moves in the other game of round 2: at the deadline both players forfeit.
    await world.bot.tournaments.check(t.id, t.round_ends_at + timedelta(minutes=1))
    await world.quiesce()
    (other,) = [
        b for b in await world.bot.tournaments.tours.boards(t.id, 2) if b.board != hers.board
    ]
    assert other.decision == Decision.BOTH_FORFEIT
    session = await world.bot.store.load(other.session_id)
    assert session.status == "abandoned" and session.end_reason == "forfeit"
    t = await world.bot.tournaments.tours.get(t.id)
    assert t.round == 3
    await finish_by_resigning(world, chan, t, 3)
    await world.quiesce()
    t = await world.bot.tournaments.tours.get(t.id)
    assert t.state == FINISHED
    games = [frozenset((b.first, b.second)) for b in await world.bot.tournaments.tours.boards(t.id)]
    assert len(games) == len(set(games)) == 6, "everyone met everyone once"
    assert "wins" in emu.channel_messages(chan)[-1].text()
    shown = await world.slash("bob", "tournament standings", chan, tournament=t.id)
    assert "final standings" in v2_texts(shown.messages[-1])[0]


async def test_a_game_that_could_not_start_is_started_again_by_housekeeping(world):
    emu = world.emu
    chan = await channel(world, "no-threads")
    await world.slash(
        "carol", "tournament create", chan, game="gondor", format="swiss", start_in_hours=1
    )
    t = next(
        t
        for t in await world.bot.tournaments.tours.of_server(world.guild.id)
        if t.channel_id == chan.id
    )
    await world.slash("alice", "tournament join", chan, tournament=t.id)
    too_few = await world.slash("carol", "tournament start", chan, tournament=t.id)
    assert "at least 3 players" in last_text(too_few) and too_few.messages[-1].ephemeral
    for who in ("bob", "dave"):
        await world.slash(who, "tournament join", chan, tournament=t.id)
    emu.set_channel_permissions(chan, emu.bot_user, deny=CREATE_THREADS)
    tours = world.bot.tournaments
    later = t.starts_at + timedelta(hours=3)
    assert await tours.housekeeping(later)
    await world.quiesce()
    (game,) = [b for b in await tours.tours.boards(t.id, 1) if b.second is not None]
    assert game.session_id is None and game.decision is None
    assert emu.threads(chan) == []

    emu.set_channel_permissions(chan, emu.bot_user)
    assert await tours.housekeeping(later + timedelta(hours=1))
    await world.quiesce()
    (game,) = [b for b in await tours.tours.boards(t.id, 1) if b.second is not None]
    session = await world.bot.store.load(game.session_id)
    assert session.status == "active" and session.parent_channel_id == chan.id
    assert len(emu.threads(chan)) == 1
    await world.slash("carol", "tournament cancel", chan, tournament=t.id)
    assert (await tours.tours.get(t.id)).state == "cancelled"
    shown = await world.slash("bob", "tournament standings", chan, tournament=t.id)
    assert "called off in round 1 of" in v2_texts(shown.messages[-1])[0]


async def test_a_tournament_few_joined_by_its_start_is_called_off(world):
    chan = await channel(world, "too-few")
    await world.slash(
        "carol", "tournament create", chan, game="guardians", format="swiss", start_in_hours=5
    )
    (t,) = [
        t
        for t in await world.bot.tournaments.tours.of_server(world.guild.id)
        if t.channel_id == chan.id
    ]
    await world.slash("bob", "tournament join", chan, tournament=t.id)
    assert await world.bot.tournaments.housekeeping(t.starts_at + timedelta(days=3))
    await world.quiesce()
    assert (await world.bot.tournaments.tours.get(t.id)).state == "cancelled"
    assert "called off" in world.emu.channel_messages(chan)[-1].text()


async def test_members_of_the_role_the_server_names_organise_tournaments(world):
    emu = world.emu
    chan = await channel(world, "by-role")
    organisers = emu.add_role(world.guild, "Organisers")
    emu.give_role(world.guild, world.people["dave"], organisers)
    refused = await world.slash("dave", "tournament create", chan, game="gondor", format="swiss")
    assert "Manage Server" in last_text(refused)
    not_admin = await world.slash("dave", "game settings", chan, tournament_role=organisers)
    assert "Manage Server" in last_text(not_admin)
    shown = await world.slash("carol", "game settings", chan, tournament_role=organisers)
    assert f"<@&{organisers.id}>" in last_text(shown)
    await world.slash("dave", "tournament create", chan, game="gondor", format="swiss")
    (t,) = [
        t
        for t in await world.bot.tournaments.tours.of_server(world.guild.id)
        if t.channel_id == chan.id
    ]
    assert t.organiser_id == world.people["dave"].id
    everyone = world.guild.roles[world.guild.id]
    cleared = await world.slash("carol", "game settings", chan, tournament_role=everyone)
    assert "<@&" not in last_text(cleared)
    await world.slash("dave", "tournament cancel", chan, tournament=t.id)  # its organiser
    shown = await world.slash("bob", "tournament standings", chan, tournament=t.id)
    assert "called off before its start" in last_text(shown)
    assert "under way" not in last_text(shown) and "open" not in last_text(shown)


async def test_32_players_with_the_longest_names_are_all_listed_and_in_the_standings(world):
    """32 display names of 32 characters, each full of markdown to escape: the open list and
    the standings name every player as typed, in messages Discord accepts, pinging nobody."""
    chan = await channel(world, "thirty-two")
    await world.slash("carol", "tournament create", chan, game="gondor", format="swiss")
    (t,) = [
        t
        for t in await world.bot.tournaments.tours.of_server(world.guild.id)
        if t.channel_id == chan.id
    ]
    tours = world.bot.tournaments
    names = [f"{i:02d}" + "_*" * 15 for i in range(32)]
    now = discord.utils.utcnow()
    for i, name in enumerate(names):
        await tours.tours.join(t.id, 10**17 + i, name, now)
    listed = await world.slash("bob", "tournament standings", chan, tournament=t.id)
    assert not listed.late and listed.messages, "the answer was refused"
    shown = "\n".join(v2_texts(listed.messages[-1]))
    assert all(markdown(name) in shown for name in names)

    await tours._post_table(t, await tours.tours.entrants(t.id), "after round 12 of 12", 12)
    posted = world.emu.channel_messages(chan)[-1]
    shown = "\n".join(v2_texts(posted))
    assert all(f"{i + 1}. {markdown(name)}: Points 0" in shown for i, name in enumerate(names))
    assert v2_pictures(posted)[0].description.startswith("Gondor tournament")
    assert not posted.mentions.notified
    await world.slash("carol", "tournament cancel", chan, tournament=t.id)


async def test_a_deleted_channel_calls_its_tournament_off_and_tells_each_player_once(world):
    emu = world.emu
    chan = await channel(world, "doomed")
    await world.slash(
        "carol", "tournament create", chan, game="knightfall", format="swiss", rounds=2, pace=1
    )
    (t,) = [
        x
        for x in await world.bot.tournaments.tours.of_server(world.guild.id)
        if x.channel_id == chan.id
    ]
    for who in ("alice", "bob", "carol"):
        await world.slash(who, "tournament join", chan)
    await world.slash("carol", "tournament start", chan)
    await world.quiesce()
    before = {who: len(emu.dm_messages(world.people[who])) for who in ("alice", "bob", "carol")}

    emu.delete_channel(chan)
    await emu.wait_for(lambda: not world.bot.get_channel(chan.id))
    await world.quiesce()
    for _ in range(50):
        if (await world.bot.tournaments.tours.get(t.id)).state != RUNNING:
            break
        await asyncio.sleep(0.05)
    assert (await world.bot.tournaments.tours.get(t.id)).state == CANCELLED
    await world.quiesce()
    for who in ("alice", "bob", "carol"):
        told = [
            m.text()
            for m in emu.dm_messages(world.people[who])[before[who] :]
            if "was called off" in m.text()
        ]
        assert len(told) == 1 and "channel was deleted" in told[0], who
    await world.bot.tournaments.check(t.id, discord.utils.utcnow() + timedelta(days=3))
    assert (await world.bot.tournaments.tours.get(t.id)).state == CANCELLED  # nothing restarts
    assert t.id not in world.bot.tournaments._checking  # an ended tournament's lock is let go
