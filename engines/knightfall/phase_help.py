"""The "?" help for each stage: text from ``data/knightfall/phases.toml``, notes chosen here.

The file is read and validated once, at import: every stage needs a table, and every note the
engine may add must be written there.
"""

from __future__ import annotations

import tomllib
from importlib.resources.abc import Traversable
from typing import get_args

from pydantic import BaseModel, ConfigDict, RootModel, model_validator

from engines.knightfall.camp import DATA_DIR, LAYOUT
from engines.knightfall.rules import attackers_of
from engines.knightfall.state import KnightfallState, Stage
from engines.text import plural, sentence

NOTES: dict[str, frozenset[str]] = {
    "draw": frozenset({"full"}),
    "coins": frozenset({"no_attacker", "weak_knight"}),
    "powers": frozenset({"shooting"}),
}
"""The notes the engine adds, per stage; the data file must have exactly these."""


class PhaseText(BaseModel):
    """The help of one stage."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    text: str
    notes: dict[str, str] = {}


class PhaseBook(RootModel[dict[str, PhaseText]]):
    """Every stage's help, keyed by stage."""

    @model_validator(mode="after")
    def _complete(self) -> PhaseBook:
        stages = set(get_args(Stage))
        if set(self.root) != stages:
            raise ValueError(f"phases must be exactly the stages {sorted(stages)}")
        for stage, phase in self.root.items():
            if set(phase.notes) != NOTES.get(stage, frozenset()):
                raise ValueError(f"{stage}: notes must be {sorted(NOTES.get(stage, ()))}")
        return self


def load_phases(path: Traversable | None = None) -> PhaseBook:
    """Read and validate the stage help."""
    path = path or DATA_DIR / "phases.toml"
    return PhaseBook.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))


PHASES: PhaseBook = load_phases()


def phase_help(state: KnightfallState, seat: int | None) -> str:
    """The stage's title and text, the rounds left, and the notes that apply to ``seat``."""
    phase = PHASES.root[state.stage]
    parts = [f"{phase.title}. {sentence(phase.text)}"]
    if state.stage not in ("muster", "over"):
        left = len(state.deck) // 2
        parts.append(
            f"Round {state.round}; "
            + (f"{plural(left, 'more round')} after this one." if left else "the last round.")
        )
    if seat is not None:
        parts += [sentence(phase.notes[key]) for key in _notes(state, seat)]
    return " ".join(parts)


def _notes(state: KnightfallState, seat: int) -> list[str]:
    """The keys of the notes that apply to ``seat`` now."""
    player = state.players[seat]
    match state.stage:
        case "draw":
            return ["full"] if not player.free_slots() else []
        case "coins":
            knight = player.slots[LAYOUT.knight]
            keys = [] if attackers_of(player) else ["no_attacker"]
            if knight is not None and knight.status == "weak":
                keys.append("weak_knight")
            return keys
        case "powers":
            return ["shooting"] if state.shooting == seat else []
        case _:
            return []
