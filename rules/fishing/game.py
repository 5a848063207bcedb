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

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from rules import rng
from rules.base import Game, GameSpec, OptionSpec, Outcome
from rules.errors import IllegalMove, InvalidMove
from rules.fishing.data import (
    BASIC,
    BASIC_MIX,
    COLOURS,
    KIND_INDEX,
    KINDS,
    KINGFISH_TO_WIN,
    LARGE_ONLY_PLAYERS,
    SET_SIZE,
    SIDES,
    SPECIAL_SETS,
    Tile,
)
from rules.fishing.moves import is_straight_skipjack_line, slide_map, targets
from rules.fishing.scoring import final_scores, fishing_scores, shared_winners
from rules.fishing_common import (
    MoveBoat,
    RemovePiece,
    SwapSpaces,
    evolve,
    hex_of,
    occupied,
    pile_add,
    pile_trade,
    replaced,
    seat_of,
    swap_pairs,
    swapped,
    trade_options,
    with_left_neighbour,
    words,
)

SET_NAMES = ", ".join(SPECIAL_SETS)
TRADABLE: tuple[int, ...] = tuple(KIND_INDEX[t] for t in BASIC)

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
- Swap 2 Fish trades common fish or crayfish, of different kinds. Slide a Tile never passes \
through or stops on the boat's space. An action with no legal use is discarded.
- Crayfish: a player with none scores none; after a tie for most, the next count is second.
- Lunkers: only the holder of the last Lunker caught scores 5, once."""

MOVE_HELP = (
    "`c3` move the boat (letter = place in row, number = row) · `take`/`leave` a Dinker · "
    "`swap c3 f6` · `slide c3 f6` · `remove c3` · `double red` · "
    "`trade red for crayfish seat 2` (your red for seat 2's crayfish)"
)


class Phase(Enum):
    MOVE = "move"
    DINKER = "dinker"  # take the Dinker under the boat or leave it and move on
    SWAP_FISH = "swap fish"
    SWAP_TILES = "swap tiles"
    SLIDE = "slide"
    REMOVE = "remove"
    DOUBLE = "double"
    OVER = "over"


ACTION_PHASE: dict[Tile, Phase] = {
    Tile.SWAP_FISH: Phase.SWAP_FISH,
    Tile.SWAP_TILES: Phase.SWAP_TILES,
    Tile.SLIDE: Phase.SLIDE,
    Tile.REMOVE: Phase.REMOVE,
    Tile.DOUBLE: Phase.DOUBLE,
}
ACTION_NAMES: dict[Tile, str] = {
    Tile.SWAP_FISH: "Swap 2 Fish",
    Tile.SWAP_TILES: "Swap 2 Tiles",
    Tile.SLIDE: "Slide a Tile",
    Tile.REMOVE: "Remove a Tile",
    Tile.DOUBLE: "Double Points",
}


# -- moves beyond the shared MoveBoat / SwapSpaces / RemovePiece -------------------------------
@dataclass(frozen=True)
class TakeDinker:
    """Keep the Dinker the boat landed on (the turn ends)."""


@dataclass(frozen=True)
class LeaveDinker:
    """Leave the Dinker in place and move the boat again."""


@dataclass(frozen=True)
class Slide:
    """Slide a Tile: move the tile at ``start`` to the empty water space ``end``."""

    start: int
    end: int


@dataclass(frozen=True)
class Trade:
    """Swap 2 Fish: give one ``give`` to seat ``other`` and take their ``take``."""

    give: Tile
    other: int
    take: Tile


@dataclass(frozen=True)
class Double:
    """Double Points on ``colour``."""

    colour: Tile


FishingMove = (
    MoveBoat | TakeDinker | LeaveDinker | SwapSpaces | Slide | RemovePiece | Trade | Double
)


@dataclass(frozen=True)
class FishingState:
    players: int
    seed: int
    side: str  # "small" or "large": the side actually played
    sets: tuple[str, ...]  # the special sets in play
    tiles: tuple[Tile | None, ...]  # per board hex; the island and emptied spaces hold None
    boat: int | None  # None: on the central island
    turn: int
    phase: Phase
    visited: tuple[int, ...]  # spaces the boat entered this turn (a Dinker chain)
    piles: tuple[tuple[int, ...], ...]  # per seat, a count per kind of tile (data.KINDS)
    doubled: Tile | None  # the colour Double Points doubles
    kingfish_winner: int | None
    last_hexes: tuple[int, ...]
    last_seat: int | None
    note: str  # what happened on its own after the last move


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


class FriendlyFishing(Game[FishingState, FishingMove, FishingView]):
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

    # -- options and setup --------------------------------------------------------------------
    def check_options(self, players: int, options: Mapping[str, str]) -> None:
        side = _side(players, options)
        chosen = _chosen_sets(options.get("sets", "random"))
        need = SIDES[side].special_sets
        if chosen is not None and len(chosen) != need:
            why = " (5 players always play the large side)" if players == LARGE_ONLY_PLAYERS else ""
            raise InvalidMove(
                f"The {side} side{why} uses {need} special sets, but `sets` names {len(chosen)}. "
                f"Give `random` or {need} of: {SET_NAMES}."
            )

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> FishingState:
        self.check_options(players, options)
        side = _side(players, options)
        data = SIDES[side]
        chosen = _chosen_sets(options.get("sets", "random"))
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

    def to_act(self, state: FishingState) -> tuple[int, ...]:
        return () if state.phase is Phase.OVER else (state.turn,)

    def legal_moves(self, state: FishingState, seat: int) -> list[FishingMove]:
        phase = state.phase
        if phase is Phase.OVER or seat != state.turn:
            return []
        if phase is Phase.MOVE:
            return [MoveBoat(t) for t in _targets(state)]
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

    # -- playing -------------------------------------------------------------------------------
    def check(self, state: FishingState, seat: int, move: FishingMove) -> None:
        reason = self._illegal_reason(state, seat, move)
        if reason:
            raise IllegalMove(f"{reason} {self.examples(state, self.legal_moves(state, seat))}")

    def play(self, state: FishingState, seat: int, move: FishingMove) -> FishingState:
        state = evolve(state, last_seat=seat, note="")
        if isinstance(move, MoveBoat):
            start = state.boat
            origin = start if start is not None else _nearest_island(state, move.to)
            state = evolve(
                state,
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
            return _collect(state, seat, state.boat)
        if isinstance(move, LeaveDinker):
            return evolve(state, phase=Phase.MOVE)
        if isinstance(move, SwapSpaces):
            state = evolve(
                state, tiles=swapped(state.tiles, move.a, move.b), last_hexes=(move.a, move.b)
            )
        elif isinstance(move, Slide):
            tiles = replaced(state.tiles, move.end, state.tiles[move.start])
            tiles = replaced(tiles, move.start, None)
            state = evolve(state, tiles=tiles, last_hexes=(move.start, move.end))
        elif isinstance(move, RemovePiece):
            state = evolve(state, tiles=replaced(state.tiles, move.at, None), last_hexes=(move.at,))
        elif isinstance(move, Trade):
            piles = pile_trade(
                state.piles, seat, KIND_INDEX[move.give], move.other, KIND_INDEX[move.take]
            )
            state = evolve(state, piles=piles)
        else:
            state = evolve(state, doubled=move.colour)
        return _start_turn(state, (seat + 1) % state.players)

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
        return Outcome(scores, shared_winners(scores), reason)

    def pending(self, state: FishingState) -> str:
        who = f"Seat {state.turn + 1}"
        phase = state.phase
        if phase is Phase.OVER:
            return "nothing: the game is over"
        if phase is Phase.MOVE:
            example = _label(state, _targets(state)[0])
            again = " again" if state.visited else ""
            return f"{who}: move the boat{again} onto a tile (e.g. `{example}`)"
        if phase is Phase.DINKER:
            return f"{who}: `take` the Dinker, or `leave` it and move again"
        if phase is Phase.SWAP_FISH:
            return f"{who}: use Swap 2 Fish (`trade red for crayfish seat 2`)"
        if phase is Phase.SWAP_TILES:
            return f"{who}: use Swap 2 Tiles - swap two board tiles (`swap c3 f6`)"
        if phase is Phase.SLIDE:
            return f"{who}: use Slide a Tile - slide a tile through open water (`slide c3 f6`)"
        if phase is Phase.REMOVE:
            return f"{who}: use Remove a Tile (`remove c3`)"
        return f"{who}: use Double Points - choose the colour that scores double (`double red`)"

    # -- notation -------------------------------------------------------------------------------
    def parse(self, state: FishingState, text: str) -> FishingMove:
        grid = SIDES[state.side].board
        parts = words(text)
        if not parts:
            raise InvalidMove(f"`{text}` is not a Friendly Fishing move. {MOVE_HELP}")
        head, rest = parts[0], parts[1:]
        if head in ("take", "keep") and not rest:
            return TakeDinker()
        if head in ("leave", "release", "throw") and len(rest) <= 1:
            return LeaveDinker()
        if head in ("go", "move", "to") and len(rest) == 1:
            return MoveBoat(hex_of(grid, rest[0], text, MOVE_HELP))
        if head == "swap" and len(rest) == 2:
            a, b = (hex_of(grid, w, text, MOVE_HELP) for w in rest)
            return SwapSpaces(min(a, b), max(a, b))
        if head == "slide" and len(rest) in (2, 3):
            ends = [w for w in rest if w != "to"]
            if len(ends) == 2:
                return Slide(*(hex_of(grid, w, text, MOVE_HELP) for w in ends))
        if head == "remove" and len(rest) == 1:
            return RemovePiece(hex_of(grid, rest[0], text, MOVE_HELP))
        if head == "double" and len(rest) == 1:
            return Double(_kind(rest[0], COLOURS, text))
        if head in ("trade", "swap"):
            rest = [w for w in rest if w not in ("for", "with", "from", "seat", "my", "their")]
            if len(rest) == 3:
                give, take = (_kind(w, BASIC, text) for w in rest[:2])
                return Trade(give, seat_of(rest[2], state.players, text), take)
        if len(parts) == 1 and re.fullmatch(r"[a-z][0-9]{1,2}", head):
            return MoveBoat(hex_of(grid, head, text, MOVE_HELP))
        raise InvalidMove(f"`{text}` is not a Friendly Fishing move. {MOVE_HELP}")

    def format(self, state: FishingState, move: FishingMove) -> str:
        if isinstance(move, MoveBoat):
            return _label(state, move.to)
        if isinstance(move, TakeDinker):
            return "take"
        if isinstance(move, LeaveDinker):
            return "leave"
        if isinstance(move, SwapSpaces):
            return f"swap {_label(state, move.a)} {_label(state, move.b)}"
        if isinstance(move, Slide):
            return f"slide {_label(state, move.start)} {_label(state, move.end)}"
        if isinstance(move, RemovePiece):
            return f"remove {_label(state, move.at)}"
        if isinstance(move, Trade):
            return f"trade {move.give.value} for {move.take.value} seat {move.other + 1}"
        return f"double {move.colour.value}"

    def describe(
        self, before: FishingState, seat: int, move: FishingMove, after: FishingState
    ) -> str:
        who = f"Seat {seat + 1}"
        if isinstance(move, MoveBoat):
            tile = before.tiles[move.to]
            assert tile is not None
            where = f"{who} moved the boat to {_label(before, move.to)}"
            if after.phase is Phase.DINKER:
                text = f"{where}, onto a Dinker: take it or leave it and move again."
            elif tile in ACTION_NAMES:
                text = f"{where} and collected the action tile {ACTION_NAMES[tile]}."
            else:
                text = f"{where} and caught a {_name(tile)}."
        elif isinstance(move, TakeDinker):
            text = f"{who} kept the Dinker."
        elif isinstance(move, LeaveDinker):
            text = f"{who} left the Dinker in place to move again."
        elif isinstance(move, SwapSpaces):
            a, b = (f"{_label(before, i)} ({_name(before.tiles[i])})" for i in (move.a, move.b))
            text = f"{who} used Swap 2 Tiles: {a} and {b} changed places."
        elif isinstance(move, Slide):
            text = (
                f"{who} used Slide a Tile: the {_name(before.tiles[move.start])} slid from "
                f"{_label(before, move.start)} to {_label(before, move.end)}."
            )
        elif isinstance(move, RemovePiece):
            text = (
                f"{who} used Remove a Tile: the {_name(before.tiles[move.at])} on "
                f"{_label(before, move.at)} went back to the box."
            )
        elif isinstance(move, Trade):
            text = (
                f"{who} used Swap 2 Fish: gave a {_name(move.give)} to Seat {move.other + 1} "
                f"and took their {_name(move.take)}."
            )
        else:
            text = f"{who} used Double Points: {move.colour.value.title()} fish score double."
        return f"{text} {after.note}".strip()

    # -- explanations ---------------------------------------------------------------------------
    def _illegal_reason(self, state: FishingState, seat: int, move: FishingMove) -> str:
        wanted = {
            MoveBoat: Phase.MOVE,
            TakeDinker: Phase.DINKER,
            LeaveDinker: Phase.DINKER,
            SwapSpaces: Phase.SWAP_TILES,
            Slide: Phase.SLIDE,
            RemovePiece: Phase.REMOVE,
            Trade: Phase.SWAP_FISH,
            Double: Phase.DOUBLE,
        }[type(move)]
        if wanted is not state.phase:
            return f"`{self.format(state, move)}` does not fit now: {self.pending(state)}."
        if isinstance(move, MoveBoat):
            return _boat_reason(state, move.to)
        if isinstance(move, LeaveDinker):
            if not _targets(state):
                return "There is no further move from this Dinker, so it must be taken."
            return ""
        if isinstance(move, SwapSpaces | RemovePiece):
            spaces = (move.a, move.b) if isinstance(move, SwapSpaces) else (move.at,)
            if isinstance(move, SwapSpaces) and move.a == move.b:
                return "Swap 2 Tiles needs two different spaces."
            for i in spaces:
                if state.tiles[i] is None:
                    return f"{_label(state, i)} holds no tile."
            return ""
        if isinstance(move, Slide):
            if state.tiles[move.start] is None:
                return f"{_label(state, move.start)} holds no tile to slide."
            end = _label(state, move.end)
            if move.end in SIDES[state.side].island:
                return f"{end} is part of the central island: a tile slides to open water."
            if move.end == state.boat:
                return f"{end} is the boat's space: a tile may not pass through or stop there."
            if state.tiles[move.end] is not None:
                return f"{end} holds a tile: a tile slides to an empty water space."
            reach = slide_map(state.side, state.tiles, state.boat).get(move.start, ())
            if move.end not in reach:
                return (
                    f"{end} cannot be reached from {_label(state, move.start)} through connected "
                    "open water (tiles, the island and the boat block the way)."
                )
            return ""
        if isinstance(move, Trade):
            if move.give not in BASIC or move.take not in BASIC:
                return "Swap 2 Fish trades basic fish only: red, blue, yellow, green or crayfish."
            if move.other == seat:
                return "Swap 2 Fish trades with another player, not yourself."
            if move.give == move.take:
                return "Trading a fish for one of the same kind changes nothing; pick two kinds."
            if state.piles[seat][KIND_INDEX[move.give]] == 0:
                return f"You have no {_name(move.give)} to give."
            if state.piles[move.other][KIND_INDEX[move.take]] == 0:
                return f"Seat {move.other + 1} has no {_name(move.take)}."
            return ""
        if isinstance(move, Double) and move.colour not in COLOURS:
            return "Double Points goes on red, blue, yellow or green."
        return ""


# -- private helpers -------------------------------------------------------------------------
def _targets(state: FishingState) -> tuple[int, ...]:
    return targets(state.side, state.tiles, state.boat, state.visited)


def _start_turn(state: FishingState, seat: int) -> FishingState:
    """Hand the boat to ``seat``: a stuck boat returns to the island; stuck there, it is over."""
    state = evolve(state, turn=seat, phase=Phase.MOVE, visited=())
    if targets(state.side, state.tiles, state.boat):
        return state
    notes = [state.note] if state.note else []
    if state.boat is not None:
        notes.append(f"Seat {seat + 1}'s boat has no move: it returns to the central island.")
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
    state = evolve(state, tiles=replaced(state.tiles, at, None), piles=piles, note=" ".join(notes))
    if (
        tile is Tile.KINGFISH
        and piles[seat][KIND_INDEX[Tile.KINGFISH]] >= KINGFISH_TO_WIN[state.players]
    ):
        note = f"Seat {seat + 1} has {KINGFISH_TO_WIN[state.players]} Kingfish and wins at once!"
        return evolve(state, phase=Phase.OVER, kingfish_winner=seat, note=note)
    if tile in ACTION_PHASE:
        acting = evolve(state, phase=ACTION_PHASE[tile])
        if _has_use(acting, seat):
            return acting
        why = {
            Tile.SWAP_FISH: "no trade of two different basic fish with another player exists",
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


def _boat_reason(state: FishingState, to: int) -> str:
    data = SIDES[state.side]
    label = _label(state, to)
    if to in data.island:
        return f"{label} is part of the central island: the boat returns there only when stuck."
    tile = state.tiles[to]
    if tile is None:
        return f"{label} is empty: the boat moves onto a tile."
    if to in state.visited:
        return f"The boat already visited {label} this turn."
    if to in _targets(state):
        return ""
    near = data.board.neighbours
    adjacent = any(
        to in near[s] for s in ((state.boat,) if state.boat is not None else data.island)
    )
    if tile is Tile.SKIPJACK and is_straight_skipjack_line(state.side, state.tiles, state.boat, to):
        return (
            f"The straight line to the Skipjack on {label} is not open water: it may not cross "
            "the island or another tile."
        )
    where = "the boat" if state.boat is not None else "the central island"
    if not adjacent:
        return f"{label} is not next to {where}."
    return f"{label} cannot be reached now."


def _nearest_island(state: FishingState, to: int) -> int:
    """The island hex a move from the island leaves from (for the last-move arrow)."""
    data = SIDES[state.side]
    for hex_ in data.island:
        if to in data.board.neighbours[hex_]:
            return hex_
    for hex_ in data.island:
        if any(to in ray for ray in data.board.rays[hex_]):
            return hex_
    return data.island[0]


def _side(players: int, options: Mapping[str, str]) -> str:
    side = options.get("side", "small")
    if side not in SIDES:
        raise InvalidMove(f"`{side}` is not a board side; choose small or large.")
    return "large" if players >= LARGE_ONLY_PLAYERS else side


def _chosen_sets(text: str) -> tuple[str, ...] | None:
    """The sets a `sets` option names (None for random), or InvalidMove naming the six."""
    names = [w for w in re.split(r"[\s,;/+]+", text.strip().lower()) if w]
    if names in ([], ["random"]):
        return None
    out: list[str] = []
    for name in names:
        match = [s for s in SPECIAL_SETS if s == name or s.rstrip("s") == name.rstrip("s")]
        if not match:
            raise InvalidMove(f"`{name}` is not a special set. The six sets: {SET_NAMES}.")
        if match[0] in out:
            raise InvalidMove(f"`{name}` is named twice. The six sets: {SET_NAMES}.")
        out.append(match[0])
    return tuple(out)


def _label(state: FishingState, index: int) -> str:
    return SIDES[state.side].board.label(index)


def _kind(word: str, allowed: Sequence[Tile], text: str) -> Tile:
    for tile in allowed:
        if word in (tile.value, tile.value[0], tile.value[:4], f"{tile.value}s"):
            return tile
    names = ", ".join(t.value for t in allowed)
    raise InvalidMove(f"`{text}`: `{word}` is not one of: {names}.")


def _name(tile: Tile | None) -> str:
    if tile is None:
        return "nothing"
    if tile in ACTION_NAMES:
        return f"{ACTION_NAMES[tile]} tile"
    if tile in COLOURS:
        return f"{tile.value} fish"
    return tile.value.title()
