"""The engine's caches: ZOC memoised per board, the highlight from the step's cached choices."""

from engines.gondor.actions import Move, Select
from engines.gondor.moving import targets
from engines.gondor.zoc import zoc
from tests.engines.gondor.play import advance_to, deployed

from .helpers import board, piece


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
    start = game.state.counters[game.state.selected[0]].hex
    assert game.view(0)["focus"] == [start]  # the mover's close-up, centred on the group
    assert "focus" not in game.view(1) and "focus" not in game.view(None)
    game.apply(0, moves[0])
    assert "highlight" not in game.view(None)
    assert not any(isinstance(a, Move) for a in game.legal_actions(0))
