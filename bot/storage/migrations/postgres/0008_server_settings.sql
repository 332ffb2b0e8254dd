-- A server's own choices, set by its admins with /game settings; NULL: the bot's
-- default from the environment (COMPUTER_TAKEOVER, COMPUTER_TAKEOVER_LEVEL).
CREATE TABLE server_settings (
    guild_id BIGINT PRIMARY KEY,
    computer_takeover INTEGER,
    takeover_level TEXT COLLATE "C",
    changed_by BIGINT NOT NULL,
    changed_at TEXT COLLATE "C" NOT NULL
);
