-- Players' saved decks, per game (decks belong to a player, not to a server).
CREATE TABLE decks (
    user_id    INTEGER NOT NULL,
    game       TEXT NOT NULL,
    name       TEXT NOT NULL COLLATE NOCASE,
    cards_json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, game, name)
);
