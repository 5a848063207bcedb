"""/tonga: Tonga Bonga on the shared lifecycle (no setup options)."""

from __future__ import annotations

from cogs.base import GameCog
from cogs.host import Host
from render.tonga import render


class TongaCog(GameCog, group_name="tonga", group_description="Tonga Bonga: dice, wages, islands"):
    game_key = "tonga"
    board_renderer = render


async def setup(bot: Host) -> None:
    await bot.add_cog(TongaCog(bot))
