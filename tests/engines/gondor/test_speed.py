"""The engine's caches change no result: a fixed random game replays to the same end; memos."""

import hashlib
import random

from engines.gondor.actions import Move, Select
from engines.gondor.game import Gondor
from engines.gondor.moving import targets
from engines.gondor.zoc import zoc
from tests.engines.gondor.play import advance_to, deployed

from .helpers import board, piece

# Recorded on main at cd63411, before the speed work (static per-hex links, ZOC memoised per
# board, the view's highlight from the cached choices). A deliberate rule change that alters
# random play updates both numbers: print them with `python -m tests.engines.gondor.test_speed`.
SEED, CHOOSER = 77, 1
ACTIONS = 1330
FINAL_STATE_SHA256 = "313e3254f0c71953a48db0c42ce04a5c2a58ea4fc162009537381169d27c5fd2"


def fingerprint(seed: int, chooser: int) -> tuple[int, str]:
    """(actions played, sha256 of the final state's JSON) of one random legal game."""
    game = Gondor.new(2, seed)
    rng = random.Random(chooser)
    played = 0
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.view(seat)
        game.apply(seat, rng.choice(legal))
        played += 1
    return played, hashlib.sha256(game.to_json().encode()).hexdigest()


def test_a_fixed_random_game_ends_exactly_as_before_the_speed_work():
    assert fingerprint(SEED, CHOOSER) == (ACTIONS, FINAL_STATE_SHA256)


def test_zoc_is_computed_once_per_board_and_each_board_has_its_own():
    b = board(piece("orc", "orc-infantry", "2314"), piece("spear", "gondor-spearmen", "2213"))
    assert zoc(b, "sauron") is zoc(b, "sauron")
    assert "2213" not in zoc(b, "sauron")  # 5.1: not across the wall 2213/2314
    breached = board(*b.pieces, breaches=frozenset({"2213/2314"}))
    assert "2213" in zoc(breached, "sauron") and "2213" not in zoc(b, "sauron")


def test_the_highlight_is_the_selected_groups_destinations_and_follows_the_step():
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    select = next(a for a in game.legal_actions(0) if isinstance(a, Select) and a.hex)
    assert "highlight" not in game.view(0)
    game.apply(0, select)
    moves = [a for a in game.legal_actions(0) if isinstance(a, Move)]
    assert game.view(0)["highlight"] == sorted(targets(game.state)) == sorted(m.hex for m in moves)
    game.apply(0, moves[0])
    assert "highlight" not in game.view(None)
    assert not any(isinstance(a, Move) for a in game.legal_actions(0))


if __name__ == "__main__":
    print(fingerprint(SEED, CHOOSER))
