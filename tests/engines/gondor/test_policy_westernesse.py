"""Westernesse's playout policy (engines/gondor/policy/): missiles, fireballs, road, spells."""

import random

from engines.gondor import Gondor
from engines.gondor.actions import AutoDeploy, EndMovement, EndPhase, Move, Select, SetupDone
from engines.gondor.combat.actions import Advance, EndSegment, Fire, Melee, Rally, Stay
from engines.gondor.data import MAP
from engines.gondor.effects import banner_hex, spell_active
from engines.gondor.hexes import distance
from engines.gondor.magic.actions import Cast
from engines.gondor.policy.playout import in_city
from engines.gondor.siege.actions import Hurl
from tests.engines.gondor.positions import legal
from tests.engines.gondor.scene import counter, index, load, play, scene

WESTERNESSE = 1
ROAD = {"1918": "westernesse", "2124": "sauron"}
LEVEL_2_GATE = "2213/2214"


def state_hex(game: Gondor, unit: int) -> str | None:
    """Where a counter stands."""
    return game.state.counters[unit].hex


def _policy(game: Gondor):
    game._cache = None
    return game.rollout_action(WESTERNESSE, random.Random(1))


def test_7_1_16_6_its_archers_shoot_and_its_catapult_hurls_no_fireball():
    """7.1: in Westernesse's missile segment its archers fire; 16.6: "Fireballs are always
    hurled in the Siege Phase", so its catapult hurls none here."""
    game = scene(
        {"gondor-armored-archer-1": "2520", "orc-infantry-1": "2521", "gondor-catapult-1": "2519"},
        phase="westernesse-combat",
    )
    moves = legal(game, WESTERNESSE)
    assert {type(a) for a in moves} >= {Fire, EndSegment} and Hurl not in {type(a) for a in moves}
    action = _policy(game)
    assert isinstance(action, Fire) and action.target_unit == index(game, "orc-infantry-1")


def test_16_65_a_fireball_burns_his_siege_tower_and_the_unit_with_it():
    """16.65: fire burns catapults, cauldrons and siege towers, and a unit stacked with a tower.
    Westernesse's catapult aims at the tower's hex (range 2: no scatter, 16.63), not the bare
    unit next to it, in its part of the Siege Phase (16.6), and then burns it."""
    game = scene(
        {
            "gondor-catapult-1": "2519",
            "siege-tower-1": "2521",
            "orc-infantry-1": "2521",
            "trolls-1": "2520",
        },
        phase="siege",
    )
    play(game, "end_phase")  # Sauron's firing first
    action = _policy(game)
    assert isinstance(action, Hurl) and action.hex == "2521"
    game.apply(WESTERNESSE, action)
    assert (
        counter(game, "siege-tower-1").hex is None and counter(game, "orc-infantry-1").hex is None
    )


def test_20_1_c_westernesse_advances_onto_the_road_hex_it_emptied(monkeypatch):
    """20.1 C, 7.5: a unit of Westernesse passing 1918 after Sauron's last one takes the road;
    the unit that drove his off the road hex advances into it (elsewhere it stays)."""
    game = scene(
        {"gondor-spearmen-1": "1818", "orc-infantry-1": "1918"}, phase="westernesse-combat", turn=14
    )
    game.state.road["1918"] = "sauron"
    load(monkeypatch, 1, 1, 6, 6, 6, 6)  # the spearmen hit, the orcs miss; morale 12: gone
    play(game, "melee")
    assert game.state.pending is not None and game.state.pending.kind == "advance"
    action = _policy(game)
    assert action == Advance(unit=index(game, "gondor-spearmen-1"), hex="1918")
    game.apply(WESTERNESSE, action)
    assert game.state.road["1918"] == "westernesse"


def test_7_5_off_the_road_the_garrison_stays_where_it_stands(monkeypatch):
    """7.5: advancing is optional; off the road hexes Westernesse stays (its garrison keeps the
    walls: a unit that advances out of the city leaves a level to him)."""
    game = scene(
        {"gondor-spearmen-1": "1818", "orc-infantry-1": "1819"}, phase="westernesse-combat"
    )
    load(monkeypatch, 1, 1, 6, 6, 6, 6)
    play(game, "melee")
    assert game.state.pending is not None and game.state.pending.kind == "advance"
    assert _policy(game) == Stay()


