"""Friendly Fishing's setup options: the board side and the special sets.

``side`` is small or large, but 5 players always play the large side (the rulebook's rule). ``sets``
is `random` or a list naming exactly as many special sets as the side uses (2 small, 4 large).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from i18n.text import T
from rules.errors import InvalidMove
from rules.fishing.data import LARGE_ONLY_PLAYERS, SIDES, SPECIAL_SETS
from rules.text_input import SHORT_QUOTE_CHARS, option_text, quote

SET_NAMES = ", ".join(SPECIAL_SETS)


def check_options(players: int, options: Mapping[str, str]) -> None:
    """InvalidMove saying what to change unless the options fit ``players``."""
    side = played_side(players, options)
    chosen = chosen_sets(options.get("sets", "random"))
    need = SIDES[side].special_sets
    if chosen is not None and len(chosen) != need:
        values: dict[str, int | str] = {
            "need": need,
            "named": len(chosen),
            "names": SET_NAMES,
            "option": "sets",
            "random": "random",
        }
        if players == LARGE_ONLY_PLAYERS:
            raise InvalidMove(
                T(
                    "The large side (5 players always play the large side) uses {need} special "
                    "sets, but `{option}` names {named}. Give `{random}` or {need} of: {names}.",
                    **values,
                )
            )
        if side == "large":
            raise InvalidMove(
                T(
                    "The large side uses {need} special sets, but `{option}` names {named}. "
                    "Give `{random}` or {need} of: {names}.",
                    **values,
                )
            )
        raise InvalidMove(
            T(
                "The small side uses {need} special sets, but `{option}` names {named}. "
                "Give `{random}` or {need} of: {names}.",
                **values,
            )
        )


def played_side(players: int, options: Mapping[str, str]) -> str:
    side = options.get("side", "small")
    if side not in SIDES:
        raise InvalidMove(
            T(
                "`{side}` is not a board side; choose {small} or {large}.",
                side=quote(side, SHORT_QUOTE_CHARS),
                small="small",
                large="large",
            )
        )
    return "large" if players >= LARGE_ONLY_PLAYERS else side


def chosen_sets(text: str) -> tuple[str, ...] | None:
    """The sets a `sets` option names (None for random), or InvalidMove naming the six.
    Over-long text is refused before it is split (the shared ``option_text`` guard)."""
    typed = [w for w in re.split(r"[\s,;/+]+", option_text(text, "sets")) if w]
    if [w.lower() for w in typed] in ([], ["random"]):
        return None
    out: list[str] = []
    for name in typed:  # quoted as typed in a refusal
        word = name.lower().rstrip("s")
        match = [s for s in SPECIAL_SETS if s.rstrip("s") == word]
        if not match:
            shown = quote(name, SHORT_QUOTE_CHARS)
            raise InvalidMove(
                T(
                    "`{set}` is not a special set. The six sets: {names}.",
                    set=shown,
                    names=SET_NAMES,
                )
            )
        if match[0] in out:
            shown = quote(name, SHORT_QUOTE_CHARS)
            raise InvalidMove(
                T("`{set}` is named twice. The six sets: {names}.", set=shown, names=SET_NAMES)
            )
        out.append(match[0])
    return tuple(out)
