-- The server channel a daily deal was started from when it is played in the player's DM with
-- the bot: its public lines (who is playing, the result) go there. NULL: played where started.
ALTER TABLE daily_attempts ADD COLUMN channel_id INTEGER;
