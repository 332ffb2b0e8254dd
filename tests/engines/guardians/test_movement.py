"""Up-cards, shield turns, walking, flying, reinforcing, combat and retreat."""

from engines.guardians import clash, movement
from engines.guardians.combat import CombatOutcome
from engines.guardians.state import Stack

from .scenario import labels, movement_game, play, shield, take, terrain


def test_higher_up_card_moves_first_and_ties_turn_again():
    """Text: "The player whose "Up Number" is higher goes first. If both cards have the same
    number, put them on the bottom of your deck and turn another card.\""""
    game = movement_game()
    s = game.state
    shield(game, 0, "C1", ["swordsman"])
    shield(game, 1, "C2", ["swordsman"])
    a, b = take(game, 0, "archer"), take(game, 1, "archer")  # 6 and 6: a tie
    c, d = take(game, 0, "wild_nymph"), take(game, 1, "sand_lord")  # 4 against 11
    s.seats[0].deck[:0], s.seats[1].deck[:0] = [a, c], [b, d]
    movement.start_up(s)
    assert s.seats[0].deck[-1] == a and s.seats[1].deck[-1] == b
    assert (s.seats[0].up, s.seats[1].up) == (c, d)
    assert s.first == 1 and s.mover == 1 and s.seats[0].lower_up


def test_a_first_mover_with_no_shield_is_said_to_pass_the_move_on():
    """Else "Player 2 moves first." is followed by Player 1 moving, unexplained."""
    game = movement_game()
    s = game.state
    shield(game, 0, "C1", ["swordsman"])
    s.seats[0].deck[:0], s.seats[1].deck[:0] = (
        [take(game, 0, "wild_nymph")],
        [take(game, 1, "sand_lord")],
    )
    texts = [e.text for e in movement.start_up(s)]
    assert texts[-2].endswith(": Player 2 moves first.")
    assert texts[-1] == "Player 2 has no Shield to turn: Player 1 moves."
    assert s.mover == 0
    shield(game, 1, "C2", ["swordsman"])
    assert "no Shield" not in " ".join(e.text for e in movement.start_up(s))


def test_a_creature_uses_its_vitality_as_up_number():
    """Text: "Creatures use their Vitality number for their Up number.\""""
    game = movement_game()
    assert movement.up_number(game.state, take(game, 0, "sand_lord")) == 11
    assert movement.up_number(game.state, take(game, 0, "beer")) == 2


def test_you_must_turn_a_shield_and_cannot_pass_a_terrainless_space():
    """Text: "You may not move past a space that has no terrain, an opponent's terrain or an
    opponent's shield unless your shield is flying.\""""
    game = movement_game()
    shield(game, 0, "C1", ["swordsman"])
    assert labels(game, 0) == ["Turn Shield on C1"]
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C2")  # C2 has no terrain: the walk stops there
    assert labels(game, 0) == ["End the move"]


def test_own_terrain_may_be_passed_and_enemy_terrain_may_not():
    game = movement_game()
    shield(game, 0, "L1", ["swordsman"])
    terrain(game, 0, "C1")
    terrain(game, 1, "R1", "swamps")
    play(game, 0, "Turn Shield on L1")
    play(game, 0, "Move to C1")
    assert "Move to R1" in labels(game, 0) and "Move to C2" in labels(game, 0)
    play(game, 0, "Move to R1")
    assert labels(game, 0) == ["End the move"]


def test_cannot_stop_on_own_shield_but_may_pass_through():
    """Text: "You cannot stop on a terrain that already has one of your own Shields on it, but
    you may pass through such a space.\""""
    game = movement_game()
    shield(game, 0, "L1", ["swordsman"])
    shield(game, 0, "C1", ["archer"])
    terrain(game, 0, "C1")
    play(game, 0, "Turn Shield on L1")
    step = next(a for a in game.legal_actions(0) if a.label() == "Move to C1")
    assert step.note == "pass"
    game.apply(0, step)
    assert "End the move" not in labels(game, 0)
    assert "Move to R1" in labels(game, 0)


def test_entering_an_enemy_shield_starts_combat_at_once():
    """Text: "If you move unto a terrain occupied by an opponent's shield, go to Combat
    immediately.\""""
    game = movement_game()
    shield(game, 0, "C1", ["swordsman"])
    enemy = shield(game, 1, "C2", ["archer"])
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C2")
    s = game.state
    assert s.phase == "combat" and game.to_act() == [0]  # the attacker declares first
    setup = s.combat.setup
    assert setup.came_from == "C1" and setup.defender.creatures == enemy.cards


