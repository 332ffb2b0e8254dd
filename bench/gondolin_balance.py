"""Balance benchmark for Gondolin Cards: survival rates and scores per story.

    python -m bench.gondolin_balance --games 2000 [--story ID] [--mode easy|hard] [--jobs 4]

Plays every story with its ready-made deck with three players (a heuristic player, a naive
"most expensive card first" player and a random player) and prints survival rates, how games
were lost, and score quantiles.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engines.base import Action
from engines.gondolin.actions import ChooseTarget, PickCard, PlayCard, UseCard
from engines.gondolin.cards import AchievementCard, DefenderCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.decks import ready_decks
from engines.gondolin.game import Gondolin
from engines.gondolin.modifiers import defence, mods_for, stats
from engines.gondolin.siege import attack_turn
from engines.gondolin.state import GondolinState

# Economy cards the heuristic plays as soon as it can, by effect name.
ECONOMY = {"stat", "income", "defender_discount", "achievement_discount"}


@dataclass(frozen=True)
class Outcome:
    survived: bool
    score: int
    turn: int
    reason: str


def random_player(game: Gondolin, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions(0))


def _printed_cost(action: Action) -> int:
    return getattr(_card(action), "r", 0)


def expensive_player(game: Gondolin, rng: random.Random) -> Action:
    """Naive: take and play the most expensive card it can, then end the phase."""
    legal = game.legal_actions(0)
    cards = [a for a in legal if isinstance(a, PickCard | PlayCard)]
    if cards:
        return max(cards, key=_printed_cost)
    return legal[-1] if game.state.phase in ("defence", "main") else legal[0]


def _target(st: GondolinState, legal: list[Action]) -> Action:
    """Lose the Defender worth least (keep flying cover), or drive off the weakest bonus."""

    def worth(a: Action) -> float:
        card = _card(a)
        if isinstance(card, DefenderCard):
            return card.d - card.m + (10 if card.anti_flying else 0)
        return -len(card.effects)

    return min(legal, key=worth)


def _card(action: Action):
    return CATALOGUE.card(action.card)  # type: ignore[attr-defined]


def _td_gain(st: GondolinState, action: Action) -> int:
    """How much TD an action adds right now (0 if none)."""
    mods = mods_for(st)
    card = _card(action)
    gain = 0
    if isinstance(action, PlayCard) and isinstance(card, DefenderCard):
        gain = defence(card, mods)
    effects = [e for e in card.effects if e.when in ("static", "enter", "activate")]
    if isinstance(action, UseCard):
        effects = [e for e in card.effects if e.when == "activate"]
    for e in effects:
        if (e.do == "stat" and e.stat == "TD") or e.do in ("td_this_turn", "td_next_attack"):
            gain += e.amount
        elif e.do == "defender_d":
            gain += e.amount * (len(st.defenders) + isinstance(card, DefenderCard))
    if isinstance(action, UseCard) and card.use and card.use.sacrifice:
        gain -= defence(card, mods) if isinstance(card, DefenderCard) else 0
    return gain


def _is_economy(card) -> bool:
    return any(
        e.do in ECONOMY and e.amount > 0 and (e.do != "stat" or e.stat in ("S", "P"))
        for e in card.effects
    ) or any(e.do == "gain" and e.stat in ("R", "S") for e in card.effects if e.when == "enter")


def _pick(st: GondolinState, legal: list[Action]) -> Action:
    cards = [_card(a) for a in legal]
    in_hand = [CATALOGUE.card(c) for c in st.hand]
    has_anti = any(isinstance(c, DefenderCard) and c.anti_flying for c in in_hand)
    defenders = [c for c in cards if isinstance(c, DefenderCard)]
    if not has_anti and any(c.anti_flying for c in defenders):
        best = min((c for c in defenders if c.anti_flying), key=lambda c: (c.r, -c.d))
    elif defenders:
        best = max(defenders, key=lambda c: (c.d / max(c.r, 1) - 0.3 * c.m, c.d))
    else:
        best = cards[0]
    return next(a for a in legal if _card(a) is best)


def _upkeep_victim(st: GondolinState, legal: list[Action]) -> Action:
    def keep_value(a: Action) -> float:
        card = _card(a)
        if isinstance(card, DefenderCard):
            anti = 5 if card.anti_flying else 0
            return card.d / max(card.m, 1) + anti
        return 3.0

    return min(legal, key=keep_value)


def _cheapest(actions: list[Action]) -> Action | None:
    return min(actions, key=lambda a: a.cost) if actions else None  # type: ignore[attr-defined]


def _price(action: Action) -> int:
    card = _card(action)
    if isinstance(action, PlayCard):
        return action.cost
    return card.use.cost if card.use else 0


def _upkeep(action: Action) -> int:
    card = _card(action)
    return getattr(card, "m", 0) if isinstance(action, PlayCard) else 0


def _cheapest_cover(st: GondolinState, options: list[Action], gap: int, budget: int):
    """The first action of the set adding >= gap TD at the least total cost of ownership:
    R now plus M for the turns left (at most 6)."""
    if gap <= 0:
        return None
    left = min(6, CATALOGUE.stories[st.story].turns - st.turn)
    boosts = [(a, _td_gain(st, a)) for a in options]
    boosts = [(a, g) for a, g in boosts if g > 0][:10]
    best = None
    for size in range(1, min(4, len(boosts)) + 1):
        for combo in itertools.combinations(boosts, size):
            if sum(g for _, g in combo) < gap or sum(_price(a) for a, _ in combo) > budget:
                continue
            key = sum(_price(a) + left * _upkeep(a) for a, _ in combo)
            if best is None or key < best[0]:
                best = (key, combo[0][0])
    return best[1] if best else None


def heuristic_player(game: Gondolin, rng: random.Random) -> Action:
    """Bank resources, build economy, and raise TD just in time for each attack."""
    st = game.state
    legal = game.legal_actions(0)
    if st.phase == "choose_location":
        return legal[0]
    if st.phase == "choose_target":
        return _target(st, [a for a in legal if isinstance(a, ChooseTarget)])
    if st.phase == "choose_hand":
        return _pick(st, legal)
    if st.phase == "maintenance":
        return _upkeep_victim(st, legal)
    end = legal[-1]
    plays = [a for a in legal if isinstance(a, PlayCard)]
    uses = [a for a in legal if isinstance(a, UseCard) and not _card(a).use.sacrifice]
    now = stats(st)
    due = attack_turn(st)
    flyers = any(CATALOGUE.enemy(x.card).flying for x in st.enemies)
    anti_plays = [a for a in plays if isinstance(_card(a), DefenderCard) and _card(a).anti_flying]
    anti_plays += [a for a in plays if any(e.do == "anti_flying" for e in _card(a).effects)]
    if flyers and not now.anti_flying and anti_plays:
        return _cheapest(anti_plays)  # type: ignore[return-value]
    if st.enemies and not st.defenders:
        defenders = [a for a in plays if isinstance(_card(a), DefenderCard)]
        if defenders:
            return _cheapest(defenders)  # type: ignore[return-value]
    if st.phase == "defence" and due is not None and due <= st.turn and now.td <= now.ta:
        best = _cheapest_cover(st, plays + uses, now.ta + 1 - now.td, now.r)
        if best is None:
            best = _cheapest_cover(st, plays + uses, now.ta - now.td, now.r)
        if best is not None:
            return best
        delays = [
            a
            for a in legal
            if isinstance(a, PlayCard | UseCard)
            and any(e.do in ("delay_sieges", "rout_weakest_enemy") for e in _card(a).effects)
        ]
        if delays and any(not x.delayed for x in st.enemies):
            return delays[0]
        boosts = [(a, _td_gain(st, a)) for a in plays + uses]
        boosts = [(a, g) for a, g in boosts if g > 0]
        return max(boosts, key=lambda ag: ag[1])[0] if boosts else end
    economy = [a for a in plays if isinstance(_card(a), AchievementCard) and _is_economy(_card(a))]
    if economy:
        return _cheapest(economy)  # type: ignore[return-value]
    if st.phase == "main" and not st.defenders:
        defenders = [a for a in plays if isinstance(_card(a), DefenderCard)]
        if defenders:
            return _cheapest(defenders)  # type: ignore[return-value]
    return end


def deck_with_location(story: str, location: str | None) -> list[str]:
    """The story's ready-made deck, with its Location swapped for ``location``."""
    deck = ready_decks(story)[0].card_list()
    if location is None:
        return deck
    return [location if CATALOGUE.card(c).type == "location" else c for c in deck]