def _magic_phase(turn: int, **where: str) -> Gondor:
    """Phase A of ``turn``, Westernesse to cast: Gandalf in the Citadel, the Nazgûl Lord outside."""
    return scene({"gandalf": "1903", "nazgul-lord": "2520", **where}, phase="magic-1", turn=turn)


def test_17_23_18_23_gandalf_unfurls_the_banner_for_the_last_three_game_turns():
    """17.23: Revealing Aragorn (4 points, sure) in phase A of Game-Turn 14 keeps the Banner
    unfurled to the end: the Nazgûl Lord casts nothing while it is (18.23), his last FearSpell
    included, and it rallies two units in each Joint Rally Phase, the last one too (18.22)."""
    game = _magic_phase(14, aragorn="1010")
    action = _policy(game)
    assert isinstance(action, Cast) and action.line.id == "reveal-aragorn" and action.sure
    game.apply(WESTERNESSE, action)
    assert banner_hex(game.state) == "1010"


def test_17_21_gandalf_breaks_the_darkness_over_the_last_assault():
    """17.21: Break Darkness (6 points, sure, day only) in phase A of the last Game-Turn: every
    Mordor unit strikes one row lower in his last assault on the levels' keepers and the road."""
    game = _magic_phase(16)
    game.state.magic_spent["gandalf"] = 4  # the Banner's 4 spent on Game-Turn 14
    action = _policy(game)
    assert isinstance(action, Cast) and action.line.id == "break-darkness" and action.sure
    game.apply(WESTERNESSE, action)
    assert spell_active(game.state, "break-darkness")


def test_17_3_gandalf_keeps_his_points_for_the_sure_casts_and_tries_with_the_rest():
    """17.3: an attempt that fails spends nothing but the phase. Earlier Gandalf keeps his ten
    points for the Banner (4) and the last Break Darkness (6); with no Aragorn left to reveal he
    tries Break Darkness on Game-Turn 15 with the 4 points the last sure cast leaves."""
    assert _policy(_magic_phase(9, aragorn="1010")) == EndPhase()
    game = _magic_phase(15, aragorn="1010")
    game.state.magic_spent["gandalf"], game.state.casts["reveal-aragorn"] = 4, 1
    assert _policy(game) == EndPhase()  # the 6 left are the last sure cast's
    game = _magic_phase(15)
    game.state.arrived.append("aragorn")  # and he has fallen since
    action = _policy(game)
    assert isinstance(action, Cast) and action.line.id == "break-darkness"
    assert (action.points, action.sure) == (4, False)


def _road(game: Gondor, **last: str) -> Gondor:
    """Who was last on each road hex (20.1 C)."""
    game.state.road.update(last)
    game.state.step += 1
    return game


def test_20_1_c_in_the_last_game_turns_the_relief_heads_for_the_road_he_holds():
    """20.1 C: Sauron needs to have been last on both road hexes; from Game-Turn 13 the relief
    rides for the one he holds (2124), not for his nearest unit."""
    where = {"rohan-heavy-cavalry-1": "2515", "orc-infantry-1": "2124", "trolls-1": "2812"}
    for turn, to_road in ((12, False), (13, True)):
        game = _road(scene(where, phase="westernesse-movement", turn=turn), **ROAD)
        play(game, "select", hex="2515")
        action = _policy(game)
        moves = [m for m in legal(game, WESTERNESSE) if isinstance(m, Move)]
        assert isinstance(action, Move)
        nearest = min(distance(m.hex, "2124") for m in moves)
        assert (distance(action.hex, "2124") == nearest) == to_road, turn


