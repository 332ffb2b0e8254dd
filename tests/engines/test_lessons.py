"""Every game's lesson plays through its engine: each scripted move is legal when it comes."""

import json

import pytest

import engines
from bot.games import CHANNEL_CONTROL_GAMES
from engines.guardians.catalogue import CATALOGUE
from engines.lessons import LEARNER, find, lesson_for, script
from tests.bot.harness import all_card_labels

LESSON_GAMES = [g for g in engines.GAME_IDS if lesson_for(g) is not None]
CARD_NAMES = {
    "knightfall": all_card_labels(),
    "guardians": sorted({c.name for c in CATALOGUE.cards.values()}),
}
"""The names a step text on the public board must not give away while they are hidden."""


def test_every_game_has_a_lesson():
    assert list(engines.GAME_IDS) == LESSON_GAMES


@pytest.mark.parametrize("game_id", LESSON_GAMES)
def test_the_lesson_plays_through(game_id):
    lesson = lesson_for(game_id)
    assert lesson.game_id == game_id
    assert 4 <= len(lesson.steps) <= 8
    cls = engines.get_game(game_id)
    game = cls.new(lesson.seats, seed=lesson.seed, options=dict(lesson.options))
    for entry in script(lesson):
        assert not game.is_over
        if entry.step is not None:  # the learner alone may act: the computer waits its turn
            assert game.to_act() == [LEARNER], (entry, game.to_act())
        action = find(game, entry.seat, entry.move)
        assert action is not None, (entry, [a.label() for a in game.legal_actions(entry.seat)])
        game.apply(entry.seat, action)
    assert not game.is_over


@pytest.mark.parametrize("game_id", LESSON_GAMES)
def test_step_texts_are_short_and_name_no_hidden_card(game_id):
    lesson = lesson_for(game_id)
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


@pytest.mark.parametrize("game_id", [g for g in LESSON_GAMES if g not in CHANNEL_CONTROL_GAMES])
def test_a_step_on_a_board_without_moves_never_points_below(game_id):
    """The step text is on the channel board too, whose moves are in the learner's DM."""
    for step in lesson_for(game_id).steps:
        assert " below" not in step.text, step.text
