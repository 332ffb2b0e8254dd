"""Each game's command module (its plugin's ``commands``) and the base they share."""
