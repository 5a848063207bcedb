"""A cog for the test game Nim, so end-to-end tests can exercise hidden information and DMs
through the shared GameCog without depending on any real game."""

from __future__ import annotations

from PIL import Image, ImageDraw

from cogs.base import GameCog
from cogs.host import Host
from render.common import font
from tests.support.nim import NimView


def render_nim(view: NimView) -> Image.Image:
    image = Image.new("RGB", (240, 80), "white")
    ImageDraw.Draw(image).text((10, 20), f"pile {view.pile}", fill="black", font=font(24))
    return image


class NimCog(GameCog, group_name="nim", group_description="Nim, for tests"):
    game_key = "nim"
    board_renderer = render_nim
    hand_renderer = render_nim


async def setup(bot: Host) -> None:
    await bot.add_cog(NimCog(bot))
