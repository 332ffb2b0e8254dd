-- A player's opt-in to have forced moves played for them even when that reveals a secret
-- (Knightfall: "pass for me when I have no power").
ALTER TABLE seats ADD COLUMN auto_play INTEGER NOT NULL DEFAULT 0;
