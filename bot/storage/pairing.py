"""A tournament's rules as pure functions: results, standings with tie-breaks, pairings.

Players are ids (ints); a pairing is ``(first, second)`` with ``second`` None for a bye. The
first player takes the game's first seat. Points: a win (forfeit or not) and a bye are 1, a
draw ½, a loss or a forfeit lost 0 (a double forfeit: 0 each).

Swiss standings rank by points, then Buchholz (the sum of the points of every opponent paired,
a forfeited game included, a bye adding nothing), then Sonneborn-Berger (the points of the
opponents beaten, plus half of those drawn), then the number of wins, then the join order.
Round robin: points, Sonneborn-Berger, the points scored against the players tied on points
(head-to-head), wins, the join order.

Swiss pairing: by standing, the top player meets the next one they have not met (Monrad),
backtracking so that nobody meets anyone twice while a round without a rematch exists; with an
odd number, the lowest-ranked player without a bye sits out for a point. Round robin: the
circle method (one player fixed, the others turning), so everyone meets everyone once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

SWISS = "swiss"
ROUND_ROBIN = "round_robin"
FORMATS = (SWISS, ROUND_ROBIN)
SEARCH_BUDGET = 10_000
"""Backtracking steps a Swiss round may try before it accepts a rematch (under 10 ms of CPU
on the event loop; 3-9 players never need as many)."""


class Decision(StrEnum):
    """How a pairing ended (``FIRST``: the first player won)."""

    FIRST = "first"
    SECOND = "second"
    DRAW = "draw"
    FIRST_FORFEITS = "first_forfeits"
    SECOND_FORFEITS = "second_forfeits"
    BOTH_FORFEIT = "both_forfeit"
    BYE = "bye"


POINTS: dict[Decision, tuple[float, float]] = {
    Decision.FIRST: (1, 0),
    Decision.SECOND: (0, 1),
    Decision.DRAW: (0.5, 0.5),
    Decision.FIRST_FORFEITS: (0, 1),
    Decision.SECOND_FORFEITS: (1, 0),
    Decision.BOTH_FORFEIT: (0, 0),
    Decision.BYE: (1, 0),
}


@dataclass(frozen=True)
class Pairing:
    """One game (or bye) of a round and, once decided, its outcome."""

    round: int
    first: int
    second: int | None
    outcome: Decision | None = None

    @property
    def bye(self) -> bool:
        """The pairing is a bye (nobody to play)."""
        return self.second is None

    def points(self, player: int) -> float:
        """The points ``player`` scored in this pairing (0 while undecided)."""
        if self.outcome is None:
            return 0.0
        mine = POINTS[self.outcome]
        return mine[0] if player == self.first else mine[1]

    def opponent(self, player: int) -> int | None:
        """Whom ``player`` met (None: a bye)."""
        return self.second if player == self.first else self.first


@dataclass(frozen=True)
class Standing:
    """A player's line of the standings."""

    player: int
    points: float
    buchholz: float
    sonneborn_berger: float
    head_to_head: float
    wins: int
    byes: int
    played: int


def standings(
    players: Sequence[int], pairings: Sequence[Pairing], fmt: str = SWISS
) -> list[Standing]:
    """Every player's line, best first (``players`` in join order: the last tie-break)."""
    decided = [p for p in pairings if p.outcome is not None]
    points = {pl: 0.0 for pl in players}
    for p in decided:
        for pl in (p.first, p.second):
            if pl is not None and pl in points:
                points[pl] += p.points(pl)
    lines: dict[int, Standing] = {}
    for pl in players:
        mine = [p for p in decided if pl in (p.first, p.second)]
        games = [p for p in mine if not p.bye]
        buchholz = sum(points.get(p.opponent(pl) or 0, 0.0) for p in games)
        sb = 0.0
        wins = 0
        h2h = 0.0
        for p in games:
            other = p.opponent(pl)
            assert other is not None
            score = p.points(pl)
            sb += score * points.get(other, 0.0)
            wins += score == 1
            if points.get(other) == points[pl]:
                h2h += score
        lines[pl] = Standing(
            player=pl,
            points=points[pl],
            buchholz=buchholz,
            sonneborn_berger=sb,
            head_to_head=h2h,
            wins=wins,
            byes=sum(p.bye for p in mine),
            played=len(games),
        )
    order = {pl: i for i, pl in enumerate(players)}

    def key(s: Standing) -> tuple[float, ...]:
        if fmt == ROUND_ROBIN:
            return (-s.points, -s.sonneborn_berger, -s.head_to_head, -s.wins, order[s.player])
        return (-s.points, -s.buchholz, -s.sonneborn_berger, -s.wins, order[s.player])

    return sorted(lines.values(), key=key)


