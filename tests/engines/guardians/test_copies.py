"""Copies of one card: one move when they would do the same, labels told apart when not."""

import random
from collections import Counter

from engines.guardians import Guardians


def positions():
    """(game, seat, every action) along random games, for each seat to act."""
    for seed in range(10):
        rng = random.Random(seed)
        game = Guardians.new(2, seed=10_000_019 * (seed + 1))
        while not game.is_over:
            for seat in game.to_act():
                yield game, seat, game._every_action(seat)
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_interchangeable_copies_are_one_move_yet_any_copy_replays():
    game, seat, every = next(
        (g, s, e) for g, s, e in positions() if len(g.legal_actions(s)) < len(e)
    )
    offered = game.legal_actions(seat)
    (dropped, *_) = [a for a in every if a not in offered]
    twin = next(a for a in offered if a.label() == dropped.label())
    assert twin.kind == dropped.kind and twin != dropped
    assert all(n == 1 for n in Counter(a.label() for a in offered).values())
    game.apply(seat, Guardians.decode(Guardians.encode(dropped)))  # a stored game's choice


def test_copies_that_differ_say_which_copy_they_name():
    game, seat, every = next(
        (g, s, e)
        for g, s, e in positions()
        if any(a.label() != b.label() for a, b in zip(g.legal_actions(s), e, strict=False))
        and len(g.legal_actions(s)) == len(e)
    )
    offered = game.legal_actions(seat)
    told = [(a, b) for a, b in zip(offered, every, strict=True) if a.label() != b.label()]
    assert len(told) >= 2
    for shown, plain in told:
        assert shown == plain  # the same move, only its label says more
        assert shown.label().startswith(plain.label() + " (")
    assert len({a.label() for a in offered}) == len(offered)
    game.apply(seat, Guardians.decode(Guardians.encode(told[0][0])))
