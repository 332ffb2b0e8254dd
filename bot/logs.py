"""The bot's logging: the level asked for, but never the libraries' payload and SQL dumps.

At DEBUG, discord.py logs every request payload (DM contents, hidden cards), aiosqlite every
statement with its parameters (the stored state, the secret seed), and asyncpg its queries:
those loggers stay at INFO whatever ``LOG_LEVEL`` says.
"""

from __future__ import annotations

import logging

CAPPED = ("discord", "aiosqlite", "asyncpg")


def configure(level: str) -> None:
    """Log at ``level`` to stderr, the capped libraries at INFO or above."""
    logging.basicConfig(
        level=level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    floor = max(logging.INFO, logging.getLogger().getEffectiveLevel())
    for name in CAPPED:
        logging.getLogger(name).setLevel(floor)
