"""Reading what a player typed, safely: the one helper every game's parser and option check uses.

Anything a player types reaches a parser or an option check: any length, any Unicode. These
helpers keep that harmless in three ways:

* ``guard(text, what)`` refuses text longer than any move of the game (``MAX_MOVE_CHARS``, or
  the game's own ``limit``: Tonga Bonga's routes run to 300) *before* a regular expression sees
  it, so parsing costs at most a bounded amount of work whatever the pattern (no quadratic
  backtracking on a 10,000-character paste).
* ``quote(text)`` is the text as a refusal may show it: whitespace runs (newlines included) made
  one space, control and format characters dropped, backticks made quotes (so the text cannot
  close the code span it is shown in), and shortened with "…" to ``QUOTE_CHARS`` characters, so
  no message can outgrow Discord's limits or post a wall of blank lines.
* ``option_text(value, key)`` is a free-text setup option as kept and shown (whitespace
  collapsed, length capped).
* ``number(word)`` reads ASCII digits only, and at most ``MAX_NUMBER_DIGITS`` of them.
  ``str.isdigit()`` accepts superscripts (``"³"``) that ``int()`` rejects, ``int()`` accepts
  Arabic-Indic and fullwidth digits, and ``int()`` raises ValueError past 4,300 digits: none of
  these may reach ``int()`` from a player's text.

Usage in a parser::

    from i18n.text import T
    from rules.text_input import guard, quote, number

    def parse(state, text):
        guard(text, T("{game} move", game="TOKAN"))  # InvalidMove if too long
        ...
        raise InvalidMove(T("`{text}` is not a {game} move. ...", text=quote(text), game="TOKAN"))
"""

from __future__ import annotations

import re
import unicodedata

from i18n.text import TN
from rules.errors import InvalidMove

# No move of TOKAN, Tonari, Friendly Fishing or Toshi Tōshi is this long (the longest real ones,
# such as Friendly Fishing's "trade crayfish for pufferfish seat 2" or Toshi Tōshi's "build
# Purple 10 face-down on b2", are under 50 characters); a longer text is refused before any
# pattern runs. Tonga Bonga's routes are longer: it passes its own limit (rules/tonga/notation).
MAX_MOVE_CHARS = 100
# How much of what was typed a refusal quotes.
QUOTE_CHARS = 100
# A short quote, for names inside a longer message (an unknown set name in an option).
SHORT_QUOTE_CHARS = 40
# No number in any move or option has more digits than this (seats 1-5, cards 1-10, carry 0-4).
MAX_NUMBER_DIGITS = 6
# No free-text setup option is longer than this (Friendly Fishing's `sets` names at most 4 of 6
# set names, under 60 characters).
MAX_OPTION_CHARS = 200

ELLIPSIS = "…"
_ASCII_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` as a refusal may quote it: one line, no backticks or control characters, at most
    ``limit`` characters (shortened with "…"). Meant to go between backticks."""
    # Only the first few times ``limit`` characters can matter: cut early so a huge paste costs
    # nothing to clean.
    head = text[: limit * 4 + 16]
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in head
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    one_line = " ".join(kept.replace("`", "'").split())
    if len(one_line) > limit or len(text) > len(head):
        return one_line[: max(limit - 1, 0)].rstrip() + ELLIPSIS
    return one_line


def guard(text: str, what: str, limit: int = MAX_MOVE_CHARS) -> str:
    """``text`` unchanged if it is at most ``limit`` characters long, else InvalidMove saying so
    (``what`` names what was expected, e.g. "TOKAN move"). Call it first in every parse."""
    if len(text) > limit:
        length = f"{len(text):,}"
        raise InvalidMove(
            TN(
                "That is {length} characters long; a {what} is at most {count} character: `{text}`",
                "That is {length} characters long; a {what} is at most {count} characters: "
                "`{text}`",
                limit,
                length=length,
                what=what,
                text=quote(text, SHORT_QUOTE_CHARS),
            )
        )
    return text


def number(word: str, max_digits: int = MAX_NUMBER_DIGITS) -> int | None:
    """The value of ``word`` if it is 1 to ``max_digits`` ASCII digits, else None (never raises:
    superscripts, other scripts' digits and huge numbers all give None)."""
    if not 0 < len(word) <= max_digits or not _ASCII_DIGITS.fullmatch(word):
        return None
    return int(word)


def is_number(word: str) -> bool:
    """Whether ``word`` is written in ASCII digits (of any length: the caller then refuses a
    number too long with its own message, through ``number`` returning None)."""
    return bool(word) and word.isascii() and word.isdigit()


def option_text(value: str, key: str, limit: int = MAX_OPTION_CHARS) -> str:
    """A free-text option as it is kept and shown: whitespace runs (newlines included) made one
    space, trimmed; InvalidMove if longer than ``limit`` characters (before collapsing, so a
    paste of thousands of blank lines is refused, not quietly kept)."""
    if len(value) > limit:
        length = f"{len(value):,}"
        raise InvalidMove(
            TN(
                "The `{option}` option is {length} characters long; at most {count} is read: "
                "`{text}`",
                "The `{option}` option is {length} characters long; at most {count} are read: "
                "`{text}`",
                limit,
                option=quote(key, SHORT_QUOTE_CHARS),
                length=length,
                text=quote(value, SHORT_QUOTE_CHARS),
            )
        )
    return " ".join(value.split())
