"""Losses a side can still prevent, in plain words (``Game.warnings``; rules: 19.0, 20.0).

Read only from what both sides see: the demoralization totals, the city levels and the road.
A force near its Demoralization Level is warned at any time (19.14: it may fall and recover);
in the last ``ENDGAME`` Game-Turns each side also reads where 20.1's three conditions stand.
"""

from __future__ import annotations

from engines.base import Alert
from engines.gondor.data import GAME
from engines.gondor.state import ROAD_HEXES, SEATS, GondorState
from engines.gondor.victory import FORCES, conditions, demoralized, total

MARGIN = 10
"""Points from a force's level that count as near: one city level the garrison loses (19.11)."""
ENDGAME = 2
"""The last Game-Turns, when the victory conditions are read out: the one before, and the last."""
ROAD = 'both hexes marked "East road" on the map'
ROAD_PLACES = {
    "1918": "the East road by the Main Gate (1918)",
    "2124": "the East road at the east edge (2124)",
}
"""Each road hex of 20.1 C (``ROAD_HEXES``) as a player finds it on the map."""


def warnings(state: GondorState, seat: int) -> list[Alert]:
    """The seat's force near demoralization, and the siege's end if it would lose now."""
    if state.winner is not None or state.phase == "setup":
        return []
    side = SEATS[seat]
    endgame = state.turn > GAME.turns - ENDGAME
    if side == "westernesse":
        found = [_garrison(state), _siege_end(state) if endgame else None]
    else:
        found = [_army(state), _conditions_missing(state) if endgame else None]
    return [w for w in found if w is not None]


def _points(state: GondorState, force: str) -> str:
    level = int(FORCES[force]["level"])  # type: ignore[call-overload]
    return f"{total(state, force)} of the {level} demoralization points"


def _score(state: GondorState, force: str) -> str:
    """A force's demoralization points over its level, as the map's footer shows them."""
    return f"{total(state, force)}/{int(FORCES[force]['level'])}"  # type: ignore[call-overload]


def _near(state: GondorState, force: str) -> bool:
    level = int(FORCES[force]["level"])  # type: ignore[call-overload]
    return not demoralized(state, force) and total(state, force) >= level - MARGIN


def _garrison(state: GondorState) -> Alert | None:
    if not _near(state, "garrison"):
        return None
    return Alert(
        short=f"Garrison nearly demoralized ({_score(state, 'garrison')}): hold the city",
        text=(
            f"The Minas Tirith garrison has {_points(state, 'garrison')} that demoralize it, "
            "and Sauron needs it demoralized to win: each city level he takes adds 10. Prevent "
            "it: hold the gates, keep an undisrupted combat unit inside each city level, and "
            "keep the garrison's units out of fights they lose."
        ),
    )


def _army(state: GondorState) -> Alert | None:
    if not _near(state, "sauron"):
        return None
    return Alert(
        short=f"Your army nearly demoralized ({_score(state, 'sauron')}): avoid losing fights",
        text=(
            f"Your army has {_points(state, 'sauron')} that demoralize it, and a demoralized "
            "army cannot win. Prevent it: keep your units out of fights they lose (each unit "
            "lost adds points); each city level you hold takes 5 off, and demoralizing the "
            "garrison 20."
        ),
    )


def _siege_end(state: GondorState) -> Alert | None:
    """Westernesse: Sauron would win if the siege ended now."""
    if not all(conditions(state).values()):
        return None
    return Alert(
        short="You lose if the siege ends now: take the East road",
        text=(
            f"If the siege ended now, Sauron would win: the garrison is demoralized, his army "
            f"is not, and he was last on {ROAD}. The game ends after Game-Turn {GAME.turns}. "
            f"Prevent it: move a unit onto {' or '.join(ROAD_PLACES.values())}, win back city "
            "levels (10 points back each), or destroy his units until his army is demoralized "
            f"({_points(state, 'sauron')})."
        ),
    )


def _conditions_missing(state: GondorState) -> Alert | None:
    """Sauron: the victory conditions that would fail if the siege ended now, and their fixes."""
    met = conditions(state)
    missing = []
    fixes = []
    if not met["garrison-demoralized"]:
        fixes.append("city levels")
        missing.append(
            f"the garrison is not demoralized ({_points(state, 'garrison')}): take city levels "
            "(10 each) and destroy its units"
        )
    if not met["sauron-not-demoralized"]:
        fixes.append("city levels")
        missing.append(
            f"your army is demoralized ({_points(state, 'sauron')}): each city level you take "
            "takes 5 off"
        )
    if not met["road-control"]:
        lost = [h for h in ROAD_HEXES if state.road[h] != "sauron"]
        fixes.append("East road" if fixes else "the East road")
        missing.append(
            f"you were not last on {' and '.join(ROAD_PLACES[h] for h in lost)}: move a unit "
            f"onto {'it' if len(lost) == 1 else 'both'}"
        )
    if not missing:
        return None
    return Alert(
        short=f"You lose if the siege ends now: take {', '.join(dict.fromkeys(fixes))}",
        text=(
            f"If the siege ended now, Westernesse would win (the game ends after Game-Turn "
            f"{GAME.turns}): {'; '.join(missing)}."
        ),
    )
