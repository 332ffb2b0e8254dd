"""Hopscotch: a game that exists only in the tests, installed as its own distribution.

Its folder's parent holds ``tiny_game-0.1.dist-info`` (its entry point), so putting the parent
on ``sys.path`` installs it as far as ``importlib.metadata`` is concerned.
"""
