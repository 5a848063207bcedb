"""Tonari (IDW Games, 2019; Bruno Faidutti after Alex Randolph's Veleno), 2-4 players.

One shared boat crosses a 44-hex board (42 token spaces around the two Kuchinoshima island
hexes). On a turn the boat moves onto an adjacent token and its mover collects it; Pink is only
reached by a two-hex jump over an empty or island hex. Skill tokens act at once (each choice is a
move of its own). The game ends when the player on turn has no move. Scores: colour sets
1/3/6/10/15/21, Orange majority 8, Purple -5, Pink +5, In Season doubles a colour; with 3-4
players each adds the fish of the player to their left. Chance: the token layout only (seeded).
No hidden information.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from rules import rng
from rules.base import GameSpec, Outcome
from rules.fishing_common import (
    Double,
    MoveBoat,
    Notation,
    OneBoatGame,
    RemovePiece,
    SwapSpaces,
    Trade,
    a_kind,
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
from rules.tonari import fast
from rules.tonari.data import (
    BOARD,
    COLOURS,
    FISH,
    FISH_INDEX,
    ISLANDS,
    SKILL_NAMES,
    TOKEN_MIX,
    TRADABLE,
    Token,
)
from rules.tonari.moves import boat_reason, targets
from rules.tonari.scoring import final_scores, fish_values, winners

# The plain data lives in state.py, shared with fast.py; re-exported here under its old names.
from rules.tonari.state import SKILL_PHASE as SKILL_PHASE
from rules.tonari.state import Phase as Phase
from rules.tonari.state import PlaceBoat as PlaceBoat
from rules.tonari.state import TonariMove as TonariMove
from rules.tonari.state import TonariState as TonariState

RULES_TEXT = """\
**Tonari** (2-4 players): one shared boat, fish for the best catch.
**Turn:** move the boat onto a token in an adjacent hex and collect it. Pink is caught only by a \
two-hex jump in a straight line over an empty hex or an island hex. Skill tokens act at once: \
Sense the Schools (swap two board tokens), Rough Waters (swap one of your fish with an \
opponent's; never Purple or Pink), Scare it Off (remove a board token), In Season (double a \
collected colour for everyone).
**End:** when the player on turn has no adjacent token and no Pink jump.
**Scoring:** Red/Blue/Green/Yellow sets 1/3/6/10/15/21; Orange 8 to the single player with the \
most (none on a tie); Purple -5 each; Pink +5 each. With 3-4 players your total adds the fish of \
the player to your left (the next seat). Highest total wins; a tie goes to the tied player who \
moved the boat most recently.
**Our readings:**
- Board: 7 rows of 5-6-7-8-7-6-5 hexes, island = d4 and e4; labels are letter (place in the \
row) + row number.
- Mix: 6 each of Red/Blue/Green/Yellow, 7 Orange, 2 Purple, 2 Pink; skills 2 Sense the \
Schools, 2 Rough Waters, 2 Scare it Off, 1 In Season.
- Seat 1 starts; the last seat (to the starting player's right) places the boat.
- An adjacent Pink that cannot be jumped to is not a move.
- Sense the Schools swaps two tokens (both spaces must hold one). Rough Waters: you pick the \
opponent; like for like (red for red) is allowed and changes nothing, so you may in effect keep \
your fish. In Season doubles a colour in any player's pile.
- A skill with no legal use is discarded with no effect.
- Placing the boat counts as moving it for the tie-break (the placer moved it onto the board); \
if no tied player moved it, the tied players share the win.
- If the boat, once placed, has no move, the game ends at once (as after any move).
- 2 players: each scores only their own fish."""

MOVE_HELP = (
    "`d4` move the boat (letter = place in row, number = row) · `boat d4` place the boat · "
    "`swap c3 f6` Sense the Schools · `trade red for blue seat 2` Rough Waters (your red for "
    "seat 2's blue) · `remove c3` Scare it Off · `double red` In Season"
)
NOTATION = Notation(
    game="Tonari",
    help=MOVE_HELP,
    verbs={
        MoveBoat: ("go", "move", "to"),
        SwapSpaces: ("swap", "sense"),
        RemovePiece: ("remove", "scare"),
        Trade: ("trade", "rough"),
        Double: ("double", "season"),
    },
    tradable=FISH,  # Purple and Pink parse, so the refusal can say why they may not be traded
    doublable=COLOURS,
)
# Why a skill with no legal use is discarded.
NO_USE: dict[Token, str] = {
    Token.SENSE: "fewer than two tokens are left on the board",
    Token.ROUGH: "no swap of a fish (never Purple or Pink) with an opponent exists",
    Token.SCARE: "no token is left on the board",
    Token.SEASON: "nobody has collected a Red, Blue, Green or Yellow fish",
}


@dataclass(frozen=True)
class TonariView:
    """Everything the picture shows; Tonari has no secrets."""

    players: int
    rows: tuple[tuple[int, int, int], ...]
    labels: tuple[str, ...]
    islands: tuple[int, ...]
    tokens: tuple[Token | None, ...]
    boat: int | None
    turn: int | None  # None once over
    phase: Phase
    targets: tuple[int, ...]  # hexes the boat may move to now
    piles: tuple[tuple[int, ...], ...]
    fish_values: tuple[int, ...]  # each seat's own fish value so far
    totals: tuple[int, ...]  # each seat's score so far (with the left neighbour's fish)
    season: Token | None
    season_text: str  # what the In Season panel says: "Red x2", "none yet", "discarded..."
    last_hexes: tuple[int, ...]
    last_seat: int | None
    pending: str  # plain words for the picture: no Markdown backticks
    note: str
    winners: tuple[int, ...]


class Tonari(OneBoatGame[TonariState, TonariMove, TonariView]):
    spec = GameSpec(
        key="tonari",
        name="Tonari",
        min_players=2,
        max_players=4,
        rules_text=RULES_TEXT,
        move_help=MOVE_HELP,
    )
    state_type = TonariState
    move_phases: ClassVar[dict[type, tuple[Enum, ...]]] = {
        MoveBoat: (Phase.MOVE,),
        PlaceBoat: (Phase.PLACE,),
        SwapSpaces: (Phase.SENSE,),
        Trade: (Phase.ROUGH,),
        RemovePiece: (Phase.SCARE,),
        Double: (Phase.SEASON,),
    }

    # -- setup and legal moves ----------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> TonariState:
        deck = [token for token, count in TOKEN_MIX for _ in range(count)]
        dealt = iter(rng.shuffled(deck, seed, "tokens"))
        # Tokens fill the spaces left to right, top to bottom, skipping the island.
        tokens = tuple(None if i in ISLANDS else next(dealt) for i in range(BOARD.size))
        return TonariState(
            players=players,
            seed=seed,
            tokens=tokens,
            boat=None,
            turn=players - 1,  # to the right of seat 1, the starting player
            phase=Phase.PLACE,
            piles=tuple((0,) * len(FISH) for _ in range(players)),
            season=None,
            boat_moves=0,
            moved_at=(0,) * players,
            last_hexes=(),
            last_seat=None,
            note="",
        )

    def legal_moves(self, state: TonariState, seat: int) -> Sequence[TonariMove]:
        if state.phase is Phase.OVER or seat != state.turn:
            return []
        phase = state.phase
        if phase is Phase.MOVE:
            return boat_moves(targets(state.tokens, state.boat))
        if phase is Phase.PLACE:
            return [PlaceBoat(i) for i in ISLANDS]
        if phase is Phase.SENSE:
            return list(swap_pairs(state.tokens))
        if phase is Phase.SCARE:
            return [RemovePiece(i) for i in occupied(state.tokens)]
        if phase is Phase.ROUGH:
            tradable = [FISH_INDEX[t] for t in TRADABLE]
            options = trade_options(state.piles, seat, tradable)
            return [Trade(FISH[g], o, FISH[t]) for g, o, t in options]
        return [Double(c) for c in _collected_colours(state.piles)]

    def playout_move(self, state: TonariState, seat: int, draw: random.Random) -> TonariMove:
        # The uniform pick of the default, without listing Sense the Schools' ~800 swaps.
        if state.phase is Phase.SENSE and seat == state.turn:
            return random_swap(state.tokens, draw)
        return super().playout_move(state, seat, draw)

    def fast_playout(
        self,
        state: TonariState,
        draw: random.Random,
        trace: list[tuple[int, TonariMove]] | None = None,
        draw_single_seat: bool = True,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A random playout from ``state`` to the end on the compact simulator (``fast.py``):
        the same moves and draws as ``to_act``/``playout_move``/``play`` step by step, and the
        final (totals by seat, winners) of ``outcome``. See ``fast.playout``."""
        return fast.playout(state, draw, trace, draw_single_seat)

    # -- playing ----------------------------------------------------------------------------
    def play(self, state: TonariState, seat: int, move: TonariMove) -> TonariState:
        if isinstance(move, MoveBoat):
            return self._move_boat(state, seat, move.to)
        if isinstance(move, PlaceBoat):
            # Placing counts as moving the boat for the tie-break (games.md, Clarifications),
            # and ends the turn like any move: a boat placed with no move ends the game.
            count = state.boat_moves + 1
            placed = evolve(
                state,
                boat=move.at,
                boat_moves=count,
                moved_at=replaced(state.moved_at, seat, count),
                last_hexes=(move.at,),
                last_seat=seat,
                note="",
            )
            return _pass_turn(placed)
        if isinstance(move, Double):
            state = evolve(state, season=move.colour, last_hexes=())
        else:
            tokens, piles, marked = edited(state.tokens, state.piles, seat, move, FISH_INDEX)
            state = evolve(state, tokens=tokens, piles=piles, last_hexes=marked)
        return _pass_turn(evolve(state, last_seat=seat, note=""))

    def _move_boat(self, state: TonariState, seat: int, to: int) -> TonariState:
        token = state.tokens[to]
        assert token is not None
        count = state.boat_moves + 1
        start = state.boat if state.boat is not None else to
        fish = token in FISH_INDEX
        state = evolve(
            state,
            tokens=replaced(state.tokens, to, None),
            boat=to,
            boat_moves=count,
            moved_at=replaced(state.moved_at, seat, count),
            last_hexes=(start, to),
            last_seat=seat,
            note="",
            # A fish goes to the mover's pile; a skill awaits its use (one copy either way).
            piles=pile_add(state.piles, seat, FISH_INDEX[token]) if fish else state.piles,
            phase=state.phase if fish else SKILL_PHASE[token],
        )
        if fish:
            return _pass_turn(state)
        if seat == state.turn and _has_use(state, seat):
            return state
        discarded = f"{SKILL_NAMES[token]} is discarded with no effect: {NO_USE[token]}."
        after = _pass_turn(evolve(state, phase=Phase.MOVE))
        return evolve(after, note=f"{discarded} {after.note}".strip())

    # -- what players see --------------------------------------------------------------------
    def view(self, state: TonariState, viewer: int | None) -> TonariView:
        over = state.phase is Phase.OVER
        fish = fish_values(state.piles, state.season)
        outcome = self.outcome(state)
        return TonariView(
            players=state.players,
            rows=BOARD.rows,
            labels=BOARD.labels,
            islands=ISLANDS,
            tokens=state.tokens,
            boat=state.boat,
            turn=None if over else state.turn,
            phase=state.phase,
            targets=targets(state.tokens, state.boat) if state.phase is Phase.MOVE else (),
            piles=state.piles,
            fish_values=fish,
            totals=fish if state.players == 2 else with_left_neighbour(fish),
            season=state.season,
            season_text=season_text(state),
            last_hexes=state.last_hexes,
            last_seat=state.last_seat,
            pending=picture_text(self.pending(state)),
            note=picture_text(state.note),
            winners=outcome.winners if outcome else (),
        )

    def outcome(self, state: TonariState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        scores = final_scores(state.piles, state.season)
        won, extra = winners(scores, state.moved_at)
        # The note may also tell of a skill discarded on the last turn; the reason is the end.
        assert state.boat is not None
        where = BOARD.label(state.boat)
        reason = f"Seat {state.turn + 1} has no adjacent token and no Pink jump from {where}."
        return Outcome(scores, won, reason, extra)

    def pending(self, state: TonariState) -> str:
        who = f"Seat {state.turn + 1}"
        phase = state.phase
        if phase is Phase.OVER:
            return "nothing: the game is over"
        if phase is Phase.PLACE:
            options = " or ".join(f"`boat {BOARD.label(i)}`" for i in ISLANDS)
            return f"{who}: choose which island hex gets the boat ({options})"
        legal = self.legal_moves(state, state.turn)
        if not legal:  # play never leaves a turn without a move, but no state may crash a text
            return f"{who}: no legal move"
        # The example is the first legal move, so typing it as shown works.
        example = self.format(state, legal[0])
        if phase is Phase.MOVE:
            return f"{who}: move the boat onto a token (e.g. `{example}`)"
        if phase is Phase.SENSE:
            return f"{who}: use Sense the Schools - swap two board tokens (e.g. `{example}`)"
        if phase is Phase.ROUGH:
            return (
                f"{who}: use Rough Waters - swap one of your fish with an opponent's, never "
                f"Purple or Pink (e.g. `{example}`)"
            )
        if phase is Phase.SCARE:
            return f"{who}: use Scare it Off - remove a token from the board (e.g. `{example}`)"
        return (
            f"{who}: use In Season - choose a collected colour that scores double "
            f"(e.g. `{example}`)"
        )

    # -- notation ---------------------------------------------------------------------------
    def parse(self, state: TonariState, text: str) -> TonariMove:
        shared = NOTATION.parse(BOARD, state.players, text)
        if isinstance(shared, MoveBoat) and state.phase is Phase.PLACE:
            return PlaceBoat(shared.to)  # while placing, a bare label means the island choice
        if shared is not None:
            return shared
        parts = words(text)
        if parts[0] in ("boat", "place", "start") and len(parts) == 2:
            return PlaceBoat(hex_of(BOARD, parts[1], text, MOVE_HELP))
        raise NOTATION.unreadable(text)

    def format(self, state: TonariState, move: TonariMove) -> str:
        if isinstance(move, PlaceBoat):
            return f"boat {BOARD.label(move.at)}"
        return NOTATION.format(BOARD, move)

    def button_label(self, state: TonariState, move: TonariMove) -> str:
        """A boat move's button says what it catches: "d3: Red", "e4: Scare it off"."""
        text = self.format(state, move)
        token = state.tokens[move.to] if isinstance(move, MoveBoat) else None
        return f"{text}: {token.value.capitalize()}" if token is not None else text

    def describe(self, before: TonariState, seat: int, move: TonariMove, after: TonariState) -> str:
        who = f"Seat {seat + 1}"
        if isinstance(move, MoveBoat):
            token = before.tokens[move.to]
            assert token is not None and before.boat is not None
            jump = "" if move.to in BOARD.neighbours[before.boat] else " with a jump"
            where = f"{who} moved the boat to {BOARD.label(move.to)}{jump}"
            if token in SKILL_NAMES:
                text = f"{where} and collected the skill {SKILL_NAMES[token]}."
            else:
                text = f"{where} and caught {a_kind(token)}."
        elif isinstance(move, PlaceBoat):
            text = f"{who} placed the boat on the island hex {BOARD.label(move.at)}."
        elif isinstance(move, SwapSpaces):
            a, b = before.tokens[move.a], before.tokens[move.b]
            text = (
                f"{who} used Sense the Schools: swapped {BOARD.label(move.a)} ({kind_name(a)}) "
                f"and {BOARD.label(move.b)} ({kind_name(b)})."
            )
        elif isinstance(move, RemovePiece):
            gone = before.tokens[move.at]
            what = f"skill token {SKILL_NAMES[gone]}" if gone in SKILL_NAMES else kind_name(gone)
            text = f"{who} used Scare it Off: removed the {what} from {BOARD.label(move.at)}."
        elif isinstance(move, Trade) and move.give == move.take:
            text = (
                f"{who} used Rough Waters: swapped {a_kind(move.give)} for Seat "
                f"{move.other + 1}'s {kind_name(move.take)}, like for like: nothing changes."
            )
        elif isinstance(move, Trade):
            text = (
                f"{who} used Rough Waters: gave {a_kind(move.give)} to Seat "
                f"{move.other + 1} and took their {kind_name(move.take)}."
            )
        else:
            text = f"{who} used In Season: {kind_name(move.colour)} score double for everyone."
        return f"{text} {after.note}".strip()

    # -- explanations -----------------------------------------------------------------------
    def illegal_reason(self, state: TonariState, seat: int, move: TonariMove) -> str:
        if isinstance(move, PlaceBoat):
            if move.at not in ISLANDS:
                return f"{BOARD.label(move.at)} is not an island hex: the boat starts on d4 or e4."
            return ""
        if isinstance(move, MoveBoat):
            assert state.boat is not None
            return boat_reason(state.tokens, state.boat, move.to)
        if isinstance(move, SwapSpaces | RemovePiece):
            return pieces_reason(BOARD, state.tokens, move, "token")
        if isinstance(move, Trade):
            return trade_reason(state.piles, seat, move, FISH_INDEX, TRADABLE, "Rough Waters")
        if move.colour not in COLOURS:
            return "In Season doubles Red, Blue, Green or Yellow only."
        if move.colour not in _collected_colours(state.piles):
            return f"Nobody has collected a {kind_name(move.colour)} yet."
        return ""

    def reveals(self, before: TonariState, seat: int, move: TonariMove, after: TonariState) -> bool:
        # Every token lies face up from the start and nothing is drawn later: no move reveals.
        return False


# -- what the picture says ---------------------------------------------------------------------
def season_text(state: TonariState) -> str:
    """The In Season panel's words. Its one token is either still on the board ("none yet"),
    just collected and awaiting its colour, doubling a colour, or gone without effect: collected
    and discarded (nobody had a set colour) or removed by Scare it Off. The state does not say
    which of the last two, so the panel says both, never "none yet" once the token is gone."""
    if state.season is not None:
        return f"{kind_name(state.season)} x2"
    if state.phase is Phase.SEASON:
        return "collected, colour being chosen"
    if Token.SEASON in state.tokens:
        return "none (never collected)" if state.phase is Phase.OVER else "none yet"
    return "none (token discarded or removed without effect)"


def picture_text(text: str) -> str:
    """A text for the picture: Markdown backticks (which Discord shows as code) dropped."""
    return text.replace("`", "")


# -- private helpers -------------------------------------------------------------------------
def _pass_turn(state: TonariState) -> TonariState:
    nxt = (state.turn + 1) % state.players
    if targets(state.tokens, state.boat):
        return evolve(state, turn=nxt, phase=Phase.MOVE)
    assert state.boat is not None
    where = BOARD.label(state.boat)
    end = f"Seat {nxt + 1} has no adjacent token and no Pink jump from {where}: the game is over."
    return evolve(state, turn=nxt, phase=Phase.OVER, note=end)


def _has_use(state: TonariState, seat: int) -> bool:
    """Whether the skill just collected has a legal use: ``legal_moves`` is not empty, told
    without listing them (Sense the Schools alone has some 800)."""
    phase = state.phase
    if phase is Phase.SENSE:
        return sum(token is not None for token in state.tokens) >= 2
    if phase is Phase.SCARE:
        return any(token is not None for token in state.tokens)
    if phase is Phase.ROUGH:
        tradable = [FISH_INDEX[t] for t in TRADABLE]
        return bool(trade_options(state.piles, seat, tradable))
    return bool(_collected_colours(state.piles))


def _collected_colours(piles: Sequence[Sequence[int]]) -> list[Token]:
    return [c for i, c in enumerate(COLOURS) if any(p[i] for p in piles)]
