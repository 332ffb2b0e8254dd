"""The camp: its slots and the links between them, loaded from ``data/knightfall/camp.json``.

The rulebook's picture of "linked" cards is missing, so the layout and its links are data
(docs/rules/knightfall.md, Components); nothing in the rules hard-codes them.
"""

from __future__ import annotations

from functools import cached_property
from importlib.resources.abc import Traversable
from itertools import combinations
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from engines.resources import data_path

DATA_DIR = data_path("knightfall")

Role = Literal["knight", "archer", "mage", "reserve"]


class SlotSpec(BaseModel):
    """One position of the camp map."""

    model_config = ConfigDict(frozen=True)

    id: str
    role: Role
    row: int
    col: int

    @property
    def name(self) -> str:
        """Human name: ``"Knight"``, ``"Archer 2"``, ``"Reserve 1"``."""
        number = "".join(ch for ch in self.id if ch.isdigit())
        return f"{self.role.capitalize()} {number}".strip()


class CampLayout(BaseModel):
    """The whole camp map: slots in display order and undirected links."""

    model_config = ConfigDict(frozen=True)

    slots: tuple[SlotSpec, ...]
    links: tuple[tuple[str, str], ...]

    @model_validator(mode="after")
    def _check(self) -> CampLayout:
        ids = [s.id for s in self.slots]
        if len(set(ids)) != len(ids):
            raise ValueError("slot ids must be unique")
        for sid in ids:
            if not (sid.isascii() and sid.isalnum()):
                raise ValueError(f"slot id {sid!r} must be letters and digits")
        if [s.role for s in self.slots].count("knight") != 1:
            raise ValueError("the camp needs exactly one knight slot")
        for a, b in self.links:
            if a not in ids or b not in ids or a == b:
                raise ValueError(f"bad link {a}-{b}")
        return self

    @cached_property
    def ids(self) -> tuple[str, ...]:
        """Slot ids in display order."""
        return tuple(s.id for s in self.slots)

    @cached_property
    def by_id(self) -> dict[str, SlotSpec]:
        """Slot specs by id."""
        return {s.id: s for s in self.slots}

    @cached_property
    def knight(self) -> str:
        """Id of the Knight slot."""
        return next(s.id for s in self.slots if s.role == "knight")

    @cached_property
    def neighbours(self) -> dict[str, frozenset[str]]:
        """Adjacency of the link graph."""
        adj: dict[str, set[str]] = {sid: set() for sid in self.ids}
        for a, b in self.links:
            adj[a].add(b)
            adj[b].add(a)
        return {sid: frozenset(n) for sid, n in adj.items()}

    @cached_property
    def triples(self) -> tuple[tuple[str, str, str], ...]:
        """Every set of three slots forming a connected group (a chain or a corner).

        Each triple is in display order, and the triples are in lexicographic order of
        their display positions, so any list built from them is deterministic.
        """
        adj = self.neighbours
        found = []
        for a, b, c in combinations(self.ids, 3):
            edges = (b in adj[a]) + (c in adj[a]) + (c in adj[b])
            if edges >= 2:
                found.append((a, b, c))
        return tuple(found)

    def role(self, slot: str) -> Role:
        """Role of a slot."""
        return self.by_id[slot].role

    def name(self, slot: str) -> str:
        """Human name of a slot id (the id itself if unknown)."""
        spec = self.by_id.get(slot)
        return spec.name if spec else slot


def load_layout(path: Traversable | None = None) -> CampLayout:
    """Read and validate the camp layout."""
    path = path or DATA_DIR / "camp.json"
    return CampLayout.model_validate_json(path.read_text(encoding="utf-8"))


LAYOUT: CampLayout = load_layout()
"""The camp every game uses."""
