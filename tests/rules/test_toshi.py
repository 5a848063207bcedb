"""Toshi Tōshi: setup, trick, nature, construction, influence, secrets and notation.

One test per rule, from literal positions; the rulebook's sentences are quoted.
"""

from __future__ import annotations

import dataclasses

import pytest

from rules import rng
from rules.errors import IllegalMove, InvalidMove
from rules.toshi import trick_winner
from rules.toshi.data import PAWNLITICIAN, SPECIALISATIONS
from rules.toshi.grid import geometry
from rules.toshi.model import (
    Build,
    Card,
    Cell,
    FaceDownCard,
    Flip,
    Lead,
    MoveToken,
    Pass,
    Phase,
    Place,
    Play,
    PlayCard,
)
from tests.rules.test_toshi_helpers import (
    GAME,
    after_trick,
    card,
    cell,
    play,
    spot,
    state,
    with_cards,
    with_tokens,
)
from tests.test_contract import walk


# -- setup -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_deals_ten_cards_each_from_fifty_and_ten_tokens(players: int):
    """ "Shuffle the 50 Building cards and deal 10 to each player." "Each player takes 10 Nature
    tokens of one color." """
    s = state(players, seed=5)
    cards = [c for hand in s.hands for c in hand]
    assert all(len(hand) == 10 for hand in s.hands)
    assert len(set(cards)) == 10 * players
    assert {c.colour for c in cards} <= set("RBGPY") and {c.value for c in cards} <= set(
        range(1, 11)
    )
    assert s.supply == (10,) * players


@pytest.mark.parametrize(("players", "size"), [(3, (3, 5)), (4, (5, 5)), (5, (5, 5))])
def test_city_grid_parks_in_corners_monument_in_centre_blue_side_up(players, size):
    """ "Place the 4 Park cards in the corners ... the Monument card in the center ... with the
    blue "10 > 1" side face-up. Note: In a 3-player game, use a 3 x 5 grid instead of 5 x 5." """
    s = state(players)
    assert (s.rows, s.cols) == size
    kinds = {geometry(*size).cell_names[i]: c.kind for i, c in enumerate(s.cells) if c}
    centre = "c2" if players == 3 else "c3"
    corner_row = "3" if players == 3 else "5"
    assert kinds == {
        "a1": "park",
        "e1": "park",
        f"a{corner_row}": "park",
        f"e{corner_row}": "park",
        centre: "monument",
    }
    assert s.monument_high


def test_specialisation_variant_deals_one_card_each_and_no_pawnlitician_with_three():
    """ "deal one to each player ... (in a 3-player game, remove the "Pawnlitician" card before
    dealing)." """
    for seed in range(20):
        three = state(3, "specialisation", seed)
        assert len(set(three.specs)) == 3 and PAWNLITICIAN not in three.specs
        five = state(5, "specialisation", seed)
        assert sorted(five.specs) == sorted(SPECIALISATIONS)
    assert state(4).specs == ("",) * 4


def test_first_leader_is_drawn_from_the_seed():
    leaders = {state(4, seed=seed).leader for seed in range(30)}
    assert leaders == {0, 1, 2, 3}


# -- trick -----------------------------------------------------------------------------------------
def test_rulebook_trick_example():
    """ "Alicia starts with a Purple 5 ... Ben ... follows with a Purple 7. Cora, David and Emily
    ... play a Red 10, a Blue 4 and a Green 4 ... Since the Monument card had the red "1 > 10"
    side up, the 4 wins the trick. The tie between the two 4s is won by the latest played card,
    Emily then wins the trick with her Green 4." """
    plays = ["P5", "P7", "R10", "B4", "G4"]
    trick = [Play(seat, card(c)) for seat, c in enumerate(plays)]
    assert trick_winner(trick, monument_high=False) == 4

    hands = (
        (card("P5"), card("R1")),
        (card("P7"), card("B1")),
        (card("R10"), card("G1")),
        (card("B4"), card("Y1")),
        (card("G4"), card("Y2")),
    )
    s = state(5, hands=hands, leader=0, monument_high=False)
    for seat, c in enumerate(plays):
        s = play(s, seat, f"play {c}")
    assert s.winner == 4
    assert s.phase is Phase.NATURE and s.queue[0] == 0  # the winner's left places first


