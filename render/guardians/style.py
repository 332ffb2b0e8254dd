"""Guardians colours, sizes and the small text helpers every module shares.

Seats are tagged "P1" / "P2" on the board (full names would not fit a space); the player
panels pair each tag with the seat's whole name in the same colour.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engines.guardians.views import GuardiansView
from render.common import (
    CARD_BLACK,
    RGB,
    THEME,
    WHITE,
    contrast,
    font,
    phone_px,
    text_width,
)
from render.common import wrap as wrap_text
from render.common.cards import BACK, BACK_INK, BACK_LINE
from render.guardians import stamp

# No image is taller than wide: Discord fits an embed's image in a landscape box. Every length
# below and in the modules drawing the table was chosen at ``DESIGN`` px wide and scales with
# WIDTH (``px``); the text is at least the phone's least size for WIDTH.
WIDTH = 800
DESIGN = 1000


def px(length: float) -> int:
    """A length of the 1000 px design, scaled to the picture's WIDTH."""
    return round(length * WIDTH / DESIGN)


MARGIN = px(12)
GAP = px(8)
FULL = WIDTH - 2 * MARGIN
SIDE_W = px(312)  # the right-hand column beside the combat: the small battlefield
MAIN_W = FULL - GAP - SIDE_W

PX = phone_px(WIDTH)  # 22 px: reads 9 px tall when the image is shown 340 px wide (a phone)
SMALL, BODY, TITLE = PX, max(PX, px(28)), px(32)  # text sizes in px: 22, 22, 26
BANNER = px(36)  # the winner's name

STONE: RGB = (54, 60, 70)  # a Stronghold space
STONE_EDGE: RGB = (120, 128, 140)
RUBBLE: RGB = (150, 40, 34)
SHIELD_BG: RGB = (30, 36, 44)
BAR_BG: RGB = (70, 30, 30)
TERRAIN: dict[str, RGB] = {
    "woods": (38, 112, 52),
    "swamps": (92, 100, 56),
    "dry_heaps": (200, 160, 92),
    "rivers_lakes": (44, 104, 172),
    "spirit_mountain": (126, 112, 150),
}
TERRAIN_NAMES = {
    "woods": "Woods",
    "swamps": "Swamps",
    "dry_heaps": "Dry Heaps",
    "rivers_lakes": "Rivers & Lakes",
    "spirit_mountain": "Spirit Mountain",
}
FAMILY: dict[str, RGB] = {
    "mortal": (236, 234, 224),  # white border
    "elemental": (132, 92, 56),  # brown border
    "external": (28, 28, 32),  # black border
}
FAMILY_SHORT = {"mortal": "Mortal", "elemental": "Elemental", "external": "External"}
OCB_TARGET = {"mortal": "elemental", "elemental": "external", "external": "mortal"}
KIND_COLOURS: dict[str, RGB] = {
    "spell": (96, 62, 150),
    "hand_item": (30, 120, 124),
    "creature_item": (70, 110, 90),
    "bribery": (214, 170, 40),
    "shield": (90, 100, 120),
    "upgrade": (110, 84, 60),
}
KIND_NAMES = {
    "creature": "Creature",
    "spell": "Spell",
    "hand_item": "Hand item",
    "creature_item": "Creature item",
    "bribery": "Bribery",
    "terrain": "Terrain",
    "shield": "Shield",
    "upgrade": "Upgrade",
}
BRIBES: dict[str, RGB] = {"beer": (226, 150, 40), "gold": (250, 214, 70), "babes": (240, 130, 170)}
CARD_FACE: RGB = (250, 248, 240)
CARD_INK: RGB = (24, 24, 28)
CARD_SOFT: RGB = (84, 84, 92)

PHASE_TITLES = {
    "organize": "Draw & Organize",
    "up": "Up cards",
    "move": "Movement",
    "challenge": "Guardian challenge",
    "combat": "Combat",
    "settle": "Terrain settlement",
    "over": "Game over",
}

PALETTE: tuple[RGB, ...] = (
    *THEME,
    STONE,
    STONE_EDGE,
    RUBBLE,
    SHIELD_BG,
    BAR_BG,
    BACK,
    BACK_LINE,
    BACK_INK,
    CARD_FACE,
    CARD_INK,
    CARD_SOFT,
    *TERRAIN.values(),
    *FAMILY.values(),
    *KIND_COLOURS.values(),
    *BRIBES.values(),
)

