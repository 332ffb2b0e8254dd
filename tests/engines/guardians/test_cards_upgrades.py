"""Stronghold Upgrades: what each does beside its Stronghold, in real games."""

from .card_scenarios import shows
from .scenario import movement_game, play, shield, take
from .test_cards_shields import strengths_now


def _siege_left(game, upgrade: str | None):
    """Seat 0's Swordsman attacks seat 1's Left Stronghold (an Axeman on it, ``upgrade`` beside)."""
    hold = game.state.seats[1].holds[0]
    hold.on.append(take(game, 1, "axeman"))
    if upgrade:
        hold.upgrade = take(game, 1, upgrade)
    shield(game, 0, "L2", ["swordsman"])
    play(game, 0, "Turn Shield on L2")
    play(game, 0, "Move to L3")
    play(game, 0, "No command card")
    play(game, 1, "No command card")
    play(game, 0, "Play Swordsman")
    play(game, 1, "Play Axeman")
    for seat in game.to_act():
        play(game, seat, "No bribe")
    return strengths_now(game)


@shows("battlements", "stronghold_bonus")
def test_battlements_give_the_strongholds_defenders_plus_two():
    """Battlements: "+2 to your creatures defending the Stronghold it stands beside." """
    assert _siege_left(movement_game(), None) == (6, 7 + 5)  # Keep of Rak Nam (left) +5
    assert _siege_left(movement_game(), "battlements") == (6, 7 + 5 + 2)
    assert _siege_left(movement_game(), "sacrificial_altar") == (6, 7 + 5)
