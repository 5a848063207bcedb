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

from i18n.text import TN, T, Text, joined
from rules import rng
from rules.base import EXAMPLES_IN_ERRORS, Game, GameSpec, Outcome, ScoreLine, SeatScore
from rules.errors import IllegalMove
from rules.tonga import fast, policy
from rules.tonga.common import (
    acting,
    alternatives,
    camps_left,
    dice_text,
    freeze,
    island_name,
    listing,
    order,
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
            raise IllegalMove(joined((reason, self.examples(state, legal)), " "))

    def examples(self, state: TongaState, legal: Sequence[Move]) -> Text:
        """A sentence quoting a few legal moves (as the shared one words it), for refusals."""
        if not legal:
            return T("You have no legal move.")
        shown = ", ".join(f"`{self.format(state, m)}`" for m in legal[:EXAMPLES_IN_ERRORS])
        hidden = len(legal) - EXAMPLES_IN_ERRORS
        if hidden > 0:
            return TN(
                "Legal now: {moves} and {count} more.",
                "Legal now: {moves} and {count} more.",
                hidden,
                moves=shown,
            )
        return T("Legal now: {moves}.", moves=shown)

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
        result: tuple[Text, ...] = ()
        if outcome is not None:
            result = tuple(
                T(
                    "{seat}: {total} = {breakdown}",
                    seat=who(score.seat),
                    total=score.total,
                    breakdown=joined(
                        (
                            T(
                                "{label} {points}",
                                label=line.label,
                                points=format(line.points, "+d"),
                            )
                            for line in score.breakdown
                        ),
                        ", ",
                    ),
                )
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
                    ScoreLine(Text(name), amount)  # the LEDGER names are marked there
                    for name, amount in zip(LEDGER, state.ledger[seat], strict=True)
                    if amount or name == LEDGER[START]
                ),
            )
            for seat in range(state.players)
        )
        best = max(state.money)
        winners = tuple(seat for seat in range(state.players) if state.money[seat] == best)
        home = joined((who(seat) for seat in state.home), ", ") if state.home else T("nobody")
        return Outcome(
            scores=scores,
            winners=winners,
            reason=T(
                "Round {round} ended after a player with four camps reached {home_island} "
                "(return bonus: {seats}); the most money wins.",
                round=state.round,
                home_island=island_name(HOME),
                seats=home,
            ),
        )

    # -- notation ------------------------------------------------------------------------------
    def parse(self, state: TongaState, text: str) -> Move:
        return parse_move(state, text)

    def format(self, state: TongaState, move: Move) -> str:
        return format_move(move)

    def describe(self, before: TongaState, seat: int, move: Move, after: TongaState) -> Text:
        return joined((self._deed(before, seat, move, after), *after.events), " ")

    def _deed(self, before: TongaState, seat: int, move: Move, after: TongaState) -> Text:
        """The move itself in one sentence naming its seat (the events that followed apart)."""
        me = who(seat)
        if isinstance(move, Wages):
            return T(
                "{seat} sets wages: captain {captain}, helmsman {helmsman}.",
                seat=me,
                captain=move.captain,
                helmsman=move.helmsman,
            )
        if isinstance(move, Reroll):
            return T(
                "{seat} pays {cost} to reroll {dice}.",
                seat=me,
                cost=reroll_cost(before.rerolls),
                dice=dice_text(move.dice),
            )
        if isinstance(move, Place):
            return T(
                "{seat} places a {value} on ship {ship}.",
                seat=me,
                value=move.value,
                ship=SEAT_LETTERS[move.ship],
            )
        if isinstance(move, Places):
            each = [
                T("a {value} on ship {ship}", value=p.value, ship=SEAT_LETTERS[p.ship])
                for p in move.places
            ]
            return T(
                "{seat} places {dice} and {last}.",
                seat=me,
                dice=joined(each[:-1], ", "),
                last=each[-1],
            )
        if isinstance(move, Keep):
            return T("{seat} keeps the seasick dice home.", seat=me)
        if isinstance(move, Step):
            start, end = where(before.ships[seat]), where(move.space)
            # The ship it must sail past is the one already lying on that small space.
            passed = [ship for ship in range(before.players) if before.ships[ship] == move.space]
            if after.passing and passed:
                return T(
                    "{seat} sails from {start} to {end}, passing ship {ship} ({cost} points).",
                    seat=me,
                    start=start,
                    end=end,
                    ship=SEAT_LETTERS[passed[0]],
                    cost=2,
                )
            return T("{seat} sails from {start} to {end}.", seat=me, start=start, end=end)
        if isinstance(move, Camp):
            return T(
                "{seat} sets up a camp on {island}.",
                seat=me,
                island=island_name(before.ships[seat]),
            )
        if isinstance(move, Route):
            return T("{seat} {route}.", seat=me, route=route_words(before, seat, move))
        return T("{seat} ends the navigation turn.", seat=me)

    def pending(self, state: TongaState) -> Text:
        if state.phase is Phase.OVER:
            return T("nobody: the game is over")
        seat = acting(state)
        me = who(seat)
        if state.phase is Phase.WAGES:
            money = state.money[seat]
            if money < 2:
                return TN(
                    "{seat} to set wages: only `{move}` is possible ({count} coin in hand)",
                    "{seat} to set wages: only `{move}` is possible ({count} coins in hand)",
                    money,
                    seat=me,
                    move=format_move(Wages(money, 0)),
                )
            # The example must be affordable: with 2 coins only 1 + 1 is.
            example = "wages 2 1" if money >= 3 else "wages 1 1"
            return TN(
                "{seat} to set wages for captain and helmsman, at least 1 each "
                "(e.g. `{example}`; {count} coin in hand)",
                "{seat} to set wages for captain and helmsman, at least 1 each "
                "(e.g. `{example}`; {count} coins in hand)",
                money,
                seat=me,
                example=example,
            )
        if state.phase is Phase.CREW:
            # After a placement the roll is only the dice still in hand.
            options = alternatives(_crew_options(state))
            if state.placed:
                return T(
                    "{seat} has {dice} left: {options}",
                    seat=me,
                    dice=dice_text(state.roll),
                    options=options,
                )
            return T(
                "{seat} rolled {dice}: {options}",
                seat=me,
                dice=dice_text(state.roll),
                options=options,
            )
        return _navigation_pending(state, seat)

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


