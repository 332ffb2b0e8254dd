-- A game the bot reaches only through interactions (the app installed to a member, played in
-- a DM, a group DM or a server that never added the bot): its messages are interaction
-- responses, edits through an interaction's webhook and follow-ups, never channel routes.
-- guild_id is 0 for such a game: it counts on no server's leaderboard.
ALTER TABLE sessions ADD COLUMN via_interactions INTEGER NOT NULL DEFAULT 0;
