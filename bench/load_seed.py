"""Idle games put straight into the database, fast, through the store the bot itself uses.

Starting ten thousand games by commands would take most of the run; the games nobody clicks
are written instead with ``SessionStore.create`` (the call the bot's own starts make), before
the bots log in: a session row with the engine's first state and its members' seats. They are
real games to the bot: the sweep reads them (and would remind and time them out), ``/game
status`` and ``/game resign`` find them, and their first board update posts the board (they
have none yet, as when a game's first post failed).
"""

from __future__ import annotations

import asyncio

import discord

import engines
from bench.load_tables import Table
from bot.flow.lobby import new_seed
from bot.storage.database import connect
from bot.storage.store import SessionStore

CONCURRENCY = 16
"""Creations under way at once (PostgreSQL commits them in parallel; SQLite one by one)."""


async def seed_idle(database: str, tables: list[Table]) -> None:
    """Write each table's game as an active session of its channel."""
    db = await connect(database)
    store = SessionStore(db)
    gate = asyncio.Semaphore(CONCURRENCY)

    async def create(table: Table) -> None:
        seed = new_seed()
        players = [(m.user.id, m.user.name) for m in table.members]
        game = engines.get_game(table.kind.game_id).new(len(players), seed=seed, options={})
        async with gate:
            await store.create(
                game_id=table.kind.game_id,
                guild_id=table.channel.guild_id or 0,
                channel_id=table.channel.id,
                players=players,
                seed=seed,
                options={},
                game=game,
                now=discord.utils.utcnow(),
            )

    try:
        await asyncio.gather(*(create(t) for t in tables))
    finally:
        await db.close()
