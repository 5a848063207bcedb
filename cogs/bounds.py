"""The bounds of option values, declared on the commands so that Discord itself refuses what is
out of range (its client does not let a member send it), and checked again where they are used.

Discord's integer options hold -2^53..2^53 (a JavaScript number) unless a command declares
narrower bounds, and its text options up to 6,000 characters: every integer and text option of
the bot declares its own, so nothing larger than it can use reaches the table or storage (a match
number past SQLite's 64 bits overflowed; a time zone of 5,000 characters became a file name too
long for the system).
"""

from __future__ import annotations

from discord import app_commands

from data.clockrows import MAX_DM_AFTER
from table.turnclock import ZONE_NAME_LIMIT

# Discord's largest integer option value (2^53 - 1: the largest a JavaScript number holds
# exactly). Match numbers are counted from 1.
DISCORD_INT_MAX = 2**53 - 1
MatchNumber = app_commands.Range[int, 1, DISCORD_INT_MAX]
# A typed move: the longest any game's notation needs is far below this (a suggestion's value
# holds at most 100 characters, Discord's limit for a choice).
MOVE_LENGTH = 200
MoveText = app_commands.Range[str, 1, MOVE_LENGTH]
ZoneName = app_commands.Range[str, 1, ZONE_NAME_LIMIT]
QUIET_LENGTH = 20  # "22:00-07:00", or "off"
QuietText = app_commands.Range[str, 1, QUIET_LENGTH]
DmAfter = app_commands.Range[int, 0, MAX_DM_AFTER]
# A free-text option of a game's `new` (Friendly Fishing's special sets: four names and commas).
GAME_OPTION_LENGTH = 100
GameOptionText = app_commands.Range[str, 1, GAME_OPTION_LENGTH]
# A space on a board ("c3").
SpaceText = app_commands.Range[str, 1, 10]
# A language code ("fr", "en-GB") or "server" (cogs/settings.py checks it against the list).
LanguageText = app_commands.Range[str, 1, 32]
