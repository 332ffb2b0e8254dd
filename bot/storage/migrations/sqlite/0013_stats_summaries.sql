-- /stats reads a member's figures from these summaries instead of counting their results:
-- each game's end adds to them in the transaction that writes its results (bot/storage/stats.py).
-- A member's games of one game against one kind of opponent: ``level`` is the computer's ('' for
-- people or solo), ``unrated`` a game between people the computer took a seat of; ``best`` the
-- best score (solo games), ``best_plain`` the best of the games without hints or Undo.
CREATE TABLE member_records (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    game       TEXT NOT NULL,
    level      TEXT NOT NULL,
    unrated    INTEGER NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    best       REAL,
    best_plain REAL,
    PRIMARY KEY (guild_id, user_id, game, level, unrated)
);
-- The people a member played at one game, and the member's record against each.
CREATE TABLE member_opponents (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT NOT NULL,
    opponent_id INTEGER NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, game, opponent_id)
);
-- A member's most played opponents at a game first: the few listed are read, no more.
CREATE INDEX member_opponents_by_games
    ON member_opponents (guild_id, user_id, game, games DESC, opponent_id);
-- A member's rated results, newest first: a rating history reads its last ones, however many
-- unrated games lie between them.
CREATE INDEX results_rated ON results (guild_id, user_id, game, finished_at, session_id)
    WHERE rating_after IS NOT NULL;
