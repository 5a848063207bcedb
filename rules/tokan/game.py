"""The TOKAN game object: setup, turns, the end, views and words for the channel."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from i18n.text import TN, Param, T, Text, joined
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
    animal_word,
    colour_word,
    full_set,
    seat_colour,
)
from rules.tokan.state import Move, SeatTally, TokanState, TokanView

RULES_TEXT = T(
    """\
**{game}** (2 players, open information; only the layout is random).
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
lists are a draw.""",
    game="TOKAN",
)


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
                description=T(
                    "Final scoring: {towers} (standard) or {every_head} (variant)",
                    towers=scoring.TOWERS,
                    every_head=scoring.EVERY_HEAD,
                ),
                choices=scoring.SCORINGS,
                default=scoring.TOWERS,
            ),
        ),
    )
    state_type = TokanState

    # -- setup and turns ---------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> TokanState:
        if players != 2:
            raise InvalidMove(
                TN(
                    "{game} is a game for exactly {count} player.",
                    "{game} is a game for exactly {count} players.",
                    2,
                    game="TOKAN",
                )
            )
        chosen = options.get("scoring", scoring.TOWERS)
        if chosen not in scoring.SCORINGS:
            raise InvalidMove(
                T(
                    "`{value}` is not a scoring; choose {choices}.",
                    value=chosen,
                    choices=", ".join(scoring.SCORINGS),
                )
            )
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
            T(
                "`{move}` is not allowed: {reason} {examples}",
                move=self.format(state, move),
                reason=reason,
                examples=self.examples(state, same_tile or legal),
            )
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
                        joined((line.label, line.points), " = ")
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

    def describe(self, before: TokanState, seat: int, move: Move, after: TokanState) -> Text:
        record = after.last
        assert record is not None
        mover = record.tiles[-1]
        height = len(after.board[INDEX[record.landing]])
        facts: dict[str, Param] = {
            "seat": seat_colour(seat),
            "animal": animal_word(ANIMAL[mover]),
            "origin": record.origin,
            "direction": record.direction,
            "landing": record.landing,
            "covered": moves.tile_words(record.covered),
            "height": height,
        }
        if record.carry:
            carried = [moves.tile_words(t) for t in record.tiles[:-1]]
            sentences = [
                T(
                    "{seat} moved the {animal} from {origin} {direction} to {landing}, carrying "
                    "the {carried}, covering a {covered} (that stack is now {height} high).",
                    carried=carried[0]
                    if len(carried) == 1
                    else T("{first} and {second}", first=carried[0], second=carried[1]),
                    **facts,
                )
            ]
        else:
            sentences = [
                T(
                    "{seat} moved the {animal} from {origin} {direction} to {landing}, covering a "
                    "{covered} (that stack is now {height} high).",
                    **facts,
                )
            ]
        if record.permanent:
            sentences.append(
                T(
                    "Nothing could slide in behind it: {origin} stays a permanent gap.",
                    origin=record.origin,
                )
            )
        elif record.shifted:
            assert record.gap is not None
            sentences.append(
                T(
                    "To close the gap, the stacks on {spaces} slid one space {direction}; "
                    "{gap} is now empty.",
                    spaces=", ".join(record.shifted),
                    direction=record.direction,
                    gap=record.gap,
                )
            )
        if after.over:
            sentences.append(T("The game is over: {reason}", reason=_end_reason(after)))
        return joined(sentences, " ")

    def pending(self, state: TokanState) -> Text:
        if state.over:
            return T("nothing: the game is over")
        colour = colour_word(state.turn)
        if state.last is None:
            return T("a move of a {colour} tile", colour=colour)
        return T(
            "a move of a {colour} tile ({space} is taboo)", colour=colour, space=state.last.landing
        )

    def seat_name(self, seat: int) -> str:
        # A seat reference, rewritten as the person by the bot: never translated (see base).
        return f"Seat {seat + 1} ({COLOURS[seat]})"

    def stack_text(self, state: TokanState, space: str) -> Text:
        """What lies in the stack at ``space``, bottom to top (the rulebook lets players look)."""
        index = notation.parse_space(space)
        stack = state.board[index]
        name = NAMES[index]
        if not stack:
            raise InvalidMove(
                T("{space} is empty (a gap): there is no stack to look at.", space=name)
            )
        return TN(
            "{space} ({count} tile): {tiles}",
            "{space} ({count} tiles, bottom to top): {tiles}",
            len(stack),
            space=name,
            tiles=joined([moves.tile_words(t) for t in stack], ", "),
        )

    def reveals(self, before: TokanState, seat: int, move: Move, after: TokanState) -> bool:
        # Open information; chance only lays out the tiles at setup, so no move reveals.
        return False


def _taboo(state: TokanState) -> int | None:
    return None if state.last is None else INDEX[state.last.landing]


def _end_reason(state: TokanState) -> Text:
    seat = seat_colour(state.turn)
    if state.last is not None and moves.has_legal_move(state.board, state.turn, None):
        return T(
            "{seat} cannot move: the only moves would land on the taboo space {space}.",
            seat=seat,
            space=state.last.landing,
        )
    return T("{seat} is on turn and cannot move any tile.", seat=seat)


def _result_words(result: Outcome) -> Text:
    totals = joined(
        [T("{colour} {points}", colour=colour_word(s.seat), points=s.total) for s in result.scores],
        ", ",
    )
    if result.winners:
        head = T("{seat} wins ({totals}).", seat=seat_colour(result.winners[0]), totals=totals)
    else:
        head = T("A tie ({totals}).", totals=totals)
    return joined((head, *result.extra), " ")
