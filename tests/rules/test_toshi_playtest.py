"""Toshi Tōshi play-test scenarios: rulebook sentences and edge cases a player might try.

Each test starts from a literal position (or a few moves from one) and quotes the sentence it
checks: the Monument flip between tricks, powers that stop once their card is flipped, bonuses
that count only on the Bonus Points side, the tie-break order, and the smallest and largest
player counts.
"""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from rules.errors import IllegalMove
from rules.toshi.data import BUILDER, INFLUENSTAR, OCTOGEEK, OVERSEER, PAWNLITICIAN
from rules.toshi.grid import geometry
from rules.toshi.model import Flip, Lead, MoveToken, Pass, Phase, Place, Play, ToshiState
from rules.toshi.scoring import tally
from rules.toshi.trick import trick_winner
from tests.rules.test_toshi_helpers import (
    BEEHIVE,
    GAME,
    LEAF,
    MUSHROOM,
    TWENTY,
    after_trick,
    card,
    fill_grid,
    holder_of,
    over,
    play,
    spot,
    state,
    with_cards,
    with_tokens,
)

FOUR = (INFLUENSTAR, PAWNLITICIAN, BUILDER, OCTOGEEK)
WITH_OVERSEER = (INFLUENSTAR, OVERSEER, BUILDER, OCTOGEEK)
RED_TRICK = [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")]


def specialised(
    specs: tuple[str, ...], flipped: tuple[bool, ...] | None = None, **changes
) -> ToshiState:
    players = len(specs)
    s = state(players, "specialisation")
    return dataclasses.replace(
        s, specs=specs, spec_flipped=flipped or (False,) * players, **changes
    )


def hands(*cards: str) -> tuple[tuple, ...]:
    """One card in each seat's hand, in seat order."""
    return tuple((card(c),) for c in cards)


# -- the Monument ----------------------------------------------------------------------------------
def test_flipping_the_monument_changes_who_wins_the_next_trick():
    """ "IMPORTANT! The strength of the cards is determined by the Monument card in the center of
    the City grid. If the blue side "10 > 1" is face-up, the card with the highest value is the
    strongest. On the other hand, if the red side "1 > 10" is face-up, the card with the lowest
    value is the strongest." A flip in round 1's Influence phase decides trick 2."""
    s = after_trick(state(4), RED_TRICK, 3, Phase.INFLUENCE)
    s = dataclasses.replace(s, hands=hands("G2", "G9", "G5", "G7"))
    s = play(s, 3, "flip c3")
    assert s.phase is Phase.TRICK and s.round == 2 and not s.monument_high
    assert '"1 > 10" (low cards strongest) is now up' in s.last_text
    for seat, text in ((3, "G7"), (0, "G2"), (1, "G9"), (2, "G5")):
        s = play(s, seat, f"play {text}")
    assert s.winner == 0  # all followed: the lowest card, G2, is now the strongest


def test_flipping_the_monument_back_restores_high_cards():
    s = after_trick(state(4), RED_TRICK, 0, Phase.INFLUENCE, monument_high=False)
    after = play(s, 0, "flip c3")
    assert after.monument_high
    assert '"10 > 1" (high cards strongest) is now up' in after.last_text


def test_off_colour_tie_goes_to_the_later_card_on_the_blue_side_too():
    """ "In case of a tie, the strongest card that was played last wins the trick." (high side)"""
    trick = [Play(0, card("P5")), Play(1, card("R9")), Play(2, card("G9")), Play(3, card("B2"))]
    assert trick_winner(trick, monument_high=True) == 2


def test_a_lone_off_colour_card_wins_even_when_weakest():
    """ "If at least one player did not follow: the strongest card that is NOT of the demanded
    color wins the trick." Even a 1 under "10 > 1" beats every followed card."""
    trick = [Play(0, card("P10")), Play(1, card("P9")), Play(2, card("G1"))]
    assert trick_winner(trick, monument_high=True) == 2


# -- Nature: who cannot act ------------------------------------------------------------------------
def test_a_placer_with_tokens_but_no_free_spot_is_skipped():
    """A non-winner "places a Nature token" only where the placement rules allow one: with
    every legal spot taken, the Nature phase moves on instead of waiting for a move that does
    not exist."""
    s = after_trick(state(4), RED_TRICK, 0, Phase.NATURE, queue=(1, 2, 3))
    legal = [m.spot for m in GAME.legal_moves(s, 1)]
    spots = list(s.spots)
    for x in legal[1:]:
        spots[x] = 0
    s = dataclasses.replace(s, spots=tuple(spots))
    s = GAME.apply(s, 1, Place(legal[0]))
    assert s.phase is Phase.BUILD and GAME.to_act(s) == (0,)


# -- powers only while the power side is up --------------------------------------------------------
def test_a_flipped_builder_places_no_second_token():
    """ "A player can use their special power as long as the "special power" side is up." """
    s = specialised(FOUR, (False, False, True, False))
    s = after_trick(s, RED_TRICK, 3, Phase.NATURE, queue=(2,))
    s = play(s, 2, "place c3.n")
    assert s.phase is Phase.PAWN  # straight on to construction: no Builder decision


def test_a_flipped_overseer_follows_the_normal_placement_rules():
    s = specialised(WITH_OVERSEER, (False, True, False, False))
    s = after_trick(s, RED_TRICK, 0, Phase.NATURE, queue=(1, 2, 3))
    with pytest.raises(IllegalMove, match="outer edge"):
        play(s, 1, "place a1.n")


def test_a_flipped_influenstar_places_in_turn_order():
    s = specialised(FOUR, (True, False, False, False), leader=0)
    s = dataclasses.replace(s, hands=hands("R1", "R9", "R2", "R3"))
    for seat, text in ((0, "R1"), (1, "R9"), (2, "R2"), (3, "R3")):
        s = play(s, seat, f"play {text}")
    assert s.winner == 1 and s.owed == -1 and s.queue == (2, 3, 0)


def test_a_flipped_pawnlitician_leaves_construction_to_the_winner():
    s = specialised(FOUR, (False, True, False, False))
    s = after_trick(s, RED_TRICK, 0, Phase.NATURE, queue=(2,), owed=-1)
    s = play(s, 2, "place c3.n")
    s = play(s, 2, "pass")  # the Builder's second token
    assert s.phase is Phase.BUILD and GAME.to_act(s) == (0,)


def test_a_flipped_octogeek_takes_one_bonus_action():
    s = specialised(FOUR, (False, False, False, True))
    s = after_trick(s, RED_TRICK, 3, Phase.INFLUENCE)
    s = play(s, 3, "flip c3")
    assert s.phase is Phase.TRICK


def test_the_pawnlitician_who_wins_the_trick_builds_both_cards():
    """ "When losing a trick, during the Construction phase, you can choose the card that is
    placed face-up": a winning Pawnlitician builds as any winner."""
    s = specialised(FOUR)
    s = after_trick(s, RED_TRICK, 1, Phase.NATURE, queue=(2,), owed=-1)
    s = play(s, 2, "place c3.n")
    s = play(s, 2, "pass")
    assert s.phase is Phase.BUILD and GAME.to_act(s) == (1,)
    assert {m.face_up for m in GAME.legal_moves(s, 1)} == {True, False}


# -- the Specialisation flip -----------------------------------------------------------------------
def test_only_the_trick_winner_may_flip_a_specialisation_card():
    """ "Once during the game, during the Influence phase, the winner of the trick can flip over
    their Specialisation card": the owed Influenstar, also acting now, may only place."""
    s = specialised(FOUR)
    s = after_trick(s, RED_TRICK, 2, Phase.SPECIALISE, owed=0)
    assert GAME.to_act(s) == (2, 0)
    with pytest.raises(IllegalMove, match="only place your owed Influenstar token"):
        GAME.apply(s, 0, GAME.parse(s, "flip specialisation"))


def test_declining_the_flip_keeps_the_power_and_the_offer_comes_again():
    s = specialised(FOUR)
    s = after_trick(s, RED_TRICK, 2, Phase.INFLUENCE)
    s = play(s, 2, "pass")
    s = play(s, 2, "pass")
    assert s.spec_flipped == (False,) * 4
    again = after_trick(s, RED_TRICK, 2, Phase.INFLUENCE)
    assert play(again, 2, "pass").phase is Phase.SPECIALISE


def test_the_flip_is_offered_after_every_octogeek_action_is_taken():
    """ "... can flip over their Specialisation card for free, after taking their bonus action." """
    s = specialised(FOUR, round=10)
    s = after_trick(s, RED_TRICK, 3, Phase.INFLUENCE)
    s = with_tokens(s, {"c3.c": 3})
    s = play(s, 3, "flip c3")
    s = play(s, 3, "move c3.c c3.n")  # no leader to choose in round 10: both actions are taken
    assert s.phase is Phase.SPECIALISE
    s = play(s, 3, "flip specialisation")
    assert s.phase is Phase.OVER and s.spec_flipped[3]


# -- the Influenstar -------------------------------------------------------------------------------
def test_influenstar_may_place_after_the_construction_phase():
    """ "This includes between two other players, after the Construction phase or even after the
    Influence phase." """
    s = specialised(FOUR)
    s = after_trick(s, RED_TRICK, 3, Phase.INFLUENCE, owed=0)
    assert GAME.to_act(s) == (3, 0)
    assert "meanwhile Seat 1 (A) (Influenstar)" in GAME.pending(s)
    s = play(s, 0, "place c3.c")
    assert s.owed == -1 and s.phase is Phase.INFLUENCE and GAME.to_act(s) == (3,)
    assert "owed Influenstar token" in s.last_text


def test_influenstar_who_wins_owes_nothing():
    s = specialised(FOUR, leader=0)
    s = dataclasses.replace(s, hands=hands("R9", "R1", "R2", "R3"))
    for seat, text in ((0, "R9"), (1, "R1"), (2, "R2"), (3, "R3")):
        s = play(s, seat, f"play {text}")
    assert s.winner == 0 and s.owed == -1 and s.queue == (1, 2, 3)


def test_influenstar_without_tokens_owes_nothing():
    """ "If you do not have any more unused tokens ... you simply don't place any." (the same
    holds for every player without tokens)"""
    s = specialised(FOUR, leader=1)
    s = dataclasses.replace(s, hands=hands("R1", "R9", "R2", "R3"), supply=(0, 10, 10, 10))
    for seat, text in ((1, "R9"), (2, "R2"), (3, "R3"), (0, "R1")):
        s = play(s, seat, f"play {text}")
    assert s.winner == 1 and s.owed == -1 and 0 not in GAME.to_act(s)


def test_influenstar_cannot_hold_the_token_past_the_next_trick():
    """ "... but before the start of the next trick.": the next trick waits for it, and nothing
    but the token may be played meanwhile."""
    s = specialised(FOUR)
    s = after_trick(s, RED_TRICK, 3, Phase.SPECIALISE, owed=0)
    s = play(s, 3, "pass")
    assert s.phase is Phase.OWED and GAME.to_act(s) == (0,)
    assert all(isinstance(m, Place) for m in GAME.legal_moves(s, 0))
    with pytest.raises(IllegalMove, match="only place your owed Influenstar token"):
        GAME.apply(s, 0, Pass())


# -- the Builder -----------------------------------------------------------------------------------
def test_builder_with_a_single_token_left_places_no_second_one():
    """ "If you do not have any more unused tokens at any point and you need to place one, you
    simply don't place any." """
    s = specialised(FOUR, supply=(10, 10, 1, 10))
    s = after_trick(s, RED_TRICK, 3, Phase.NATURE, queue=(2,))
    s = play(s, 2, "place c3.n")
    assert s.supply[2] == 0 and s.phase is Phase.PAWN


def test_builder_bonus_comes_after_the_middle_and_sides_checks():
    """ "you win the complete ties in which you are implied. This is done after checking all
    other tie-breaking rules." A tie the middle or the sides decide is not a complete tie."""
    middle = {"c2.c": LEAF, "c2.ne": LEAF, "c2.n": BEEHIVE, "c2.s": BEEHIVE}
    assert holder_of(middle, builder=BEEHIVE) == LEAF
    sides = {"c2.nw": BEEHIVE, "c2.e": BEEHIVE, "c2.n": LEAF, "c2.s": LEAF}
    assert holder_of(sides, builder=BEEHIVE) == LEAF
    three = {
        "c2.n": MUSHROOM,
        "c2.nw": MUSHROOM,
        "c2.s": BEEHIVE,
        "c2.sw": BEEHIVE,
        "c2.e": LEAF,
        "c2.ne": LEAF,
    }
    assert holder_of(three, builder=LEAF) == LEAF  # a complete three-way tie


def test_builder_bonus_counts_only_on_the_bonus_side():
    s = fill_grid(over(4, variant="specialisation"), TWENTY)
    s = dataclasses.replace(s, specs=FOUR, spec_flipped=(False,) * 4)
    s = with_tokens(s, {"b2.n": 2, "b2.nw": 2, "b2.s": 1, "b2.sw": 1})
    assert GAME.view(s, None).cells[4 + 2].holder == -1  # b2 (index 6): nobody
    flipped = dataclasses.replace(s, spec_flipped=(False, False, True, False))
    assert GAME.view(flipped, None).cells[6].holder == 2


# -- the Overseer ----------------------------------------------------------------------------------
def test_overseer_may_not_share_a_spot():
    """ "There can't be 2 tokens in the same spot at any time." """
    s = specialised(WITH_OVERSEER)
    s = after_trick(s, RED_TRICK, 0, Phase.NATURE, queue=(1, 2, 3))
    s = with_tokens(s, {"a1.n": 2})
    assert Place(spot(s, "a1.n")) not in GAME.legal_moves(s, 1)
    with pytest.raises(IllegalMove, match="one token per spot"):
        play(s, 1, "place a1.n")


def test_overseer_token_on_the_edge_counts_for_the_edge_card():
    """games.md: the lattice's outer spots belong to the edge cards, so an Overseer token
    "outside of the City Grid" is connected to the card beside it."""
    s = fill_grid(over(4), TWENTY)
    s = with_tokens(s, {"a1.n": 1, "a1.nw": 1, "a1.c": 0})
    assert GAME.view(s, None).cells[0].holder == 1


def test_overseer_moving_a_token_as_winner_follows_the_normal_rules():
    """The Overseer's power works "When placing a token during the Nature phase"; the bonus
    action moves a token "to another legal spot" under the normal rules (our reading)."""
    s = specialised(WITH_OVERSEER)
    s = after_trick(s, RED_TRICK, 1, Phase.INFLUENCE)
    s = with_tokens(s, {"a1.n": 1})
    moves = [m for m in GAME.legal_moves(s, 1) if isinstance(m, MoveToken)]
    assert moves and not any(geometry(s.rows, s.cols).boundary[m.dst] for m in moves)
    with pytest.raises(IllegalMove, match="outer edge"):
        play(s, 1, "move a1.n a1.w")


@pytest.mark.parametrize(("players", "per_colour"), [(3, 7), (4, 6), (5, 5)])
def test_overseer_bonus_by_player_count(players: int, per_colour: int):
    """ "For a 3/4/5 player game, gain 7/6/5 NP per missing color." """
    specs = (OVERSEER, INFLUENSTAR, BUILDER, OCTOGEEK, PAWNLITICIAN)[:players]
    s = fill_grid(over(players, variant="specialisation"), TWENTY)
    s = dataclasses.replace(s, specs=specs, spec_flipped=(True,) + (False,) * (players - 1))
    s = with_cards(s, {"b2": "R9", "d2": "G9"})
    s = with_tokens(s, {"b2.c": 0, "d2.c": 0})
    assert tally(s)[0].bonus == 3 * per_colour


# -- bonuses only on the Bonus Points side ---------------------------------------------------------
def test_no_bonus_while_the_power_side_is_up():
    """ "If the "Bonus Points" side of their card is up at the end of the game, the player can
    score NP in a way that is unique to them." Otherwise the line scores 0."""
    s = fill_grid(over(4, variant="specialisation"), TWENTY)
    s = dataclasses.replace(s, specs=WITH_OVERSEER, spec_flipped=(False,) * 4)
    outcome = GAME.outcome(s)
    for score in outcome.scores:
        (line,) = [x for x in score.breakdown if "not flipped" in x.label]
        assert line.points == 0
    assert all(t.bonus == 0 for t in tally(s))


def test_pawnlitician_colours_ignore_parks_and_the_monument():
    """ "The Parks and Monument cards are not considered when counting the number of colors." """
    s = fill_grid(over(4, variant="specialisation"), TWENTY)
    s = dataclasses.replace(s, specs=FOUR, spec_flipped=(False, True, False, False))
    s = with_cards(s, {"b2": "R9", "d2": "G9"})
    s = with_tokens(s, {"b2.c": 1, "d2.c": 1, "a1.c": 1, "c3.c": 1, "e5.c": 1})
    t = tally(s)[1]
    assert (t.landmarks, t.bonus) == (3, 0)  # 2 colours: no bonus, however many landmarks


# -- the end ---------------------------------------------------------------------------------------
def test_final_breakdown_explains_every_point():
    """Each seat's lines add up to its total: buildings, the majority share, the bonus."""
    s = fill_grid(over(4, variant="specialisation"), TWENTY)
    s = dataclasses.replace(s, specs=FOUR, spec_flipped=(True, False, False, True))
    s = with_cards(s, {"b2": "R9"})
    s = with_tokens(s, {"b2.c": 0, "a1.c": 3, "e1.c": 3})
    outcome = GAME.outcome(s)
    by_seat = {x.seat: x for x in outcome.scores}
    assert by_seat[0].total == 9 + 5 * 9  # R9, 9 unused tokens
    assert by_seat[3].total == 12 + 10  # the majority, 2 landmarks
    labels = [line.label for line in by_seat[0].breakdown]
    assert labels[0] == "Buildings R9" and "9 unused tokens" in labels[2]
    for score in outcome.scores:
        assert sum(line.points for line in score.breakdown) == score.total


def test_nobody_gains_a_card_without_tokens():
    s = fill_grid(over(3), TWENTY)
    assert all(c.holder == -1 for c in GAME.view(s, None).cells)
    assert GAME.outcome(s).winners == (0, 1, 2)  # 0 NP, 10 tokens, 0 cards each: shared


def test_last_round_bonus_actions_exclude_the_leader_choice_for_everyone():
    s = after_trick(state(3), [(0, "R1"), (1, "R2"), (2, "R3")], 2, Phase.INFLUENCE, round=10)
    legal = GAME.legal_moves(s, 2)
    assert not any(isinstance(m, Lead) for m in legal)
    assert any(isinstance(m, Flip) for m in legal) and Pass() in legal


# -- public texts ----------------------------------------------------------------------------------
def test_owed_token_text_says_it_is_due_before_the_next_trick_or_the_final_scoring():
    s = specialised(FOUR)
    s = after_trick(s, RED_TRICK, 3, Phase.OWED, owed=0, round=4)
    assert GAME.pending(s) == (
        "Seat 1 (A) (Influenstar): place your owed Nature token (`place <spot>`) before trick 5"
    )
    last = dataclasses.replace(s, round=10)
    assert GAME.pending(last).endswith("before the final scoring")
    meanwhile = dataclasses.replace(s, phase=Phase.INFLUENCE)
    assert "may place their owed token now (`place <spot>`; due before trick 5)" in (
        GAME.pending(meanwhile)
    )


def test_a_shared_spot_is_described_with_every_card_it_counts_for():
    """A player who typed `place c3.n` reads back the name they typed (issue 11), and the text
    names both cards the spot counts for; the canonical name reads back as it is."""
    s = after_trick(state(4), RED_TRICK, 0, Phase.NATURE, queue=(1, 2, 3))
    assert play(s, 1, "place c3.n").last_text == (
        "Seat 2 (B) places a Nature token on c3.n (side between c2 and c3)."
    )
    assert play(s, 1, "place c2.s").last_text == (
        "Seat 2 (B) places a Nature token on c2.s (side between c2 and c3)."
    )
    assert play(s, 1, "place c3.nw").last_text == (
        "Seat 2 (B) places a Nature token on c3.nw (corner of b2, c2, b3 and c3)."
    )
    assert play(s, 1, "place a1.c").last_text.endswith("(centre of a1).")


def test_passes_say_what_was_given_up():
    s = specialised(FOUR)
    influence = after_trick(s, RED_TRICK, 3, Phase.INFLUENCE)
    assert play(influence, 3, "pass").last_text == "Seat 4 (D) takes no bonus action."
    octo = play(influence, 3, "flip c3")
    assert play(octo, 3, "pass").last_text == "Seat 4 (D) takes no further bonus action."
    spec = after_trick(s, RED_TRICK, 3, Phase.SPECIALISE)
    assert (
        play(spec, 3, "pass").last_text == "Seat 4 (D) keeps their Octogeek card on its power side."
    )
    pawn = after_trick(s, RED_TRICK, 0, Phase.PAWN)
    assert play(pawn, 1, "pass").last_text == (
        "Seat 2 (B) (Pawnlitician) leaves the face-up card to the trick winner."
    )
    second = after_trick(s, RED_TRICK, 3, Phase.SECOND, queue=(2,))
    assert play(second, 2, "pass").last_text == "Seat 3 (C) places no second token (Builder)."
    assert play(second, 2, "place c3.c").last_text == (
        "Seat 3 (C) places a second token (Builder) on c3.c (centre of c3)."
    )


@pytest.mark.parametrize(
    ("phase", "command"),
    [
        (Phase.NATURE, "`place <spot>`, e.g. `place "),
        (Phase.SECOND, "`place <space>.c`"),
        (Phase.PAWN, "`build <card> up <space>`"),
        (Phase.BUILD, "`build <card> up <space>` and `build <card> down <space>`"),
        (Phase.INFLUENCE, "`flip <space>`"),
        (Phase.SPECIALISE, "`flip specialisation`"),
    ],
)
def test_every_awaited_decision_names_what_to_type(phase: Phase, command: str):
    s = specialised(FOUR)
    s = after_trick(s, RED_TRICK, 0, phase, queue=(2,))
    assert command in GAME.pending(s)


def test_pending_texts_never_name_a_card():
    """The awaited decision goes to the public channel: it names no card (hands are secret)."""
    for seed in range(6):
        s = GAME.setup(3 + seed % 3, {"variant": "specialisation"}, seed)
        draw = random.Random(seed)
        while s.phase is not Phase.OVER:
            assert not re.search(r"\b[RBGPY]\d{1,2}\b", GAME.pending(s)), GAME.pending(s)
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, GAME.playout_move(s, seat, draw))


