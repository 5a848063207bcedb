"""Reading what a player typed safely, for Tonga Bonga's parser and autocomplete.

A minimal, Tonga-only stand-in with the same names and signatures as the shared helper being
written on another branch (``rules/text_input.py``: ``guard``, ``quote``, ``number``), so the
two can be unified at merge by changing one import. Three protections:

* ``guard`` refuses a text longer than any move before any parsing, so a 10,000-character paste
  costs nothing (the parser itself is linear: one split and dictionary look-ups).
* ``quote`` is what a refusal may show of the text: one line, no backticks, at most 100
  characters.
* ``number`` reads only ASCII digits, and only a few: ``str.isdigit()`` accepts superscripts
  that ``int()`` rejects, and ``int()`` raises ValueError past 4,300 digits.
"""

from __future__ import annotations

import unicodedata

from rules.errors import InvalidMove

# The longest Tonga Bonga move is a route: at most 21 spaces (15 points of dice and 6 of wind),
# a few camps and an `end`, under 150 characters even with arrows typed between the spaces.
MAX_MOVE_CHARS = 300
QUOTE_CHARS = 100
SHORT_QUOTE_CHARS = 40
MAX_NUMBER_DIGITS = 6
ELLIPSIS = "…"


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` as a refusal may show it between backticks: one line, no backticks or control
    characters, at most ``limit`` characters (cut with "…")."""
    head = text[: limit * 2 + 8]  # only this much can be shown: never clean a huge paste
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in head
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    line = " ".join(kept.replace("`", "'").split())
    if len(line) > limit or len(text) > len(head):
        return line[: limit - 1].rstrip() + ELLIPSIS
    return line


def guard(text: str, what: str, limit: int = MAX_MOVE_CHARS) -> str:
    """``text`` unchanged when at most ``limit`` characters long, else InvalidMove."""
    if len(text) > limit:
        raise InvalidMove(
            f"That is {len(text):,} characters long; a {what} is at most {limit} characters: "
            f"`{quote(text, SHORT_QUOTE_CHARS)}`"
        )
    return text


def number(word: str, max_digits: int = MAX_NUMBER_DIGITS) -> int | None:
    """The value of ``word`` if it is 1 to ``max_digits`` ASCII digits, else None."""
    if not 0 < len(word) <= max_digits or not (word.isascii() and word.isdigit()):
        return None
    return int(word)
