"""The legal moves of a decision narrowed step by step, each step within Discord's limits.

Built from the rules' own ``legal_moves`` and nothing else: every move's canonical text is cut
into words ("place a1.c" -> place, a1, c) and the moves form a tree by those words. A step offers
at most ``MAX_OPTIONS`` choices: all the remaining moves at once when they are that few (one tap),
else the next word the moves differ by ("b1" of TOKAN's "b1 up carry 1", Toshi Tōshi's card
before its spot), and consecutive runs of those words when even they are too many (Tonga
Bonga's wage pairs: "1 … 4", then "3", then the second number). Every leaf of the tree is one
legal move, and every legal move is one leaf: the tests walk the whole tree to check it.

A position in the tree is the list of choices made so far, each a small number (its ``path``),
so that it fits in a button's custom id and survives restarts; the same moves and the same path
always give the same step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

# Discord's limits: 25 options in a select; a message of 5 rows of 5 buttons.
MAX_OPTIONS = 25
# The characters that write a choice's number in a path (one per step; 25 choices at most).
DIGITS = "0123456789abcdefghijklmno"
WORD = re.compile(r"[^\s.]+")
LABEL_LIMIT = 80


@dataclass(frozen=True)
class Option:
    """One choice of a step: its label, the moves it leads to (indices into the legal moves),
    and how many words of their texts are decided once it is chosen."""

    label: str
    leaves: tuple[int, ...]
    depth: int

    @property
    def move(self) -> int | None:
        """The legal move's index when this choice is a single move, else None."""
        return self.leaves[0] if len(self.leaves) == 1 else None


@dataclass(frozen=True)
class Step:
    """What a step offers: its options (at most ``MAX_OPTIONS``), and what was chosen so far in
    words ("" at the first step)."""

    options: tuple[Option, ...]
    so_far: str


class BadPath(ValueError):
    """A path that does not lead anywhere in this tree (a forged or garbled custom id)."""


@dataclass(frozen=True)
class Moves:
    """The decision's legal moves as the tree reads them: each move's text and its label (what
    a button shows: the text, or the game's fuller label such as "c3: Crayfish")."""

    texts: tuple[str, ...]
    labels: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.texts) != len(self.labels):
            raise ValueError("one label per move")

    @cached_property
    def _split(self) -> tuple[tuple[tuple[str, int], ...], ...]:
        """Each move's words with where each ends in its text, cut once per decision."""
        return tuple(
            tuple((found.group(0), found.end()) for found in WORD.finditer(text))
            for text in self.texts
        )

    def words(self, index: int) -> tuple[tuple[str, int], ...]:
        return self._split[index]

    def prefix(self, index: int, depth: int) -> str:
        """The text of move ``index`` up to its ``depth``-th word."""
        found = self.words(index)
        if depth >= len(found):
            return self.texts[index]
        return self.texts[index][: found[depth - 1][1]] if depth else ""

    def root(self) -> Option:
        return Option("", tuple(range(len(self.texts))), 0)

    def step(self, node: Option) -> Step:
        """The choices offered at ``node``."""
        leaves, depth = node.leaves, node.depth
        if len(leaves) <= MAX_OPTIONS:
            options = tuple(Option(_fit(self.labels[i]), (i,), depth) for i in leaves)
            return Step(options, self._so_far(node))
        split = [self.words(i) for i in leaves]
        while True:  # skip the words every remaining move shares ("wages", "build")
            keys = {_key(words, depth) for words in split}
            if len(keys) > 1 or None in keys:
                break
            depth += 1
        groups: dict[str | None, list[int]] = {}
        for index, words in zip(leaves, split, strict=True):
            groups.setdefault(_key(words, depth), []).append(index)
        options = tuple(
            Option(
                _fit(self.labels[members[0]])
                if key is None or len(members) == 1
                else self.prefix(members[0], depth + 1),
                tuple(members),
                depth + 1,
            )
            for key, members in groups.items()
        )
        if len(options) > MAX_OPTIONS:
            options = _runs(options, depth)
        return Step(options, self._so_far(Option(node.label, leaves, depth)))

    def _so_far(self, node: Option) -> str:
        return self.prefix(node.leaves[0], node.depth) if node.depth else ""

    def follow(self, path: str) -> Option:
        """The node a path of choices leads to; BadPath if a choice does not exist there."""
        node = self.root()
        for position, char in enumerate(path):
            if position and node.move is not None:
                raise BadPath("the path goes on past a move")
            options = self.step(node).options
            index = DIGITS.find(char)
            if not 0 <= index < len(options):
                raise BadPath(f"no choice {char!r} here")
            node = options[index]
        return node

    def leaves(self, path: str = "") -> list[tuple[str, int]]:
        """Every move reachable from ``path``, with the path that chooses it (for the tests
        and the benchmark: the whole tree, walked)."""
        return self._walk(self.follow(path), path)

    def _walk(self, node: Option, path: str) -> list[tuple[str, int]]:
        if path and node.move is not None:
            return [(path, node.move)]
        found = []
        for index, option in enumerate(self.step(node).options):
            found += self._walk(option, path + DIGITS[index])
        return found


def _key(words: tuple[tuple[str, int], ...], depth: int) -> str | None:
    return words[depth][0] if depth < len(words) else None


def _fit(label: str) -> str:
    return label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1] + "…"


def _runs(options: tuple[Option, ...], depth: int) -> tuple[Option, ...]:
    """Too many choices for one step: consecutive runs of them, at most ``MAX_OPTIONS``."""
    size = -(-len(options) // MAX_OPTIONS)
    runs = []
    for start in range(0, len(options), size):
        run = options[start : start + size]
        label = run[0].label if len(run) == 1 else f"{run[0].label} … {run[-1].label}"
        leaves = tuple(i for option in run for i in option.leaves)
        runs.append(Option(_fit(label), leaves, depth))
    return tuple(runs)
