-- A game that ended and whose result message is not posted yet: written with the ending, taken
-- out once the result is posted, so a start after a process died in between posts it
-- (bot/flow/reshow.py).
CREATE TABLE endings_owed (
    session_id TEXT PRIMARY KEY,
    ended_at TEXT NOT NULL
);
