-- A process that stopped cleanly (every interaction finished, every message sent) notes it for
-- its shards; the next start of those shards then has no move to show again (bot/flow/reshow.py).
CREATE TABLE clean_stops (
    shards TEXT PRIMARY KEY,
    stopped_at TEXT NOT NULL
);
