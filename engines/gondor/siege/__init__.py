"""The siege (16.0): the Siege Phase B, fireballs and Heads, Ladders, cauldrons and oil.

``phase`` runs the Forces of Sauron Siege Phase (breach fire, Grond, advance); ``fireballs``
aims and lands fireballs and Heads; ``moves`` is what a move sets off in a siege (overrun,
Ladders, oil), and ``oil`` the cauldrons' hidden oil.
"""
