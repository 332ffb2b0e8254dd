"""The Gondor game: deployment (13.0), then Game-Turns 1-16 of phases A-H (2.0), victory (20.0).

Magic, siege, combat and rally phases offer only "End phase" until their slices land.
"""

from __future__ import annotations

import tomllib
from typing import Any, ClassVar

from engines.base import Action, Event, Game, IllegalAction, Result
from engines.gondor import setup, victory
from engines.gondor.actions import (
    ACTION_TYPES,
    AutoDeploy,
    Deselect,
    EndMovement,
    EndPhase,
    Move,
    Place,
    Select,
    SetupDone,
    counter_name,
)
from engines.gondor.board import other
from engines.gondor.data import COUNTERS, GAME, SCHEDULE, Side
from engines.gondor.movement import MoveError, group_of, reach
from engines.gondor.state import SEATS, GondorState, all_gates, new_counters
from engines.gondor.views import build_view
from engines.resources import data_path
from engines.rng import rng_for

PHASES = tuple(GAME.phase)
PHASE_IDS = tuple(str(p["id"]) for p in PHASES)
MOVEMENT = frozenset(p for p in PHASE_IDS if p.endswith("-movement"))
HELP: dict[str, str] = tomllib.loads(
    (data_path("gondor") / "phases.toml").read_text(encoding="utf-8")
)["help"]


def _phase(phase_id: str) -> dict[str, object]:
    return PHASES[PHASE_IDS.index(phase_id)]


def _first_side(phase_id: str) -> Side:
    p = _phase(phase_id)
    return p["first"] if p["side"] == "both" else p["side"]  # type: ignore[return-value]


