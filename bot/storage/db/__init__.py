"""Storage behind one interface: SQLite (the default) or PostgreSQL (docs/design/scale.md)."""

from bot.storage.db.base import Database, IntegrityError, Row, Statement, Unchanged

__all__ = ["Database", "IntegrityError", "Row", "Statement", "Unchanged"]
