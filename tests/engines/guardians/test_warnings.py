"""Warnings before a loss a seat can still prevent (``Guardians.warnings``)."""

from engines.guardians import settlement

from .scenario import classic_game, movement_game, shield, take, terrain


def said(game, seat: int) -> list[str]:
    """The full sentences of the seat's warnings (each ``Alert``'s ``text``)."""
    return [w.text for w in game.warnings(seat)]


def _five_lands_for_player_2():
    """Player 2 holds their three lands and L1, C1 by terrain; Player 1 has no Shield on a land.

    Player 2's one Shield still to move stands on R2, a step from R1, Player 1's last land.
    """
    game = movement_game()
    terrain(game, 1, "L1", "woods")
    terrain(game, 1, "C1", "swamps")
    shield(game, 0, "L0", ["swordsman"])
    shield(game, 1, "R2", ["swordsman"])
    return game


def test_lands_left_without_your_shield_are_warned_with_what_prevents_it():
    game = _five_lands_for_player_2()
    (warning,) = said(game, 0)
    assert "Player 2 holds 5 of the six lands" in warning
    assert "if they hold all six at the settlement, they win" in warning
    assert "move one of your Shields onto a land this turn (L1, C1 or R1)" in warning
    assert said(game, 1) == []


def test_the_warned_loss_is_one_move_away():
    game = _five_lands_for_player_2()
    game.state.stack(game.state.stacks[1].shield).space = "R1"
    game.state.phase = "settle"
    settlement.start_settle(game.state)
    assert game.result is not None and game.result.winners == [1]


def test_a_shield_of_yours_on_a_land_ends_the_warning():
    game = _five_lands_for_player_2()
    game.state.stacks[0].space = "R1"
    assert said(game, 0) == []


def test_no_warning_while_more_lands_are_missing_than_shields_can_take():
    game = movement_game()
    terrain(game, 1, "L1", "woods")
    shield(game, 0, "L0", ["swordsman"])
    shield(game, 1, "R2", ["swordsman"])
    assert said(game, 0) == []  # C1 and R1 lacking, one Shield to move: two turns away
    shield(game, 1, "C2", ["swordsman"])
    assert (
        "holds 4 of the six lands (their Shields can reach C1 and R1 this turn)"
        in (said(game, 0)[0])
    )


def test_a_shield_counts_only_for_a_land_its_path_reaches():
    """Two Shields, two lands lacking: the one at home walks no further than its own land."""
    game = movement_game()
    terrain(game, 1, "C1", "woods")
    shield(game, 0, "C0", ["swordsman"])
    shield(game, 1, "L2", ["swordsman"])
    shield(game, 1, "R3", ["swordsman"])  # R2 has no terrain: no walk passes it to R1
    game.state.seats[1].flew = True  # and their flight of this turn is spent
    assert said(game, 0) == []
    terrain(game, 1, "R2", "swamps")  # their own terrain: the walk R3, R2, R1 is open
    assert "(their Shields can reach L1 and R1 this turn)" in said(game, 0)[0]


def test_one_shield_takes_one_land_even_where_it_reaches_two():
    game = movement_game()
    terrain(game, 1, "L1", "woods")
    terrain(game, 1, "C2", "swamps")
    shield(game, 0, "L0", ["swordsman"])
    shield(game, 1, "C2", ["swordsman"])  # reaches C1 and, through its terrain, nothing else
    shield(game, 1, "L3", ["swordsman"], turned=True)  # moved this turn: it stays home
    game.state.seats[1].flew = True
    assert said(game, 0) == []  # C1 and R1 lacking: C2 reaches C1 only
    game.state.stacks[-1].turned = False
    terrain(game, 1, "L2", "woods")
    assert said(game, 0) == []  # L3 now walks to L1 (its own), not to R1


def test_a_shield_that_may_hold_only_fliers_can_fly_to_a_far_land():
    game = movement_game()
    terrain(game, 1, "L1", "woods")
    terrain(game, 1, "C1", "swamps")
    shield(game, 0, "L0", ["swordsman"])
    far = shield(game, 1, "R3", ["swordsman"])  # R2 has no terrain: only a flight gets to R1
    assert "one Shield can reach R1" in said(game, 0)[0]  # what it holds is not known
    far.revealed = True  # a flight showed its contents: no fliers, it walks
    assert said(game, 0) == []


