"""Terrain settlement, the win checks, the turn's end and draw offers."""

from engines.guardians import settlement
from engines.guardians.board import DISPUTED
from tests.engines.guardians.card_scenarios import shows

from .scenario import labels, movement_game, play, shield, take, terrain


def _settle(game):
    game.state.phase = "settle"
    return settlement.start_settle(game.state)


def test_terrain_under_an_enemy_shield_changes_hands():
    """Text: "For each of your Terrain cards in the Disputed Land area that has one of your
    opponent's Shields sitting on it: remove your Terrain card.\""""
    game = movement_game()
    woods = terrain(game, 1, "C2")
    shield(game, 0, "C2", ["swordsman"])
    _settle(game)
    s = game.state
    assert "C2" not in s.lands and woods in s.seats[1].discard
    assert s.settle == {"C2": 0}


def test_a_shield_on_a_terrainless_land_plays_terrain_from_the_pen():
    """Text: "for each of your Shields that is sitting on a disputed land space that has no
    terrain card, you must play a terrain card from your hand.\""""
    game = movement_game()
    shield(game, 0, "C2", ["swordsman"])
    game.state.seats[0].pen.append(take(game, 0, "swamps"))
    _settle(game)
    assert game.to_act() == [0]
    assert "Play Swamps on C2" in labels(game, 0)
    play(game, 0, "Play Swamps on C2")
    s = game.state
    assert s.lands["C2"].owner == 0 and not s.lands["C2"].face_down
    assert s.phase == "organize" and s.turn == 2


def test_a_face_down_card_costs_a_stone_and_is_no_terrain_type():
    """Text: "you may spend a stone and place any card from your Storage Hand or Creature Pen
    face-down in the terrain space ... This face-down card is not considered to be any of the
    basic terrain types.\""""
    game = movement_game()
    shield(game, 0, "C2", ["swordsman"])
    beer = take(game, 0, "beer")
    game.state.seats[0].storage.append(beer)
    stones = game.state.seats[0].stones
    _settle(game)
    play(game, 0, "Face-down Beer on C2 (1 stone)")
    s = game.state
    assert s.seats[0].stones == stones - 1 and s.lands["C2"].face_down
    for viewer in (1, None):
        land = game.view(viewer)["spaces"][7]["terrain"]
        assert land == {"type": None, "name": "a face-down card", "owner": 0, "face_down": True}
        assert f'"{beer}"' not in str(game.view(viewer)).replace("'", '"')
    own = game.view(0)["spaces"][7]["terrain"]  # "with the word Guardians facing you"
    assert own == {"type": None, "name": "Beer", "owner": 0, "face_down": True}


def test_a_face_down_card_only_without_a_terrain_card_to_play():
    """Text: "If you do not have a Terrain card to play, you may spend a stone and place any
    card ... face-down" and "just choose not to play a Terrain card ... you can instead discard
    a creature from beneath the Shield.\""""
    game = movement_game()
    shield(game, 0, "C2", ["swordsman"])
    game.state.seats[0].pen.append(take(game, 0, "swamps"))
    game.state.seats[0].storage.append(take(game, 0, "beer"))
    _settle(game)
    assert labels(game, 0) == ["Play Swamps on C2", "Discard Swordsman from C2"]


def test_discarding_the_last_creature_destroys_the_shield():
    """Text: "you can instead discard a creature from beneath the Shield ... If you discard the
    last creature, the Shield is destroyed (this counts for your opponent's goal).\""""
    game = movement_game()
    game.state.seats[0].stones = 0
    shield(game, 0, "C2", ["swordsman"])
    _settle(game)
    assert labels(game, 0) == ["Discard Swordsman from C2"]
    play(game, 0, "Discard Swordsman from C2")
    assert game.state.seats[0].shields_lost == 1 and game.state.stacks == []


def test_all_six_lands_win():
    """Text: "if your opponent has no Shields in the Disputed Lands and all the lands either
    have one of your Shields or one of your terrain on them ... you won.\""""
    game = movement_game()
    for space, kind in zip(DISPUTED[3:], ("woods", "swamps", "dry_heaps"), strict=True):
        terrain(game, 0, space, kind)
    _settle(game)
    assert game.is_over and game.result.winners == [0]
    # said of the winner, never "theirs", which the winner reads as the opponent's
    assert game.result.summary == "Player 1 wins, holding all six lands."


