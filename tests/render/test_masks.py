"""Cached text masks draw exactly what Pillow's own font draws, and stay within their budget."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render import common
from render.common import masks
from render.common.masks import CachedFont, MaskCache

PATH = str(common.FONT_DIR / common.FONT_FILES[True])


def drawn(fnt: ImageFont.FreeTypeFont) -> Image.Image:
    img = Image.new("RGB", (400, 160), common.FELT)
    draw = ImageDraw.Draw(img)
    for _ in range(2):  # the second pass is answered from the cache
        draw.text((10.5, 8), "Gondolin ★ 12", font=fnt, fill=common.GOLD)
        draw.text((200, 80), "Turn 3/12", font=fnt, fill=common.TEXT, anchor="mm")
        common.draw_text(draw, (10, 110), "outlined", fnt, common.WHITE, outline=2)
    return img


@pytest.fixture
def fresh(monkeypatch):
    cache = MaskCache()
    monkeypatch.setattr(masks, "MASKS", cache)
    return cache


def test_cached_text_is_pixel_identical_to_pillows(fresh):
    plain = ImageFont.truetype(PATH, 30, layout_engine=ImageFont.Layout.BASIC)
    cached = CachedFont(PATH, 30, layout_engine=ImageFont.Layout.BASIC)
    assert ImageChops.difference(drawn(plain), drawn(cached)).getbbox() is None
    assert fresh.hits >= 4 and fresh.misses == 4  # 3 lines, the outlined one twice (stroke, ink)


def test_the_bundled_fonts_cache_their_masks(fresh):
    fnt = common.font(24, bold=True)
    assert isinstance(fnt, CachedFont)
    drawn(fnt)
    assert fresh.hits and fresh.used > 0


def test_the_cache_keeps_within_its_budget(fresh):
    fresh.budget = 20_000
    fnt = CachedFont(PATH, 40, layout_engine=ImageFont.Layout.BASIC)
    for n in range(60):
        fnt.getmask2(f"line number {n}", "L")
    assert 0 < fresh.used <= 20_000
    assert len(fresh._masks) < 60
    fnt.getmask2("line number 59", "L")  # the newest is still there
    assert fresh.hits == 1


def test_a_name_isolated_for_the_alt_text_draws_as_the_name():
    """The isolate around right-to-left text (engines.safe_text) is no box in a picture."""
    fnt = CachedFont(PATH, 24, layout_engine=ImageFont.Layout.BASIC)
    name, isolated = "Admin עדי", "\u2068Admin עדי\u2069"
    assert fnt.getlength(isolated) == fnt.getlength(name)
    assert fnt.getbbox(isolated) == fnt.getbbox(name)
    pictures = []
    for text in (name, isolated):
        img = Image.new("RGB", (300, 40), common.FELT)
        ImageDraw.Draw(img).text((4, 4), text, font=fnt, fill=common.GOLD)
        pictures.append(img)
    assert ImageChops.difference(*pictures).getbbox() is None
