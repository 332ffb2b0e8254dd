"""Whether the emulator's messages show a game as the bot would show it now, and its moves.

After trouble (Discord's storms) every board and DM must end up showing the current position:
the board exactly as the bot draws it now (texts, controls, pictures' alt texts), each
player's newest DM with the moves they have now. A DM's text may keep notes of the move that
sent it and its picture an older position (a DM is edited for another's move only when the
player's own changed), so its controls are what counts there.
"""

from __future__ import annotations

import asyncio
import json
import time

from bot.storage.history import FORCED
from bot.storage.store import Session
from bot.surface import presenter
from discord_emulator import Message
from discord_emulator.models import walk_components
from tests.bot.harness import World, move_controls


def _parts(msg: presenter.Message) -> tuple[list[str], str, list[tuple[str, str | None]]]:
    kwargs = msg.kwargs()
    components = kwargs["view"].to_components()
    files = [(f.filename, f.description) for f in kwargs["files"]]
    return _texts(components), _without_steps(components), files


def _texts(components: list[dict]) -> list[str]:
    return [c["content"] for c in walk_components(components) if c.get("type") == 10]


def _without_steps(components: list[dict]) -> str:
    """The controls (buttons and selects) with their moves' steps left out, as the bot
    compares them; the ids Discord gives each component are left out too."""
    controls = [
        {k: v for k, v in c.items() if k != "id"}
        for c in walk_components(components)
        if c.get("type") in (2, 3)
    ]
    return presenter.MOVE_STEP.sub(r"\1", json.dumps(controls, sort_keys=True))


def _stale(message: Message, session: Session, seat: int) -> bool:
    """Whether the message's moves carry a step the bot refuses now (before the seat's
    ``prompt_step``: it moved since, and those buttons do nothing)."""
    steps = {int(cid.split(":")[2]) for _, cid, _ in move_controls(message)}
    return any(step < session.seats[seat].prompt_step for step in steps)


async def behind(world: World, session: Session) -> list[str]:
    """The game's messages that do not show what the bot would show now (empty: none).

    A move's step in a control's id is left out, as the bot's own comparison does (a control
    stays valid until its seat moves), but a control its seat's move made stale counts.
    """
    store, late = world.bot.store, []
    board = next(m for m in world.emu.all_messages() if m.id == session.message_id)
    chose = await store.seats_that_chose(session.id)
    texts, components, files = _parts(
        await presenter.board(session, await store.recent_events(session.id), chose=chose)
    )
    shown = (_texts(board.components), _without_steps(board.components))
    alts = [(a.filename, a.description) for a in board.attachments]
    if shown != (texts, components) or alts != files or _stale(board, session, 0):
        late.append(f"the board shows {shown[0][-1:]}, not move {session.step}")
    for seat, s in enumerate(session.seats):
        if s.computer is not None or s.dm_message_id is None:
            continue
        user = world.user(session, seat)
        newest = world.emu.dm_messages(user)[-1]
        if newest.id != s.dm_message_id:
            late.append(f"{user.name}'s newest DM is not the one the bot keeps")
        recent = await store.recent_events(session.id, 4)
        _, components, _ = _parts(await presenter.private(session, seat, [], recent, chose=chose))
        if _without_steps(newest.components) != components or _stale(newest, session, seat):
            late.append(f"{user.name}'s DM has other moves than move {session.step}'s")
    return late


async def caught_up(world: World, sid: str, timeout: float = 10.0) -> Session:
    """Wait until every message of the game shows it as it is now; the session then."""
    deadline = time.monotonic() + timeout
    while True:
        session = await world.bot.store.load(sid)
        late = await behind(world, session)
        if not late:
            return session
        assert time.monotonic() < deadline, f"still behind after {timeout} s: {late}"
        await asyncio.sleep(0.2)


async def players_moves(world: World, sid: str) -> list[tuple[int, str]]:
    """The moves the players chose, in order, as (seat, code): not the bot's, not forced."""
    rows = await world.bot.db.fetchall(
        "SELECT seat, code FROM actions WHERE session_id = ? ORDER BY step", (sid,)
    )
    return [(r[0], r[1]) for r in rows if not r[1].startswith((FORCED, "!"))]