Painter = Callable[[Image.Image, ImageDraw.ImageDraw, int, int], None]
Block = tuple[int, Painter]  # (height, paint(img, draw, x, y)): measured, then drawn


@lru_cache(maxsize=64)
def ink_on(bg: RGB) -> RGB:
    """Black or white text, whichever reads better on ``bg`` (a few colours, asked often)."""
    return CARD_BLACK if contrast(CARD_BLACK, bg) >= contrast(WHITE, bg) else WHITE


def seat_name(view: GuardiansView, seat: int) -> str:
    """The seat's display name from ``seat_names`` (added by the bot), else "Player N"."""
    names = view.seat_names
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Player {seat + 1}"


def tag(seat: int | None) -> str:
    """The short seat tag drawn on the board ("P1")."""
    return f"P{seat + 1}" if isinstance(seat, int) else "—"


_PLAYER_N = re.compile(r"\bPlayer (\d)\b")


def named(view: GuardiansView, text: str) -> str:
    """Engine text with "Player N" replaced by that seat's name (engines do not know names)."""
    if not view.seat_names:
        return text

    def sub(m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        return seat_name(view, seat) if 0 <= seat < len(view.players) else m.group(0)

    return _PLAYER_N.sub(sub, text)


def bottom_seat(view: GuardiansView) -> int:
    """The seat drawn at the bottom: the viewer's own, or seat 0 for a spectator."""
    return 1 if view.viewer == 1 else 0


@lru_cache(maxsize=8192)
def wrap(
    text: str, fnt: ImageFont.FreeTypeFont, width: int, max_lines: int | None = None
) -> tuple[str, ...]:
    """``render.common.wrap``, remembered: the same texts are laid out image after image."""
    return tuple(wrap_text(text, fnt, width, max_lines))


def text_block(
    text: str,
    size: int,
    width: int,
    fill: RGB,
    *,
    bold: bool = False,
    spacing: int = px(4),
    background: RGB | None = None,
) -> Block:
    """Wrapped text (never cut) as a block; kept as a stamp if its ``background`` is given."""
    fnt = font(size, bold=bold)
    lines = wrap(text, fnt, width)

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for i, line in enumerate(lines):
            draw.text((x, y + i * (size + spacing)), line, font=fnt, fill=fill)

    block = lines_height(len(lines), size, spacing), paint
    if background is None:
        return block
    key = stamp.key_of("text", text, size, fill, bold, spacing)
    return stamp.cached(key, width, block, background, text=True)


def pack(facts: list[str], fnt: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Short facts joined by " · " into lines, each fact whole (a line never starts with ·)."""
    lines: list[str] = []
    for fact in facts:
        candidate = f"{lines[-1]} · {fact}" if lines else fact
        if lines and text_width(candidate, fnt) <= width:
            lines[-1] = candidate
        else:
            lines += wrap(fact, fnt, width)
    return lines


def facts_block(facts: list[str], size: int, width: int, fill: RGB, *, bold: bool = False) -> Block:
    """Facts packed by ``pack`` as a block."""
    fnt = font(size, bold=bold)
    lines = pack(facts, fnt, width)

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for i, line in enumerate(lines):
            draw.text((x, y + i * (size + px(4))), line, font=fnt, fill=fill)

    return lines_height(len(lines), size, px(4)), paint


def lines_height(count: int, size: int, spacing: int) -> int:
    """The height of ``count`` lines of DejaVu Sans at ``size`` px, the last one's descenders in."""
    return count * (size + spacing) + max(0, -(-size * 117 // 100) - size - spacing) if count else 0


def stack(blocks: list[Block], gap: int = px(4)) -> Block:
    """Blocks one under the other."""
    blocks = [b for b in blocks if b[0] > 0]
    height = sum(h for h, _ in blocks) + gap * max(0, len(blocks) - 1)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for h, p in blocks:
            p(img, draw, x, y)
            y += h + gap

    return height, stamp.pasting(paint, *(p for _, p in blocks))


def pill_width(text: str, size: int, pad: int = px(10)) -> int:
    """Width of a ``common.pill`` with this text in bold ``size``."""
    return text_width(text, font(size, bold=True)) + 2 * pad
