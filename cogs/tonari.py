"""/tonari: Tonari on the shared lifecycle (no setup options)."""

from __future__ import annotations

from cogs.base import GameCog
from cogs.host import Host
from render.tonari import render


class TonariCog(GameCog, group_name="tonari", group_description="Tonari: fishing together"):
    game_key = "tonari"
    board_renderer = render


async def setup(bot: Host) -> None:
    await bot.add_cog(TonariCog(bot))
