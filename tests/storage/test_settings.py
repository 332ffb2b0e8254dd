"""Which database the bot opens: DATABASE_URL (PostgreSQL) when set, else DATABASE_PATH."""

from pathlib import Path

from bot.settings import Settings
from bot.storage.database import is_postgres


def test_the_sqlite_file_is_the_default(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", "var/x.sqlite3")
    settings = Settings(_env_file=None)
    assert settings.database == Path("var/x.sqlite3") and not is_postgres(settings.database)


def test_a_database_url_chooses_postgres_and_stays_out_of_the_repr(monkeypatch):
    url = "postgresql://bot:secret@db.example:5432/tabletop"
    monkeypatch.setenv("DATABASE_URL", url)
    settings = Settings(_env_file=None)
    assert settings.database == url and is_postgres(settings.database)
    assert "secret" not in repr(settings)
