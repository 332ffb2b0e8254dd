"""Gandalf's spells in the playout policy (8.5, 17.2): the Banner and Break Darkness at the end.

Sauron wins only by what stands after the last Game-Turn (20.1), and his host strikes the
keepers of the city levels and the road's takers whatever the odds in the last Game-Turn
(``sauron_assault.storm``), with the Nazgûl Lord's sure FearSpell cast in its phase A. Gandalf's
ten points (8.1) buy exactly two sure casts for those turns:

- Revealing Aragorn (4, 17.23) in phase A of Game-Turn ``REVEAL_TURN``: the Banner is unfurled
  to the end (3 Game-Turns), so the Nazgûl Lord casts nothing, his FearSpell included (18.23),
  and it rallies two units a Game-Turn, in the last Joint Rally Phase too (18.22);
- Break Darkness (6, 17.21, day only) in phase A of the last Game-Turn: every Mordor unit
  strikes one row lower in that turn's assault, and Sauron rallies nothing.

Points not kept for a sure cast still to come are spent on Break Darkness attempts from
``DARK_TRY_TURN`` (17.3: a failed roll spends nothing but the phase). Gandalf casts only in
phase A, where Westernesse acts before the Nazgûl Lord.
"""

from __future__ import annotations

from engines.base import Action
from engines.gondor import banner
from engines.gondor.data import GAME, SCHEDULE
from engines.gondor.effects import BANNER_SPELL
from engines.gondor.magic.actions import Cast
from engines.gondor.magic.cast import points_left
from engines.gondor.magic.chart import SPELLS, line_for
from engines.gondor.state import GondorState

DARK = "break-darkness"
REVEAL_TURN = GAME.turns - 2
"""The Banner lasts three Game-Turns (17.23): unfurled now, it stands to the end of the game."""
DARK_TURN = GAME.turns
"""Break Darkness lasts one Game-Turn (17.21): the sure cast covers the last assault."""
DARK_TRY_TURN = GAME.turns - 1
"""From this Game-Turn Gandalf attempts Break Darkness with the points he can spare."""
ARAGORN_TURN = SCHEDULE.groups[banner.ARAGORN].turn


def magic(state: GondorState, legal: list[Action]) -> Cast | None:
    """Gandalf's cast in this Magic Leader Phase, if any; None: he passes."""
    casts = [a for a in legal if isinstance(a, Cast)]
    if not casts or state.phase != "magic-1":
        return None
    reveal = [a for a in casts if a.line.family == BANNER_SPELL and a.sure]
    if reveal and state.turn >= REVEAL_TURN:
        return reveal[0]
    dark = [a for a in casts if a.line.family == DARK]
    if not dark or state.turn < DARK_TRY_TURN:
        return None
    spare = points_left(state, casts[0].leader) - _kept(state)
    if state.turn >= DARK_TURN:
        spare += dark[0].line.auto  # this is the turn the sure cast was kept for
    affordable = [a for a in dark if a.points <= spare]
    return max(affordable, key=lambda a: a.points, default=None)


def _kept(state: GondorState) -> int:
    """Points kept for the sure casts still to come: the Banner, Break Darkness at the end."""
    kept = 0
    banner_open = line_for(state, BANNER_SPELL)[0] is not None
    aragorn_may_come = banner.aragorn(state) is not None or state.turn < ARAGORN_TURN
    if banner_open and aragorn_may_come and state.turn <= REVEAL_TURN:
        kept += SPELLS[BANNER_SPELL].auto
    if line_for(state, DARK)[0] is not None and state.turn <= DARK_TURN:
        kept += SPELLS[DARK].auto
    return kept