def test_before_the_movement_a_new_shield_may_come_from_a_stronghold():
    """Draw & Organize: every Shield moves again, and one may be placed on each free space."""
    game = classic_game(3)
    for land in ("L2", "C2", "R2"):
        terrain(game, 1, land, "woods")
    shield(game, 0, "L0", ["swordsman"])
    shield(game, 1, "L2", ["swordsman"])
    shield(game, 1, "C2", ["swordsman"])  # two Shields, three lands lacking
    (warning,) = said(game, 0)  # L1 and C1 by walking, R1 by a new Shield from R3
    assert "holds 3 of the six lands (their Shields can reach L1, C1 and R1 this turn)" in warning
    assert "move one of your Shields onto a land this turn (L1, C1 or R1)" in warning


def test_a_turned_shield_no_longer_threatens_this_turn():
    game = _five_lands_for_player_2()
    game.state.stacks[1].turned = True
    game.state.stacks[1].space = "C2"
    terrain(game, 1, "R1", "woods")  # all six, nothing left to move: the settlement decides
    assert "holds all six lands" in said(game, 0)[0]
    game.state.lands.pop("R1")
    assert said(game, 0) == []


def test_without_a_shield_on_the_board_the_warning_says_to_place_one():
    game = _five_lands_for_player_2()
    game.state.stacks.pop(0)
    assert said(game, 0) == []  # in the movement with no Shield to move: nothing prevents it
    game.state.phase = "organize"
    game.state.seats[0].pen.append(take(game, 0, "shield"))
    (warning,) = said(game, 0)
    assert "place a Shield on your Strongholds at the Draw & Organize and move it" in warning
    game.state.seats[0].pen.clear()  # no Shield to place, no stone to redraw
    game.state.seats[0].stones = 0
    assert said(game, 0) == []


def test_after_the_settlement_the_warning_is_for_next_turn():
    game = _five_lands_for_player_2()
    game.state.phase = "settle"
    for stack in game.state.stacks:
        stack.turned = True
    (warning,) = said(game, 0)
    assert "one Shield can reach R1 next turn" in warning
    assert "move one of your Shields onto a land next turn (L1, C1 or R1)" in warning


def test_a_new_game_warns_nobody():
    game = classic_game(3)
    assert said(game, 0) == [] and said(game, 1) == []


def test_a_fifth_shield_lost_is_warned():
    game = movement_game()
    game.state.seats[1].shields_lost = 3
    assert said(game, 1) == []
    game.state.seats[1].shields_lost = 4
    (warning,) = said(game, 1)
    assert "a fifth loses the game" in warning and "retreat" in warning
    assert said(game, 0) == []


def test_an_enemy_shield_on_your_rubble_threatens_the_guardian():
    game = movement_game()
    game.state.seats[0].holds[0].rubbled = True
    shield(game, 1, "L0", ["swordsman"])
    (warning,) = said(game, 0)
    vitality = game.state.seats[0].vitality
    assert f"Left Stronghold (L0) may challenge your Guardian ({vitality} Vitality)" in warning
    assert "attack that Shield" in warning
    game.state.seats[0].holds[0].rubbled = False  # a standing Stronghold: a combat first
    assert said(game, 0) == []


def test_hidden_cards_never_shape_a_warning():
    game = _five_lands_for_player_2()
    before = said(game, 0)
    s = game.state
    s.stacks[1].cards = [s.seats[1].deck.pop()]  # what is under the Shield is hidden
    s.seats[1].storage, s.seats[1].pen = s.seats[1].deck[:5], s.seats[1].deck[5:9]
    assert said(game, 0) == before


def test_a_finished_game_warns_nobody():
    game = _five_lands_for_player_2()
    game.state.phase = "over"
    assert said(game, 0) == []


