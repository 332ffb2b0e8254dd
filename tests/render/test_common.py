"""Shared drawing helpers: text fitting, cached cards, PNG encoding."""

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from render import common
from render.common import cards


def test_wrap_respects_width_and_line_limit_for_prose():
    fnt = common.font(24)
    lines = common.wrap("the quick brown fox jumps over the lazy dog " * 5, fnt, 200, 2)
    assert len(lines) == 2
    assert all(common.text_width(line, fnt) <= 200 for line in lines)
    assert lines[-1].endswith("…")


@pytest.mark.parametrize(
    "name",
    [
        "Alexandrina Wolfeschlegelsteinha",
        "Bartholomew Fitzwilliam-Smythe X",
        "xXDragonSlayerOfTheNorth2000Xx!!",
        "Spear-warden",
        "a - b",
    ],
)
def test_wrapped_names_keep_every_character_and_fit(name):
    fnt = common.font(26, bold=True)
    lines = common.wrap(name, fnt, 150)
    assert all(common.text_width(line, fnt) <= 150 for line in lines)
    assert "…" not in "".join(lines)
    assert "".join(lines).replace(" ", "") == name.replace(" ", "")


def test_font_refuses_text_below_the_phone_minimum():
    assert common.MIN_PX == 22 and common.min_px(1000) == 22 and common.min_px(500) == 11
    assert common.phone_px(1000) == 27 and common.phone_px(340) == 9
    assert common.phone_px(1000) * common.PHONE_WIDTH / 1000 >= common.PHONE_TEXT_PX
    with pytest.raises(ValueError, match="21 px"):
        common.font(21)
    assert common.font(22, scale=3).size == 66


def test_ellipsize_keeps_short_text_and_cuts_long_text():
    fnt = common.font(24)
    assert common.ellipsize("Bob", fnt, 200) == "Bob"
    cut = common.ellipsize("A very long player name indeed", fnt, 120)
    assert cut.endswith("…") and common.text_width(cut, fnt) <= 120


def test_fitted_font_shrinks_until_the_text_fits_but_never_below_the_minimum():
    fnt = common.fitted_font("STRONG", 110, 30, bold=True)
    assert common.text_width("STRONG", fnt) <= 110 < common.text_width("STRONG", common.font(30))
    assert common.fitted_font("STRONG", 10, 30, min_size=8).size == common.MIN_PX


def test_card_images_are_cached_per_rank_suit_size_and_status():
    a = cards.card_face("10", "H", (86, 112), "weak")
    assert a is cards.card_face("10", "H", (86, 112), "weak")
    assert a is not cards.card_face("10", "H", (86, 112), None)
    assert a.size == (86, 112) and a.mode == "RGBA"
    assert cards.card_back((86, 112), "A2").size == (86, 112)
    assert cards.empty_slot((86, 112), "M3").size == (86, 112)


def test_every_card_of_the_deck_draws():
    for suit in cards.SUIT_SYMBOLS:
        for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]:
            assert cards.card_face(rank, suit, (64, 84)).getbbox() is not None


def test_encode_png_is_deterministic_and_palette_based():
    img = Image.new("RGB", (120, 60), common.FELT)
    draw = ImageDraw.Draw(img)
    common.draw_text(draw, (6, 10), "Round 3", common.font(28, bold=True), outline=2)
    palette = common.fixed_palette(common.THEME)
    a = common.encode_png(img, palette=palette)
    assert a == common.encode_png(img.copy(), palette=palette)
    assert Image.open(io.BytesIO(a)).mode == "P"
    assert common.encode_png(img).startswith(b"\x89PNG")


def test_fonts_come_from_the_bundled_folder_not_the_system():
    for bold in (False, True):
        path = Path(common.font(24, bold=bold).path)
        assert path.is_file() and path.parent == common.FONT_DIR
        assert common.FONT_DIR.parent.parent == Path(common.__file__).resolve().parents[1]
