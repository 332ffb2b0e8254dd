"""Shards and several bot processes on one database, through the emulator.

On PostgreSQL two processes (bot clients with their own database connections) split two
shards, ``SHARD_IDS=0`` and ``SHARD_IDS=1``; on SQLite one process runs both shards.
"""

import asyncio
import json
import random
from datetime import timedelta

import discord
import pytest
from pydantic import ValidationError

import engines
from bot import routing
from bot.settings import Settings
from bot.storage import database
from bot.storage.store import SessionStore
from discord_emulator import EmulatorError, Interaction, Message, User, loopback_only
from discord_emulator.shards import ShardKey
from tests.bot.harness import BotProcess, World, move_controls, sharded_world, start_process

WARNING = "is waiting for your move"


@pytest.fixture
async def deployment(db_target):
    """The world and its processes: [[0], [1]] on PostgreSQL, [[0, 1]] on SQLite."""
    layout = [[0], [1]] if isinstance(db_target, str) else [[0, 1]]
    with loopback_only() as refused:
        world = await sharded_world(db_target)
        procs = [await start_process(world, ids, 2) for ids in layout]
        world.bot = procs[-1].bot  # for reading the database (shard 1's process stays up)
        yield world, procs
        for proc in procs:
            if not proc.task.done():
                await proc.stop()
        await world.emu.stop()
        assert not world.emu.unhandled, world.emu.unhandled
    assert refused == [], refused


def process_of(procs: list[BotProcess], shard: int) -> BotProcess:
    """The process running ``shard``."""
    return next(p for p in procs if shard in p.bot.shard_ids)


def answered_by(procs: list[BotProcess], interaction_id: int) -> list[BotProcess]:
    return [p for p in procs if interaction_id in p.handled]


async def challenge(world: World, chan, procs: list[BotProcess], shard: int):
    """Alice challenges Bob in ``chan``, Bob accepts: both handled by the shard's process."""
    ix = await world.slash("alice", "knightfall challenge", chan=chan, opponent=world.people["bob"])
    assert answered_by(procs, ix.id) == [process_of(procs, shard)]
    offer = world.emu.channel_messages(chan)[-1]
    ix = await world.click("bob", offer, offer.find_button("Accept"))
    assert answered_by(procs, ix.id) == [process_of(procs, shard)]
    session = await world.bot.store.live_in_channel(chan.id)
    assert session is not None and session.status == "active"
    return session


def test_shard_settings_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2, 3")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@127.0.0.1/games")
    settings = Settings(_env_file=None)
    assert (settings.shard_count, settings.shard_ids) == (4, [2, 3])
    monkeypatch.setenv("SHARD_IDS", "")
    assert Settings(_env_file=None).shard_ids is None  # all of them
    monkeypatch.delenv("DATABASE_URL")
    url = "postgresql://bot@127.0.0.1/games"
    for ids, count in (("0", None), ("4", 4), ("1,1", 4), ("-1", 4)):
        with pytest.raises(ValidationError, match="SHARD_IDS"):
            Settings(_env_file=None, shard_ids=ids, shard_count=count, database_url=url)
    with pytest.raises(ValidationError, match="DATABASE_URL"):  # the other shards' processes
        Settings(_env_file=None, shard_ids="0", shard_count=2)  # could not share SQLite
    assert Settings(_env_file=None, shard_ids="1,0", shard_count=2).shard_ids == [1, 0]


async def test_each_server_is_answered_by_its_shards_process(deployment):
    world, procs = deployment
    assert world.emu.shards() == [ShardKey(0, 2), ShardKey(1, 2)]  # in one process or two
    for shard, proc in ((0, process_of(procs, 0)), (1, process_of(procs, 1))):
        assert [g.id for g in proc.bot.guilds if proc.bot.owns(g.id)] == [
            g.id for g in world.guilds if proc.bot.owns(g.id)
        ]
        assert proc.bot.owns(world.guilds[shard].id)
        ix = await world.slash("carol", "help", chan=world.chans[shard])
        assert ix.messages and answered_by(procs, ix.id) == [proc]
    if len(procs) == 2:
        assert not procs[0].bot.owns(world.guilds[1].id)
        assert [g.name for g in procs[1].bot.guilds] == ["Server 1"]


