"""Typed settings read from the environment (or a .env file)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

import engines

ANY_GAME = "*"
"""The key of ``Settings.game_seed`` for every game without a seed of its own."""


class Settings(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    discord_token: str = Field(default="", repr=False)
    database_path: Path = Path("var/tabletop.sqlite3")
    # postgresql://user:password@host:port/name: PostgreSQL instead of the SQLite file above,
    # so that several processes can share the games (docs/design/scale.md).
    database_url: str | None = Field(default=None, repr=False)
    discord_api_base: str | None = None  # e.g. a local emulator; also needs the gateway URL
    discord_gateway_url: str | None = None
    dev_guild_id: int | None = None  # sync commands to this guild only (instant)
    # Discord's shards (docs/design/scale.md): SHARD_COUNT in all, SHARD_IDS (e.g. "0,1") the
    # ones this process runs. Neither: discord.py asks Discord and runs them all here.
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    # A game without moves: the player it waits for is warned at half this time; at this
    # time it counts as their resignation (solo games, or games waiting for everyone, close
    # without a result).
    idle_days: float = 7.0
    # The daily deal's key: each day's seed is an HMAC of the date under it. Unset: the bot
    # makes one and keeps it in the database on first use. Never logged.
    daily_secret: str | None = Field(default=None, repr=False)
    challenge_minutes: float = 15.0  # an unanswered challenge expires after this
    max_games_per_user: int = 3  # pending and running games per member and server
    max_tournaments: int = 3  # open and running tournaments per server
    start_cooldown_seconds: float = 10.0  # between one member's starts and challenges
    replay_cooldown_seconds: float = 30.0  # between one member's /game replay requests
    stats_cooldown_seconds: float = 10.0  # between one member's /stats requests
    # The time one member's heavy requests (replays and their steps, animated replays,
    # reviews, hints, Undo) may take in any minute; beyond it they are refused with the wait.
    heavy_budget_seconds: float = Field(default=30.0, gt=0)
    housekeeping_seconds: float = 300.0
    # Interactions one process handles at once; beyond it a click or command is answered
    # "busy, try again" at once instead of missing Discord's 3 s deadline in a queue.
    max_in_flight: int = Field(default=50, ge=1)
    # The simulations /game review spends on each reviewed move (unset: each game's own
    # review budget, declared in its plugin; tests set a small one).
    review_simulations: int | None = Field(default=None, ge=2)
    # Where the computer thinks: "process" (a worker process: a core of its own) or "thread".
    computer_pool: Literal["process", "thread"] = "process"
    # A search still running after this plays the game's quick policy move instead.
    computer_time_limit_seconds: float = 10.0
    # With the idle reminder, the player left waiting may let the computer play the absent
    # seat (the game becomes unrated; the absent player takes it back on their next click).
    computer_takeover: bool = True
    computer_takeover_level: Literal["easy", "normal", "hard"] = "normal"
    # Where images are drawn: "process" (worker processes, one per CPU unless
    # RENDER_WORKERS says) or "thread" (threads of the bot's process).
    render_pool: Literal["process", "thread"] = "process"
    render_workers: int | None = None
    log_level: str = "INFO"
    # A testing aid, off by default: the seed every new game starts from instead of a fresh
    # secret one. "7": every game; "id=7,id2=9": those games (a bare number: the others).
    game_seed: Annotated[dict[str, int], NoDecode] = Field(default_factory=dict, repr=False)

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_shard_ids(cls, value: object) -> object:
        """``SHARD_IDS=0,1`` (commas, blanks allowed); empty means all shards."""
        if isinstance(value, str):
            return [int(part) for part in value.split(",") if part.strip()] or None
        return value

    @field_validator("game_seed", mode="before")
    @classmethod
    def _split_game_seed(cls, value: object) -> object:
        """``GAME_SEED=7`` (every game) or ``GAME_SEED=id=7,id2=9`` (a bare number: the rest)."""
        if not isinstance(value, str):
            return value
        seeds: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in value.split(","))):
            game, _, seed = part.rpartition("=")
            if not seed.strip().isdigit() or int(seed) >= 2**63:
                raise ValueError(f"GAME_SEED: {part!r} is not a seed from 0 to 2**63 - 1")
            game = game.strip() or ANY_GAME
            if game != ANY_GAME and game not in engines.game_ids():
                raise ValueError(f"GAME_SEED: no game {game!r} (games: {engines.game_ids()})")
            seeds[game] = int(seed)
        return seeds

    @model_validator(mode="after")
    def _check_shards(self) -> Settings:
        """SHARD_IDS needs SHARD_COUNT, ids below it (once each), and PostgreSQL unless all."""
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards in all)")
        if len(set(self.shard_ids)) != len(self.shard_ids) or not all(
            0 <= i < self.shard_count for i in self.shard_ids
        ):
            raise ValueError(f"SHARD_IDS must be distinct numbers from 0 to {self.shard_count - 1}")
        if len(self.shard_ids) < self.shard_count and not self.database_url:
            raise ValueError(
                "SHARD_IDS leaves shards to other processes: they must share the games, so "
                "set DATABASE_URL (PostgreSQL); SQLite serves one process only"
            )
        return self

    @property
    def database(self) -> Path | str:
        """Where the games are stored: ``DATABASE_URL`` when set, else ``DATABASE_PATH``."""
        return self.database_url or self.database_path


class MissingTokenError(RuntimeError):
    """DISCORD_TOKEN is not set."""

    def __init__(self) -> None:
        super().__init__(
            "DISCORD_TOKEN is not set. Create a bot in the Discord Developer Portal "
            "(see README.md, 'Create the Discord application') and run:\n"
            "    DISCORD_TOKEN=<your bot token> ./dev bot"
        )
