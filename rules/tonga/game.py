"""Tonga Bonga (Stefan Dorra; Playte 2024 rulebook), 3-4 players, with chance, no secrets.

Players hire each other's crew dice to sail their ships to five remote islands, camp there for
money and return home to Tonga Bonga; the richest player wins. Chance: every round each crew
turn rolls three dice (faces 1-5 and seasick) from the match seed, keyed by round and seat (and
reroll number), and the seven special tiles are dealt onto the dolphin spaces from the seed, so
a match replays exactly from its seed and move log. Each decision (a wage choice, reroll, die
placement, ship step, camp, early end of a turn) is a move of its own, and a player's run of
decisions may also be given as one move: several placements (`place 4 on B, 3 on C`) or a
route (`go m4 m3 cocoa camp l3`), checked and played decision by decision (routes.py).

This module is the Game itself; the steps live in wages.py (steps 1 and 4, the round's end),
crew.py (step 2), navigation.py (step 3) and routes.py (routes), legality in legality.py, the
notation in notation.py, autocomplete in suggest.py and the playout policy in policy.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from rules import rng
from rules.base import Game, GameSpec, Outcome, ScoreLine, SeatScore
from rules.errors import IllegalMove
from rules.tonga import fast, policy
from rules.tonga.common import (
    acting,
    camps_left,
    coins,
    dice_text,
    freeze,
    order,
    points,
    reroll_cost,
    thaw,
    where,
    who,
)
from rules.tonga.crew import (
    crew_moves,
    full_placements,
    next_crew_turn,
    open_ships,
    place,
    place_all,
    reroll,
    start_crew_turn,
)
from rules.tonga.legality import Decisions, refusal
from rules.tonga.map import DOLPHIN_SPACES, HOME, ISLANDS
from rules.tonga.navigation import STEPS, navigation_moves, steps
from rules.tonga.notation import format_move, parse_move
from rules.tonga.routes import (
    play_action,
    route_options,
    route_text,
    route_words,
    sail,
)
from rules.tonga.state import (
    LEDGER,
    SEASICK,
    SEAT_LETTERS,
    START,
    START_MONEY,
    Camp,
    Keep,
    Move,
    Phase,
    Place,
    Places,
    Reroll,
    Route,
    SeatLine,
    Step,
    TongaState,
    TongaView,
    Wages,
)
from rules.tonga.suggest import suggestions
from rules.tonga.text import MOVE_HELP, RULES_TEXT
from rules.tonga.tiles import TILES, TILES_USED
from rules.tonga.wages import WageChoices, set_wages


class TongaBonga(Game[TongaState, Move, TongaView]):
    spec = GameSpec(
        key="tonga",
        name="Tonga Bonga",
        min_players=3,
        max_players=4,
        rules_text=RULES_TEXT,
        move_help=MOVE_HELP,
    )
    state_type = TongaState

    # -- setup and turn order --------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> TongaState:
        dealt = rng.shuffled([tile.key for tile in TILES], seed, "tiles")[:TILES_USED]
        state = TongaState(
            players=players,
            seed=seed,
            round=1,
            phase=Phase.WAGES,
            turn=0,
            money=(START_MONEY,) * players,
            wages=((0, 0),) * players,
            ships=(HOME,) * players,
            crews=((),) * players,
            camps=((),) * len(ISLANDS),
            tiles=tuple(dealt),
            ghost=DOLPHIN_SPACES[dealt.index("ghost")] if "ghost" in dealt else -1,
            maps=((),) * players,
            roll=(),
            rerolls=0,
            placed=(),
            mp=0,
            path=(),
            winds=(),
            ghost_paid=False,
            passing=False,
            may_camp=False,
            home=(),
            ending=False,
            ledger=tuple(
                tuple(START_MONEY if i == START else 0 for i in range(len(LEDGER)))
                for _ in range(players)
            ),
            last="",
            events=(),
        )
        return state

    def to_act(self, state: TongaState) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        return (acting(state),)

    # -- legal moves -------------------------------------------------------------------------
    def legal_moves(self, state: TongaState, seat: int) -> Sequence[Move]:
        """The single decisions (each step, camp, end, placement, reroll...), in a stable
        order. Compound moves (routes, several placements) are not listed, there being too
        many, but ``in`` answers for them too: see ``Decisions``."""
        if state.phase is Phase.OVER or seat != acting(state):
            return ()
        if state.phase is Phase.WAGES:
            return WageChoices(state.money[seat])
        if state.phase is Phase.CREW:
            return Decisions(crew_moves(state, seat), state, seat)
        return Decisions(navigation_moves(state), state, seat)

    def suggest(self, state: TongaState, seat: int, typed: str, limit: int = 25) -> list[str]:
        """Whole routes and placements first, then single decisions (see suggest.py)."""
        return suggestions(state, seat, typed, limit)

    def check(self, state: TongaState, seat: int, move: Move) -> None:
        reason = refusal(state, seat, move)
        if reason is not None:
            legal = self.legal_moves(state, seat)
            raise IllegalMove(f"{reason} {self.examples(state, legal)}")

    # -- playing -----------------------------------------------------------------------------
    def play(self, state: TongaState, seat: int, move: Move) -> TongaState:
        scratch = policy.played(state, seat, move)  # the playout policy may have played it
        if scratch is not None:
            scratch["last"] = f"{who(seat)}: {format_move(move)}"
            return freeze(scratch)
        d = thaw(state)
        d["last"] = f"{who(seat)}: {format_move(move)}"
        if isinstance(move, Wages):
            set_wages(d, seat, move)
            d["turn"] += 1
            if d["turn"] == state.players:
                d["phase"] = Phase.CREW
                d["turn"] = 0
                start_crew_turn(d)
        elif isinstance(move, Reroll):
            reroll(d, seat, move)
        elif isinstance(move, Place):
            place(d, seat, move)
        elif isinstance(move, Places):
            place_all(d, seat, move)
        elif isinstance(move, Keep):
            next_crew_turn(d)
        elif isinstance(move, Route):
            sail(d, seat, move)
        else:
            play_action(d, seat, move)
        return freeze(d)

    # -- views and results ---------------------------------------------------------------
    def view(self, state: TongaState, viewer: int | None) -> TongaView:
        outcome = self.outcome(state)
        result: tuple[str, ...] = ()
        if outcome is not None:
            result = tuple(
                f"{who(score.seat)}: {score.total} = "
                + ", ".join(f"{line.label} {line.points:+d}" for line in score.breakdown)
                for score in outcome.scores
            )
        return TongaView(
            players=state.players,
            round=state.round,
            phase=state.phase,
            order=order(state),
            acting=self.to_act(state),
            pending=self.pending(state),
            seats=tuple(
                SeatLine(
                    seat=seat,
                    money=state.money[seat],
                    worth=sum(state.ledger[seat]),
                    camps_left=camps_left(state, seat),
                    maps=state.maps[seat],
                )
                for seat in range(state.players)
            ),
            wages=state.wages,
            ships=state.ships,
            crews=state.crews,
            camps=state.camps,
            tiles=state.tiles,
            roll=state.roll,
            reroll_cost=reroll_cost(state.rerolls),
            mp=state.mp,
            path=state.path,
            ending=state.ending,
            last=state.last,
            ledger=state.ledger,
            result=result,
            winners=outcome.winners if outcome else (),
        )

    def outcome(self, state: TongaState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        scores = tuple(
            SeatScore(
                seat=seat,
                total=state.money[seat],
                breakdown=tuple(
                    ScoreLine(name, amount)
                    for name, amount in zip(LEDGER, state.ledger[seat], strict=True)
                    if amount or name == LEDGER[START]
                ),
            )
            for seat in range(state.players)
        )
        best = max(state.money)
        winners = tuple(seat for seat in range(state.players) if state.money[seat] == best)
        home = ", ".join(who(seat) for seat in state.home) or "nobody"
        return Outcome(
            scores=scores,
            winners=winners,
            reason=(
                f"Round {state.round} ended after a player with four camps reached Tonga Bonga "
                f"(return bonus: {home}); the most money wins."
            ),
        )

    # -- notation ------------------------------------------------------------------------------
    def parse(self, state: TongaState, text: str) -> Move:
        return parse_move(state, text)

    def format(self, state: TongaState, move: Move) -> str:
        return format_move(move)

    def describe(self, before: TongaState, seat: int, move: Move, after: TongaState) -> str:
        if isinstance(move, Wages):
            words = f"sets wages: captain {move.captain}, helmsman {move.helmsman}."
        elif isinstance(move, Reroll):
            words = f"pays {reroll_cost(before.rerolls)} to reroll {dice_text(move.dice)}."
        elif isinstance(move, Place):
            words = f"places a {move.value} on ship {SEAT_LETTERS[move.ship]}."
        elif isinstance(move, Places):
            each = [f"a {p.value} on ship {SEAT_LETTERS[p.ship]}" for p in move.places]
            words = f"places {', '.join(each[:-1])} and {each[-1]}."
        elif isinstance(move, Keep):
            words = "keeps the seasick dice home."
        elif isinstance(move, Step):
            words = f"sails from {where(before.ships[seat])} to {where(move.space)}"
            # The ship it must sail past is the one already lying on that small space.
            passed = [ship for ship in range(before.players) if before.ships[ship] == move.space]
            if after.passing and passed:
                words += f", passing ship {SEAT_LETTERS[passed[0]]} (2 points)"
            words += "."
        elif isinstance(move, Camp):
            words = f"sets up a camp on {ISLANDS[before.ships[seat]].name}."
        elif isinstance(move, Route):
            words = route_words(before, seat, move)
        else:
            words = "ends the navigation turn."
        return " ".join([f"{who(seat)} {words}", *after.events])

    def pending(self, state: TongaState) -> str:
        if state.phase is Phase.OVER:
            return "nobody: the game is over"
        seat = acting(state)
        me = who(seat)
        if state.phase is Phase.WAGES:
            money = state.money[seat]
            if money < 2:
                return (
                    f"{me} to set wages: only `wages {money} 0` is possible "
                    f"({coins(money)} in hand)"
                )
            # The example must be affordable: with 2 coins only 1 + 1 is.
            example = "wages 2 1" if money >= 3 else "wages 1 1"
            return (
                f"{me} to set wages for captain and helmsman, at least 1 each "
                f"(e.g. `{example}`; {coins(money)} in hand)"
            )
        if state.phase is Phase.CREW:
            # After a placement the roll is only the dice still in hand.
            dice = dice_text(state.roll)
            held = f"has {dice} left" if state.placed else f"rolled {dice}"
            return f"{me} {held}: " + " or ".join(_crew_options(state))
        here = where(state.ships[seat])
        sail = [STEPS[space] for space in steps(state)]
        example = f"`{format_move(sail[0])}`" if sail else ""
        if state.passing:
            return (
                f"{me} is passing through a ship at {here} and must sail on "
                f"({points(state.mp)} left; e.g. {example})"
            )
        options = []
        if sail:
            routes = [o for o in route_options(state) if len(o.actions) > 1]
            if routes:
                route = routes[0]
                options.append(
                    f"sail a route (e.g. `{route_text(route.actions)}`, {route.cost}: "
                    f"{route.gain}) or one space ({example})"
                )
            else:
                options.append(f"sail one space (e.g. {example})")
        if state.may_camp:
            options.append(f"`camp` on {ISLANDS[state.ships[seat]].name}")
        options.append("`end`")
        return (
            f"{me} navigates from {here} with {points(state.mp)}: "
            + ", ".join(options[:-1])
            + (" or " if len(options) > 1 else "")
            + options[-1]
        )

    def playout_move(self, state: TongaState, seat: int, draw: random.Random) -> Move:
        """A goal-directed policy (see policy.py): uniformly random play almost never ends."""
        return policy.playout_move(state, seat, draw)

    def fast_playout(
        self,
        state: TongaState,
        draw: random.Random,
        trace: list[tuple[int, Move]] | None = None,
        draw_single_seat: bool = True,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A playout from ``state`` to the end on the compact simulator (``fast.py``): the same
        moves and draws as ``to_act``/``playout_move``/``play`` move by move, and the final
        (money by seat, winners) of ``outcome``. See ``fast.playout``."""
        return fast.playout(state, draw, trace, draw_single_seat)

    def reveals(self, before: TongaState, seat: int, move: Move, after: TongaState) -> bool:
        """A reroll, and any move after which a board's crew dice were rolled (the last wage
        set, the last die placed or `keep` handing the dice to the next board). The special
        tiles lie face up from the setup on, so sailing onto them reveals nothing."""
        return isinstance(move, Reroll) or _crew_rolls(after) > _crew_rolls(before)