def _crew_options(state: TongaState) -> list[Text]:
    """The crew decision in words, with examples the acting seat could really type."""
    seat = acting(state)
    options = []
    placeable = [v for v in state.roll if v != SEASICK]
    if placeable:
        open_to = open_ships(state.players, seat, state.placed)
        ships = alternatives([SEAT_LETTERS[ship] for ship in open_to])
        example = format_move(Place(placeable[0], open_to[0]))
        whole = full_placements(state, seat)
        if whole:  # several dice: all of them may go at once
            options.append(
                T(
                    "place a die on ship {ships} (`{example}`, or all at once: `{whole}`)",
                    ships=ships,
                    example=example,
                    whole=format_move(Places(whole[0])),
                )
            )
        else:
            options.append(
                T("place a die on ship {ships} (`{example}`)", ships=ships, example=example)
            )
    else:
        options.append(T("`{keep}` (all seasick)", keep="keep"))
    cost = reroll_cost(state.rerolls)
    if not state.placed and state.money[seat] >= cost:
        example = format_move(Reroll((SEASICK,) if SEASICK in state.roll else state.roll[-1:]))
        options.append(T("reroll 1-3 dice for {cost} (`{example}`)", cost=cost, example=example))
    return options


def _navigation_pending(state: TongaState, seat: int) -> Text:
    """The navigation decision in words: a route or a space, `camp`, `end`, with examples."""
    me = who(seat)
    here = where(state.ships[seat])
    sail = [STEPS[space] for space in steps(state)]
    # A ship passing through another's space always has a further step (else it could not pass).
    example = format_move(sail[0]) if sail else ""
    if state.passing:
        return TN(
            "{seat} is passing through a ship at {here} and must sail on "
            "({count} movement point left; e.g. `{example}`)",
            "{seat} is passing through a ship at {here} and must sail on "
            "({count} movement points left; e.g. `{example}`)",
            state.mp,
            seat=me,
            here=here,
            example=example,
        )
    options: list[Text | str] = []
    if sail:
        routes = [o for o in route_options(state) if len(o.actions) > 1]
        if routes:
            route = routes[0]
            options.append(
                T(
                    "sail a route (e.g. `{route}`, {cost}: {gain}) or one space (`{example}`)",
                    route=route_text(route.actions),
                    cost=route.cost,
                    gain=route.gain,
                    example=example,
                )
            )
        else:
            options.append(T("sail one space (e.g. `{example}`)", example=example))
    if state.may_camp:
        options.append(
            T("`{camp}` on {island}", camp="camp", island=island_name(state.ships[seat]))
        )
    options.append("`end`")  # the notation alone
    return TN(
        "{seat} navigates from {here} with {count} movement point: {options}",
        "{seat} navigates from {here} with {count} movement points: {options}",
        state.mp,
        seat=me,
        here=here,
        options=listing(options),
    )


def _crew_rolls(state: TongaState) -> int:
    """How many boards have rolled their crew dice so far in the game (rerolls aside): each
    round's crew step rolls once per board, in order, so this counts every first roll."""
    this_round = {Phase.WAGES: 0, Phase.CREW: state.turn + 1}.get(state.phase, state.players)
    return (state.round - 1) * state.players + this_round
