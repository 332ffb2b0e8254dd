"""Balance benchmark for Galdor's Grip: random vs greedy player, per deck-building method.

    python -m bench.galdors_grip_balance --games 1000 [--greedy-games N] [--lookahead-games N]

The greedy player is honest: before each decision it shuffles the face-down cards it has not
peeked at (any order is consistent with what it knows), then searches every way to finish the
current turn on that guess and scores the outcome with a simple heuristic: ⭐ now, Figments
primed for their second encounter, face-up cards, a closed-in Galdor's Grip, and a penalty when
every option of the next turn would run into a card known to lose the game. The optional
lookahead player searches two turns the same way (slow: a few seconds per game).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from engines.base import Action
from engines.galdors_grip import GAME
from engines.galdors_grip import rules as R
from engines.galdors_grip.actions import Stop
from engines.galdors_grip.deck import ability_of, card_of, fired_for, side_of
from engines.galdors_grip.policy import gives_up
from engines.galdors_grip.scoring import dangerous_count, tally
from engines.galdors_grip.state import GripState

METHODS = {
    "a: Core Set (no swaps)": {"method": "a"},
    "b: 3 drawn + 3 random picks": {"method": "b"},
    "c: suggested (6 drawn)": {"method": "c"},
}
"""Every player takes the suggested build (the first deck-building action)."""
SEARCH_CAP = 400


# ---- the greedy player ------------------------------------------------------------------


def _lethal_on_top(state: GripState, pos: int) -> bool:
    """Whether the face-up card at ``pos`` would lose the game if met on the next turn."""
    cs = state.deck[pos]
    if not cs.face_up:
        return False
    for fired in fired_for(cs, "on_top"):
        ability = ability_of(fired)
        if ability.effect == "lose_if_seen":
            since = ability.params.get("since")
            if (since == "side" and cs.inverted) or (since == "top" and cs.tops >= 1):
                return True
        if ability.effect == "lose_if_count":
            name, need = str(ability.params["name"]), int(ability.params["at_least"])
            if dangerous_count(state, name) >= need:
                return True
    return False


def _trapped(state: GripState) -> bool:
    """Every way to explore next turn (with or without rotating) meets a lethal card."""
    if state.step != "explore":
        return False
    counts = {m.count for m in R.move_options(state)}
    top = state.deck[0]
    if side_of(top).rotate:
        other = card_of(top).faces[top.face].side(not top.inverted).value
        counts |= set(range(1, 7)) if other == "*" else ({other} if other else set())
    return all(_lethal_on_top(state, c % len(state.deck)) for c in counts)


def evaluate(state: GripState) -> float:
    """Heuristic worth of a state reached at the end of a turn."""
    if state.outcome == "won":
        return 10_000 + (state.final_stars or 0)
    if state.outcome == "lost":
        return -10_000
    stars = tally(state)[0]
    need = R.target(state)
    value = 10.0 * min(stars, need) + 2.0 * max(0, stars - need)
    for cs in state.deck:
        if not cs.face_up:
            continue
        value += 0.5
        if any(ability_of(f).effect == "rotate_if_seen" for f in fired_for(cs, "on_top")):
            value += 4.0
        if any(ability_of(f).effect == "end_game" for f in fired_for(cs, "on_top")):
            value += 300.0 if stars >= need else -300.0
    if _trapped(state):
        value -= 2_000
    return value


def _copy(state: GripState) -> GripState:
    """A deep copy (a JSON round trip is several times faster than ``deepcopy``)."""
    return GripState.model_validate_json(state.model_dump_json())


def _determinize(state: GripState, rng: random.Random) -> GripState:
    """A copy in which the unpeeked face-down cards are shuffled among their places."""
    guess = _copy(state)
    hidden = [i for i, cs in enumerate(guess.deck) if not (cs.face_up or cs.peeked)]
    cards = [guess.deck[i] for i in hidden]
    rng.shuffle(cards)
    for i, cs in zip(hidden, cards, strict=True):
        guess.deck[i] = cs
    return guess


def _plans(
    state: GripState, turn: int, budget: list[int]
) -> Iterator[tuple[list[Action], GripState]]:
    """Every action sequence that finishes the current turn (capped), with its end state."""
    if state.outcome is not None or state.turn != turn or budget[0] <= 0:
        yield [], state
        return
    for action in R.legal(state):
        budget[0] -= 1
        child = _copy(state)
        R.apply(child, action)
        for rest, end in _plans(child, turn, budget):
            yield [action, *rest], end


def _best_after(state: GripState, turns: int) -> float:
    """The best heuristic value reachable by finishing this turn and ``turns - 1`` more."""
    best = float("-inf")
    for _, end in _plans(state, state.turn, [SEARCH_CAP]):
        deeper = turns > 1 and end.outcome is None
        best = max(best, _best_after(end, turns - 1) if deeper else evaluate(end))
    return best


def search_choice(state: GripState, rng: random.Random, turns: int = 1) -> Action:
    """The first action of the best way to finish this turn (and ``turns - 1`` more) on a
    sampled deck: ``turns=1`` is the greedy player, ``turns=2`` the two-turn lookahead."""
    guess = _determinize(state, rng)
    best, best_value = None, float("-inf")
    for plan, end in _plans(guess, guess.turn, [SEARCH_CAP]):
        deeper = turns > 1 and end.outcome is None
        value = (_best_after(end, turns - 1) if deeper else evaluate(end)) + rng.random() * 1e-3
        if plan and value > best_value:
            best, best_value = plan[0], value
    assert best is not None
    return best


# ---- playing games ----------------------------------------------------------------------

PLAYERS = {"random": 0, "greedy": 1, "lookahead": 2}
"""Each player and how many turns it searches (0: uniformly random legal actions)."""


def _cause(state: GripState) -> str:
    """Why a game ended: won, a Skull card's loss, too few ⭐ at the end, stuck, no progress."""
    if state.outcome == "won":
        return "won"
    if state.final_stars is not None:
        return "short"
    if "no moving option" in state.reason:
        return "stuck"
    return "loop" if "no progress" in state.reason else "skull"