class Gondor(Game[GondorState]):
    """Gondor: The Siege of Minas Tirith, for two players (seat 0 Sauron, seat 1 Westernesse)."""

    game_id: ClassVar[str] = "gondor"
    title: ClassVar[str] = "Gondor: The Siege of Minas Tirith"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[GondorState]] = GondorState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, state: GondorState) -> None:
        super().__init__(state)
        self._cache: tuple[int, int, list[Action]] | None = None

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> GondorState:
        """Every counter off the map but the Citadel Guard in 1903; Sauron deploys first."""
        state = GondorState(
            seed=seed,
            counters=new_counters(),
            acting=SCHEDULE.order[0],
            gates=all_gates(),
            totals={str(f["id"]): 0 for f in GAME.force},
        )
        for c in state.counters:
            if c.hex is not None:
                state.visit(c.side, [c.hex])
        state.log.append("Initial deployment (13.0): Sauron places his counters first.")
        return state

    # ---- whose turn ---------------------------------------------------------------------
    def to_act(self) -> list[int]:
        """The seat of the side acting now; [] once over."""
        return [] if self.is_over else [SEATS.index(self.state.acting)]

    def legal_actions(self, seat: int) -> list[Action]:
        """The acting side's choices (cached per step)."""
        if seat not in self.to_act():
            return []
        if self._cache and self._cache[:2] == (self.state.step, seat):
            return list(self._cache[2])
        s = self.state
        if s.phase == "setup":
            found = self._setup_actions()
        elif s.phase in MOVEMENT:
            found = self._move_actions()
        else:
            found = [EndPhase()]
        self._cache = (s.step, seat, found)
        return list(found)

    def _setup_actions(self) -> list[Action]:
        s = self.state
        todo = setup.unplaced(s, s.acting)
        if not todo:
            return [SetupDone()]
        index = todo[0]
        truths = setup.truths_left(s) if s.counters[index].is_cauldron else [False]
        places: list[Action] = [
            Place(counter=index, hex=h, dummy=d)
            for d in truths
            for h in setup.legal_hexes(s, index)
        ]
        return [*places, AutoDeploy()]

    def _move_actions(self) -> list[Action]:
        s = self.state
        if s.selected:
            moves: list[Action] = [
                Move(hex=h, mp=round(mp * 2), entry=e) for h, (mp, e) in self._targets().items()
            ]
            return [*moves, Deselect()]
        return [*self._groups(), EndMovement()]

    def _movable(self, index: int) -> bool:
        c = self.state.counters[index]
        if c.side != self.state.acting or index in self.state.moved or c.is_cauldron:
            return False
        if c.kind == "leader" and COUNTERS.leaders[c.type].magic > 0:
            return False  # 3.4: magic leaders move only in the magic phases
        if c.hex is None:
            return c.group in self.state.arrived
        return True

    def _groups(self) -> list[Select]:
        """Each hex's whole movable stack, then each counter able to move alone; off-map last."""
        s = self.state
        board = s.board()
        by_hex: dict[str | None, list[int]] = {}
        for i, c in enumerate(s.counters):
            if self._movable(i):
                by_hex.setdefault(c.hex, []).append(i)
        out: list[Select] = []
        for hex_ref in sorted(h for h in by_hex if h is not None):
            ids = by_hex[hex_ref]
            options = ([tuple(ids)] if len(ids) > 1 else []) + [(i,) for i in ids]
            out += [Select(counters=o, hex=hex_ref) for o in options if _ok(s, board, o)]
        waiting = by_hex.get(None, [])
        units = [i for i in waiting if s.counters[i].kind == "unit"]
        for i in waiting:
            option: tuple[int, ...] = (i,)
            if s.counters[i].kind == "equipment":
                pushers = [u for u in units if _ok(s, board, (u, i))]
                option = (pushers[0], i) if pushers else option
            if _ok(s, board, option):
                out.append(Select(counters=option, hex=None))
        return out

    def _targets(self) -> dict[str, tuple[float, str | None]]:
        """Destination -> (MP, entry hex or None) for the selected group, cheapest first."""
        s = self.state
        board = s.board()
        ids = [s.counters[i].id for i in s.selected]
        lead = s.counters[s.selected[0]]
        if lead.hex is not None:
            return {h: (mp, None) for h, mp in reach(board, ids).costs.items()}
        best: dict[str, tuple[float, str | None]] = {}
        for entry in sorted(SCHEDULE.groups[lead.group].entry_hexes):
            costs = reach(board, ids, (entry, s.entered.get(entry, 0))).costs
            for h, mp in costs.items():
                if h not in best or mp < best[h][0]:
                    best[h] = (mp, entry)
        return dict(sorted(best.items()))

    # ---- applying -----------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.state
        s.step += 1
        side = s.acting
        if isinstance(action, Place):
            events = self._place(action)
        elif isinstance(action, AutoDeploy):
            events = self._auto_deploy()
        elif isinstance(action, SetupDone):
            events = self._setup_done(side)
        elif isinstance(action, Select):
            s.selected = list(action.counters)
            events = []
        elif isinstance(action, Deselect):
            s.selected = []
            events = []
        elif isinstance(action, Move):
            events = self._move(action)
        elif isinstance(action, EndMovement | EndPhase):
            events = self._end_phase()
        else:  # pragma: no cover - check() refuses unknown actions
            raise IllegalAction("Unknown action.")
        s.log.extend(e.text for e in events if e.seat is None)
        return events

    def _place(self, action: Place) -> list[Event]:
        s = self.state
        counter = s.counters[action.counter]
        setup.place(s, action.counter, action.hex, action.dummy)
        if not counter.is_cauldron:
            return [
                Event(
                    text=f"{_who(counter.side)} places {counter_name(action.counter)} "
                    f"on {action.hex}."
                )
            ]
        truth = "a dummy" if action.dummy else "a real"
        return [
            Event(text=f"Westernesse places a cauldron on {action.hex}."),
            Event(text=f"(Only you see this: it is {truth} cauldron.)", seat=1),
        ]

    def _auto_deploy(self) -> list[Event]:
        s = self.state
        rng = rng_for(s.seed, f"deploy-{s.step}")
        count = 0
        for index in setup.unplaced(s, s.acting):
            hexes = setup.legal_hexes(s, index)
            if not hexes:
                continue
            truths = setup.truths_left(s) if s.counters[index].is_cauldron else [False]
            setup.place(s, index, rng.choice(hexes), rng.choice(truths))
            count += 1
        return [Event(text=f"{_who(s.acting)} auto-deploys {count} counters.")]

    def _setup_done(self, side: Side) -> list[Event]:
        s = self.state
        s.placed[side] = True
        events = [Event(text=f"{_who(side)} has finished deploying.")]
        if all(s.placed.get(x) for x in SEATS):
            s.turn = 1
            return events + self._start_phase(PHASE_IDS[0])
        s.acting = other(side)
        return events

    def _move(self, action: Move) -> list[Event]:
        s = self.state
        ids = [s.counters[i].id for i in s.selected]
        lead = s.counters[s.selected[0]]
        start = lead.hex
        board = s.board()
        entry = (action.entry, s.entered.get(action.entry, 0)) if action.entry else None
        path = reach(board, ids, entry).path(action.hex)
        s.visit(lead.side, path)
        names = " + ".join(counter_name(i) for i in s.selected)
        for i in s.selected:
            s.counters[i].hex = action.hex
        if action.entry:
            units = sum(s.counters[i].kind == "unit" for i in s.selected)
            s.entered[action.entry] = s.entered.get(action.entry, 0) + units
        s.moved += s.selected
        s.selected = []
        where = f"enters at {action.entry}" if start is None else f"moves from {start}"
        return [Event(text=f"{names} {where} to {action.hex} ({action.mp / 2:g} MP).")]

    # ---- the sequence of play -------------------------------------------------------------
    def _start_phase(self, phase_id: str) -> list[Event]:
        s = self.state
        s.phase, s.acting = phase_id, _first_side(phase_id)
        s.selected, s.moved, s.entered = [], [], {}
        name = str(_phase(phase_id)["name"])
        night = " (night)" if s.turn in GAME.night else ""
        events = [Event(text=f"Game-Turn {s.turn}{night}: {name}.")]
        if phase_id in MOVEMENT:
            events += self._arrivals(phase_id)
        return events

    def _arrivals(self, phase_id: str) -> list[Event]:
        """Reinforcement groups due in this phase arrive (14.0); Rohan rolls first (14.2)."""
        s = self.state
        events = []
        for gid, group in SCHEDULE.groups.items():
            if gid in s.arrived or group.phase != phase_id or s.turn < group.turn:
                continue
            if group.roll is not None:
                die = rng_for(s.seed, f"arrival-{gid}-{s.turn}").randint(1, 6)
                ok = die in group.roll["succeed"]  # type: ignore[operator]
                verdict = "they arrive" if ok else "not yet"
                events.append(Event(text=f"Roll for {_group_name(gid)}: {die}, {verdict}."))
                if not ok:
                    continue
            s.arrived.append(gid)
            events.append(Event(text=f"{_group_name(gid)} arrive at the map edge."))
            if group.demoralization:
                force = str(group.demoralization["force"])
                s.totals[force] += int(group.demoralization["points"])
        return events

    def _end_phase(self) -> list[Event]:
        s = self.state
        p = _phase(s.phase)
        if p["side"] == "both" and s.acting == p["first"]:
            s.acting = other(s.acting)
            return []
        index = PHASE_IDS.index(s.phase) + 1
        if index < len(PHASE_IDS):
            return self._start_phase(PHASE_IDS[index])
        if s.turn >= GAME.turns:
            victory.finish(s)
            s.phase = "over"
            return [Event(text=s.summary or "")]
        s.turn += 1
        return self._start_phase(PHASE_IDS[0])

    # ---- hints ------------------------------------------------------------------------------
    def phase_help(self, seat: int | None) -> str:
        """The help text of the current phase (data/gondor/phases.toml)."""
        s = self.state
        key = f"setup-{s.acting}" if s.phase == "setup" else s.phase
        return HELP[key]

    def auto_play_reveals(self, seat: int) -> bool:
        """True when a Westernesse choice involves cauldrons or oil, whose truth Sauron lacks."""
        s = self.state
        if SEATS[seat] != "westernesse" or s.acting != "westernesse":
            return False
        if s.phase == "setup":
            todo = setup.unplaced(s, "westernesse")
            return bool(todo) and s.counters[todo[0]].is_cauldron
        return any(s.counters[i].carries_oil for i in s.selected)

    def confirm_text(self, seat: int, action: Action) -> str | None:
        """Ask before ending a movement phase in which nothing moved."""
        if isinstance(action, EndMovement) and not self.state.moved:
            return "End movement without moving anything?"
        return None

    # ---- views and result ------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What the seat knows (None: a spectator, who sees what Sauron sees)."""
        return build_view(self.state, None if seat is None else SEATS[seat], self._pending())

    def _pending(self) -> str | None:
        s = self.state
        if self.is_over:
            return None
        who = _who(s.acting)
        if s.phase == "setup":
            return f"{who} deploys ({len(setup.unplaced(s, s.acting))} counters left)."
        if s.selected:
            return f"{who}: choose where {counter_name(s.selected[0])} goes."
        if s.phase in MOVEMENT:
            return f"{who}: choose a group to move, or end movement."
        return f"{who}: end the {_phase(s.phase)['name']} (more comes in later slices)."

    @property
    def is_over(self) -> bool:
        """After phase H of Game-Turn 16."""
        return self.state.winner is not None

    @property
    def result(self) -> Result | None:
        """Winner seat; scores = conditions of 20.1 Sauron achieved, and the rest."""
        s = self.state
        if s.winner is None:
            return None
        met = victory.score(s)
        return Result(
            winners=[SEATS.index(s.winner)], scores={0: met, 1: 3 - met}, summary=s.summary or ""
        )


def _ok(state: GondorState, board: object, option: tuple[int, ...]) -> bool:
    try:
        group_of(board, [state.counters[i].id for i in option])  # type: ignore[arg-type]
    except MoveError:
        return False
    return True


def _who(side: Side) -> str:
    return "Sauron" if side == "sauron" else "Westernesse"


def _group_name(gid: str) -> str:
    return GROUP_NAMES.get(gid, gid)


GROUP_NAMES: dict[str, str] = tomllib.loads(
    (data_path("gondor") / "phases.toml").read_text(encoding="utf-8")
)["groups"]
