"""Seeded randomness that replays identically on every Python version.

Python only promises that ``Random.random()`` repeats across versions for a given seed, so every
draw here is built on ``random()`` alone (never ``shuffle``, ``randint`` or ``choice``, whose
algorithms may change). Each draw is keyed by the match seed and a *salt* that names the draw
(for example ``f"roll:{round}:{seat}"``), so replaying a move log gives the same draws.
"""

from __future__ import annotations

import random
from _random import Random as _CRandom
from collections.abc import Sequence
from hashlib import sha512
from typing import TypeVar

T = TypeVar("T")

# ``random.Random.seed`` for a str runs in Python: its bytes followed by their SHA-512, as one
# big integer, handed to the C seeding (``_random.Random.seed``). ``reseed`` does those steps
# itself, so a playout seeding a generator for each of its dice rolls skips the Python layers.
_c_seed = _CRandom.seed
_from_bytes = int.from_bytes


def stream(seed: int, salt: str) -> random.Random:
    """A generator for one named draw of one match."""
    return random.Random(f"{seed}:{salt}")


def generator() -> random.Random:
    """A generator to ``reseed`` (seeded from the system until then)."""
    return random.Random()


def reseed(gen: random.Random, key: bytes) -> None:
    """Put ``gen`` where ``random.Random(key.decode())`` starts, ``stream(seed, salt)`` when
    ``key`` is ``f"{seed}:{salt}".encode()``: the same draws from ``random()`` on
    (tests/rules/test_rng_fast.py compares them). Its ``gauss`` cache is left alone."""
    _c_seed(gen, _from_bytes(key + sha512(key).digest()))


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``range(n)``, from ``random()`` only."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    return min(int(rng.random() * n), n - 1)


def shuffled(items: Sequence[T], seed: int, salt: str) -> tuple[T, ...]:
    """A Fisher-Yates shuffle of ``items`` keyed by ``seed`` and ``salt``."""
    rand = stream(seed, salt).random
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        # ``below(rng, i + 1)`` written out: every setup shuffles, and playouts time setups.
        j = int(rand() * (i + 1))
        if j > i:
            j = i
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def roll(seed: int, salt: str, dice: int, sides: int = 6) -> tuple[int, ...]:
    """``dice`` fair dice with faces 1..sides."""
    rng = stream(seed, salt)
    return tuple(below(rng, sides) + 1 for _ in range(dice))
