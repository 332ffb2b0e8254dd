"""What counts as a player's own (``own_view.digest``): their DM is edited when it changes."""

import random
from collections import Counter

import pytest

import engines
from bot.storage.position import Position
from bot.surface import own_view
from tests.engines.guardians.scenario import movement_game, shield, terrain

SWITCHES = (False, frozenset[str]())


def test_a_warning_raised_by_the_table_alone_changes_the_digest():
    game = movement_game()
    shield(game, 0, "L0", ["swordsman"])
    shield(game, 1, "R2", ["swordsman"])
    terrain(game, 1, "L1", "woods")
    game.state.mover = 1  # Player 1 waits: no moves of theirs change
    before = own_view.digest(Position(game), 0, SWITCHES)
    assert game.warnings(0) == []
    terrain(game, 1, "C1", "swamps")  # public: Player 2 now holds five lands
    assert game.warnings(0)
    assert own_view.digest(Position(game), 0, SWITCHES) != before


def secrets(mine, theirs) -> tuple[Counter, int]:
    """The definition: every leaf of each view by its path without indices, ``mine`` less
    ``theirs`` as multisets (lists walked whole); and how many leaves that walked."""

    def leaves(value, path, out: Counter) -> Counter:
        if isinstance(value, dict):
            for key, item in value.items():
                leaves(item, f"{path}.{key}", out)
        elif isinstance(value, list):
            for item in value:
                leaves(item, f"{path}[]", out)
        else:
            out[(path, value)] += 1
        return out

    def walk(a, b, path, seen, public):
        if a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in a.keys() | b.keys():
                walk(a.get(key), b.get(key), f"{path}.{key}", seen, public)
            return
        leaves(a, path, seen)
        leaves(b, path, public)

    seen, public = Counter(), Counter()
    walk(mine, theirs, "", seen, public)
    return seen - public, seen.total() + public.total()


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_the_digest_walks_only_what_differs_and_finds_the_same_secrets(game_id, monkeypatch):
    """Lists' items are paired and only differing pairs walked: the secrets are the same."""
    found = []
    real = own_view.Counter

    def counted(leaves=()):
        found.append(list(leaves))
        return real(found[-1])

    monkeypatch.setattr(own_view, "Counter", counted)
    cls = engines.get_game(game_id)
    game, rng, walked, whole = cls.new(cls.max_players, seed=7), random.Random(7), 0, 0
    for _ in range(40):
        if game.is_over:
            break
        for seat in range(cls.max_players):
            position, found[:] = Position(game), []
            own_view.digest(position, seat, SWITCHES)
            mine, public = found
            expected, leaves = secrets(position.view(seat), position.view(None))
            assert real(mine) - real(public) == expected
            walked, whole = walked + len(mine) + len(public), whole + leaves
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert walked <= whole
    if game_id in ("knightfall", "guardians"):  # lists whose items differ one by one
        assert walked < whole / 2
