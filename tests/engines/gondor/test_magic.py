"""Magic Leader Phases A and E (8.5, 17.x) and the Banner of the King (18.x)."""

import pytest

from engines.base import IllegalAction
from engines.gondor import banner
from engines.gondor.actions import BannerJoin, Deselect, EndMovement, EndPhase, Move, Select
from engines.gondor.effects import banner_hex, frozen, near_banner, spell_active
from engines.gondor.game import Gondor
from engines.gondor.hexes import distance
from engines.gondor.magic.actions import BannerRally, Cast, DriveNazgul, MagicSelect
from engines.gondor.magic.chart import CHART, SPELLS
from engines.gondor.magic.effects import stalemate_hex
from engines.gondor.moving import movable
from engines.rng import rng_for
from tests.engines.gondor.play import advance_to, deployed, end_phase

GANDALF_HEX, NAZGUL_HEX = "0414", "0415"  # adjacent hexes of the empty south-west plain


def index(game: Gondor, type_id: str) -> int:
    """The counter index of the first counter of a type."""
    return next(i for i, c in enumerate(game.state.counters) if c.type == type_id)


def put(game: Gondor, type_id: str, hex_ref: str | None) -> int:
    """Set a counter's hex (a position built by hand); returns its index."""
    i = index(game, type_id)
    game.state.counters[i].hex = hex_ref
    game._cache = None  # the choices are cached per step
    return i


def casts(game: Gondor, seat: int) -> list[Cast]:
    """The casts offered to the seat now (after any hand edit of the state)."""
    game._cache = None
    return [a for a in game.legal_actions(seat) if isinstance(a, Cast)]


def cast(game: Gondor, seat: int, spell: str, points: int | None = None, die: int | None = None):
    """Apply the cast of a chart line (its automatic cost unless ``points``), forcing the d6."""
    points = SPELLS[spell].auto if points is None else points
    action = Cast(leader=_caster(game, spell), spell=CHART.index(spell), points=points)
    if die is not None:
        game.state.step = next(
            k for k in range(500) if rng_for(game.state.seed, f"spell-{k + 1}").randint(1, 6) == die
        )
    return game.apply(seat, action)


def _caster(game: Gondor, spell: str) -> int:
    return index(game, SPELLS[spell].caster)


def reasons(game: Gondor, seat: int) -> dict[str, str]:
    """Greyed choices: label -> reason."""
    return {u.label: u.reason for u in game.unavailable_actions(seat)}


@pytest.fixture
def game() -> Gondor:
    """Game-Turn 1 (day), phase A, Gandalf next to the Lord of the Nazgûl on the plain."""
    g = deployed()
    put(g, "gandalf", GANDALF_HEX)
    put(g, "nazgul-lord", NAZGUL_HEX)
    return g


def to_sauron_in_a(game: Gondor) -> None:
    """Westernesse ends its half of phase A."""
    game.apply(1, EndPhase())
    assert (game.state.phase, game.state.acting) == ("magic-1", "sauron")


# ---- the chart: costs, odds, allowances ------------------------------------------------------


def test_each_spell_is_offered_once_per_affordable_amount_labelled_with_the_odds(game):
    """8.5: P >= C succeeds; 1 <= P < C succeeds on 1d6 <= the chart's number."""
    labels = [a.label() for a in game.legal_actions(1)]
    assert labels[0] == "Move Gandalf"
    assert "Cast Break Darkness with 6 points (sure)" in labels
    assert "Attempt Break Darkness with 1 point (succeeds on 1)" in labels
    assert "Attempt Stalemate Nazgûl with 2 points (succeeds on 1-4)" in labels
    assert "Cast Stalemate Nazgûl with 3 points (sure)" in labels
    assert labels[-1] == "End phase"
    assert all(len(label) <= 80 for label in labels)
    assert all(len(a.detail() or "") <= 100 for a in game.legal_actions(1))


