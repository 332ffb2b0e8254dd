from .helpers import act, camp, discard, labels, make_game, slot

ARCHERS = "Archers: make 1 enemy card WEAK; you pay "
MAGES = "Mages: reverse the battle; you pay "
KNIGHT = ", including your Knight"


def shoot(name: str) -> str:
    return f"Shoot enemy {name} (it turns WEAK)"


def powers_game(p0, p1, *, round: int = 3, c0: str = "Defend", c1: str = "Defend", **kw):
    game = make_game(p0, p1, round=round, **kw)
    act(game, 0, c0)
    act(game, 1, c1)
    return game


def lost_battle_game(p0_extra: dict, p1_extra: dict):
    """Player 1 attacks with 5♠ (Archer 2) and loses to Player 2's Knight 8♣ (9)."""
    p0 = camp(K="KS", A2="5S", **p0_extra)
    p1 = camp(K="8C", **p1_extra)
    game = powers_game(p0, p1, c0="Attack")
    act(game, 0, "Battle with 5♠ (Archer 2)")
    assert game.state.stage == "powers"
    return game


def test_archer_power_pays_three_linked_cards_then_weakens_a_strong_target():
    p0 = camp(K="2H", A1="3H", A2="5H", M2="9D")
    p1 = camp(K="8D", A1="~4C", M3="JS")
    game = powers_game(p0, p1)
    assert game.to_act() == [0]
    assert labels(game, 0) == [
        ARCHERS + "2♥ 3♥ 5♥" + KNIGHT,
        ARCHERS + "2♥ 3♥ 9♦" + KNIGHT,
        ARCHERS + "2♥ 5♥ 9♦" + KNIGHT,
        ARCHERS + "3♥ 5♥ 9♦",
        "Pass",
    ]
    act(game, 0, ARCHERS + "3♥ 5♥ 9♦")
    assert discard(game) == ["3H", "5H", "9D"]
    assert game.to_act() == [0]
    assert labels(game, 0) == [shoot("Knight"), shoot("Mage 3")]
    act(game, 0, shoot("Mage 3"))
    assert slot(game, 1, "M3") == "~JS"
    assert game.view(None)["powers"] == [
        {
            "seat": 0,
            "power": "archer",
            "paid": game.view(None)["discard"],
            "target": "M3",
        }
    ]
    # Player 1 may go on (no triple is left, so only Pass) before Player 2 acts
    assert labels(game, 0) == ["Pass"]
    assert [e.text for e in act(game, 0, "Pass")] == ["Player 1 is done with special powers."]
    assert game.to_act() == [1]


def test_archer_power_is_not_offered_without_a_strong_opponent_card():
    game = powers_game(camp(K="2H", A1="3H", A2="5H"), camp(K="~8D"))
    assert labels(game, 0) == ["Pass"]


def test_any_same_colour_linked_triple_pays_for_either_power():
    """Rule text, appendix [3]: "By discarding 3 SAME COLOR LINKED cards, players can choose to
    activate Archers or Mages special power": no row is named. Before, the Archers' power needed
    a card in an Archer slot and the Mages' power one in a Mage slot."""
    game = lost_battle_game({"M1": "2D", "M2": "4H", "R1": "6D"}, {"A1": "3C"})
    assert game.to_act() == [0]
    assert labels(game, 0) == [ARCHERS + "2♦ 4♥ 6♦", MAGES + "2♦ 4♥ 6♦", "Pass"]
    # a triple of the Archer row (and the Knight) pays for the Mages' power too
    game = lost_battle_game({"A1": "2S", "A3": "3S"}, {})
    assert MAGES + "K♠ 2♠ 5♠" + KNIGHT not in labels(game, 0)  # 5♠ lost: it is gone
    game = lost_battle_game({"A1": "2S", "A3": "3S"}, {"A1": "9H"})
    assert labels(game, 0) == [ARCHERS + "K♠ 2♠ 3♠" + KNIGHT, MAGES + "K♠ 2♠ 3♠" + KNIGHT, "Pass"]


