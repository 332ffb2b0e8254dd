"""Discord's sharding rules: which shard receives what, and which IDENTIFY is refused.

Sources (Discord's gateway documentation, "Sharding" and "Gateway Close Event Codes"):

- IDENTIFY may carry ``shard: [shard_id, num_shards]``; without it the session is ``[0, 1]``.
- A guild's events (and interactions in it) go to the shard with
  ``(guild_id >> 22) % num_shards == shard_id``; DMs (messages and DM interactions) only to
  shard 0.
- An invalid shard key (not two integers, ``num_shards < 1``, ``shard_id`` outside
  ``0 .. num_shards - 1``) is closed with 4010 *Invalid shard*.
- A session that would hold more than 2,500 guilds is closed with 4011 *Sharding required*.
- ``GET /gateway/bot`` recommends a shard count: one shard per 1,000 guilds (at least one).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

INVALID_SHARD = 4010
SHARDING_REQUIRED = 4011
MAX_GUILDS_PER_SHARD = 2500
GUILDS_PER_RECOMMENDED_SHARD = 1000


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard that receives a guild's events; DMs (no guild) go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def recommended_shards(guilds: int, per_shard: int = GUILDS_PER_RECOMMENDED_SHARD) -> int:
    """What ``GET /gateway/bot`` answers as ``shards`` for a bot in ``guilds`` servers."""
    return max(1, math.ceil(guilds / per_shard))


@dataclass(frozen=True)
class ShardKey:
    """A session's ``[shard_id, num_shards]``."""

    id: int = 0
    count: int = 1

    def receives(self, guild_id: int | None) -> bool:
        """Whether events of this guild (None: a DM) go to this shard."""
        return shard_of(guild_id, self.count) == self.id

    def __str__(self) -> str:
        return f"[{self.id}, {self.count}]"


def parse_shard(value: Any) -> ShardKey | None:
    """The shard key an IDENTIFY asked for (absent: ``[0, 1]``); None if Discord refuses it."""
    if value is None:
        return ShardKey()
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    shard_id, count = value
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None
    if count < 1 or not 0 <= shard_id < count:
        return None
    return ShardKey(shard_id, count)