def test_attempt_odds_come_from_the_magic_capabilities_chart():
    """17.4 chart: Freeze 1st 1->2, 2->4; Freeze 2nd and 3rd automatic only (17.12);
    FearSpell P->P."""
    expected = {
        "freeze-leader-1": {1: 2, 2: 4, 3: 6},
        "freeze-leader-2": {4: 6},
        "fear": {1: 1, 2: 2, 3: 3, 4: 4, 5: 6},
        "operate-grond": {1: 6},
    }
    for spell, odds in expected.items():
        line = CHART.index(spell)
        found = {p: Cast(leader=0, spell=line, points=p).needs for p in SPELLS[spell].amounts()}
        assert found == odds, spell


def test_a_sure_cast_spends_its_points_and_uses_the_leaders_phase(game):
    """17.21 Break Darkness: 6 points; Gandalf's pool is 10 for the whole game (8.5)."""
    cast(game, 1, "break-darkness")
    assert spell_active(game.state, "break-darkness")
    assert game.view(1)["magic_points"]["westernesse"] == 4
    assert game.legal_actions(1) == [EndPhase()]  # one spell, and no move after it (3.4)
    assert game.view(0)["spells"] == [
        {"id": "break-darkness", "name": "Break Darkness", "turns_left": 1}
    ]


def test_a_failed_attempt_spends_nothing_but_uses_the_phase(game):
    """17.3: 'If the spell attempt is unsuccessful, there is no expenditure of Magic Points.'"""
    events = cast(game, 1, "break-darkness", points=2, die=5)
    assert "rolls 5" in events[0].text and "fails" in events[0].text
    assert game.view(1)["magic_points"]["westernesse"] == 10
    assert not spell_active(game.state, "break-darkness")
    assert game.legal_actions(1) == [EndPhase()]


def test_a_successful_attempt_spends_the_points_offered(game):
    """8.5: a successful attempt spends P."""
    events = cast(game, 1, "break-darkness", points=2, die=1)
    assert "rolls 1" in events[0].text and "casts" in events[0].text
    assert game.view(1)["magic_points"]["westernesse"] == 8
    assert spell_active(game.state, "break-darkness")


def test_no_amount_above_the_pool_is_offered(game):
    """8.5: pools are for the whole game."""
    game.state.magic_spent["gandalf"] = 7
    points = {a.points for a in casts(game, 1) if a.line.id == "break-darkness"}
    assert points == {1, 2, 3}


def test_fear_spell_twice_in_a_game(game):
    """17.11: 'May be successfully cast only twice'; cost 5."""
    to_sauron_in_a(game)
    assert "Cast FearSpell with 5 points (sure)" in [a.label() for a in casts(game, 0)]
    game.state.casts["fear"] = 2
    assert not [a for a in casts(game, 0) if a.line.family == "fear"]
    assert "allowance of 2" in reasons(game, 0)["Cast FearSpell"]


def test_freeze_leader_costs_3_then_4_and_three_times_in_all(game):
    """17.12: 'First spell: 3 points ... second and third time: 4 points'; three times a game."""
    to_sauron_in_a(game)
    sure = {a.line.id: a.points for a in casts(game, 0) if a.sure}
    assert sure["freeze-leader-1"] == 3
    game.state.casts["freeze-leader"] = 1
    sure = {a.line.id: a.points for a in casts(game, 0) if a.sure}
    assert sure["freeze-leader-2"] == 4 and "freeze-leader-1" not in sure


def test_only_the_first_freeze_leader_may_be_attempted_for_less(game):
    """17.12: "First spell: 3 points for an automatic cast, less for an attempt; second and
    third time: 4 points for an automatic cast": no cheaper attempt after the first."""
    to_sauron_in_a(game)
    freezes = [a for a in casts(game, 0) if a.line.family == "freeze-leader"]
    assert sorted(a.points for a in freezes) == [1, 2, 3]
    game.state.casts["freeze-leader"] = 1
    freezes = [a for a in casts(game, 0) if a.line.family == "freeze-leader"]
    assert [(a.points, a.sure) for a in freezes] == [(4, True)]
    game.state.casts["freeze-leader"] = 3
    assert "allowance of 3" in reasons(game, 0)["Cast Freeze Leader"]