def test_all_followed_strongest_card_wins_by_monument_side():
    """ "If ALL players followed the demanded color: the strongest card wins the trick." """
    trick = [Play(0, card("R3")), Play(1, card("R9")), Play(2, card("R1"))]
    assert trick_winner(trick, monument_high=True) == 1
    assert trick_winner(trick, monument_high=False) == 2


def test_off_colour_card_beats_a_stronger_followed_card():
    """ "If at least one player did not follow: the strongest card that is NOT of the demanded
    color wins the trick." """
    trick = [Play(0, card("R10")), Play(1, card("R9")), Play(2, card("G2")), Play(3, card("B5"))]
    assert trick_winner(trick, monument_high=True) == 3
    assert trick_winner(trick, monument_high=False) == 2


def test_must_follow_the_demanded_colour():
    """ "If a player has at least one card of the demanded color in their hand, they must play
    one of them." """
    hands = ((card("P5"),), (card("P7"), card("R2")), (card("G1"),), (card("B1"),))
    s = state(4, hands=hands, leader=0)
    s = play(s, 0, "play P5")
    assert GAME.legal_moves(s, 1) == [PlayCard(card("P7"))]
    with pytest.raises(IllegalMove, match="Purple was led and you hold Purple"):
        play(s, 1, "play R2")


def test_without_the_demanded_colour_any_card_may_be_played():
    """ "If a player does not have a card of the demanded color, they can play any card." """
    hands = ((card("P5"),), (card("R7"), card("G2")), (card("G1"),), (card("B1"),))
    s = play(state(4, hands=hands, leader=0), 0, "play P5")
    assert set(GAME.legal_moves(s, 1)) == {PlayCard(card("R7")), PlayCard(card("G2"))}


def test_playing_a_card_not_in_hand_is_refused():
    s = state(4, leader=0)
    missing = next(
        Card(c, v) for c in "RBGPY" for v in range(1, 11) if Card(c, v) not in s.hands[0]
    )
    with pytest.raises(IllegalMove, match=f"You do not hold {missing}"):
        GAME.apply(s, 0, PlayCard(missing))


