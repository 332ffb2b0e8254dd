"""``./dev play --group-dm``: alice's user install and her group DM, kept with the server."""

import asyncio

from discord_emulator import persist
from discord_emulator.state import State
from playground.world import Playground


async def _seeded(data) -> Playground:
    world = Playground(data, group_dm=True)
    world.seed()
    world.add_group_dm()
    world.add_group_dm()  # once made, kept: not made again
    persist.save(world.emu.state, world.world_file)
    return world


def test_the_group_dm_is_seeded_once_and_saved_with_the_server(tmp_path):
    world = asyncio.run(_seeded(tmp_path))
    loaded = State()
    assert persist.load(loaded, world.world_file)
    groups = [c for c in loaded.channels.values() if c.between_users]
    names = {u.id: u.name for u in loaded.users.values()}
    assert [(g.name, [names[u] for u in g.recipient_ids]) for g in groups] == [
        ("Game night", ["alice", "bob", "carol"])
    ]
    assert [names[u] for u in loaded.user_installs] == ["alice"]
