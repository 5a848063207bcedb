"""Friendly Fishing, 2-5 players: a shared boat collects fish tiles around a central island.

Options: the board side (small: 42 tiles with 2 special sets; large: 48 tiles with 4 sets; 5
players always play the large side) and the special sets (random or a chosen list). On a turn
the boat moves onto a tile in an adjacent water space (or a Skipjack at the end of a straight
line of open water) and the mover collects it; a stuck boat first returns to the island; the
game ends when even the island has no move, or at once when someone completes the Kingfish.
Action tiles and Dinkers ask for decisions, each a move of its own. Chance: the tile layout and
a random choice of sets (seeded). No hidden information.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from i18n.text import T, Text, joined
from rules import rng
from rules.base import GameSpec, OptionSpec, Outcome
from rules.fishing import fast
from rules.fishing.data import (
    ACTION_NAMES,
    BASIC,
    BASIC_MIX,
    COLOURS,
    KIND_INDEX,
    KINDS,
    KINGFISH_TO_WIN,
    SET_SIZE,
    SIDES,
    SPECIAL_SETS,
    Tile,
)
from rules.fishing.moves import boat_reason, island_exit, slide_map, slide_reason, targets
from rules.fishing.options import SET_NAMES, check_options, chosen_sets, played_side
from rules.fishing.scoring import final_scores, fishing_scores

# The plain data lives in state.py, shared with fast.py; re-exported here under its old names.
from rules.fishing.state import ACTION_PHASE as ACTION_PHASE
from rules.fishing.state import TRADABLE as TRADABLE
from rules.fishing.state import FishingMove as FishingMove
from rules.fishing.state import FishingState as FishingState
from rules.fishing.state import LeaveDinker as LeaveDinker
from rules.fishing.state import Phase as Phase
from rules.fishing.state import Slide as Slide
from rules.fishing.state import TakeDinker as TakeDinker
from rules.fishing_common import (
    Double,
    MoveBoat,
    Notation,
    OneBoatGame,
    RemovePiece,
    SwapSpaces,
    Trade,
    a_kind,
    best_seats,
    boat_moves,
    colour_word,
    edited,
    evolve,
    hex_of,
    kind_name,
    occupied,
    pieces_reason,
    pile_add,
    random_swap,
    replaced,
    seat_label,
    swap_pairs,
    trade_options,
    trade_reason,
    with_left_neighbour,
    words,
)

RULES_TEXT = T(
    """\