def test_break_darkness_only_on_day_turns_and_stalemate_costs_more_at_night(game):
    """17.21: 'must be day Turn'; 17.22 Stalemate's price depends on day or night (3 / 5)."""
    advance_to(game, 2, "magic-1")  # turn 2 is a Night Game-Turn (12.0)
    put(game, "gandalf", GANDALF_HEX)
    put(game, "nazgul-lord", NAZGUL_HEX)
    assert "day Game-Turns" in reasons(game, 1)["Cast Break Darkness"]
    sure = {a.line.id: a.points for a in casts(game, 1) if a.sure}
    assert sure == {"stalemate-night": 5}


def test_operate_grond_needs_grond_near_with_a_troll_and_lasts_the_game(game):
    """17.13: 1 point, automatic; Nazgûl within three hexes of Grond stacked with a Troll."""
    to_sauron_in_a(game)
    assert "Grond must be within 3 hexes" in reasons(game, 0)["Cast Operate Grond"]
    put(game, "grond", "0418")
    assert "Troll or Uruk-Hai" in reasons(game, 0)["Cast Operate Grond"]
    put(game, "trolls", "0418")
    grond = [a for a in casts(game, 0) if a.line.id == "operate-grond"]
    assert [a.label() for a in grond] == ["Cast Operate Grond with 1 point (sure)"]
    game.apply(0, grond[0])
    assert spell_active(game.state, "operate-grond") and game.state.grond_active
    grond_view = {"id": "operate-grond", "name": "Operate Grond", "turns_left": None}
    assert grond_view in game.view(None)["spells"]
    advance_to(game, 5, "magic-1")
    assert spell_active(game.state, "operate-grond")


# ---- 8.52, moving, confirmation ---------------------------------------------------------------


def test_a_leader_that_cast_in_phase_a_may_not_cast_in_phase_e_but_may_move(game):
    """8.52: a leader that cast or attempted in A may not cast in E."""
    to_sauron_in_a(game)
    cast(game, 0, "fear", points=1, die=6)  # a failed attempt counts too
    advance_to(game, 1, "magic-2")
    assert game.state.acting == "sauron"  # E: Sauron first
    assert not casts(game, 0)
    assert "8.52" in reasons(game, 0)["Cast FearSpell"]
    assert MagicSelect(leader=index(game, "nazgul-lord")) in game.legal_actions(0)


def test_a_magic_leader_moves_up_to_six_in_two_clicks_instead_of_casting(game):
    """3.4: magic leaders move (6, 3.1) only in phases A and E, and not when they cast."""
    gandalf = index(game, "gandalf")
    game.apply(1, MagicSelect(leader=gandalf))
    moves = [a for a in game.legal_actions(1) if isinstance(a, Move)]
    assert Deselect() in game.legal_actions(1)
    assert moves and max(m.mp for m in moves) <= 12  # half MP
    target = next(m for m in moves if m.hex == "0412")
    assert target.label() == "Move to 0412, Pelennor fields (2 MP)"
    game.apply(1, target)
    assert game.state.counters[gandalf].hex == "0412"
    assert game.legal_actions(1) == [EndPhase()]


def test_casting_asks_for_confirmation_and_says_what_a_failure_costs(game):
    """The bot asks before magic points are spent."""
    sure = Cast(leader=index(game, "gandalf"), spell=CHART.index("break-darkness"), points=6)
    assert game.confirm_text(1, sure) == "Spend 6 of Gandalf's 10 magic points on Break Darkness?"
    attempt = Cast(leader=sure.leader, spell=sure.spell, points=2)
    assert "nothing is spent" in (game.confirm_text(1, attempt) or "")
    assert game.confirm_text(1, EndPhase()) is None


# ---- effects and durations ---------------------------------------------------------------------