def test_a_player_holding_two_triples_may_use_two_powers_in_one_round():
    """Rule text, stage 5: "Players can choose to activate the special powers" (plural), each
    paid by "discarding 3 SAME COLOR LINKED cards". Before, one power per round was the limit."""
    p0 = camp(K="2H", A1="3H", A2="5H", M3="2S", M4="3S", R2="4S")
    p1 = camp(K="8D", M1="JS", M2="QC")
    game = powers_game(p0, p1)
    assert labels(game, 0) == [
        ARCHERS + "2♥ 3♥ 5♥" + KNIGHT,
        ARCHERS + "2♠ 3♠ 4♠",
        "Pass",
    ]
    act(game, 0, ARCHERS + "2♠ 3♠ 4♠")
    act(game, 0, shoot("Mage 1"))
    assert game.to_act() == [0]
    assert labels(game, 0) == [ARCHERS + "2♥ 3♥ 5♥" + KNIGHT, "Pass"]
    act(game, 0, ARCHERS + "2♥ 3♥ 5♥" + KNIGHT)
    act(game, 0, shoot("Mage 2"))
    assert [slot(game, 1, s) for s in ("K", "M1", "M2")] == ["8D", "~JS", "~QC"]
    assert [p["target"] for p in game.view(None)["powers"]] == ["M1", "M2"]
    assert labels(game, 0) == ["Pass"]
    act(game, 0, "Pass")
    assert game.to_act() == [1]


def test_only_connected_same_colour_triples_can_pay():
    # A1-M1 are linked but A3 touches neither: not a connected group
    game = powers_game(camp(K="KS", A1="2H", A3="3H", M1="4H"), camp(K="8D"))
    assert labels(game, 0) == ["Pass"]
    # a connected group of mixed colours
    game = powers_game(camp(K="KS", A1="2H", A2="3S", M2="4H"), camp(K="8D"))
    assert labels(game, 0) == ["Pass"]
    # a chain along the Archer row, whatever the statuses
    game = powers_game(camp(K="KH", A1="2S", A2="~3C", A3="4S"), camp(K="8D"))
    assert labels(game, 0) == [ARCHERS + "2♠ 3♣ 4♠", "Pass"]


def test_mage_power_reverses_the_battle():
    game = lost_battle_game({"M1": "2D", "M2": "4H", "R1": "6D"}, {})
    assert slot(game, 1, "K") == "~8C"
    act(game, 0, MAGES + "2♦ 4♥ 6♦")
    assert slot(game, 0, "A2") == "~5S"
    assert slot(game, 1, "K") is None
    assert discard(game) == ["2D", "4H", "6D", "8C"]
    battle = game.view(None)["last_battle"]
    assert battle["winner"] == 0
    assert battle["reversed_by"] == [0]


def test_an_unopposed_win_over_a_weak_knight_has_nothing_to_reverse():
    p0 = camp(K="~8C", M1="2D", M2="4H", R1="6D")
    game = powers_game(p0, camp(K="KS", A2="5S"), c1="Attack")
    act(game, 1, "Battle with 5♠ (Archer 2)")
    assert slot(game, 0, "K") == "~8C"  # the WEAK Knight did not fight and stays
    assert game.to_act() == [0]
    assert labels(game, 0) == [ARCHERS + "2♦ 4♥ 6♦", "Pass"]


def test_the_second_player_can_answer_a_reversal_with_their_own():
    game = lost_battle_game(
        {"M1": "2D", "M2": "4H", "R1": "6D"}, {"A1": "2S", "M1": "3S", "M2": "4S"}
    )
    act(game, 0, MAGES + "2♦ 4♥ 6♦")
    act(game, 0, "Pass")
    assert game.to_act() == [1]
    assert MAGES + "2♠ 3♠ 4♠" in labels(game, 1)
    act(game, 1, MAGES + "2♠ 3♠ 4♠")
    act(game, 1, "Pass")
    assert slot(game, 1, "K") == "~8C"
    assert slot(game, 0, "A2") is None
    assert "5S" in discard(game) and "8C" not in discard(game)
    battle = game.view(None)["last_battle"]
    assert battle["winner"] == 1
    assert battle["reversed_by"] == [0, 1]
    assert game.state.round == 4  # no Knight missing: the round is over


def test_reversal_paid_with_the_winner_only_brings_the_loser_back():
    game = lost_battle_game({}, {"A1": "2S", "A2": "3S", "M2": "4C"})
    act(game, 0, "Pass")
    (mage,) = [a for a in game.legal_actions(1) if a.label() == MAGES + "8♣ 2♠ 3♠" + KNIGHT]
    assert mage.detail() == "Discards your Knight, Archer 1 and Archer 2; then 5♠ returns WEAK."
    game.apply(1, mage)
    assert slot(game, 0, "A2") == "~5S"
    assert discard(game) == ["8C", "2S", "3S"]
    act(game, 1, "Pass")
    assert game.state.stage == "knight"
    assert game.to_act() == [1]


