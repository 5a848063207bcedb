"""A text to be said in the reader's language, decided where it is said, not where it is made.

Deep layers (the table's refusals, the games' descriptions) do not know who will read what they
write, nor in which language: they return a :class:`Text`, the English message (the catalogue's
key) and its parameters, and the edge that sends it to Discord says it in the reader's language
(``i18n.catalogue.say``). ``str(text)`` is the English, so a Text reads as before wherever a
plain string is expected (logs, tests).

Babel finds the messages in the source by the markers ``T`` (one form) and ``TN`` (a count's
singular and plural); ``N_`` (and ``NC_``, with a context) marks a plain string as a message
without making it a Text (a table of labels, translated where it is said).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Union

Param = Union["Text", str, int, float]


class Text(str):
    """A message of the catalogue with the values of its ``{placeholders}``.

    A Text *is* its English (a ``str`` subclass): code and tests that read it as a string see
    the English, and anything that builds a new plain string from it (an f-string, ``+``) loses
    the translation; the pseudo-language run of the end-to-end suite catches those (an English
    word reaching Discord unmarked). ``plural`` and ``count`` make it a message with plural
    forms: the catalogue chooses the form for ``count`` by the language's own rule. A parameter
    may be a Text itself, said in the same language as the text around it. A ``verbatim`` text
    is not looked up: its message is a pattern that only joins its parameters (``joined``)."""

    message: str
    params: tuple[tuple[str, Param], ...]
    plural: str | None
    quantity: int | None  # the count choosing a plural form (``count`` is str's own)
    context: str | None
    verbatim: bool

    def __new__(
        cls,
        message: str,
        params: tuple[tuple[str, Param], ...] = (),
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
        verbatim: bool = False,
    ) -> Text:
        pattern = plural if plural is not None and count != 1 else message
        said = fill(pattern, {key: _english_value(value) for key, value in params})
        text = super().__new__(cls, said)
        text.message = message
        text.params = params
        text.plural = plural
        text.quantity = count
        text.context = context
        text.verbatim = verbatim
        return text

    def values(self) -> dict[str, Param]:
        return dict(self.params)

    def __reduce__(self) -> tuple[object, ...]:  # pickled to a picture worker whole
        return (
            Text,
            (self.message, self.params, self.plural, self.quantity, self.context, self.verbatim),
        )


def T(message: str, /, **params: Param) -> Text:
    """The message ``message`` with ``params`` filled in where it is said."""
    return Text(message, tuple(params.items()))


def TN(singular: str, plural: str, count: int, /, **params: Param) -> Text:
    """The singular or plural form of a message for ``count`` (itself available as ``{count}``)."""
    return Text(singular, (("count", count), *params.items()), plural=plural, count=count)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue and returns it unchanged."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks ``message`` for the catalogue under ``context`` (a command's name: "board" the
    command may be named otherwise than "board" the word) and returns it unchanged."""
    return message


def fill(pattern: str, values: Mapping[str, str]) -> str:
    """``pattern`` with each ``{name}`` replaced by ``values[name]``, and nothing else read as a
    format: a translation is trusted no further than its placeholders (no attribute access, no
    format specs), and "{" or "}" elsewhere stays as written."""
    out: list[str] = []
    index = 0
    while index < len(pattern):
        start = pattern.find("{", index)
        if start < 0:
            out.append(pattern[index:])
            break
        end = pattern.find("}", start)
        name = pattern[start + 1 : end] if end > 0 else ""
        if end > 0 and name in values:
            out.append(pattern[index:start])
            out.append(values[name])
            index = end + 1
        else:
            out.append(pattern[index : start + 1])
            index = start + 1
    return "".join(out)


def placeholders(pattern: str) -> set[str]:
    """The ``{names}`` a message or a translation holds."""
    found: set[str] = set()
    index = 0
    while (start := pattern.find("{", index)) >= 0:
        end = pattern.find("}", start)
        if end < 0:
            break
        name = pattern[start + 1 : end]
        if name.isidentifier():
            found.add(name)
        index = start + 1
    return found


def joined(parts: Iterable[Param], separator: str = "\n") -> Text:
    """``parts`` one after another with ``separator`` between them, each said in the reader's
    language (the separator is not a message: a line break, " · ")."""
    values = tuple((f"p{index}", part) for index, part in enumerate(parts))
    pattern = separator.join("{" + key + "}" for key, _ in values)
    return Text(pattern, values, verbatim=True)


def english(text: Text | str) -> str:
    """The text in English, the language its messages are written in."""
    return str.__str__(text)


def _english_value(value: Param) -> str:
    return str.__str__(value) if isinstance(value, str) else str(value)


# -- kept as data -----------------------------------------------------------------------------
# A text stored (a game's state, an outbox entry's move description) is kept whole, its message
# and its values, so that what reads it later says it in its own reader's language.
TEXT_KEY = "$text"


def text_data(text: Param) -> object:
    """JSON-ready data for ``text``: a Text as its parts, anything else as it is."""
    if not isinstance(text, Text):
        return text
    params = [[key, text_data(value)] for key, value in text.params]
    return {
        TEXT_KEY: [text.message, params, text.plural, text.quantity, text.context, text.verbatim]
    }


def text_from(data: object) -> Param:
    """What ``text_data`` kept, read back (a plain string or number as it is)."""
    if isinstance(data, dict) and TEXT_KEY in data:
        message, params, plural, quantity, context, verbatim = data[TEXT_KEY]
        values = tuple((str(key), text_from(value)) for key, value in params)
        return Text(message, values, plural, quantity, context, bool(verbatim))
    if isinstance(data, str | int | float):
        return data
    return str(data)
