"""Driving a Gondor game in tests: deploy, end phases, find actions."""

from engines.gondor.actions import AutoDeploy, EndMovement, EndPhase, SetupDone
from engines.gondor.game import Gondor

SEED = 4242


def deployed(seed: int = SEED) -> Gondor:
    """A game after both sides auto-deployed: Game-Turn 1, phase A."""
    game = Gondor.new(2, seed)
    for seat in (0, 1):
        game.apply(seat, AutoDeploy())
        game.apply(seat, SetupDone())
    return game


def end_phase(game: Gondor) -> None:
    """The acting side ends the current phase (or its half of a joint phase)."""
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    action = EndMovement() if EndMovement() in legal else EndPhase()
    game.apply(seat, action)


def advance_to(game: Gondor, turn: int, phase: str) -> None:
    """End phases until the game reaches ``phase`` of ``turn``."""
    while (game.state.turn, game.state.phase) != (turn, phase):
        end_phase(game)
