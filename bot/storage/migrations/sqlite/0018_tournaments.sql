-- Server tournaments (bot/storage/tournaments.py): a tournament, its players, its games.
-- state: open (players join) -> running -> finished, or cancelled. round: the round being
-- played (0 before the start); round_ends_at: when its unfinished games are forfeited.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    format TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    pace_minutes INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    state TEXT NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
    starts_at TEXT,
    round_ends_at TEXT,
    winner_id INTEGER,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX tournaments_by_server ON tournaments (guild_id, state);
CREATE INDEX tournaments_by_state ON tournaments (state, round_ends_at);
-- Its players in join order (seq); left_at: withdrew after the start (paired no more).
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    seq INTEGER NOT NULL,
    joined_at TEXT NOT NULL,
    left_at TEXT,
    PRIMARY KEY (tournament_id, user_id)
);
-- A round's games: first_id plays the first seat; second_id NULL is a bye. session_id: the
-- game once started (claimed_at: a process is starting it; warned_at: its players were told
-- the deadline is near); decision: how it ended.
CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    first_id INTEGER NOT NULL,
    second_id INTEGER,
    session_id TEXT UNIQUE,
    claimed_at TEXT,
    warned_at TEXT,
    decision TEXT,
    decided_at TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
-- A role whose members may organise tournaments besides those with Manage Server (NULL: none).
ALTER TABLE server_settings ADD COLUMN tournament_role INTEGER;