def test_fliers_fly_over_anything_and_are_revealed_once_a_turn():
    """Text: "If your shield flies, you must show its contents to your opponent. You may only
    fly one shield per turn.\""""
    game = movement_game()
    shield(game, 0, "C0", ["succubus"])
    shield(game, 0, "L0", ["succubus"])
    shield(game, 1, "C2", ["archer"])
    play(game, 0, "Turn Shield on C0")
    assert "Fly to R1 via C1" in labels(game, 0) and "Fly to R1 via R0" in labels(game, 0)
    play(game, 0, "Fly to C2 via C1")
    assert game.state.phase == "combat" and game.state.combat.setup.came_from == "C1"
    flown = game.view(1)["spaces"][7]["shields"]
    assert any(sh["owner"] == 0 and sh["cards"] for sh in flown)
    assert game.state.seats[0].flew


def test_one_flight_per_turn():
    game = movement_game()
    shield(game, 0, "C0", ["succubus"])
    shield(game, 0, "L0", ["succubus"])
    play(game, 0, "Turn Shield on C0")
    play(game, 0, "Fly to C2 via C1")
    game.state.mover = 0
    play(game, 0, "Turn Shield on L0")
    assert not [x for x in labels(game, 0) if x.startswith("Fly")]


def test_reinforce_a_turned_shield_from_a_stronghold():
    """Text: "You may reinforce a shield with any creature from your strongholds so long as the
    creatures are not under a turned shield ... you may not reinforce to a shield that has not
    been turned yet.\""""
    game = movement_game()
    target = shield(game, 0, "C1", ["swordsman"])
    other = shield(game, 0, "R1", ["swordsman"])
    nymph = take(game, 0, "wild_nymph")
    game.state.seats[0].holds[1].on.append(nymph)
    play(game, 0, "Turn Shield on C1")
    assert labels(game, 0).count("Reinforce C1 with Wild Nymph") == 1
    assert "Reinforce R1 with Wild Nymph" not in labels(game, 0)  # R1 is not turned
    play(game, 0, "Reinforce C1 with Wild Nymph")
    assert nymph in game.state.stack(target.shield).cards
    assert "Move to C2" not in labels(game, 0)  # reinforcing was this turn's action
    assert other.shield


def test_pick_up_and_drop_off_through_a_stronghold_and_replace_in_front():
    """Text: "turn your shield, move onto your stronghold, pick up and drop off as many
    creatures as you want so long as the Shield doesn't exceed its limit, then move back.\""""
    game = movement_game()
    stack = shield(game, 0, "C1", ["swordsman"])
    lord = take(game, 0, "sand_lord")
    game.state.seats[0].holds[1].on.append(lord)
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C0")
    play(game, 0, "Pick up Sand Lord")
    play(game, 0, "Drop off Swordsman")
    assert "Pick up Swordsman" not in labels(game, 0)  # no ping-pong within a turn
    play(game, 0, "Move to C1")
    play(game, 0, "End the move")
    s = game.state
    assert s.stack(stack.shield).space == "C1"
    assert [s.cards[u] for u in s.stack(stack.shield).cards] == ["sand_lord"]
    assert [s.cards[u] for u in s.seats[0].holds[1].on] == ["swordsman"]


def test_a_seat_without_unturned_shields_is_skipped():
    """Text: "the turn alternates until every shield has been turned" (no empty passes)."""
    game = movement_game()
    shield(game, 0, "L1", ["swordsman"])
    shield(game, 0, "R1", ["swordsman"])
    shield(game, 1, "C2", ["swordsman"], turned=True)
    play(game, 0, "Turn Shield on L1")
    play(game, 0, "End the move")
    assert game.to_act() == [0]


def _fight(game, attacker_space="C1", defender_space="C2"):
    shield(game, 0, attacker_space, ["swordsman"])
    shield(game, 1, defender_space, ["archer"])
    play(game, 0, f"Turn Shield on {attacker_space}")
    play(game, 0, f"Move to {defender_space}")
    return game.state.combat.setup


