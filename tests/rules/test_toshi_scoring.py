"""Toshi Tōshi: final scoring and the Specialisation variant, from literal positions."""

from __future__ import annotations

import dataclasses

import pytest

from rules.toshi.model import Cell
from rules.toshi.scoring import tally
from tests.rules.test_toshi_helpers import (
    BEEHIVE,
    GAME,
    LEAF,
    MUSHROOM,
    TWENTY,
    card,
    fill_grid,
    holder_of,
    over,
    state,
    with_cards,
    with_tokens,
)


def test_rulebook_scoring_example():
    """ "Mushroom gains the card since they have 3 tokens, while Beehive and Leaf each have 2.
    Since there is a tie at 2 tokens, Beehive, who has a token in the middle of the card, gains
    that card. Since there is a tie at 2 tokens and no token in the middle of the card, Leaf, who
    has 2 on the SIDES, gains that card. Since there is a complete tie between Beehive and
    Mushroom, no one gains the card." """
    most = {"c2.n": 0, "c2.s": 0, "c2.ne": 0, "c2.e": 1, "c2.sw": 1, "c2.w": 2, "c2.nw": 2}
    assert holder_of(most) == MUSHROOM
    middle = {"c2.c": BEEHIVE, "c2.ne": BEEHIVE, "c2.n": LEAF, "c2.s": LEAF}
    assert holder_of(middle) == BEEHIVE
    sides = {"c2.nw": BEEHIVE, "c2.e": BEEHIVE, "c2.n": LEAF, "c2.s": LEAF}
    assert holder_of(sides) == LEAF
    complete = {"c2.n": BEEHIVE, "c2.ne": BEEHIVE, "c2.s": MUSHROOM, "c2.sw": MUSHROOM}
    assert holder_of(complete) == -1


def test_middle_tie_break_only_for_a_tied_player():
    """Clarification: the middle decides only when one of the *tied* players holds it;
    otherwise the sides decide."""
    tokens = {"c2.c": LEAF, "c2.n": MUSHROOM, "c2.ne": MUSHROOM, "c2.s": BEEHIVE, "c2.nw": BEEHIVE}
    tokens["c2.sw"] = BEEHIVE  # Beehive 3, Mushroom 2, Leaf 1 (middle): Beehive by count
    assert holder_of(tokens) == BEEHIVE
    tied = {"c2.c": LEAF, "c2.n": MUSHROOM, "c2.ne": MUSHROOM, "c2.nw": BEEHIVE, "c2.sw": BEEHIVE}
    assert holder_of(tied) == MUSHROOM  # Leaf's middle is not in the tie; Mushroom has a side


def test_corner_and_side_tokens_count_for_every_card_they_touch():
    """ "count all tokens connected to it on all possible spots (in the middle of the card, on
    the sides and on the corners)": one corner token touches four cards."""
    s = fill_grid(with_tokens(state(4), {"b2.se": 1}), TWENTY)
    view = GAME.view(s, None)
    held = {view.cells[i].name for i in range(len(s.cells)) if view.cells[i].holder == 1}
    assert held == {"b2", "c2", "b3", "c3"}


def test_final_scoring_buildings_and_majority_split_six_each():
    """ "Each gained Building card gives a number of Nature Points equal to their face value; The
    player that gained the most combined Parks and Monument cards scores 12 NP. In case of a tie,
    tied players split the 12 NP equally (6/4/3/2 NP with 2/3/4/5 tied players)." """
    s = fill_grid(over(), ["R7", "G9", *TWENTY[:8]])
    s = with_cards(s, {"c1": Cell("building", card("G9"), False, 2)})
    s = with_tokens(s, {"a1.c": 0, "c2.c": 1, "b1.c": 0, "c1.c": 2})
    outcome = GAME.outcome(s)
    totals = {x.seat: x.total for x in outcome.scores}
    assert totals == {0: 7 + 6, 1: 6, 2: 9}  # the face-down G9 is revealed and scores
    assert outcome.winners == (0,)
    lines = {line.label: line.points for line in outcome.scores[0].breakdown}
    assert lines == {"Buildings R7": 7, "Parks+Monument majority (1 gained)": 6}


@pytest.mark.parametrize(("tied", "share"), [(1, 12), (2, 6), (3, 4), (4, 3), (5, 2)])
def test_majority_split_table(tied: int, share: int):
    s = fill_grid(over(5), TWENTY)
    tokens = {
        name: seat for seat, name in enumerate(["a1.c", "e1.c", "a5.c", "e5.c", "c3.c"][:tied])
    }
    s = with_tokens(s, tokens)
    assert [t.majority for t in tally(s)] == [share] * tied + [0] * (5 - tied)


def test_nobody_scores_the_majority_without_any_park_or_monument():
    s = fill_grid(over(4), TWENTY)
    assert all(t.majority == 0 for t in tally(s))


def test_ties_go_to_most_unused_tokens_then_most_cards_gained_else_shared():
    """ "In case of a tie, the tied player with the most unused Nature tokens wins. If still tied,
    the tied player who gained the most cards wins. If still tied, players share their victory." """
    s = fill_grid(over(3), ["R5", "G5", "R2", "G3", "R1", *TWENTY[10:15]])
    s = with_tokens(s, {"b1.c": 0, "c1.c": 1, "b2.s": 2})
    assert GAME.outcome(s).winners == (0, 1)  # 5 NP each, 9 tokens each, 1 card each
    fewer = dataclasses.replace(s, supply=(9, 8, 9))
    assert GAME.outcome(fewer).winners == (0,)
    assert GAME.outcome(s).extra and "unused tokens" in GAME.outcome(s).extra[0]


def test_a_card_gained_decides_an_np_and_token_tie():
    s = fill_grid(over(3), ["R5", "G4", "R2", "G3", "R1", *TWENTY[10:15]])
    s = with_cards(s, {"d1": "Y1"})
    s = with_tokens(s, {"b1.c": 0, "c1.c": 1, "d1.c": 1})
    s = dataclasses.replace(s, supply=(9, 9, 10))
    assert [t.total for t in tally(s)][:2] == [5, 5]
    assert GAME.outcome(s).winners == (1,)
