"""Rebuilding from the action log, and splitting long texts into pages."""

import random

from bot.storage.history import engine_options, moves_to_replay, rebuild
from bot.surface.rules import layouts, pages
from engines.galdors_grip.game import GaldorsGrip


def test_undo_removes_the_player_action_before_it_and_bot_entries_replay_nothing():
    log = [(0, "a"), (0, "b"), (0, "!undo"), (0, "c"), (0, "!undo"), (0, "!undo"), (0, "d")]
    assert moves_to_replay(log) == [(0, "d")]
    assert moves_to_replay([(0, "!undo"), (None, "x"), (0, "!resign")]) == [(0, "x")]


def test_rebuild_with_an_undo_equals_the_game_before_the_last_move():
    game = GaldorsGrip.new(1, seed=7)
    rng = random.Random(1)
    log = []
    for _ in range(5):
        action = rng.choice(game.legal_actions(0))
        before = game.to_json()
        game.apply(0, action)
        log.append((0, GaldorsGrip.encode(action)))
    options = {"used_undo": True}  # the bot's own option never reaches the engine
    assert engine_options(options) == {}
    rebuilt = rebuild(GaldorsGrip, 1, 7, options, [*log, (0, "!undo")])
    assert rebuilt.to_json() == before


def test_long_text_splits_between_paragraphs_and_keeps_every_word():
    text = "\n\n".join(f"Paragraph {i}. " + "word " * 150 for i in range(40))
    parts = pages(text)
    assert len(parts) > 1 and all(len(p) <= 3800 for p in parts)
    assert " ".join(parts).split() == text.split()
    shown = layouts("Rules", text, None)
    assert len(shown) == len(parts)
    for i, page in enumerate(shown, 1):  # one v2 message a page, within its 4,000 characters
        assert page.view.content_length() <= 4000 and not page.files
        assert page.view.to_components()[0]["components"][0]["content"] == (
            f"## Rules ({i}/{len(parts)})"
        )