def _crew_options(state: TongaState) -> list[str]:
    """The crew decision in words, with examples the acting seat could really type."""
    seat = acting(state)
    options = []
    placeable = [v for v in state.roll if v != SEASICK]
    if placeable:
        ships = open_ships(state.players, seat, state.placed)
        names = " or ".join(SEAT_LETTERS[ship] for ship in ships)
        example = format_move(Place(placeable[0], ships[0]))
        whole = full_placements(state, seat)
        if whole:  # several dice: all of them may go at once
            example += f"`, or all at once: `{format_move(Places(whole[0]))}"
        options.append(f"place a die on ship {names} (`{example}`)")
    else:
        options.append("`keep` (all seasick)")
    cost = reroll_cost(state.rerolls)
    if not state.placed and state.money[seat] >= cost:
        example = format_move(Reroll((SEASICK,) if SEASICK in state.roll else state.roll[-1:]))
        options.append(f"reroll 1-3 dice for {cost} (`{example}`)")
    return options


def _crew_rolls(state: TongaState) -> int:
    """How many boards have rolled their crew dice so far in the game (rerolls aside): each
    round's crew step rolls once per board, in order, so this counts every first roll."""
    this_round = {Phase.WAGES: 0, Phase.CREW: state.turn + 1}.get(state.phase, state.players)
    return (state.round - 1) * state.players + this_round
