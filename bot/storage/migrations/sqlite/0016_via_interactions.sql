-- A game the bot reaches only through interactions (the app installed to a member, played in
-- a DM or group DM): its messages are interaction responses, edits through an interaction's
-- webhook and follow-ups, never channel routes. guild_id is 0 for such a game (no server).
ALTER TABLE sessions ADD COLUMN via_interactions INTEGER NOT NULL DEFAULT 0;
