"""Draw & Organize: placing in secret, the 30-point limit, the Storage Hand, the draw."""

from engines.guardians import Guardians, organize
from engines.guardians.actions import AutoPlace, Done, Place
from engines.guardians.board import space_points
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.state import Stack
from tests.engines.guardians.card_scenarios import shows

from .scenario import classic_game, labels, play, take


def _fresh(seed: int = 21) -> Guardians:
    return classic_game(seed)


def _give(game: Guardians, seat: int, card_ids: list[str]) -> list[str]:
    """Replace the seat's drawn cards by these."""
    s = game.state.seats[seat]
    s.deck = s.drawn + s.deck
    s.drawn = []
    s.drawn = [take(game, seat, c) for c in card_ids]
    return s.drawn


def test_place_shows_points_used_and_the_30_point_limit_holds():
    """Text: "You may not have more than 30 points on or under any space at any time.\""""
    game = _fresh()
    _give(game, 0, ["sand_lord", "sand_lord", "swordsman", "wild_nymph"])
    play(game, 0, "Place Sand Lord on Left")
    place = next(a for a in game.legal_actions(0) if a.label() == "Place Sand Lord on Left")
    assert place.detail() == (
        "A Stronghold space holds at most 30 points of creatures: Left 22/30 after this."
    )
    game.apply(0, place)
    assert "Place Swordsman on Left" in labels(game, 0)  # 22 + 6 = 28
    play(game, 0, "Place Swordsman on Left")
    assert "Place Wild Nymph on Left" not in labels(game, 0)  # 28 + 4 > 30
    assert "Place Wild Nymph on Centre" in labels(game, 0)


def test_a_shield_goes_face_up_on_a_stack_and_takes_its_creatures():
    """Text: "Place Shields face-up on top of the stacks of creatures.\""""
    game = _fresh()
    _give(game, 0, ["shield", "swordsman", "archer"])
    assert not [x for x in labels(game, 0) if x.startswith("Place Shield")]
    play(game, 0, "Place Swordsman on Centre")
    assert "Place Shield on Centre" in labels(game, 0)
    assert "Place Shield on Left" not in labels(game, 0)
    play(game, 0, "Place Shield on Centre")
    play(game, 0, "Place Archer on Centre")
    eff = organize.effective(game.state, 0)
    (stack,) = eff.stacks
    assert stack.space == "C0" and len(stack.cards) == 2
    assert eff.seats[0].holds[1].on == []


def test_placements_stay_hidden_until_both_are_done():
    """The plan: "keep each seat's pending placement hidden from the other.\""""
    game = _fresh()
    _give(game, 0, ["shield", "swordsman"])
    play(game, 0, "Place Swordsman on Centre")
    play(game, 0, "Place Shield on Centre")
    for viewer in (1, None):
        c0 = game.view(viewer)["spaces"][1]
        assert c0["shields"] == [] and c0["stronghold"]["on"] == 0
    assert game.view(0)["spaces"][1]["shields"][0]["count"] == 1
    game.apply(0, Done())
    assert game.view(1)["spaces"][1]["shields"] == []
    game.apply(1, Done())
    assert game.view(1)["spaces"][1]["shields"][0]["count"] == 1


def test_storage_hand_limit_forces_discards_before_done():
    """Rule: at most 7 double-bordered cards are kept in the Storage Hand."""
    game = _fresh()
    _give(game, 0, ["beer", "beer", "beer", "gold", "gold", "gold", "babes", "babes", "babes"])
    assert Done() not in game.legal_actions(0)
    (why,) = game.unavailable_actions(0)
    assert why.label == "Done organising" and "Discard 2" in why.reason
    play(game, 0, "Discard Beer")
    play(game, 0, "Discard Beer")
    assert Done() in game.legal_actions(0)
    game.apply(0, Done())
    game.apply(1, Done())
    s = game.state.seats[0]
    assert len(s.storage) == 7 and len(s.discard) == 2


