"""Views: the renderer's format, and Sauron never learns a cauldron's truth."""

import json
import random

from engines.gondor import views
from engines.gondor.data import SCHEDULE
from engines.gondor.game import Gondor
from engines.gondor.views import GondorView, game_map, short_word
from tests.engines.gondor.play import deployed
from tests.engines.gondor.scene import scene

KEYS = {
    "goal",
    "turn",
    "turns",
    "night",
    "phase",
    "segment",
    "to_act",
    "you",
    "spotlight",
    "moves",
    "pending",
    "result",
    "fires",
    "heads",
    "breaches",
    "ladders",
    "gates",
    "levels",
    "stacks",
    "off_map",
    "forces",
    "spells",
    "magic_points",
    "road_control",
    "log_tail",
}


def _cauldrons(view):
    return [c for s in view["stacks"] for c in s["counters"] if c["kind"] == "cauldron"]


def test_view_has_the_render_format_and_its_model_the_shared_map():
    game = deployed()
    view = game.view(0)
    assert set(view) == KEYS  # the static map is not carried by each view
    assert GondorView.model_validate(view).map is game_map() and len(game_map().hexes) == 768
    assert view["phase"] == {"letter": "A", "name": "First Magic Leader Phase"}
    assert view["you"] == "sauron" and game.view(None)["you"] is None
    json.dumps(view)


def test_sauron_and_spectators_never_see_which_cauldrons_are_real():
    """16.71: Sauron sees each cauldron as "?"; swapping the truths changes nothing he sees."""
    game = deployed()
    for seat in (0, None):
        assert {c["truth"] for c in _cauldrons(game.view(seat))} == {"?"}
    assert sorted(c["truth"] for c in _cauldrons(game.view(1))) == ["dummy"] * 3 + ["real"] * 3
    swapped = Gondor.from_json(game.to_json())
    for c in swapped.state.counters:
        if c.is_cauldron:
            c.dummy = not c.dummy
            c.type = "dummy-cauldron" if c.dummy else "cauldron"
    assert json.dumps(swapped.view(0)) == json.dumps(game.view(0))
    assert json.dumps(swapped.view(None)) == json.dumps(game.view(None))
    assert json.dumps(swapped.view(1)) != json.dumps(game.view(1))


def test_the_public_log_never_names_a_cauldron_truth():
    game = deployed()
    text = " ".join(game.state.log + game.view(0)["log_tail"])
    assert "dummy" not in text and "real" not in text


def test_the_renderer_draws_a_view():
    from render.gondor import alt_text, render

    view = deployed().view(0)
    assert render(view).width > 0
    assert alt_text(view)


def test_a_spectator_sees_exactly_what_sauron_sees():
    """Hidden information: "the spectator view is Sauron's view"."""
    game = deployed()
    assert {**game.view(None), "you": "sauron"} == game.view(0)


def test_reinforcements_waiting_off_the_map_are_listed_by_group():
    game = deployed()
    view = game.view(1)
    names = [g["name"] for g in view["off_map"]]
    assert names == [
        "Sauron's second host (turn 2)",
        "Riders of Rohan (turn 5+)",
        "Aragorn's host (turn 10)",
    ]
    on_2124 = any(c.hex == "2124" for c in game.state.counters)
    assert view["road_control"] == {"1918": None, "2124": "sauron" if on_2124 else None}


def test_the_help_says_what_you_are_doing_now_and_explains_its_words():
    moving = scene({}, phase="westernesse-movement").phase_help(1)
    assert moving.startswith("Now: Westernesse moves its troops, one group at a time")
    for term in ("MP", "MA", "APR", "Game-Turn", "cauldron"):
        assert f"\n• {term}: " in moving, term
    fighting = scene({}, phase="sauron-combat").phase_help(0)
    assert fighting.startswith("Now: Sauron's troops shoot and fight")
    assert "\n• zone of control: the hexes next to an undisrupted enemy unit" in fighting
    assert "\n• Morale: " in fighting
    rallying = scene({}, phase="rally").phase_help(0)
    assert rallying.startswith("Now: Leaders try to bring shaken (disrupted) troops")
    assert "\n• disrupted: shaken: no attacks" in rallying
    bound = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621"})
    assert "in an enemy ZOC" in bound.view(0)["pending"]
    assert "\n• ZOC: zone of control: the hexes next to an undisrupted enemy unit" in (
        bound.phase_help(0)
    )  # the board's prompt says ZOC: its "?" says what that is


def test_a_counters_word_on_a_close_up_names_it_never_an_article():
    game = deployed()
    names = {c["name"]: c["short"] for st in game.view(0)["stacks"] for c in st["counters"]}
    assert names["The Lord of the Nazgûl"] == "Nazgûl"
    assert names["Gothmog"] == "Gothmog"
    assert short_word("King of Harad") == "King"


def test_the_deploying_side_sees_where_its_next_counter_may_go_and_nobody_else_does():
    from engines.gondor.actions import Place, SetupDone, StandardDeploy

    game = Gondor.new(2, 1)
    places = {a.hex for a in game.legal_actions(0) if isinstance(a, Place)}
    assert game.view(0)["highlight"] == sorted(places)  # Sauron's band by the east edge
    assert "highlight" not in game.view(1) and "highlight" not in game.view(None)
    for seat in (0, 1):
        game.apply(seat, StandardDeploy())
        game.apply(seat, SetupDone())
        # Westernesse's area is the whole city and around it: its rings would hide the names
        assert not any("highlight" in game.view(s) for s in (0, 1, None))
    assert not any("highlight" in game.view(s) for s in (0, 1, None))


def test_a_view_is_its_models_dump_every_counter_included():
    """The counters go into a view as dicts built without their model: each seat's view is
    still exactly what the model gives back, move after move."""
    game = Gondor.new(2, seed=11)
    rng = random.Random(11)
    kinds: set[str] = set()
    for _ in range(120):
        for seat in (None, 0, 1):
            view = game.view(seat)
            model = GondorView.model_validate(view)
            assert model.model_dump(mode="json") == {k: view[k] for k in KEYS}
            kinds |= {c.kind for s in model.stacks + model.off_map for c in s.counters}
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert kinds >= {"infantry", "cavalry", "leader", "siege-tower"}


def test_a_positions_views_build_what_every_side_sees_once(monkeypatch):
    """A click shows three views of its position: the counters are built once for the
    spectator and Sauron (who see alike) and once for Westernesse, the rest once; each view is
    the one its seat would be given alone, keys in the same order."""
    game = deployed()
    state = game.state
    shown = sum(1 for c in state.counters if c.hex is not None or c.group in SCHEDULE.groups)
    built: list[int] = []
    real = views.counter_view
    monkeypatch.setattr(views, "counter_view", lambda *a: built.append(1) or real(*a))
    seen = {seat: game.view(seat) for seat in (None, 0, 1)}
    assert len(built) == 2 * shown
    for seat, view in seen.items():
        alone = Gondor(state.model_copy(deep=True)).view(seat)
        assert list(view) == list(alone) and view == alone
