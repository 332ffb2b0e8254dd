-- Every game now has a switch for a player's only moves. In the solo games (nothing hidden) it
-- decides every only move and starts ON, which is how their running games already behave.
UPDATE seats SET auto_play = 1
 WHERE session_id IN (SELECT id FROM sessions WHERE game IN ('gondolin', 'galdors_grip'));
