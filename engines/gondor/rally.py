"""The Joint Rally Phase H (8.2): Sauron's leaders rally, then Westernesse's."""

from __future__ import annotations

from engines.base import Action, Event, IllegalAction
from engines.gondor import banner, effects
from engines.gondor.actions import EndPhase, side_name
from engines.gondor.combat.actions import Rally
from engines.gondor.combat.odds import rating, unit_type
from engines.gondor.combat.results import roll, shown
from engines.gondor.combat.tables import RALLY_PER_LEADER, RALLY_Z_MODIFIER
from engines.gondor.hexes import distance
from engines.gondor.magic.actions import BannerRally
from engines.gondor.phase import PhaseRules
from engines.gondor.state import GondorState
from engines.rng import rng_for

BANNER_RANGE = 6  # 18.21: no Sauron rally within six hexes of the Banner
BANS = {"westernesse": "fear", "sauron": "break-darkness"}  # 17.11, 17.21


def banned(state: GondorState) -> str | None:
    """Why the acting side may not rally at all now (17.11, 17.21), or None."""
    spell = BANS[state.acting]
    if effects.spell_active(state, spell):
        return f"{side_name(state.acting)} may not rally while {spell} is in force."
    return None


def rally_orders(state: GondorState) -> list[Rally]:
    """Each leader's attempts: up to two disrupted friendly units in or next to its hex (8.2).

    Not frozen leaders (17.12); not Sauron's within six hexes of the Banner (18.21); each unit
    is tried once a phase [R].
    """
    if banned(state):
        return []
    banner = effects.banner_hex(state)
    out = []
    for i, leader in enumerate(state.counters):
        if leader.kind != "leader" or leader.side != state.acting or leader.hex is None:
            continue
        if effects.frozen(state, i) or state.rallying.get(leader.id, 0) >= RALLY_PER_LEADER:
            continue
        for j, c in enumerate(state.counters):
            if c.kind != "unit" or c.side != leader.side or not c.disrupted or c.hex is None:
                continue
            if j in state.tried or distance(leader.hex, c.hex) > 1:
                continue
            if c.side == "sauron" and banner and distance(banner, c.hex) <= BANNER_RANGE:
                continue
            z = RALLY_Z_MODIFIER if unit_type(state, j).morale == "Z" else 0
            out.append(Rally(leader=i, unit=j, need=rating(state, i) + z))
    return out


def banner_rallies(state: GondorState) -> list[Action]:
    """18.22: the Banner's automatic rallies, Westernesse's choice in its half of phase H."""
    if state.acting != "westernesse":
        return []
    return [BannerRally(unit=i) for i in banner.banner_rallies(state)]


class RallyPhase(PhaseRules):
    """8.2: each leader tries to rally disrupted units; Sauron first, then Westernesse."""

    def start(self, state: GondorState) -> list[Event]:
        """Fresh bookkeeping for the side now rallying; say if a spell forbids it."""
        state.rallying, state.tried = {}, []
        why = banned(state)
        return [Event(text=why)] if why else []

    def choices(self, state: GondorState) -> list[Action]:
        """Rally attempts, the Banner's rallies, End phase."""
        return [*rally_orders(state), *banner_rallies(state), EndPhase()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """2d6 <= the leader's rating (-1 for a morale-Z unit) rallies the unit."""
        if isinstance(action, BannerRally):
            return banner.rally(state, action)
        if not isinstance(action, Rally):
            raise IllegalAction("That is not possible in the Rally Phase.")
        leader = state.counters[action.leader]
        state.rallying[leader.id] = state.rallying.get(leader.id, 0) + 1
        state.tried.append(action.unit)
        faces = roll(rng_for(state.seed, f"rally-{state.step}"))
        ok = sum(faces) <= action.need
        if ok:
            state.counters[action.unit].disrupted = False
        verdict = "rallied" if ok else "still disrupted"
        text = f"{action.label()}: {shown(faces)}, {verdict}."
        return [Event(text=text)]

    def prompt(self, state: GondorState) -> str | None:
        """Who rallies."""
        return f"{side_name(state.acting)}: rally disrupted units with your leaders, or end."
