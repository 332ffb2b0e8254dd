"""Shield cards: the Standard Bearers' bonus to the creatures under them, in real combats."""

from engines.guardians.board import cards_map
from engines.guardians.combat.matchup import strength

from .card_scenarios import shows
from .scenario import labels, movement_game, play, shield, take


def _attack(game, attacker: list[str], defender: list[str], bearer: str, bearer_seat: int = 0):
    """Seat 0's Shield on C1 attacks seat 1's on C2; ``bearer`` is the Shield of ``bearer_seat``."""
    cards = ("shield", bearer) if bearer_seat else (bearer, "shield")
    shield(game, 0, "C1", attacker, card=cards[0])
    shield(game, 1, "C2", defender, card=cards[1])
    play(game, 0, next(a for a in labels(game, 0) if a.startswith("Turn ")))
    play(game, 0, "Move to C2")
    play(game, 0, "No command card")
    play(game, 1, "No command card")


def _match_up(game, a: str, d: str) -> tuple[int, int]:
    """Lay down ``a`` against ``d``, pass bribery; both strengths in the window."""
    play(game, 0, f"Play {a}")
    play(game, 1, f"Play {d}")
    for seat in game.to_act():
        play(game, seat, "No bribe")
    return strengths_now(game)


def strengths_now(game) -> tuple[int, int]:
    """The attacker's and the defender's strength in the match-up under way."""
    c = game.state.combat
    att, dfd = (next(f for f in c.current() if f.side == s) for s in (0, 1))
    cards = cards_map(game.state)
    return strength(c, cards, att), strength(c, cards, dfd)


@shows("broms_demonic_standard_bearer", "team_bonus")
def test_broms_standard_bearer_gives_plus_two_when_attacking():
    """Brom's Demonic Standard Bearer: "the creatures under it get +2 in their match-ups when
    attacking." A Swordsman under it fights a Swordsman at 8 vs 6 and beats it."""
    game = movement_game()
    _attack(game, ["swordsman"], ["swordsman"], "broms_demonic_standard_bearer")
    assert _match_up(game, "Swordsman", "Swordsman") == (8, 6)
    events = play(game, 0, "Pass") + play(game, 1, "Pass")
    assert "Swordsman 8 vs Swordsman 6: Swordsman is beaten." in [e.text for e in events]


def test_broms_standard_bearer_gives_nothing_when_defending():
    game = movement_game()
    _attack(game, ["swordsman"], ["swordsman"], "broms_demonic_standard_bearer", bearer_seat=1)
    assert _match_up(game, "Swordsman", "Swordsman") == (6, 6)


@shows("angelic_standard_bearer", "team_bonus")
def test_angelic_standard_bearer_gives_its_knights_plus_two():
    """Angelic Standard Bearer: "the Knights under it get +2 in their match-ups" (attacking or
    defending); a creature of another class under it gets nothing."""
    game = movement_game()
    _attack(game, ["swordsman"], ["swordsman", "wild_nymph"], "angelic_standard_bearer", 1)
    assert _match_up(game, "Swordsman", "Swordsman") == (6, 8)
    game = movement_game()
    _attack(game, ["swordsman"], ["wild_nymph"], "angelic_standard_bearer", 1)
    assert _match_up(game, "Swordsman", "Wild Nymph") == (6, 4 + 1)  # its OCB only


@shows("dem_bones_standard_bearer", "team_bonus")
def test_dem_bones_standard_bearer_gives_its_undead_plus_two():
    """Dem Bones Standard Bearer: "the Undead under it get +2 in their match-ups"."""
    game = movement_game()
    _attack(game, ["skeletal_minion", "wild_nymph"], ["swordsman"], "dem_bones_standard_bearer")
    assert _match_up(game, "Skeletal Minion", "Swordsman") == (3 + 1 + 2, 6)
    game = movement_game()
    _attack(game, ["wild_nymph"], ["swordsman"], "dem_bones_standard_bearer")
    assert _match_up(game, "Wild Nymph", "Swordsman") == (4 + 1, 6)


def test_a_standard_bearer_on_a_stronghold_helps_only_the_creatures_under_it():
    """The Stronghold's own creatures defend with the Shield on its space but are not under
    the Standard Bearer."""
    game = movement_game()
    shield(game, 0, "C2", ["swordsman", "swordsman"])
    shield(game, 1, "C3", ["axeman"], card="angelic_standard_bearer")
    game.state.seats[1].holds[1].on.append(take(game, 1, "swordsman"))
    play(game, 0, "Turn Shield on C2")
    play(game, 0, "Move to C3")
    play(game, 0, "No command card")
    play(game, 1, "No command card")
    defence = 7  # Keep of Rak Nam (centre)
    assert _match_up(game, "Swordsman", "Swordsman") == (6, 6 + defence)
    play(game, 0, "Pass")
    play(game, 1, "Pass")
    assert _match_up(game, "Swordsman", "Axeman") == (6, 7 + 2 + defence)
