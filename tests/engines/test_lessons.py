"""Every game's lesson plays through its engine: each scripted move is legal when it comes."""

import json
import re

import pytest

import engines
from engines.guardians.catalogue import CATALOGUE
from engines.lessons import find, lesson_for, lessons_for, script
from engines.plugins import controls_in_channel
from tests.bot.harness import all_card_labels
from tests.engines.gondor.helpers import bare_hex_ids

LESSON_GAMES = [g for g in engines.game_ids() if lesson_for(g) is not None]
LESSONS = [(g, part) for g in LESSON_GAMES for part in range(1, len(lessons_for(g)) + 1)]
CARD_NAMES = {
    "knightfall": all_card_labels(),
    "guardians": sorted({c.name for c in CATALOGUE.cards.values()}),
}
"""The names a step text on the public board must not give away while they are hidden."""


def test_every_game_has_a_lesson():
    assert list(engines.game_ids()) == LESSON_GAMES


@pytest.mark.parametrize(("game_id", "part"), LESSONS)
def test_the_lesson_plays_through(game_id, part):
    lesson = lesson_for(game_id, part)
    assert lesson.game_id == game_id
    assert 4 <= len(lesson.steps) <= 12
    cls = engines.get_game(game_id)
    game = cls.new(lesson.seats, seed=lesson.seed, options=dict(lesson.options))
    for entry in script(lesson):
        assert not game.is_over
        if entry.step is not None:  # the learner alone may act: the computer waits its turn
            assert game.to_act() == [lesson.learner], (entry, game.to_act())
        action = find(game, entry.seat, entry.move)
        assert action is not None, (entry, [a.label() for a in game.legal_actions(entry.seat)])
        game.apply(entry.seat, action)
    assert not game.is_over


@pytest.mark.parametrize(("game_id", "part"), LESSONS)
def test_step_texts_are_short_and_name_no_hidden_card(game_id, part):
    lesson = lesson_for(game_id, part)
    cls = engines.get_game(game_id)
    game = cls.new(lesson.seats, seed=lesson.seed, options=dict(lesson.options))
    for entry in script(lesson):
        if entry.step is not None:
            text = lesson.steps[entry.step].text
            assert 20 <= len(text) <= 600
            public = json.dumps(game.view(None), ensure_ascii=False)
            named = [n for n in CARD_NAMES.get(game_id, []) if n in text and n not in public]
            assert not named, f"step {entry.step + 1} names hidden cards {named}"
        game.apply(entry.seat, find(game, entry.seat, entry.move))


WINS = {
    "guardians": ("all six", "five enemy Shields", "Guardian"),
    "gondor": ("demoraliz", "road", "Minas Tirith"),
}
"""Words naming every way to win, said at a lesson's first step and again at its end."""


def test_a_lesson_part_past_the_last_is_none():
    assert lesson_for("guardians", 0) is None
    assert lesson_for("guardians", len(lessons_for("guardians")) + 1) is None


def _played(lesson):
    """The lesson's game after its whole script, and the learner's moves' codes by step."""
    cls = engines.get_game(lesson.game_id)
    game = cls.new(lesson.seats, seed=lesson.seed, options=dict(lesson.options))
    codes = []
    for entry in script(lesson):
        action = find(game, entry.seat, entry.move)
        if entry.step is not None:
            codes.append(cls.encode(action))
        game.apply(entry.seat, action)
    return game, codes


def test_guardians_combat_lesson_teaches_every_decision_and_every_way_to_win():
    lesson = lesson_for("guardians", 2)
    game, codes = _played(lesson)
    kinds = {code.split(".")[0] for code in codes}
    # an attack, a command card, a creature, a bribe, channelling (a stone) and a settlement
    assert {"step", "cdecl", "ccmd", "cplay", "cbribe", "cstone", "terrain"} <= kinds
    assert game.view(None)["players"][1]["shields_destroyed"] == 1
    for text in (lesson.steps[0].text, lesson.done):  # the three ways to win, said first and last
        assert "six" in text and "five enemy Shields" in text and "Guardian" in text


def test_gondor_lessons_teach_magic_the_siege_and_a_combat():
    _, first_codes = _played(lesson_for("gondor", 1))
    assert any(code.startswith("cast.") for code in first_codes)  # FearSpell in the magic phase
    game, codes = _played(lesson_for("gondor", 2))
    kinds = {code.split(".")[0] for code in codes}
    assert {"hurl", "march", "melee", "advance"} <= kinds
    garrison = next(f for f in game.view(None)["forces"] if f["id"] == "garrison")
    assert garrison["total"] >= 1  # the Head counts towards the garrison's demoralization
    assert game.view(None)["road_control"]["1918"] == "sauron"  # the road's first hex is held


def test_gondor_defence_lesson_is_played_as_westernesse_with_magic_the_siege_and_a_combat():
    lesson = lesson_for("gondor", 3)
    assert lesson.learner == 1 and lesson.opponent == 0  # Westernesse is seat 1
    assert {e.seat for e in script(lesson) if e.step is not None} == {1}
    game, codes = _played(lesson)
    kinds = {code.split(".")[0] for code in codes}
    assert {"cast", "hurl", "select", "move", "melee", "stay"} <= kinds
    view = game.view(None)
    assert "Break Darkness" in json.dumps(view["spells"])  # Gandalf's spell is in force
    assert view["road_control"]["1918"] == "westernesse"  # the road by the Main Gate is held
    assert game.state.counters[90].group == "eliminated"  # Sauron's Catapult 1 burnt


@pytest.mark.parametrize(("game_id", "part"), [(g, p) for g, p in LESSONS if g in WINS])
def test_the_lesson_says_how_each_side_wins(game_id, part):
    lesson = lesson_for(game_id, part)
    said = " ".join([lesson.steps[0].text, lesson.done])
    assert all(words in said for words in WINS[game_id]), said


@pytest.mark.parametrize("game_id", [g for g in LESSON_GAMES if not controls_in_channel(g)])
def test_a_step_on_a_board_without_moves_never_points_below(game_id):
    """The step text is on the channel board too, whose moves are in the learner's DM."""
    for step in lesson_for(game_id).steps:
        assert " below" not in step.text, step.text


@pytest.mark.parametrize("part", range(1, len(lessons_for("gondor")) + 1))
def test_gondor_lesson_steps_name_places_and_quote_their_buttons(part):
    """A hex id in a step comes with its place, and "click X" quotes the button's label."""
    lesson = lesson_for("gondor", part)
    game = engines.get_game("gondor").new(lesson.seats, seed=lesson.seed)
    for entry in script(lesson):
        action = find(game, entry.seat, entry.move)
        if entry.step is not None:
            text = lesson.steps[entry.step].text
            assert not bare_hex_ids(text), text
            button = re.sub(r" \((range|\d+ MP|<=|you|sure).*$", "", action.label())
            assert f"lick {button}" in text, (button, text)
        game.apply(entry.seat, action)
    assert not bare_hex_ids(lesson.done)
