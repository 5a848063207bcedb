"""The message catalogues, read once, and a :class:`~i18n.text.Text` said in a language.

The catalogues are gettext ``.po`` files under ``locale/`` (Babel reads them and compiles them in
memory: nothing is built at install time, and the ``.po`` files stay the one source). English is
the language the messages are written in and needs no catalogue. ``PSEUDO`` is a made-up language
in which every message is shown transformed ("[Ŷöû ţûŕñ]"), placeholders kept: a run of the bot in
it shows any text that bypassed the catalogue as plain English.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from i18n.text import Text, fill

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "tidetable"
ENGLISH = "en"
PSEUDO = "x-pseudo"
LANGUAGES = (ENGLISH, "de", "ja")  # complete catalogues; the first is the source language
NAMES = {ENGLISH: "English", "de": "Deutsch", "ja": "日本語"}


def language_of(locale: object) -> str:
    """The catalogue for a Discord locale ("de", "en-US", "ja", or a ``discord.Locale``):
    its language when we have it, else English. ``None`` is English too."""
    value = str(getattr(locale, "value", locale) or "")
    if value == PSEUDO:
        return PSEUDO
    language = value.split("-")[0].lower()
    return language if language in LANGUAGES else ENGLISH


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English and unknown languages: none)."""
    if language == PSEUDO:
        return _Pseudo()
    if language not in LANGUAGES or language == ENGLISH:
        return gettext.NullTranslations()
    return compile_po(po_path(language), language)


def compile_po(path: Path, language: str) -> gettext.GNUTranslations:
    """A ``.po`` file compiled in memory (fuzzy translations left out: English shows instead)."""
    with path.open("rb") as source:
        catalogue = read_po(source, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def say(text: Text | str, locale: object = None) -> str:
    """``text`` in the language of ``locale``: a plain string is said as it is."""
    if not isinstance(text, Text):
        return text
    return say_with(translations(language_of(locale)), text)


def say_with(catalogue: gettext.NullTranslations, text: Text | str) -> str:
    """``text`` said with ``catalogue`` (its parameters too, when they are texts)."""
    if not isinstance(text, Text):
        return text
    if text.verbatim:
        pattern = text.message
    elif text.plural is not None:
        count = text.quantity if text.quantity is not None else 0
        if text.context:
            pattern = catalogue.npgettext(text.context, text.message, text.plural, count)
        else:
            pattern = catalogue.ngettext(text.message, text.plural, count)
    elif text.context:
        pattern = catalogue.pgettext(text.context, text.message)
    else:
        pattern = catalogue.gettext(text.message)
    said = {
        key: say_with(catalogue, v) if isinstance(v, Text) else _plain(v) for key, v in text.params
    }
    return fill(pattern, said)


def _plain(value: object) -> str:
    return str.__str__(value) if isinstance(value, str) else str(value)


def translate(message: str, locale: object, context: str | None = None) -> str:
    """A bare message (a command's description, a marked label) in the language of ``locale``."""
    catalogue = translations(language_of(locale))
    return catalogue.pgettext(context, message) if context else catalogue.gettext(message)


# -- the pseudo-language ------------------------------------------------------------------------
# Each ASCII letter becomes the same letter with a dot (above, else below): still readable, and
# reversible (``unpseudo``), since no name the tests use carries these letters.
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_DOTTED = "ȧḃċḋėḟġḣịǰḳḷṁṅȯṗǫṙṡṫụṿẇẋẏżȦḂĊḊĖḞĠḢİĴḲḶṀṄȮṖǪṘṠṪỤṾẆẊẎŻ"
_ACCENTED = str.maketrans(_PLAIN, _DOTTED)
_UNACCENTED = str.maketrans(_DOTTED, _PLAIN)
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


def pseudo(message: str) -> str:
    """``message`` with its letters accented and the whole between ⟦ ⟧; placeholders, Discord
    markup (``**``, backticks, ``<@…>``) and the words inside backticks are kept as written."""
    out: list[str] = []
    index = 0
    code = False
    while index < len(message):
        char = message[index]
        if char == "{":
            end = message.find("}", index)
            if end > 0:
                out.append(message[index : end + 1])
                index = end + 1
                continue
        if char == "<":
            end = message.find(">", index)
            if end > 0 and message[index + 1 : index + 2] in ("@", "#", "t", ":"):
                out.append(message[index : end + 1])
                index = end + 1
                continue
        if char == "`":
            code = not code
        out.append(char if code else char.translate(_ACCENTED))
        index += 1
    return PSEUDO_OPEN + "".join(out) + PSEUDO_CLOSE


def unpseudo(said: str) -> str:
    """A text said in the pseudo-language read back as English: the brackets dropped and the
    dotted letters undone (the end-to-end suite runs in the pseudo-language and reads English)."""
    return said.replace(PSEUDO_OPEN, "").replace(PSEUDO_CLOSE, "").translate(_UNACCENTED)


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
