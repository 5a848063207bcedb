"""Tidetable: play TOKAN, Tonari, Friendly Fishing, Toshi Tōshi and Tonga Bonga on Discord.

Run ``python bot.py`` with DISCORD_TOKEN set (in the environment or in .env). This file only
starts the bot: the settings are ``app/settings.py``, the bot and its wiring
``app/application.py`` (whose ``build_bot`` tests use to start it against a stand-in of Discord).
"""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord
from dotenv import load_dotenv

from app.application import build_bot, check_storage
from app.logs import configure as configure_logs
from app.settings import MISSING_TOKEN, ROOT, Settings
from data.dberrors import StorageError


def cannot_start(why: str) -> SystemExit:
    """A start that fails is one line on stderr, and exit code 2."""
    print(f"Tidetable cannot start: {why}", file=sys.stderr)
    return SystemExit(2)


def main() -> None:
    load_dotenv(ROOT / ".env")
    settings = Settings.from_env()
    if settings.token is None:
        print(MISSING_TOKEN, file=sys.stderr)
        raise SystemExit(2)
    configure_logs(settings.log_format)
    # discord.py's own chatter at start ("logging in using static token") says nothing an
    # operator needs; its warnings and errors still show.
    logging.getLogger("discord.client").setLevel(logging.WARNING)
    try:  # the database is opened (and migrated) once before connecting to Discord
        asyncio.run(check_storage(settings.database))
    except StorageError as error:
        raise cannot_start(str(error)) from None
    bot = build_bot(handle_signals=True)  # SIGTERM, SIGINT: a gentle stop
    try:
        bot.run(settings.token, log_handler=None)
    except StorageError as error:
        raise cannot_start(str(error)) from None
    except discord.LoginFailure:
        raise cannot_start("Discord refused the token (DISCORD_TOKEN).") from None
    except (aiohttp.ClientConnectionError, OSError) as error:
        raise cannot_start(f"Discord cannot be reached ({error}).") from None


if __name__ == "__main__":
    main()
