"""A running bot logged into the local Discord emulator, and helpers to play through it."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import engines
from bot.client import TabletopBot
from bot.discord_endpoints import point_at
from bot.settings import Settings
from bot.storage.store import Session
from discord_emulator import DiscordEmulator, Interaction, Message, User
from discord_emulator.models import FLAG_COMPONENTS_V2, Attachment, walk_components

T = TypeVar("T")


def database_setting(database: Path | str) -> dict[str, object]:
    """The setting naming ``database``: a PostgreSQL URL, or a SQLite file's path."""
    if str(database).startswith("postgresql://"):
        return {"database_url": str(database)}
    return {"database_path": database}


QUIET = 0.04
"""Seconds without a request from the bot after which it counts as idle."""
SHOWN_S = 30.0
"""How long :meth:`World.shown` waits: a bot process on a loaded machine (a cold render worker
behind other tests) takes seconds for what takes milliseconds alone."""


@dataclass
class World:
    """The emulator, one server with a games channel, four people and the bot."""

    emu: DiscordEmulator
    db_path: Path
    bot: TabletopBot | None = None
    task: asyncio.Task | None = None
    people: dict[str, User] = field(default_factory=dict)

    @classmethod
    async def create(cls, db_path: Path) -> World:
        emu = await DiscordEmulator(edit_limit=None).start()  # tests limit edits: limit_edits
        world = cls(emu=emu, db_path=db_path)
        world.guild = emu.add_guild("Test Server")
        world.chan = emu.add_text_channel(world.guild, "games")
        world.chan2 = emu.add_text_channel(world.guild, "games-2")
        for name in ("alice", "bob", "carol", "dave"):
            user = emu.add_user(name)
            emu.add_member(world.guild, user, manage_guild=(name == "carol"))
            world.people[name] = user
        return world

    async def start_bot(self) -> TabletopBot:
        point_at(self.emu.api_base, self.emu.gateway_url)
        settings = Settings(
            _env_file=None,
            discord_token=self.emu.token,
            **database_setting(self.db_path),
            dev_guild_id=self.guild.id,
            housekeeping_seconds=3600,
            start_cooldown_seconds=0,  # tests start games back to back (limit tests set it)
            replay_cooldown_seconds=0,  # and ask for replays (the replay tests set it)
            stats_cooldown_seconds=0,  # and for stats (the stats tests set it)
        )
        self.bot = TabletopBot(settings, guild_ready_timeout=0.1)
        self.task = asyncio.create_task(self.bot.start(self.emu.token))
        await self.emu.wait_for(lambda: self.bot.is_ready(), timeout=20)
        return self.bot

    async def stop_bot(self) -> None:
        assert self.bot is not None and self.task is not None
        await self.bot.close()
        await asyncio.wait_for(self.task, 10)
        self.bot = self.task = None

    async def close(self) -> None:
        if self.bot is not None:
            await self.stop_bot()
        await self.emu.stop()

    # ---- reading the state the players cannot see (to drive and to check) --------------
    async def live(self, chan=None) -> Session | None:
        return await self.bot.store.live_in_channel((chan or self.chan).id)

    async def until_ended(self, sid: str, timeout: float = 10.0) -> Session:
        """Wait until the session ended (e.g. on a gateway event), then until the bot is idle."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (session := await self.bot.store.load(sid)).status in ("pending", "active"):
            assert loop.time() < deadline, f"session {sid} is still {session.status}"
            await asyncio.sleep(0.01)
        await self.quiesce()
        return session

    async def shown(self, condition: Callable[[], T | None], timeout: float = SHOWN_S) -> T:
        """Wait until ``condition()`` returns something truthy (e.g. the message wanted); return it.

        The way to read what the bot is expected to have shown: a quiet moment on the wire
        (``emu.settle``) does not mean it is there yet when the bot draws in another process.
        """
        return await self.emu.wait_for(condition, timeout=timeout)

    def user(self, session: Session, seat: int) -> User:
        return next(u for u in self.people.values() if u.id == session.seats[seat].user_id)

    async def quiesce(self, timeout: float = 120.0) -> None:
        """Wait until the bot finished every interaction handler (and the computer's turns
        resumed after a start, and the message edits they left under way), then for HTTP to
        go quiet.

        Waiting for HTTP silence alone is not enough: rendering makes no requests. The silence
        is short (``QUIET``): the handlers and edits are waited for by their tasks already, and
        a whole game's thousand clicks would otherwise idle for minutes.
        """
        prefixes = (
            "discord.py: on_ready",  # start-up's work: the computer resumed, games shown again
            "discord-ui-",
            "CommandTree-invoker",
            "computer-",
            "reshow-",
            "ending-",
            "coach-",
            "message-edit-",
            "channel-gone-",
            "tournament-",
            "daily-",
        )
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            busy = [
                t for t in asyncio.all_tasks() if t.get_name().startswith(prefixes) and not t.done()
            ]
            if not busy:
                break
            remaining = deadline - asyncio.get_running_loop().time()
            assert remaining > 0, f"bot handlers still running: {busy}"
            await asyncio.wait(busy, timeout=remaining)
        await self.emu.settle(quiet=QUIET)

    async def assert_pings_reach_only_players(self) -> None:
        """No message ever notified @everyone or a role, nor anyone but the players of a game
        in its channel, or the one its thread hangs off (the emulator resolves each message's
        ``allowed_mentions``)."""
        rows = await self.bot.db.fetchall(
            "SELECT s.channel_id, s.parent_channel_id, t.user_id"
            " FROM sessions s JOIN seats t ON t.session_id = s.id"
        )
        players: dict[int, set[int]] = {}
        for row in rows:  # a game in a thread also announces its result in the parent channel
            for channel_id in {row[0], row[1]} - {None}:
                players.setdefault(channel_id, set()).add(row[2])
        for message, mentions in self.emu.pings():
            assert not mentions.everyone and not mentions.role_ids, message
            if message.guild_id is not None:
                assert mentions.notified <= players.get(message.channel_id, set()), message

    # ---- acting as a person ------------------------------------------------------------
    async def slash(self, who: str, path: str, chan=None, **options):
        ix = await self.emu.slash(self.people[who], chan or self.chan, path, **options)
        await ix.done(timeout=10)
        await self.quiesce()
        return ix

    async def help_pages(self, who: str, chan=None) -> list[list[str]]:
        """``/help`` (one private message), then each of its page buttons pressed in turn:
        each page's text displays, the "Start here" page first."""
        ix = await self.slash(who, "help", chan=chan)
        assert [m.ephemeral for m in ix.messages] == [True], ix.messages
        message = ix.messages[0]
        pages = [v2_texts(message)]
        for button in message.buttons()[1:]:
            pressed = await self.click(who, message, button.custom_id)
            assert pressed.messages == [], "a page edits the help, it sends no other message"
            pages.append(v2_texts(message))
        return pages

    async def resign(self, who: str, chan=None) -> str:
        """``/game resign``, confirmed when the bot asks (rated games); the last answer's text."""
        return await self._confirmed(who, await self.slash(who, "game resign", chan=chan))

    async def end_game(self, who: str = "carol", chan=None, **options: object) -> str:
        """``/game end`` and its confirmation; the last answer's text."""
        return await self._confirmed(who, await self.slash(who, "game end", chan=chan, **options))

    async def _confirmed(self, who: str, ix) -> str:
        """Press the "Yes" of the command's answer if it asks; the last answer's text."""
        answer = ix.messages[-1]
        yes = next((b.custom_id for b in answer.buttons() if b.label and "Yes" in b.label), None)
        if yes is None:
            return answer.text()
        confirmed = await self.click(who, answer, yes)
        return (confirmed.messages or [answer])[-1].text()

    def outage_on_next_post(self) -> None:
        """Discord answers the next message posted in the main channel with a 503."""
        self.emu.fail_next(
            "POST",
            f"/channels/{self.chan.id}/messages",
            status=503,
            code=0,
            message="Service Unavailable",
        )

    async def knightfall_duel(self, a: str = "alice", b: str = "bob") -> Session:
        """``a`` challenges ``b`` to Knightfall in the main channel and ``b`` accepts."""
        await self.slash(a, "knightfall challenge", opponent=self.people[b])
        challenge = self.emu.channel_messages(self.chan)[-1]
        await self.click(b, challenge, challenge.find_button("Accept"))
        session = await self.live()
        assert session is not None and session.status == "active"
        return session

    async def double_click(self, who: str, message: Message, custom_id: str):
        """Two quick clicks on one button: the second leaves before the first is answered."""
        user = self.people[who]
        first = await self.emu.click(user, message, custom_id)
        second = await self.emu.click(user, message, custom_id)
        await first.done(timeout=10)
        await second.done(timeout=10)
        await self.quiesce()
        return first, second

    async def click(self, who: str, message: Message, custom_id: str):
        ix = await self.emu.click(self.people[who], message, custom_id)
        await ix.done(timeout=10)
        await self.quiesce()
        return ix

    def board(self, session: Session) -> Message:
        return next(m for m in self.emu.channel_messages(self.chan) if m.id == session.message_id)

    def controls_message(self, user: User) -> Message | None:
        """The user's newest DM from the bot, if it carries controls."""
        dms = self.emu.dm_messages(user)
        if dms and move_controls(dms[-1]):
            return dms[-1]
        return None

    async def hand(self, who: str, session: Session) -> Message:
        """Press My hand on the board; return the ephemeral answer."""
        board = self.board(session)
        ix = await self.click(who, board, board.find_button("My hand"))
        assert ix.messages, "My hand gave no answer"
        return ix.messages[-1]

    async def play_one(self, session: Session, seat: int, rng: random.Random):
        """The player of ``seat`` makes a random move with the controls they were given."""
        user = self.user(session, seat)
        who = user.name
        message = self.controls_message(user) or await self.hand(who, session)
        options = move_controls(message)
        assert options, f"{who} must act but has no controls"
        await self.make_move(user, message, rng.choice(options))

    async def press(
        self, user: User, message: Message, control: tuple[str, str, str | None]
    ) -> Interaction:
        """Press a move's button or pick its option; the interaction, answered in time."""
        kind, custom_id, value = control
        if kind == "button":
            ix = await self.emu.click(user, message, custom_id)
        else:
            ix = await self.emu.select(user, message, custom_id, [value])
        await ix.done(timeout=10)
        assert not ix.late
        return ix

    async def make_move(
        self, user: User, message: Message, control: tuple[str, str, str | None]
    ) -> int:
        """Press a move's button or pick its option, confirm it if the bot asks first.

        Returns the number of clicks it took (2 with a confirmation).
        """
        ix = await self.press(user, message, control)
        await self.quiesce()
        question = next((m for m in ix.messages if m.ephemeral and confirm_button(m)), None)
        if question is not None:
            yes = await self.emu.click(user, question, confirm_button(question))
            await yes.done(timeout=10)
            await self.quiesce()
            assert not yes.late
            return 2
        return 1


