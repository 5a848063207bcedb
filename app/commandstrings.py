"""Every name and description of the bot's slash commands, as Discord is sent them: the messages
the command translator (``cogs/translator.py``) answers from the catalogues.

    .venv/bin/python -m app.commandstrings    # one JSON line per message: [context, message]

Read off the real command tree (the bot set up on a scratch database, never connected), so that
a command a cog builds at run time (each game's own group, the choices a game's options offer)
is found as surely as one written in a decorator. ``tools.messages extract`` runs this as a
program and adds its lines to the messages found in the source.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from discord import app_commands

from app.application import Tidetable
from cogs.translator import NAME_CONTEXT

Message = tuple[str | None, str]


def tree_messages(commands: Iterable[object]) -> Iterator[Message]:
    for command in commands:
        if not isinstance(command, (app_commands.Command, app_commands.Group)):
            continue  # context menus: the bot has none
        yield NAME_CONTEXT, command.name
        yield None, command.description
        if isinstance(command, app_commands.Group):
            yield from tree_messages(command.commands)
            continue
        for parameter in command.parameters:
            yield NAME_CONTEXT, parameter.display_name
            if parameter.description and parameter.description != "…":
                yield None, parameter.description
            for choice in parameter.choices:
                yield None, choice.name


async def command_messages() -> list[Message]:
    """The command tree's messages, each once, in a stable order."""
    with tempfile.TemporaryDirectory() as scratch:
        bot = Tidetable(database=Path(scratch) / "strings.db", sync_commands=False)
        try:
            await bot.setup_hook()
            found = dict.fromkeys(tree_messages(bot.tree.get_commands()))
        finally:
            await bot.close_services()
    return sorted(found, key=lambda item: (item[0] or "", item[1]))


def main() -> int:
    for context, message in asyncio.run(command_messages()):
        print(json.dumps([context, message], ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
