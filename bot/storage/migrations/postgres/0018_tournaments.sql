-- Server tournaments (bot/storage/tournaments.py): a tournament, its players, its games.
-- state: open (players join) -> running -> finished, or cancelled. round: the round being
-- played (0 before the start); round_ends_at: when its unfinished games are forfeited.
CREATE TABLE tournaments (
    id TEXT COLLATE "C" PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game TEXT COLLATE "C" NOT NULL,
    format TEXT COLLATE "C" NOT NULL,
    rounds INTEGER NOT NULL,
    pace_minutes INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    organiser_id BIGINT NOT NULL,
    state TEXT COLLATE "C" NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
    starts_at TEXT COLLATE "C",
    round_ends_at TEXT COLLATE "C",
    winner_id BIGINT,
    created_at TEXT COLLATE "C" NOT NULL,
    updated_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX tournaments_by_server ON tournaments (guild_id, state);
CREATE INDEX tournaments_by_state ON tournaments (state, round_ends_at);
-- Its players in join order (seq); left_at: withdrew after the start (paired no more).
CREATE TABLE tournament_players (
    tournament_id TEXT COLLATE "C" NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    seq INTEGER NOT NULL,
    joined_at TEXT COLLATE "C" NOT NULL,
    left_at TEXT COLLATE "C",
    PRIMARY KEY (tournament_id, user_id)
);
-- A round's games: first_id plays the first seat; second_id NULL is a bye. session_id: the
-- game once started (claimed_at: a process is starting it; warned_at: its players were told
-- the deadline is near); decision: how it ended.
CREATE TABLE tournament_games (
    tournament_id TEXT COLLATE "C" NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    first_id BIGINT NOT NULL,
    second_id BIGINT,
    session_id TEXT COLLATE "C" UNIQUE,
    claimed_at TEXT COLLATE "C",
    warned_at TEXT COLLATE "C",
    decision TEXT COLLATE "C",
    decided_at TEXT COLLATE "C",
    PRIMARY KEY (tournament_id, round, board)
);
-- A role whose members may organise tournaments besides those with Manage Server (NULL: none).
ALTER TABLE server_settings ADD COLUMN tournament_role BIGINT;