def _one_shield_on_a_land():
    """Player 1's one Shield on a land stands on R1, next to Player 2's unturned one on R2.

    Player 2 holds L1 and C1 by terrain and their own three lands by side: beating the Shield
    on R1 there gives them all six. Player 1's second Shield waits at home on L0.
    """
    game = movement_game()
    terrain(game, 1, "L1", "woods")
    terrain(game, 1, "C1", "swamps")
    shield(game, 0, "R1", ["swordsman"])
    shield(game, 0, "L0", ["swordsman"])
    shield(game, 1, "R2", ["swordsman"])
    return game


def test_a_lone_shield_on_a_land_that_can_be_beaten_off_is_warned():
    game = _one_shield_on_a_land()
    (warning,) = said(game, 0)
    assert (
        "Player 2 holds every land but R1, where your Shield stands, and could attack it this "
        "turn: a beaten Shield retreats off its land, and if all six lands are theirs at the "
        "settlement, they win."
    ) in warning
    assert "Prevent it: move another Shield onto C1 or L1 this turn." in warning
    assert said(game, 1) == []


def test_the_warned_attack_is_one_won_combat_from_the_loss():
    """Beaten, the Shield on R1 has no land of its own beside it: Player 2 takes all six."""
    game = _one_shield_on_a_land()
    game.state.stacks.pop(0)  # the Shield on R1 beaten off (it retreated home to R0)
    game.state.stack(game.state.stacks[-1].shield).space = "R1"
    game.state.phase = "settle"
    settlement.start_settle(game.state)
    assert game.result is not None and game.result.winners == [1]


def test_two_shields_on_lands_against_one_attacker_are_not_warned():
    game = _one_shield_on_a_land()
    game.state.stacks[1].space = "C1"  # a second land with a Shield of Player 1's
    assert said(game, 0) == []


def test_no_warning_while_a_land_is_yours_without_a_shield():
    """C1 is Player 1's by side again: the Shield on R1 is not the last thing in the way.

    Player 2 could still take both with two Shields, but a warning whenever two attacks could
    take the lands would come about every third turn; it comes when the Shields on lands are
    the last thing in the way.
    """
    game = _one_shield_on_a_land()
    game.state.lands.pop("C1")
    shield(game, 1, "C2", ["swordsman"])
    assert said(game, 0) == []


def test_no_warning_where_no_shield_of_theirs_can_reach_yours():
    game = _one_shield_on_a_land()
    game.state.stacks[-1].turned = True  # Player 2's Shield on R2 has moved this turn
    assert said(game, 0) == []


def test_no_warning_where_nothing_you_do_changes_it():
    """Player 1's other Shield has moved: no second land, no creature to reinforce with."""
    game = _one_shield_on_a_land()
    game.state.stacks[1].turned = True
    assert said(game, 0) == []


def test_creatures_on_a_stronghold_can_reinforce_the_shield_on_the_land():
    game = _one_shield_on_a_land()
    game.state.stacks[1].turned = True
    game.state.seats[0].holds[2].on.append(take(game, 0, "swordsman"))  # on R0, beside R1
    (warning,) = said(game, 0)
    assert "Prevent it: reinforce your Shield there with creatures from your Strongholds." in (
        warning
    )
    game.state.stacks[0].turned = True  # the Shield on R1 has turned: it takes no more
    assert said(game, 0) == []


def test_the_headline_names_the_lands_while_it_stays_short():
    game = _one_shield_on_a_land()
    (alert,) = game.warnings(0)
    assert alert.short == "If R1 falls, they get all six lands: add a Shield"
    for land in ("L1", "C1"):  # Player 2 can enter all three lands, one Shield each
        game.state.lands.pop(land)
        shield(game, 0, land, ["swordsman"])
        shield(game, 1, land.replace("1", "2"), ["swordsman"])
    game.state.stacks[1].turned = True  # L0: no other Shield to move; creatures to reinforce
    game.state.seats[0].holds[1].on.append(take(game, 0, "swordsman"))
    (alert,) = game.warnings(0)
    assert alert.short == "If your Shields fall, they get all six lands: reinforce them"
