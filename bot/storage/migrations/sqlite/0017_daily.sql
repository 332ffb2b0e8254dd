-- The daily deal: one attempt per member, game and UTC day, wherever it is played. The row is
-- written in the transaction that creates the game (the primary key refuses a second one);
-- score, moves and finished_at are filled in the transaction that writes the game's result.
-- day: days since the first daily (day 1); guild_id: NULL for a game played outside a server.
CREATE TABLE daily_attempts (
    user_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    day INTEGER NOT NULL,
    session_id TEXT NOT NULL UNIQUE,
    guild_id INTEGER,
    name TEXT NOT NULL,
    started_at TEXT NOT NULL,
    score REAL,
    moves INTEGER,
    hinted INTEGER NOT NULL DEFAULT 0,
    undone INTEGER NOT NULL DEFAULT 0,
    finished_at TEXT,
    PRIMARY KEY (user_id, game, day)
);
-- A day's board, best first, and a server's part of it.
CREATE INDEX daily_by_day ON daily_attempts (game, day, score, moves, finished_at);
CREATE INDEX daily_by_server ON daily_attempts (game, day, guild_id);
-- A member's choice to be named on the global daily board (absent: shown without a name).
CREATE TABLE daily_names (
    user_id INTEGER PRIMARY KEY,
    named INTEGER NOT NULL,
    changed_at TEXT NOT NULL
);
-- Secrets the bot makes for itself on first use (the daily deal's key), never shown or logged.
CREATE TABLE bot_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
