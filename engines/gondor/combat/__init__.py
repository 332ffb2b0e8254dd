"""Combat (7.0): the Combat Phases D and G, their orders, odds, strikes, results and tables.

``phases`` runs the phases and the retreat and advance decisions; ``orders`` lists what may
strike what and ``odds`` works out the numbers; ``strikes`` resolves an order, ``results``
applies what the tables say, and ``follow`` settles the retreats, advances and Mûmak
``rampage`` that results queue. The Rally Phase (``engines/gondor/rally.py``) uses the same
tables.
"""
