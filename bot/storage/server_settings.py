"""A server's own settings, chosen by its admins with ``/game settings``.

Each setting left unset follows the bot's default from the environment (README,
"Configuration"), so an operator's change of default reaches every server that did not choose.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.settings import Settings
from bot.storage.db import Database

DEFAULT = "default"
"""The option value that clears a server's choice: the bot's default applies again."""


@dataclass(frozen=True)
class ServerChoices:
    """Takeover of absent seats on this server; ``*_chosen``: set by its admins (not default).

    ``threads``: each game is played in its own thread off the channel it starts in (off
    unless the server's admins turn it on). ``tournament_role``: a role whose members may
    organise tournaments besides those with Manage Server (None: none).
    """

    takeover: bool
    level: str
    takeover_chosen: bool
    level_chosen: bool
    threads: bool = False
    tournament_role: int | None = None

    @property
    def takeover_level(self) -> str | None:
        """The level the computer takes an absent seat over at; None: no takeover here."""
        return self.level if self.takeover else None


class ServerSettings:
    """Read and change the servers' choices (one row per server that chose something)."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.takeover = settings.computer_takeover
        self.level = settings.computer_takeover_level

    async def get(self, guild_id: int) -> ServerChoices:
        """The server's settings, its admins' choices over the bot's defaults."""
        row = await self.db.fetchone(
            "SELECT computer_takeover, takeover_level, threads, tournament_role"
            " FROM server_settings WHERE guild_id=?",
            (guild_id,),
        )
        takeover = None if row is None else row["computer_takeover"]
        level = None if row is None else row["takeover_level"]
        return ServerChoices(
            takeover=self.takeover if takeover is None else bool(takeover),
            level=level or self.level,
            takeover_chosen=takeover is not None,
            level_chosen=level is not None,
            threads=row is not None and bool(row["threads"]),
            tournament_role=None if row is None else row["tournament_role"],
        )

    async def change(
        self,
        guild_id: int,
        user_id: int,
        now: datetime,
        takeover: str | None = None,
        level: str | None = None,
        threads: str | None = None,
        tournament_role: int | None = None,
    ) -> ServerChoices:
        """Apply an admin's choices ("on"/"off", a level, or DEFAULT; None keeps the setting).

        ``tournament_role``: a role's id, or the server's own id (its @everyone role) to clear it.
        """
        async with self.db.transaction():
            row = await self.db.fetchone(
                "SELECT computer_takeover, takeover_level, threads, tournament_role"
                " FROM server_settings WHERE guild_id=?",
                (guild_id,),
            )
            kept_takeover = None if row is None else row["computer_takeover"]
            kept_level = None if row is None else row["takeover_level"]
            kept_threads = None if row is None else row["threads"]
            kept_role = None if row is None else row["tournament_role"]
            if takeover is not None:
                kept_takeover = None if takeover == DEFAULT else int(takeover == "on")
            if level is not None:
                kept_level = None if level == DEFAULT else level
            if threads is not None:
                kept_threads = int(threads == "on")
            if tournament_role is not None:
                kept_role = None if tournament_role == guild_id else tournament_role
            await self.db.execute(
                "INSERT INTO server_settings"
                " (guild_id, computer_takeover, takeover_level, threads, tournament_role,"
                " changed_by, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET"
                " computer_takeover=excluded.computer_takeover,"
                " takeover_level=excluded.takeover_level, threads=excluded.threads,"
                " tournament_role=excluded.tournament_role,"
                " changed_by=excluded.changed_by, changed_at=excluded.changed_at",
                (
                    guild_id,
                    kept_takeover,
                    kept_level,
                    kept_threads,
                    kept_role,
                    user_id,
                    now.isoformat(),
                ),
            )
        return await self.get(guild_id)
