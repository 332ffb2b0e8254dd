"""What players see and how it reaches them: ids, controls, messages, images, limits.

Above storage, below the session flow: it imports ``bot.storage``, never ``bot.flow``.
"""
