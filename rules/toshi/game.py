"""Toshi Tōshi rules: the Game contract over the phase modules (trick, nature, construction,
influence), 10 rounds, and what each seat may see."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from i18n.text import N_, T, Text, joined
from rules import rng
from rules.base import SUGGESTIONS, Game, GameSpec, OptionSpec, Outcome, narrow
from rules.errors import IllegalMove
from rules.toshi import fast, notation
from rules.toshi.construction import build, build_moves, build_reason, builds_left
from rules.toshi.data import (
    COLOURS,
    GRID_SIZE,
    HAND_SIZE,
    NOT_WITH_THREE,
    OVERSEER,
    SPECIALISATIONS,
    TOKENS_PER_PLAYER,
    VALUES,
    VARIANT_SPECIALISATION,
    VARIANT_STANDARD,
)
from rules.toshi.grid import geometry
from rules.toshi.influence import (
    flip_specialisation,
    influence_moves,
    influence_reason,
    take_bonus_action,
)
from rules.toshi.model import (
    BUILD,
    INFLUENCE,
    NATURE,
    OVER,
    OWED,
    PAWN,
    SECOND,
    TRICK,
    Build,
    Card,
    Cell,
    CellView,
    FaceDownCard,
    Flip,
    FlipSpecialisation,
    Move,
    MoveToken,
    Pass,
    Phase,
    Place,
    PlayCard,
    SeatView,
    ToshiState,
    ToshiView,
    evolve,
)
from rules.toshi.nature import (
    free_centres,
    has_normal_spot,
    nature_spots,
    next_placer,
    normal_spots,
    place_moves,
    place_token,
    put_token,
    second_reason,
    second_token,
    spot_reason,
)
from rules.toshi.rounds import decider, end_round
from rules.toshi.scoring import final_outcome, holders
from rules.toshi.specialisation import has_power
from rules.toshi.text import describe_move, pending_text
from rules.toshi.trick import play_card, play_moves, play_reason
from rules.toshi.words import card_text, seat_name, spec_text

RULES_TEXT = T(
    """\
{game} (3-5 players): area control driven by tricks. Each player holds ONE hand of 10 \
cards (5 colours x values 1-10) and 10 Nature tokens. The city is a 5x5 grid (3x5 with 3 \
players): Parks in the corners, the Monument in the middle (its side sets card strength: \
"10 > 1" high wins, "1 > 10" low wins).
Each of the 10 rounds: 1. Trick: the leader plays any card, the others must follow the led \
colour if they can. If all followed, the strongest card wins; otherwise the strongest card NOT \
of the led colour wins, a tie going to the card played last. 2. Nature: from the winner's left, \
each other player places a token on a free spot (centre, side or corner) of a card already on \
the grid, never on the outer edge. 3. Construction: the winner builds two of the trick's cards, \
one face up and one face down (3 players: one, face down); the rest leave unseen. \
4. Influence: the winner may move one of their tokens, choose the next leader, or flip a \
building or the Monument.
End: the grid is full after 10 rounds. Face-down cards are revealed. Each card goes to the \
player with most tokens on its 9 spots (ties: the tied player on its middle, else most on its \
sides, else nobody). Score building values, plus 12 NP for most Parks+Monument (ties split \
6/4/3/2). Ties: most unused tokens, then most cards gained, else shared.
Specialisation variant: each player has a power (Influenstar, Pawnlitician, Builder, Octogeek, \
Overseer; no Pawnlitician with 3) and may flip it once, as trick winner after the Influence \
action, to score its bonus instead.
Our readings:
- Spots form a (2R+1)x(2C+1) lattice; side spots count for 2 cards, inner corners for 4.
- A spot shared with an empty space may be used if it also belongs to a present card; it \
counts for the new card once built. The Overseer may use any free spot, edge included \
(an edge spot counts for the card beside it); moving a token as a bonus action follows the \
normal rules, for the Overseer too (its power is for the Nature phase).
- Nature placement is compulsory (skipped only without tokens or free spot); every "can" \
(bonus action, Builder's second token, Pawnlitician, flip) may be declined with `{pass_word}`.
- The middle-token tie-break applies when a tied player holds the middle; else the sides.
- The winner may build the face-up and face-down cards in either order; the Pawnlitician, if \
they use the power, builds first and the winner then builds the face-down card.
- The Influenstar's token is owed: it may be placed at any decision point until the next trick \
(in round 10: before the final scoring), but must be placed before the next trick.
- A face-up card flipped face down stays known to all (its value is still shown).
- Choosing the next leader is not offered in round 10 (no trick follows). The trick's winner \
leads next by default and may not name themself (`{lead}` names another seat; `{pass_word}` keeps \
the lead).
- The fifth colour (not named by the rulebook) is Yellow.
- Builder's bonus: it wins the ties still complete after the middle and sides checks, if in them.
- Parks+Monument split with 1-5 tied players: 12/6/4/3/2; nobody scores it if none gained.""",
    game="Toshi Tōshi",
    pass_word="pass",
    lead="lead",
)

MOVE_HELP = notation.NOTATION
# Each step of the game by the rulebook's name of the phase it belongs to (pictures say "Round 3
# of 10, Construction phase"): the Builder's second token is part of Nature, the Pawnlitician's
# choice part of Construction, the Specialisation flip and the owed Influenstar token come at
# the end of Influence, before the next trick.
PHASE_NAMES: dict[Phase, str] = {
    Phase.TRICK: N_("Trick"),
    Phase.NATURE: N_("Nature"),
    Phase.SECOND: N_("Nature"),
    Phase.PAWN: N_("Construction"),
    Phase.BUILD: N_("Construction"),
    Phase.INFLUENCE: N_("Influence"),
    Phase.SPECIALISE: N_("Influence"),
    Phase.OWED: N_("Influence"),
    Phase.OVER: N_("End"),
}


class ToshiToshi(Game[ToshiState, Move, ToshiView]):
    spec = GameSpec(
        key="toshi",
        name="Toshi Tōshi",
        min_players=3,
        max_players=5,
        rules_text=RULES_TEXT,
        move_help=MOVE_HELP,
        options=(
            OptionSpec(
                key="variant",
                description=T(
                    "{standard}, or with Specialisation cards (powers and bonus NP)",
                    standard=VARIANT_STANDARD,
                ),
                choices=(VARIANT_STANDARD, VARIANT_SPECIALISATION),
                default=VARIANT_STANDARD,
            ),
        ),
        hidden_information=True,
    )
    state_type = ToshiState

    # -- setup ---------------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> ToshiState:
        rows, cols = GRID_SIZE[players]
        geo = geometry(rows, cols)
        # The deck's positions are shuffled rather than its cards (the same permutation): the
        # deck is in hand order, so sorting positions sorts the hand by colour, then value.
        deck = rng.shuffled(range(len(DECK)), seed, "deal")
        hands = tuple(
            tuple([DECK[i] for i in sorted(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])])
            for seat in range(players)
        )
        cells: list[Cell | None] = [None] * (rows * cols)
        for park in geo.parks:
            cells[park] = Cell("park")
        cells[geo.monument] = Cell("monument")
        variant = options.get("variant", VARIANT_STANDARD)
        specs: tuple[str, ...] = ("",) * players
        if variant == VARIANT_SPECIALISATION:
            pool = [s for s in SPECIALISATIONS if players > 3 or s not in NOT_WITH_THREE]
            specs = rng.shuffled(pool, seed, "specialisations")[:players]
        return ToshiState(
            players=players,
            seed=seed,
            variant=variant,
            rows=rows,
            cols=cols,
            hands=hands,
            cells=tuple(cells),
            spots=(-1,) * geo.spot_count,
            supply=(TOKENS_PER_PLAYER,) * players,
            specs=specs,
            spec_flipped=(False,) * players,
            monument_high=True,
            round=1,
            leader=rng.below(rng.stream(seed, "first player"), players),
            phase=Phase.TRICK,
            trick=(),
            winner=-1,
            queue=(),
            built=(),
            built_up=False,
            built_down=False,
            actions_taken="",
            next_leader=-1,
            owed=-1,
            last_text="",
            mark_cells=(),
            mark_spots=(),
        )

    # -- who acts and what they may do ---------------------------------------------------------
    def to_act(self, state: ToshiState) -> tuple[int, ...]:
        phase = state.phase
        if phase is TRICK:
            return ((state.leader + len(state.trick)) % state.players,)
        if phase is OVER:
            return ()
        if phase is OWED:
            return (state.owed,)
        main = decider(state)
        if state.owed >= 0 and has_normal_spot(state):
            return (main, state.owed)
        return (main,)

    def legal_moves(self, state: ToshiState, seat: int) -> Sequence[Move]:
        phase = state.phase
        if phase is OVER:
            return []
        if phase is TRICK:
            if seat != (state.leader + len(state.trick)) % state.players:  # see to_act
                return []
            return play_moves(state, seat)
        places = place_moves(state.rows, state.cols)
        if phase is OWED and seat != state.owed:  # only the owed token is awaited (see to_act)
            return []
        if seat == state.owed:
            return [places[spot] for spot in normal_spots(state)]
        if seat != decider(state):
            return []
        if phase is NATURE:
            return [places[spot] for spot in nature_spots(state, seat)]
        if phase is SECOND:
            return [*(places[spot] for spot in free_centres(state)), Pass()]
        if phase is PAWN:
            return [*build_moves(state, up=True, down=False), Pass()]
        if phase is BUILD:
            up, down = builds_left(state)
            return list(build_moves(state, up=up, down=down))
        if phase is INFLUENCE:
            return [*influence_moves(state), Pass()]
        return [FlipSpecialisation(), Pass()]  # Phase.SPECIALISE

    def check(self, state: ToshiState, seat: int, move: Move) -> None:
        reason = _reason(state, seat, move)
        if reason is not None:
            legal = self.legal_moves(state, seat)
            raise IllegalMove(joined((reason, self.examples(state, legal)), " "))

    # -- what a move does ----------------------------------------------------------------------
    def play(self, state: ToshiState, seat: int, move: Move) -> ToshiState:
        after = _play(state, seat, move)
        assert after is not state
        # ``after`` is a fresh object nobody else holds yet: finishing it in place spares one
        # more copy of the state per move (a hot path in playouts).
        object.__setattr__(after, "last_text", self.describe(state, seat, move, after))
        return after

    def fast_playout(
        self,
        state: ToshiState,
        draw: random.Random,
        trace: list[tuple[int, Move]] | None = None,
        draw_single_seat: bool = True,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A random playout from ``state`` to the end on the compact simulator (``fast.py``):
        the same moves and draws as ``to_act``/``playout_move``/``play`` step by step, and the
        final (totals by seat, winners) of ``outcome``. See ``fast.playout``."""
        return fast.playout(state, draw, trace, draw_single_seat)

    # -- views ---------------------------------------------------------------------------------
    def view(self, state: ToshiState, viewer: int | None) -> ToshiView:
        geo = geometry(state.rows, state.cols)
        over = state.phase is Phase.OVER
        owners = holders(state)
        cells = []
        for index, cell in enumerate(state.cells):
            name = geo.cell_names[index]
            if cell is None:
                cells.append(CellView(name, "empty", None, True, -1))
                continue
            known = cell.face_up or over or cell.placer in (-1, viewer)
            card = cell.card if known else None
            cells.append(CellView(name, cell.kind, card, cell.face_up, owners[index]))
        outcome = self.outcome(state) if over else None
        scores = {s.seat: s.total for s in outcome.scores} if outcome else {}
        gained = _gained_counts(state, owners) if over else {}
        seats = tuple(
            SeatView(
                seat=seat,
                tokens=state.supply[seat],
                cards=len(state.hands[seat]),
                specialisation=state.specs[seat],
                bonus_side=state.spec_flipped[seat],
                score=scores.get(seat, -1),
                gained=gained.get(seat, -1),
            )
            for seat in range(state.players)
        )
        mine = viewer is not None and 0 <= viewer < state.players
        return ToshiView(
            players=state.players,
            rows=state.rows,
            cols=state.cols,
            variant=state.variant,
            viewer=viewer,
            cells=tuple(cells),
            spots=state.spots,
            monument_high=state.monument_high,
            round=state.round,
            phase=Text(PHASE_NAMES[state.phase]),
            leader=state.leader,
            trick=state.trick,
            winner=state.winner,
            to_act=self.to_act(state),
            pending=self.pending(state),
            seats=seats,
            hand=state.hands[viewer] if mine and viewer is not None else (),
            my_face_down=_face_down_of(state, viewer) if mine and viewer is not None else (),
            last_text=state.last_text,
            mark_cells=state.mark_cells,
            mark_spots=state.mark_spots,
            over=over,
            winners=outcome.winners if outcome else (),
            score_lines=_score_lines(outcome) if outcome else (),
            open_spots=self._open_spots(state),
        )

    def _open_spots(self, state: ToshiState) -> tuple[int, ...]:
        """The spots a token may be placed on or moved to now (public: the picture marks them)."""
        spots: set[int] = set()
        for seat in self.to_act(state):
            for move in self.legal_moves(state, seat):
                if isinstance(move, Place):
                    spots.add(move.spot)
                elif isinstance(move, MoveToken):
                    spots.add(move.dst)
        return tuple(sorted(spots))

    def secrets(self, state: ToshiState, seat: int) -> frozenset[Any]:
        hidden: set[Any] = set(state.hands[seat])
        if state.phase is not Phase.OVER:
            hidden.update(_face_down_of(state, seat))
        return frozenset(hidden)

    def private_text(self, state: ToshiState, seat: int) -> Text | None:
        hand = state.hands[seat]
        cards = joined((card_text(c) for c in hand), ", ") if hand else T("empty")
        lines = [T("Your hand ({count}): {cards}", count=len(hand), cards=cards)]
        secret = _face_down_of(state, seat) if state.phase is not Phase.OVER else ()
        if secret:
            listed = joined((joined((fd.space, card_text(fd.card)), " = ") for fd in secret), ", ")
            lines.append(T("Your face-down cards: {cards}", cards=listed))
        if state.specs[seat]:
            lines.append(T("Your Specialisation: {spec}", spec=spec_text(state, seat)))
        return joined(lines, "\n")

    # -- the end -------------------------------------------------------------------------------
    def outcome(self, state: ToshiState) -> Outcome | None:
        return final_outcome(state) if state.phase is OVER else None

    # -- text ----------------------------------------------------------------------------------
    def parse(self, state: ToshiState, text: str) -> Move:
        return notation.parse(state, text)

    def format(self, state: ToshiState, move: Move) -> str:
        return notation.format_move(state, move)

    def describe(self, before: ToshiState, seat: int, move: Move, after: ToshiState) -> Text:
        return describe_move(before, seat, move, after)

    def suggest(
        self, state: ToshiState, seat: int, typed: str, limit: int = SUGGESTIONS
    ) -> list[str]:
        """Legal moves as text, every spot also under the names it has from the other cards it
        touches and in the long form (``place c3.n``, ``place b2 north-east``)."""
        legal = list(self.legal_moves(state, seat))
        return narrow(notation.suggestion_texts(state, legal, typed), typed, limit)

    def pending(self, state: ToshiState) -> Text:
        return pending_text(state)

    def describe_private(
        self, before: ToshiState, seat: int, move: Move, after: ToshiState
    ) -> Text:
        """The builder of a face-down card reads which card it is; others read "a card"."""
        if isinstance(move, Build) and not move.face_up:
            geo = geometry(before.rows, before.cols)
            return T(
                "{seat} builds {card} face down on {space} (only you see which card).",
                seat=seat_name(seat),
                card=card_text(move.card),
                space=geo.cell_names[move.cell],
            )
        return self.describe(before, seat, move, after)

    def reveals(self, before: ToshiState, seat: int, move: Move, after: ToshiState) -> bool:
        """A card played from a hand, a face-down card turned up, and the final scoring (which
        turns every face-down card) reveal. Building never does: every trick card was seen when
        played, and a face-down card is known to its builder only, who chose it."""
        if isinstance(move, PlayCard) or after.phase is OVER:
            return True
        if isinstance(move, Flip):
            cell = before.cells[move.cell]
            return cell is not None and cell.card is not None and not cell.face_up
        return False


# -- private helpers -------------------------------------------------------------------------------
def _play(state: ToshiState, seat: int, move: Move) -> ToshiState:
    phase = state.phase
    if isinstance(move, Place) and seat == state.owed and phase is not TRICK:
        after = evolve(put_token(state, seat, move.spot), owed=-1)
        if phase is NATURE:  # the token may have taken the next placer's last free spot
            return next_placer(after)
        return end_round(after) if phase is OWED else after
    if phase is TRICK:
        assert isinstance(move, PlayCard)
        return play_card(state, seat, move.card)
    if phase is NATURE:
        assert isinstance(move, Place)
        return place_token(state, seat, move.spot)
    if phase is SECOND:
        return second_token(state, seat, move)
    if phase in (PAWN, BUILD):
        return build(state, seat, move)
    if phase is INFLUENCE:
        return take_bonus_action(state, seat, move)
    return flip_specialisation(state, seat, move)  # Phase.SPECIALISE


def _reason(state: ToshiState, seat: int, move: Move) -> Text | None:
    """Why ``move`` is illegal for ``seat`` now (who acts is already checked), or None."""
    phase = state.phase
    if phase is Phase.TRICK:
        return play_reason(state, seat, move)
    if seat == state.owed:
        if not isinstance(move, Place):
            return T(
                "You may only place your owed Influenstar token now (`{place}`).",
                place="place <spot>",
            )
        return spot_reason(state, move.spot, overseer=False)
    if phase is Phase.NATURE:
        if not isinstance(move, Place):
            return T(
                "It is the Nature phase: place a Nature token, e.g. `{example}`.",
                example="place b2.ne",
            )
        return spot_reason(state, move.spot, overseer=has_power(state, seat, OVERSEER))
    if phase is Phase.SECOND:
        return second_reason(state, move)
    if phase in (Phase.PAWN, Phase.BUILD):
        return build_reason(state, move)
    if phase is Phase.INFLUENCE:
        return influence_reason(state, seat, move)
    if not isinstance(move, FlipSpecialisation | Pass):
        return T(
            "Choose `{flip}` (Bonus Points side) or `{pass_word}`.",
            flip="flip specialisation",
            pass_word="pass",
        )
    return None


# Every card once, in hand order (colour as COLOURS lists them, then value).
DECK: tuple[Card, ...] = tuple(Card(colour, value) for colour in COLOURS for value in VALUES)


def _face_down_of(state: ToshiState, seat: int) -> tuple[FaceDownCard, ...]:
    geo = geometry(state.rows, state.cols)
    return tuple(
        FaceDownCard(geo.cell_names[i], cell.card)
        for i, cell in enumerate(state.cells)
        if cell is not None and cell.card is not None and not cell.face_up and cell.placer == seat
    )


def _gained_counts(state: ToshiState, owners: tuple[int, ...]) -> dict[int, int]:
    counts = dict.fromkeys(range(state.players), 0)
    for owner in owners:
        if owner >= 0:
            counts[owner] += 1
    return counts


def _score_lines(outcome: Outcome) -> tuple[Text, ...]:
    return tuple(
        T(
            "{seat}: {total} NP = {lines}",
            seat=seat_name(s.seat),
            total=s.total,
            lines=joined((joined((line.label, line.points), " ") for line in s.breakdown), " + "),
        )
        for s in outcome.scores
    )