@dataclass
class BotProcess:
    """One process of a sharded deployment (in tests: a bot client in this process)."""

    bot: TabletopBot
    task: asyncio.Task
    handled: list[int] = field(default_factory=list)  # ids of the interactions it received

    async def stop(self) -> None:
        await self.bot.close()
        await asyncio.wait_for(self.task, 10)


async def sharded_world(
    database: Path | str, shard_count: int = 2, **emulator: int | float
) -> World:
    """The emulator with one server per shard, the four people in each, and no bot yet.

    ``world.guilds[i]`` and ``world.chans[i]`` are shard ``i``'s; ``world.chan`` is shard 0's.
    Start bots with :func:`start_process`; ``emulator``: options of :class:`DiscordEmulator`.
    """
    emu = await DiscordEmulator(edit_limit=None, **emulator).start()  # type: ignore[arg-type]
    world = World(emu=emu, db_path=database)  # type: ignore[arg-type]
    shards = range(shard_count)
    world.guilds = [emu.add_guild(f"Server {i}", shard=(i, shard_count)) for i in shards]
    world.chans = [emu.add_text_channel(g, "games") for g in world.guilds]
    world.guild, world.chan = world.guilds[0], world.chans[0]
    for name in ("alice", "bob", "carol", "dave"):
        world.people[name] = user = emu.add_user(name)
        for guild in world.guilds:
            emu.add_member(guild, user, manage_guild=(name == "carol"))
    return world


