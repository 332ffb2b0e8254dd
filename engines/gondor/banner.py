"""The Banner of the King (18.0): unfurled with Aragorn, stands with a leader, rallies, falls.

The Banner is the last counter of ``state.counters`` (kind "banner", off the map until
unfurled), so the board, the views and the Westernesse Movement Phase handle it like any
counter; ``state.banner_leader`` is the leader it stands with (18.14).
"""

from __future__ import annotations

from engines.base import Event, IllegalAction
from engines.gondor.actions import counter_name
from engines.gondor.data import TABLES
from engines.gondor.effects import BANNER_SPELL, banner_hex, near_banner, spell_active
from engines.gondor.magic.actions import BannerRally
from engines.gondor.state import Counter, GondorState

NAME = "The Banner of the King"
RALLIES = int(TABLES.banner["rallies"])  # 18.22: two units a Game-Turn
ARAGORN = "aragorn"  # 18.12: the Banner is placed with him


def banner_index(state: GondorState) -> int:
    """The Banner counter's index."""
    return next(i for i, c in enumerate(state.counters) if c.kind == "banner")


def banner(state: GondorState) -> Counter:
    """The Banner counter."""
    return state.counters[banner_index(state)]


def leaders_on_map(state: GondorState) -> list[int]:
    """Indices of the Westernesse leaders on the map."""
    return [
        i
        for i, c in enumerate(state.counters)
        if c.kind == "leader" and c.side == "westernesse" and c.hex is not None
    ]


def aragorn(state: GondorState) -> int | None:
    """Aragorn's index while he is on the map (17.23, 18.11), else None."""
    return next((i for i in leaders_on_map(state) if state.counters[i].type == ARAGORN), None)


def unfurl(state: GondorState) -> list[Event]:
    """18.12: the Banner is placed with Aragorn."""
    index = aragorn(state)
    if index is None:
        raise IllegalAction("Aragorn is not on the map (18.11).")
    banner(state).hex = state.counters[index].hex
    state.banner_leader = index
    where = state.counters[index].hex
    return [Event(text=f"{NAME} is unfurled with Aragorn in {where} (18.12).")]


def remove(state: GondorState, why: str) -> list[Event]:
    """Take the Banner off the map for good; its spell ends with it."""
    banner(state).hex = None
    state.banner_leader = None
    state.spells = [s for s in state.spells if s.family != BANNER_SPELL]
    return [Event(text=f"{NAME} {why}.")]


def check(state: GondorState) -> list[Event]:
    """18.14: the Banner falls with its leader; outside its movement it stays with that leader."""
    flag = banner(state)
    if flag.hex is None:
        return []
    leader = state.banner_leader
    if leader is None or state.counters[leader].hex is None:
        name = counter_name(leader) if leader is not None else "its leader"
        return remove(state, f"falls with {name} (18.14)")
    there = state.counters[leader].hex
    if flag.hex != there and state.phase != "westernesse-movement":
        flag.hex = there
        return [Event(text=f"{NAME} goes with {counter_name(leader)} to {there}.")]
    return []


def settle(state: GondorState) -> list[Event]:
    """End of the Westernesse Movement Phase: the Banner stands with a leader (18.13).

    The phase ends only so (``moving``); its own leader stays its leader if he is there. With
    no Westernesse leader left on the map it is removed.
    """
    flag = banner(state)
    if state.phase != "westernesse-movement" or flag.hex is None:
        return []
    leaders = leaders_on_map(state)
    here = [i for i in leaders if state.counters[i].hex == flag.hex]
    if not here:
        return remove(state, "has no leader left on the map and is removed (18.13)")
    state.banner_leader = state.banner_leader if state.banner_leader in here else here[0]
    return []


def join(state: GondorState, leader: int) -> list[Event]:
    """The player's answer when no move can stand the lone Banner with a leader (18.13)."""
    flag = banner(state)
    flag.hex = state.counters[leader].hex
    state.banner_leader = leader
    return [Event(text=f"{NAME} joins {counter_name(leader)} in {flag.hex} (18.13).")]


def banner_rallies(state: GondorState) -> list[int]:
    """Units the Banner may rally now (18.22): disrupted Westernesse units within six hexes.

    Two a Game-Turn while it is unfurled; none while FearSpell holds (17.11: Westernesse
    units "may not be rallied").
    """
    if banner_hex(state) is None or len(state.banner_rallied) >= RALLIES:
        return []
    if spell_active(state, "fear"):
        return []
    return [
        i
        for i, c in enumerate(state.counters)
        if c.kind == "unit"
        and c.side == "westernesse"
        and c.disrupted
        and c.hex is not None
        and near_banner(state, c.hex)
    ]


def rally(state: GondorState, action: BannerRally) -> list[Event]:
    """The Banner rallies one unit: no roll (18.22)."""
    if action.unit not in banner_rallies(state):
        raise IllegalAction("The Banner cannot rally that unit now.")
    state.counters[action.unit].disrupted = False
    state.banner_rallied.append(action.unit)
    return [Event(text=f"{NAME} rallies {counter_name(action.unit)} (18.22).")]
