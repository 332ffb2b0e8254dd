"""Rebuilding from the action log, and splitting long texts into embeds."""

import random

from bot.storage.history import engine_options, moves_to_replay, rebuild
from bot.surface.rules import embeds, messages, pages
from bot.surface.text_limits import EMBED_TOTAL
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
    for group in messages(embeds("Rules", text, None)):
        assert len(group) <= 10 and sum(len(e) for e in group) <= EMBED_TOTAL
