"""The words of the public posts: who acts next, and the end with every score's breakdown."""

from __future__ import annotations

from cogs import messages
from data.matches import Match
from data.store import MatchRow
from rules.base import Outcome, ScoreLine, SeatScore
from tests.support.nim import Nim, NimState

ALICE, BOB, CAROL = 100, 200, 300


def match(state: NimState | None, status: str = "active", result=None) -> Match:
    row = MatchRow(
        id=7,
        game="nim",
        guild_id=1,
        channel_id=10,
        creator_id=ALICE,
        status=status,
        options={"pile": "7"},
        seed=1,
        state_json=None,
        version=3,
        result=result,
        players=(ALICE, BOB, CAROL),
    )
    return Match(row=row, game=Nim(), state=state)


def test_next_line_mentions_who_must_decide_and_what():
    state = NimState(3, 1, 5, 1, (1, 2, 3))
    assert messages.next_line(match(state)) == "Next: <@200> — take stones."


def test_final_text_lists_every_score_with_its_breakdown_best_first():
    state = NimState(3, 1, 0, 0, (1, 2, 3), last_taker=2)
    text = messages.final_text(match(state, "finished"))
    lines = text.splitlines()
    assert lines[0] == "**Game over** — the pile is empty."
    assert lines[1] == "🏆 Winner: Seat 3 (C) <@300>"
    assert lines[2] == "Seat 3 (C) <@300>: **1** (last stone +1)"
    assert lines[3:] == [
        "Seat 1 (A) <@100>: **0** (last stone +0)",
        "Seat 2 (B) <@200>: **0** (last stone +0)",
    ]


def test_shared_wins_and_draws_are_named_as_such():
    shared = Outcome((SeatScore(0, 5, (ScoreLine("sets", 5),)),) * 1, (0, 2), "done")
    assert (
        messages.winners_line(match(None), shared)
        == "🏆 Shared win: Seat 1 (A) <@100>, Seat 3 (C) <@300>"
    )
    draw = Outcome((), (), "done")
    assert messages.winners_line(match(None), draw) == "It is a draw: nobody wins."


def test_a_resigned_or_cancelled_match_says_so():
    resigned = match(None, "finished", {"reason": "seat 2 resigned", "winners": [0, 2]})
    assert messages.final_text(resigned) == (
        "**Game over** — seat 2 resigned. Win: <@100>, <@300>."
    )
    assert messages.final_text(match(None, "cancelled")) == "Match #7 was cancelled."


def test_long_texts_are_clipped_under_discords_limit():
    assert len(messages.clip("x" * 5000)) == messages.MESSAGE_LIMIT
    assert messages.clip("short") == "short"
