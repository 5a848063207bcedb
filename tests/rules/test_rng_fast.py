"""rules/rng.py's ``reseed`` (the playouts' dice) starts a generator exactly where ``stream``
does, for every kind of key the rules use and more."""

from __future__ import annotations

import random

from rules import rng


def keys() -> list[tuple[int, str]]:
    salts = ["playout", "deal", "first player", "tiles", "", ":", "é ü 東", "x" * 300]
    salts += [f"crew:{r}:{s}" for r in range(1, 12) for s in range(5)]
    salts += [f"reroll:{r}:{s}:{n}" for r in range(1, 4) for s in range(5) for n in range(1, 4)]
    seeds = [0, 1, 7, 99, 123456789, 2**31 - 1, 2**63 + 5, -1, -42]
    return [(seed, salt) for seed in seeds for salt in salts]


def test_reseed_draws_as_stream():
    gen = rng.generator()
    for seed, salt in keys():
        rng.reseed(gen, f"{seed}:{salt}".encode())
        reference = rng.stream(seed, salt)
        assert gen.getstate()[1] == reference.getstate()[1], (seed, salt)
        assert [gen.random() for _ in range(700)] == [reference.random() for _ in range(700)]


def test_reseed_matches_the_documented_seeding_of_a_str():
    """``random.Random(text)``: the same as ``stream`` builds, whatever generator came before."""
    gen = rng.generator()
    gen.random()
    for n in range(300):
        text = f"{n * 7919}:crew:{n % 11}:{n % 5}"
        rng.reseed(gen, text.encode())
        assert gen.random() == random.Random(text).random(), text


def test_bytes_formatting_spells_keys_as_the_f_strings():
    """The playouts build keys with ``b"%d:..." % (...)``: the same bytes as the f-strings."""
    for seed in [0, 5, -3, 10**20]:
        for r in range(1, 4):
            for s in range(5):
                assert b"%d:crew:%d:%d" % (seed, r, s) == f"{seed}:crew:{r}:{s}".encode()