def _finish(game, winner: int, lost=()):
    s = game.state
    setup = s.combat.setup
    hands = {0: setup.attacker.creatures, 1: setup.defender.creatures}
    s.combat.outcome = CombatOutcome(
        winner=winner,
        attacker_total=10,
        defender_total=5,
        survivors={k: [u for u in v if u not in lost] for k, v in hands.items()},
        discarded=list(lost),
        out_of_play=[],
        stones_spent={0: 0, 1: 0},
        channelers_used=[],
        terrain_destroyed=False,
    )
    clash.after_combat_action(s)


def test_a_beaten_attacker_retreats_the_way_it_came():
    """Text: "The attacker MUST retreat one space in the direction it came.\""""
    game = movement_game()
    _fight(game)
    _finish(game, winner=1)
    assert labels(game, 0) == ["Retreat to C1", "Destroy the Shield"]
    play(game, 0, "Retreat to C1")
    assert [st.space for st in game.state.stacks if st.owner == 0] == ["C1"]


def test_a_beaten_defender_retreats_to_a_space_it_controls_or_is_destroyed():
    """Text: "the defender must retreat his Shield (even if already turned) one Space in any
    direction, as long as it lands on a space under that player's control.\""""
    game = movement_game()
    _fight(game)
    _finish(game, winner=0)
    assert labels(game, 1) == [
        "Retreat to L2",
        "Retreat to R2",
        "Retreat to C3",
        "Destroy the Shield",
    ]
    play(game, 1, "Destroy the Shield")
    assert game.state.seats[1].shields_lost == 1


def test_retreating_onto_your_own_shield_discards_one_and_keeps_30_points():
    """Text: "if he does so, one shield is discarded (this counts for the opponent's goal) and
    creatures are also discarded so that it is under the 30 point limit.\""""
    game = movement_game()
    shield(game, 1, "R2", ["sand_lord", "sand_lord", "snogwart"], turned=True)
    _fight(game)
    _finish(game, winner=0)
    play(game, 1, "Retreat to R2")  # two plain Shields: nothing to choose between them
    s = game.state
    (merged,) = [st for st in s.stacks if st.owner == 1]
    assert merged.turned and s.seats[1].shields_lost == 1
    assert labels(game, 1) == [  # 30 + the Archer's 6: the owner picks what goes
        "Let Sand Lord go (30 points)", "Let Snogwart go (30 points)", "Let Archer go (30 points)",
    ]  # fmt: skip
    play(game, 1, "Let Archer go (30 points)")
    s = game.state
    (merged,) = [st for st in s.stacks if st.owner == 1]
    kept = sorted(s.cards[u] for u in merged.cards)
    assert kept == ["sand_lord", "sand_lord", "snogwart"] and s.retreat is None


def test_retreating_onto_your_own_shield_the_owner_chooses_what_stays():
    """Text: "He may, if he wishes, to retreat into the space that has the other Shield. If he
    does that, one Shield is discarded and Bob can only keep up to 30 points worth of
    creatures." Bob chooses: here he keeps the retreating Shield and the Archer."""
    game = movement_game()
    bearer = Stack(
        shield=take(game, 1, "dem_bones_standard_bearer"),
        owner=1,
        space="R2",
        cards=[take(game, 1, c) for c in ("sand_lord", "sand_lord", "snogwart")],
    )
    game.state.stacks.append(bearer)
    _fight(game)
    _finish(game, winner=0)
    beaten = game.state.fight.defender_shield
    play(game, 1, "Retreat to R2")
    assert labels(game, 1) == ["Keep Dem Bones Standard Bearer", "Keep Shield"]
    play(game, 1, "Keep Shield")
    play(game, 1, "Let Snogwart go (30 points)")
    s = game.state
    (merged,) = [st for st in s.stacks if st.owner == 1]
    assert merged.shield == beaten and bearer.shield in s.seats[1].discard
    assert sorted(s.cards[u] for u in merged.cards) == ["archer", "sand_lord", "sand_lord"]
    assert s.seats[1].shields_lost == 1 and s.retreat is None


def test_no_retreat_possible_destroys_the_shield():
    """Text: "If the loser CANNOT retreat because it has no space under its control to retreat
    to, the Shield is automatically destroyed.\""""
    game = movement_game()
    shield(game, 0, "C1", ["swordsman"])
    shield(game, 1, "L1", ["archer"])
    terrain(game, 0, "C1")
    terrain(game, 0, "L2", "swamps")  # L0 is seat 0's Stronghold: seat 1 has nowhere to go
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to L1")
    _finish(game, winner=0)
    assert game.state.seats[1].shields_lost == 1 and game.state.retreat is None


