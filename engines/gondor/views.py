"""Gondor views in the renderer's format (render/gondor/__init__.py), built from the state.

Sauron and spectators never learn a cauldron's or an oil's truth: every cauldron shows
truth "?" and no oil count (which would tell where oil was picked up), every carried oil
"?". The static map is the same in every view: it is built once from data and never dumped
into a view (``GondorView.map`` is filled in as the model reads the view, in every process).
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, Field

from engines.gondor import places
from engines.gondor.actions import counter_name
from engines.gondor.data import COUNTERS, GAME, MAP, SCHEDULE, Side
from engines.gondor.magic.effects import spells_view
from engines.gondor.state import Counter, GondorState
from engines.gondor.victory import FORCES, demoralized, level_controller, total
from engines.resources import data_path

LOG_TAIL = 8
_TEXT = tomllib.loads((data_path("gondor") / "phases.toml").read_text(encoding="utf-8"))

Hexside = tuple[str, str]  # the two hexes either side


class MapHex(BaseModel):
    """A hex of the map: terrain and city level (0 = outside the city)."""

    id: str
    col: int
    row: int
    terrain: str
    level: int


class MapHexside(BaseModel):
    """A wall, tower or gate hexside; ``level`` is the upper level (1 = Outer Wall)."""

    a: str
    b: str
    kind: Literal["wall", "tower", "gate"]
    level: int


class GameMap(BaseModel):
    """The static map: the same in every view."""

    columns: int
    rows: int
    hexes: list[MapHex]
    hexsides: list[MapHexside]
    roads: list[list[str]]  # each a chain of adjacent hexes
    labels: dict[str, str]  # hex -> the name of the place


@cache
def game_map() -> GameMap:
    """The static map from map.json (built once)."""
    return GameMap(
        columns=MAP.grid.columns,
        rows=MAP.grid.rows,
        hexes=[
            MapHex(id=h.id, col=h.col, row=h.row, terrain=h.terrain, level=h.level)
            for h in MAP.hexes.values()
        ],
        hexsides=[
            MapHexside(a=s.hexes[0], b=s.hexes[1], kind=s.kind, level=s.into_level)
            for s in MAP.hexsides.values()
        ],
        roads=[list(r.hexes) for r in MAP.roads],
        labels=places.labels(),
    )


class CounterView(BaseModel):
    """A counter as a side sees it: a cauldron's truth and carried oil only for Westernesse."""

    id: str
    kind: str  # infantry, cavalry, mumak, leader, catapult, siege-tower, grond, cauldron, ...
    name: str
    short: str  # its first word, for a zoomed counter
    code: str | None  # a unit's code ("Ee-3-X")
    rating: int | None  # a leader's Rally Rating
    side: Side
    disrupted: bool
    formation: str | None
    carrying: Literal["oil", "dummy", "?"] | None
    truth: Literal["real", "dummy", "?"] | None  # cauldrons only


class PhaseView(BaseModel):
    """The phase's letter ("D"; "" before and after the turns) and name."""

    letter: str
    name: str


class GateView(BaseModel):
    """A gate and the side holding it."""

    hexside: Hexside
    controller: Side | None


class LevelView(BaseModel):
    """A city level and the side holding it."""

    level: int
    controller: Side


class StackView(BaseModel):
    """The counters on one hex."""

    hex: str
    counters: list[CounterView]


class OffMapView(BaseModel):
    """A group of counters waiting off the map."""

    name: str
    counters: list[CounterView]


class ForceView(BaseModel):
    """A demoralization force: its total against its level."""

    id: str
    name: str
    total: int
    level: int
    demoralized: bool


class SpellView(BaseModel):
    """A spell in force; ``turns_left`` None: for the rest of the game."""

    id: str
    name: str
    turns_left: int | None


GOAL = (
    "After turn 16 Sauron wins if the garrison has lost heart (demoralized), his army has not, "
    'and he last held both "East road" hexes on the map (by the Main Gate, at the east edge); '
    "or Westernesse wins."
)
"""How to win and how the game ends, in one line (rules: 20.0 Victory)."""
FORCES_LABEL = "Losses/limit"
"""What the numbers of the forces under the map are (phases.toml glossary explains it)."""


