"""The board: ten squares in a row, the cracked ones marked, the hopper's square lit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.common import draw_text, font, phone_px

SIZE = 90


def render(view: Mapping[str, Any]) -> Image.Image:
    image = Image.new("RGB", (11 * SIZE + 20, 2 * SIZE + 20), "white")
    draw = ImageDraw.Draw(image)
    text = font(phone_px(image.width), bold=True)
    for n in range(11):
        x = 10 + n * SIZE
        fill = "gold" if n == view["square"] else "grey" if n in view["cracked"] else "white"
        draw.rectangle((x, 10, x + SIZE - 6, SIZE + 4), fill=fill, outline=(0, 0, 0), width=3)
        draw_text(draw, (x + 20, 30), "X" if n in view["cracked"] else str(n), text, (0, 0, 0))
    draw_text(draw, (10, SIZE + 30), view["status"], text, (0, 0, 0))
    return image


def alt_text(view: Mapping[str, Any]) -> str:
    cracked = " and ".join(str(n) for n in view["cracked"])
    return f"Hopscotch: {view['status']} Squares {cracked} are cracked."
