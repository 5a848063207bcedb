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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from rules import rng
from rules.base import Game, GameSpec, Outcome, ScoreLine, SeatScore
from rules.errors import IllegalMove, InvalidMove
from rules.fishing_common import (
    MoveBoat,
    RemovePiece,
    SwapSpaces,
    colour_lines,
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
from rules.hexgrid import ROWS_44, board

BOARD = board(ROWS_44)
ISLANDS: tuple[int, ...] = (BOARD.index((0, 0)), BOARD.index((1, 0)))  # d4 and e4


class Token(Enum):
    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    ORANGE = "orange"
    PURPLE = "purple"
    PINK = "pink"
    SENSE = "sense the schools"
    ROUGH = "rough waters"
    SCARE = "scare it off"
    SEASON = "in season"


# A pile is a count per fish kind, in this order.
FISH: tuple[Token, ...] = (
    Token.RED,
    Token.BLUE,
    Token.GREEN,
    Token.YELLOW,
    Token.ORANGE,
    Token.PURPLE,
    Token.PINK,
)
FISH_INDEX: dict[Token, int] = {t: i for i, t in enumerate(FISH)}
COLOURS: tuple[Token, ...] = FISH[:4]  # the set-scored colours In Season may double
SKILLS: tuple[Token, ...] = (Token.SENSE, Token.ROUGH, Token.SCARE, Token.SEASON)
# Rough Waters never moves Purple or Pink.
TRADABLE: tuple[int, ...] = tuple(FISH_INDEX[t] for t in (*COLOURS, Token.ORANGE))

# The token mix (games.md PROPOSAL): 35 fish + 7 skills = the 42 token spaces.
TOKEN_MIX: tuple[tuple[Token, int], ...] = (
    (Token.RED, 6),
    (Token.BLUE, 6),
    (Token.GREEN, 6),
    (Token.YELLOW, 6),
    (Token.ORANGE, 7),
    (Token.PURPLE, 2),
    (Token.PINK, 2),
    (Token.SENSE, 2),
    (Token.ROUGH, 2),
    (Token.SCARE, 2),
    (Token.SEASON, 1),
)
ORANGE_MAJORITY = 8
PURPLE_POINTS = -5
PINK_POINTS = 5

# Pink jumps: for each hex, every (hex jumped over, hex landed on) along a straight line.
JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (over, BOARD.step[over][d])
        for d, over in enumerate(steps)
        if over >= 0 and BOARD.step[over][d] >= 0
    )
    for steps in BOARD.step
)