def current_dm(world: World, session, seat: int) -> Message | None:
    """The seat's DM, if its controls are for the current decision (after a move made from
    "My hand" the DM may show an older one: the bot refuses its buttons as stale)."""
    message = world.controls_message(world.user(session, seat))
    if message is None:
        return None
    steps = {int(custom_id.split(":")[2]) for _, custom_id, _ in move_controls(message)}
    return message if min(steps) >= session.seats[seat].prompt_step else None


async def press(world: World, user: User, message: Message) -> None:
    """Press the first move control of ``message`` (without waiting for an answer)."""
    kind, custom_id, value = move_controls(message)[0]
    if kind == "button":
        await world.emu.click(user, message, custom_id)
    else:
        await world.emu.select(user, message, custom_id, [value])


async def test_a_game_is_played_through_both_processes_and_survives_a_restart(deployment):
    """Board clicks go to the server's shard (1), DM clicks to shard 0, whose process hands
    them to shard 1's; shard 0's process restarts mid-game while the other plays on."""
    world, procs = deployment
    shard_0s = [procs[0]]
    world.chan = world.chans[1]  # the board and "My hand" live in shard 1's server
    session = await challenge(world, world.chan, procs, 1)
    rng = random.Random(14)
    down = False
    dm_clicks = hand_clicks = 0
    for turn in range(24):
        session = await world.bot.store.load(session.id)
        assert session.status == "active"
        seat = rng.choice(session.game.to_act())
        user = world.user(session, seat)
        message = None if turn % 2 or down else current_dm(world, session, seat)
        if message is None:
            message = await world.hand(user.name, session)
            hand_clicks += 1
        else:
            dm_clicks += 1
        await world.make_move(user, message, rng.choice(move_controls(message)))
        assert (await world.bot.store.load(session.id)).step > session.step, "a move was lost"
        if turn == 8 and len(procs) == 2:
            await procs[0].stop()  # shard 0 (and with it the DMs) goes away; shard 1 plays on
            down = True
            waiting = next(s for s in (0, 1) if world.controls_message(world.user(session, s)))
            dm = world.controls_message(world.user(session, waiting))
            with pytest.raises(EmulatorError, match="DMs"):  # Discord: "interaction failed"
                await press(world, world.user(session, waiting), dm)
        if turn == 14 and down:
            procs[0] = await start_process(world, [0], 2)
            shard_0s.append(procs[0])
            down = False
    assert dm_clicks >= 2 and hand_clicks >= 6
    assert procs[-1].handled
    if len(procs) == 2:
        assert not any(p.handled for p in shard_0s), "every click handled by the game's process"
    fetched = [
        r
        for r in world.emu.requests
        if r.method == "GET" and r.path.endswith(f"/channels/{world.chan.id}")
    ]
    assert not fetched, "shard 0's process edits the board without fetching its channel"
    await world.resign("alice")
    session = await world.bot.store.load(session.id)
    assert session.status == "finished"
    rows = await world.bot.store.action_log(session.id)
    assert len(rows) == session.step, "every action once in the log"
    report = await world.bot.replays.report(session)
    assert report.matches, "the log replays to the stored state: nothing lost or doubled"


def session_dm(world: World, session, seat: int) -> Message | None:
    """The seat's newest DM with move controls of ``session``, if they are current."""
    for message in reversed(world.emu.dm_messages(world.user(session, seat))):
        ids = [custom_id for _, custom_id, _ in move_controls(message)]
        if ids and all(custom_id.split(":")[1] == session.id for custom_id in ids):
            steps = {int(custom_id.split(":")[2]) for custom_id in ids}
            return message if min(steps) >= session.seats[seat].prompt_step else None
    return None


async def dm_move(world: World, session) -> Interaction:
    """A move pressed in the DM of a seat to act: the interaction, answered once and in time."""
    session = await world.bot.store.load(session.id)
    seat, dm = next(
        (seat, dm)
        for seat in session.game.to_act()
        if (dm := session_dm(world, session, seat)) is not None
    )
    ix = await world.press(world.user(session, seat), dm, move_controls(dm)[0])
    await world.quiesce()
    assert not ix.failed and ix.response_type is not None and not ix.refusals, "answered once"
    assert (await world.bot.store.load(session.id)).step > session.step, "the move was played"
    return ix


