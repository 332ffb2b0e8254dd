"""A cheap playout policy and a position estimate for computer players.

The policy reads only what the acting seat may see: its own cards, the counts of the
opponent's hidden ones, and what is face up (flown Shields, the combat table). It never looks
at the opponent's pending choice. Each kind of move gets a small score plus noise; the best
scoring legal move is played.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from engines.base import Action
from engines.guardians import actions as ga
from engines.guardians import board
from engines.guardians.board import card
from engines.guardians.cards import Creature, DeckCard
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import actions as ca
from engines.guardians.combat.matchup import control_total, strength
from engines.guardians.combat.state import ATTACKER, DEFENDER, CombatState
from engines.guardians.state import GuardiansState, Stack
from engines.rng import Random

HIDDEN_CREATURE = 6.5
"""The Vitality the policy expects of a creature it cannot see (the starters average ~6)."""
ATTACK_MARGIN = 1.15
"""Attack a Shield when our Vitality beats the estimate of theirs by this factor."""
SHIELD_WEIGHT, LAND_WEIGHT, GUARDIAN_WEIGHT, FORCE_WEIGHT = 1.0, 0.3, 3.0, 0.03
"""Estimate: a destroyed Shield (of five) ~ 3 lands ~ a third of the Guardian ~ 33 Vitality."""
SCALE = 2.5
COMBAT_STAKE, COMBAT_SPREAD = 1.0, 8.0
"""The combat in progress: its likely winner gains up to a Shield's worth, by a Vitality margin
of about ``COMBAT_SPREAD``."""
LAST_CREATURE = -5.0
"""Settling by discarding a Shield's last creature destroys the Shield: only when forced."""
NOISE = 0.3
DRAW_ACCEPTED, LONG_GAME = 0.55, 30
"""Accept a draw offer when the estimate is at most this, or from this turn on."""


def vitality(state: GuardiansState, uids: list[str]) -> int:
    """The total Vitality of the creatures among ``uids``."""
    return sum(c.vitality for c in (card(state, u) for u in uids) if isinstance(c, Creature))


def seen_vitality(state: GuardiansState, seat: int, stack: Stack) -> float:
    """A Shield's Vitality as ``seat`` knows it: exact for its own or a flown one, else guessed."""
    if stack.owner == seat or stack.revealed:
        return vitality(state, stack.cards)
    return HIDDEN_CREATURE * len(stack.cards)


def choose(state: GuardiansState, seat: int, legal: list[Action], rng: Random) -> Action:
    """The best scoring of ``legal`` (a little noise breaks ties and varies the playouts)."""
    score = _scorer(state, seat)
    return max(legal, key=lambda a: score(a) + NOISE * rng.random())


def _scorer(state: GuardiansState, seat: int) -> Callable[[Action], float]:
    if state.phase == "organize":
        return lambda a: _organize(state, seat, a)
    if state.phase == "combat" and state.combat is not None:
        return _combat_scorer(state, seat, state.combat)
    if state.phase == "settle":
        return lambda a: _settle(state, seat, a)
    return lambda a: _move(state, seat, a)


ORGANIZE = {"keepup": 1.0, "redraw": 4.0, "auto": 3.0, "place": 0.0, "done": 1.0}


def _organize(state: GuardiansState, seat: int, action: Action) -> float:
    """Redraw a hand without Shields, auto-place, discard the cheapest extra, then done.

    A draw: offered when not ahead; accepted when about even or once the game runs long.
    """
    if isinstance(action, ga.OfferDraw):
        return 2.0 if evaluate(state, seat) <= 0.5 else -5.0
    if isinstance(action, ga.AcceptDraw):
        even = evaluate(state, seat) <= DRAW_ACCEPTED
        return 1.0 if even or state.turn >= LONG_GAME else -1.0
    if isinstance(action, ga.Discard):
        return 2.5 - _value(action.card) / 10
    return ORGANIZE.get(action.kind, 0.0)


