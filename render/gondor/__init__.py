"""The Gondor renderer: the hex map of the siege of Minas Tirith, whole or zoomed.

``render(view)`` draws the whole map (header, map, legend) or, when ``view["focus"]`` lists hex
ids, a zoomed crop around them where counters show their codes. ``alt_text(view)`` says the same
in words. Everything comes from the view; the renderer reads no data file.

View format (a dict; the engine's views.py produces exactly this; [] and None where empty):

    map:        the static map, copied from data/gondor/map.json (cached by a hash of it):
      columns, rows: 32, 24
      hexes:    [{id: "1903", col: 19, row: 3, terrain: clear|rough|mountain|city|tower|tunnel,
                  level: 0-7}]                      # level 0 = outside the city
      hexsides: [{a: hex, b: hex, kind: wall|tower|gate, level: the upper level (1 = Outer Wall)}]
      roads:    [[hex, hex, ...]]                    # each a chain of adjacent hexes
      labels:   {hex: name}                          # named hexes ("Citadel", "Main Gate")
    focus:      [hex] | absent                       # draw a zoomed crop around these hexes
    spotlight:  [hex]                                # where the last action changed something;
                                                     # the bot adds a close-up (focus) of them
    highlight:  [hex] | absent                       # hexes the selected group can reach
    turn, turns: 8, 16
    night:      bool
    phase:      {letter: "D", name: "Sauron Combat Phase"}
    segment:    "missile" | "individual" | "melee" | None
    to_act:     [side]                               # side = "sauron" | "westernesse"
    you:        side | None                          # None: a spectator (sees what Sauron sees)
    pending:    str | None                           # the prompt of the decision awaited
    result:     str | None                           # the result line once the game is over
    fires, heads:        [hex]
    breaches, ladders:   [[hex, hex]]                # hexsides
    gates:      [{hexside: [hex, hex], controller: side | None}]
    levels:     [{level: 1-7, controller: side | None}]
    stacks:     [{hex, counters: [CounterView]}]     # only hexes holding counters
    off_map:    [{name: "Riders of Rohan", counters: [CounterView]}]
    forces:     [{id, name, total, level, demoralized}]
    spells:     [{id, name, turns_left}]
    magic_points: {side: points}
    road_control: {"1918": side | None, "2124": side | None}
    log_tail:   [str]                                # the last events, newest last
    seat_names: optional, added by the bot

    CounterView: {id, side, kind: infantry|cavalry|mumak|leader|catapult|siege-tower|grond|
                  cauldron|banner, name, short (optional word for a zoomed counter), code
                  ("Ee-3-X", units) | None, rating (leaders) | None, disrupted, formation
                  (column|wedge|shieldwall) | None, carrying: "oil" | "dummy" | "?" | None,
                  truth: "real" | "dummy" | "?" | None (cauldrons)}

Hidden counters: for Sauron and spectators every cauldron has truth "?" and a neutral id, every
carried oil is "?"; such counters are drawn alike, so the image cannot tell them apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.gondor import board
from render.gondor.style import PALETTE, WIDTH

__all__ = ["PALETTE", "WIDTH", "alt_text", "render"]


def render(view: Mapping[str, Any]) -> Image.Image:
    """Draw the whole map, or a zoomed crop when the view names focus hexes."""
    return board.render(view)


def alt_text(view: Mapping[str, Any]) -> str:
    """The alt text of the same image (at most 1000 characters)."""
    return board.alt_text(view)
