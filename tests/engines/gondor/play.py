"""Driving a Gondor game in tests: deploy, end phases, find actions."""

from engines.gondor.actions import AutoDeploy, EndMovement, EndPhase, SetupDone
from engines.gondor.combat.actions import EndSegment
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
    """The acting side ends the current phase (its half of a joint phase, or a combat segment)."""
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    ends = [a for a in legal if isinstance(a, EndMovement | EndSegment)]
    game.apply(seat, ends[0] if ends else EndPhase())


def advance_to(game: Gondor, turn: int, phase: str) -> None:
    """End phases until the game reaches ``phase`` of ``turn``."""
    while (game.state.turn, game.state.phase) != (turn, phase):
        end_phase(game)