async def start_process(
    world: World, shard_ids: list[int] | None, shard_count: int | None, **settings: object
) -> BotProcess:
    """Start a bot on the world's database running ``shard_ids`` of ``shard_count`` shards."""
    point_at(world.emu.api_base, world.emu.gateway_url)
    database = world.db_path
    options: dict[str, object] = {
        "discord_token": world.emu.token,
        "housekeeping_seconds": 3600,
        "start_cooldown_seconds": 0,
        "replay_cooldown_seconds": 0,
        "stats_cooldown_seconds": 0,
        "computer_pool": "thread",
        "shard_count": shard_count,
        "shard_ids": shard_ids,
        **settings,
    }
    if isinstance(database, str):
        options["database_url"] = database
    else:
        options["database_path"] = database
    bot = TabletopBot(Settings(_env_file=None, **options), guild_ready_timeout=0.1)

    async def no_identify_wait(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s between shards' IDENTIFYs; the emulator has no such limit."""

    bot.before_identify_hook = no_identify_wait  # type: ignore[method-assign]
    process = BotProcess(bot, asyncio.create_task(bot.start(world.emu.token)))

    async def on_interaction(interaction) -> None:
        process.handled.append(interaction.id)

    bot.add_listener(on_interaction)
    await world.emu.wait_for(lambda: bot.is_ready() or process.task.done(), timeout=20)
    if process.task.done():
        process.task.result()  # raises what stopped it (e.g. the gateway refused it)
    return process


def move_controls(message: Message) -> list[tuple[str, str, str | None]]:
    """The enabled move buttons and select options of a message, as (kind, custom_id, value)."""
    options = [
        ("button", b.custom_id, None)
        for b in message.buttons()
        if b.custom_id and b.custom_id.startswith("g1:") and not b.disabled
    ]
    options += [("select", s.custom_id, v) for s in message.selects() for _, v in s.options]
    return options


def plain_move(session, board) -> tuple[str, str, str | None]:
    """A move on the board that is made at once (no question first)."""
    game = session.game
    for control in move_controls(board):
        kind, cid, value = control
        code = cid.split(":", 3)[3] if kind == "button" else value
        if game.confirm_text(0, game.decode(code)) is None:
            return control
    raise AssertionError("every move asks first")


def first(messages: list[Message], wanted: Callable[[Message], object]) -> Message | None:
    """The first of ``messages`` that is ``wanted`` (None: none yet), for :meth:`World.shown`."""
    return next((m for m in messages if wanted(m)), None)


def confirm_button(message: Message) -> str | None:
    """The custom_id of a confirmation's "Yes" button, if the message asks for one."""
    return next(
        (b.custom_id for b in message.buttons() if (b.custom_id or "").startswith("ok1:")), None
    )


def first_versions_without_controls(messages: list[Message]) -> list[Message]:
    """Messages that arrived (first version) with no move to make: needless notifications."""
    return [m for m in messages if not move_controls((m.history or [m])[0])]


def hidden_labels(game, seat: int | None) -> set[str]:
    """Card labels the viewer cannot see now (every card not in their view)."""
    view_text = json.dumps(game.view(seat), ensure_ascii=False)
    return {lab for lab in all_card_labels() if f'"label": "{lab}"' not in view_text}


def all_card_labels() -> list[str]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return [r + s for r in ranks for s in "♥♦♣♠"]


def message_texts(message: Message) -> list[str]:
    """Every version of a message as text, alt texts included."""
    return [m.text() for m in [*message.history, message]]


def v2_texts(message: Message) -> list[str]:
    """The text displays of a components v2 message, in order (refused without the flag)."""
    assert_v2(message)
    return [c["content"] for c in walk_components(message.components) if c.get("type") == 10]


def v2_pictures(message: Message) -> list[Attachment]:
    """The attachments a v2 message's media galleries show, in order."""
    assert_v2(message)
    by_id = {str(a.id): a for a in message.attachments}
    return [
        by_id[item["media"]["attachment_id"]]
        for c in walk_components(message.components)
        if c.get("type") == 12
        for item in c["items"]
    ]


def assert_v2(message: Message) -> None:
    """A components v2 message as a player sees it: no content, no embed, every file shown."""
    assert message.flags & FLAG_COMPONENTS_V2, f"not a v2 message: {message!r}"
    assert not message.content and not message.embeds, message
    assert not message.hidden_attachments(), f"attachments Discord hides: {message!r}"


def assert_no_leak(texts: list[str], hidden: set[str]) -> None:
    """No label is part of another ("10♥" holds no other label), so a substring test is exact."""
    for text in texts:
        leaked = [label for label in hidden if label in text]
        assert not leaked, f"hidden cards {leaked} leaked in {text[:300]!r}"


__all__ = [
    "BotProcess",
    "World",
    "assert_no_leak",
    "assert_v2",
    "engines",
    "first",
    "first_versions_without_controls",
    "hidden_labels",
    "message_texts",
    "move_controls",
    "sharded_world",
    "start_process",
    "v2_pictures",
    "v2_texts",
]
