"""The Magic Leader Phases A and E (2.0, 3.4, 8.5): each magic leader moves or casts one spell."""

from __future__ import annotations

from engines.base import Action, Event, IllegalAction, Unavailable
from engines.gondor.actions import Deselect, EndPhase, Move, counter_name, side_name
from engines.gondor.data import COUNTERS
from engines.gondor.effects import frozen, spell_active
from engines.gondor.hexes import distance
from engines.gondor.magic.actions import Cast, DriveNazgul, MagicSelect
from engines.gondor.magic.cast import GANDALF, NAZGUL, by_type, magic_leader, options, points_left
from engines.gondor.magic.effects import drive, expire, resolve, stalemate_hexes
from engines.gondor.movement import reach
from engines.gondor.moving import move_selected
from engines.gondor.phase import PhaseRules
from engines.gondor.state import GondorState


class MagicPhase(PhaseRules):
    """Phase A (Westernesse first) or E (Sauron first): the acting side's magic leader acts once."""

    def start(self, state: GondorState) -> list[Event]:
        """Spells whose time is up end (8.5); the acting side's leader has not acted yet."""
        state.magic_acted = []
        if state.phase == "magic-1":
            mine = {t for t, ld in COUNTERS.leaders.items() if ld.side == state.acting}
            state.cast_in_a = [t for t in state.cast_in_a if t not in mine]  # 8.52
            state.banner_rallied = []  # 18.22: two a Game-Turn
        return expire(state)

    def choices(self, state: GondorState) -> list[Action]:
        """Move the leader (two clicks) or one cast per spell and point amount; End phase."""
        if state.selected:
            found = destinations(state, state.selected[0])
            return [*(Move(hex=h, mp=round(mp * 2)) for h, mp in found.items()), Deselect()]
        leader = ready_leader(state)
        if leader is None:
            return [EndPhase()]
        move: list[Action] = [MagicSelect(leader=leader)] if destinations(state, leader) else []
        return [*move, *options(state, leader)[0], EndPhase()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Choose to move, move, or cast."""
        if isinstance(action, MagicSelect):
            state.selected = [action.leader]
            return []
        if isinstance(action, Deselect):
            state.selected = []
            return []
        if isinstance(action, Move):
            return _move(state, action)
        if isinstance(action, Cast):
            return resolve(state, action)
        raise IllegalAction("That is not possible in a Magic Leader Phase.")

    def unavailable(self, state: GondorState) -> list[Unavailable]:
        """The spells the leader may not cast now, and why; a frozen leader's move."""
        leader = ready_leader(state)
        if leader is None or state.selected:
            return []
        refused = options(state, leader)[1]
        if frozen(state, leader):
            name = counter_name(leader)
            refused.insert(0, Unavailable(label=f"Move {name}", reason="frozen (17.12)"))
        return refused

    def confirm(self, state: GondorState, action: Action) -> str | None:
        """Ask before spending magic points (a pool lasts the whole game)."""
        if not isinstance(action, Cast):
            return None
        spell, name = action.line.label, counter_name(action.leader)
        left = points_left(state, action.leader)
        if action.sure:
            return f"Spend {action.points} of {name}'s {left} magic points on {spell}?"
        return (
            f"Attempt {spell} with {action.points} of {name}'s {left} magic points? On a failed "
            "roll nothing is spent, but the leader's phase is used."
        )

    def prompt(self, state: GondorState) -> str | None:
        """Who may move or cast now."""
        who = side_name(state.acting)
        if state.selected:
            return f"{who}: choose where {counter_name(state.selected[0])} goes."
        leader = ready_leader(state)
        if leader is None:
            return f"{who}: your magic leader has nothing to do now; end the phase."
        left = points_left(state, leader)
        name = counter_name(leader)
        return f"{who}: {name} may move (up to 6 MP) or cast one spell ({left} points left)."


class StalemateChoice(PhaseRules):
    """Gandalf's player places the Nazgûl Lord his Stalemate drives away (17.22)."""

    def _hexes(self, state: GondorState) -> list[str]:
        gandalf = by_type(state, GANDALF)
        assert gandalf is not None and state.pending is not None
        push = int(state.pending.data["push"])
        return stalemate_hexes(state, state.counters[gandalf].hex or "", push)

    def choices(self, state: GondorState) -> list[Action]:
        """One per landing hex, the one due east first."""
        return [DriveNazgul(hex=h) for h in self._hexes(state)]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Place him."""
        if not isinstance(action, DriveNazgul) or action.hex not in self._hexes(state):
            raise IllegalAction("Choose one of the hexes offered.")
        state.pending = None
        return drive(state, action.hex)

    def prompt(self, state: GondorState) -> str | None:
        """What is asked."""
        return (
            "Westernesse: choose where the Lord of the Nazgûl lands, six hexes east of Gandalf "
            "(17.22)."
        )


def ready_leader(state: GondorState) -> int | None:
    """The acting side's magic leader if it is on the map and has not moved or cast this phase."""
    leader = magic_leader(state, state.acting)
    if leader is None or state.counters[leader].type in state.magic_acted:
        return None
    return leader


def destinations(state: GondorState, leader: int) -> dict[str, float]:
    """Where the magic leader may move (up to 6 MP, 3.1); nowhere while frozen (17.12).

    While Stalemate lasts the Nazgûl Lord may not move next to Gandalf (17.22 [I]).
    """
    if frozen(state, leader):
        return {}
    found = reach(state.board(), [state.counters[leader].id]).costs
    gandalf = by_type(state, GANDALF)
    if state.counters[leader].type != NAZGUL or gandalf is None:
        return found
    if not spell_active(state, "stalemate"):
        return found
    there = state.counters[gandalf].hex or ""
    return {h: mp for h, mp in found.items() if distance(h, there) > 1}


def _move(state: GondorState, action: Move) -> list[Event]:
    leader = state.counters[state.selected[0]]
    _, event, _ = move_selected(state, action)
    state.magic_acted.append(leader.type)
    return [event]