# -- issue 11: every spot by every name, phases by the rulebook's names ---------------------------
def test_every_spot_is_suggested_under_every_card_it_touches_and_in_the_long_form():
    """`c3.n` is `c2.s`: both are suggested and accepted, and so is the long form
    `c3 north`; the canonical texts come first."""
    s = after_trick(state(4), RED_TRICK, 0, Phase.NATURE, queue=(1, 2, 3))
    everything = GAME.suggest(s, 1, "", limit=10_000)
    for text in ("place c2.s", "place c3.n", "place c3 north", "place c2 south"):
        assert text in everything
        assert GAME.parse(s, text).spot == GAME.parse(s, "place c2.s").spot
    assert set(GAME.suggest(s, 1, "place c3.n")) == {"place c3.n", "place c3.ne", "place c3.nw"}
    # Only the Parks and the Monument are on the grid: of b2's north corners, only the one it
    # shares with the Park on a1 is a legal spot.
    assert GAME.suggest(s, 1, "place b2 north") == ["place b2 north-west"]
    canonical = [GAME.format(s, m) for m in GAME.legal_moves(s, 1)]
    assert everything[: len(canonical)] == canonical


def influence_state() -> ToshiState:
    """Seat 1 (A) won a red trick and takes its bonus action, in a standard 4-player game."""
    return after_trick(state(4), RED_TRICK, 0, Phase.INFLUENCE)