def test_reinforcing_never_empties_the_unturned_shield_it_takes_from():
    """Text: reinforce "with any creature from your strongholds so long as the creatures are not
    under a turned shield (They may be unshielded or under an unturned shield.)" [I] An
    unturned Shield on a Stronghold gives all but its last creature: a Shield without one
    could neither fight nor be settled (found by the Discord bot's test: the game stalled)."""
    game = movement_game()
    shield(game, 0, "C1", ["swordsman"])
    shield(game, 0, "C0", ["wild_nymph"])  # unturned, on the centre Stronghold
    play(game, 0, "Turn Shield on C1")
    assert "Reinforce C1 with Wild Nymph" not in labels(game, 0)
    game.state.stack(game.state.stacks[1].shield).cards.append(take(game, 0, "axeman"))
    assert "Reinforce C1 with Wild Nymph" in labels(game, 0)
    assert "Reinforce C1 with Axeman" in labels(game, 0)


def _through_centre(turned: bool):
    """Seat 0's Shield on C1 steps onto C0, where another of its Shields stands (``turned``),
    with a Sand Lord lying on the Stronghold: it may pass through, not stop."""
    game = movement_game()
    mover = shield(game, 0, "C1", ["swordsman", "axeman"])
    other = shield(game, 0, "C0", ["wild_nymph", "gnomish_gnomes"], turned=turned)
    game.state.seats[0].holds[1].on.append(take(game, 0, "sand_lord"))
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C0")
    assert "End the move" not in labels(game, 0)
    return game, mover, other


def test_drop_off_where_a_turned_shield_stands_but_no_pick_up():
    """Text: "You cannot drop a creature onto a space that has an UNTURNED shield, and you
    cannot pick up a creature from a space that has a TURNED shield." Passing a turned Shield
    of its own, the Shield may drop off, not pick up, and goes on."""
    game, mover, _ = _through_centre(turned=True)
    moves = labels(game, 0)
    assert "Drop off Swordsman" in moves and "Drop off Axeman" in moves
    assert not [m for m in moves if m.startswith("Pick up")]
    play(game, 0, "Drop off Axeman")
    play(game, 0, "Move to L0")
    play(game, 0, "End the move")
    s = game.state
    assert [s.cards[u] for u in s.seats[0].holds[1].on] == ["sand_lord", "axeman"]
    assert [s.cards[u] for u in s.stack(mover.shield).cards] == ["swordsman"]


def test_pick_up_where_an_unturned_shield_stands_but_no_drop_off():
    """Passing an unturned Shield of its own, the Shield may pick up what lies on the
    Stronghold or under that Shield (never its last creature), not drop off."""
    game, mover, other = _through_centre(turned=False)
    moves = labels(game, 0)
    assert not [m for m in moves if m.startswith("Drop off")]
    assert {"Pick up Sand Lord", "Pick up Wild Nymph", "Pick up Gn'Omish Gnomes"} <= set(moves)
    play(game, 0, "Pick up Wild Nymph")
    assert "Pick up Gn'Omish Gnomes" not in labels(game, 0)  # the last creature stays
    play(game, 0, "Move to L0")
    s = game.state
    assert [s.cards[u] for u in s.stack(other.shield).cards] == ["gnomish_gnomes"]
    assert sorted(s.cards[u] for u in s.stack(mover.shield).cards) == [
        "axeman",
        "swordsman",
        "wild_nymph",
    ]


def test_a_pick_up_that_would_strand_the_shield_is_not_offered():
    """Passing through, the Shield must go on: no pick-up after which no step is left. Here
    the only way on is back to L0, where 19 points lie beside it."""
    game = movement_game()
    s = game.state
    shield(game, 0, "L0", ["swordsman"])
    s.seats[0].holds[0].on += [take(game, 0, "sand_lord"), take(game, 0, "snogwart")]
    for space in ("C0", "C1", "R0"):
        shield(game, 0, space, ["wild_nymph"])
    s.seats[0].holds[1].on += [take(game, 0, "vesuvious_rex"), take(game, 0, "gnomish_gnomes")]
    play(game, 0, "Turn Shield on L0")
    play(game, 0, "Move to C0")
    assert labels(game, 0) == ["Move to L0", "Pick up Gn'Omish Gnomes"]  # not the Rex (20)
