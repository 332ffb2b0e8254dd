"""Victory (20.0): demoralization (19.0), city level control (20.2), road control, the result."""

from __future__ import annotations

from engines.gondor.data import GAME, MAP, Side
from engines.gondor.state import ROAD_HEXES, GondorState
from engines.gondor.zoc import exerts_zoc

FORCES = {str(f["id"]): f for f in GAME.force}


def _gates_into() -> dict[int, tuple[str, ...]]:
    """City level -> the gate hexsides leading into it from below."""
    out: dict[int, tuple[str, ...]] = {}
    for side in MAP.hexsides.values():
        if side.kind == "gate":
            out[side.into_level] = (*out.get(side.into_level, ()), side.id)
    return out


GATES_INTO = _gates_into()


def adjustment(force: str, event: str) -> int:
    """The points a game.toml [[force]] adjust event adds to a force's total (19.11, 19.13)."""
    found = [a for a in FORCES[force]["adjust"] if a["event"] == event]  # type: ignore[attr-defined]
    return int(found[0]["points"]) if found else 0


def levels_held(state: GondorState) -> int:
    """How many city levels Sauron controls (20.2)."""
    return sum(level_controller(state, lv) == "sauron" for lv in range(1, 8))


def total(state: GondorState, force: str) -> int:
    """A force's total plus city levels held (19.11, 19.13) and the garrison's fall (19.13)."""
    points = state.totals.get(force, 0)
    points += adjustment(force, "city-level-controlled-by-sauron") * levels_held(state)
    if force != "garrison" and garrison_fell(state):
        points += adjustment(force, "garrison-demoralized")
    return points


def _level(force: str) -> int:
    return int(FORCES[force]["level"])  # type: ignore[call-overload]


def garrison_fell(state: GondorState) -> bool:
    """Whether the garrison is or has once been demoralized (19.13: "first becomes")."""
    return state.garrison_fell or total(state, "garrison") >= _level("garrison")


def settle(state: GondorState) -> None:
    """Remember that the garrison became demoralized (19.13); call after totals change."""
    state.garrison_fell = garrison_fell(state)


def demoralized(state: GondorState, force: str) -> bool:
    """A force is demoralized while its total reaches its level (19.1, 19.14)."""
    return total(state, force) >= _level(force)


def level_controller(state: GondorState, level: int) -> Side:
    """Who holds a level: Sauron with every gate into it and no undisrupted foe inside (20.2)."""
    if gates_his(state, level) and not keepers(state).get(level):
        return "sauron"
    return "westernesse"


def gates_his(state: GondorState, level: int) -> bool:
    """Whether Sauron controls every gate into the city level from the level below (20.2)."""
    gates = GATES_INTO.get(level, ())
    return bool(gates) and all(state.gates.get(g) == "sauron" for g in gates)


def keepers(state: GondorState) -> dict[int, list[int]]:
    """City level -> its undisrupted Westernesse combat units (counter indices).

    They keep their level from Sauron whatever its gates (20.2).
    """
    found: dict[int, list[int]] = {}
    for i, c in enumerate(state.counters):
        lv = MAP.hexes[c.hex].level if c.hex is not None else 0
        if lv > 0 and c.side == "westernesse" and exerts_zoc(c.piece()):
            found.setdefault(lv, []).append(i)
    return found


def conditions(state: GondorState) -> dict[str, bool]:
    """The three conditions of 20.1, by game.toml id."""
    return {
        "garrison-demoralized": demoralized(state, "garrison"),
        "sauron-not-demoralized": not demoralized(state, "sauron"),
        "road-control": all(state.road[h] == "sauron" for h in ROAD_HEXES),
    }


_WORDS = {
    "garrison-demoralized": ("the garrison is demoralized", "the garrison is not demoralized"),
    "sauron-not-demoralized": ("Sauron is not demoralized", "Sauron is demoralized"),
    "road-control": (
        "Sauron was last on both East road hexes (by the Main Gate and at the east edge)",
        "Sauron was not last on both East road hexes (by the Main Gate and at the east edge)",
    ),
}


def finish(state: GondorState) -> None:
    """Decide the game after the last Game-Turn (20.1): Sauron wins only if all three hold."""
    settle(state)
    met = conditions(state)
    state.winner = "sauron" if all(met.values()) else "westernesse"
    who = "Sauron" if state.winner == "sauron" else "Westernesse"
    reasons = "; ".join(_WORDS[k][0 if ok else 1] for k, ok in met.items())
    state.summary = f"{who} wins after Game-Turn {state.turn}: {reasons}."


def score(state: GondorState) -> int:
    """How many of 20.1's three conditions Sauron achieved (0-3)."""
    return sum(conditions(state).values())