class GondorView(BaseModel):
    """The whole view of a side (``you``) or a spectator."""

    goal: str = GOAL
    # The static map (37 KB pickled) is left out of the dict: the renderer's worker fills it in
    # from the data, so no view carries it across a process boundary or validates it again.
    map: GameMap = Field(default_factory=game_map, exclude=True)
    turn: int
    turns: int
    night: bool
    phase: PhaseView
    segment: str | None
    to_act: list[Side]
    you: Side | None
    pending: str | None  # the prompt of the decision awaited
    result: str | None
    spotlight: list[str]  # hexes the last action changed
    moves: list[Hexside]  # (from, to) of each counter the last action moved
    fires: list[str]
    heads: list[str]
    breaches: list[Hexside]
    ladders: list[Hexside]
    gates: list[GateView]
    levels: list[LevelView]
    stacks: list[StackView]  # only hexes holding counters
    off_map: list[OffMapView]
    forces: list[ForceView]
    spells: list[SpellView]
    magic_points: dict[Side, int]
    road_control: dict[str, Side | None]
    log_tail: list[str]  # the last events, newest last
    # Never in PositionViews' dicts: Game.view adds the hexes a selected group can reach
    # (``highlight``) and the mover's close-up (``focus``), the bot adds ``seat_names`` and,
    # to a side's own picture only, its warnings' headlines (``warnings``, ``Alert.short``).
    highlight: list[str] = Field(default_factory=list, exclude=True)
    focus: list[str] = Field(default_factory=list, exclude=True)
    seat_names: list[str] = Field(default_factory=list, exclude=True)
    warnings: list[str] = Field(default_factory=list, exclude=True)


def short_word(name: str) -> str:
    """A counter's one word on a close-up: its first, or after a leading "The" its last.

    "Gothmog", "King" (of Harad); "The Lord of the Nazgûl" is "Nazgûl", never "The".
    """
    words = name.split(" ")
    return words[-1] if words[0] == "The" else words[0]


@cache
def _static(index: int, counter_id: str, kind: str, type_id: str) -> dict[str, Any]:
    """The parts of a CounterView that never change (a cauldron's are alike, real or dummy)."""
    unit = COUNTERS.units.get(type_id) if kind == "unit" else None
    leader = COUNTERS.leaders.get(type_id) if kind == "leader" else None
    shown = kind
    if unit:
        shown = unit.type
    elif kind == "equipment":
        shown = COUNTERS.equipment[type_id].kind
    name = counter_name(index)
    return {
        "id": counter_id,
        "kind": shown,
        "name": name,
        "short": short_word(name),
        "code": unit.code if unit else None,
        "rating": leader.rally if leader else None,
    }


def counter_view(c: Counter, index: int, knows_truth: bool) -> dict[str, Any]:
    """One CounterView's dict; a cauldron's truth and carried oil only for Westernesse.

    Built as the dict ``CounterView.model_dump(mode="json")`` gives, without the model: a
    view holds about a hundred counters, and each was validated, then dumped (a third of a
    view's cost). The state's typed fields make every value JSON already.
    """
    static = _static(index, c.id, c.kind, c.type)
    name = static["name"]
    truth: Literal["real", "dummy", "?"] | None = None
    if c.is_cauldron:
        truth = ("dummy" if c.dummy else "real") if knows_truth else "?"
        name = f"Cauldron ({c.oil} oil)" if knows_truth else "Cauldron"  # where oil went: secret
    carrying: Literal["oil", "dummy", "?"] | None = None
    if c.carries_oil:
        carrying = ("dummy" if c.dummy else "oil") if knows_truth else "?"
    return {
        **static,
        "name": name,
        "side": c.side,
        "disrupted": c.disrupted,
        "formation": c.formation,
        "carrying": carrying,
        "truth": truth,
    }


