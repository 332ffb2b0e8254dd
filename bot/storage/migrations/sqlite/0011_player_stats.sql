-- /stats: a rated result keeps the player's rating before and after that game (its history
-- is drawn as a graph; NULL for unrated games and for games rated before this column).
ALTER TABLE results ADD COLUMN rating_before REAL;
ALTER TABLE results ADD COLUMN rating_after REAL;
-- A member's results per game in time order, read without scanning the server's.
CREATE INDEX results_by_player ON results (guild_id, user_id, game, finished_at);
-- A server's latest results (the server view of /stats reads a bounded window of them).
CREATE INDEX results_by_time ON results (guild_id, finished_at);
