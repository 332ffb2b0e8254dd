-- A player's coach switch in a game against the computer: 1 shows the computer's suggested
-- move beside their moves. Set at the start from how many games of that game they played.
ALTER TABLE seats ADD COLUMN coach INTEGER NOT NULL DEFAULT 0;