def play_one(story: str, seed: int, player: str, mode: str, location: str | None = None) -> Outcome:
    deck = deck_with_location(story, location)
    game = Gondolin.new(1, seed=seed, options={"story": story, "mode": mode, "deck": deck})
    rng = random.Random(seed)
    choose = PLAYERS[player]
    while not game.is_over:
        game.apply(0, choose(game, rng))
    st = game.state
    return Outcome(st.outcome == "survived", st.score, st.turn, st.cause or "survived")


PLAYERS = {"heuristic": heuristic_player, "expensive": expensive_player, "random": random_player}


def _batch(args: tuple[str, int, int, str, str, str | None]) -> list[Outcome]:
    story, start, count, player, mode, location = args
    return [play_one(story, 7_000_001 + start + i, player, mode, location) for i in range(count)]


def run(
    story: str, games: int, player: str, mode: str, jobs: int, location: str | None = None
) -> list[Outcome]:
    chunk = max(1, games // (jobs * 4))
    tasks = [
        (story, i, min(chunk, games - i), player, mode, location) for i in range(0, games, chunk)
    ]
    if jobs == 1:
        return [o for t in tasks for o in _batch(t)]
    with ProcessPoolExecutor(jobs) as pool:
        return [o for batch in pool.map(_batch, tasks) for o in batch]


def report(story: str, player: str, outcomes: list[Outcome]) -> str:
    n = len(outcomes)
    wins = [o for o in outcomes if o.survived]
    reasons = Counter(o.reason for o in outcomes if not o.survived)
    line = f"  {player:<9} survival {100 * len(wins) / n:5.1f}% ({len(wins)}/{n})  "
    if wins:
        scores = sorted(o.score for o in wins)
        q = statistics.quantiles(scores, n=10) if len(scores) > 1 else [scores[0]] * 9
        mean = statistics.mean(scores)
        line += f"score mean {mean:5.1f} p10 {q[0]:.0f} p50 {q[4]:.0f} p90 {q[8]:.0f}  "
    losses = ", ".join(f"{r} {100 * c / n:.0f}%" for r, c in reasons.most_common())
    mean_end = statistics.mean(o.turn for o in outcomes if not o.survived) if reasons else 0
    return line + (f"losses: {losses} (mean turn {mean_end:.1f})" if losses else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--story", choices=list(CATALOGUE.stories), default=None)
    parser.add_argument("--mode", choices=["easy", "hard"], default="easy")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--locations", action="store_true", help="heuristic survival with each Location swapped in"
    )
    args = parser.parse_args()
    stories = [args.story] if args.story else list(CATALOGUE.stories)
    if args.locations:
        locations = [c.id for c in CATALOGUE.cards.values() if c.type == "location"]
        for story in stories:
            rates = []
            for loc in locations:
                outcomes = run(story, args.games, "heuristic", args.mode, args.jobs, loc)
                rates.append(
                    f"{loc} {100 * sum(o.survived for o in outcomes) / len(outcomes):.0f}%"
                )
            print(f"{story}: " + ", ".join(rates))
        return
    for story in stories:
        name = CATALOGUE.stories[story].name
        print(f"{name} ({story}), {args.games} games per player, {args.mode} mode")
        for player in PLAYERS:
            print(report(story, player, run(story, args.games, player, args.mode, args.jobs)))


if __name__ == "__main__":
    main()
