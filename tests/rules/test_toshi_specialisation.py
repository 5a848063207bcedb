"""Toshi Tōshi Specialisation variant: each power and each bonus, from literal positions."""

from __future__ import annotations

import dataclasses

import pytest

from rules.errors import IllegalMove
from rules.toshi.data import BUILDER, INFLUENSTAR, OCTOGEEK, OVERSEER, PAWNLITICIAN
from rules.toshi.model import Phase, Place
from rules.toshi.scoring import tally
from tests.rules.test_toshi_helpers import (
    BEEHIVE,
    GAME,
    LEAF,
    MUSHROOM,
    TWENTY,
    after_trick,
    card,
    cell,
    fill_grid,
    holder_of,
    over,
    play,
    spot,
    state,
    with_cards,
    with_tokens,
)


def spec_state(players: int, specs: tuple[str, ...], **changes) -> object:
    s = state(players, "specialisation")
    return dataclasses.replace(s, specs=specs, spec_flipped=(False,) * players, **changes)


FOUR = (INFLUENSTAR, PAWNLITICIAN, BUILDER, OCTOGEEK)


def test_influenstar_places_whenever_until_the_next_trick():
    """ "When losing a trick, you can place your Nature token when you want, without respecting
    turn order, but before the start of the next trick." Clarification: the token is owed."""
    s = spec_state(4, FOUR, leader=3)
    s = dataclasses.replace(s, hands=((card("R1"),), (card("R2"),), (card("R3"),), (card("R9"),)))
    for seat in (3, 0, 1, 2):
        s = play(s, seat, f"play {s.hands[seat][0]}")
    assert s.winner == 3 and s.owed == 0 and s.queue == (1, 2)
    assert GAME.to_act(s) == (1, 0)  # the Influenstar may place during someone else's decision
    s = play(s, 1, "place c3.c")
    assert s.phase is Phase.SECOND or s.phase is Phase.NATURE
    while s.phase is not Phase.INFLUENCE:
        seat = GAME.to_act(s)[0]
        s = GAME.apply(s, seat, GAME.legal_moves(s, seat)[0])
    s = play(s, 3, "pass")  # the Octogeek declines all bonus actions
    s = play(s, 3, "pass")  # and keeps its power side
    assert s.phase is Phase.OWED and GAME.to_act(s) == (0,)
    assert "owed" in GAME.pending(s)
    s = play(s, 0, "place c3.n")
    assert s.phase is Phase.TRICK and s.owed == -1 and s.round == 2


