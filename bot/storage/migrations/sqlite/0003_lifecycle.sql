-- The step at which a seat last agreed to abort: the agreement counts only at that step,
-- so an old consent cannot end a game that has moved on since.
ALTER TABLE seats ADD COLUMN abort_step INTEGER;
-- The step at which the idle warning was sent (one warning per wait).
ALTER TABLE sessions ADD COLUMN idle_warned_step INTEGER;
-- Counting a member's live games (per-user limit).
CREATE INDEX seats_by_user_session ON seats (user_id, session_id);