**{game}** (2-5 players): share one boat, catch the best fish.
**Turn:** move the boat onto a tile in an adjacent water space and collect it. If the boat has no \
move, it first returns to the central island and moves from there. Action tiles act at once: \
Swap 2 Fish (your basic fish for another player's), Swap 2 Tiles, Slide a Tile (through \
connected open water), Remove a Tile, Double Points (a colour scores double for everyone). \
Special fish: Kingfish (all 3 win at once; 2 with 4-5 players; not shared), Lunkers (only the \
last one caught scores 5), Dinkers (2 each; take it, or leave it and move again), Skipjacks (5 \
each; also reached along a straight line of open water), Shiners (-2/5/12 for 1/2/3), Junk (-3).
**End:** when the boat has no move even from the island.
**Scoring:** common colours 1/3/6/10/15/21; crayfish most 8, second most 4 (ties score full). \
Your fishing score; with 3-5 players your final score adds your left neighbour's (the next \
seat's) fishing score. Highest wins; ties share the win.
**Our readings:**
- Small side: rows 5-6-7-8-7-6-5, a 2-hex island (8 water spaces touch it); large side: rows \
6-7-8-9-8-7-6, a 3-hex straight island (10). Labels: letter (place in row) + row number.
- With 5 players a game set to the small side is played on the large side (the rulebook's rule).
- Option `{sets}`: `{random}` or a list of 2 (small) / 4 (large) of: {set_names}.
- {first} starts. The boat returns to the island as a stuck player's turn starts.
- A Skipjack may be taken from next door too; from the island a line may start at any island \
hex but never crosses the island or a tile.
- A Dinker chain never re-enters a space already visited this turn; with no further move the \
Dinker is taken.
- Swap 2 Fish trades common fish or crayfish, whatever their kinds: like for like (crayfish \
for crayfish) is allowed and changes nothing, so you may in effect keep your fish. Slide a \
Tile never passes through or stops on the boat's space. An action with no legal use is discarded.
- Crayfish: a player with none scores none; after a tie for most, the next count is second.
- Lunkers: only the holder of the last Lunker caught scores 5, once.""",
    game="Friendly Fishing",
    sets="sets",
    random="random",
    set_names=SET_NAMES,
    first="Seat 1",
)

MOVE_HELP = T(
    "`{boat}` move the boat (letter = place in row, number = row) · `{take}`/`{leave}` a Dinker · "
    "`{swap}` · `{slide}` · `{remove}` · `{double}` · "
    "`{trade}` (your red for {seat}'s crayfish)",
    boat="c3",
    take="take",
    leave="leave",
    swap="swap c3 f6",
    slide="slide c3 f6",
    remove="remove c3",
    double="double red",
    trade="trade red for crayfish seat 2",
    seat="seat 2",
)
NOTATION = Notation(
    game="Friendly Fishing",
    help=MOVE_HELP,
    verbs={
        MoveBoat: ("go", "move", "to"),
        SwapSpaces: ("swap",),
        RemovePiece: ("remove",),
        Trade: ("trade", "swap"),
        Double: ("double",),
    },
    tradable=BASIC,
    doublable=COLOURS,
)


@dataclass(frozen=True)
class FishingView:
    """Everything the picture shows; Friendly Fishing has no secrets."""

    players: int
    side: str
    sets: tuple[str, ...]
    rows: tuple[tuple[int, int, int], ...]
    labels: tuple[str, ...]
    island: tuple[int, ...]
    tiles: tuple[Tile | None, ...]
    boat: int | None
    turn: int | None  # None once over
    phase: Phase
    targets: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    fishing: tuple[int, ...]  # fishing score so far
    totals: tuple[int, ...]  # final score so far
    doubled: Tile | None
    kingfish_needed: int
    last_hexes: tuple[int, ...]
    last_seat: int | None
    pending: str
    note: str
    winners: tuple[int, ...]


class FriendlyFishing(OneBoatGame[FishingState, FishingMove, FishingView]):
    spec = GameSpec(
        key="fishing",
        name="Friendly Fishing",
        min_players=2,
        max_players=5,
        rules_text=RULES_TEXT,
        move_help=MOVE_HELP,
        options=(
            OptionSpec(
                "side",
                T(
                    "Board side: small island (42 tiles, 2 special sets, shorter) or large island "
                    "(48 tiles, 4 sets); 5 players always play the large side"
                ),
                ("small", "large"),
                "small",
            ),
            OptionSpec(
                "sets",
                T(
                    "Special fish sets: `{random}`, or a comma list of 2 (small) / 4 (large) of: "
                    "{names}",
                    random="random",
                    names=SET_NAMES,
                ),
                (),
                "random",
            ),
        ),
    )
    state_type = FishingState
    move_phases: ClassVar[dict[type, tuple[Enum, ...]]] = {
        MoveBoat: (Phase.MOVE,),
        TakeDinker: (Phase.DINKER,),
        LeaveDinker: (Phase.DINKER,),
        SwapSpaces: (Phase.SWAP_TILES,),
        Slide: (Phase.SLIDE,),
        RemovePiece: (Phase.REMOVE,),
        Trade: (Phase.SWAP_FISH,),
        Double: (Phase.DOUBLE,),
    }

    # -- options and setup --------------------------------------------------------------------
    def check_options(self, players: int, options: Mapping[str, str]) -> None:
        check_options(players, options)

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> FishingState:
        check_options(players, options)
        side = played_side(players, options)
        data = SIDES[side]
        chosen = chosen_sets(options.get("sets", "random"))
        if chosen is None:
            chosen = rng.shuffled(tuple(SPECIAL_SETS), seed, "sets")[: data.special_sets]
        sets = tuple(name for name in SPECIAL_SETS if name in chosen)
        deck = [tile for tile, count in BASIC_MIX for _ in range(count)]
        deck += [SPECIAL_SETS[name] for name in sets for _ in range(SET_SIZE)]
        dealt = iter(rng.shuffled(deck, seed, "tiles"))
        island = data.island
        tiles = tuple(None if i in island else next(dealt) for i in range(data.board.size))
        state = FishingState(
            players=players,
            seed=seed,
            side=side,
            sets=sets,
            tiles=tiles,
            boat=None,
            turn=0,
            phase=Phase.MOVE,
            visited=(),
            piles=tuple((0,) * len(KINDS) for _ in range(players)),
            doubled=None,
            kingfish_winner=None,
            last_hexes=(),
            last_seat=None,
            note="",
        )
        return _start_turn(state, 0)

    def legal_moves(self, state: FishingState, seat: int) -> Sequence[FishingMove]:
        phase = state.phase
        if phase is Phase.OVER or seat != state.turn:
            return []
        if phase is Phase.MOVE:
            return boat_moves(_targets(state))
        if phase is Phase.DINKER:
            moves: list[FishingMove] = [TakeDinker()]
            if _targets(state):
                moves.append(LeaveDinker())
            return moves
        if phase is Phase.SWAP_TILES:
            return list(swap_pairs(state.tiles))
        if phase is Phase.REMOVE:
            return [RemovePiece(i) for i in occupied(state.tiles)]
        if phase is Phase.DOUBLE:
            return [Double(c) for c in COLOURS]
        if phase is Phase.SLIDE:
            reach = slide_map(state.side, state.tiles, state.boat)
            return [Slide(start, end) for start, ends in reach.items() for end in ends]
        return [
            Trade(KINDS[g], o, KINDS[t]) for g, o, t in trade_options(state.piles, seat, TRADABLE)
        ]

    def playout_move(self, state: FishingState, seat: int, draw: random.Random) -> FishingMove:
        # The uniform pick of the default, without listing Swap 2 Tiles' hundreds of swaps.
        if state.phase is Phase.SWAP_TILES and seat == state.turn:
            return random_swap(state.tiles, draw)
        return super().playout_move(state, seat, draw)

    def fast_playout(
        self,
        state: FishingState,
        draw: random.Random,
        trace: list[tuple[int, FishingMove]] | None = None,
        draw_single_seat: bool = True,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A random playout from ``state`` to the end on the compact simulator (``fast.py``):
        the same moves and draws as ``to_act``/``playout_move``/``play`` step by step, and the
        final (totals by seat, winners) of ``outcome``. See ``fast.playout``."""
        return fast.playout(state, draw, trace, draw_single_seat)

    def greedy_playout(
        self, state: FishingState, draw: random.Random, greed: float
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``fast_playout`` with goal-directed boat moves (``fast.playout``'s ``greed``): the
        search's model of opponents who take the good fish in front of them."""
        return fast.playout(state, draw, None, False, greed)

    # -- playing -------------------------------------------------------------------------------
    def play(self, state: FishingState, seat: int, move: FishingMove) -> FishingState:
        # Each move is the last seat's and clears the note; those changes join the move's own
        # in one copy of the state (a hot path in playouts).
        if isinstance(move, MoveBoat):
            start = state.boat
            origin = start if start is not None else island_exit(state.side, move.to)
            state = evolve(
                state,
                last_seat=seat,
                note="",
                boat=move.to,
                visited=(*state.visited, move.to),
                last_hexes=(origin, move.to),
            )
            if state.tiles[move.to] is Tile.DINKER:
                if _targets(state):
                    return evolve(state, phase=Phase.DINKER)
                state = _collect(state, seat, move.to)
                kept = T("No further move from there: the Dinker is kept.")
                return evolve(state, note=joined((kept, state.note), " ") if state.note else kept)
            return _collect(state, seat, move.to)
        if isinstance(move, TakeDinker):
            assert state.boat is not None
            return _collect(evolve(state, last_seat=seat, note=""), seat, state.boat)
        if isinstance(move, LeaveDinker):
            return evolve(state, last_seat=seat, note="", phase=Phase.MOVE)
        if isinstance(move, Slide):
            tiles = replaced(state.tiles, move.end, state.tiles[move.start])
            tiles = replaced(tiles, move.start, None)
            changes: dict[str, object] = {"tiles": tiles, "last_hexes": (move.start, move.end)}
        elif isinstance(move, Double):
            changes = {"doubled": move.colour}
        else:
            tiles, piles, marked = edited(state.tiles, state.piles, seat, move, KIND_INDEX)
            changes = {"tiles": tiles, "piles": piles, "last_hexes": marked}
        return _start_turn(state, (seat + 1) % state.players, last_seat=seat, note="", **changes)

    # -- what players see -----------------------------------------------------------------------
    def view(self, state: FishingState, viewer: int | None) -> FishingView:
        over = state.phase is Phase.OVER
        fishing = fishing_scores(state.piles, state.doubled)
        outcome = self.outcome(state)
        data = SIDES[state.side]
        return FishingView(
            players=state.players,
            side=state.side,
            sets=state.sets,
            rows=data.rows,
            labels=data.board.labels,
            island=data.island,
            tiles=state.tiles,
            boat=state.boat,
            turn=None if over else state.turn,
            phase=state.phase,
            targets=_targets(state) if state.phase is Phase.MOVE else (),
            piles=state.piles,
            fishing=fishing,
            totals=fishing if state.players == 2 else with_left_neighbour(fishing),
            doubled=state.doubled,
            kingfish_needed=KINGFISH_TO_WIN[state.players],
            last_hexes=state.last_hexes,
            last_seat=state.last_seat,
            pending=self.pending(state),
            note=state.note,
            winners=outcome.winners if outcome else (),
        )

    def outcome(self, state: FishingState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        scores = final_scores(state.piles, state.doubled)
        if state.kingfish_winner is not None:
            who = state.kingfish_winner
            need = KINGFISH_TO_WIN[state.players]
            reason = T(
                "{seat} caught {count} Kingfish and wins at once.",
                seat=seat_label(who),
                count=need,
            )
            return Outcome(scores, (who,), reason, (T("A Kingfish win is not shared."),))
        reason = T("The boat has no move, even from the central island.")
        return Outcome(scores, best_seats(scores), reason)

    def pending(self, state: FishingState) -> Text:
        who = seat_label(state.turn)
        phase = state.phase
        if phase is Phase.OVER:
            return T("nothing: the game is over")
        if phase is Phase.MOVE:
            reach = _targets(state)
            if not reach:  # play never leaves a turn without a move; no state may crash a text
                return T("{seat}: no legal move", seat=who)
            example = _label(state, reach[0])
            if state.visited:
                return T(
                    "{seat}: move the boat again onto a tile (e.g. `{move}`)",
                    seat=who,
                    move=example,
                )
            return T("{seat}: move the boat onto a tile (e.g. `{move}`)", seat=who, move=example)
        if phase is Phase.DINKER:
            return T(
                "{seat}: `{take}` the Dinker, or `{leave}` it and move again",
                seat=who,
                take="take",
                leave="leave",
            )
        # Each action's example is its first legal move, so typing it as shown works.
        legal = self.legal_moves(state, state.turn)
        if not legal:
            return T("{seat}: no legal move", seat=who)
        example = self.format(state, legal[0])
        if phase is Phase.SWAP_FISH:
            return T(
                "{seat}: use Swap 2 Fish - give one of your basic fish for another player's "
                "(e.g. `{move}`)",
                seat=who,
                move=example,
            )
        if phase is Phase.SWAP_TILES:
            return T(
                "{seat}: use Swap 2 Tiles - swap two board tiles (e.g. `{move}`)",
                seat=who,
                move=example,
            )
        if phase is Phase.SLIDE:
            return T(
                "{seat}: use Slide a Tile - slide a tile through open water to an empty space "
                "(e.g. `{move}`)",
                seat=who,
                move=example,
            )
        if phase is Phase.REMOVE:
            return T(
                "{seat}: use Remove a Tile - return a board tile to the box (e.g. `{move}`)",
                seat=who,
                move=example,
            )
        return T(
            "{seat}: use Double Points - choose the colour that scores double (e.g. `{move}`)",
            seat=who,
            move=example,
        )

    # -- notation -------------------------------------------------------------------------------
    def parse(self, state: FishingState, text: str) -> FishingMove:
        shared = NOTATION.parse(SIDES[state.side].board, state.players, text)
        if shared is not None:
            return shared
        grid = SIDES[state.side].board
        head, *rest = words(text)
        rest = [w for w in rest if w not in ("to", "it", "the", "dinker")]
        if head in ("take", "keep") and not rest:
            return TakeDinker()
        if head in ("leave", "release", "throw") and len(rest) <= 1:
            return LeaveDinker()
        if head == "slide" and len(rest) == 2:
            return Slide(*(hex_of(grid, w, text, MOVE_HELP) for w in rest))
        raise NOTATION.unreadable(text)

    def format(self, state: FishingState, move: FishingMove) -> str:
        if isinstance(move, TakeDinker):
            return "take"
        if isinstance(move, LeaveDinker):
            return "leave"
        if isinstance(move, Slide):
            return f"slide {_label(state, move.start)} {_label(state, move.end)}"
        return NOTATION.format(SIDES[state.side].board, move)

    def button_label(self, state: FishingState, move: FishingMove) -> str:
        """A boat move's button says what it lands on ("d3: Red", "e4: Kingfish"); the Dinker
        choice says what it does."""
        if isinstance(move, TakeDinker):
            return T("{move}: keep the Dinker", move="take")
        if isinstance(move, LeaveDinker):
            return T("{move}: move on from the Dinker", move="leave")
        text = self.format(state, move)
        tile = state.tiles[move.to] if isinstance(move, MoveBoat) else None
        return T("{move}: {tile}", move=text, tile=tile.word) if tile is not None else text

    def describe(
        self, before: FishingState, seat: int, move: FishingMove, after: FishingState
    ) -> Text:
        text = _move_text(before, seat_label(seat), move, after)
        return joined((text, after.note), " ") if after.note else text

    # -- explanations ---------------------------------------------------------------------------
    def illegal_reason(self, state: FishingState, seat: int, move: FishingMove) -> str:
        if isinstance(move, MoveBoat):
            return boat_reason(state.side, state.tiles, state.boat, state.visited, move.to)
        if isinstance(move, LeaveDinker):
            if not _targets(state):
                return T("There is no further move from this Dinker, so it must be taken.")
            return ""
        if isinstance(move, SwapSpaces | RemovePiece):
            return pieces_reason(SIDES[state.side].board, state.tiles, move, T("tile"))
        if isinstance(move, Slide):
            return slide_reason(state.side, state.tiles, state.boat, move.start, move.end)
        if isinstance(move, Trade):
            action = Text(ACTION_NAMES[Tile.SWAP_FISH])
            return trade_reason(state.piles, seat, move, KIND_INDEX, BASIC, action)
        if isinstance(move, Double) and move.colour not in COLOURS:
            return T("Double Points goes on red, blue, yellow or green.")
        return ""

    def reveals(
        self, before: FishingState, seat: int, move: FishingMove, after: FishingState
    ) -> bool:
        # The tiles are laid out at random but face up (the rulebook's Arden "sees a Skipjack a
        # few open spaces away") and nothing is drawn later, so no move reveals anything.
        return False


# -- private helpers -------------------------------------------------------------------------
def _targets(state: FishingState) -> tuple[int, ...]:
    return targets(state.side, state.tiles, state.boat, state.visited)


def _start_turn(state: FishingState, seat: int, **changes: object) -> FishingState:
    """Hand the boat to ``seat``: a stuck boat returns to the island; stuck there, it is over.

    ``changes`` are the ending turn's own, made in the same copy of the state."""
    state = evolve(state, turn=seat, phase=Phase.MOVE, visited=(), **changes)
    if targets(state.side, state.tiles, state.boat):
        return state
    notes = [state.note] if state.note else []
    if state.boat is not None:
        notes.append(
            T(
                "No tile is in the boat's reach for {seat}: it returns to the central island.",
                seat=seat_label(seat),
            )
        )
        state = evolve(state, boat=None)
        if targets(state.side, state.tiles, None):
            return evolve(state, note=joined(notes, " "))
    notes.append(T("No tile can be reached even from the central island: the game is over."))
    return evolve(state, phase=Phase.OVER, note=joined(notes, " "))


def _collect(state: FishingState, seat: int, at: int) -> FishingState:
    """``seat`` takes the tile at ``at``; its effect follows, then (usually) the next turn."""
    tile = state.tiles[at]
    assert tile is not None
    piles = pile_add(state.piles, seat, KIND_INDEX[tile])
    notes: list[Text] = []
    if tile is Tile.LUNKER:
        lunker = KIND_INDEX[Tile.LUNKER]
        for other in range(state.players):
            if other != seat and piles[other][lunker]:
                notes.append(T("{seat} discards their Lunker.", seat=seat_label(other)))
                piles = pile_add(piles, other, lunker, -piles[other][lunker])
    tiles = replaced(state.tiles, at, None)
    note = joined(notes, " ") if notes else ""
    if tile not in ACTION_PHASE and not (
        tile is Tile.KINGFISH
        and piles[seat][KIND_INDEX[Tile.KINGFISH]] >= KINGFISH_TO_WIN[state.players]
    ):  # the common case: a fish, then the next turn, in one copy of the state
        return _start_turn(state, (seat + 1) % state.players, tiles=tiles, piles=piles, note=note)
    state = evolve(state, tiles=tiles, piles=piles, note=note)
    if tile is Tile.KINGFISH:  # (its count reached the win: see above)
        won = T(
            "{seat} has {count} Kingfish and wins at once!",
            seat=seat_label(seat),
            count=KINGFISH_TO_WIN[state.players],
        )
        return evolve(state, phase=Phase.OVER, kingfish_winner=seat, note=won)
    acting = evolve(state, phase=ACTION_PHASE[tile])
    if _has_use(acting, seat):
        return acting
    state = evolve(state, note=_discarded(tile))
    return _start_turn(state, (seat + 1) % state.players)


def _discarded(tile: Tile) -> Text:
    """Why an action tile just collected is discarded (Double Points always has a use)."""
    if tile is Tile.SWAP_FISH:
        return T(
            "Swap 2 Fish is discarded with no effect: no trade of basic fish with another "
            "player exists."
        )
    if tile is Tile.SWAP_TILES:
        return T(
            "Swap 2 Tiles is discarded with no effect: fewer than two tiles are left on the board."
        )
    if tile is Tile.SLIDE:
        return T("Slide a Tile is discarded with no effect: no tile can slide anywhere.")
    if tile is Tile.REMOVE:
        return T("Remove a Tile is discarded with no effect: no tile is left on the board.")
    return T("{action} is discarded with no effect.", action=Text(ACTION_NAMES[tile]))


def _has_use(state: FishingState, seat: int) -> bool:
    """Whether the action tile just collected has a legal use (cheaper than listing them)."""
    phase = state.phase
    if phase is Phase.SWAP_TILES:
        return len(occupied(state.tiles)) >= 2
    if phase is Phase.REMOVE:
        return any(t is not None for t in state.tiles)
    if phase is Phase.SLIDE:
        return bool(slide_map(state.side, state.tiles, state.boat))
    if phase is Phase.SWAP_FISH:
        return bool(trade_options(state.piles, seat, TRADABLE))
    return True


def _next_to(state: FishingState, to: int) -> bool:
    """Whether ``to`` is next to the boat (or to the island): else the move was a Skipjack line."""
    data = SIDES[state.side]
    sources = data.island if state.boat is None else (state.boat,)
    return any(to in data.board.neighbours[source] for source in sources)


def _label(state: FishingState, index: int) -> str:
    return SIDES[state.side].board.label(index)


def _move_text(before: FishingState, who: str, move: FishingMove, after: FishingState) -> Text:
    """The move in words, before any note of what followed on its own."""
    if isinstance(move, MoveBoat):
        return _boat_text(before, who, move.to, after)
    if isinstance(move, TakeDinker):
        return T("{seat} kept the Dinker.", seat=who)
    if isinstance(move, LeaveDinker):
        return T("{seat} left the Dinker in place to move again.", seat=who)
    if isinstance(move, SwapSpaces):
        return T(
            "{seat} used Swap 2 Tiles: {a} ({a_tile}) and {b} ({b_tile}) changed places.",
            seat=who,
            a=_label(before, move.a),
            a_tile=kind_name(before.tiles[move.a]),
            b=_label(before, move.b),
            b_tile=kind_name(before.tiles[move.b]),
        )
    if isinstance(move, Slide):
        return T(
            "{seat} used Slide a Tile: the {tile} slid from {start} to {end}.",
            seat=who,
            tile=kind_name(before.tiles[move.start]),
            start=_label(before, move.start),
            end=_label(before, move.end),
        )
    if isinstance(move, RemovePiece):
        return T(
            "{seat} used Remove a Tile: the {tile} on {space} went back to the box.",
            seat=who,
            tile=kind_name(before.tiles[move.at]),
            space=_label(before, move.at),
        )
    if isinstance(move, Trade) and move.give == move.take:
        return T(
            "{seat} used Swap 2 Fish: swapped {give} for {other}'s {take}, like for like: "
            "nothing changes.",
            seat=who,
            give=a_kind(move.give),
            other=seat_label(move.other),
            take=kind_name(move.take),
        )
    if isinstance(move, Trade):
        return T(
            "{seat} used Swap 2 Fish: gave {give} to {other} and took their {take}.",
            seat=who,
            give=a_kind(move.give),
            other=seat_label(move.other),
            take=kind_name(move.take),
        )
    return T(
        "{seat} used Double Points: {colour} fish score double.",
        seat=who,
        colour=colour_word(move.colour.value),
    )


def _boat_text(before: FishingState, who: str, to: int, after: FishingState) -> Text:
    """The boat's move in words: where it went, how, and what it found there."""
    tile = before.tiles[to]
    assert tile is not None
    space = _label(before, to)
    line = not _next_to(before, to)  # along a straight line of open water (a Skipjack)
    if after.phase is Phase.DINKER:
        if line:
            return T(
                "{seat} moved the boat to {space} along a straight line of open water, onto a "
                "Dinker: take it or leave it and move again.",
                seat=who,
                space=space,
            )
        return T(
            "{seat} moved the boat to {space}, onto a Dinker: take it or leave it and move again.",
            seat=who,
            space=space,
        )
    if tile in ACTION_NAMES:
        action = Text(ACTION_NAMES[tile])
        if line:
            return T(
                "{seat} moved the boat to {space} along a straight line of open water and "
                "collected the action tile {action}.",
                seat=who,
                space=space,
                action=action,
            )
        return T(
            "{seat} moved the boat to {space} and collected the action tile {action}.",
            seat=who,
            space=space,
            action=action,
        )
    if line:
        return T(
            "{seat} moved the boat to {space} along a straight line of open water and caught "
            "{fish}.",
            seat=who,
            space=space,
            fish=a_kind(tile),
        )
    return T(
        "{seat} moved the boat to {space} and caught {fish}.",
        seat=who,
        space=space,
        fish=a_kind(tile),
    )
