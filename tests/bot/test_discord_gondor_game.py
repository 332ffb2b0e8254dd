"""A whole game of Gondor through the real bot and the local Discord emulator.

Alice challenges Bob as Westernesse, so Bob is Sauron (seat 0). Two scripted players
(tests/bot/gondor_players.py) choose among the controls the bot shows them in their DMs, paging
through long lists of moves, and give some orders by ``/gondor breach`` and ``/gondor cast`` with
the autocomplete a Discord client would call. The bot restarts in the middle of the game.

The seed is fixed: ``SEED`` 1 with these players brings the game through a breach (Grond at the
Main Gate, and a catapult at an inner wall), a melee ending in a retreat, spells cast by both
sides' magic leaders and oil picked up from a cauldron, to the result after Game-Turn 16
(other seeds: some miss the retreat or the oil).
"""

from __future__ import annotations

import logging
import re
import time

import pytest

import bot.flow.lobby
from bot.flow.turn import forced_move
from bot.storage.history import FORCED
from engines.gondor import Gondor
from engines.gondor.actions import Order
from tests.bot.gondor_players import Player
from tests.bot.gondor_table import actions, press, read_controls
from tests.bot.harness import World, first_versions_without_controls, message_texts
from tests.bot.test_discord_gondor import asker, cog, secret_truth

pytestmark = pytest.mark.asyncio(loop_scope="module")

SEED = 1
RESTART_AT = 120
"""After this many clicks the bot stops and starts again."""
BY_SLASH = {"breach", "cast"}
"""Order commands the players give by slash command (the first of each kind; then by clicks)."""
MAX_CLICKS = 900
RETREAT = re.compile(r"retreats .+ from \d{4}, .+ to \d{4}, ")  # each hex with its place


async def by_slash(world: World, who: str, action: Order) -> None:
    """Give the order by ``/gondor <command>``, picking unit and target from the autocomplete."""
    command = action.command
    units = await cog(world)._order_unit(asker(world, who, command=command), "")
    unit = next(c.value for c in units if c.value == action.actor())
    ask = asker(world, who, command=command, unit=unit)
    targets = await cog(world)._order_target(ask, "")
    code = Gondor.encode(action)
    assert code in [t.value for t in targets]
    ix = await world.slash(who, f"gondor {command}", unit=unit, target=code)
    answer = ix.messages[-1]
    assert answer.ephemeral and answer.text().startswith("Done:"), answer.text()


async def test_a_whole_game_of_gondor(world, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: SEED)
    emu = world.emu
    await world.slash("alice", "gondor challenge", opponent=world.people["bob"], side="westernesse")
    challenge = emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live()
    players = [Player("sauron"), Player("westernesse")]
    clicks = pages = slashes = 0
    slashed: set[str] = set()
    started = time.monotonic()
    restarted = False
    while (session := await world.bot.store.load(session.id)).status == "active":
        assert clicks < MAX_CLICKS
        game = session.game
        assert forced_move(session) is None, "a forced move waits"
        seat = game.to_act()[0]
        user = world.user(session, seat)
        seen = await read_controls(world, user)
        assert seen is not None, f"{user.name} must act but their newest DM has no controls"
        assert set(seen.offered) == {Gondor.encode(a) for a in game.legal_actions(seat)}
        action = players[seat].choose(game.view(seat), actions(seen))
        code = Gondor.encode(action)
        if isinstance(action, Order) and action.command in BY_SLASH - slashed:
            await by_slash(world, user.name, action)
            slashed.add(action.command)
            slashes += 1
        else:
            clicks += await press(world, seen, code)
        pages += seen.turns
        logged = await world.bot.db.fetchall(
            "SELECT code FROM actions WHERE session_id=? AND step>?", (session.id, session.step)
        )
        assert code in [r["code"].removeprefix(FORCED) for r in logged]
        if clicks >= RESTART_AT and not restarted:  # the loop goes on with the DMs' controls
            await world.stop_bot()
            await world.start_bot()
            restarted = True
    elapsed = time.monotonic() - started
    print(
        f"\nGondor full game: {clicks} clicks + {pages} page turns + {slashes} slash orders,"
        f" {session.step} moves, {elapsed:.1f} s"
    )
    assert restarted and slashed == BY_SLASH

    # ---- what the game went through, from the public log ----------------------------------
    assert session.status == "finished" and session.game.is_over
    rows = await world.bot.store.action_log(session.id)
    public = [t for _, _, events in rows for t in events]
    assert any("breached!" in t for t in public), "a breach (16.2x / 16.28)"
    assert any(" casts " in t for t in public), "a spell cast"
    assert any("picks up oil" in t or "pours oil" in t or t == "Westernesse holds." for t in public)
    assert melee_then_retreat(rows), "a melee that ends with a retreat"

    # ---- the result, the board, the leaderboard --------------------------------------------
    summary = session.game.result.summary
    assert "after Game-Turn 16" in summary
    board = world.board(session)
    assert summary in board.text()
    ending = emu.channel_messages(world.chan)[-1]
    assert "Game over" in ending.text() and "Ratings: " in ending.text()
    ix = await world.slash("dave", "leaderboard", game="gondor")
    text = ix.messages[-1].text()
    assert "rating" in text and str(world.people["alice"].id) in text

    # ---- hidden oil stays hidden; every DM came with something to do ------------------------
    check_cauldrons_stay_secret(world, session, caplog, challenge.id)
    for seat in (0, 1):
        dms = world.emu.dm_messages(world.user(session, seat))
        assert not first_versions_without_controls(dms), "a DM with nothing to do"


def melee_then_retreat(rows: list) -> bool:
    """True if a unit retreats right after a melee (the melee, or the retreat decision it left)."""
    last = ""
    for _, code, events in rows:
        kind = code.removeprefix(FORCED).split(".")[0]
        if kind in ("melee", "fire", "challenge", "hurl"):
            last = kind
        if last == "melee" and any(RETREAT.search(t) for t in events):
            return True
    return False


def check_cauldrons_stay_secret(world: World, session, caplog, first_id: int) -> None:
    """No channel text, alt text, log line or Sauron DM tells real oil from dummy; hers do."""
    channel = world.emu.channel_messages(world.chan)
    texts = [t for m in channel for t in message_texts(m)]
    texts += [a.description or "" for m in channel for v in [*m.history, m] for a in v.attachments]
    texts += [r.getMessage() for r in caplog.records]
    sauron = world.user(session, 0)
    answers = [m for m in world.emu.ephemeral_messages(sauron) if m.id > first_id]
    for m in world.emu.dm_messages(sauron) + answers:
        texts += message_texts(m)
        texts += [a.description or "" for v in [*m.history, m] for a in v.attachments]
    assert len(texts) > 300
    for text in texts:
        assert not secret_truth(text), text[:300]
    westernesse = world.emu.dm_messages(world.user(session, 1))
    told = [t for m in westernesse for t in message_texts(m) if secret_truth(t)]
    assert told, "Westernesse is told what her oil is"