# -- nature ----------------------------------------------------------------------------------------
def test_nature_order_starts_left_of_the_winner_and_skips_the_winner():
    """ "Clockwise, starting with the player left of the trick's winner, each player that did not
    win the trick places a Nature token." """
    s = after_trick(state(4), [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 2, Phase.NATURE)
    s = dataclasses.replace(s, queue=(3, 0, 1))
    assert GAME.to_act(s) == (3,)
    s = play(s, 3, "place c3.c")
    s = play(s, 0, "place c3.n")
    assert GAME.to_act(s) == (1,)
    s = play(s, 1, "place c3.e")
    assert s.phase is Phase.BUILD and GAME.to_act(s) == (2,)
    assert s.supply == (9, 9, 10, 9)


def nature(players: int = 4) -> object:
    s = after_trick(state(players), [(0, "R1"), (1, "R2"), (2, "R3")], 0, Phase.NATURE)
    return dataclasses.replace(s, queue=(1, 2))


def test_token_must_be_on_a_spot_of_a_card_already_present():
    """ "A. A token must be placed on one of the 9 spots of a card that is already present." """
    s = nature()
    with pytest.raises(IllegalMove, match=r"b2\.c belongs to no card on the grid yet"):
        play(s, 1, "place b2.c")


def test_token_may_not_be_on_the_outer_edge():
    """ "B. It must be inside the grid, and not on the outside." """
    s = nature()
    with pytest.raises(IllegalMove, match=r"a1\.n is on the outer edge"):
        play(s, 1, "place a1.n")
    assert Place(spot(s, "a1.n")) not in GAME.legal_moves(s, 1)


def test_one_token_per_spot():
    """ "C. There can only be ONE token per spot." """
    s = with_tokens(nature(), {"c3.c": 3})
    with pytest.raises(IllegalMove, match=r"c3\.c already holds Seat 4"):
        play(s, 1, "place c3.c")


def test_legal_spots_of_park_and_monument_at_the_start():
    """Per games.md: a corner (Park) card has 4 legal spots, an interior card 9."""
    s = nature()
    legal = {m.spot for m in GAME.legal_moves(s, 1)}
    geo = geometry(s.rows, s.cols)
    assert len(legal) == 4 * 4 + 9
    assert set(geo.cell_spots[cell(s, "c3")]) <= legal


def test_spot_shared_with_an_empty_space_counts_for_the_card_built_later():
    """Clarification: any player may place on a spot shared with an empty cell if it also belongs
    to a present card; the token counts for that cell's card once it arrives."""
    s = play(nature(), 1, "place a1.e")  # a1 (a Park) and the empty b1 share this side
    assert s.spots[spot(s, "b1.w")] == 1
    assert GAME.view(s, None).cells[cell(s, "b1")].holder == -1
    built = with_cards(s, {"b1": "R7"})
    assert GAME.view(built, None).cells[cell(built, "b1")].holder == 1


def test_nature_placement_is_compulsory():
    """The rulebook says each non-winner "places" a token (no "can"): passing is refused."""
    with pytest.raises(IllegalMove, match="place a Nature token"):
        GAME.apply(nature(), 1, Pass())


def test_a_player_without_tokens_is_skipped():
    s = dataclasses.replace(nature(), supply=(10, 10, 0, 10))
    s = play(s, 1, "place c3.c")
    assert s.phase is Phase.BUILD and GAME.to_act(s) == (0,)


# -- construction ----------------------------------------------------------------------------------
def build_phase(players: int = 4) -> object:
    plays = [(i, c) for i, c in enumerate(["R1", "R2", "R3", "R4", "R5"][:players])]
    return after_trick(state(players), plays, 0, Phase.BUILD)


def test_winner_builds_one_card_face_up_and_one_face_down():
    """ "They place one face-up, and one face-down in the city Grid." """
    s = build_phase()
    s = play(s, 0, "build R3 up b2")
    assert s.phase is Phase.BUILD
    with pytest.raises(IllegalMove, match="face-up card is already built"):
        play(s, 0, "build R4 up b3")
    s = play(s, 0, "build R4 down d4")
    assert s.cells[cell(s, "b2")] == Cell("building", card("R3"), True, -1)
    assert s.cells[cell(s, "d4")] == Cell("building", card("R4"), False, 0)
    assert s.phase is Phase.INFLUENCE


def test_one_card_per_space():
    """ "There can only be ONE card per grid space, including the Parks and Monument." """
    s = build_phase()
    with pytest.raises(IllegalMove, match="c3 is taken"):
        play(s, 0, "build R3 up c3")


def test_only_cards_of_the_trick_are_built():
    """ "they choose 2 cards among the ones that were played during the trick." """
    s = build_phase()
    with pytest.raises(IllegalMove, match="not a trick card"):
        play(s, 0, "build G9 up b2")


def test_three_players_winner_builds_one_card_face_down():
    """ "In a 3-player game, the winner of the trick will only place one card, which is
    face-down." """
    s = build_phase(3)
    with pytest.raises(IllegalMove, match="one card only, face down"):
        play(s, 0, "build R2 up b2")
    s = play(s, 0, "build R2 down b2")
    assert s.phase is Phase.INFLUENCE


def test_face_down_card_is_a_secret_of_its_placer():
    """The face-down card's identity is known to its placer only; describe() does not tell."""
    before = play(build_phase(), 0, "build R3 up b2")
    s = play(before, 0, "build R4 down d4")
    secret = FaceDownCard("d4", card("R4"))
    assert secret in GAME.secrets(s, 0)
    assert GAME.view(s, 0).cells[cell(s, "d4")].card == card("R4")
    for viewer in (None, 1, 2, 3):
        view = GAME.view(s, viewer)
        assert view.cells[cell(s, "d4")].card is None
        assert secret not in set(walk(view))
    text = GAME.describe(before, 0, GAME.parse(before, "build R4 down d4"), s)
    assert "R4" not in text and "Red 4" not in text and "face down on d4" in text
    assert "d4 = R4 (Red 4)" in GAME.private_text(s, 0)
    assert "R4" not in (GAME.private_text(s, 1) or "")


def test_hands_are_counts_in_the_public_view():
    s = state(4, seed=3)
    public = GAME.view(s, None)
    assert public.hand == () and [seat.cards for seat in public.seats] == [10] * 4
    assert GAME.view(s, 2).hand == s.hands[2]
    assert set(s.hands[2]) <= GAME.secrets(s, 2)
    assert GAME.private_text(s, 2).startswith("Your hand (10): ")


# -- influence -------------------------------------------------------------------------------------
def influence(round_: int = 1, **changes) -> object:
    s = after_trick(state(4), [(0, "R1"), (1, "R2"), (2, "R3"), (3, "R4")], 0, Phase.INFLUENCE)
    return dataclasses.replace(s, round=round_, **changes)


def test_influence_move_a_token_to_another_legal_spot():
    """ "A. Move one of their tokens already in play to another legal spot." """
    s = with_tokens(influence(), {"c3.c": 0, "c3.n": 1})
    with pytest.raises(IllegalMove, match="holds no token of yours"):
        play(s, 0, "move c3.n c3.s")
    with pytest.raises(IllegalMove, match="outer edge"):
        play(s, 0, "move c3.c a1.n")
    after = play(s, 0, "move c3.c c3.s")
    assert after.spots[spot(s, "c3.c")] == -1 and after.spots[spot(s, "c3.s")] == 0
    assert after.phase is Phase.TRICK and after.round == 2 and after.leader == 0


def test_moving_a_token_needs_a_token_on_the_grid():
    s = influence()
    assert not any(isinstance(m, MoveToken) for m in GAME.legal_moves(s, 0))
    with pytest.raises(IllegalMove, match="You have no token on the grid"):
        play(s, 0, "move c3.c c3.s")


def test_influence_choose_the_next_leader():
    """ "B. Choose which player becomes first player (if this action is not chosen, the winner of
    the trick is the next first player by default)." """
    assert play(influence(), 0, "lead 3").leader == 2
    assert play(influence(), 0, "pass").leader == 0


def test_influence_flip_the_monument_changes_card_strength():
    """ "C. Flip over one of the Building or Monument cards." """
    s = play(influence(), 0, "flip c3")
    assert not s.monument_high
    with pytest.raises(IllegalMove, match="a Park"):
        play(influence(), 0, "flip a1")


def test_influence_flip_reveals_a_face_down_card():
    s = with_cards(influence(), {"b2": Cell("building", card("G3"), False, 1)})
    after = play(s, 0, "flip b2")
    assert after.cells[cell(s, "b2")] == Cell("building", card("G3"), True, -1)
    assert "reveals the face-down card on b2: G3 (Green 3)" in after.last_text


def test_only_one_bonus_action_without_the_octogeek():
    """ "The winner of the trick can take ONE of the following bonus actions." """
    s = play(influence(), 0, "lead 2")
    assert s.phase is Phase.TRICK


def test_choosing_the_leader_is_not_offered_in_the_last_round():
    s = influence(round_=10)
    assert not any(isinstance(m, Lead) for m in GAME.legal_moves(s, 0))
    with pytest.raises(IllegalMove, match="No trick follows round 10"):
        play(s, 0, "lead 2")


def test_game_ends_after_round_ten():
    """ "After 10 rounds, the City Grid is filled and the game ends." """
    s = play(influence(round_=10), 0, "pass")
    assert s.phase is Phase.OVER and GAME.to_act(s) == () and GAME.outcome(s) is not None


# -- notation --------------------------------------------------------------------------------------
def test_shared_spot_has_several_names_and_one_canonical():
    s = state(4)
    names = ["b2.se", "c2.sw", "b3.ne", "c3.nw"]
    moves = {GAME.parse(s, f"place {n}") for n in names}
    assert len(moves) == 1
    assert GAME.format(s, moves.pop()) == "place b2.se"
    assert GAME.parse(s, "c3.w") == Place(spot(s, "b3.e"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("play R7", lambda s: PlayCard(Card("R", 7))),
        ("red 10", lambda s: PlayCard(Card("R", 10))),
        ("build Y10 face-down c4", lambda s: Build(Card("Y", 10), False, cell(s, "c4"))),
        ("build g3 up b2", lambda s: Build(Card("G", 3), True, cell(s, "b2"))),
        ("move b2.c to b2.n", lambda s: MoveToken(spot(s, "b2.c"), spot(s, "b1.s"))),
        ("lead B", lambda s: Lead(1)),
        ("flip monument", lambda s: Flip(cell(s, "c3"))),
        ("decline", lambda s: Pass()),
        ("place b2 north-east", lambda s: Place(spot(s, "b2.ne"))),
        ("b2:top right", lambda s: Place(spot(s, "b2.ne"))),
        ("place on c3 middle", lambda s: Place(spot(s, "c3.c"))),
        ("b2.centre", lambda s: Place(spot(s, "b2.c"))),
        ("move b2.west c3.south", lambda s: MoveToken(spot(s, "b2.w"), spot(s, "c3.s"))),
    ],
)
def test_parse_accepts_the_documented_forms(text: str, expected):
    s = state(4)
    move = expected(s)
    assert GAME.parse(s, text) == move
    assert GAME.parse(s, GAME.format(s, move)) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("place z9.c", "`z9.c` is not a spot"),
        ("place b2 upwards", "`b2 upwards` is not a spot"),
        ("play X7", "`x7` is not a card"),
        ("build R7 up f6", "`f6` is not a space"),
        ("lead 7", "there is no seat 7"),
        ("dance", "is not a Toshi Tōshi move"),
    ],
)
def test_parse_errors_quote_the_text(text: str, message: str):
    with pytest.raises(InvalidMove, match=message):
        GAME.parse(state(4), text)