def play(seed: int, options: dict, player: str) -> tuple[str, int, int]:
    """One game; returns (cause, stars, turns)."""
    game = GAME.new(1, seed=seed, options=options)
    rng = random.Random(seed)
    turns = PLAYERS[player]
    while not game.is_over:
        if game.state.step == "build":
            action = game.legal_actions(0)[0]
        elif gives_up(game.state) and Stop() in game.legal_actions(0):
            action = Stop()  # the rules let a player loop for ever
        elif turns:
            action = search_choice(game.state, rng, turns)
        else:
            action = rng.choice(game.legal_actions(0))
        game.apply(0, action)
    result = game.result
    assert result is not None
    return _cause(game.state), int(result.scores[0]), game.state.turn


def _batch(args: tuple[int, int, dict, str]) -> list[tuple[str, int, int]]:
    start, count, options, player = args
    return [play(1_000_003 * (start + i) + 17, options, player) for i in range(count)]


def run(games: dict[str, int], jobs: int, extra: dict) -> None:
    """Play ``games[player]`` games per method and player and print a table."""
    causes = ("won", "skull", "short", "stuck", "loop")
    header = f"{'method':30} {'player':9} {'games':>5} {'mean ⭐':>6} {'turns':>5}"
    print(header + "".join(f" {c + ' %':>8}" for c in causes))
    with ProcessPoolExecutor(jobs) as pool:
        for label, options in METHODS.items():
            for player, count in games.items():
                if not count:
                    continue
                size = max(1, count // (jobs * 4))
                chunks = [
                    (s, min(size, count - s), {**options, **extra}, player)
                    for s in range(0, count, size)
                ]
                results = [r for batch in pool.map(_batch, chunks) for r in batch]
                stars = statistics.mean(r[1] for r in results)
                turns = statistics.mean(r[2] for r in results)
                shares = [100 * sum(r[0] == c for r in results) / count for c in causes]
                row = f"{label:30} {player:9} {count:5} {stars:6.2f} {turns:5.1f}"
                print(row + "".join(f" {share:8.1f}" for share in shares))


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per method and player")
    parser.add_argument("--greedy-games", type=int, default=None, help="default: --games")
    parser.add_argument("--lookahead-games", type=int, default=0, help="two-turn search games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--threshold", type=int, default=None)
    args = parser.parse_args()
    extra = {} if args.threshold is None else {"threshold": args.threshold}
    greedy = args.games if args.greedy_games is None else args.greedy_games
    games = {"random": args.games, "greedy": greedy, "lookahead": args.lookahead_games}
    started = time.perf_counter()
    run(games, args.jobs, extra)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
