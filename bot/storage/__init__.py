"""Storage: the database (SQLite or PostgreSQL), its migrations and the tables' queries.

The bottom layer of the bot: it imports nothing from the bot's other groups (only the
refusals in ``bot.errors`` and the configuration in ``bot.settings``).
"""