# -- consistency of check() and legal_moves() ------------------------------------------------------
def test_check_accepts_exactly_the_legal_moves_on_random_positions():
    """Every legal move passes check(); every other candidate move is refused with a reason."""
    for players, variant in ((3, "standard"), (5, "specialisation"), (4, "specialisation")):
        s = GAME.setup(players, {"variant": variant}, 9)
        draw = rng.stream(9, "check")
        steps = 0
        while GAME.outcome(s) is None:
            for seat in GAME.to_act(s):
                legal = set(GAME.legal_moves(s, seat))
                for move in _candidates(s):
                    try:
                        GAME.check(s, seat, move)
                        accepted = True
                    except IllegalMove:
                        accepted = False
                    assert accepted == (move in legal), (GAME.format(s, move), s.phase)
            seats = GAME.to_act(s)
            seat = seats[rng.below(draw, len(seats))]
            s = GAME.apply(s, seat, GAME.playout_move(s, seat, draw))
            steps += 1
        assert steps > 50


def _candidates(s) -> list[object]:
    geo = geometry(s.rows, s.cols)
    cards = [Card(c, v) for c in "RBGPY" for v in (1, 5, 10)] + [p.card for p in s.trick]
    out: list[object] = [Pass(), *(PlayCard(c) for c in cards)]
    out += [Place(x) for x in range(geo.spot_count)]
    out += [Build(c, up, x) for c in cards[-3:] for up in (True, False) for x in range(0, 25, 3)]
    out += [MoveToken(a, b) for a in range(0, geo.spot_count, 7) for b in (12, 24, 60)]
    out += [Lead(x) for x in range(s.players)] + [Flip(x) for x in range(len(s.cells))]
    return [m for m in out if not isinstance(m, Build) or m.cell < len(s.cells)]