def _with_a_drawn_shield() -> int:
    """A seed whose opening hand for seat 0 holds a Shield."""
    return next(
        seed
        for seed in range(200)
        if any(
            CATALOGUE.cards[_fresh(seed).state.cards[u]].kind == "shield"
            for u in _fresh(seed).state.seats[0].drawn
        )
    )


def test_auto_place_is_deterministic_and_respects_the_limits():
    seed = _with_a_drawn_shield()
    game = _fresh(seed=seed)
    twin = _fresh(seed=seed)
    game.apply(0, AutoPlace())
    twin.apply(0, AutoPlace())
    assert game.to_json() == twin.to_json()
    eff = organize.effective(game.state, 0)
    assert eff.stacks, "a Shield was drawn and placed on a stack"
    for space in ("L0", "C0", "R0"):
        assert space_points(eff, space, 0) <= 30
    assert not any(isinstance(a, Place | AutoPlace) for a in game.legal_actions(0))


def test_unplaced_cards_go_to_pen_and_storage_on_commit():
    """Text: "Put your terrain, extra shields and extra creatures ... in your Creature Pen ...
    Put all double-border cards face-down next to your Guardian.\""""
    game = _fresh()
    _give(game, 0, ["woods", "beer", "swordsman"])
    game.apply(0, Done())
    game.apply(1, Done())
    s = game.state.seats[0]
    assert sorted(game.state.cards[u] for u in s.pen) == ["swordsman", "woods"]
    assert [game.state.cards[u] for u in s.storage] == ["beer"]


def test_redraw_for_a_stone_when_no_shield_was_drawn():
    """Text: "If you didn't draw any shields, you may spend a stone and reshuffle the deck and
    draw again.\""""
    game = _fresh()
    _give(game, 0, ["swordsman", "beer"])
    stones = game.state.seats[0].stones
    play(game, 0, "Redraw (1 stone)")
    s = game.state.seats[0]
    assert s.stones == stones - 1 and len(s.drawn) == 2
    _give(game, 1, ["shield", "beer"])
    assert "Redraw (1 stone)" not in labels(game, 1)


def _second_turn(game: Guardians) -> None:
    s = game.state
    for seat in s.seats:
        seat.drawn, seat.plan = [], []
    s.turn = 2


def test_draw_count_uses_base_draw_mdl_ldl_and_luc():
    """Text: "If you control more than you opponent, add your MDL ... If you have fewer,
    subtract your LDL ... whoever had the lower Up-card on the previous turn, draws extra cards
    equal to the LUC.\""""
    game = _fresh()
    _second_turn(game)
    s = game.state
    assert organize.draw_count(s, 0) == 3  # Rak Nam, lands tied 3-3
    s.stacks.append(Stack(shield=take(game, 0, "shield"), owner=0, space="C2"))
    assert organize.draw_count(s, 0) == 4  # 4 lands to 2: +1 MDL
    s.seats[1].lower_up = True
    assert organize.draw_count(s, 1) == 3 - 1 + 2  # Tes Let: LDL -1, LUC +2


@shows("tes_let", "skip_up_card")
def test_the_previous_up_card_is_drawn_first_and_tes_let_may_skip_it():
    """Text: "Your previous Up-card is the first card you draw ... if your Guardian is Tes Let,
    you have the option to discard the Up card and start drawing with the next card.\""""
    game = _fresh()
    _second_turn(game)
    s = game.state
    up0, up1 = s.seats[0].deck.pop(0), s.seats[1].deck.pop(0)
    s.seats[0].up, s.seats[1].up = up0, up1
    organize.start_organize(s)
    assert s.seats[0].drawn[0] == up0
    assert game.to_act() == [0, 1]
    assert [type(a).__name__ for a in game.legal_actions(1)] == ["KeepUp", "SkipUp"]
    next_card = s.seats[1].deck[0]
    game.apply(1, game.legal_actions(1)[1])
    tes_let = game.state.seats[1]
    assert up1 in tes_let.discard and tes_let.drawn[0] == next_card


