-- Hints in solo games: 1 once the player asked `/game hint` in this game. The solo
-- leaderboard counts such games and marks a best score reached with hints.
ALTER TABLE sessions ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0;
