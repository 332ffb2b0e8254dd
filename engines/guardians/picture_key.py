"""The key to the short labels of a player's picture, for the labels it shows only.

The board's Stronghold labels ("def +5", "on 1", "under 2", "reserve 1") and the card tiles'
chips ("V 6", "V 1/4", "OCB +2", "gold", "CMP 4", "receives", "ranged 2") are explained in a
few words each in the player's own message (the view's ``legend``), so a newcomer need not
press "?" to read them (the "?" answer keeps the full key). It is text beside the picture,
not on it: on the picture it would cost a row of the player's cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the views module fills its views' legend from here
    from engines.guardians.views import CardView, GuardiansView

BRIBE_WORDS = ("beer", "gold", "babes")


def _card_entries(cards: Iterable[CardView]) -> list[str]:
    """The tiles' labels explained, each kind once, with the first card's numbers."""
    found: dict[str, str] = {}
    bribes: set[str] = set()
    for c in cards:
        if c.vitality is not None and c.stacking is None:
            found.setdefault("v", f"V {c.vitality}: Vitality")
        if c.vitality is not None and c.stacking is not None:
            found.setdefault(
                "stack", f"V {c.vitality}/{c.stacking}: {c.stacking} of a space's 30 points"
            )
        if c.ocb:
            found.setdefault("ocb", f"OCB +{c.ocb}: off-colour bonus")
        bribes.update(c.bribes or ())
        if c.kind == "bribery" and c.bribe:
            bribes.add(c.bribe)
        if c.cmp:
            found.setdefault("cmp", f"CMP {c.cmp}: channels {c.cmp}")
        if c.receives:
            found.setdefault("receives", "receives: takes channelling")
        if c.ranged:
            found.setdefault("ranged", f"ranged {c.ranged}: ranged attack")
    if bribes:
        found["bribe"] = "/".join(b for b in BRIBE_WORDS if b in bribes) + ": bribes"
    order = ("v", "stack", "ocb", "bribe", "cmp", "receives", "ranged")
    return [found[k] for k in order if k in found]


def _board_entries(view: GuardiansView) -> list[str]:
    """The Stronghold labels the battlefield shows, explained."""
    holds = [s.stronghold for s in view.spaces if s.stronghold and not s.stronghold.rubbled]
    out: list[str] = []
    if holds:
        d = holds[0].defence
        out.append(f"def +{d}: Stronghold's bonus")
    words = (
        ("on", "cards on it", [h.on for h in holds if h.on]),
        ("under", "channelers under it", [h.under for h in holds if h.under]),
        ("reserve", "creatures in reserve", [h.reserve for h in holds if h.reserve]),
    )
    counted = [(f"{label} {seen[0]}", meaning) for label, meaning, seen in words if seen]
    if counted:
        labels = " / ".join(label for label, _ in counted)
        out.append(f"{labels}: " + ", ".join(meaning for _, meaning in counted))
    return out


def _entries(view: GuardiansView) -> list[str]:
    """The key for a player's own picture: their hand and Pen as tiles, the battlefield.

    Empty in any other view, and in a combat, whose picture shows neither.
    """
    if (view.hand is None and view.pen is None) or view.combat is not None:
        return []
    return _board_entries(view) + _card_entries([*(view.hand or []), *(view.pen or [])])


def legend(view: GuardiansView) -> str:
    """The key as one line ("Key: V 8: Vitality; OCB +2: off-colour bonus; …"), or ""."""
    found = _entries(view)
    return ("Key: " + "; ".join(found) + ".") if found else ""
