"""Players' saved decks (a list of card ids per name), stored in the database."""

from __future__ import annotations

import json
import re
from datetime import datetime

from bot.storage.db import Database
from bot.storage.refusals import Refusal, Refused
from engines.plugins import plugin

NAME = re.compile(r"[\w\- ]{1,32}")
MAX_DECKS = 25  # one select menu's worth


def max_cards(game: str) -> int:
    """The most entries a stored deck of ``game`` may hold (its plugin's ``deck_cards``).

    The game's deck parser enforces its own limit; a deck stored may also hold more than
    cards (a Guardian and a Stronghold set), which the plugin's number counts. KeyError for a
    game without saved decks.
    """
    cap = plugin(game).deck_cards
    if cap is None:
        raise KeyError(f"{game} has no saved decks")
    return cap


def spaced(name: str) -> str:
    """A typed deck name with each run of whitespace made one space, as stored and shown."""
    return " ".join(name.split())


def clean_name(name: str) -> str:
    """A deck name as stored: trimmed, 1-32 letters, digits, spaces, - or _."""
    name = spaced(name)
    if not NAME.fullmatch(name):
        raise Refused(Refusal.DECK_NAME_INVALID)
    return name


class DeckStore:
    """Create, read, update and delete a player's decks."""

    def __init__(self, db: Database) -> None:
        self.db = db  # shared with SessionStore

    async def get(self, user_id: int, game: str, name: str) -> list[str] | None:
        """The deck's card ids, or None if the player has no deck of that name."""
        return await self._get(user_id, game, clean_name(name))

    async def _get(self, user_id: int, game: str, name: str) -> list[str] | None:
        row = await self.db.fetchone(
            "SELECT cards_json FROM decks WHERE user_id=? AND game=? AND name=?",
            (user_id, game, name),
        )
        return json.loads(row["cards_json"]) if row else None

    async def names(self, user_id: int, game: str) -> list[str]:
        """The player's deck names, alphabetically (whatever their case)."""
        rows = await self.db.fetchall(
            "SELECT name FROM decks WHERE user_id=? AND game=? ORDER BY name COLLATE NOCASE",
            (user_id, game),
        )
        return [r["name"] for r in rows]

    async def save(
        self, user_id: int, game: str, name: str, cards: list[str], now: datetime, *, new: bool
    ) -> None:
        """Write a deck; ``new`` refuses to overwrite an existing one.

        The checks (exists, how many decks) run in the same transaction as the write, under the
        player's lock, so two saves at once (in any processes) cannot both pass them.
        """
        name = clean_name(name)
        cap = max_cards(game)
        if len(cards) > cap:
            raise Refused(Refusal.DECK_TOO_LONG, limit=cap, count=len(cards))
        async with self.db.transaction():
            await self.db.lock(f"decks:{user_id}:{game}")
            exists = await self._get(user_id, game, name) is not None
            if new and exists:
                raise Refused(Refusal.DECK_NAME_TAKEN, name=name)
            if not new and not exists:
                raise Refused(Refusal.NO_SUCH_DECK, name=name, game=game)
            if new and await self._count(user_id, game) >= MAX_DECKS:
                raise Refused(Refusal.TOO_MANY_DECKS, limit=MAX_DECKS)
            await self.db.execute(
                "INSERT INTO decks (user_id, game, name, cards_json, updated_at)"
                " VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id, game, name) DO UPDATE SET"
                " cards_json=excluded.cards_json, updated_at=excluded.updated_at",
                (user_id, game, name, json.dumps(cards), now.isoformat()),
            )

    async def _count(self, user_id: int, game: str) -> int:
        row = await self.db.fetchone(
            "SELECT COUNT(*) FROM decks WHERE user_id=? AND game=?", (user_id, game)
        )
        return row[0] if row else 0

    async def delete(self, user_id: int, game: str, name: str) -> bool:
        """Remove a deck; False if there was none."""
        name = clean_name(name)
        async with self.db.transaction():
            deleted = await self.db.execute(
                "DELETE FROM decks WHERE user_id=? AND game=? AND name=?", (user_id, game, name)
            )
        return deleted == 1
