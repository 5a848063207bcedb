"""`/hands`: your private views (hands, face-down cards) in every match you play, in a DM too.

The game groups are for servers only (cogs/base.py); this one command is also offered in the
bot's DMs, where a player most naturally looks at their cards. In a DM it covers every running
match of the player; in a server, that server's matches. The answer is private either way.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import messages
from cogs.host import Host
from cogs.language import reader
from cogs.replies import answer
from i18n.catalogue import say
from i18n.text import TN, T

SHOWN = 10  # matches answered at most (one private message each)


class HandsCog(commands.Cog):
    """The one command that is about the player, not about one match."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="hands", description="Your hands in all your matches (only you)")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def hands(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = self.bot.service
        user = interaction.user.id
        found = []
        # Every running match at once: the same reads for one match or a hundred.
        for match in await service.by_ids(await service.store.running_matches_of(user)):
            if match.damaged or match.state is None or match.row.game not in service.games:
                continue
            if interaction.guild_id is not None and match.row.guild_id != interaction.guild_id:
                continue  # in a server, that server's matches; in a DM, all of them
            if match.game.spec.hidden_information:
                found.append(match)
        if not found:
            nothing = (
                T(
                    "You have no hand to see on this server: you play in no running match with "
                    "hidden cards. Open one with `/toshi new` in a server channel."
                )
                if interaction.guild_id is not None
                else T(
                    "You have no hand to see anywhere: you play in no running match with hidden "
                    "cards. Open one with `/toshi new` in a server channel."
                )
            )
            await answer(interaction, nothing)
            return
        language = reader(interaction)
        # Everything is drawn first, then sent in as few messages as fit (Discord: 2,000
        # characters and 10 files a message), so the answer arrives at once.
        parts: list[tuple[str, discord.File | None]] = []
        for match in found[:SHOWN]:
            seat = match.seat_of(user)
            assert seat is not None  # running_matches_of found the user's seat
            names = await self.bot.people.names(match.row.guild_id, match.players)
            cog = self.bot.game_cog(match.row.game)
            text, file = await cog.private_view(match, seat, names, language)
            head = (
                T(
                    "**{game}** match #{number} — your turn",
                    game=match.game.spec.name,
                    number=match.id,
                )
                if user in match.to_act()
                else T("**{game}** match #{number}", game=match.game.spec.name, number=match.id)
            )
            said = f"{say(head, language)}\n{messages.match_link(match)}\n{text}"
            parts.append((messages.clip(said), file))
        if len(found) > SHOWN:
            more = TN(
                "…and {count} more match: use `/<game> hand` in its channel.",
                "…and {count} more matches: use `/<game> hand` in their channels.",
                len(found) - SHOWN,
            )
            parts.append((say(more, language), None))
        for content, files in pack(parts):
            await interaction.followup.send(content, files=files, ephemeral=True)


def pack(
    parts: list[tuple[str, discord.File | None]],
) -> list[tuple[str, list[discord.File]]]:
    """The parts joined into messages of at most MESSAGE_LIMIT characters and 10 files."""
    out: list[tuple[str, list[discord.File]]] = []
    for text, file in parts:
        files = [file] if file is not None else []
        if out:
            content, held = out[-1]
            joined = f"{content}\n\n{text}"
            if len(joined) <= messages.MESSAGE_LIMIT and len(held) + len(files) <= 10:
                out[-1] = (joined, held + files)
                continue
        out.append((text, files))
    return out


async def setup(bot: Host) -> None:
    await bot.add_cog(HandsCog(bot))
