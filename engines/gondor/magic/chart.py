"""The Magic Capabilities Chart (17.4, tables.toml [[spell]]): costs, odds, allowances."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engines.gondor.data import GAME, TABLES
from engines.gondor.state import GondorState

DIE = 6


class Spell(BaseModel):
    """One line of the chart; a family (limit_group) may price its casts in several lines."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    label: str
    summary: str
    caster: str
    auto: int
    attempt: dict[int, int]
    limit: int  # successful casts allowed in a game; 0 = unlimited
    limit_group: str | None = None
    casts: tuple[int, ...] = ()  # which casts of the family this line prices; () = all
    duration: int  # Game-Turns; 0 = the rest of the game
    range: int | None = None
    push: int | None = None
    day_only: bool = False
    night_only: bool = False
    seed: str

    @property
    def family(self) -> str:
        """The effect and allowance this line belongs to (freeze-leader, stalemate, fear...)."""
        return self.limit_group or self.id

    def needs(self, points: int) -> int | None:
        """The highest d6 that casts it with ``points``; 6 = sure; None = not an amount it takes."""
        if points >= self.auto:
            return DIE
        return self.attempt.get(points)

    def amounts(self) -> list[int]:
        """Every point amount worth offering: each attempt, then the automatic cost."""
        return [*sorted(p for p in self.attempt if p < self.auto), self.auto]


SPELLS: dict[str, Spell] = {str(s["id"]): Spell.model_validate(s) for s in TABLES.spell}
CHART: tuple[str, ...] = tuple(SPELLS)  # chart order: an action names a line by its index


def families(caster: str) -> list[str]:
    """The spell families a magic leader knows, in chart order."""
    out: list[str] = []
    for s in SPELLS.values():
        if s.caster == caster and s.family not in out:
            out.append(s.family)
    return out


def line_for(state: GondorState, family: str) -> tuple[Spell | None, str]:
    """The chart line pricing the family's next cast now, or None and why not."""
    night = state.turn in GAME.night
    cast_number = state.casts.get(family, 0) + 1
    lines = [s for s in SPELLS.values() if s.family == family]
    first = lines[0]
    if first.limit and cast_number > first.limit:
        return None, f"its allowance of {first.limit} is used up ({rule(first)})"
    for s in lines:
        if s.casts and cast_number not in s.casts:
            continue
        if (s.day_only and night) or (s.night_only and not night):
            continue
        return s, ""
    return None, f"only on day Game-Turns ({rule(first)})"


def odds_text(needs: int) -> str:
    """How a d6 decides: "sure", "succeeds on 1", "succeeds on 1-4"."""
    if needs >= DIE:
        return "sure"
    return "succeeds on 1" if needs == 1 else f"succeeds on 1-{needs}"


def rule(spell: Spell) -> str:
    """The rule number of a chart line ("17.12")."""
    return spell.seed.split()[0].rstrip(",")
