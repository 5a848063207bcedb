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
    edited,
    evolve,
    hex_of,
    kind_name,
    occupied,
    pieces_reason,
    pile_add,
    random_swap,
    replaced,
    swap_pairs,
    trade_options,
    trade_reason,
    with_left_neighbour,
    words,
)

RULES_TEXT = f"""\
**Friendly Fishing** (2-5 players): share one boat, catch the best fish.
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
- Option `sets`: `random` or a list of 2 (small) / 4 (large) of: {SET_NAMES}.
- Seat 1 starts. The boat returns to the island as a stuck player's turn starts.
- A Skipjack may be taken from next door too; from the island a line may start at any island \
hex but never crosses the island or a tile.
- A Dinker chain never re-enters a space already visited this turn; with no further move the \
Dinker is taken.
- Swap 2 Fish trades common fish or crayfish, whatever their kinds: like for like (crayfish \
for crayfish) is allowed and changes nothing, so you may in effect keep your fish. Slide a \
Tile never passes through or stops on the boat's space. An action with no legal use is discarded.
- Crayfish: a player with none scores none; after a tie for most, the next count is second.
- Lunkers: only the holder of the last Lunker caught scores 5, once."""

MOVE_HELP = (
    "`c3` move the boat (letter = place in row, number = row) · `take`/`leave` a Dinker · "
    "`swap c3 f6` · `slide c3 f6` · `remove c3` · `double red` · "
    "`trade red for crayfish seat 2` (your red for seat 2's crayfish)"
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
                "Board side: small island (42 tiles, 2 special sets, shorter) or large island "
                "(48 tiles, 4 sets); 5 players always play the large side",
                ("small", "large"),
                "small",
            ),
            OptionSpec(
                "sets",
                f"Special fish sets: `random`, or a comma list of 2 (small) / 4 (large) of: "
                f"{SET_NAMES}",
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
                return evolve(
                    state,
                    note=f"No further move from there: the Dinker is kept. {state.note}".strip(),
                )
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
            reason = f"Seat {who + 1} caught {need} Kingfish and wins at once."
            return Outcome(scores, (who,), reason, ("A Kingfish win is not shared.",))
        reason = "The boat has no move, even from the central island."
        return Outcome(scores, best_seats(scores), reason)

    def pending(self, state: FishingState) -> str:
        who = f"Seat {state.turn + 1}"
        phase = state.phase
        if phase is Phase.OVER:
            return "nothing: the game is over"
        if phase is Phase.MOVE:
            reach = _targets(state)
            if not reach:  # play never leaves a turn without a move; no state may crash a text
                return f"{who}: no legal move"
            again = " again" if state.visited else ""
            return f"{who}: move the boat{again} onto a tile (e.g. `{_label(state, reach[0])}`)"
        if phase is Phase.DINKER:
            return f"{who}: `take` the Dinker, or `leave` it and move again"
        # Each action's example is its first legal move, so typing it as shown works.
        legal = self.legal_moves(state, state.turn)
        if not legal:
            return f"{who}: no legal move"
        example = self.format(state, legal[0])
        if phase is Phase.SWAP_FISH:
            return (
                f"{who}: use Swap 2 Fish - give one of your basic fish for another player's "
                f"(e.g. `{example}`)"
            )
        if phase is Phase.SWAP_TILES:
            return f"{who}: use Swap 2 Tiles - swap two board tiles (e.g. `{example}`)"
        if phase is Phase.SLIDE:
            return (
                f"{who}: use Slide a Tile - slide a tile through open water to an empty space "
                f"(e.g. `{example}`)"
            )
        if phase is Phase.REMOVE:
            return f"{who}: use Remove a Tile - return a board tile to the box (e.g. `{example}`)"
        return f"{who}: use Double Points - choose the colour that scores double (e.g. `{example}`)"

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
            return "take: keep the Dinker"
        if isinstance(move, LeaveDinker):
            return "leave: move on from the Dinker"
        text = self.format(state, move)
        tile = state.tiles[move.to] if isinstance(move, MoveBoat) else None
        return f"{text}: {tile.value.capitalize()}" if tile is not None else text

    def describe(
        self, before: FishingState, seat: int, move: FishingMove, after: FishingState
    ) -> str:
        who = f"Seat {seat + 1}"
        if isinstance(move, MoveBoat):
            tile = before.tiles[move.to]
            assert tile is not None
            where = f"{who} moved the boat to {_label(before, move.to)}"
            if not _next_to(before, move.to):
                where += " along a straight line of open water"
            if after.phase is Phase.DINKER:
                text = f"{where}, onto a Dinker: take it or leave it and move again."
            elif tile in ACTION_NAMES:
                text = f"{where} and collected the action tile {ACTION_NAMES[tile]}."
            else:
                text = f"{where} and caught {a_kind(tile)}."
        elif isinstance(move, TakeDinker):
            text = f"{who} kept the Dinker."
        elif isinstance(move, LeaveDinker):
            text = f"{who} left the Dinker in place to move again."
        elif isinstance(move, SwapSpaces):
            a, b = (f"{_label(before, i)} ({kind_name(before.tiles[i])})" for i in (move.a, move.b))
            text = f"{who} used Swap 2 Tiles: {a} and {b} changed places."
        elif isinstance(move, Slide):
            text = (
                f"{who} used Slide a Tile: the {kind_name(before.tiles[move.start])} slid from "
                f"{_label(before, move.start)} to {_label(before, move.end)}."
            )
        elif isinstance(move, RemovePiece):
            text = (
                f"{who} used Remove a Tile: the {kind_name(before.tiles[move.at])} on "
                f"{_label(before, move.at)} went back to the box."
            )
        elif isinstance(move, Trade) and move.give == move.take:
            text = (
                f"{who} used Swap 2 Fish: swapped {a_kind(move.give)} for Seat {move.other + 1}'s "
                f"{kind_name(move.take)}, like for like: nothing changes."
            )
        elif isinstance(move, Trade):
            text = (
                f"{who} used Swap 2 Fish: gave {a_kind(move.give)} to Seat {move.other + 1} "
                f"and took their {kind_name(move.take)}."
            )
        else:
            text = f"{who} used Double Points: {move.colour.value.title()} fish score double."
        return f"{text} {after.note}".strip()

    # -- explanations ---------------------------------------------------------------------------
    def illegal_reason(self, state: FishingState, seat: int, move: FishingMove) -> str:
        if isinstance(move, MoveBoat):
            return boat_reason(state.side, state.tiles, state.boat, state.visited, move.to)
        if isinstance(move, LeaveDinker):
            if not _targets(state):
                return "There is no further move from this Dinker, so it must be taken."
            return ""
        if isinstance(move, SwapSpaces | RemovePiece):
            return pieces_reason(SIDES[state.side].board, state.tiles, move, "tile")
        if isinstance(move, Slide):
            return slide_reason(state.side, state.tiles, state.boat, move.start, move.end)
        if isinstance(move, Trade):
            return trade_reason(state.piles, seat, move, KIND_INDEX, BASIC, "Swap 2 Fish")
        if isinstance(move, Double) and move.colour not in COLOURS:
            return "Double Points goes on red, blue, yellow or green."
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
            f"No tile is in the boat's reach for Seat {seat + 1}: it returns to the central island."
        )
        state = evolve(state, boat=None)
        if targets(state.side, state.tiles, None):
            return evolve(state, note=" ".join(notes))
    notes.append("No tile can be reached even from the central island: the game is over.")
    return evolve(state, phase=Phase.OVER, note=" ".join(notes))


