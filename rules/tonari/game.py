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

from i18n.text import N_, T, Text, english, joined
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
    boat_moves,
    edited,
    evolve,
    hex_of,
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

RULES_TEXT = T(
    """\
**{game}** (2-4 players): one shared boat, fish for the best catch.
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
- 2 players: each scores only their own fish.""",
    game="Tonari",
)

MOVE_HELP = T(
    "`d4` move the boat (letter = place in row, number = row) · `boat d4` place the boat · "
    "`swap c3 f6` Sense the Schools · `trade red for blue seat 2` Rough Waters (your red for "
    "{seat}'s blue) · `remove c3` Scare it Off · `double red` In Season",
    seat="seat 2",
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
    Token.SENSE: N_("fewer than two tokens are left on the board"),
    Token.ROUGH: N_("no swap of a fish (never Purple or Pink) with an opponent exists"),
    Token.SCARE: N_("no token is left on the board"),
    Token.SEASON: N_("nobody has collected a Red, Blue, Green or Yellow fish"),
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
    season_text: Text  # what the In Season panel says: "Red fish x2", "none yet", "discarded..."
    last_hexes: tuple[int, ...]
    last_seat: int | None
    pending: Text  # plain words for the picture: no Markdown backticks
    note: Text
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
        after = _pass_turn(evolve(state, phase=Phase.MOVE))
        return evolve(after, note=english(_discard_note(token, after)))

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
            pending=self._pending(state, code=""),
            note=note_text(state),
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
        reason = T(
            "{seat} has no adjacent token and no Pink jump from {hex}.",
            seat=_seat(state.turn),
            hex=where,
        )
        return Outcome(scores, won, reason, extra)

    def pending(self, state: TonariState) -> Text:
        return self._pending(state, code="`")

    def _pending(self, state: TonariState, code: str) -> Text:
        """The decision awaited; the notation it quotes between ``code`` marks (backticks in
        the channel, none in the picture, where Markdown would show as it is typed)."""
        who = _seat(state.turn)
        phase = state.phase
        if phase is Phase.OVER:
            return T("nothing: the game is over")
        if phase is Phase.PLACE:
            first, second = (f"{code}boat {BOARD.label(i)}{code}" for i in ISLANDS)
            return T(
                "{seat}: choose which island hex gets the boat ({first} or {second})",
                seat=who,
                first=first,
                second=second,
            )
        legal = self.legal_moves(state, state.turn)
        if not legal:  # play never leaves a turn without a move, but no state may crash a text
            return T("{seat}: no legal move", seat=who)
        # The example is the first legal move, so typing it as shown works.
        example = f"{code}{self.format(state, legal[0])}{code}"
        if phase is Phase.MOVE:
            return T(
                "{seat}: move the boat onto a token (e.g. {example})", seat=who, example=example
            )
        if phase is Phase.SENSE:
            return T(
                "{seat}: use Sense the Schools - swap two board tokens (e.g. {example})",
                seat=who,
                example=example,
            )
        if phase is Phase.ROUGH:
            return T(
                "{seat}: use Rough Waters - swap one of your fish with an opponent's, never "
                "Purple or Pink (e.g. {example})",
                seat=who,
                example=example,
            )
        if phase is Phase.SCARE:
            return T(
                "{seat}: use Scare it Off - remove a token from the board (e.g. {example})",
                seat=who,
                example=example,
            )
        return T(
            "{seat}: use In Season - choose a collected colour that scores double (e.g. {example})",
            seat=who,
            example=example,
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
        if token is None:
            return text
        return T("{move}: {token}", move=text, token=token.button_word)

    def describe(
        self, before: TonariState, seat: int, move: TonariMove, after: TonariState
    ) -> Text:
        who = _seat(seat)
        text: Text
        if isinstance(move, MoveBoat):
            token = before.tokens[move.to]
            assert token is not None and before.boat is not None
            where = BOARD.label(move.to)
            jump = move.to not in BOARD.neighbours[before.boat]
            if token in SKILL_NAMES and jump:
                text = T(
                    "{seat} moved the boat to {hex} with a jump and collected the skill {skill}.",
                    seat=who,
                    hex=where,
                    skill=token.label,
                )
            elif token in SKILL_NAMES:
                text = T(
                    "{seat} moved the boat to {hex} and collected the skill {skill}.",
                    seat=who,
                    hex=where,
                    skill=token.label,
                )
            elif jump:
                text = T(
                    "{seat} moved the boat to {hex} with a jump and caught {fish}.",
                    seat=who,
                    hex=where,
                    fish=token.with_article,
                )
            else:
                text = T(
                    "{seat} moved the boat to {hex} and caught {fish}.",
                    seat=who,
                    hex=where,
                    fish=token.with_article,
                )
        elif isinstance(move, PlaceBoat):
            text = T(
                "{seat} placed the boat on the island hex {hex}.",
                seat=who,
                hex=BOARD.label(move.at),
            )
        elif isinstance(move, SwapSpaces):
            text = T(
                "{seat} used Sense the Schools: swapped {first} ({first_token}) and {second} "
                "({second_token}).",
                seat=who,
                first=BOARD.label(move.a),
                first_token=_label(before.tokens[move.a]),
                second=BOARD.label(move.b),
                second_token=_label(before.tokens[move.b]),
            )
        elif isinstance(move, RemovePiece):
            gone = before.tokens[move.at]
            if gone in SKILL_NAMES:
                text = T(
                    "{seat} used Scare it Off: removed the skill token {skill} from {hex}.",
                    seat=who,
                    skill=_label(gone),
                    hex=BOARD.label(move.at),
                )
            else:
                text = T(
                    "{seat} used Scare it Off: removed the {token} from {hex}.",
                    seat=who,
                    token=_label(gone),
                    hex=BOARD.label(move.at),
                )
        elif isinstance(move, Trade) and move.give == move.take:
            text = T(
                "{seat} used Rough Waters: swapped {given} for {other}'s {taken}, like for like: "
                "nothing changes.",
                seat=who,
                given=_token(move.give).with_article,
                other=_seat(move.other),
                taken=_label(move.take),
            )
        elif isinstance(move, Trade):
            text = T(
                "{seat} used Rough Waters: gave {given} to {other} and took their {taken}.",
                seat=who,
                given=_token(move.give).with_article,
                other=_seat(move.other),
                taken=_label(move.take),
            )
        else:
            text = T(
                "{seat} used In Season: {fish} score double for everyone.",
                seat=who,
                fish=_label(move.colour),
            )
        if not after.note:
            return text
        return joined((text, note_text(after)), " ")

    # -- explanations -----------------------------------------------------------------------
    def illegal_reason(self, state: TonariState, seat: int, move: TonariMove) -> str:
        if isinstance(move, PlaceBoat):
            if move.at not in ISLANDS:
                return T(
                    "{hex} is not an island hex: the boat starts on {first} or {second}.",
                    hex=BOARD.label(move.at),
                    first=BOARD.label(ISLANDS[0]),
                    second=BOARD.label(ISLANDS[1]),
                )
            return ""
        if isinstance(move, MoveBoat):
            assert state.boat is not None
            return boat_reason(state.tokens, state.boat, move.to)
        if isinstance(move, SwapSpaces | RemovePiece):
            return pieces_reason(BOARD, state.tokens, move, "token")
        if isinstance(move, Trade):
            return trade_reason(
                state.piles, seat, move, FISH_INDEX, TRADABLE, Text(SKILL_NAMES[Token.ROUGH])
            )
        if move.colour not in COLOURS:
            return T("In Season doubles Red, Blue, Green or Yellow only.")
        if move.colour not in _collected_colours(state.piles):
            return T("Nobody has collected a {fish} yet.", fish=_label(move.colour))
        return ""

    def reveals(self, before: TonariState, seat: int, move: TonariMove, after: TonariState) -> bool:
        # Every token lies face up from the start and nothing is drawn later: no move reveals.
        return False


# -- what the picture says ---------------------------------------------------------------------
def season_text(state: TonariState) -> Text:
    """The In Season panel's words. Its one token is either still on the board ("none yet"),
    just collected and awaiting its colour, doubling a colour, or gone without effect: collected
    and discarded (nobody had a set colour) or removed by Scare it Off. The state does not say
    which of the last two, so the panel says both, never "none yet" once the token is gone."""
    if state.season is not None:
        return T("{fish} x2", fish=_label(state.season))
    if state.phase is Phase.SEASON:
        return T("collected, colour being chosen")
    if Token.SEASON in state.tokens:
        return T("none (never collected)") if state.phase is Phase.OVER else T("none yet")
    return T("none (token discarded or removed without effect)")


def note_text(state: TonariState) -> Text:
    """What the last move's note says (a skill discarded, the end), said in the reader's
    language. The state keeps the note as its English words (a plain str survives the state's
    JSON round trip; a Text would come back as plain English), so the text is rebuilt here from
    the same messages: the one whose English is the note. A note no message makes (a state saved
    by an older version) is shown as it was written."""
    if not state.note:
        return joined((), "")  # (never T(""): the catalogue's "" is its header)
    end = _end_note(state) if state.phase is Phase.OVER else None
    candidates: list[Text] = [] if end is None else [end]
    candidates += [_discard_note(token, state) for token in SKILL_NAMES]
    for candidate in candidates:
        if english(candidate) == state.note:
            return candidate
    return joined((state.note,), "")


# -- private helpers -------------------------------------------------------------------------
def _pass_turn(state: TonariState) -> TonariState:
    nxt = (state.turn + 1) % state.players
    if targets(state.tokens, state.boat):
        return evolve(state, turn=nxt, phase=Phase.MOVE)
    over = evolve(state, turn=nxt, phase=Phase.OVER)
    return evolve(over, note=english(_end_note(over)))


def _end_note(state: TonariState) -> Text:
    """The note of a move after which the seat on turn has no move."""
    assert state.boat is not None
    return T(
        "{seat} has no adjacent token and no Pink jump from {hex}: the game is over.",
        seat=_seat(state.turn),
        hex=BOARD.label(state.boat),
    )


def _discard_note(token: Token, after: TonariState) -> Text:
    """The note of a skill collected with no legal use (and of the end, if it came too)."""
    discarded = T(
        "{skill} is discarded with no effect: {why}.",
        skill=token.label,
        why=Text(NO_USE[token]),
    )
    if after.phase is not Phase.OVER:
        return discarded
    return joined((discarded, _end_note(after)), " ")


def _seat(seat: int) -> str:
    """A seat as Tonari's texts name it ("Seat 2"): a seat reference, which the bot rewrites
    as the person after the text is said, so it stays plain and out of every message."""
    return f"Seat {seat + 1}"


def _token(kind: Enum | None) -> Token:
    """A shared move's piece (typed as any Enum there) as the Tonari token it is."""
    assert isinstance(kind, Token)
    return kind


def _label(kind: Enum | None) -> Text:
    """A token as players read it ("Red fish", "Scare it Off"); "nothing" for no token."""
    return T("nothing") if kind is None else _token(kind).label


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