async def test_a_dm_click_is_handled_by_the_process_of_its_games_server(
    deployment, monkeypatch, caplog
):
    """Shard 0 receives every DM click: it hands those on shard 1's games to shard 1's
    process and keeps its own. It handles a click itself, and only itself, when shard 1's
    process claims it too late or is down."""
    world, procs = deployment
    first, second = process_of(procs, 0), process_of(procs, 1)
    world.chan = world.chans[1]
    theirs = await challenge(world, world.chans[1], procs, 1)
    ours = await challenge(world, world.chans[0], procs, 0)
    for _ in range(2):
        ix = await dm_move(world, theirs)
        assert answered_by(procs, ix.id) == [second], "handled where the game's server is"
        ix = await dm_move(world, ours)
        assert answered_by(procs, ix.id) == [first]
    if len(procs) == 2:
        assert second.bot.router is not None and second.bot.router.taken == 2
        assert first.bot.router is not None and first.bot.router.forwarded == 2
        monkeypatch.setattr(routing, "RECONNECT_S", 0.2)
        await first.bot.db.fetchall(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?",
            (routing.APP_NAME,),
        )  # both routers' connections are lost: clicks are handled where they arrive
        await world.emu.wait_for(lambda: not first.bot.router.listening, timeout=5)
        ix = await dm_move(world, theirs)
        assert answered_by(procs, ix.id) == [first]
        await world.emu.wait_for(
            lambda: first.bot.router.listening and second.bot.router.listening, timeout=5
        )  # open again: routed again
        ix = await dm_move(world, theirs)
        assert answered_by(procs, ix.id) == [second]
        monkeypatch.setattr(routing, "PAYLOAD_LIMIT", 100)  # the click does not fit a NOTIFY
        ix = await dm_move(world, theirs)
        assert answered_by(procs, ix.id) == [first]
        monkeypatch.setattr(routing, "PAYLOAD_LIMIT", 7999)
        take = second.bot.router._take
        claimed = asyncio.Event()

        async def late(reply: str, data: dict) -> None:
            await asyncio.sleep(0.2)  # shard 1's loop is held: its claim comes too late
            await take(reply, data)
            claimed.set()

        monkeypatch.setattr(second.bot.router, "_take", late)
        monkeypatch.setattr(routing, "CLAIM_WAIT_S", 0.05)
        monkeypatch.setattr(routing, "SILENT_S", 0.0)  # shard 1 is asked again next time
        ix = await dm_move(world, theirs)
        # The late claim is refused: shard 1's process drops the click (its answer awaited, as
        # a loaded machine may take longer than any fixed pause).
        await asyncio.wait_for(claimed.wait(), 10)
        assert answered_by(procs, ix.id) == [first] and second.bot.router.taken == 3
        monkeypatch.undo()
        await second.stop()
        world.bot = first.bot
        caplog.clear()
        ix = await dm_move(world, theirs)  # nobody claims it: handled here after 0.3 s
        assert "shard 1's process did not take a click in time" in caplog.text
        assert answered_by(procs, ix.id) == [first], "the owner is down: handled as before"
        assert first.bot.router.forwarded == 3
        rows = await first.bot.store.action_log(theirs.id)
        assert len(rows) == (await first.bot.store.load(theirs.id)).step, "nothing lost or doubled"


def test_a_dm_click_is_routed_by_its_session_and_fits_a_notify():
    options = [
        {"label": f"Group {i} to hex {i * 7}", "value": f"mv.{i}.{i * 7}", "description": "Marches"}
        for i in range(25)
    ]
    select = {"type": 3, "custom_id": "s1:abc123:41:0", "options": options}
    data = {
        "id": "1",
        "type": 3,
        "data": {"custom_id": "g1:abc123:41:pass", "component_type": 2},
        "message": {"components": [{"type": 1, "components": [select]}] * 5},
    }
    assert routing.session_id(data) == "abc123"
    assert routing.session_id({**data, "guild_id": "7"}) is None  # a server's: its shard's
    assert routing.session_id({**data, "data": {"custom_id": "other:abc123"}}) is None
    assert routing.session_id({**data, "type": 2}) is None  # a command
    assert routing.session_id({**data, "data": {"custom_id": "hlp:play"}}) is None  # no game
    assert len(json.dumps(data)) > 8000 > routing.PAYLOAD_LIMIT > len(routing.pack(data))
    assert routing.unpack(routing.pack(data)) == data


