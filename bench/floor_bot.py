"""The floor's bot: a plain discord.py client whose one button edits its message with a PNG.

    python -m bench.floor_bot   (started by ``python -m bench.floor``, which sets its environment)

Nothing of the product's: no database, no game, no drawing at a click. It posts one message
with a **Press** button in ``FLOOR_CHANNEL_ID``; each press answers by editing that message,
its picture attached again (the same bytes, encoded once at the start). What this costs per
click in CPU is the least a click of any game can cost through discord.py.
"""

from __future__ import annotations

import io
import os
import random

import discord
from PIL import Image, ImageDraw

from bot.discord_endpoints import point_at

CUSTOM_ID = "floor:press"
SIZE = (800, 450)  # a board's shape, landscape


def picture() -> bytes:
    """A palette PNG of a board's size with shapes and text, encoded once (seeded)."""
    rng = random.Random(1)
    image = Image.new("RGB", SIZE, (40, 44, 52))
    draw = ImageDraw.Draw(image)
    for _ in range(120):
        x, y = rng.randrange(SIZE[0]), rng.randrange(SIZE[1])
        colour = tuple(rng.randrange(256) for _ in range(3))
        draw.rectangle((x, y, x + rng.randrange(8, 90), y + rng.randrange(8, 60)), fill=colour)
        draw.text((x, y), f"card {rng.randrange(100)}", fill=(255, 255, 255))
    out = io.BytesIO()
    image.quantize(64).save(out, "PNG")
    return out.getvalue()


class Press(discord.ui.View):
    """The one button; a press edits the message it is on, picture attached again."""

    def __init__(self, png: bytes) -> None:
        super().__init__(timeout=None)
        self.png = png
        self.presses = 0

    @discord.ui.button(label="Press", custom_id=CUSTOM_ID)
    async def press(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        self.presses += 1
        await interaction.response.edit_message(
            content=f"Pressed {self.presses} times",
            attachments=[discord.File(io.BytesIO(self.png), "board.png")],
            view=self,
        )


class FloorClient(discord.Client):
    """Posts the button's message once it is ready."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.channel_id = channel_id
        self.png = picture()
        self.view: Press | None = None

    async def setup_hook(self) -> None:
        self.view = Press(self.png)  # on the running loop: a view made before it never listens
        self.add_view(self.view)

    async def on_ready(self) -> None:
        assert self.view is not None
        channel = self.get_partial_messageable(self.channel_id)
        file = discord.File(io.BytesIO(self.png), "board.png")
        await channel.send("Press the button", file=file, view=self.view)


def main() -> None:
    """Log into the Discord ``DISCORD_API_BASE`` names and run until stopped."""
    point_at(os.environ["DISCORD_API_BASE"], os.environ["DISCORD_GATEWAY_URL"])
    client = FloorClient(int(os.environ["FLOOR_CHANNEL_ID"]))
    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
