"""Guardians' position estimate: a gradient far behind, and the combat in progress counted."""

from engines.guardians import Guardians, policy
from engines.guardians.combat.state import ATTACKER, DEFENDER, Fighter
from tests.engines.guardians.test_resample import positions


def board_position() -> tuple[Guardians, int]:
    """A shield turn where the seat has a Shield with two or more cards."""
    return next(
        (g, s)
        for g, s in positions(8)
        if g.state.phase == "move"
        and any(st.owner == s and len(st.cards) >= 2 for st in g.state.stacks)
    )


def combat_position() -> tuple[Guardians, int]:
    """A combat both of whose hands still hold creatures, seen by the attacker."""
    return next(
        (g, s)
        for g, s in positions(8, every=1)
        if g.state.phase == "combat"
        and g.state.combat is not None
        and all(g.state.combat.hands)
        and s == g.state.combat.seat(ATTACKER)
    )


def test_three_shields_behind_the_creatures_on_the_board_still_count():
    """A tanh squash left ~0.008 between these two positions: below the search's margin."""
    game, seat = board_position()
    game.state.seats[seat].shields_lost = 3
    stack = next(st for st in game.state.stacks if st.owner == seat and len(st.cards) >= 2)
    weaker = game.copy()
    weaker.state.stack(stack.shield).cards = stack.cards[:1]
    assert policy.vitality(game.state, stack.cards[1:]) > 0
    behind, weakest = game.evaluate(seat), weaker.evaluate(seat)
    assert 0.1 < behind < 0.3
    assert behind - weakest > 0.01


def test_the_likely_winner_of_the_combat_in_progress_is_ahead():
    game, seat = combat_position()
    combat = game.state.combat
    assert combat is not None
    alone = game.copy()  # the defender's hand emptied: the attacker alone holds the field
    alone.state.combat.hands[DEFENDER] = []
    assert alone.evaluate(seat) > game.evaluate(seat)
    assert alone.evaluate(1 - seat) < game.evaluate(1 - seat)


def test_a_creature_beaten_in_the_combat_no_longer_counts():
    """On the table, standing or beaten: the beaten one is as good as discarded."""
    game, seat = combat_position()
    values = []
    for fate in (None, "beaten"):
        copy = game.copy()
        c = copy.state.combat
        assert c is not None
        uid = c.hands[ATTACKER].pop(0)
        c.table.append(Fighter(uid=uid, side=ATTACKER, role="primary", fight=0, fate=fate))
        values.append(copy.evaluate(seat))
    standing, beaten = values
    assert beaten < standing
