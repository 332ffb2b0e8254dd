"""easy's Westernesse, a beginner's defence (engines/gondor/policy/beginner.py): the mistakes
a newcomer makes where the policy (``rollout_action``) keeps the walls."""

import random

import ai
from ai.levels import get_level
from engines.gondor import Gondor
from engines.gondor.actions import EndMovement, Move, Place, Select
from engines.gondor.combat.actions import Advance, Challenge, EndSegment, Stay
from engines.gondor.data import MAP
from engines.gondor.policy.playout import in_city
from engines.gondor.state import ROAD_HEXES
from tests.engines.gondor.scene import index, load, play, scene

SAURON, WESTERNESSE = 0, 1


def _beginner(game: Gondor):
    game._cache = None
    return game.level_action(WESTERNESSE, "easy", random.Random(1))


def _policy(game: Gondor):
    game._cache = None
    return game.rollout_action(WESTERNESSE, random.Random(1))


def test_its_garrison_deploys_in_the_field_before_his_host_off_the_road():
    game = Gondor.new(2, seed=5)
    rng = random.Random(5)
    while game.to_act() == [SAURON]:
        game.apply(SAURON, game.rollout_action(SAURON, rng))
    placed = 0
    while placed < 5:
        action = _beginner(game)
        assert isinstance(action, Place)
        if game.state.counters[action.counter].kind == "unit":
            assert not in_city(action.hex) and action.hex not in ROAD_HEXES
            placed += 1
        game.apply(WESTERNESSE, action)
    assert in_city(_policy(game).hex)  # the policy keeps its units inside the walls


def test_it_takes_a_duel_at_poor_odds_the_policy_declines():
    game = scene(
        {"gondor-spearmen-1": "2519", "eowyn": "2519", "trolls-1": "2520", "gothmog": "2520"},
        phase="westernesse-combat",
    )
    duel = next(a for a in game.legal_actions(WESTERNESSE) if isinstance(a, Challenge))
    assert duel.mine < duel.theirs
    assert isinstance(_policy(game), EndSegment)
    assert _beginner(game) == duel


def test_it_advances_out_of_its_place_after_a_fight(monkeypatch):
    game = scene(
        {"gondor-spearmen-1": "1818", "orc-infantry-1": "1819"}, phase="westernesse-combat"
    )
    load(monkeypatch, 1, 1, 6, 6, 6, 6)
    play(game, "melee")
    assert _policy(game) == Stay()
    assert _beginner(game) == Advance(unit=index(game, "gondor-spearmen-1"), hex="1819")


def test_a_stack_in_the_city_heads_down_for_the_gate_and_the_relief_is_forgotten():
    game = scene(
        {"gondor-spearmen-1": "2213", "orc-infantry-1": "2521"}, phase="westernesse-movement"
    )
    game.state.arrived.append("rohan")
    selects = [a for a in game.legal_actions(WESTERNESSE) if isinstance(a, Select)]
    assert any(a.hex is None for a in selects)  # Rohan waits off the map
    picks = {game.level_action(WESTERNESSE, "easy", random.Random(k)) for k in range(12)}
    assert picks <= {*selects, EndMovement()}
    assert Select(counters=(index(game, "gondor-spearmen-1"),), hex="2213") in picks
    assert not any(isinstance(a, Select) and a.hex is None for a in picks)
    game.apply(WESTERNESSE, Select(counters=(index(game, "gondor-spearmen-1"),), hex="2213"))
    move = _beginner(game)
    assert isinstance(move, Move) and MAP.hexes[move.hex].level < MAP.hexes["2213"].level


PINNED = {
    (SAURON, "normal"): "fire.1.56.2314.12",
    (SAURON, "hard"): "fire.1.56.2314.12",
    (WESTERNESSE, "normal"): "fire.65.44.2515.7",
    (WESTERNESSE, "hard"): "fire.65.44.2515.7",
}
"""Their moves, seed 7, at the first combat choice of 3+ moves of each side in a policy game
(seed 7001), as the search chooses them with no beginner (re-pinned when Westernesse's policy,
which the search plays in its playouts and proposals, changes)."""


def _combat_choices() -> dict[int, Gondor]:
    game = Gondor.new(2, seed=7001)
    rng = random.Random(1)
    found: dict[int, Gondor] = {}
    while len(found) < 2:
        seat = game.to_act()[0]
        wide = "combat" in game.state.phase and len(game.legal_actions(seat)) >= 3
        if seat not in found and wide and game.worth_search(seat):
            found[seat] = game.copy()
        game.apply(seat, game.rollout_action(seat, rng))
    return found


def test_normal_and_hard_play_the_search_s_moves_as_before(monkeypatch):
    """The hook is never consulted at normal and hard, and their moves are unchanged."""

    def refuse(*args):
        raise AssertionError("the beginner was asked")

    monkeypatch.setattr(Gondor, "level_action", refuse)
    for seat, game in _combat_choices().items():
        for level in ("normal", "hard"):
            assert not get_level(level, "gondor").own_moves
            assert Gondor.encode(ai.choose(game, seat, level, seed=7)) == PINNED[seat, level]


def test_only_easy_westernesse_is_a_beginner():
    game = scene({"gondor-spearmen-1": "2519", "trolls-1": "2520"}, phase="westernesse-combat")
    rng = random.Random(1)
    assert game.level_action(SAURON, "easy", rng) is None
    for level in ("normal", "hard"):
        assert game.level_action(WESTERNESSE, level, rng) is None
    assert get_level("easy", "gondor").own_moves


def test_easy_westernesse_plays_legal_moves_through_the_first_game_turns():
    """Random Sauron against ``ai.choose`` at easy for Westernesse, to Game-Turn 4."""
    game = Gondor.new(2, seed=7003)
    rng = random.Random(3)
    step = 0
    while game.state.turn < 4:
        seat = game.to_act()[0]
        if seat == SAURON:
            action = rng.choice(game.legal_actions(SAURON))
        else:
            action = ai.choose(game, WESTERNESSE, "easy", seed=step)
        game.apply(seat, action)  # checked: a move not legal raises
        step += 1
    units = [c for c in game.state.counters if c.side == "westernesse" and c.group == "start"]
    assert any(c.hex and not in_city(c.hex) for c in units if c.kind == "unit")