def _value(card_id: str) -> float:
    """A rough worth of a Storage Hand card: bribery is cheap, spells and items are not."""
    return 2.0 if CATALOGUE.cards[card_id].kind == "bribery" else 5.0


def _move(state: GuardiansState, seat: int, action: Action) -> float:
    """Shield turns: the strongest first, forward onto lands, attack when clearly stronger."""
    if isinstance(action, ga.TurnShield):
        return vitality(state, state.stack(action.shield).cards) / 20
    if isinstance(action, ga.Step | ga.Fly):
        return _step(state, seat, action.to, action.note)
    if isinstance(action, ga.Reinforce | ga.Load):
        return 1.2
    if isinstance(action, ga.Retreat):
        return 1.0 - action.combine * 0.5
    if isinstance(action, ga.DestroyShield):
        return -5.0
    if isinstance(action, ga.KeepShield):  # keep a Standard Bearer
        return float(getattr(card(state, action.shield), "standard_bearer", False))
    if isinstance(action, ga.TrimCard):  # the weakest creature, an item before a creature
        c = card(state, action.uid)
        return -c.vitality / 10 if isinstance(c, Creature) else 1.0
    if isinstance(action, ga.ChallengeWith):
        return 1.0 + _vitality(card(state, action.uid)) / 20
    if isinstance(action, ga.ChannelStone | ga.ChallengeChannel | ga.ChallengeSpell):
        return 1.0
    return {"stay": 0.4, "decline": 0.0, "unload": -0.5}.get(action.kind, 0.5)


def _vitality(c: DeckCard) -> int:
    """The vitality of a card the action names as a creature."""
    assert isinstance(c, Creature), c.name
    return c.vitality


def _step(state: GuardiansState, seat: int, to: str, note: str) -> float:
    """Take lands, attack a Shield or a Stronghold only with the upper hand."""
    moving = state.stack(state.move.shield) if state.move else None
    mine = vitality(state, moving.cards) if moving else 0
    if note == "combat":
        foe = board.enemy_shield(state, to, seat)
        theirs = seen_vitality(state, seat, foe) if foe else 0.0
        return 2.5 if mine > ATTACK_MARGIN * theirs else -1.0
    if note == "siege":
        h = board.hold(state, to)
        count = len(h.on) + len(h.under) if h else 0
        foe = board.enemy_shield(state, to, seat)
        theirs = HIDDEN_CREATURE * count + (seen_vitality(state, seat, foe) if foe else 0) + 6
        return 3.0 if mine > ATTACK_MARGIN * theirs else -1.0
    forward = int(to[1]) if seat == 0 else 3 - int(to[1])
    gain = 1.0 if to in board.DISPUTED and board.controller(state, to) != seat else 0.0
    return 0.3 + gain + 0.2 * forward + (0.3 if note == "pass" else 0.0)


def _settle(state: GuardiansState, seat: int, action: Action) -> float:
    """Terrain from the Pen, else face down while stones last, else the weakest creature.

    Never the last creature while a stone is left: the empty Shield would be destroyed and
    count for the opponent. Remove an enemy terrain card only where the land falls back to us.
    """
    if isinstance(action, ga.PlayTerrain):
        return 2.0
    if isinstance(action, ga.FaceDown):
        return 1.0 if state.seats[seat].stones > 2 else -0.5
    if isinstance(action, ga.DropCreature):
        cards = state.stacks_at(action.space)[0].cards
        last = sum(board.is_creature(state, u) for u in cards) == 1
        return LAST_CREATURE if last else -_vitality(card(state, action.uid)) / 10
    if isinstance(action, ga.RemoveTerrain):  # only to win back a land of our side
        space = action.space
        ours = board.default_controller(space) == seat
        ours = ours and board.enemy_shield(state, space, seat) is None
        return 1.0 if state.lands[space].owner != seat and ours else -1.0
    return 0.0


