"""The coach (``ai.suggest``): a legal, repeatable suggestion from what the seat may know, soon
enough for a click, with a short plain reason that names nothing hidden."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

import ai
import engines
from ai.levels import coach_level
from engines.base import Game
from engines.gondolin import Gondolin
from engines.gondor import Gondor
from engines.gondor.actions import AutoDeploy, Place, SetupDone
from engines.gondor.coach import TWO_DICE
from engines.gondor.coach import reason as gondor_reason
from engines.gondor.combat.actions import Fire
from engines.knightfall import actions as kf
from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card
from engines.lessons import find, lesson_for, script
from tests.ai.test_search import WithoutResample
from tests.engines.gondor.play import deployed, end_phase
from tests.engines.guardians.scenario import movement_game, shield

TWO_PLAYER = ("knightfall", "guardians", "gondor")


def positions(
    game_id: str, count: int, seed: int, every: int = 1, wander: float = 0.5
) -> Iterator[tuple[Game, int]]:
    """Every ``every``-th of ``count`` decisions (two legal moves or more) along seeded games:
    a share ``wander`` of the moves random, the rest the policy's, so the positions reach
    every phase; a finished game starts another."""
    cls = engines.get_game(game_id)
    rng = random.Random(seed)
    game = cls.new(cls.min_players, seed=seed)
    found = step = 0
    while found < count:
        if game.is_over:
            game = cls.new(cls.min_players, seed=rng.randrange(10**6))
        seat = game.to_act()[0]
        step += 1
        legal = game.legal_actions(seat) if step % every == 0 or rng.random() < wander else []
        if step % every == 0 and len(legal) > 1:
            found += 1
            yield game, seat
        move = rng.choice(legal) if legal else game.rollout_action(seat, rng)
        game.apply_unchecked(seat, move)


def twin(game: Game, seat: int, rng: random.Random) -> Game:
    """Another game the seat sees exactly alike: its hidden cards and secrets drawn anew."""
    other = game.resample(seat, rng)
    assert other.view(seat) == game.view(seat)
    return other


@pytest.mark.parametrize("game_id", TWO_PLAYER)
def test_the_suggestion_is_legal_repeatable_and_blind_to_hidden_cards(game_id):
    rng = random.Random(5)
    differ = 0
    for k, (game, seat) in enumerate(positions(game_id, 8, seed=11, every=9)):
        suggestion = ai.suggest(game, seat, seed=k)
        assert suggestion.action in game.legal_actions(seat)
        assert ai.suggest(game, seat, seed=k) == suggestion
        other = twin(game, seat, rng)
        differ += other.to_json() != game.to_json()
        assert ai.suggest(other, seat, seed=k) == suggestion
    assert differ >= 4  # the twins really hid other cards


@pytest.mark.parametrize("game_id", TWO_PLAYER)
def test_a_suggestion_costs_at_most_about_300_ms_of_cpu(game_id):
    """The coach's budget is the game's ``normal`` level, Guardians' a larger one of the same
    kind (bench.suggest: p95 at most ~300 ms)."""
    normal = ai.levels.get_level("normal", game_id)
    if game_id == "guardians":
        coach = coach_level(game_id)
        assert coach.simulations > normal.simulations and coach.horizon == normal.horizon
    else:
        assert coach_level(game_id) == normal
    spent = []
    for k, (game, seat) in enumerate(positions(game_id, 6, seed=23, every=13)):
        t0 = time.process_time()
        ai.suggest(game, seat, seed=k)
        spent.append(time.process_time() - t0)
    assert sum(spent) / len(spent) < 0.3


def test_no_suggestion_where_the_search_would_read_hidden_cards_or_there_is_no_move():
    game = WithoutResample(Gondolin.new(1, seed=3).state)
    with pytest.raises(ValueError, match="no coach"):
        ai.suggest(game, 0, seed=1)
    for waiting, seat in positions("knightfall", 50, seed=3):
        if waiting.to_act() == [seat]:
            with pytest.raises(ValueError, match="no move"):
                ai.suggest(waiting, 1 - seat, seed=1)
            break
    else:
        pytest.fail("no position with one seat to act")


UNREASONED: dict[str, set[str]] = {"knightfall": set(), "guardians": set(), "gondor": set()}
"""Kinds of move a game gives no reason for (the coach shows the move alone)."""


def plain_sentence(text: str) -> bool:
    """One short line a beginner reads: a capital first, a full stop last, no markup."""
    return (
        0 < len(text) <= 90
        and "\n" not in text
        and not text[0].islower()
        and text.endswith(".")
        and not any(mark in text for mark in ("**", "`", "_", "{", "}"))
    )


@pytest.mark.parametrize(
    ("game_id", "count", "every", "least"),
    [("knightfall", 300, 1, 8), ("guardians", 300, 1, 12), ("gondor", 150, 10, 14)],
)
def test_every_reason_is_a_short_plain_sentence_from_what_the_seat_sees(
    game_id, count, every, least
):
    """Over a few hundred positions (Gondor: one move in 10 of a policy game, so the siege and
    its fights are reached), every legal move's reason (up to 12 a position) is a short
    sentence, given for every kind the game reasons about, and the same in a twin game the
    seat sees alike (so it names no hidden card)."""
    rng = random.Random(7)
    reasons: set[str] = set()
    kinds: set[str] = set()
    wander = 0.5 if every == 1 else 0.0
    for game, seat in positions(game_id, count, seed=41, every=every, wander=wander):
        other = twin(game, seat, rng) if rng.random() < 0.3 / every else None
        legal = game.legal_actions(seat)
        for action in rng.sample(legal, min(12, len(legal))):
            text = game.suggestion_reason(seat, action)
            kinds.add(action.kind)
            if action.kind in UNREASONED[game_id]:
                continue
            assert text is not None, action
            assert plain_sentence(text), text
            reasons.add(text)
            if other is not None:
                assert other.suggestion_reason(seat, action) == text, action
    assert len(kinds) >= least and len(reasons) >= 40, (kinds, len(reasons))


@pytest.mark.parametrize("hidden", ["swordsman", "sand_lord"])
def test_guardians_reasons_name_the_lands_covered_and_taken_and_the_attack(hidden):
    """What the table shows decides the words: an enemy Shield that has not flown is counted
    as the policy counts it, whatever creature it hides."""
    game = movement_game()
    shield(game, 0, "C1", ["swordsman", "archer"])  # 12 Vitality
    shield(game, 1, "C2", [hidden])
    game.apply(0, next(a for a in game.legal_actions(0) if a.kind == "turn"))
    said = {a.label(): game.suggestion_reason(0, a) for a in game.legal_actions(0)}
    assert said["Move to L1"] == "Covers your empty land L1: an enemy Shield there would take it."
    assert said["Move to C2"] == "Attacks their Shield on C2: your 12 Vitality against about 6."
    assert said["End the move"] == "Your Shield stays on C1 and holds the land."
    game = movement_game()
    shield(game, 0, "C1", ["swordsman"])
    game.apply(0, next(a for a in game.legal_actions(0) if a.kind == "turn"))
    said = {a.label(): game.suggestion_reason(0, a) for a in game.legal_actions(0)}
    assert said["Move to C2"] == "Takes the land C2: 4 of the 6 lands would be yours."


def test_knightfall_and_gondor_reasons_count_what_the_move_gains():
    game = engines.get_game("knightfall").new(2, seed=5)
    swap = kf.Replace(slot=LAYOUT.ids[1], old=4, card=11)  # 5 out, Queen (12) in
    assert Card.from_id(swap.old).power == 5 and Card.from_id(swap.card).power == 12
    assert game.suggestion_reason(0, swap).endswith(": +7 power.")
    assert (TWO_DICE[2], TWO_DICE[7], TWO_DICE[12]) == (1, 21, 36)
    shot = Fire(unit=1, target_unit=2, hex="1918", need=7)
    assert gondor_reason(Gondor.new(2, seed=1).state, 0, shot) == (
        f"Shoots {shot.target()}: hits 21 in 36."
    )


def test_gondor_hurl_reasons_name_the_place_and_what_burns_there():
    lesson = lesson_for("gondor", 3)  # Westernesse's siege phase, Sauron's Catapult 1 in range
    game = Gondor.new(2, seed=lesson.seed)
    entries = script(lesson)
    for entry in entries[: next(i for i, e in enumerate(entries) if e.step == 3)]:
        game.apply(entry.seat, find(game, entry.seat, entry.move))
    hurl = find(game, 1, "hurl.98.1921.0.4")
    assert game.suggestion_reason(1, hurl) == (
        "A fireball on Pelennor fields burns Sauron's Catapult 1 (and the units with them)."
    )
    empty = next(a for a in game.legal_actions(1) if a.kind == "hurl" and a.hex == "2017")
    assert game.suggestion_reason(1, empty) == (
        "A fireball on the North road along the Outer Wall sets it on fire: +3 MP to enter."
    )


def sauron_movement() -> Gondor:
    """A Gondor game at Sauron's first Movement Phase, both sides deployed by the policy."""
    game = deployed()
    while game.state.phase != "sauron-movement":
        end_phase(game)
    return game


