"""Command and option names and descriptions in each user's language (Discord shows them).

discord.py asks the translator for every name and description of the command tree, once per
language Discord knows, when the commands are synced; we answer from the message catalogues
(names under the context "command", so that a command called "board" may be named otherwise
than the word "board" in a sentence). Nothing is answered for English (the source language) or
where the catalogue has no translation: Discord then shows the English. A translated name that
Discord would refuse (upper case, spaces, longer than 32) is not sent, so that a slip in a
catalogue can never stop the commands from syncing.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from i18n.catalogue import ENGLISH, language_of, translate

NAME_CONTEXT = "command"
# Discord's rule for command and option names (CHAT_INPUT): letters, numbers, "-" and "_".
VALID_NAME = re.compile(r"^[-_\w]{1,32}$")
DESCRIPTION_LIMIT = 100
CHOICE_LIMIT = 100
NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


def valid_name(name: str) -> bool:
    return bool(VALID_NAME.match(name)) and name == name.lower()


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language == ENGLISH:
            return None
        message = string.message
        if context.location in NAMES:
            said = translate(message, locale, NAME_CONTEXT)
            return said if said != message and valid_name(said) else None
        said = translate(message, locale)
        limit = (
            CHOICE_LIMIT
            if context.location == app_commands.TranslationContextLocation.choice_name
            else DESCRIPTION_LIMIT
        )
        return said if said != message and 0 < len(said) <= limit else None
