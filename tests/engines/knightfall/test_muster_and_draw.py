from engines.knightfall import Knightfall
from engines.knightfall.actions import ChooseKnight, Muster, Place
from engines.knightfall.state import PlayerState

from .helpers import act, camp, card, discard, labels, make_game, slot


def test_muster_deals_five_and_offers_the_knight_choice_or_a_whole_formation_first():
    game = Knightfall.new(2, seed=11)
    assert game.state.stage == "muster"
    assert game.to_act() == [0, 1]
    assert len(game.state.deck) == 42
    for seat in (0, 1):
        actions = game.legal_actions(seat)
        assert len(actions) == 10
        assert all(isinstance(a, ChooseKnight) for a in actions[:5])
        assert all(isinstance(a, Muster) for a in actions[5:])
        hand = game.state.players[seat].hand
        assert [a.label() for a in actions[:5]] == [f"Knight: {c}" for c in hand]
        assert [a.label().split(", ")[0] for a in actions[5:]] == [
            f"Muster: Knight {c}" for c in hand
        ]


def test_muster_places_the_rest_in_draw_order_then_starts_round_one():
    game = Knightfall.new(2, seed=11)
    hand = list(game.state.players[0].hand)
    game.apply(0, ChooseKnight(index=2, card=hand[2].id))
    assert game.state.players[0].slots["K"].card == hand[2]
    rest = [hand[0], hand[1], hand[3], hand[4]]
    for i, sid in enumerate(["A1", "M2", "R1", "A3"]):
        actions = game.legal_actions(0)
        places = [a for a in actions if not isinstance(a, Muster)]
        assert all(isinstance(a, Place) and a.card == rest[i].id for a in places)
        assert "K" not in {a.slot for a in places}
        assert len(actions) - len(places) == (1 if i < 3 else 0)
        game.apply(0, Place(card=rest[i].id, slot=sid))
    assert game.to_act() == [1]
    assert game.legal_actions(0) == []
    other = list(game.state.players[1].hand)
    game.apply(1, ChooseKnight(index=0, card=other[0].id))
    for c, sid in zip(other[1:], ["A1", "A2", "A3", "M1"], strict=True):
        game.apply(1, Place(card=c.id, slot=sid))
    assert game.state.stage == "draw"
    assert game.state.round == 1
    assert len(game.state.deck) == 40
    assert all(len(p.hand) == 1 for p in game.state.players)
    assert game.to_act() == [0, 1]


def test_muster_shows_the_opponent_only_which_slots_are_filled():
    game = Knightfall.new(2, seed=3)
    hand = game.state.players[0].hand
    game.apply(0, ChooseKnight(index=1, card=hand[1].id))
    public = game.view(1)["players"][0]["slots"]
    assert public["K"] == {"status": "strong", "card": None}
    assert game.view(1)["you"]["drawn"] != []
    assert game.view(0)["players"][0]["slots"]["K"]["card"]["label"] == str(hand[1])


def full_camp(**extra: str) -> PlayerState:
    slots = {
        "K": "9H",
        "A1": "2C",
        "A2": "3C",
        "A3": "4C",
        "M1": "5C",
        "M2": "6C",
        "M3": "7C",
        "M4": "8C",
        "R1": "9C",
        "R2": "10C",
    }
    return camp(**(slots | extra))


def draw_game(p0: PlayerState, p1: PlayerState, drawn0: str = "QS", drawn1: str = "JD"):
    p0.hand, p1.hand = [card(drawn0)], [card(drawn1)]
    return make_game(p0, p1, stage="draw")


def test_place_is_offered_in_every_free_slot_and_exchange_for_every_pair():
    game = draw_game(camp(K="9H", A1="2C", M1="5C"), camp(K="8D"))
    got = labels(game, 0)
    assert got[:7] == [
        "Place Q♠ in Archer 2",
        "Place Q♠ in Archer 3",
        "Place Q♠ in Mage 2",
        "Place Q♠ in Mage 3",
        "Place Q♠ in Mage 4",
        "Place Q♠ in Reserve 1",
        "Place Q♠ in Reserve 2",
    ]
    assert got[7:] == [
        "Exchange Knight ↔ Archer 1 (discard Q♠)",
        "Exchange Knight ↔ Mage 1 (discard Q♠)",
        "Exchange Archer 1 ↔ Mage 1 (discard Q♠)",
    ]
    assert not any(x.startswith(("Discard", "Replace")) for x in got)


def test_draw_decisions_stay_hidden_until_both_have_decided():
    game = draw_game(camp(K="9H", A1="2C"), camp(K="8D"))
    public_before = game.view(None)["players"]
    act(game, 0, "Place Q♠ in Mage 2")
    assert slot(game, 0, "M2") is None  # not carried out yet
    assert game.view(None)["players"][0]["slots"] == public_before[0]["slots"]
    assert game.view(1)["players"][0]["slots"]["M2"] is None
    assert game.view(None)["players"][0]["ready"] is True
    # the chooser sees their own decision carried out
    assert game.view(0)["players"][0]["slots"]["M2"]["card"]["label"] == "Q♠"
    assert game.view(0)["you"]["drawn"] == []
    assert game.to_act() == [1]
    act(game, 1, "Place J♦ in Archer 1")
    assert slot(game, 0, "M2") == "QS"
    assert slot(game, 1, "A1") == "JD"
    assert game.state.stage == "coins"


def test_exchange_swaps_positions_keeps_statuses_and_discards_the_drawn_card():
    game = draw_game(camp(K="~9H", A1="2C", M1="5C"), camp(K="8D"))
    act(game, 0, "Exchange Knight ↔ Archer 1 (discard Q♠)")
    act(game, 1, "Place J♦ in Archer 1")
    assert slot(game, 0, "K") == "2C"
    assert slot(game, 0, "A1") == "~9H"
    assert discard(game) == ["QS"]


def test_full_troop_may_discard_replace_a_strong_card_or_exchange_but_not_place():
    game = draw_game(full_camp(M2="~6C", K="~9H"), camp(K="8D"))
    got = labels(game, 0)
    assert not any(x.startswith("Place") for x in got)
    assert "Discard Q♠" in got
    replaces = [x for x in got if x.startswith("Replace")]
    assert "Replace 5♣ (Mage 1) with Q♠" in replaces
    # WEAK cards cannot be replaced
    assert not any("6♣" in x or "9♥" in x for x in replaces)
    assert len(replaces) == 8
    assert sum(x.startswith("Exchange") for x in got) == 45


def test_replace_discards_the_old_card_and_the_new_one_enters_strong():
    game = draw_game(full_camp(), camp(K="8D"))
    act(game, 0, "Replace 9♥ (Knight) with Q♠")
    act(game, 1, "Place J♦ in Archer 1")
    assert slot(game, 0, "K") == "QS"
    assert discard(game) == ["9H"]


def test_discard_puts_the_drawn_card_on_the_pile():
    game = draw_game(full_camp(), camp(K="8D"))
    act(game, 0, "Discard Q♠")
    act(game, 1, "Place J♦ in Archer 1")
    assert discard(game) == ["QS"]
    assert len(game.state.players[0].troop()) == 10


def test_an_empty_troop_must_place_the_drawn_card_as_knight():
    game = draw_game(PlayerState(knight_chosen=True), camp(K="8D"))
    assert labels(game, 0) == ["Place Q♠ in Knight"]