def test_spells_end_at_the_start_of_the_same_phase_one_turn_later(game):
    """8.5 [I]: a spell lasting N Game-Turns ends at the start of the same phase N turns later."""
    advance_to(game, 1, "magic-2")
    put(game, "nazgul-lord", NAZGUL_HEX)
    cast(game, 0, "fear")
    advance_to(game, 2, "sauron-combat")
    assert spell_active(game.state, "fear")
    assert game.view(0)["spells"][0]["turns_left"] == 1
    advance_to(game, 2, "magic-2")
    assert not spell_active(game.state, "fear")
    assert "FearSpell ends." in game.state.log


def test_freeze_leader_holds_westernesse_leaders_within_three_hexes(game):
    """17.12: leaders within three hexes of the Nazgûl Lord may not move, rally or cast."""
    imrahil = put(game, "imrahil", "0412")  # 3 hexes from 0415
    far = put(game, "aragorn", "0405")  # 10 hexes away
    to_sauron_in_a(game)
    cast(game, 0, "freeze-leader-1")
    gandalf = index(game, "gandalf")
    assert frozen(game.state, gandalf) and frozen(game.state, imrahil)
    assert not frozen(game.state, far)
    advance_to(game, 1, "westernesse-movement")
    assert not movable(game.state, imrahil) and movable(game.state, far)
    advance_to(game, 2, "magic-1")
    assert not frozen(game.state, imrahil)  # one Game-Turn


def test_freeze_leader_holds_whoever_is_within_three_hexes_during_the_turn(game):
    """17.12: "All Westernesse Leaders within three hexes of the Nazgûl Lord" for "One full
    Game-Turn": a leader who comes within three hexes is held, one who leaves them is free."""
    imrahil = put(game, "imrahil", "0412")  # 3 hexes from the Nazgûl Lord in 0415
    aragorn = put(game, "aragorn", "0405")
    to_sauron_in_a(game)
    cast(game, 0, "freeze-leader-1")
    assert frozen(game.state, imrahil) and not frozen(game.state, aragorn)
    put(game, "imrahil", "0408")  # a retreat takes him 7 hexes away
    put(game, "aragorn", "0417")  # he comes within 2
    assert not frozen(game.state, imrahil) and frozen(game.state, aragorn)
    put(game, "nazgul-lord", "0424")  # the Lord himself moves: 7 and 7 away
    assert not frozen(game.state, aragorn)


def test_a_frozen_gandalf_may_neither_move_nor_cast(game):
    """17.12: frozen leaders 'may not move, rally, cast spells'."""
    to_sauron_in_a(game)
    cast(game, 0, "freeze-leader-1")
    advance_to(game, 1, "magic-2")
    end_phase(game)  # Sauron's half of E
    assert game.legal_actions(1) == [EndPhase()]
    assert reasons(game, 1)["Move Gandalf"] == "frozen (17.12)"
    assert "frozen" in reasons(game, 1)["Cast Break Darkness"]


def test_freeze_leader_needs_a_westernesse_leader_in_range(game):
    """[R] A Freeze Leader that would hold nobody is not offered."""
    put(game, "gandalf", "0405")
    to_sauron_in_a(game)
    assert "no Westernesse leader within 3" in reasons(game, 0)["Cast Freeze Leader"]


def test_stalemate_sends_the_nazgul_six_hexes_east_and_keeps_him_away(game):
    """17.22: "Nazgûl is placed *six* hexes away from Gandalf, in an easterly direction": the
    caster's player chooses the hex (due east offered first); he may not come back adjacent."""
    cast(game, 1, "stalemate-day")
    nazgul = index(game, "nazgul-lord")
    assert game.state.counters[nazgul].hex == NAZGUL_HEX  # not moved until Westernesse chooses
    assert game.state.pending.kind == "stalemate" and game.to_act() == [1]
    offered = [a.hex for a in game.legal_actions(1)]
    assert offered[0] == "0420" and len(offered) > 1
    assert all(distance(h, GANDALF_HEX) == 6 and h[2:] > GANDALF_HEX[2:] for h in offered)
    game.apply(1, DriveNazgul(hex="0619"))
    assert game.state.counters[nazgul].hex == "0619" and game.state.pending is None
    to_sauron_in_a(game)
    game.apply(0, MagicSelect(leader=nazgul))
    near = {m.hex for m in game.legal_actions(0) if isinstance(m, Move)}
    assert near and all(distance(h, GANDALF_HEX) > 1 for h in near)