def test_the_coach_plays_the_rest_of_a_routine_phase_from_what_the_seat_knows():
    game = sauron_movement()
    assert ai.routine_now(game, 0) and not ai.routine_now(game, 1)
    chapter = game.chapter()
    moves = ai.rest_of_chapter(game.copy(), 0, seed=5)
    assert len(moves) > 20, "a movement phase is dozens of clicks"
    played = game.copy()
    for action in moves:  # each legal where it is played
        played.apply(0, action)
    assert played.chapter() != chapter or played.to_act() != [0], "to the end of the phase"
    again = ai.rest_of_chapter(game.copy(), 0, seed=5)
    assert [Gondor.encode(a) for a in again] == [Gondor.encode(a) for a in moves]
    other = twin(game, 0, random.Random(3))  # the cauldrons' truths drawn anew
    blind = ai.rest_of_chapter(other, 0, seed=5)
    assert [Gondor.encode(a) for a in blind] == [Gondor.encode(a) for a in moves]


def test_the_coach_plays_no_rest_of_a_phase_where_choices_are_searched_or_stops_at_its_limits():
    game = sauron_movement()
    assert ai.rest_of_chapter(game.copy(), 1, seed=5) == [], "not the seat to act"
    assert len(ai.rest_of_chapter(game.copy(), 0, seed=5, limit=3)) == 3
    combat = game.copy()
    for action in ai.rest_of_chapter(combat.copy(), 0, seed=5):
        combat.apply(0, action)
    if combat.to_act() == [0]:
        assert not ai.routine_now(combat, 0), "a combat's choices are searched, one by one"
    for game_id in ("knightfall", "guardians"):  # no routine parts: every choice is searched
        other, seat = next(positions(game_id, 1, seed=2))
        assert not ai.routine_now(other, seat) and ai.rest_of_chapter(other, seat, 1) == []


