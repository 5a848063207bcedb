"""The pseudo-language run: every text the bot sends must have come through the catalogue.

When the stand-in's people and servers use the locale ``x-pseudo`` (``FakeDiscord(locale=…)``),
the bot says each of its messages in a made-up language: every letter dotted, each message
between ⟦ ⟧ (``i18n.catalogue.pseudo``). A word of plain English in anything Discord would show
(content, embeds, button and select labels, alt text, autocomplete choices, modal titles, thread
names) then means a text that bypassed the catalogue: the stand-in records it as a leak, and the
end-to-end suite fails on it. Names of people and servers, the games' published names, move
notation (words of three letters or fewer, anything in backticks) and links are not messages and
are let through. The stand-in then stores every text read back as English (``unpseudo``), so the
tests of the suite read what they always read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from i18n.catalogue import PSEUDO, unpseudo

# Words that are not messages: the games' names as their publishers print them, the bot's.
PUBLISHED = {"tokan", "tonari", "friendly", "fishing", "toshi", "tōshi", "tonga", "bonga"}
PUBLISHED |= {"tidetable"}
# The library the ratings are computed by, named in their footnote (``table.ratings.RATING_NOTE``)
PUBLISHED |= {"openskill"}

_NOT_WORDS = re.compile(
    r"https?://\S+"  # links
    r"|`[^`]*`"  # code: commands and notation, kept as written
    r"|<a?:\w+:\d+>|<[@#][!&]?\d+>|<t:\d+(?::\w)?>|</[\w -]+:\d+>"  # mentions, emoji, times
    r"|\S+\.(?:png|gif|jpe?g|webp)\b"  # file names
    r"|\b[A-Z][a-z]+(?:/[A-Za-z_]+)+"  # time zones as their database names them
)
_WORD = re.compile(r"[A-Za-z]{4,}")
# The words of the games' move notation (tests/rules/test_notation_words.py keeps it whole): a
# text made of notation only (a button "a1 right", a choice "wages 2 1") is typed as it is in
# every language. Within a sentence they are words like any other: there notation is quoted.
NOTATION = {
    "bigboa", "blue", "boat", "build", "carry", "cocoa", "double", "down", "end", "flip",
    "green", "lead", "leave", "left", "mamboa", "move", "pass", "place", "play", "red",
    "remove", "reroll", "right", "samboa", "slide", "swap", "take", "wages", "yellow", "up",
    "crayfish", "for", "seat", "trade", "orange", "go", "on", "tonga", "se", "camp", "palmoa",
    "keep",  # Tonga Bonga's crew turn when every die is seasick (rare in a playout)
    # Friendly Fishing's special sets, as the ``sets`` option names them (typed as they are)
    "kingfish", "lunkers", "dinkers", "skipjacks", "shiners", "junk",
    # option values and spot words as they are typed (`variant:specialisation`, `b2.centre`)
    "specialisation", "standard", "centre",
}  # fmt: skip
_TOKEN = re.compile(r"[^\s:,;·()]+")
# A run of notation's tokens (words of the notation, coordinates, numbers, single letters),
# with a colon after it when it names a button's move.
_SAID = re.compile(r"⟦[^⟦⟧A-Za-z]*⟧")  # a message said, nothing plain inside it
_WORDS_OF_NOTATION = "|".join(sorted(NOTATION, key=len)[::-1])
_PART = rf"(?:<\w+>|[A-Za-z]{{1,2}}|[A-Za-z]*\d[A-Za-z0-9-]*|{_WORDS_OF_NOTATION})"
_NOTATION_RUN = re.compile(rf"(?<![\w]){_PART}(?:[ ,]+{_PART})*:?(?![\w])", re.IGNORECASE)

# Keys whose string values Discord shows to people, wherever they are in a body.
_SHOWN = {"content", "title", "description", "label", "placeholder", "text"}


@dataclass
class Suite:
    """The locale the stand-ins of a test run use unless told otherwise, and those made so far
    (the end-to-end suite's fixture checks each for leaks once its test is over)."""

    locale: str = "en-US"
    stand_ins: list[Any] = field(default_factory=list)


SUITE = Suite()


def is_pseudo(locale: str | None) -> bool:
    return locale == PSEUDO


def plain_words(text: str, allowed: set[str]) -> list[str]:
    """The words of plain English in ``text`` (said in the pseudo-language) that are not
    names, published names or notation: each one a text that bypassed the catalogue."""
    stripped = _NOT_WORDS.sub(" ", text)
    # What the catalogue said, with nothing plain in it, is one token of a move as a name is
    # ("trade red for blue ⟦Ḃȯṫ (ėȧṡẏ)⟧ (B)").
    while (inner := _SAID.sub(" ǂ ", stripped)) != stripped:  # innermost first
        stripped = inner
    stripped = stripped.replace("ǂ", "N")
    # A name in a move ("trade red for blue bob (B)") is one of its tokens, as a seat is.
    stripped = re.sub(
        r"[^\W\d_]+", lambda w: "N" if w.group(0).lower() in allowed else w.group(0), stripped
    )
    stripped = _NOTATION_RUN.sub(_unless_prose, stripped)
    if len(stripped.split()) > 1 and is_notation(stripped):  # "double red": a move's button
        return []
    # A word of the notation as it is typed (lower case: "pass", a tap panel's step, "take the
    # Dinker") is notation wherever it stands; capitalised ("Pass", "Play") it is prose.
    return [
        word
        for word in _WORD.findall(stripped)
        if word.lower() not in allowed and not (word.islower() and word in NOTATION)
    ]


def _is_token(token: str) -> bool:
    return token.lower() in NOTATION or any(c.isdigit() for c in token) or len(token) <= 2


def _unless_prose(found: re.Match[str]) -> str:
    """A run of notation's tokens is a move when one of them is a coordinate, a number or a
    letter (``a1 down``, ``place 5 on A``, ``reroll s``), or when it names what a button does
    (``take:``); a run of words alone (``left``) is prose."""
    tokens = found.group(0).rstrip(":").split()
    moves = any(token.lower() not in NOTATION for token in tokens) or found.group(0).endswith(":")
    return " " if moves else found.group(0)


def is_notation(text: str) -> bool:
    """Whether ``text`` is move notation only: each of its words a word of the notation, a
    coordinate or a number."""
    tokens = _TOKEN.findall(text)
    return bool(tokens) and all(_is_token(token) for token in tokens)


def shown_texts(body: Any, parent: str = "") -> Iterable[tuple[str, str]]:
    """(where, text) of every string of a request body that Discord shows to people."""
    if isinstance(body, dict):
        for key, value in body.items():
            if isinstance(value, str):
                if key in _SHOWN:
                    yield f"{parent}.{key}", value
                elif key == "name" and parent.split(".")[-1] in ("fields", "author", "choices", ""):
                    yield f"{parent}.{key}", value  # an embed field's, a choice's, a thread's
                elif key == "value" and (parent.endswith("fields") or body.get("type") == 4):
                    yield f"{parent}.{key}", value  # an embed field's, a text input's
            else:
                yield from shown_texts(value, f"{parent}.{key}" if parent else key)
    elif isinstance(body, list):
        for item in body:
            yield from shown_texts(item, parent)


def read_back(body: Any) -> Any:
    """``body`` with every string read back as English."""
    if isinstance(body, str):
        return unpseudo(body)
    if isinstance(body, dict):
        return {key: read_back(value) for key, value in body.items()}
    if isinstance(body, list):
        return [read_back(item) for item in body]
    return body


def words_of(names: Iterable[str | None]) -> set[str]:
    """The words of people's and places' names, lower-cased: they are let through."""
    found: set[str] = set()
    for name in names:
        found.update(word.lower() for word in re.findall(r"\w+", name or ""))
    return found