def _collect(state: FishingState, seat: int, at: int) -> FishingState:
    """``seat`` takes the tile at ``at``; its effect follows, then (usually) the next turn."""
    tile = state.tiles[at]
    assert tile is not None
    piles = pile_add(state.piles, seat, KIND_INDEX[tile])
    notes: list[str] = []
    if tile is Tile.LUNKER:
        lunker = KIND_INDEX[Tile.LUNKER]
        for other in range(state.players):
            if other != seat and piles[other][lunker]:
                notes.append(f"Seat {other + 1} discards their Lunker.")
                piles = pile_add(piles, other, lunker, -piles[other][lunker])
    tiles = replaced(state.tiles, at, None)
    if tile not in ACTION_PHASE and not (
        tile is Tile.KINGFISH
        and piles[seat][KIND_INDEX[Tile.KINGFISH]] >= KINGFISH_TO_WIN[state.players]
    ):  # the common case: a fish, then the next turn, in one copy of the state
        return _start_turn(
            state, (seat + 1) % state.players, tiles=tiles, piles=piles, note=" ".join(notes)
        )
    state = evolve(state, tiles=tiles, piles=piles, note=" ".join(notes))
    if tile is Tile.KINGFISH:  # (its count reached the win: see above)
        note = f"Seat {seat + 1} has {KINGFISH_TO_WIN[state.players]} Kingfish and wins at once!"
        return evolve(state, phase=Phase.OVER, kingfish_winner=seat, note=note)
    acting = evolve(state, phase=ACTION_PHASE[tile])
    if _has_use(acting, seat):
        return acting
    why = {
        Tile.SWAP_FISH: "no trade of basic fish with another player exists",
        Tile.SWAP_TILES: "fewer than two tiles are left on the board",
        Tile.SLIDE: "no tile can slide anywhere",
        Tile.REMOVE: "no tile is left on the board",
        Tile.DOUBLE: "",
    }[tile]
    state = evolve(state, note=f"{ACTION_NAMES[tile]} is discarded with no effect: {why}.")
    return _start_turn(state, (seat + 1) % state.players)


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
