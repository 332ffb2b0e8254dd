"""The per-condition bench's passive Westernesse (bench/gondor_conditions.py)."""

from bench.gondor_conditions import passive
from engines.gondor import Gondor
from tests.engines.gondor.play import advance_to, deployed

WESTERNESSE = 1


def test_the_passive_side_deploys_as_standard_and_ends_its_phases():
    game = Gondor.new(2, seed=7000)
    game.apply(0, next(a for a in game.legal_actions(0) if a.kind == "auto_deploy"))
    game.apply(0, next(a for a in game.legal_actions(0) if a.kind == "setup_done"))
    assert passive(game, WESTERNESSE, 1).kind == "standard_deploy"
    game = deployed()
    advance_to(game, 1, "westernesse-movement")
    assert game.to_act() == [WESTERNESSE]
    assert passive(game, WESTERNESSE, 1).kind == "move_done"