def test_five_destroyed_shields_win():
    """Text: "The object of the game is to take control of all six lands OR to destroy five of
    your opponents Shields OR to kill his Guardian.\""""
    game = movement_game()
    game.state.seats[1].shields_lost = 4
    game.state.seats[1].stones = 0
    shield(game, 1, "C1", ["swordsman"])
    _settle(game)
    play(game, 1, "Discard Swordsman from C1")
    assert game.is_over and game.result.winners == [0]


def test_turn_20_does_not_end_the_game():
    """Text: no turn limit ("If no one has won, go back to the Draw & Organize phase")."""
    game = movement_game()
    game.state.turn = 20
    terrain(game, 0, "C2")
    _settle(game)
    assert not game.is_over
    assert game.state.phase == "organize" and game.state.turn == 21


def _organizing_at(turn):
    game = movement_game()
    game.state.turn = turn - 1
    _settle(game)
    assert game.state.phase == "organize" and game.state.turn == turn
    return game


def test_a_draw_may_be_offered_from_turn_20_and_accepted():
    """Ruling: from turn 20 on a player may offer a draw; the opponent accepts with a button."""
    assert "Offer a draw" not in labels(_organizing_at(19), 0)
    game = _organizing_at(20)
    play(game, 0, "Offer a draw")
    assert labels(game, 1) == ["Accept the draw", "Decline the draw"]
    assert "Offer a draw" not in labels(game, 0)
    play(game, 1, "Accept the draw")
    assert game.is_over and game.result.winners == []
    assert "a draw" in game.result.summary


def test_a_declined_draw_plays_on_and_is_offered_once_a_turn():
    """Ruling: declined, the game goes on; the same player may offer again next turn."""
    game = _organizing_at(21)
    play(game, 1, "Done organising")  # the answer is asked even of a seat done organising
    play(game, 0, "Offer a draw")
    assert game.to_act() == [0, 1]
    play(game, 1, "Decline the draw")
    assert not game.is_over and game.to_act() == [0]
    assert "Offer a draw" not in labels(game, 0)
    play(game, 0, "Done organising")
    assert any(line.startswith("Up-cards") for line in game.state.log)  # the turn went on


@shows("hammer_of_doom", "destroy_terrain")
def test_hammer_of_doom_in_settlement_requires_another_card():
    """Text: "If you place a terrain card and your opponent plays Hammer of Doom before the end
    of the phase, you are required to play another card (or drop a creature).\""""
    game = movement_game()
    shield(game, 0, "C2", ["swordsman", "axeman"])
    s = game.state
    swamps = take(game, 0, "swamps")
    s.seats[0].pen += [swamps, take(game, 0, "woods")]
    s.seats[1].storage.append(take(game, 1, "hammer_of_doom"))
    _settle(game)
    play(game, 0, "Play Swamps on C2")
    assert s.phase == "settle" and game.to_act() == [1]
    assert labels(game, 1) == ["Hammer of Doom on the terrain of C2", "Remove no terrain"]
    play(game, 1, "Hammer of Doom on the terrain of C2")
    s = game.state
    assert "C2" not in s.lands and swamps in s.seats[0].discard
    assert game.to_act() == [0]
    assert labels(game, 0) == [
        "Play Woods on C2", "Discard Swordsman from C2", "Discard Axeman from C2",
    ]  # fmt: skip
    play(game, 0, "Play Woods on C2")
    s = game.state
    assert s.lands["C2"].owner == 0 and s.phase == "organize" and s.turn == 2


@shows("ancient_tome_of_dispansation", "destroy_terrain")
def test_the_ancient_tome_removes_your_own_terrain_to_replace_it():
    """Text: "You CANNOT replace your own terrain card, unless you have some means of removing
    the existing one (such as a Hammer of Doom or Ancient Tome of Dispansation).\""""
    game = movement_game()
    shield(game, 0, "C1", ["swordsman"])
    woods = terrain(game, 0, "C1", "woods")
    s = game.state
    s.seats[0].pen.append(take(game, 0, "swamps"))
    s.seats[0].storage.append(take(game, 0, "ancient_tome_of_dispansation"))
    _settle(game)
    assert game.to_act() == [0] and "Play Swamps on C1" not in labels(game, 0)
    play(game, 0, "Ancient Tome of Dispansation on the terrain of C1")
    assert woods in game.state.seats[0].discard and game.state.settle == {"C1": 0}
    play(game, 0, "Play Swamps on C1")  # the Tome is spent: nothing left to ask
    s = game.state
    assert s.cards[s.lands["C1"].uid] == "swamps" and s.phase == "organize"
