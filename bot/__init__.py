"""The Discord layer: settings, commands, sessions, persistence, delivery."""
