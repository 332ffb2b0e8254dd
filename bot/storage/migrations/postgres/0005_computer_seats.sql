-- Games against the computer: the level the computer plays a seat at (NULL: a
-- person), and, on each result, the level of the computer the player faced (NULL: a person;
-- such results are unrated and shown apart on the leaderboard).
ALTER TABLE seats ADD COLUMN computer_level TEXT;
ALTER TABLE results ADD COLUMN vs_computer TEXT;
