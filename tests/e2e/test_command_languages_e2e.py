"""Slash commands in the user's language (issue 25): the bot syncs every command with its German
and Japanese names and descriptions from the catalogues, and the stand-in, which refuses what
Discord refuses (an unknown locale, a name with a space or a capital, a description over 100
characters), accepts them."""

from __future__ import annotations

from typing import Any

from cogs.translator import valid_name
from i18n.catalogue import translate
from tests.fakediscord.payloads import command_problems


def _walk(command: dict[str, Any]) -> list[dict[str, Any]]:
    """A command and every subcommand, group and option under it."""
    found = [command]
    for option in command.get("options", []):
        found += _walk(option)
    return found


def _find(commands: list[dict[str, Any]], *path: str) -> dict[str, Any]:
    level = commands
    for name in path:
        (node,) = [c for c in level if c["name"] == name]
        level = node.get("options", [])
    return node


async def test_every_command_is_synced_with_its_german_and_japanese_names(fake, make_bot):
    async with fake.running(make_bot()):
        commands = fake.commands
    assert commands
    localized = 0
    for command in commands:
        assert not command_problems(command), command_problems(command)
        for node in _walk(command):
            names = node.get("name_localizations") or {}
            descriptions = node.get("description_localizations") or {}
            for locale in ("de", "ja"):
                expected = translate(node["name"], locale, "command")
                if expected != node["name"]:
                    assert names.get(locale) == expected, (node["name"], locale)
                    assert valid_name(expected)
                    localized += 1
                if node.get("description"):
                    wanted = translate(node["description"], locale)
                    if wanted != node["description"]:
                        assert descriptions.get(locale) == wanted
                        localized += 1
    assert localized > 200  # names and descriptions in both languages, not a handful
    mine = _find(commands, "tidetable", "mine")
    assert mine["name_localizations"]["de"] != "mine"
    assert mine["description_localizations"]["ja"] != mine["description"]
    # Game names stay as their publishers print them: no localized name for a game's group.
    assert "de" not in (_find(commands, "toshi").get("name_localizations") or {})


async def test_a_command_is_still_run_by_its_own_name_whatever_the_language(fake, make_bot):
    # Discord sends the command's own name in an interaction, whatever the user's language.
    alice = fake.add_member("alice")
    async with fake.running(make_bot()):
        answer = await fake.slash(alice, fake.channel("games"), "tidetable mine")
    assert answer.ephemeral and answer.content


def test_the_stand_in_refuses_localizations_discord_refuses():
    good = {"name": "board", "description": "See the board", "options": []}
    assert command_problems(good) == []
    for bad in (
        {"name_localizations": {"de": "das Brett"}},  # a space
        {"name_localizations": {"de": "Brett"}},  # a capital
        {"name_localizations": {"xx": "brett"}},  # no such locale
        {"description_localizations": {"ja": "長" * 101}},  # over 100 characters
    ):
        assert command_problems({**good, **bad}), bad
    option = {
        "name": "match",
        "description": "A match",
        "type": 4,
        **{"name_localizations": {"ja": "試 合"}},
    }
    assert command_problems({**good, "options": [option]})