def test_influenstar_owed_token_in_round_ten_comes_before_the_final_scoring():
    """Clarification: the owed token may be placed "in round 10 before the final scoring"."""
    s = spec_state(4, FOUR)
    s = after_trick(s, [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 3, Phase.SPECIALISE)
    s = dataclasses.replace(s, round=10, owed=0)
    assert GAME.to_act(s) == (3, 0)
    s = play(s, 3, "pass")
    assert s.phase is Phase.OWED and GAME.outcome(s) is None
    s = play(s, 0, "place c3.c")
    assert s.phase is Phase.OVER and GAME.view(s, None).cells[cell(s, "c3")].holder == 0


def test_influenstar_taking_the_last_free_spot_skips_the_placer_left_without_one():
    """The owed token may land "between two other players"; if it takes the last free spot, the
    next placer is skipped (as a placer without a spot always is) instead of being asked for a
    move that does not exist."""
    s = spec_state(4, FOUR)
    s = after_trick(s, [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 3, Phase.NATURE)
    s = dataclasses.replace(s, queue=(1, 2), owed=0)
    free = [m.spot for m in GAME.legal_moves(s, 1)]
    spots = list(s.spots)
    for x in free[:-1]:
        spots[x] = 3
    s = dataclasses.replace(s, spots=tuple(spots))
    assert GAME.to_act(s) == (1, 0)
    s = GAME.apply(s, 0, Place(free[-1]))
    assert s.phase is Phase.PAWN and GAME.to_act(s) == (1,)
    assert GAME.legal_moves(s, 1)


def test_influenstar_bonus_five_per_unused_token():
    s = fill_grid(over(4, variant="specialisation"), TWENTY)
    s = dataclasses.replace(s, specs=FOUR, spec_flipped=(True, False, False, False))
    s = dataclasses.replace(s, supply=(4, 10, 10, 10))
    assert tally(s)[0].bonus == 20


def test_pawnlitician_chooses_the_face_up_card_then_the_winner_the_face_down():
    """ "you can choose the card that is placed face-up and where it is placed in the City Grid.
    The winner of the trick then chooses the face-down card and places it." """
    s = spec_state(4, FOUR)
    s = after_trick(s, [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 0, Phase.PAWN)
    assert GAME.to_act(s) == (1,)
    with pytest.raises(IllegalMove, match="As Pawnlitician you choose the face-up card"):
        play(s, 1, "build R3 down b2")
    s = play(s, 1, "build R3 up b2")
    assert GAME.to_act(s) == (0,)
    assert all(not m.face_up for m in GAME.legal_moves(s, 0))
    s = play(s, 0, "build R4 down d4")
    assert s.phase is Phase.INFLUENCE


def test_pawnlitician_may_decline():
    s = spec_state(4, FOUR)
    s = after_trick(s, [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 0, Phase.PAWN)
    s = play(s, 1, "pass")
    assert s.phase is Phase.BUILD and GAME.to_act(s) == (0,)
    assert any(m.face_up for m in GAME.legal_moves(s, 0))


@pytest.mark.parametrize(("colours", "bonus"), [(2, 0), (3, 3), (4, 6), (5, 10)])
def test_pawnlitician_bonus_by_colours_gained(colours: int, bonus: int):
    s = fill_grid(over(4, variant="specialisation"), TWENTY)
    s = dataclasses.replace(s, specs=FOUR, spec_flipped=(False, True, False, False))
    names = ["b1", "b2", "b3", "b4", "d2"][:colours]
    s = with_cards(s, {n: f"{c}5" for n, c in zip(names, "RBGPY", strict=False)})
    s = with_tokens(s, {f"{n}.c": 1 for n in names})
    assert tally(s)[1].bonus == bonus


def test_builder_places_a_second_token_on_a_middle_or_passes():
    """ "when placing a Nature token you can place a SECOND token, but only in the middle of a
    card. Your placement must respect placement rules." """
    s = spec_state(4, FOUR)
    s = after_trick(s, [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 3, Phase.NATURE)
    s = dataclasses.replace(s, queue=(2,), owed=-1)
    s = play(s, 2, "place c3.n")
    assert s.phase is Phase.SECOND and GAME.to_act(s) == (2,)
    with pytest.raises(IllegalMove, match="not the middle of a card"):
        play(s, 2, "place c3.s")
    with pytest.raises(IllegalMove, match="b2 has no card yet"):
        play(s, 2, "place b2.c")
    done = play(s, 2, "place c3.c")
    assert done.supply[2] == 8 and done.phase is Phase.PAWN  # the Pawnlitician lost too
    assert play(s, 2, "pass").supply[2] == 9


def test_builder_bonus_wins_complete_ties_it_is_in():
    """ "you win the complete ties in which you are implied. This is done after checking all
    other tie-breaking rules." """
    complete = {"c2.n": BEEHIVE, "c2.ne": BEEHIVE, "c2.s": MUSHROOM, "c2.sw": MUSHROOM}
    assert holder_of(complete, builder=BEEHIVE) == BEEHIVE
    assert holder_of(complete, builder=LEAF) == -1


def test_octogeek_takes_each_bonus_action_once_in_any_order():
    """ "When winning a trick, during the Influence phase, you can take all the Bonus actions
    ONCE EACH, in the desired order." """
    s = spec_state(4, FOUR)
    s = after_trick(s, [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 3, Phase.INFLUENCE)
    s = with_tokens(s, {"c3.c": 3})
    s = play(s, 3, "flip c3")
    assert s.phase is Phase.INFLUENCE and not s.monument_high
    with pytest.raises(IllegalMove, match="already flipped a card this round: the Octogeek"):
        play(s, 3, "flip c3")
    s = play(s, 3, "lead 1")
    with pytest.raises(IllegalMove, match="already chosen the next leader"):
        play(s, 3, "lead 2")
    s = play(s, 3, "move c3.c c3.s")
    assert s.phase is Phase.SPECIALISE


def test_octogeek_bonus_five_per_park_or_monument():
    s = fill_grid(over(4, variant="specialisation"), TWENTY)
    s = dataclasses.replace(s, specs=FOUR, spec_flipped=(False, False, False, True))
    s = with_tokens(s, {"a1.c": 3, "c3.c": 3})
    t = tally(s)[3]
    assert (t.bonus, t.majority) == (10, 12)


def test_overseer_may_place_on_the_edge_or_beside_no_card():
    """ "you can place that token outside of the City Grid or in a spot where there are no cards
    yet." """
    specs = (INFLUENSTAR, OVERSEER, BUILDER, OCTOGEEK)
    s = spec_state(4, specs)
    s = after_trick(s, [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 0, Phase.NATURE)
    s = dataclasses.replace(s, queue=(1, 2, 3))
    legal = {m.spot for m in GAME.legal_moves(s, 1) if isinstance(m, Place)}
    assert {spot(s, "a1.n"), spot(s, "b2.c")} <= legal
    s = play(s, 1, "place b2.c")
    with pytest.raises(IllegalMove, match="belongs to no card"):
        play(s, 2, "place b4.c")


def test_overseer_bonus_per_colour_not_gained():
    """ "For a 3/4/5 player game, gain 7/6/5 NP per missing color." """
    s = fill_grid(over(4, variant="specialisation"), TWENTY)
    specs = (INFLUENSTAR, OVERSEER, BUILDER, OCTOGEEK)
    s = dataclasses.replace(s, specs=specs, spec_flipped=(False, True, False, False))
    s = with_cards(s, {"b2": "R9"})
    s = with_tokens(s, {"b2.c": 1})
    assert tally(s)[1].bonus == 4 * 6


def test_specialisation_flip_once_after_the_bonus_action():
    """ "Once during the game, during the Influence phase, the winner of the trick can flip over
    their Specialisation card for free, after taking their bonus action." """
    s = spec_state(4, FOUR)
    s = after_trick(s, [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 2, Phase.INFLUENCE)
    s = play(s, 2, "lead 1")
    assert s.phase is Phase.SPECIALISE and GAME.to_act(s) == (2,)
    s = play(s, 2, "flip specialisation")
    assert s.spec_flipped == (False, False, True, False)
    again = after_trick(s, [(0, "G1"), (1, "G2"), (2, "G3"), (3, "G4")], 2, Phase.INFLUENCE)
    assert play(again, 2, "pass").phase is Phase.TRICK  # no second flip is offered


def test_while_the_owed_token_is_awaited_no_other_seat_has_a_legal_move():
    """Issue 15: while the match waits only for the Influenstar's owed token, `to_act` is that
    seat alone, and the contract says a seat that may not act has no legal move: the trick
    winner (who already passed and kept or flipped their card) is offered nothing, neither
    `flip specialisation` nor `pass`, by `legal_moves` or by autocomplete."""
    s = GAME.setup(3, {"variant": "specialisation"}, seed=1)
    for seat, text in [
        (0, "play B2"),
        (1, "play B1"),
        (2, "play B4"),
        (1, "place a1.c"),
        (1, "pass"),
        (2, "build B2 down b1"),
        (2, "pass"),
        (2, "pass"),
    ]:
        s = play(s, seat, text)
    assert s.phase is Phase.OWED and GAME.to_act(s) == (s.owed,) and s.owed != 2
    for idle in range(3):
        if idle == s.owed:
            assert GAME.legal_moves(s, idle) and all(
                isinstance(m, Place) for m in GAME.legal_moves(s, idle)
            )
            continue
        assert list(GAME.legal_moves(s, idle)) == []
        assert GAME.suggest(s, idle, "") == []
        assert GAME.suggest(s, idle, "flip") == []
