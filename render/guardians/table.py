"""The whole Guardians image, never taller than wide (Discord fits it in a landscape box).

On top, full width: the result banner, the title and status. Then, in a combat (or right after
one), the combat on the left and the battlefield drawn small above both player panels on the
right. Otherwise the battlefield beside the player panels (and, in a player's view, their own
cards) or full width under the player panels (their own cards below it), whichever is shorter.
Draws only from the view. Recent events are not drawn: the bot's message shows them right above
the image (the alt text keeps them).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.guardians.views import GuardiansView
from render.common import FELT
from render.guardians import board, combat, panel
from render.guardians.style import FULL, GAP, MAIN_W, MARGIN, SIDE_W, WIDTH, Block, stack


def columns(left: Block, right: Block) -> Block:
    """Two blocks side by side: ``left`` ``MAIN_W`` wide, ``right`` ``SIDE_W`` wide."""

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        left[1](img, draw, x, y)
        right[1](img, draw, x + MAIN_W + GAP, y)

    return max(left[0], right[0]), paint


def combat_columns(view: GuardiansView, room: int) -> Block:
    """The combat on the left, the small battlefield and the players on the right.

    Parts of the combat that do not fit on the left under ``room`` px go on the right, below
    the players.
    """
    side = stack([board.mini_board(view, SIDE_W), panel.players(view, SIDE_W, stacked=True)])
    left = combat.combat_parts(view, MAIN_W - 2 * panel.PAD)
    right = combat.combat_parts(view, SIDE_W - 2 * panel.PAD)
    best: Block | None = None
    for k in range(len(left), 0, -1):
        rest = combat.combat_panel(right[k:], SIDE_W)
        block = columns(combat.combat_panel(left[:k], MAIN_W), stack([side, rest], gap=GAP))
        if best is None or block[0] < best[0]:
            best = block
        if block[0] <= room:
            return block
    return best if best is not None else side


def bands(view: GuardiansView) -> list[Block]:
    """Every band of the image, top-down (empty ones have height 0)."""
    out: list[Block] = []
    if view.result is not None:
        out.append(panel.result_banner(view, view.result))
    out.append(panel.header(view, combat.heading(view.combat) if view.combat else None))
    room = WIDTH - 2 * MARGIN - sum(h + GAP for h, _ in out)  # left for the rest, at most
    if view.combat is not None:  # under way, or just over (its outcome is shown once)
        out.append(combat_columns(view, room))
        return [b for b in out if b[0] > 0]
    if view.hand is not None or view.pen is not None:  # the shorter of beside or on top
        field, seats = board.board(view, MAIN_W, room), panel.players(view, SIDE_W, stacked=True)
        own = panel.private(view, SIDE_W, max(room, field[0]) - seats[0] - GAP)
        beside = columns(field, stack([seats, own], gap=GAP))
        seats = panel.players(view, FULL)
        field = board.board(view, FULL, room - seats[0] - GAP)
        own = panel.private(view, FULL, room - seats[0] - field[0] - 2 * GAP)
        out.append(min(beside, stack([seats, field, own], gap=GAP), key=lambda b: b[0]))
    else:  # the shorter of: players on top of the battlefield, or beside it
        wide = stack([panel.players(view, FULL), board.board(view, FULL)], gap=GAP)
        seats = panel.players(view, SIDE_W, stacked=True)
        beside = columns(board.board(view, MAIN_W, room), seats)
        out.append(min(wide, beside, key=lambda b: b[0]))
    return [b for b in out if b[0] > 0]


def render(view: GuardiansView) -> Image.Image:
    """Draw a Guardians view (public, private or final) as an RGB image 1000 px wide."""
    blocks = bands(view)
    height = MARGIN * 2 + sum(h for h, _ in blocks) + GAP * (len(blocks) - 1)
    img = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(img)
    y = MARGIN
    for h, paint in blocks:
        paint(img, draw, MARGIN, y)
        y += h + GAP
    return img