def test_mage_power_needs_a_decisive_battle():
    camp0 = {"K": "KS", "M1": "2D", "M2": "4H", "R1": "6D"}
    game = powers_game(camp(**camp0), camp(K="8C"))
    assert labels(game, 0) == [ARCHERS + "2♦ 4♥ 6♦", "Pass"]  # no battle
    game = powers_game(camp(**camp0, A2="9S"), camp(K="8C", M1="2C"), c0="Attack")
    act(game, 0, "Battle with 9♠ (Archer 2)")  # 9 vs 8+1: tie
    assert labels(game, 0) == [ARCHERS + "2♦ 4♥ 6♦", "Pass"]


def test_the_battle_loser_acts_first_then_the_winner():
    game = lost_battle_game({}, {})
    assert game.to_act() == [0]
    game = powers_game(camp(K="2H", M1="5C"), camp(K="3D", A1="8H"), c0="Attack", c1="Attack")
    act(game, 0, "Battle with 5♣ (Mage 1)")
    act(game, 1, "Battle with 8♥ (Archer 1)")
    assert game.to_act() == [0]
    game = powers_game(camp(K="2H", M1="9C"), camp(K="3D", A1="8H"), c0="Attack", c1="Attack")
    act(game, 0, "Battle with 9♣ (Mage 1)")
    act(game, 1, "Battle with 8♥ (Archer 1)")
    assert game.to_act() == [1]
    act(game, 1, "Pass")
    assert game.to_act() == [0]


def test_without_a_decisive_battle_the_first_player_alternates_by_round():
    assert powers_game(camp(K="2H"), camp(K="3D"), round=3).to_act() == [0]
    assert powers_game(camp(K="2H"), camp(K="3D"), round=4).to_act() == [1]


def test_a_missing_knight_is_replaced_by_any_card_keeping_its_status():
    game = powers_game(camp(K="2H", M1="9C"), camp(K="8D", A1="~4C", M3="JS"), c0="Attack")
    act(game, 0, "Battle with 9♣ (Mage 1)")  # 9 vs 8+1: both die
    act(game, 0, "Pass")
    act(game, 1, "Pass")
    assert game.state.stage == "knight"
    assert game.to_act() == [1]
    assert labels(game, 1) == ["Move 4♣ to Knight", "Move J♠ to Knight"]
    events = act(game, 1, "Move 4♣ to Knight")
    assert slot(game, 1, "K") == "~4C"
    assert slot(game, 1, "A1") is None
    assert "Player 2 moves 4♣ (WEAK) from Archer 1 to the Knight slot." in [e.text for e in events]
    assert game.state.stage == "draw"


def test_both_players_may_need_a_new_knight_at_once():
    p0 = camp(K="2H", A3="3C", M1="QC")
    p1 = camp(K="8S", A1="2S", A2="4S", M2="JS")
    game = powers_game(p0, p1, c1="Attack")
    act(game, 1, "Battle with J♠ (Mage 2)")  # 11 vs 2+1: Player 1's Knight dies
    act(game, 0, "Pass")
    act(game, 1, ARCHERS + "8♠ 2♠ 4♠" + KNIGHT)
    act(game, 1, shoot("Mage 1"))
    act(game, 1, "Pass")
    assert game.state.stage == "knight"
    assert game.to_act() == [0, 1]
    act(game, 1, "Move J♠ to Knight")
    assert game.to_act() == [0]
    assert labels(game, 0) == ["Move 3♣ to Knight", "Move Q♣ to Knight"]
    act(game, 0, "Move Q♣ to Knight")
    assert slot(game, 0, "K") == "~QC"
    assert game.state.stage == "draw"


def test_paying_with_the_knight_leaves_the_slot_to_refill():
    p0 = camp(K="2H", A1="3H", A2="5H", M1="QC")
    game = powers_game(p0, camp(K="8D", M2="JS"))
    act(game, 0, ARCHERS + "2♥ 3♥ 5♥" + KNIGHT)
    act(game, 0, shoot("Mage 2"))
    act(game, 0, "Pass")
    act(game, 1, "Pass")
    assert game.state.stage == "knight"
    assert labels(game, 0) == ["Move Q♣ to Knight"]
    act(game, 0, "Move Q♣ to Knight")
    assert slot(game, 0, "K") == "QC"