def _combat_scorer(state: GuardiansState, seat: int, c: CombatState) -> Callable[[Action], float]:
    """Play the strongest, bribe the big ones, boost a losing match-up, finish off the beaten."""
    cards = board.cards_map(state)
    side = c.side_of(seat)
    mine = sum(strength(c, cards, f) for f in c.current(side))
    theirs = sum(strength(c, cards, f) for f in c.current(1 - side))
    losing = mine <= theirs

    def score(action: Action) -> float:
        if isinstance(action, ca.CPlay):
            return 1.0 + _vitality(cards[action.uid]) / 10
        if isinstance(action, ca.CBribe):
            return (_vitality(cards[action.target]) - 5) / 3
        if isinstance(action, ca.CSecondary):
            c_att = _vitality(cards[action.uid])
            return 2.0 if c_att > action.need else -0.5
        if isinstance(action, ca.CChannel | ca.CStone | ca.CRanged | ca.CItem):
            return 1.5 if losing else 0.0
        if isinstance(action, ca.CCast):
            return 0.8 if losing else -0.5
        if isinstance(action, ca.CDeclare):
            return 0.6 * action.yes
        if isinstance(action, ca.CReserve):  # a reserve creature, while stones are plenty
            return 0.7 if c.stones[side] > 2 else -0.5
        return {"cheal": 1.0, "celixir": 1.0, "cnomore": 0.5, "cpass": 0.5}.get(action.kind, 0.4)

    return score


def evaluate(state: GuardiansState, seat: int) -> float:
    """0..1 from Shields, lands, Guardians, creatures and the combat; the result once over.

    The lead counts Shields destroyed, lands held, Guardian wounds, the creatures on the board
    (not those already beaten in the combat) and the combat in progress (its winner so far).
    The lead is squashed by ``x / (SCALE + |x|)``, not ``tanh``: several Shields behind, a
    tanh left every move within ~0.01 and the search could no longer tell them apart.
    """
    if state.phase == "over":
        winners = state.winners or []
        return 0.5 if not winners else 1.0 if seat in winners else 0.0
    lost = _losing_fighters(state)
    lead = 0.0
    for s, sign in ((seat, 1.0), (1 - seat, -1.0)):
        mine = state.seats[s]
        shields = mine.shields_lost
        lead -= sign * SHIELD_WEIGHT * (shields + shields * shields / 5)
        lead += sign * LAND_WEIGHT * board.lands_of(state, s)
        top = CATALOGUE.guardians[mine.guardian].vitality
        lead += sign * GUARDIAN_WEIGHT * max(0, mine.vitality) / top
        force = sum(vitality(state, st.cards) for st in state.stacks if st.owner == s)
        force += sum(vitality(state, h.on + h.under + h.reserve) for h in mine.holds)
        force -= vitality(state, [u for u in lost if board.owner_of(u) == s])
        lead += sign * FORCE_WEIGHT * force
    lead += _combat_lead(state, seat)
    return 0.5 + 0.5 * lead / (SCALE + abs(lead))


def _losing_fighters(state: GuardiansState) -> list[str]:
    """Creatures already beaten, bribed or destroyed in the combat in progress."""
    c = state.combat
    if c is None:
        return []
    return [f.uid for f in c.table if f.fate in ("beaten", "bribed", "destroyed")]


def _combat_lead(state: GuardiansState, seat: int) -> float:
    """The combat in progress as it stands, from ``seat``'s side.

    The side ahead on surviving Vitality (the attacker needs more) is likely to win the space
    and make the other's Shield retreat.
    """
    c = state.combat
    if c is None or state.phase != "combat":
        return 0.0
    cards = board.cards_map(state)
    margin = control_total(c, cards, ATTACKER) - control_total(c, cards, DEFENDER) - 0.5
    attacker = COMBAT_STAKE * math.tanh(margin / COMBAT_SPREAD)
    return attacker if c.seat(ATTACKER) == seat else -attacker
