"""Keep an emulated server between runs: its ids, members, channels and messages, in one file.

The playground saves its world when it stops and loads it when it starts, so the bot's
database (which names channel, message and member ids) still matches, and running games
resume. What Discord itself forgets is left out: ephemeral and deleted messages, old versions
of edited messages, interaction tokens and the registered commands (the bot syncs them again).
The file is a pickle the playground wrote itself under its data folder; load only such files.
"""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

from .state import State

FORMAT = 1
KEPT = (
    "_last_id",
    "application_id",
    "bot_user",
    "token",
    "users",
    "guilds",
    "channels",
    "dm_channel_of",
    "user_installs",
)


def save(state: State, path: Path) -> None:
    """Write ``state``'s world to ``path`` (atomically: a crash leaves the old file)."""
    messages = {
        m.id: dataclasses.replace(m, history=[])
        for m in state.messages.values()
        if not (m.deleted or m.ephemeral)
    }
    world = {"format": FORMAT, "messages": messages} | {k: getattr(state, k) for k in KEPT}
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_bytes(pickle.dumps(world, protocol=pickle.HIGHEST_PROTOCOL))
    part.replace(path)


def load(state: State, path: Path) -> bool:
    """Put the world saved at ``path`` into a fresh ``state``; False if there is none usable."""
    try:
        world = pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return False
    if not isinstance(world, dict) or world.get("format") != FORMAT:
        return False
    for key in KEPT:
        if key in world:  # a world saved before user installs has none
            setattr(state, key, world[key])
    for chan in state.channels.values():
        vars(chan).setdefault("overwrites", {})  # saved before channels had overwrites
        vars(chan).setdefault("member_ids", set())  # saved before threads
    state.set_messages(world["messages"])
    return True