def test_a_token_move_is_suggested_and_logged_with_the_names_typed():
    """A bonus token move written from another card (`move c3.n ...`) is suggested with that
    name, accepted, described and written back (the move log) with it."""
    s = with_tokens(influence_state(), {"c2.s": 0})
    suggested = GAME.suggest(s, 0, "move c3.n b1.")
    assert suggested and all(t.startswith("move c3.n b1.") for t in suggested)
    assert set(suggested) == {"move c3.n b1.w", "move c3.n b1.sw"}  # the Park a1's b1 side
    move = GAME.parse(s, "move c3.n b1.sw")
    assert GAME.format(s, move) == "move c3.n b1.sw"
    after = play(s, 0, "move c3.n b1.sw")
    assert after.last_text == (
        "Seat 1 (A) moves their token from c3.n (side between c2 and c3) to "
        "b1.sw (corner of a1, b1, a2 and b2)."
    )


RULEBOOK_PHASE = {
    Phase.TRICK: "Trick",
    Phase.NATURE: "Nature",
    Phase.SECOND: "Nature",  # the Builder's second token
    Phase.PAWN: "Construction",  # the Pawnlitician's face-up card
    Phase.BUILD: "Construction",
    Phase.INFLUENCE: "Influence",
    Phase.SPECIALISE: "Influence",  # the flip after the bonus action
    Phase.OWED: "Influence",  # the owed Influenstar token, due before the next trick
    Phase.OVER: "End",
}


