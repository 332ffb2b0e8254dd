"""A replay's positions and its animation, straight from the worker functions."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.storage import history
from bot.storage.timeline import replayed_timeline, thinned
from bot.surface.animation import MAX_FRAMES, TooLarge, animate, picks
from engines.galdors_grip import GaldorsGrip

SEED = 4


@pytest.fixture(scope="module")
def galdor_log() -> list[tuple[int | None, str]]:
    game = GaldorsGrip.new(1, seed=SEED, options={})
    rng = random.Random(SEED)
    log: list[tuple[int | None, str]] = []
    while not game.is_over:
        action = rng.choice(game.legal_actions(0))
        log.append((0, GaldorsGrip.encode(action)))
        game.apply(0, action)
    log.insert(3, (0, log[2][1]))  # a move taken back: the replay follows the undo
    log.insert(4, (0, history.UNDO))
    return log


def test_a_timeline_stops_at_each_chapter_and_at_the_end(galdor_log):
    timeline = replayed_timeline("galdors_grip", 1, SEED, {}, galdor_log)
    final = history.rebuild(GaldorsGrip, 1, SEED, {}, galdor_log)
    assert timeline.state == final.to_json() and timeline.moves == len(galdor_log) - 2
    assert final.result and timeline.summary == final.result.summary
    unfinished = replayed_timeline("galdors_grip", 1, SEED, {}, galdor_log[:3])
    assert unfinished.summary is None, "the words for a game cut short are the flow's"
    positions = timeline.positions
    assert positions[0].move == 0 and positions[-1].move == timeline.moves
    chapters = [p.chapter for p in positions[:-1]]
    assert len(set(chapters)) == len(chapters) > 5, "one stop per turn"
    assert positions[-1].view() == final.view(None)
    assert all(p.lines for p in positions[1:]), "each stop says what happened since the last"

    kept = thinned(list(positions), 7)
    assert len(kept) == 7 and kept[0] == positions[0] and kept[-1] == positions[-1]


def test_the_animation_has_a_frame_per_position_and_shrinks_to_fit(galdor_log):
    views = [
        p.packed_view for p in replayed_timeline("galdors_grip", 1, SEED, {}, galdor_log).positions
    ]
    gif = animate("galdors_grip", views, ["alice"])
    assert Image.open(io.BytesIO(gif)).n_frames == len(views)
    few = animate("galdors_grip", views[:3], ["alice"])
    smaller = animate("galdors_grip", views[:3], ["alice"], limit=len(few) // 2)
    assert len(smaller) <= len(few) // 2
    assert Image.open(io.BytesIO(smaller)).width < Image.open(io.BytesIO(few)).width
    with pytest.raises(TooLarge):
        animate("galdors_grip", views[:2], ["alice"], limit=1000)
    assert len(picks(1000)) == MAX_FRAMES and picks(1000)[-1] == 999