async def test_housekeeping_sweeps_once_per_tick_and_warns_once(deployment):
    world, procs = deployment
    world.chan = world.chans[1]
    games = [
        await challenge(world, world.chans[0], procs, 0),
        await challenge(world, world.chans[1], procs, 1),
    ]
    waiting = sum(len(g.game.to_act()) for g in games)
    late = discord.utils.utcnow() + timedelta(days=4)  # idle_days=7: warned after 3.5
    bots = [p.bot for p in procs] * (3 - len(procs))  # two sweepers, even in one process

    # Two sweeps at the same moment (no claim): the conditional write lets one warn.
    await asyncio.gather(*(b.lifecycle.sweep(late) for b in bots))
    await world.quiesce()
    warnings = [t for t in world.emu.all_texts() if WARNING in t]
    assert len(warnings) == waiting

    # Housekeeping: one process claims the tick and sweeps, the other skips it.
    later = late + timedelta(hours=1)
    swept = await asyncio.gather(*(b.lifecycle.housekeeping(later) for b in bots))
    assert sorted(swept, key=lambda x: x is None) == [0, None]
    assert await bots[0].lifecycle.housekeeping(later) is None  # the same tick, again
    assert await bots[-1].lifecycle.housekeeping(later + timedelta(hours=1)) == 0
    await world.quiesce()
    assert len([t for t in world.emu.all_texts() if WARNING in t]) == waiting  # no second one


async def test_the_computer_resumes_in_the_process_of_its_server_only(deployment, monkeypatch):
    world, procs = deployment
    store = procs[0].bot.store
    sids = []
    for guild, chan in zip(world.guilds, world.chans, strict=True):
        session = await store.create(
            game_id="knightfall",
            guild_id=guild.id,
            channel_id=chan.id,
            players=[(world.people["alice"].id, "alice"), (0, "Computer")],
            seed=3,
            options={},
            game=engines.get_game("knightfall").new(2, seed=3),
            now=discord.utils.utcnow(),
            computers={1: "easy"},
        )
        sids.append(session.id)
    resumed: list[tuple[int, str]] = []
    for n, proc in enumerate(procs):

        async def record(session, n=n) -> None:
            resumed.append((n, session.id))

        monkeypatch.setattr(proc.bot.sessions, "computer_turns", record)
    for proc in procs:
        proc.bot.sessions.resume_computers(await store.with_computer(), proc.bot.owns)
        await asyncio.gather(*proc.bot.sessions.background)
    expected = [(procs.index(process_of(procs, shard)), sids[shard]) for shard in (0, 1)]
    assert sorted(resumed) == sorted(expected)


async def test_one_connection_for_too_many_servers_is_refused_auto_sharding_is_not(tmp_path):
    with loopback_only():
        db = tmp_path / "db.sqlite3"
        world = await sharded_world(db, max_guilds_per_shard=1, guilds_per_shard=1)
        try:
            with pytest.raises(discord.ConnectionClosed) as refused:
                await start_process(world, None, 1)  # SHARD_COUNT=1: both servers on one
            assert refused.value.code == 4011
            proc = await start_process(world, None, None)  # discord.py asks /gateway/bot
            assert proc.bot.shard_count == 2 and len(proc.bot.guilds) == 2
            await proc.stop()
        finally:
            await world.emu.stop()


async def test_a_tick_is_claimed_once_across_processes(db_target):
    first, second = await database.connect(db_target), await database.connect(db_target)
    try:
        stores = [SessionStore(first), SessionStore(second)]
        now = discord.utils.utcnow()
        for tick in (5, 6, 9):
            claims = await asyncio.gather(*(s.claim_tick("sweep", tick, now) for s in stores * 2))
            assert sorted(claims) == [False, False, False, True]
        assert not await stores[0].claim_tick("sweep", 8, now)  # time never runs back
        assert await stores[1].claim_tick("other job", 8, now)
    finally:
        await first.close()
        await second.close()
