"""Toshi Tōshi rules: trick, nature, construction and influence phases over 10 rounds."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from rules import rng
from rules.base import Game, GameSpec, OptionSpec, Outcome, ScoreLine, SeatScore
from rules.errors import IllegalMove
from rules.toshi import notation
from rules.toshi.data import (
    ACTION_FLIP,
    ACTION_LEAD,
    ACTION_MOVE,
    BUILDER,
    BUILDS,
    COLOUR_NAMES,
    COLOURS,
    GRID_SIZE,
    HAND_SIZE,
    INFLUENSTAR,
    NOT_WITH_THREE,
    OCTOGEEK,
    OVERSEER,
    PAWNLITICIAN,
    ROUNDS,
    SEAT_LETTERS,
    SPEC_BONUSES,
    SPEC_POWERS,
    SPECIALISATIONS,
    TOKENS_PER_PLAYER,
    VALUES,
    VARIANT_SPECIALISATION,
    VARIANT_STANDARD,
)
from rules.toshi.grid import WHERE_WORDS, Geometry, geometry
from rules.toshi.model import (
    Build,
    Card,
    Cell,
    CellView,
    FaceDownCard,
    Flip,
    FlipSpecialisation,
    Lead,
    Move,
    MoveToken,
    Pass,
    Phase,
    Place,
    Play,
    PlayCard,
    SeatView,
    ToshiState,
    ToshiView,
)
from rules.toshi.scoring import holders, ranking_key, tally

RULES_TEXT = """\
Toshi Tōshi (3-5 players): area control driven by tricks. Each player holds ONE hand of 10 \
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
counts for the new card once built. The Overseer may use any free spot, edge included.
- Nature placement is compulsory (skipped only without tokens or free spot); every "can" \
(bonus action, Builder's second token, Pawnlitician, flip) may be declined with `pass`.
- The middle-token tie-break applies when a tied player holds the middle; else the sides.
- The winner may build the face-up and face-down cards in either order; the Pawnlitician, if \
they use the power, builds first and the winner then builds the face-down card.
- The Influenstar's token is owed: it may be placed at any decision point until the next trick \
(in round 10: before the final scoring), but must be placed before the next trick.
- A face-up card flipped face down stays known to all (its value is still shown).
- Choosing the next leader is not offered in round 10 (no trick follows).
- The fifth colour (not named by the rulebook) is Yellow.
- Builder's bonus: it wins the ties still complete after the middle and sides checks, if in them.
- Parks+Monument split with 1-5 tied players: 12/6/4/3/2; nobody scores it if none gained."""

MOVE_HELP = notation.NOTATION
MAX_CELLS = max(rows * cols for rows, cols in GRID_SIZE.values())
MAX_SPOTS = max((2 * rows + 1) * (2 * cols + 1) for rows, cols in GRID_SIZE.values())


@cache
def _place_moves(rows: int, cols: int) -> tuple[Place, ...]:
    """One Place per lattice spot, built once (legal_moves only filters them)."""
    return tuple(Place(spot) for spot in range(geometry(rows, cols).spot_count))


_PLAY_MOVES: dict[Card, PlayCard] = {
    Card(colour, value): PlayCard(Card(colour, value)) for colour in COLOURS for value in VALUES
}


# Build moves by (card, face up), then by space: legal_moves picks them instead of building them.
_BUILD_MOVES: dict[tuple[Card, bool], tuple[Build, ...]] = {
    (card, face_up): tuple(Build(card, face_up, cell) for cell in range(MAX_CELLS))
    for card in _PLAY_MOVES
    for face_up in (True, False)
}


_FLIP_MOVES: tuple[Flip, ...] = tuple(Flip(cell) for cell in range(MAX_CELLS))


@cache
def _token_moves(src: int) -> tuple[MoveToken, ...]:
    """Every MoveToken from ``src``, by destination spot (built once per source spot)."""
    return tuple(MoveToken(src, dst) for dst in range(MAX_SPOTS))


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
                description="standard, or with Specialisation cards (powers and bonus NP)",
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
        deck = rng.shuffled(
            [Card(colour, value) for colour in COLOURS for value in VALUES], seed, "deal"
        )
        hands = tuple(
            tuple(sorted(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE], key=_card_order))
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
        if phase is Phase.TRICK:
            return ((state.leader + len(state.trick)) % state.players,)
        if phase is Phase.OVER:
            return ()
        if phase is Phase.OWED:
            return (state.owed,)
        main = _decider(state)
        if state.owed >= 0 and _has_normal_spot(state):
            return (main, state.owed)
        return (main,)

    def legal_moves(self, state: ToshiState, seat: int) -> Sequence[Move]:
        phase = state.phase
        if phase is Phase.OVER:
            return []
        if phase is Phase.TRICK:
            if seat != self.to_act(state)[0]:
                return []
            return [_PLAY_MOVES[card] for card in _playable(state, seat)]
        places = _place_moves(state.rows, state.cols)
        if seat == state.owed:
            return [places[spot] for spot in _normal_spots(state)]
        if seat != _decider(state):
            return []
        if phase is Phase.NATURE:
            return [places[spot] for spot in _nature_spots(state, seat)]
        if phase is Phase.SECOND:
            return [*(places[spot] for spot in _free_centres(state)), Pass()]
        if phase is Phase.PAWN:
            return [*_builds(state, up=True, down=False), Pass()]
        if phase is Phase.BUILD:
            up, down = _builds_left(state)
            return list(_builds(state, up=up, down=down))
        if phase is Phase.INFLUENCE:
            return [*_influence_moves(state), Pass()]
        return [FlipSpecialisation(), Pass()]  # Phase.SPECIALISE

    def check(self, state: ToshiState, seat: int, move: Move) -> None:
        reason = _reason(state, seat, move)
        if reason is not None:
            legal = self.legal_moves(state, seat)
            raise IllegalMove(f"{reason} {self.examples(state, legal)}")

    # -- what a move does ----------------------------------------------------------------------
    def play(self, state: ToshiState, seat: int, move: Move) -> ToshiState:
        after = _play(state, seat, move)
        assert after is not state
        # ``after`` is a fresh object nobody else holds yet: finishing it in place spares one
        # more copy of the state per move (a hot path in playouts).
        object.__setattr__(after, "last_text", self.describe(state, seat, move, after))
        return after

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
            phase=state.phase.value,
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
        )

    def secrets(self, state: ToshiState, seat: int) -> frozenset[Any]:
        hidden: set[Any] = set(state.hands[seat])
        if state.phase is not Phase.OVER:
            hidden.update(_face_down_of(state, seat))
        return frozenset(hidden)

    def private_text(self, state: ToshiState, seat: int) -> str | None:
        hand = state.hands[seat]
        lines = [f"Your hand ({len(hand)}): " + (", ".join(_card_text(c) for c in hand) or "empty")]
        secret = _face_down_of(state, seat) if state.phase is not Phase.OVER else ()
        if secret:
            listed = ", ".join(f"{fd.space} = {_card_text(fd.card)}" for fd in secret)
            lines.append(f"Your face-down cards: {listed}")
        if state.specs[seat]:
            lines.append(f"Your Specialisation: {_spec_text(state, seat)}")
        return "\n".join(lines)

    # -- the end -------------------------------------------------------------------------------
    def outcome(self, state: ToshiState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        tallies = tally(state)
        scores = []
        for t in tallies:
            lines = [
                ScoreLine(
                    "Buildings " + (" ".join(str(c) for c in t.buildings) or "none"),
                    t.building_points,
                ),
                ScoreLine(f"Parks+Monument majority ({t.landmarks} gained)", t.majority),
            ]
            if state.specs[t.seat]:
                side = "bonus side" if state.spec_flipped[t.seat] else "not flipped"
                label = f"{state.specs[t.seat]} ({side}{', ' if t.bonus_label else ''}"
                lines.append(ScoreLine(f"{label}{t.bonus_label})", t.bonus))
            scores.append(SeatScore(t.seat, t.total, tuple(lines)))
        best = max(ranking_key(t) for t in tallies)
        winners = tuple(t.seat for t in tallies if ranking_key(t) == best)
        top = max(t.total for t in tallies)
        extra = []
        if sum(1 for t in tallies if t.total == top) > 1:
            extra.append(
                "Tied on NP: "
                + ", ".join(
                    f"{_seat_name(t.seat)} {t.unused} unused tokens, {t.gained} cards gained"
                    for t in tallies
                    if t.total == top
                )
            )
        return Outcome(
            scores=tuple(scores),
            winners=winners,
            reason=f"After {ROUNDS} rounds the city is full; face-down cards are revealed.",
            extra=tuple(extra),
        )

    # -- text ----------------------------------------------------------------------------------
    def parse(self, state: ToshiState, text: str) -> Move:
        return notation.parse(state, text)

    def format(self, state: ToshiState, move: Move) -> str:
        return notation.format_move(state, move)

    def describe(self, before: ToshiState, seat: int, move: Move, after: ToshiState) -> str:
        geo = geometry(before.rows, before.cols)
        who = _seat_name(seat)
        match move:
            case PlayCard(card):
                text = f"{who} plays {_card_text(card)}."
                if after.winner >= 0 and before.winner < 0:
                    text += f" {_seat_name(after.winner)} wins trick {before.round}."
                return text
            case Place(spot):
                extra = " (owed Influenstar token)" if seat == before.owed else ""
                return f"{who} places a Nature token on {_spot_text(geo, spot)}{extra}."
            case Build(card, True, cell):
                return f"{who} builds {_card_text(card)} face up on {geo.cell_names[cell]}."
            case Build(_, False, cell):
                return f"{who} builds a card face down on {geo.cell_names[cell]}."
            case MoveToken(src, dst):
                return (
                    f"{who} moves their token from {_spot_text(geo, src)} to "
                    f"{_spot_text(geo, dst)}."
                )
            case Lead(target):
                return f"{who} chooses {_seat_name(target)} to lead the next trick."
            case Flip(cell):
                return f"{who} {_flip_text(before, after, cell)}."
            case FlipSpecialisation():
                return (
                    f"{who} flips their {before.specs[seat]} card to its Bonus Points side "
                    f"({SPEC_BONUSES[before.specs[seat]]})."
                )
            case Pass():
                return f"{who} declines: {_declined(before)}."
        raise TypeError(f"not a Toshi Tōshi move: {move!r}")

    def pending(self, state: ToshiState) -> str:
        phase = state.phase
        if phase is Phase.OVER:
            return "nothing: the game is over"
        if phase is Phase.TRICK:
            seat = self.to_act(state)[0]
            if not state.trick:
                return f"{_seat_name(seat)}: lead trick {state.round} of {ROUNDS} with any card"
            led = COLOUR_NAMES[state.trick[0].card.colour]
            return (
                f"{_seat_name(seat)}: play a card to trick {state.round} "
                f"({led} was led: follow {led} if you can)"
            )
        if phase is Phase.OWED:
            return _owed_text(state)
        main = _decider(state)
        who = _seat_name(main)
        if phase is Phase.NATURE:
            edge = " (Overseer: the edge and spots without a card are allowed)"
            text = f"{who}: place a Nature token{edge if _has_power(state, main, OVERSEER) else ''}"
        elif phase is Phase.SECOND:
            text = f"{who} (Builder): place a second token on the middle of a card, or pass"
        elif phase is Phase.PAWN:
            text = (
                f"{who} (Pawnlitician): choose the face-up card and its space "
                "(`build <card> up <space>`), or pass"
            )
        elif phase is Phase.BUILD:
            up, down = _builds_left(state)
            parts = [
                p for p, left in (("the face-up card", up), ("the face-down card", down)) if left
            ]
            text = f"{who} won the trick: build {' and '.join(parts)} on empty spaces"
        elif phase is Phase.INFLUENCE:
            text = f"{who}: take a bonus action ({_action_list(state)}) or pass"
        else:
            text = (
                f"{who}: flip your {state.specs[main]} card to its Bonus Points side "
                f"({SPEC_BONUSES[state.specs[main]]}), or pass"
            )
        if state.owed >= 0 and _has_normal_spot(state):
            text += f"; meanwhile {_owed_text(state)}"
        return text


# -- private helpers: turn order -------------------------------------------------------------------
def _decider(state: ToshiState) -> int:
    """The seat whose phase decision the game waits for (the owed token aside)."""
    phase = state.phase
    if phase in (Phase.NATURE, Phase.SECOND):
        return state.queue[0]
    if phase is Phase.PAWN:
        return _power_seat(state, PAWNLITICIAN)
    return state.winner


def _has_power(state: ToshiState, seat: int, name: str) -> bool:
    return state.specs[seat] == name and not state.spec_flipped[seat]


def _power_seat(state: ToshiState, name: str) -> int:
    for seat, spec in enumerate(state.specs):
        if spec == name and not state.spec_flipped[seat]:
            return seat
    return -1


def _playable(state: ToshiState, seat: int) -> tuple[Card, ...]:
    hand = state.hands[seat]
    if not state.trick:
        return hand
    led = state.trick[0].card.colour
    follow = tuple(card for card in hand if card.colour == led)
    return follow or hand


def trick_winner(trick: Sequence[Play], monument_high: bool) -> int:
    """The index in ``trick`` of the winning card.

    All followed: the strongest card wins. Otherwise the strongest card not of the led colour
    wins, a tie going to the card played last. Strength follows the Monument's side.
    """
    led = trick[0].card.colour
    off = [i for i, play in enumerate(trick) if play.card.colour != led]
    candidates = off or list(range(len(trick)))
    best = candidates[0]
    for i in candidates[1:]:
        a, b = trick[i].card.value, trick[best].card.value
        if (a >= b) if monument_high else (a <= b):
            best = i
    return best


# -- private helpers: spots ------------------------------------------------------------------------
def _normal_spots(state: ToshiState) -> list[int]:
    """Free spots inside the grid that belong to at least one card on the grid."""
    spots = state.spots
    return [s for s in _near_cards(state) if spots[s] < 0]


def _has_normal_spot(state: ToshiState) -> bool:
    """Whether ``_normal_spots`` is not empty (stops at the first free spot)."""
    spots = state.spots
    return any(spots[s] < 0 for s in _near_cards(state))


# The inner spots of the present cards change only when a card is built, so they are kept per
# cells tuple (by identity, holding the tuple so its id stays unique): a pure speed-up.
_NEAR: dict[int, tuple[tuple[Cell | None, ...], tuple[int, ...]]] = {}


def _near_cards(state: ToshiState) -> tuple[int, ...]:
    """Spots not on the outer edge that belong to a card on the grid, in lattice order."""
    cells = state.cells
    hit = _NEAR.get(id(cells))
    if hit is not None and hit[0] is cells:
        return hit[1]
    inner = geometry(state.rows, state.cols).cell_inner
    near = tuple(sorted(set().union(*(inner[c] for c, cell in enumerate(cells) if cell))))
    if len(_NEAR) > 256:
        _NEAR.clear()
    _NEAR[id(cells)] = (cells, near)
    return near


def _can_place(state: ToshiState, seat: int) -> bool:
    """Whether ``seat`` has a token and a spot for it in the Nature phase."""
    if state.supply[seat] == 0:
        return False
    if _has_power(state, seat, OVERSEER):
        return -1 in state.spots
    return _has_normal_spot(state)


def _nature_spots(state: ToshiState, seat: int) -> list[int]:
    if _has_power(state, seat, OVERSEER):
        return [s for s, owner in enumerate(state.spots) if owner < 0]
    return _normal_spots(state)


def _free_centres(state: ToshiState) -> list[int]:
    geo = geometry(state.rows, state.cols)
    return [
        geo.centre[c]
        for c, cell in enumerate(state.cells)
        if cell is not None and state.spots[geo.centre[c]] < 0
    ]


def _spot_reason(state: ToshiState, spot: int, overseer: bool) -> str | None:
    geo = geometry(state.rows, state.cols)
    name = geo.spot_names[spot]
    if state.spots[spot] >= 0:
        return f"{name} already holds {_seat_name(state.spots[spot])}'s token: one token per spot."
    if overseer:
        return None
    if geo.boundary[spot]:
        return (
            f"{name} is on the outer edge of the city: tokens go inside the grid "
            "(only the Overseer's power allows the edge)."
        )
    if not any(state.cells[c] is not None for c in geo.owners[spot]):
        return f"{name} belongs to no card on the grid yet: place it on a spot of a present card."
    return None


# -- private helpers: construction and influence ---------------------------------------------------
def _builds_left(state: ToshiState) -> tuple[bool, bool]:
    """Whether a face-up and a face-down card are still to be built this round."""
    ups, downs = BUILDS[state.players]
    return (ups > 0 and not state.built_up, downs > 0 and not state.built_down)


def _trick_cards_left(state: ToshiState) -> list[Card]:
    built = state.built
    return [play.card for play in state.trick if play.card not in built]


def _builds(state: ToshiState, up: bool, down: bool) -> list[Build]:
    empty = [c for c, cell in enumerate(state.cells) if cell is None]
    out = []
    for card in _trick_cards_left(state):
        for face_up in (True, False):
            if (face_up and up) or (not face_up and down):
                row = _BUILD_MOVES[card, face_up]
                out += [row[cell] for cell in empty]
    return out


def _actions_open(state: ToshiState) -> list[str]:
    """The bonus actions the trick winner may still take now."""
    octogeek = _has_power(state, state.winner, OCTOGEEK)
    if state.actions_taken and not octogeek:
        return []
    out = []
    if (
        ACTION_MOVE not in state.actions_taken
        and state.winner in state.spots
        and _has_normal_spot(state)
    ):
        out.append(ACTION_MOVE)
    if ACTION_LEAD not in state.actions_taken and state.round < ROUNDS:
        out.append(ACTION_LEAD)
    if ACTION_FLIP not in state.actions_taken:
        out.append(ACTION_FLIP)
    return out


def _influence_moves(state: ToshiState) -> list[Move]:
    out: list[Move] = []
    open_actions = _actions_open(state)
    if ACTION_MOVE in open_actions:
        free = _normal_spots(state)
        for src, owner in enumerate(state.spots):
            if owner == state.winner:
                row = _token_moves(src)
                out += [row[dst] for dst in free]
    if ACTION_LEAD in open_actions:
        out.extend(Lead(seat) for seat in range(state.players) if seat != state.winner)
    if ACTION_FLIP in open_actions:
        out.extend(
            _FLIP_MOVES[c]
            for c, cell in enumerate(state.cells)
            if cell is not None and cell.kind != "park"
        )
    return out


def _action_list(state: ToshiState) -> str:
    words = {
        ACTION_MOVE: "move one of your tokens",
        ACTION_LEAD: "choose the next leader",
        ACTION_FLIP: "flip a building or the Monument",
    }
    return ", ".join(words[a] for a in _actions_open(state))


# -- private helpers: legality ---------------------------------------------------------------------
def _reason(state: ToshiState, seat: int, move: Move) -> str | None:
    """Why ``move`` is illegal for ``seat`` now (who acts is already checked), or None."""
    phase = state.phase
    if phase is Phase.TRICK:
        return _play_reason(state, seat, move)
    if seat == state.owed:
        if not isinstance(move, Place):
            return "You may only place your owed Influenstar token now (`place <spot>`)."
        return _spot_reason(state, move.spot, overseer=False)
    if phase is Phase.NATURE:
        if not isinstance(move, Place):
            return "It is the Nature phase: place a Nature token, e.g. `place b2.ne`."
        return _spot_reason(state, move.spot, overseer=_has_power(state, seat, OVERSEER))
    if phase is Phase.SECOND:
        return _second_reason(state, move)
    if phase in (Phase.PAWN, Phase.BUILD):
        return _build_reason(state, move)
    if phase is Phase.INFLUENCE:
        return _influence_reason(state, seat, move)
    if not isinstance(move, FlipSpecialisation | Pass):
        return "Choose `flip specialisation` (Bonus Points side) or `pass`."
    return None


def _play_reason(state: ToshiState, seat: int, move: Move) -> str | None:
    if not isinstance(move, PlayCard):
        return "It is the trick: play a card from your hand, e.g. `play R7`."
    hand = state.hands[seat]
    if move.card not in hand:
        return f"You do not hold {move.card}."
    playable = _playable(state, seat)
    if move.card not in playable:
        led = COLOUR_NAMES[state.trick[0].card.colour]
        return f"{led} was led and you hold {led}: you must follow with a {led} card."
    return None


def _second_reason(state: ToshiState, move: Move) -> str | None:
    if isinstance(move, Pass):
        return None
    if not isinstance(move, Place):
        return "Place your second token on the middle of a card (`place b2.c`) or `pass`."
    geo = geometry(state.rows, state.cols)
    cells = [c for c in geo.owners[move.spot] if geo.centre[c] == move.spot]
    if not cells:
        return (
            f"{geo.spot_names[move.spot]} is not the middle of a card: the Builder's second "
            "token goes on a card's middle (`.c`)."
        )
    if state.cells[cells[0]] is None:
        return f"{geo.cell_names[cells[0]]} has no card yet: the second token needs a present card."
    return _spot_reason(state, move.spot, overseer=False)


def _build_reason(state: ToshiState, move: Move) -> str | None:
    pawn = state.phase is Phase.PAWN
    if pawn and isinstance(move, Pass):
        return None
    if not isinstance(move, Build):
        if pawn:
            return "Choose the face-up card and its space (`build R7 up b2`) or `pass`."
        return "Build one of the trick's cards, e.g. `build R7 up b2` or `build G3 down c4`."
    geo = geometry(state.rows, state.cols)
    if move.card not in _trick_cards_left(state):
        left = " ".join(str(c) for c in _trick_cards_left(state))
        return f"{move.card} is not a trick card still to build (left: {left})."
    if state.cells[move.cell] is not None:
        return f"{geo.cell_names[move.cell]} is taken: one card per space."
    if pawn and not move.face_up:
        return "As Pawnlitician you choose the face-up card; the winner builds the face-down one."
    up, down = _builds_left(state)
    if move.face_up and not up:
        if BUILDS[state.players][0] == 0:
            return "With 3 players the winner builds one card only, face down."
        return "The face-up card is already built: build the face-down card."
    if not move.face_up and not down:
        return "The face-down card is already built: build the face-up card."
    return None


def _influence_reason(state: ToshiState, seat: int, move: Move) -> str | None:
    if isinstance(move, Pass):
        return None
    open_actions = _actions_open(state)
    geo = geometry(state.rows, state.cols)
    if isinstance(move, MoveToken):
        if ACTION_MOVE not in open_actions:
            return _action_gone(state, ACTION_MOVE)
        if state.spots[move.src] != seat:
            return f"{geo.spot_names[move.src]} holds no token of yours."
        if move.dst == move.src:
            return "Move the token to another spot."
        return _spot_reason(state, move.dst, overseer=False)
    if isinstance(move, Lead):
        if ACTION_LEAD not in open_actions:
            return _action_gone(state, ACTION_LEAD)
        if move.seat == seat:
            return "You lead next anyway as trick winner: choose another seat, or pass."
        return None
    if isinstance(move, Flip):
        if ACTION_FLIP not in open_actions:
            return _action_gone(state, ACTION_FLIP)
        cell = state.cells[move.cell]
        if cell is None or cell.kind == "park":
            what = "empty" if cell is None else "a Park"
            return f"{geo.cell_names[move.cell]} is {what}: flip a building or the Monument."
        return None
    return "Take a bonus action (`move <spot> <spot>`, `lead <seat>`, `flip <space>`) or `pass`."


def _action_gone(state: ToshiState, action: str) -> str:
    """Why a bonus action is closed. Only an Octogeek ever has taken one and still decides."""
    if action in state.actions_taken:
        done = {ACTION_MOVE: "moved a token", ACTION_LEAD: "chosen the next leader"}
        return (
            f"You have already {done.get(action, 'flipped a card')} this round: the Octogeek "
            "takes each bonus action once."
        )
    if action == ACTION_LEAD:
        return "No trick follows round 10: choosing the next leader is not offered."
    return "You have no token on the grid, or no free spot to move one to."


# -- private helpers: applying moves ---------------------------------------------------------------
def _play(state: ToshiState, seat: int, move: Move) -> ToshiState:
    phase = state.phase
    if isinstance(move, Place) and seat == state.owed and phase is not Phase.TRICK:
        after = _evolve(_put_token(state, seat, move.spot), owed=-1)
        if phase is Phase.NATURE:  # the token may have taken the next placer's last free spot
            return _next_placer(after)
        return _end_round(after) if phase is Phase.OWED else after
    if phase is Phase.TRICK:
        assert isinstance(move, PlayCard)
        return _play_card(state, seat, move.card)
    if phase is Phase.NATURE:
        assert isinstance(move, Place)
        after = _put_token(state, seat, move.spot)
        if _has_power(after, seat, BUILDER) and after.supply[seat] > 0 and _free_centres(after):
            return _evolve(after, phase=Phase.SECOND)
        return _next_placer(_evolve(after, queue=after.queue[1:]))
    if phase is Phase.SECOND:
        after = _put_token(state, seat, move.spot) if isinstance(move, Place) else state
        return _next_placer(_evolve(after, phase=Phase.NATURE, queue=after.queue[1:]))
    if phase in (Phase.PAWN, Phase.BUILD):
        return _build(state, seat, move)
    if phase is Phase.INFLUENCE:
        return _influence(state, seat, move)
    if isinstance(move, FlipSpecialisation):
        flipped = tuple(f or s == seat for s, f in enumerate(state.spec_flipped))
        state = _evolve(state, spec_flipped=flipped)
    return _end_round(_evolve(state, mark_cells=(), mark_spots=()))


def _play_card(state: ToshiState, seat: int, card: Card) -> ToshiState:
    hand = state.hands[seat]
    at = hand.index(card)
    hands = (*state.hands[:seat], hand[:at] + hand[at + 1 :], *state.hands[seat + 1 :])
    trick = (*state.trick, Play(seat, card))
    after = _evolve(state, hands=hands, trick=trick, mark_cells=(), mark_spots=())
    if len(trick) < state.players:
        return after
    winner = trick[trick_winner(trick, state.monument_high)].seat
    order = tuple((winner + k) % state.players for k in range(1, state.players))
    owed = _power_seat(state, INFLUENSTAR)
    if owed not in order or state.supply[owed] == 0:
        owed = -1
    queue = tuple(s for s in order if s != owed)
    return _next_placer(
        _evolve(
            after,
            winner=winner,
            next_leader=winner,
            phase=Phase.NATURE,
            queue=queue,
            owed=owed,
        )
    )


def _put_token(state: ToshiState, seat: int, spot: int) -> ToshiState:
    spots = list(state.spots)
    spots[spot] = seat
    supply = list(state.supply)
    supply[seat] -= 1
    return _evolve(
        state, spots=tuple(spots), supply=tuple(supply), mark_cells=(), mark_spots=(spot,)
    )


def _next_placer(state: ToshiState) -> ToshiState:
    """Skip placers without tokens or free spot; when none is left, construction starts."""
    queue = state.queue
    while queue and not _can_place(state, queue[0]):
        queue = queue[1:]
    if queue:
        return _evolve(state, queue=queue)
    pawn = _power_seat(state, PAWNLITICIAN)
    phase = Phase.PAWN if pawn >= 0 and pawn != state.winner else Phase.BUILD
    return _evolve(state, queue=(), phase=phase)


def _build(state: ToshiState, seat: int, move: Move) -> ToshiState:
    if isinstance(move, Pass):  # the Pawnlitician declines
        return _evolve(state, phase=Phase.BUILD, mark_cells=(), mark_spots=())
    assert isinstance(move, Build)
    cells = list(state.cells)
    cells[move.cell] = Cell("building", move.card, move.face_up, -1 if move.face_up else seat)
    after = _evolve(
        state,
        cells=tuple(cells),
        built=(*state.built, move.card),
        built_up=state.built_up or move.face_up,
        built_down=state.built_down or not move.face_up,
        phase=Phase.BUILD,
        mark_cells=(move.cell,),
        mark_spots=(),
    )
    if any(_builds_left(after)):
        return after
    return _evolve(after, phase=Phase.INFLUENCE, actions_taken="")


def _influence(state: ToshiState, seat: int, move: Move) -> ToshiState:
    if isinstance(move, Pass):
        return _after_influence(_evolve(state, mark_cells=(), mark_spots=()))
    if isinstance(move, MoveToken):
        spots = list(state.spots)
        spots[move.src], spots[move.dst] = -1, seat
        after = _evolve(
            state,
            spots=tuple(spots),
            actions_taken=state.actions_taken + ACTION_MOVE,
            mark_cells=(),
            mark_spots=(move.src, move.dst),
        )
    elif isinstance(move, Lead):
        after = _evolve(
            state,
            next_leader=move.seat,
            actions_taken=state.actions_taken + ACTION_LEAD,
            mark_cells=(),
            mark_spots=(),
        )
    else:
        assert isinstance(move, Flip)
        after = _evolve(
            _flip(state, move.cell),
            actions_taken=state.actions_taken + ACTION_FLIP,
            mark_cells=(move.cell,),
            mark_spots=(),
        )
    return after if _actions_open(after) else _after_influence(after)


def _flip(state: ToshiState, index: int) -> ToshiState:
    cell = state.cells[index]
    assert cell is not None
    if cell.kind == "monument":
        return _evolve(state, monument_high=not state.monument_high)
    cells = list(state.cells)
    # Either way the card is now known to all: a revealed card is seen, and a face-up card
    # everyone saw stays known after it is turned face down.
    cells[index] = dataclasses.replace(cell, face_up=not cell.face_up, placer=-1)
    return _evolve(state, cells=tuple(cells))


def _after_influence(state: ToshiState) -> ToshiState:
    winner = state.winner
    if state.specs[winner] and not state.spec_flipped[winner]:
        return _evolve(state, phase=Phase.SPECIALISE)
    return _end_round(state)


def _end_round(state: ToshiState) -> ToshiState:
    """Wait for an owed Influenstar token, then start the next trick or end the game."""
    if state.owed >= 0:
        if state.supply[state.owed] > 0 and _has_normal_spot(state):
            return _evolve(state, phase=Phase.OWED)
        state = _evolve(state, owed=-1)
    if state.round >= ROUNDS:
        return _evolve(state, phase=Phase.OVER)
    return _evolve(
        state,
        round=state.round + 1,
        leader=state.next_leader,
        phase=Phase.TRICK,
        trick=(),
        winner=-1,
        queue=(),
        built=(),
        built_up=False,
        built_down=False,
        actions_taken="",
        next_leader=-1,
    )


def _evolve(state: ToshiState, **changes: Any) -> ToshiState:
    """``dataclasses.replace`` without its per-field overhead (a hot path in playouts).

    The state has no __post_init__ and no derived fields, so copying the attribute dict and
    overriding the changed fields builds exactly the state ``replace`` would."""
    new = object.__new__(ToshiState)
    fields = state.__dict__.copy()
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    return new


# -- private helpers: text -------------------------------------------------------------------------
def _seat_name(seat: int) -> str:
    return f"Seat {seat + 1} ({SEAT_LETTERS[seat]})"


def _card_order(card: Card) -> tuple[int, int]:
    return (COLOURS.index(card.colour), card.value)


def _card_text(card: Card) -> str:
    return f"{card} ({card.words})"


def _spot_text(geo: Geometry, spot: int) -> str:
    name = geo.spot_names[spot]
    where = name.split(".")[1]
    return f"{name} ({WHERE_WORDS[where]} of {name.split('.')[0]})"


def _spec_text(state: ToshiState, seat: int) -> str:
    spec = state.specs[seat]
    if state.spec_flipped[seat]:
        return f"{spec}, Bonus Points side: {SPEC_BONUSES[spec]}"
    return f"{spec}, power side: {SPEC_POWERS[spec]}"


def _owed_text(state: ToshiState) -> str:
    return f"{_seat_name(state.owed)} (Influenstar) may place their owed Nature token"


def _flip_text(before: ToshiState, after: ToshiState, index: int) -> str:
    geo = geometry(before.rows, before.cols)
    cell = before.cells[index]
    assert cell is not None
    name = geo.cell_names[index]
    if cell.kind == "monument":
        side = (
            '"10 > 1" (high cards strongest)'
            if after.monument_high
            else ('"1 > 10" (low cards strongest)')
        )
        return f"flips the Monument on {name}: {side} is now up"
    assert cell.card is not None
    if cell.face_up:
        return f"turns {_card_text(cell.card)} on {name} face down"
    return f"reveals the face-down card on {name}: {_card_text(cell.card)}"


def _declined(state: ToshiState) -> str:
    return {
        Phase.SECOND: "no second Builder token",
        Phase.PAWN: "the Pawnlitician leaves the face-up card to the winner",
        Phase.INFLUENCE: "no (further) bonus action",
        Phase.SPECIALISE: "the Specialisation card keeps its power side",
    }.get(state.phase, "nothing to do")


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


def _score_lines(outcome: Outcome) -> tuple[str, ...]:
    return tuple(
        f"{_seat_name(s.seat)}: {s.total} NP = "
        + " + ".join(f"{line.label} {line.points}" for line in s.breakdown)
        for s in outcome.scores
    )
