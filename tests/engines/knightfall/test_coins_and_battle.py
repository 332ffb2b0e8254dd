import pytest

from .helpers import act, camp, discard, labels, make_game, slot


def coins(game, c0: str, c1: str):
    act(game, 0, c0)
    return act(game, 1, c1)


def test_attack_needs_a_strong_archer_or_mage_and_reserves_never_attack():
    game = make_game(camp(K="9H", A1="~5C", R1="KS"), camp(K="8D", M3="2S"))
    assert labels(game, 0) == ["Defend"]
    assert labels(game, 1) == ["Attack", "Defend"]


def test_coins_are_hidden_until_both_are_revealed_together():
    game = make_game(camp(K="9H", A1="5C"), camp(K="8D", M3="2S"))
    events = act(game, 0, "Attack")
    public = [e.text for e in events if e.seat is None]
    assert public == ["Player 1 has chosen a decision coin."]
    for viewer in (None, 1):
        view = game.view(viewer)
        assert view["last_battle"] is None
        assert view["players"][0]["ready"] is True
        assert "attack" not in str(view)
    assert game.view(0)["you"]["coin"] == "attack"
    events = act(game, 1, "Defend")
    assert "Coins revealed: Player 1 ATTACK, Player 2 DEFEND." in [e.text for e in events]
    assert game.view(None)["last_battle"]["coins"] == {"0": "attack", "1": "defend"}
    assert game.state.stage == "battle"
    assert game.to_act() == [0]


def fight(attacker: str, knight: str):
    game = make_game(camp(K="2H", A2=attacker), camp(K=knight))
    coins(game, "Attack", "Defend")
    (only,) = game.legal_actions(0)
    game.apply(0, only)
    return game


def test_the_defending_knight_gets_plus_one_and_wins():
    game = fight("9C", "9D")  # 9 vs 9+1
    assert slot(game, 1, "K") == "~9D"
    assert slot(game, 0, "A2") is None
    assert discard(game) == ["9C"]
    assert game.view(None)["last_battle"]["cards"]["1"]["power"] == 10
    assert game.view(None)["last_battle"]["winner"] == 1


def test_the_knight_bonus_is_plus_one_not_plus_two():
    game = fight("10C", "9D")  # 10 vs 9+1: a tie, so both die (a +2 would win)
    assert slot(game, 1, "K") is None
    assert slot(game, 0, "A2") is None
    assert sorted(discard(game)) == ["10C", "9D"]
    game = fight("JC", "9D")  # 11 vs 10: the attacker wins
    assert slot(game, 0, "A2") == "~JC"
    assert slot(game, 1, "K") is None
    assert discard(game) == ["9D"]


def test_attacker_against_attacker_fight_each_other_without_knights():
    game = make_game(camp(K="2H", M1="QS"), camp(K="KD", A3="JC"))
    coins(game, "Attack", "Attack")
    assert game.to_act() == [0, 1]
    act(game, 1, "Battle with J♣ (Archer 3)")
    assert game.view(0)["players"][1]["ready"] is True
    assert "J♣" not in str(game.view(0))
    assert game.view(1)["you"]["battle_slot"] == "A3"
    act(game, 0, "Battle with Q♠ (Mage 1)")
    assert slot(game, 0, "M1") == "~QS"
    assert slot(game, 1, "A3") is None
    assert slot(game, 1, "K") == "KD"  # Knights stay out of it
    assert game.view(None)["last_battle"]["cards"]["0"]["power"] == 12


def test_defend_against_defend_is_no_battle():
    game = make_game(camp(K="2H", M1="QS"), camp(K="KD", A3="JC"))
    coins(game, "Defend", "Defend")
    assert game.state.stage == "powers"
    assert slot(game, 0, "M1") == "QS"
    assert slot(game, 1, "K") == "KD"
    battle = game.view(None)["last_battle"]
    assert battle["cards"] == {}
    assert battle["winner"] is None
    assert "no battle" in battle["outcome"]


@pytest.mark.parametrize(("a", "b"), [("7C", "7H"), ("KS", "KD")])
def test_equal_power_discards_both(a, b):
    game = make_game(camp(K="2H", M1=a), camp(K="3D", A1=b))
    coins(game, "Attack", "Attack")
    game.apply(0, game.legal_actions(0)[0])
    game.apply(1, game.legal_actions(1)[0])
    assert slot(game, 0, "M1") is None
    assert slot(game, 1, "A1") is None
    assert discard(game) == [a, b]
    assert game.view(None)["last_battle"]["winner"] is None


def test_two_aces_both_return_weak():
    game = make_game(camp(K="2H", M1="AC"), camp(K="3D", A1="AH"))
    coins(game, "Attack", "Attack")
    act(game, 0, "Battle with A♣ (Mage 1)")
    act(game, 1, "Battle with A♥ (Archer 1)")
    assert slot(game, 0, "M1") == "~AC"
    assert slot(game, 1, "A1") == "~AH"
    assert discard(game) == []


def test_winner_returns_weak_and_loser_dies():
    game = make_game(camp(K="2H", M1="5C"), camp(K="3D", A1="8H"))
    coins(game, "Attack", "Attack")
    act(game, 0, "Battle with 5♣ (Mage 1)")
    act(game, 1, "Battle with 8♥ (Archer 1)")
    assert slot(game, 1, "A1") == "~8H"
    assert slot(game, 0, "M1") is None
    assert discard(game) == ["5C"]
    # the winner's card is now face-up for everyone
    assert game.view(0)["players"][1]["slots"]["A1"]["card"]["label"] == "8♥"


def test_a_weak_knight_cannot_defend_and_stays_while_the_attacker_wins_unopposed():
    """Rule text, appendix [1]: "weak cards CANNOT be used as an attacker/defender. They CANNOT
    be replaced or discarded unless a special power is activated." Before, the WEAK Knight that
    "defended" was discarded."""
    game = make_game(camp(K="2H", M4="3C"), camp(K="~KD", A1="9H"))
    coins(game, "Attack", "Defend")
    events = act(game, 0, "Battle with 3♣ (Mage 4)")
    assert slot(game, 0, "M4") == "~3C"  # "WIN: ... its status turns into WEAK"
    assert slot(game, 1, "K") == "~KD"  # not discarded: no special power was used
    assert discard(game) == []
    battle = game.view(None)["last_battle"]
    assert battle["winner"] == 0
    assert list(battle["cards"]) == ["0"]  # the WEAK Knight did not fight
    assert (
        "Player 1's 3♣ (Mage 4, 3) wins unopposed: Player 2's Knight K♦ is WEAK, "
        "cannot defend and stays in place."
    ) in [e.text for e in events]
    # nothing was lost, so there is nothing for a Mage to reverse; no Knight to refill
    assert game.state.stage == "powers"
    assert game.to_act() == [1]


def test_an_empty_camp_lets_the_attacker_return_weak():
    from engines.knightfall.state import PlayerState

    game = make_game(camp(K="2H", M4="3C"), PlayerState(knight_chosen=True))
    coins(game, "Attack", "Defend")
    act(game, 0, "Battle with 3♣ (Mage 4)")
    assert slot(game, 0, "M4") == "~3C"
    assert discard(game) == []
    assert game.state.stage == "powers"
    assert game.to_act() == [1]  # the defender lost, so acts first
