"""What the picture tests share: made-up names and the checks every alt text must pass."""

from __future__ import annotations

import re

from render.common import ALT_LIMIT

# A plain name, a long one, a Cyrillic one, one with a letter beyond ASCII and an emoji, and a
# CJK one: every picture draws them all (tests/render/test_scripts.py adds Arabic and Hebrew).
NAMES = (
    "alice",
    "Bartholomew-Maximilian of the Northern Seas",
    "Дмитрий",
    "Zoë 🎣",
    "王小明",
)
LABELS = ("alice (A)", "Bartholomew-Maxi", "Дмитрий (C)", "Zoë 🎣 (D)", "王小明 (E)")


def check_alt(alt: str) -> None:
    """At most 1,024 characters, one paragraph, no chat markup, no doubled full stops, no seat
    left unnamed as "to act: nobody"."""
    assert 0 < len(alt) <= ALT_LIMIT
    assert "\n" not in alt and "`" not in alt
    assert not re.search(r"(?<![.…])\.\s*\.(?!\.)", alt), alt
    assert "nobody to act" not in alt.lower() and "to act: nobody" not in alt.lower()


def named(alt: str, players: int) -> None:
    """Every seated player's label is in ``alt`` (the long name cut)."""
    for label in LABELS[:players]:
        assert label in alt, (label, alt)
