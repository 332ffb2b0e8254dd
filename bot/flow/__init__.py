"""The session flow: challenges, the click loop, the computer's turns, undo, endings.

Above storage and the surface, below the client, the components and the commands.
"""
