"""The TOKAN game object: setup, turns, the end, views and words for the channel."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from rules import rng
from rules.base import Game, GameSpec, OptionSpec, Outcome
from rules.errors import IllegalMove, InvalidMove
from rules.tokan import fast, moves, notation, scoring
from rules.tokan.board import (
    ANIMAL,
    COLOURS,
    COLUMNS,
    INDEX,
    NAMES,
    ROWS,
    full_set,
)
from rules.tokan.state import Move, SeatTally, TokanState, TokanView

RULES_TEXT = """\
**TOKAN** (2 players, open information; only the layout is random).
Goal: own the tallest towers at the end. 30 animals (per colour 3 mice, 7 jackals, 5 lions) \
start as single tiles in a random 5 x 6 grid.
Turn: move one of your animals that is on top of its stack, in a straight line up, down, left or \
right, exactly its range (mouse 1, jackal 2, lion 3). It may pass over stacks of any height but \
never over an empty space, must land on a tile (either colour) and must end higher than it \
started. A jackal may carry the 1 tile under it, a lion 1 or 2; carrying is optional. Covered \
tiles are eaten. Moving is compulsory; there is no pass.
End: when the player on turn cannot move. Towers scoring: a stack of 2+ tiles belongs to the \
owner of its top tile; you score the tiles in your towers, single tiles 0; equal is a tie. \
Every Head Counts (option): every top tile scores (mouse 1, jackal 2, lion 3), singles too.
Our readings:
- Seat 1 plays red and moves first, seat 2 plays black (the bot draws the seat order, so the \
first player is random).
- Columns a-f run left to right, rows 1-5 bottom to top; "up" is towards row 5.
- Levels count from 1 on the table; carrying N lands the mover on level (landing height + N + 1), \
which must be higher than its level before.
- Gap closing: when the origin empties, the unbroken line of stacks behind it (against the move \
direction) slides one space forward, stopping at the first gap or the edge; if the space behind \
is a gap or the edge, the origin stays a permanent gap.
- Taboo: you may not land on the space where your opponent's last move landed (for your next \
move only; stacks slid by gap closing are not taboo).
- Carrying is optional; when every legal move carries, you must make one of them (how we read \
"unless the player can only move his last tile by carrying").
- The game ends as soon as the player on turn cannot move (our reading of "when either player \
can no longer move any tile"); whether the other player still could does not matter.
- If the taboo leaves the player on turn without a move, the game ends.
- Every Head Counts tie: towers are compared tallest first, a missing tower counting 0; equal \
lists are a draw."""


class Tokan(Game[TokanState, Move, TokanView]):
    spec = GameSpec(
        key="tokan",
        name="TOKAN",
        min_players=2,
        max_players=2,
        rules_text=RULES_TEXT,
        move_help=notation.HELP,
        options=(
            OptionSpec(
                key="scoring",
                description="Final scoring: towers (standard) or every-head-counts (variant)",
                choices=scoring.SCORINGS,
                default=scoring.TOWERS,
            ),
        ),
    )
    state_type = TokanState

    # -- setup and turns ---------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> TokanState:
        if players != 2:
            raise InvalidMove("TOKAN is a game for exactly 2 players.")
        chosen = options.get("scoring", scoring.TOWERS)
        if chosen not in scoring.SCORINGS:
            raise InvalidMove(f"`{chosen}` is not a scoring; choose {', '.join(scoring.SCORINGS)}.")
        board = tuple((tile,) for tile in rng.shuffled(full_set(), seed, "layout"))
        return TokanState(
            players=2,
            seed=seed,
            scoring=chosen,
            board=board,
            turn=0,
            last=None,
            moves_made=0,
            over=not moves.has_legal_move(board, 0, None),
        )

    def to_act(self, state: TokanState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_moves(self, state: TokanState, seat: int) -> Sequence[Move]:
        if state.over or seat != state.turn:
            return ()
        return moves.legal_moves(state.board, seat, _taboo(state))

    def check(self, state: TokanState, seat: int, move: Move) -> None:
        taboo = _taboo(state)
        reason = moves.why_illegal(state.board, seat, taboo, move)
        if reason is None:
            return
        legal = moves.legal_moves(state.board, seat, taboo)
        same_tile = [m for m in legal if m.space == move.space]
        raise IllegalMove(
            f"`{self.format(state, move)}` is not allowed: {reason} "
            f"{self.examples(state, same_tile or legal)}"
        )

    def play(self, state: TokanState, seat: int, move: Move) -> TokanState:
        board, record = moves.play(state.board, seat, move)
        following = 1 - seat
        # The fields set at once, past the frozen __init__ (a hot path in playouts).
        after = object.__new__(TokanState)
        after.__dict__.update(
            players=state.players,
            seed=state.seed,
            scoring=state.scoring,
            board=board,
            turn=following,
            last=record,
            moves_made=state.moves_made + 1,
            over=not moves.has_legal_move(board, following, INDEX[record.landing]),
        )
        return after

    def fast_playout(
        self,
        state: TokanState,
        draw: random.Random,
        trace: list[tuple[int, Move]] | None = None,
        draw_single_seat: bool = True,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A random playout from ``state`` to the end on the compact simulator (``fast.py``):
        the same moves and draws as ``to_act``/``playout_move``/``play`` step by step, and the
        final (totals by seat, winners) of ``outcome``. See ``fast.playout``."""
        return fast.playout(state, draw, trace, draw_single_seat)

    # -- results and views -------------------------------------------------------------------
    def outcome(self, state: TokanState) -> Outcome | None:
        if not state.over:
            return None
        return scoring.outcome(state.board, state.scoring, _end_reason(state))

    def view(self, state: TokanState, viewer: int | None) -> TokanView:
        result = self.outcome(state)
        return TokanView(
            rows=ROWS,
            columns=COLUMNS,
            board=state.board,
            scoring=state.scoring,
            turn=None if state.over else state.turn,
            last=state.last,
            taboo=None if state.over or state.last is None else state.last.landing,
            tallies=tuple(
                SeatTally(
                    seat=c,
                    colour=COLOURS[c],
                    total=scoring.total(state.board, c, state.scoring),
                    lines=tuple(
                        f"{line.label} = {line.points}"
                        for line in scoring.breakdown(state.board, c, state.scoring)
                    ),
                )
                for c in range(2)
            ),
            moves_made=state.moves_made,
            pending=self.pending(state),
            result=None if result is None else _result_words(result),
        )

    # -- text ---------------------------------------------------------------------------------
    def parse(self, state: TokanState, text: str) -> Move:
        return notation.parse_move(state.board, text)

    def format(self, state: TokanState, move: Move) -> str:
        return notation.format_move(move)

    def describe(self, before: TokanState, seat: int, move: Move, after: TokanState) -> str:
        record = after.last
        assert record is not None
        mover = record.tiles[-1]
        colour = COLOURS[seat].capitalize()
        height = len(after.board[INDEX[record.landing]])
        words = f"{colour} moved the {ANIMAL[mover]} from {record.origin} {record.direction} to "
        words += f"{record.landing}"
        if record.carry:
            carried = " and ".join(moves.tile_words(t) for t in record.tiles[:-1])
            words += f", carrying the {carried}"
        words += (
            f", covering a {moves.tile_words(record.covered)} (that stack is now {height} high)."
        )
        if record.permanent:
            words += f" Nothing could slide in behind it: {record.origin} stays a permanent gap."
        elif record.shifted:
            slid = ", ".join(record.shifted)
            words += (
                f" To close the gap, the stacks on {slid} slid one space {record.direction};"
                f" {record.gap} is now empty."
            )
        if after.over:
            words += f" The game is over: {_end_reason(after)}"
        return words

    def pending(self, state: TokanState) -> str:
        if state.over:
            return "nothing: the game is over"
        colour = COLOURS[state.turn]
        taboo = "" if state.last is None else f" ({state.last.landing} is taboo)"
        return f"a move of a {colour} tile{taboo}"

    def seat_name(self, seat: int) -> str:
        return f"Seat {seat + 1} ({COLOURS[seat]})"

    def stack_text(self, state: TokanState, space: str) -> str:
        """What lies in the stack at ``space``, bottom to top (the rulebook lets players look)."""
        index = notation.parse_space(space)
        stack = state.board[index]
        name = NAMES[index]
        if not stack:
            raise InvalidMove(f"{name} is empty (a gap): there is no stack to look at.")
        tiles = ", ".join(moves.tile_words(t) for t in stack)
        if len(stack) == 1:
            return f"{name} (1 tile): {tiles}"
        return f"{name} ({len(stack)} tiles, bottom to top): {tiles}"

    def reveals(self, before: TokanState, seat: int, move: Move, after: TokanState) -> bool:
        # Open information; chance only lays out the tiles at setup, so no move reveals.
        return False


def _taboo(state: TokanState) -> int | None:
    return None if state.last is None else INDEX[state.last.landing]


def _end_reason(state: TokanState) -> str:
    colour = COLOURS[state.turn].capitalize()
    if state.last is not None and moves.has_legal_move(state.board, state.turn, None):
        return (
            f"{colour} cannot move: the only moves would land on the taboo space "
            f"{state.last.landing}."
        )
    return f"{colour} is on turn and cannot move any tile."


def _result_words(result: Outcome) -> str:
    totals = ", ".join(f"{COLOURS[s.seat]} {s.total}" for s in result.scores)
    if result.winners:
        head = f"{COLOURS[result.winners[0]].capitalize()} wins ({totals})."
    else:
        head = f"A tie ({totals})."
    return " ".join((head, *result.extra))