def test_stalemate_placement_is_clamped_and_avoids_occupied_hexes(game):
    """17.22 [I]: clamped to the map edge; else the nearest free non-Mountain hex."""
    assert stalemate_hex(game.state, "0420", 6) == "0424"
    put(game, "imrahil", "0424")
    found = stalemate_hex(game.state, "0420", 6)
    assert found != "0424" and distance(found, "0424") == 1
    assert distance(stalemate_hex(game.state, "0423", 6), "0423") >= 2


# ---- the Banner of the King ------------------------------------------------------------------


def unfurled(game: Gondor) -> int:
    """Aragorn on the map next to Gandalf; Revealing Aragorn cast (17.23). Returns Aragorn."""
    aragorn = put(game, "aragorn", "0413")
    cast(game, 1, "reveal-aragorn")
    return aragorn


def test_revealing_aragorn_needs_aragorn_and_places_the_banner_with_him(game):
    """17.23 / 18.11-18.12: once Aragorn entered, the Banner is placed with Aragorn."""
    assert "Aragorn is not on the map" in reasons(game, 1)["Cast Revealing Aragorn"]
    unfurled(game)
    assert banner_hex(game.state) == "0413"
    stack = next(s for s in game.view(0)["stacks"] if s["hex"] == "0413")
    kinds = [c["kind"] for c in stack["counters"]]
    assert "banner" in kinds and "leader" in kinds
    assert game.view(0)["spells"][0]["turns_left"] == 3


def test_the_nazgul_may_not_cast_while_the_banner_is_unfurled(game):
    """18.23: 'The Lord of the Nazgûl may not attempt any spells while the Banner is unfurled'."""
    unfurled(game)
    game.apply(1, EndPhase())
    assert not casts(game, 0)
    assert "18.23" in reasons(game, 0)["Cast FearSpell"]


def _banner_alone_in_0409(game: Gondor) -> tuple[int, int]:
    """Westernesse Movement: the Banner moves by itself from Aragorn's 0413 to empty 0409."""
    aragorn = unfurled(game)
    flag = len(game.state.counters) - 1
    advance_to(game, 1, "westernesse-movement")
    assert Select(counters=(aragorn, flag), hex="0413") in game.legal_actions(1)
    game.apply(1, Select(counters=(flag,), hex="0413"))
    move = next(m for m in game.legal_actions(1) if isinstance(m, Move) and m.hex == "0409")
    game.apply(1, move)
    assert game.state.counters[flag].hex == "0409"
    return aragorn, flag


def test_a_banner_left_alone_must_be_brought_to_a_leader_before_movement_ends(game):
    """18.13: the Banner "may move by itself ... as long as it ends its Movement Phase stacked
    with a Westernesse Leader": ending it alone is refused, with why, until the player brings
    a leader to it (or it to one); the engine moves nothing by itself."""
    aragorn, flag = _banner_alone_in_0409(game)
    assert EndMovement() not in game.legal_actions(1)
    assert "18.13" in reasons(game, 1)["End movement"]
    with pytest.raises(IllegalAction):
        game.apply(1, EndMovement())
    assert game.state.counters[flag].hex == "0409"
    game.apply(1, Select(counters=(aragorn,), hex="0413"))
    move = next(m for m in game.legal_actions(1) if isinstance(m, Move) and m.hex == "0409")
    game.apply(1, move)
    events = game.apply(1, EndMovement())
    assert not any("Banner" in e.text for e in events)
    assert game.state.counters[flag].hex == game.state.counters[aragorn].hex == "0409"
    assert game.state.banner_leader == aragorn


