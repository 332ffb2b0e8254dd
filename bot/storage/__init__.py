"""Storage: the database (SQLite or PostgreSQL), its migrations and the tables' queries.

The bottom layer of the bot: it imports nothing from the bot's other groups nor Discord (only
the configuration in ``bot.settings``), and holds no words for players: what it refuses is a
code (``bot.storage.refusals``) the surface words.
"""