def test_20_1_c_the_relief_strikes_the_road_s_holder_at_any_odds_and_keeps_the_road():
    """20.1 C, 7.5: driven off, the road's holder leaves the hex to the attacker; the relief
    strikes it before a likelier hit elsewhere, and a stack standing on a road hex it took
    stays there in its Movement Phase."""
    game = _road(
        scene(
            {
                "rohan-heavy-cavalry-1": "2123",
                "orc-infantry-1": "2124",
                "light-orc-infantry-1": "2122",
            },
            phase="westernesse-combat",
            turn=14,
        ),
        **ROAD,
    )
    melees = [a for a in legal(game, WESTERNESSE) if isinstance(a, Melee)]
    best = max(melees, key=lambda a: a.need)
    assert state_hex(game, best.target_unit) == "2122"  # the likelier hit is elsewhere
    action = _policy(game)
    assert isinstance(action, Melee) and state_hex(game, action.target_unit) == "2124"
    game = _road(
        scene(
            {"rohan-heavy-cavalry-1": "2124", "trolls-1": "2810"},
            phase="westernesse-movement",
            turn=14,
        ),
        **{"2124": "westernesse"},
    )
    game.state.moved += [i for i, c in enumerate(game.state.counters) if c.hex is None]
    taker = Select(counters=(index(game, "rohan-heavy-cavalry-1"),), hex="2124")
    assert taker in legal(game, WESTERNESSE)
    picks = {game.rollout_action(WESTERNESSE, random.Random(seed)) for seed in range(12)}
    assert taker not in picks and EndMovement() in picks


def test_20_2_a_level_s_last_keeper_stays_out_of_a_melee_it_need_not_fight():
    """20.2: a level whose gates are all his falls once no undisrupted Westernesse unit stands
    on it (+10 to the garrison); its only keeper does not melee a disrupted foe it may leave
    alone (7.31 binds only a unit in an enemy ZOC), though the odds favour it."""
    game = scene(
        {"gondor-lance-knight-1": "2213", "light-orc-infantry-1": "2113"},
        phase="westernesse-combat",
        turn=12,
    )
    counter(game, "light-orc-infantry-1").disrupted = True
    assert isinstance(_policy(game), Melee)  # level 2's gate is still Westernesse's
    game.state.gates[LEVEL_2_GATE] = "sauron"
    game.state.step += 1
    assert _policy(game) == EndPhase()


def test_8_2_the_rally_goes_first_to_the_unit_whose_level_falls_without_it():
    """8.2, 20.2: Imrahil rallies the disrupted Lance Knight, level 2's only unit behind gates
    that are his, before the Spearmen on level 1 at the same odds."""
    game = scene(
        {
            "gondor-lance-knight-1": "2213",
            "gondor-spearmen-1": "2214",
            "imrahil": "2114",
            "trolls-1": "2810",
        },
        phase="rally",
        turn=12,
    )
    for cid in ("gondor-lance-knight-1", "gondor-spearmen-1"):
        counter(game, cid).disrupted = True
    game.state.gates[LEVEL_2_GATE] = "sauron"
    play(game, "end_phase")  # Sauron's rallies first
    action = _policy(game)
    assert isinstance(action, Rally) and action.unit == index(game, "gondor-lance-knight-1")


def test_13_2_20_2_the_garrison_deploys_a_keeper_on_every_level_and_its_leaders_with_them():
    """20.2: a level with no undisrupted Westernesse unit falls as soon as its gates are his;
    the policy deploys the garrison's ten units over all seven levels, and Gandalf and Imrahil
    each onto a hex of the city holding one of them, where they rally it (8.2)."""
    for seed in (1, 2, 3):
        game = Gondor.new(2, 4242)
        game.apply(0, AutoDeploy())
        game.apply(0, SetupDone())
        rng = random.Random(seed)
        while game.state.phase == "setup":
            game.apply(WESTERNESSE, game.rollout_action(WESTERNESSE, rng))
        garrison = [c for c in game.state.counters if c.side == "westernesse" and c.hex]
        units = {c.hex for c in garrison if c.kind == "unit" and in_city(c.hex)}
        assert {MAP.hexes[h].level for h in units} == set(range(1, 8)), seed
        assert {counter(game, "gandalf").hex, counter(game, "imrahil").hex} <= units, seed
