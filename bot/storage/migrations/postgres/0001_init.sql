-- PostgreSQL port of sqlite/0001_init.sql. Discord ids and seeds are 64-bit (BIGINT); times
-- are ISO-8601 text as in SQLite, compared byte by byte (COLLATE "C") whatever the locale.
CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    game         TEXT NOT NULL,
    guild_id     BIGINT NOT NULL,
    channel_id   BIGINT NOT NULL,
    message_id   BIGINT,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'active', 'finished', 'abandoned')),
    end_reason   TEXT,
    step         INTEGER NOT NULL DEFAULT 0,
    seed         BIGINT NOT NULL,
    options_json TEXT NOT NULL DEFAULT '{}',
    state_json   TEXT,
    created_at   TEXT COLLATE "C" NOT NULL,
    updated_at   TEXT COLLATE "C" NOT NULL
);
-- One running (or pending) session per channel.
CREATE UNIQUE INDEX one_live_session_per_channel
    ON sessions (channel_id) WHERE status IN ('pending', 'active');
CREATE INDEX sessions_by_status ON sessions (status, updated_at);

CREATE TABLE seats (
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    BIGINT NOT NULL,
    name       TEXT NOT NULL,
    dm_closed  INTEGER NOT NULL DEFAULT 0,
    dm_message_id BIGINT,
    dm_channel_id BIGINT,
    wants_abort INTEGER NOT NULL DEFAULT 0,
    -- the step at which this seat's choices last changed; older buttons are stale
    prompt_step INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- Append-only action log, written in the same transaction as the state it produced.
CREATE TABLE actions (
    session_id  TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    step        INTEGER NOT NULL,
    seat        INTEGER,
    code        TEXT NOT NULL,
    events_json TEXT NOT NULL DEFAULT '[]',
    created_at  TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (session_id, step)
);

-- One row per player of a finished game; written with the terminal state.
CREATE TABLE results (
    session_id  TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL,
    guild_id    BIGINT NOT NULL,
    game        TEXT NOT NULL,
    outcome     TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    score       DOUBLE PRECISION,
    extra_json  TEXT NOT NULL DEFAULT '{}',
    finished_at TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX results_by_board ON results (guild_id, game);

-- Glicko-2 ratings per server and game, for 2-player games.
CREATE TABLE ratings (
    guild_id   BIGINT NOT NULL,
    game       TEXT NOT NULL,
    user_id    BIGINT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    rd         DOUBLE PRECISION NOT NULL,
    vol        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
