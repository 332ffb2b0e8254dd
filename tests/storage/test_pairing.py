"""A tournament's rules: Swiss pairings, byes, round robin, standings and tie-breaks."""

import itertools
import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.storage.pairing import (
    ROUND_ROBIN,
    SWISS,
    Decision,
    Pairing,
    round_robin,
    rounds_for,
    standings,
    swiss_round,
)

RESULTS = [Decision.FIRST, Decision.SECOND, Decision.DRAW, Decision.FIRST_FORFEITS]


def _rematch_free_exists(players, played):
    """Brute force: some bye (to a player without one) and matching with no rematch."""
    met = {frozenset((p.first, p.second)) for p in played if p.second is not None}
    had_bye = {p.first for p in played if p.second is None}

    def pairable(rest):
        if not rest:
            return True
        top = rest[0]
        return any(
            frozenset((top, o)) not in met and pairable([q for q in rest[1:] if q != o])
            for o in rest[1:]
        )

    if len(players) % 2 == 0:
        return pairable(list(players))
    byes = [p for p in players if p not in had_bye] or list(players)
    return any(pairable([q for q in players if q != b]) for b in byes)


def play_swiss(n, rounds, rng, withdraw_after=None):
    players = list(range(1, n + 1))
    played: list[Pairing] = []
    for r in range(1, rounds + 1):
        if withdraw_after is not None and r == withdraw_after + 1:
            players = players[:-1]
        pairs = swiss_round(players, played)
        seen = [pl for pair in pairs for pl in pair if pl is not None]
        assert sorted(seen) == sorted(players), "everyone is paired exactly once"
        rematch = any(
            any({p.first, p.second} == {a, b} for p in played) for a, b in pairs if b is not None
        )
        if rematch:
            assert not _rematch_free_exists(players, played)
        for a, b in pairs:
            decision = Decision.BYE if b is None else rng.choice(RESULTS)
            played.append(Pairing(r, a, b, decision))
    return players, played


@settings(max_examples=60, deadline=None)
@given(n=st.integers(3, 9), seed=st.integers(0, 2**32), withdraw=st.booleans())
def test_random_swiss_never_rematches_while_possible_and_one_bye_each(n, seed, withdraw):
    rounds = rounds_for(SWISS, n, 9)
    rng = random.Random(seed)
    _, played = play_swiss(n, rounds, rng, withdraw_after=1 if withdraw and n > 3 else None)
    byes = [p.first for p in played if p.bye]
    assert len(byes) == len(set(byes)), "nobody sits out twice"


@given(n=st.integers(2, 12))
def test_round_robin_meets_everyone_once(n):
    players = list(range(10, 10 + n))
    games = []
    byes = []
    for r in range(1, rounds_for(ROUND_ROBIN, n, 1) + 1):
        pairs = round_robin(players, r)
        seen = [pl for pair in pairs for pl in pair if pl is not None]
        assert sorted(seen) == players
        games += [frozenset(p) for p in pairs if p[1] is not None]
        byes += [p[0] for p in pairs if p[1] is None]
    assert sorted(games, key=sorted) == sorted(
        (frozenset(c) for c in itertools.combinations(players, 2)), key=sorted
    )
    assert len(byes) == len(set(byes)) == (n % 2) * n


def test_the_bye_goes_to_the_lowest_ranked_without_one_and_scores_a_point():
    played = [
        Pairing(1, 1, 2, Decision.FIRST),
        Pairing(1, 3, 4, Decision.FIRST),
        Pairing(1, 5, None, Decision.BYE),
    ]
    pairs = swiss_round([1, 2, 3, 4, 5], played)
    bye = [a for a, b in pairs if b is None]
    assert bye in ([2], [4])  # 5 had it; 2 and 4 have no point
    table = {s.player: s for s in standings([1, 2, 3, 4, 5], played)}
    assert table[5].points == 1 and table[5].byes == 1 and table[5].buchholz == 0


def test_swiss_ties_break_on_buchholz_before_the_join_order():
    # 1 beats 2, 3 beats 4; then 1 beats 3, 4 beats 2: 3 and 4 have a point each, but
    # 3 met 4 and 1 (Buchholz 3), 4 met 3 and 2 (Buchholz 1). 4 joined before 3.
    played = [
        Pairing(1, 1, 2, Decision.FIRST),
        Pairing(1, 3, 4, Decision.FIRST),
        Pairing(2, 1, 3, Decision.FIRST),
        Pairing(2, 4, 2, Decision.FIRST),
    ]
    table = standings([1, 2, 4, 3], played)
    assert [s.player for s in table] == [1, 3, 4, 2]
    assert [s.buchholz for s in table] == [1, 3, 1, 3]
    assert table[0].sonneborn_berger == 1  # beat 2 (0) and 3 (1)


def test_forfeits_score_like_results_and_a_double_forfeit_gives_nobody_a_point():
    played = [Pairing(1, 1, 2, Decision.FIRST_FORFEITS), Pairing(1, 3, 4, Decision.BOTH_FORFEIT)]
    table = {s.player: s.points for s in standings([1, 2, 3, 4], played)}
    assert table == {1: 0, 2: 1, 3: 0, 4: 0}


def test_round_robin_ranks_by_sonneborn_berger_then_head_to_head():
    played = [
        Pairing(1, 1, 2, Decision.FIRST),
        Pairing(1, 3, 4, Decision.FIRST),
        Pairing(2, 2, 3, Decision.FIRST),
        Pairing(2, 4, 1, Decision.FIRST),
        Pairing(3, 1, 3, Decision.DRAW),
        Pairing(3, 2, 4, Decision.DRAW),
    ]
    table = standings([1, 2, 3, 4], played, ROUND_ROBIN)
    assert {s.player: s.points for s in table} == {1: 1.5, 2: 1.5, 3: 1.5, 4: 1.5}
    assert [s.player for s in table] == sorted(
        [1, 2, 3, 4], key=lambda p: -next(s.sonneborn_berger for s in table if s.player == p)
    )


def test_swiss_rounds_are_capped_so_a_rematch_is_never_forced():
    assert rounds_for(SWISS, 4, 9) == 3 and rounds_for(SWISS, 5, 3) == 3
    assert rounds_for(ROUND_ROBIN, 5, 1) == 5 and rounds_for(ROUND_ROBIN, 4, 1) == 3


def test_a_round_that_must_repeat_a_game_is_found_within_a_few_milliseconds():
    # Player 16, ranked last, has met (and lost to) all 15 others: every round repeats a
    # game. The search must not try every way of pairing the 15 above first.
    others = list(range(1, 16))
    played = [Pairing(r, p, 16, Decision.FIRST) for r, p in enumerate(others, start=1)]
    started = time.process_time()
    pairs = swiss_round([*others, 16], played)
    assert time.process_time() - started < 0.05
    assert sorted(p for pair in pairs for p in pair if p is not None) == [*others, 16]