def test_gondor_deployment_reasons_say_what_a_garrison_counter_keeps():
    """20.2: a level with no undisrupted Westernesse unit falls once its gates are Sauron's; a
    leader rallies the units in or next to its hex (8.2)."""
    game = Gondor.new(2, seed=1)
    game.apply(0, AutoDeploy())
    game.apply(0, SetupDone())
    unit = next(a for a in game.legal_actions(1) if isinstance(a, Place) and a.hex == "2205")
    assert game.suggestion_reason(1, unit) == (
        "Gondor Spearmen 1 keeps city level 6: empty, it falls once its gates are Sauron's."
    )
    outside = next(a for a in game.legal_actions(1) if isinstance(a, Place) and a.hex == "0612")
    assert game.suggestion_reason(1, outside) == (
        "Gondor Spearmen 1 starts outside the walls, on Pelennor fields."
    )
    game.apply(1, unit)
    places = [a for a in game.legal_actions(1) if isinstance(a, Place)]
    while game.state.counters[places[0].counter].kind != "leader":
        game.apply(1, next(a for a in places if a.hex != "2205"))
        places = [a for a in game.legal_actions(1) if isinstance(a, Place)]
    leader = next(a for a in game.legal_actions(1) if isinstance(a, Place) and a.hex == "2205")
    assert game.suggestion_reason(1, leader).endswith("joins Gondor Spearmen 1 to rally it.")