def test_a_banner_no_move_can_save_asks_its_player_which_leader_it_joins(game):
    """18.13: once neither the Banner nor a leader can still move to the other, Westernesse
    chooses the leader it joins (nearest first) before movement may end."""
    aragorn, flag = _banner_alone_in_0409(game)
    game.state.moved += banner.leaders_on_map(game.state)  # every leader has moved
    game.state.step += 1
    joins = [a for a in game.legal_actions(1) if isinstance(a, BannerJoin)]
    assert EndMovement() not in game.legal_actions(1)
    assert [a.leader for a in joins][:1] == [aragorn]  # 0413: the nearest
    gandalf = index(game, "gandalf")
    game.apply(1, next(a for a in joins if a.leader == gandalf))
    assert game.state.counters[flag].hex == GANDALF_HEX and game.state.banner_leader == gandalf
    game.apply(1, EndMovement())
    assert banner_hex(game.state) == GANDALF_HEX


def test_the_banner_falls_with_its_leader(game):
    """18.14: 'If the Leader stacked with the Banner is eliminated, so is the Banner.'"""
    aragorn = unfurled(game)
    game.state.counters[aragorn].hex = None  # eliminated in combat
    events = game.apply(1, EndPhase())
    assert any("falls with Aragorn" in e.text for e in events)
    assert banner_hex(game.state) is None and not spell_active(game.state, "reveal-aragorn")


def test_the_banner_goes_with_its_leader_outside_its_movement_phase(game):
    """18.14 [I]: the Banner stands with its leader; a leader retreating takes it along."""
    aragorn = unfurled(game)
    game.state.counters[aragorn].hex = "0412"  # a retreat
    game.apply(1, EndPhase())
    assert banner_hex(game.state) == "0412"


def test_the_banner_is_removed_after_its_three_game_turns(game):
    """18.22 / [I]: unfurled for three consecutive Game-Turns, then removed."""
    unfurled(game)
    advance_to(game, 3, "rally")
    assert banner_hex(game.state) is not None
    advance_to(game, 4, "magic-1")
    assert banner_hex(game.state) is None and game.state.counters[-1].hex is None


def test_the_banner_rallies_two_units_within_six_hexes_each_turn(game):
    """18.22: 'any two Westernesse units (per turn) within six hexes ... automatically rallied'."""
    unfurled(game)
    units = [
        i
        for i, c in enumerate(game.state.counters)
        if c.kind == "unit" and c.side == "westernesse" and c.hex
    ][:4]
    for i, hex_ref in zip(units, ("0411", "0416", "0419", "0424"), strict=True):
        game.state.counters[i].hex = hex_ref
        game.state.counters[i].disrupted = True
    assert banner.banner_rallies(game.state) == units[:3]  # 0424 is 11 hexes away
    assert near_banner(game.state, "0419") and not near_banner(game.state, "0420")
    banner.rally(game.state, BannerRally(unit=units[0]))
    banner.rally(game.state, BannerRally(unit=units[1]))
    assert not game.state.counters[units[0]].disrupted
    assert banner.banner_rallies(game.state) == []
    with pytest.raises(IllegalAction):
        banner.rally(game.state, BannerRally(unit=units[2]))
    assert BannerRally(unit=units[2]).label().startswith("Banner rallies ")


def test_an_old_state_without_the_banner_counter_gets_it():
    """States saved before the Banner existed load with the Banner off the map."""
    game = deployed()
    data = game.state.model_dump()
    data["counters"] = [c for c in data["counters"] if c["kind"] != "banner"]
    restored = type(game.state).model_validate(data)
    assert restored.counters[-1].kind == "banner" and restored.counters[-1].hex is None


def test_spells_still_show_in_the_view_once_the_game_is_over(game):
    """The last view (phase "over") still lists the spells in force."""
    advance_to(game, 16, "magic-2")
    put(game, "nazgul-lord", NAZGUL_HEX)
    cast(game, 0, "fear")
    advance_to(game, 16, "rally")
    end_phase(game)
    end_phase(game)
    assert game.is_over
    assert game.view(None)["spells"][0]["id"] == "fear"