SKILL_NAMES: dict[Token, str] = {
    Token.SENSE: "Sense the Schools",
    Token.ROUGH: "Rough Waters",
    Token.SCARE: "Scare it Off",
    Token.SEASON: "In Season",
}

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
opponent; the two fish differ in kind. In Season doubles a colour in any player's pile.
- A skill with no legal use is discarded with no effect.
- Placing the boat is not "moving" it for the tie-break; if no tied player moved it, the tied \
players share the win.
- 2 players: each scores only their own fish."""

MOVE_HELP = (
    "`d4` move the boat (letter = place in row, number = row) · `boat d4` place the boat · "
    "`swap c3 f6` Sense the Schools · `trade red for blue seat 2` Rough Waters (your red for "
    "seat 2's blue) · `remove c3` Scare it Off · `double red` In Season"
)


class Phase(Enum):
    PLACE = "place"  # the boat awaits its island hex
    MOVE = "move"
    SENSE = "sense"  # the skill just collected awaits its use
    ROUGH = "rough"
    SCARE = "scare"
    SEASON = "season"
    OVER = "over"


SKILL_PHASE: dict[Token, Phase] = {
    Token.SENSE: Phase.SENSE,
    Token.ROUGH: Phase.ROUGH,
    Token.SCARE: Phase.SCARE,
    Token.SEASON: Phase.SEASON,
}


# -- moves beyond the shared MoveBoat / SwapSpaces / RemovePiece -------------------------------
@dataclass(frozen=True)
class PlaceBoat:
    """Put the boat on an island hex at the start: ``boat d4``."""

    at: int


@dataclass(frozen=True)
class Trade:
    """Rough Waters: give one ``give`` fish to seat ``other``, take their ``take`` fish."""

    give: Token
    other: int
    take: Token


@dataclass(frozen=True)
class Double:
    """In Season: ``colour`` scores double for everyone."""

    colour: Token


TonariMove = MoveBoat | PlaceBoat | SwapSpaces | Trade | RemovePiece | Double


@dataclass(frozen=True)
class TonariState:
    players: int
    seed: int
    tokens: tuple[Token | None, ...]  # per board hex; islands and emptied hexes hold None
    boat: int | None  # None until placed
    turn: int  # the seat deciding now (the boat's pilot this turn)
    phase: Phase
    piles: tuple[tuple[int, ...], ...]  # per seat, a count per kind of FISH
    season: Token | None  # the colour In Season doubles
    boat_moves: int  # boat moves made so far
    moved_at: tuple[int, ...]  # per seat, the number of its latest boat move (0: never)
    last_hexes: tuple[int, ...]  # hexes the last move touched, to mark them
    last_seat: int | None
    note: str  # what happened on its own after the last move (a discard, the end)


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
    last_hexes: tuple[int, ...]
    last_seat: int | None
    pending: str
    note: str
    winners: tuple[int, ...]


class Tonari(Game[TonariState, TonariMove, TonariView]):
    spec = GameSpec(
        key="tonari",
        name="Tonari",
        min_players=2,
        max_players=4,
        rules_text=RULES_TEXT,
        move_help=MOVE_HELP,
    )
    state_type = TonariState

    # -- setup and turn order ----------------------------------------------------------------
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

    def to_act(self, state: TonariState) -> tuple[int, ...]:
        return () if state.phase is Phase.OVER else (state.turn,)

    def legal_moves(self, state: TonariState, seat: int) -> list[TonariMove]:
        if state.phase is Phase.OVER or seat != state.turn:
            return []
        phase = state.phase
        if phase is Phase.MOVE:
            return [MoveBoat(t) for t in targets(state.tokens, state.boat)]
        if phase is Phase.PLACE:
            return [PlaceBoat(i) for i in ISLANDS]
        if phase is Phase.SENSE:
            return list(swap_pairs(state.tokens))
        if phase is Phase.SCARE:
            return [RemovePiece(i) for i in occupied(state.tokens)]
        if phase is Phase.ROUGH:
            return [
                Trade(FISH[g], o, FISH[t]) for g, o, t in trade_options(state.piles, seat, TRADABLE)
            ]
        return [Double(c) for c in _collected_colours(state.piles)]

    # -- playing ----------------------------------------------------------------------------
    def check(self, state: TonariState, seat: int, move: TonariMove) -> None:
        reason = self._illegal_reason(state, seat, move)
        if reason:
            legal = self.legal_moves(state, seat)
            raise IllegalMove(f"{reason} {self.examples(state, legal)}")

    def play(self, state: TonariState, seat: int, move: TonariMove) -> TonariState:
        if isinstance(move, MoveBoat):
            return self._move_boat(state, seat, move.to)
        if isinstance(move, PlaceBoat):
            return evolve(
                state,
                boat=move.at,
                turn=0,
                phase=Phase.MOVE,
                last_hexes=(move.at,),
                last_seat=seat,
                note="",
            )
        if isinstance(move, SwapSpaces):
            state = evolve(
                state,
                tokens=swapped(state.tokens, move.a, move.b),
                last_hexes=(move.a, move.b),
            )
        elif isinstance(move, RemovePiece):
            state = evolve(
                state, tokens=replaced(state.tokens, move.at, None), last_hexes=(move.at,)
            )
        elif isinstance(move, Trade):
            piles = pile_trade(
                state.piles, seat, FISH_INDEX[move.give], move.other, FISH_INDEX[move.take]
            )
            state = evolve(state, piles=piles, last_hexes=())
        else:
            state = evolve(state, season=move.colour, last_hexes=())
        return _pass_turn(evolve(state, last_seat=seat, note=""))

    def _move_boat(self, state: TonariState, seat: int, to: int) -> TonariState:
        token = state.tokens[to]
        assert token is not None
        count = state.boat_moves + 1
        start = state.boat if state.boat is not None else to
        state = evolve(
            state,
            tokens=replaced(state.tokens, to, None),
            boat=to,
            boat_moves=count,
            moved_at=replaced(state.moved_at, seat, count),
            last_hexes=(start, to),
            last_seat=seat,
            note="",
        )
        if token in FISH_INDEX:
            return _pass_turn(evolve(state, piles=pile_add(state.piles, seat, FISH_INDEX[token])))
        state = evolve(state, phase=SKILL_PHASE[token])
        if self.legal_moves(state, seat):
            return state
        why = {
            Token.SENSE: "fewer than two tokens are left on the board",
            Token.ROUGH: "no swap of a fish for a different fish with an opponent exists",
            Token.SCARE: "no token is left on the board",
            Token.SEASON: "nobody has collected a Red, Blue, Green or Yellow fish",
        }[token]
        discarded = f"{SKILL_NAMES[token]} is discarded with no effect: {why}."
        after = _pass_turn(evolve(state, phase=Phase.MOVE))
        return evolve(after, note=f"{discarded} {after.note}".strip())

    # -- what players see --------------------------------------------------------------------
    def view(self, state: TonariState, viewer: int | None) -> TonariView:
        over = state.phase is Phase.OVER
        fish = tuple(_fish_value(state, seat) for seat in range(state.players))
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
            last_hexes=state.last_hexes,
            last_seat=state.last_seat,
            pending=self.pending(state),
            note=state.note,
            winners=outcome.winners if outcome else (),
        )

    def outcome(self, state: TonariState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        n = state.players
        own = [_fish_lines(state, seat) for seat in range(n)]
        fish = [sum(line.points for line in lines) for lines in own]
        scores: list[SeatScore] = []
        for seat in range(n):
            lines = list(own[seat])
            if n > 2:
                left = (seat + 1) % n
                lines.append(ScoreLine(f"Seat {left + 1}'s fish (left neighbour)", fish[left]))
            scores.append(SeatScore(seat, sum(line.points for line in lines), tuple(lines)))
        best = max(s.total for s in scores)
        tied = [s.seat for s in scores if s.total == best]
        extra: tuple[str, ...] = ()
        winners = tuple(tied)
        if len(tied) > 1:
            latest = max(tied, key=lambda s: state.moved_at[s])
            if state.moved_at[latest] > 0:
                winners = (latest,)
                names = ", ".join(f"Seat {s + 1}" for s in tied)
                extra = (
                    f"{names} tie on {best}; Seat {latest + 1} moved the boat most recently "
                    "and wins.",
                )
        reason = state.note or "The player on turn has no move."
        return Outcome(tuple(scores), winners, reason, extra)

    def pending(self, state: TonariState) -> str:
        who = f"Seat {state.turn + 1}"
        phase = state.phase
        if phase is Phase.OVER:
            return "nothing: the game is over"
        if phase is Phase.PLACE:
            options = " or ".join(f"`boat {BOARD.label(i)}`" for i in ISLANDS)
            return f"{who}: choose which island hex gets the boat ({options})"
        if phase is Phase.MOVE:
            example = BOARD.label(targets(state.tokens, state.boat)[0])
            return f"{who}: move the boat onto a token (e.g. `{example}`)"
        if phase is Phase.SENSE:
            return f"{who}: use Sense the Schools - swap two board tokens (`swap c3 f6`)"
        if phase is Phase.ROUGH:
            return (
                f"{who}: use Rough Waters - swap one of your fish with an opponent's "
                "(`trade red for blue seat 2`)"
            )
        if phase is Phase.SCARE:
            return f"{who}: use Scare it Off - remove a token from the board (`remove c3`)"
        return f"{who}: use In Season - choose the colour that scores double (`double red`)"

    # -- notation ---------------------------------------------------------------------------
    def parse(self, state: TonariState, text: str) -> TonariMove:
        parts = words(text)
        bad = InvalidMove(f"`{text}` is not a Tonari move. {MOVE_HELP}")
        if not parts:
            raise bad
        head, rest = parts[0], parts[1:]
        if head in ("go", "move", "to") and len(rest) == 1:
            return MoveBoat(hex_of(BOARD, rest[0], text, MOVE_HELP))
        if head in ("boat", "place", "start") and len(rest) == 1:
            return PlaceBoat(hex_of(BOARD, rest[0], text, MOVE_HELP))
        if head in ("swap", "sense") and len(rest) == 2:
            a, b = (hex_of(BOARD, w, text, MOVE_HELP) for w in rest)
            return SwapSpaces(min(a, b), max(a, b))
        if head in ("remove", "scare") and len(rest) == 1:
            return RemovePiece(hex_of(BOARD, rest[0], text, MOVE_HELP))
        if head in ("double", "season") and len(rest) == 1:
            return Double(_colour(rest[0], COLOURS, text))
        if head in ("trade", "rough"):
            rest = [w for w in rest if w not in ("for", "with", "from", "seat", "s", "my", "their")]
            if len(rest) == 3:
                give, take = (_colour(w, FISH, text) for w in (rest[0], rest[1]))
                return Trade(give, seat_of(rest[2], state.players, text), take)
        if len(parts) == 1 and BOARD.find(head) is not None:
            index = hex_of(BOARD, head, text, MOVE_HELP)
            # During the boat's placement a bare label means the island choice.
            return PlaceBoat(index) if state.phase is Phase.PLACE else MoveBoat(index)
        raise bad

    def format(self, state: TonariState, move: TonariMove) -> str:
        if isinstance(move, MoveBoat):
            return BOARD.label(move.to)
        if isinstance(move, PlaceBoat):
            return f"boat {BOARD.label(move.at)}"
        if isinstance(move, SwapSpaces):
            return f"swap {BOARD.label(move.a)} {BOARD.label(move.b)}"
        if isinstance(move, RemovePiece):
            return f"remove {BOARD.label(move.at)}"
        if isinstance(move, Trade):
            return f"trade {move.give.value} for {move.take.value} seat {move.other + 1}"
        return f"double {move.colour.value}"

    def describe(self, before: TonariState, seat: int, move: TonariMove, after: TonariState) -> str:
        who = f"Seat {seat + 1}"
        if isinstance(move, MoveBoat):
            token = before.tokens[move.to]
            assert token is not None
            jump = " with a jump" if move.to not in BOARD.neighbours[before.boat or 0] else ""
            where = f"{who} moved the boat to {BOARD.label(move.to)}{jump}"
            if token in SKILL_NAMES:
                text = f"{where} and collected the skill {SKILL_NAMES[token]}."
            else:
                text = f"{where} and caught a {token.value.title()} fish."
        elif isinstance(move, PlaceBoat):
            text = f"{who} placed the boat on the island hex {BOARD.label(move.at)}."
        elif isinstance(move, SwapSpaces):
            a, b = before.tokens[move.a], before.tokens[move.b]
            text = (
                f"{who} used Sense the Schools: swapped {BOARD.label(move.a)} ({_name(a)}) "
                f"and {BOARD.label(move.b)} ({_name(b)})."
            )
        elif isinstance(move, RemovePiece):
            gone = _name(before.tokens[move.at])
            text = f"{who} used Scare it Off: removed the {gone} from {BOARD.label(move.at)}."
        elif isinstance(move, Trade):
            text = (
                f"{who} used Rough Waters: gave a {move.give.value.title()} fish to Seat "
                f"{move.other + 1} and took their {move.take.value.title()} fish."
            )
        else:
            text = (
                f"{who} used In Season: {move.colour.value.title()} fish score double for everyone."
            )
        return f"{text} {after.note}".strip()

    # -- explanations -----------------------------------------------------------------------
    def _illegal_reason(self, state: TonariState, seat: int, move: TonariMove) -> str:
        phase = state.phase
        wanted = {
            MoveBoat: Phase.MOVE,
            PlaceBoat: Phase.PLACE,
            SwapSpaces: Phase.SENSE,
            Trade: Phase.ROUGH,
            RemovePiece: Phase.SCARE,
            Double: Phase.SEASON,
        }[type(move)]
        if wanted is not phase:
            return f"`{self.format(state, move)}` does not fit now: {self.pending(state)}."
        if isinstance(move, PlaceBoat):
            if move.at not in ISLANDS:
                return f"{BOARD.label(move.at)} is not an island hex: the boat starts on d4 or e4."
            return ""
        if isinstance(move, MoveBoat):
            return _boat_reason(state, move.to)
        if isinstance(move, SwapSpaces):
            if move.a == move.b:
                return "Sense the Schools swaps two different spaces."
            for i in (move.a, move.b):
                if state.tokens[i] is None:
                    return f"{BOARD.label(i)} holds no token: both swapped spaces must hold one."
            return ""
        if isinstance(move, RemovePiece):
            if state.tokens[move.at] is None:
                return f"{BOARD.label(move.at)} holds no token to remove."
            return ""
        if isinstance(move, Trade):
            for token in (move.give, move.take):
                if token in (Token.PURPLE, Token.PINK):
                    return "Rough Waters cannot swap Purple or Pink fish."
            if move.other == seat:
                return "Rough Waters swaps with an opponent, not with yourself."
            if move.give == move.take:
                return (
                    "Swapping a fish for one of the same colour changes nothing; pick two colours."
                )
            if state.piles[seat][FISH_INDEX[move.give]] == 0:
                return f"You have no {move.give.value.title()} fish to give."
            if state.piles[move.other][FISH_INDEX[move.take]] == 0:
                return f"Seat {move.other + 1} has no {move.take.value.title()} fish."
            return ""
        assert isinstance(move, Double)
        if move.colour not in COLOURS:
            return "In Season doubles Red, Blue, Green or Yellow only."
        if move.colour not in _collected_colours(state.piles):
            return f"Nobody has collected a {move.colour.value.title()} fish yet."
        return ""


# -- private helpers -------------------------------------------------------------------------
def targets(tokens: Sequence[Token | None], boat: int | None) -> tuple[int, ...]:
    """The hexes the boat may move to: adjacent tokens except Pink, plus Pink jumps."""
    if boat is None:
        return ()
    out = [
        n for n in BOARD.neighbours[boat] if tokens[n] is not None and tokens[n] is not Token.PINK
    ]
    out += [
        land for over, land in JUMPS[boat] if tokens[over] is None and tokens[land] is Token.PINK
    ]
    return tuple(sorted(out))


def _boat_reason(state: TonariState, to: int) -> str:
    label = BOARD.label(to)
    boat = state.boat
    assert boat is not None
    token = state.tokens[to]
    if token is None:
        if to in ISLANDS:
            return f"{label} is an island hex: the boat never stops on the island again."
        return f"{label} is empty: the boat only moves onto a token."
    if token is Token.PINK:
        if to in targets(state.tokens, boat):
            return ""
        if to in BOARD.neighbours[boat]:
            return (
                f"{label} holds a Pink token, which cannot be caught from an adjacent hex: "
                "jump to it over one empty or island hex in a straight line."
            )
        if to in (land for _, land in JUMPS[boat]):
            return (
                f"The hex between the boat and {label} still holds a token: "
                "Pink needs a jump over an empty hex."
            )
        return f"{label} is not two hexes away in a straight line: Pink is caught only by a jump."
    if to not in BOARD.neighbours[boat]:
        return f"{label} is not next to the boat ({BOARD.label(boat)})."
    return ""


def _pass_turn(state: TonariState) -> TonariState:
    nxt = (state.turn + 1) % state.players
    if targets(state.tokens, state.boat):
        return evolve(state, turn=nxt, phase=Phase.MOVE)
    return evolve(
        state,
        turn=nxt,
        phase=Phase.OVER,
        note=(
            f"Seat {nxt + 1} has no adjacent token and no Pink jump from "
            f"{BOARD.label(state.boat or 0)}: the game is over."
        ),
    )


def _collected_colours(piles: Sequence[Sequence[int]]) -> list[Token]:
    return [c for i, c in enumerate(COLOURS) if any(p[i] for p in piles)]


def _fish_lines(state: TonariState, seat: int) -> list[ScoreLine]:
    pile = state.piles[seat]
    season = state.season.value if state.season else None
    lines = colour_lines([(c.value, pile[FISH_INDEX[c]]) for c in COLOURS], season, "In Season")
    oranges = pile[FISH_INDEX[Token.ORANGE]]
    if oranges:
        others = [p[FISH_INDEX[Token.ORANGE]] for s, p in enumerate(state.piles) if s != seat]
        if oranges > max(others):
            lines.append(ScoreLine(f"Orange x{oranges} (the most)", ORANGE_MAJORITY))
        else:
            lines.append(ScoreLine(f"Orange x{oranges} (not the single most)", 0))
    for token, each in ((Token.PURPLE, PURPLE_POINTS), (Token.PINK, PINK_POINTS)):
        count = pile[FISH_INDEX[token]]
        if count:
            lines.append(ScoreLine(f"{token.value.title()} x{count}", each * count))
    return lines


def _fish_value(state: TonariState, seat: int) -> int:
    return sum(line.points for line in _fish_lines(state, seat))


def _colour(word: str, allowed: Sequence[Token], text: str) -> Token:
    for token in allowed:
        if token.value == word or (token.value[0] == word and word != "p"):
            return token
    names = ", ".join(t.value for t in allowed)
    raise InvalidMove(f"`{text}`: `{word}` is not one of: {names}.")


def _name(token: Token | None) -> str:
    if token is None:
        return "nothing"
    return SKILL_NAMES.get(token, f"{token.value.title()} fish")