def test_the_view_calls_each_phase_by_the_rulebooks_name():
    """Rulebook phases: "1. Trick", "2. Nature", "3. Construction", "4. Influence"; never
    "pawn phase" or "second phase" (issue 11). Checked on every state of whole games."""
    seen = set()
    for seed in range(8):
        s = GAME.setup(3 + seed % 3, {"variant": "specialisation"}, seed)
        draw = random.Random(seed)
        while True:
            assert GAME.view(s, None).phase == RULEBOOK_PHASE[s.phase]
            seen.add(s.phase)
            if s.phase is Phase.OVER:
                break
            seat = GAME.to_act(s)[0]  # the owed token waits: OWED is reached
            s = GAME.apply(s, seat, GAME.playout_move(s, seat, draw))
    assert seen >= {Phase.TRICK, Phase.NATURE, Phase.BUILD, Phase.INFLUENCE, Phase.SPECIALISE}


def test_no_toshi_text_says_pawn_phase_second_phase_or_drops_the_macron():
    """Every text players read in a whole game: rules, help, pending, descriptions, views."""
    texts = [GAME.spec.rules_text, GAME.spec.move_help, GAME.spec.name]
    for seed in range(3):
        s = GAME.setup(3 + seed, {"variant": "specialisation"}, seed)
        draw = random.Random(seed)
        while s.phase is not Phase.OVER:
            texts += [GAME.pending(s), s.last_text, GAME.view(s, None).phase]
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, GAME.playout_move(s, seat, draw))
    joined = "\n".join(texts)
    for wrong in ("pawn phase", "second phase", "specialise phase", "owed phase", "Toshi Toshi"):
        assert wrong not in joined.lower().replace("toshi toshi", "Toshi Toshi")
    assert "Toshi Tōshi" in GAME.spec.name
