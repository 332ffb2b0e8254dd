-- Players' saved decks, per game (decks belong to a player, not to a server).
-- Deck names are unique and sorted regardless of case, as SQLite's COLLATE NOCASE does: a
-- case-insensitive ICU collation named like SQLite's, so the queries are the same.
CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
CREATE TABLE decks (
    user_id    BIGINT NOT NULL,
    game       TEXT NOT NULL,
    name       TEXT NOT NULL COLLATE nocase,
    cards_json TEXT NOT NULL,
    updated_at TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (user_id, game, name)
);
