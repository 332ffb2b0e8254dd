-- A player's standing choices (Gondor: "Pass my magic phases"), their keys joined by commas:
-- each passes one kind of optional turn for them until they switch it off.
ALTER TABLE seats ADD COLUMN standing TEXT NOT NULL DEFAULT '';
