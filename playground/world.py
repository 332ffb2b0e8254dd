"""A playground world: the emulator with its page, a seeded server, and the bot's process."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import signal
import sys
from pathlib import Path

from discord_emulator import DiscordEmulator, actions, persist

CHANNELS = ("games", "games-2")
TOPIC = "Type /help to see the games and how to start one."
WELCOME = (
    "Welcome to the playground! Type **/help** in the message box below to see the five games "
    "and how to start one; switch member at the bottom left to play as someone else."
)
MEMBERS = ("alice", "bob", "carol", "dave")
ADMIN = "carol"  # has Manage Server, to try the admin commands
INSTALLED = "alice"  # installed the app to her account: she may use it in her group DM
GROUP = ("Game night", ("alice", "bob", "carol"))  # a group DM of friends, without the bot
READY_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 15.0  # the bot finishes clicks under way (up to 8 s), then stops its workers
PR_SET_PDEATHSIG = 1  # Linux prctl option: a signal for the child when its parent dies


def ends_with(parent: int) -> None:
    """In the bot's process, before it runs (Linux): SIGTERM it when the playground dies.

    The bot runs in its own process group (so Ctrl-C reaches it once, through the playground),
    which also shields it from a kill of the playground's group: without this, a playground
    killed outright would leave the bot running, connected to nothing. The signal is tied to
    the thread that started the bot, the event loop's, which lives as long as the playground.
    """
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the playground died before the signal was set
        os._exit(1)


class Playground:
    """The local Discord on 127.0.0.1 and ``python -m bot`` logged into it, as a context."""

    def __init__(
        self,
        data: Path,
        *,
        port: int = 0,
        fresh: bool = False,
        group_dm: bool = False,
        seeds: tuple[str, ...] = (),
    ) -> None:
        """``data``: folder of the saved server and the bot's SQLite file.

        The server saved there by the last run is loaded (same ids, channels and messages, so
        the bot resumes its games) unless ``fresh`` or there is none; then a new one is seeded
        and the bot's database starts empty. ``group_dm``: add alice's user install and her
        group DM with bob and carol (``add_group_dm``). ``seeds``: the bot's ``GAME_SEED``
        (``N`` for every game, ``GAME=N`` for one; none: each game a fresh secret seed).
        """
        self.data = data
        self.port = port
        self.fresh = fresh
        self.group_dm = group_dm
        self.seeds = seeds
        self.resumed = False
        self.emu = DiscordEmulator(page=True)
        self.bot: asyncio.subprocess.Process | None = None
        self.bot_exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    @property
    def url(self) -> str:
        """The address of the page."""
        return self.emu.page_url

    async def __aenter__(self) -> Playground:
        await self.emu.start(self.port)
        try:
            self.resumed = not self.fresh and persist.load(self.emu.state, self.world_file)
            if self.resumed:
                self.guild = next(iter(self.emu.state.guilds.values()))
            else:
                self.seed()
            if self.group_dm:
                self.add_group_dm()
            await self.start_bot()
        except BaseException:
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def seed(self) -> None:
        """One server with two text channels and four members (carol may manage it).

        Both channels' topics, and carol's first message in #games, say where to begin.
        """
        emu = self.emu
        self.guild = emu.add_guild("Playground")
        channels = [emu.add_text_channel(self.guild, name, topic=TOPIC) for name in CHANNELS]
        users = {name: emu.add_user(name) for name in MEMBERS}
        for name, user in users.items():
            emu.add_member(self.guild, user, manage_guild=name == ADMIN)
        actions.user_message(emu.state, users[ADMIN], channels[0], WELCOME)

    def add_group_dm(self) -> None:
        """Alice installs the app to her account and has a group DM with bob and carol.

        It is listed with their DMs; there she can start the games offered to user installs,
        which the bot plays through interactions only. Kept with the server once made.
        """
        state = self.emu.state
        name, friends = GROUP
        if any(c.between_users and c.name == name for c in state.channels.values()):
            return
        users = {u.name: u for u in state.users.values() if not u.bot}
        self.emu.install_app(users[INSTALLED])
        self.emu.open_group_dm(*(users[f] for f in friends), name=name)

    @property
    def world_file(self) -> Path:
        """Where the emulated server is kept between runs."""
        return self.data / "server.pickle"

    def bot_env(self) -> dict[str, str]:
        """The bot's environment: the emulator's token and addresses, its database, seeds."""
        self.data.mkdir(parents=True, exist_ok=True)
        db = self.data / "tabletop.sqlite3"
        if not self.resumed:  # a new server: old games would point at channels that are gone
            for stale in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
                stale.unlink(missing_ok=True)
        return {
            **os.environ,
            "DISCORD_TOKEN": self.emu.token,
            "DISCORD_API_BASE": self.emu.api_base,
            "DISCORD_GATEWAY_URL": self.emu.gateway_url,
            "DATABASE_PATH": str(db),
            "DEV_GUILD_ID": str(self.guild.id),
            **({"GAME_SEED": ",".join(self.seeds)} if self.seeds else {}),
        }

    async def start_bot(self) -> None:
        """Run the unchanged bot (``python -m bot``) until it has synced its commands.

        In its own process group: Ctrl-C in the terminal reaches the playground only, which
        then stops the bot once, before saving the server (a second SIGINT would cut the
        bot's shutdown short).
        """
        parent = os.getpid()
        self.bot = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            env=self.bot_env(),
            process_group=0,
            preexec_fn=(lambda: ends_with(parent)) if sys.platform == "linux" else None,
        )
        watch = asyncio.create_task(self.bot.wait())
        watch.add_done_callback(
            lambda t: self.bot_exited.done() or self.bot_exited.set_result(t.result())
        )
        ready = asyncio.create_task(
            self.emu.wait_for(
                lambda: self.emu.connected and self.emu.registered_commands(self.guild),
                timeout=READY_TIMEOUT_S,
            )
        )
        await asyncio.wait({ready, self.bot_exited}, return_when=asyncio.FIRST_COMPLETED)
        if self.bot_exited.done():
            ready.cancel()
            raise RuntimeError(f"the bot exited with code {self.bot_exited.result()}")
        ready.result()

    async def close(self) -> None:
        """Stop the bot's process, save the server, then stop the emulator."""
        if self.bot is not None and self.bot.returncode is None:
            self.bot.send_signal(signal.SIGINT)  # the bot closes its gateway and database
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.bot.wait(), STOP_TIMEOUT_S)
            if self.bot.returncode is None:
                self.bot.kill()
                await self.bot.wait()
        if self.emu.state.guilds:
            persist.save(self.emu.state, self.world_file)
        await self.emu.stop()
