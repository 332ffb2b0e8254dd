-- Housekeeping once per tick across processes: a process sweeps only if it moves
-- its job's row to the current tick first (tick = seconds since the epoch // interval).
CREATE TABLE housekeeping (
    job TEXT PRIMARY KEY,
    tick INTEGER NOT NULL,
    claimed_at TEXT NOT NULL
);
