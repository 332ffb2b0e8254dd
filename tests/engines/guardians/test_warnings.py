"""Warnings before a loss a seat can still prevent (``Guardians.warnings``)."""

from engines.guardians import settlement

from .scenario import classic_game, movement_game, shield, terrain


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
    (warning,) = game.warnings(0)
    assert "Player 2 holds 5 of the six lands" in warning
    assert "if they hold all six at the settlement, they win" in warning
    assert "move one of your Shields onto a land this turn (L1, C1 or R1)" in warning
    assert game.warnings(1) == []


def test_the_warned_loss_is_one_move_away():
    game = _five_lands_for_player_2()
    game.state.stack(game.state.stacks[1].shield).space = "R1"
    game.state.phase = "settle"
    settlement.start_settle(game.state)
    assert game.result is not None and game.result.winners == [1]


def test_a_shield_of_yours_on_a_land_ends_the_warning():
    game = _five_lands_for_player_2()
    game.state.stacks[0].space = "R1"
    assert game.warnings(0) == []


def test_no_warning_while_more_lands_are_missing_than_shields_can_take():
    game = movement_game()
    terrain(game, 1, "L1", "woods")
    shield(game, 1, "R2", ["swordsman"])
    assert game.warnings(0) == []  # 4 lands, one Shield to move: two turns away
    shield(game, 1, "C2", ["swordsman"])
    assert "holds 4 of the six lands" in game.warnings(0)[0]


def test_a_turned_shield_no_longer_threatens_this_turn():
    game = _five_lands_for_player_2()
    game.state.stacks[1].turned = True
    game.state.stacks[1].space = "C2"
    terrain(game, 1, "R1", "woods")  # all six, nothing left to move: the settlement decides
    assert "holds all six lands" in game.warnings(0)[0]
    game.state.lands.pop("R1")
    assert game.warnings(0) == []


def test_without_a_shield_on_the_board_the_warning_says_to_place_one():
    game = _five_lands_for_player_2()
    game.state.stacks.pop(0)
    assert "place a Shield on your Strongholds at the Draw & Organize" in game.warnings(0)[0]


def test_a_new_game_warns_nobody():
    game = classic_game(3)
    assert game.warnings(0) == [] and game.warnings(1) == []


def test_a_fifth_shield_lost_is_warned():
    game = movement_game()
    game.state.seats[1].shields_lost = 3
    assert game.warnings(1) == []
    game.state.seats[1].shields_lost = 4
    (warning,) = game.warnings(1)
    assert "a fifth loses the game" in warning and "retreat" in warning
    assert game.warnings(0) == []


def test_an_enemy_shield_on_your_rubble_threatens_the_guardian():
    game = movement_game()
    game.state.seats[0].holds[0].rubbled = True
    shield(game, 1, "L0", ["swordsman"])
    (warning,) = game.warnings(0)
    vitality = game.state.seats[0].vitality
    assert f"Left Stronghold (L0) may challenge your Guardian ({vitality} Vitality)" in warning
    assert "attack that Shield" in warning
    game.state.seats[0].holds[0].rubbled = False  # a standing Stronghold: a combat first
    assert game.warnings(0) == []


def test_hidden_cards_never_shape_a_warning():
    game = _five_lands_for_player_2()
    before = game.warnings(0)
    s = game.state
    s.stacks[1].cards = [s.seats[1].deck.pop()]  # what is under the Shield is hidden
    s.seats[1].storage, s.seats[1].pen = s.seats[1].deck[:5], s.seats[1].deck[5:9]
    assert game.warnings(0) == before


def test_a_finished_game_warns_nobody():
    game = _five_lands_for_player_2()
    game.state.phase = "over"
    assert game.warnings(0) == []