def rounds_for(fmt: str, players: int, asked: int) -> int:
    """The rounds a tournament plays: round robin, everyone once; Swiss, at most that."""
    everyone = players - 1 if players % 2 == 0 else players
    if fmt == ROUND_ROBIN:
        return everyone
    return max(1, min(asked, players - 1))


def round_robin(players: Sequence[int], round_no: int) -> list[tuple[int, int | None]]:
    """Round ``round_no`` (from 1) of the circle method: the first player stays, others turn.

    Seats alternate: the fixed player plays first in odd rounds, and each other pairing's
    order flips every round, so nobody plays first far more often than second.
    """
    ring: list[int | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    turned = [ring[0], *_rotate(ring[1:], round_no - 1)]
    pairs: list[tuple[int, int | None]] = []
    for i in range(n // 2):
        a, b = turned[i], turned[n - 1 - i]
        if (round_no + (i > 0)) % 2 == 0:
            a, b = b, a
        if a is None:
            a, b = b, a
        assert a is not None
        pairs.append((a, b))
    return sorted(pairs, key=lambda p: p[1] is None)


def _rotate(items: list[int | None], by: int) -> list[int | None]:
    if not items:
        return items
    by %= len(items)
    return items[-by:] + items[:-by] if by else list(items)


def swiss_round(
    players: Sequence[int], pairings: Sequence[Pairing]
) -> list[tuple[int, int | None]]:
    """The next Swiss round's pairings for ``players`` (those still in, in join order).

    Ranked by the standings so far; the bye goes to the lowest-ranked player who has not had
    one and whose sitting out still lets the others meet without a rematch; the rest pair top
    down (Monrad) with backtracking. Only when no round without a rematch exists is one made.
    """
    ranked = [s.player for s in standings(players, pairings, SWISS)]
    met: dict[int, set[int]] = {pl: set() for pl in players}
    firsts: dict[int, int] = {pl: 0 for pl in players}
    had_bye: set[int] = set()
    for p in pairings:
        if p.second is None:
            had_bye.add(p.first)
            continue
        met.setdefault(p.first, set()).add(p.second)
        met.setdefault(p.second, set()).add(p.first)
        firsts[p.first] = firsts.get(p.first, 0) + 1
    budget = [SEARCH_BUDGET]
    bye: int | None = None
    rest = ranked
    if len(ranked) % 2:
        candidates = [pl for pl in reversed(ranked) if pl not in had_bye] or list(reversed(ranked))
        bye = candidates[0]
        for pl in candidates:
            others = [q for q in ranked if q != pl]
            if _pair_all(others, met, budget) is not None:
                bye = pl
                break
        rest = [q for q in ranked if q != bye]
    pairs = _pair_all(rest, met, budget)
    if pairs is None:  # every round would repeat a game: pair top down regardless
        pairs = [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    seated: list[tuple[int, int | None]] = []
    for a, b in pairs:
        seated.append((b, a) if firsts.get(a, 0) > firsts.get(b, 0) else (a, b))
    if bye is not None:
        seated.append((bye, None))
    return seated


def _pair_all(
    ranked: list[int], met: dict[int, set[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Pair ``ranked`` top down with no rematch, or None (none exists, or out of budget)."""
    group = set(ranked)
    if any(group <= met.get(p, set()) | {p} for p in ranked):
        return None  # someone has met everyone else: no search needed
    return _match(ranked, met, budget)


def _match(
    ranked: list[int], met: dict[int, set[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """The backtracking search of ``_pair_all``."""
    if not ranked:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    top, others = ranked[0], ranked[1:]
    for i, other in enumerate(others):
        if other in met.get(top, set()):
            continue
        rest = _match(others[:i] + others[i + 1 :], met, budget)
        if rest is not None:
            return [(top, other), *rest]
    return None
