"""Former players: the placeholder ids that stand for people who asked to be forgotten.

A forgotten person's user id is replaced, everywhere it was stored, by a placeholder id of
their own (one per person, so that a finished match still tells its seats apart and the ratings
derived from the results stay exactly what they were for everyone else). Texts and pictures
show a placeholder as "a former player".

No Discord user can have such an id: a Discord id (a snowflake) keeps the milliseconds since
the first instant of 2015 in its bits from 22 up, so every id below 2**22 was made in that
very first millisecond, months before Discord opened. Computer seats use negative ids
(``table/computers.py``), so the three kinds never meet.
"""

from __future__ import annotations

FORMER_FIRST = 1 << 21  # the first placeholder handed out
FORMER_LAST = (1 << 22) - 1  # ... and the last one there can be (two million of them)


def is_former(user_id: int) -> bool:
    """Whether ``user_id`` is a forgotten person's placeholder."""
    return FORMER_FIRST <= user_id <= FORMER_LAST
