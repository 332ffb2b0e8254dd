"""The palette PNG writer: every chunk well formed, the pixels exactly those drawn."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image, ImageDraw

from render import common
from render.common.png import SIGNATURE, write_png


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The file's chunks (type, data), each CRC checked here rather than trusted to Pillow."""
    assert data.startswith(SIGNATURE)
    found, at = [], len(SIGNATURE)
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        found.append((kind, body))
        at += 12 + length
    return found


def palette_image(size: tuple[int, int], colours: int, seed: int) -> Image.Image:
    """Noise and flat runs in ``colours`` palette entries: every index, every row different."""
    rng = random.Random(seed)
    w, h = size
    img = Image.new("P", size)
    img.putpalette([rng.randrange(256) for _ in range(3 * colours)])
    img.putdata([rng.randrange(colours) if rng.random() < 0.3 else (x // 7) % colours
                 for y in range(h) for x in range(w)])  # fmt: skip
    return img


@pytest.mark.parametrize(("size", "colours"), [((37, 23), 256), ((1, 1), 1), ((300, 5), 7)])
def test_the_file_decodes_to_the_same_indices_and_palette(size, colours):
    img = palette_image(size, colours, seed=colours)
    data = write_png(img)
    kinds = [kind for kind, _ in chunks(data)]
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]  # opaque: no tRNS
    back = Image.open(io.BytesIO(data))
    back.load()
    assert (back.mode, back.size) == ("P", size)
    assert back.tobytes() == img.tobytes()
    assert back.getpalette() == img.getpalette()
    assert back.convert("RGB").tobytes() == img.convert("RGB").tobytes()


def test_each_row_is_filtered_none_and_the_header_is_8_bit_palette():
    img = palette_image((50, 9), 256, seed=3)
    found = dict(chunks(write_png(img)))
    assert struct.unpack(">IIBBBBB", found[b"IHDR"]) == (50, 9, 8, 3, 0, 0, 0)
    raw = zlib.decompress(found[b"IDAT"])
    rows = [raw[y * 51 : (y + 1) * 51] for y in range(9)]
    assert len(raw) == 51 * 9 and all(row[0] == 0 for row in rows)
    assert b"".join(row[1:] for row in rows) == img.tobytes()


def test_the_same_image_gives_the_same_bytes():
    img = palette_image((120, 80), 256, seed=9)
    assert write_png(img) == write_png(img.copy())


def test_only_palette_images_are_written():
    with pytest.raises(ValueError, match="palette image"):
        write_png(Image.new("RGB", (4, 4)))


def test_a_drawn_picture_keeps_every_pixel_of_pillows_own_png():
    img = Image.new("RGB", (400, 120), common.FELT)
    draw = ImageDraw.Draw(img)
    common.draw_text(draw, (10, 20), "Your turn: play a card", common.font(28, bold=True))
    draw.ellipse((300, 10, 390, 100), fill=common.GOLD, outline=common.BAD, width=3)
    palette = common.fixed_palette(common.THEME)
    ours = Image.open(io.BytesIO(common.encode_png(img, palette=palette)))
    theirs = io.BytesIO()
    img.quantize(palette=palette, dither=Image.Dither.NONE).save(theirs, "PNG")
    pillow = Image.open(theirs)
    assert ours.convert("RGB").tobytes() == pillow.convert("RGB").tobytes()
