-- A server's own choices, set by its admins with /game settings; NULL: the bot's
-- default from the environment (COMPUTER_TAKEOVER, COMPUTER_TAKEOVER_LEVEL).
CREATE TABLE server_settings (
    guild_id INTEGER PRIMARY KEY,
    computer_takeover INTEGER,
    takeover_level TEXT,
    changed_by INTEGER NOT NULL,
    changed_at TEXT NOT NULL
);
