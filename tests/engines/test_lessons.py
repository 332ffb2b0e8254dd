"""Every game's lesson plays through its engine: each scripted move is legal when it comes."""

import pytest

import engines
from engines.lessons import LEARNER, find, lesson_for, script
from tests.bot.harness import all_card_labels

LESSON_GAMES = [g for g in engines.GAME_IDS if lesson_for(g) is not None]


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
def test_step_texts_are_short_and_name_no_card_on_a_shared_board(game_id):
    lesson = lesson_for(game_id)
    for step in lesson.steps:
        assert 20 <= len(step.text) <= 600
        if game_id == "knightfall":  # the board is public: hidden cards stay off it
            assert not [c for c in all_card_labels() if c in step.text]
