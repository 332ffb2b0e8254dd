-- A server may play each game in its own thread off the channel it was started in.
-- threads: the server's choice (NULL: off). parent_channel_id: the channel a game's thread
-- hangs off (NULL: the game is played in channel_id itself). While a game waits for its
-- thread (a challenge not yet accepted), channel_id = parent_channel_id and the row does not
-- hold the channel: many games can start there, each in its own thread.
ALTER TABLE server_settings ADD COLUMN threads INTEGER;
ALTER TABLE sessions ADD COLUMN parent_channel_id INTEGER;
DROP INDEX one_live_session_per_channel;
CREATE UNIQUE INDEX one_live_session_per_channel
    ON sessions (channel_id)
    WHERE status IN ('pending', 'active')
      AND (parent_channel_id IS NULL OR parent_channel_id <> channel_id);
CREATE INDEX sessions_by_parent ON sessions (parent_channel_id) WHERE parent_channel_id IS NOT NULL;
