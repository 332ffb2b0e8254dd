-- Until when a process posting an owed result keeps the others from posting it too (two
-- processes on the same shards in a deploy's overlap, a start beside the process that ended the
-- game): written with the ending, taken again by whoever posts it later (bot/flow/reshow.py).
ALTER TABLE endings_owed ADD COLUMN claimed_until TEXT;