def test_out_of_cards_draws_nothing():
    """Text: "If you run out of cards, you do NOT lose automatically ... you cannot draw any
    more cards into your hand.\""""
    game = _fresh()
    _second_turn(game)
    s = game.state
    s.seats[0].discard += s.seats[0].deck
    s.seats[0].deck = []
    organize.start_organize(s)
    assert s.seats[0].drawn == [] and game.state.phase == "organize"


def test_a_channeler_placed_under_a_stronghold_may_be_taken_back_next_turn():
    """Text: channelers go under a Stronghold "if you want them to during the turn ... This
    shows that you have the intention to channel this turn": the intention is per turn, so a
    later Draw & Organize may take the channeler (or a creature lying on a Stronghold) back."""
    game = _fresh()
    _second_turn(game)
    s = game.state
    mage, sword = take(game, 0, "court_mage"), take(game, 0, "swordsman")
    s.seats[0].holds[0].under.append(mage)
    s.seats[0].holds[2].on.append(sword)
    s.phase = "organize"
    for seat in s.seats:
        seat.ready = False
    assert "Take Court Mage back from under Left" in labels(game, 0)
    assert "Take Swordsman back from Right" in labels(game, 0)
    assert not [x for x in labels(game, 1) if x.startswith("Take ")]
    play(game, 0, "Take Court Mage back from under Left")
    assert "Place Court Mage on Centre" in labels(game, 0)  # placed anew from the Pen
    assert game.view(1)["spaces"][0]["stronghold"]["under"] == 1  # secret until both are done
    game.apply(0, Done())
    game.apply(1, Done())
    me = game.state.seats[0]
    assert mage in me.pen and me.holds[0].under == [] and me.holds[2].on == [sword]


def test_taking_back_never_leaves_more_items_than_creatures_on_a_stronghold():
    """Text: "you cannot have more than magic items than creatures in any stack.\""""
    game = _fresh()
    _second_turn(game)
    s = game.state
    s.seats[0].holds[2].on += [take(game, 0, "swordsman"), take(game, 0, "ring_of_channeling")]
    s.phase = "organize"
    assert "Take Swordsman back from Right" not in labels(game, 0)
    play(game, 0, "Take Ring of Channeling back from Right")
    assert "Take Swordsman back from Right" in labels(game, 0)


def test_a_card_is_taken_back_at_most_once_a_draw_and_organize():
    """Every Draw & Organize ends: a card taken back and placed again stays placed this turn
    (else a player, or the computer's search, could take it back and place it for ever)."""
    game = _fresh()
    _second_turn(game)
    s = game.state
    s.seats[0].holds[0].under.append(take(game, 0, "court_mage"))
    s.phase = "organize"
    play(game, 0, "Take Court Mage back from under Left")
    play(game, 0, "Place Court Mage under Right (channel)")
    assert not [x for x in labels(game, 0) if x.startswith("Take ")]
    assert "Done organising" in labels(game, 0)


def test_a_creature_with_no_room_is_greyed_out_with_the_limit_in_words():
    """Text: "You may not have more than 30 points on or under any space at any time": a
    creature that fits nowhere is shown greyed out, saying why."""
    game = _fresh()
    _give(game, 0, ["black_lung"] * 4)
    for column in ("Left", "Centre", "Right"):
        play(game, 0, f"Place Black Lung on {column}")
    assert not [x for x in labels(game, 0) if x.startswith("Place Black Lung")]
    greyed = {u.label: u.reason for u in game.unavailable_actions(0)}
    assert greyed["Place Black Lung"] == (
        "No room for its 16 points: a Stronghold space holds at most 30 points of creatures "
        "(Left 16/30, Centre 16/30, Right 16/30)."
    )