class PositionViews:
    """The views of one position, their shared parts built once.

    A click shows a spectator's view and each side's: what every side sees is built once, the
    counters once for Westernesse and once for the others. The views share those parts, so a
    caller must not change a view it is given.
    """

    def __init__(self, state: GondorState, pending: str | None) -> None:
        self.state = state
        self.step = state.step
        self._common = _common_view(state, pending)
        self._counters: dict[bool, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {}

    def view(self, you: Side | None) -> dict[str, Any]:
        """The whole view for ``you`` (None: a spectator, who sees what Sauron sees).

        Its keys come in the order of ``GondorView``'s fields, as a dump gives them.
        """
        knows = you == "westernesse"
        if knows not in self._counters:
            self._counters[knows] = _counters(self.state, knows)
        stacks, off = self._counters[knows]
        view = dict(self._common)
        view["you"] = you
        view["stacks"] = stacks
        view["off_map"] = off
        return view


def _counters(state: GondorState, knows: bool) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The stacks on the map and the groups off it, as dicts (``counter_view``)."""
    stacks: dict[str, list[dict[str, Any]]] = {}
    off: dict[str, list[dict[str, Any]]] = {}
    for i, c in enumerate(state.counters):
        if c.hex is not None:
            stacks.setdefault(c.hex, []).append(counter_view(c, i, knows))
        elif c.group in SCHEDULE.groups:
            off.setdefault(c.group, []).append(counter_view(c, i, knows))
    return (
        [{"hex": h, "counters": cs} for h, cs in sorted(stacks.items())],
        [{"name": _TEXT["groups"][g], "counters": cs} for g, cs in off.items()],
    )


def _common_view(state: GondorState, pending: str | None) -> dict[str, Any]:
    """The view but whose it is and its counters (``you``, ``stacks``, ``off_map`` left empty)."""
    phase = next((p for p in GAME.phase if p["id"] == state.phase), None)
    view = GondorView(
        turn=state.turn,
        turns=GAME.turns,
        night=state.turn in GAME.night,
        phase=_phase_view(state, phase),
        segment=state.segment,
        to_act=[] if state.winner else [state.pending.side if state.pending else state.acting],
        you=None,
        pending=pending,
        result=state.summary,
        spotlight=list(state.spotlight),
        moves=list(state.last_moves),
        fires=sorted(state.fires),
        heads=sorted(state.heads),
        breaches=[_pair(w) for w in sorted(state.breaches)],
        ladders=[_pair(w) for w in sorted(state.ladders)],
        gates=[
            GateView(hexside=MAP.hexsides[g].hexes, controller=side)
            for g, side in sorted(state.gates.items())
        ],
        levels=[LevelView(level=lv, controller=level_controller(state, lv)) for lv in range(1, 8)],
        stacks=[],
        off_map=[],
        forces=[
            ForceView.model_validate(
                {
                    "id": f,
                    "name": _TEXT["forces"][f],
                    "total": total(state, f),
                    "level": FORCES[f]["level"],  # game.toml's raw table: pydantic checks it
                    "demoralized": demoralized(state, f),
                }
            )
            for f in FORCES
        ],
        spells=[SpellView.model_validate(s) for s in spells_view(state)],
        magic_points=_magic(state),
        road_control=dict(state.road),
        log_tail=state.log[-LOG_TAIL:],
    )
    return view.model_dump(mode="json")


def _pair(hexside: str) -> Hexside:
    """A hexside id "a/b" as its two hexes."""
    a, b = hexside.split("/")
    return a, b


def _phase_view(state: GondorState, phase: dict[str, object] | None) -> PhaseView:
    if phase is not None:
        return PhaseView(letter=str(phase["letter"]), name=str(phase["name"]))
    if state.phase == "setup":
        return PhaseView(letter="", name="Initial Deployment")
    return PhaseView(letter="", name="Game over")


def _magic(state: GondorState) -> dict[Side, int]:
    """Magic points left in the pools of each side's magic leaders on the map (8.5)."""
    out: dict[Side, int] = {"sauron": 0, "westernesse": 0}
    for c in state.counters:
        if c.kind == "leader" and c.hex is not None:
            out[c.side] += COUNTERS.leaders[c.type].magic - state.magic_spent.get(c.type, 0)
    return out
