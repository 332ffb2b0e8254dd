"""The contract's conformance test, run against every engine (OpenSpiel's random_sim_test)."""

import json
import random
from collections import Counter

import pytest

import engines
from bot.surface.controls import choices_for
from bot.surface.text_limits import BUTTON_LABEL
from engines import Action, Game, IllegalAction
from engines.base import SHORT_ALERT
from engines.text import shorten

MAX_STEPS = 5000
GAMES = 6
LABEL_GAMES = 12
"""Games up to this many for the label check alone: two copies of one Gondolin card on the
table take a dozen games to meet."""
RESAMPLE_STEPS = 400
RESAMPLE_EVERY = 3
OFFERS_EVERY = 20


def check_offers(
    game: Game, seat: int, legal: list[Action], before: list[Action], step: int
) -> None:
    """``offers`` answers as the look-up in ``legal_actions`` would, every ``OFFERS_EVERY``
    steps: for every move legal now and the last step's moves (mostly refused now), asked of
    a fresh copy with nothing listed yet (as a click finds it), then of the game."""
    if type(game).offers is Game.offers or step % OFFERS_EVERY:
        return  # the look-up itself, or a step not checked (each costs a listing per move)
    fresh = type(game).from_json(game.to_json())
    for copy in (fresh, game):
        for action in [*before, *legal]:
            assert copy.offers(seat, action) == (action in legal), action.label()


def random_playout(cls, seed: int, rng: random.Random):
    """Play one random game, checking the contract at every step; return (game, codes)."""
    n = cls.min_players
    game = cls.new(n, seed=seed)
    codes = []
    before: list[Action] = []
    for _ in range(MAX_STEPS):
        active = game.to_act()
        assert (not active) == game.is_over
        if game.is_over:
            break
        assert game.result is None
        for seat in range(n):
            if seat not in active:
                assert game.legal_actions(seat) == []
        seat = rng.choice(active)
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is active but has no legal action"
        for action in legal:
            code = cls.encode(action)
            assert len(code) <= 60
            assert cls.decode(code) == action
        check_views(game, seed, n)
        check_labels_distinct(game, seat, legal)
        check_offers(game, seat, legal, before, len(codes))
        before = legal
        action = rng.choice(legal)
        codes.append((seat, cls.encode(action)))
        game.apply(seat, action)
        if rng.random() < 0.05:
            restored = cls.from_json(game.to_json())
            assert restored.to_json() == game.to_json()
            game = restored
    else:
        pytest.fail(f"{cls.game_id} did not end within {MAX_STEPS} actions")
    result = game.result
    assert result is not None
    assert set(result.scores) == set(range(n))
    assert all(0 <= w < n for w in result.winners)
    assert result.summary
    return game, codes


def check_views(game, seed: int, n: int) -> None:
    """Every view is JSON-ready and never holds the (8+ digit) seed; warnings are sentences,
    each with a headline short enough for one line of the picture."""
    for seat in [None, *range(n)]:
        text = json.dumps(game.view(seat))
        assert str(seed) not in text, "a view leaks the seed"
    for seat in range(n):
        for w in game.warnings(seat):
            assert w.text.endswith(".") and w.short and len(w.short) <= SHORT_ALERT


def check_labels_distinct(game: Game, seat: int, legal: list[Action]) -> None:
    """No two legal moves of a seat (``legal``, its legal actions) show the same button text:
    a player could not tell them apart."""
    shown = Counter(shorten(c.label, BUTTON_LABEL) for c in choices_for(game, seat, legal))
    twins = sorted(label for label, count in shown.items() if count > 1)
    assert not twins, f"seat {seat} has legal moves that look the same: {twins}"


def play_and_replay(game_id: str, games: int) -> None:
    """``games`` random games, each checked at every step, then replayed from seed and moves."""
    cls = engines.get_game(game_id)
    for i in range(games):
        rng = random.Random(i)
        seed = 10_000_019 * (i + 1)
        game, codes = random_playout(cls, seed, rng)
        replay = cls.new(cls.min_players, seed=seed)
        for seat, code in codes:
            replay.apply(seat, cls.decode(code))
        assert replay.to_json() == game.to_json(), "replay from seed and actions diverged"


@pytest.mark.parametrize("game_id", [g for g in engines.game_ids() if g != "gondor"])
def test_random_play_obeys_the_contract(game_id):
    """Gondor's long games are in test_conformance_gondor.py, a file of their own so that a
    second test worker runs them beside these (workers take whole files)."""
    play_and_replay(game_id, GAMES)


@pytest.mark.parametrize(
    "game_id",
    [g for g in engines.game_ids() if g != "gondor"],  # its long game is checked above
)
def test_no_two_legal_moves_look_the_same(game_id):
    """A player must tell every legal move apart by its button (games beyond the contract's)."""
    cls = engines.get_game(game_id)
    for i in range(GAMES, LABEL_GAMES):
        random_playout(cls, 10_000_019 * (i + 1), random.Random(i))


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_a_resample_looks_the_same_to_its_seat(game_id):
    """``resample(seat)`` deals again only what ``seat`` cannot see: its view, its legal
    moves and its warnings are unchanged, along a random game, for every seat to act."""
    cls = engines.get_game(game_id)
    rng = random.Random(3)
    game = cls.new(cls.min_players, seed=987654321)
    for step in range(RESAMPLE_STEPS):
        if game.is_over:
            break
        if step % RESAMPLE_EVERY == 0:
            for seat in game.to_act():
                sample = game.resample(seat, random.Random(step))
                assert sample.view(seat) == game.view(seat), f"step {step}, seat {seat}"
                assert sample.legal_actions(seat) == game.legal_actions(seat)
                assert sample.warnings(seat) == game.warnings(seat), "a hidden card warns"
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_refused_actions_change_nothing(game_id):
    cls = engines.get_game(game_id)
    rng = random.Random(7)
    game = cls.new(cls.min_players, seed=123456789)
    for _ in range(60):
        if game.is_over:
            break
        before = game.to_json()
        idle = [s for s in range(cls.min_players) if s not in game.to_act()]
        some_action = cls.decode(cls.encode(game.legal_actions(game.to_act()[0])[0]))
        for seat in idle:
            with pytest.raises(IllegalAction):
                game.apply(seat, some_action)
        for junk in ["", "zz", "nope.1.2.3", "x" * 61, "..", "-1"]:
            with pytest.raises(IllegalAction):
                game.apply(game.to_act()[0], cls.decode(junk))
        assert game.to_json() == before
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_unknown_game_id_is_a_clear_key_error(game_id):
    with pytest.raises(KeyError, match="Unknown game id"):
        engines.get_game(game_id + "_nope")
