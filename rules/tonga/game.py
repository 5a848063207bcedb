"""Tonga Bonga (Stefan Dorra; Playte 2024 rulebook), 3-4 players, with chance, no secrets.

Players hire each other's crew dice to sail their ships to five remote islands, camp there for
money and return home to Tonga Bonga; the richest player wins. Chance: every round each crew
turn rolls three dice (faces 1-5 and seasick) from the match seed, keyed by round and seat (and
reroll number), and the seven special tiles are dealt onto the dolphin spaces from the seed, so
a match replays exactly from its seed and move log. Every decision is its own move: each wage
choice, reroll, die placement, single ship step, camp and early end of a turn.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import overload

from rules import rng
from rules.base import Game, GameSpec, Outcome, ScoreLine, SeatScore
from rules.errors import IllegalMove, InvalidMove
from rules.tonga.map import (
    DOLPHIN_SPACES,
    HARBOURS,
    HOME,
    ISLANDS,
    LAND,
    NAME_TO_SPACE,
    NEIGHBOURS,
    SPACE_NAMES,
    SPACES,
    distances,
    label,
)
from rules.tonga.state import (
    BONUS,
    CAMPS,
    CAMPS_PER_PLAYER,
    DICE_PER_PLAYER,
    FEES_PAID,
    FEES_RECEIVED,
    GHOST_PAID,
    GHOST_RECEIVED,
    LEDGER,
    REROLLS,
    SEASICK,
    SEAT_LETTERS,
    SHIP_SLOTS,
    START,
    START_MONEY,
    TREASURES,
    WAGES_PAID,
    WAGES_RECEIVED,
    Camp,
    Die,
    End,
    Keep,
    Move,
    Phase,
    Place,
    Reroll,
    SeatLine,
    Step,
    TongaState,
    TongaView,
    Wages,
)
from rules.tonga.text import MOVE_HELP, RULES_TEXT
from rules.tonga.tiles import GHOST_WAGE, TILE_BY_KEY, TILES, TILES_USED, Kind

CAMP_INCOME = 25
CAMP_FEE = 5
RETURN_BONUS = 10
FIRST_REROLL_COST = 2
DOLPHIN_INDEX: dict[int, int] = {space: i for i, space in enumerate(DOLPHIN_SPACES)}
STEPS: tuple[Step, ...] = tuple(Step(space) for space in range(len(NEIGHBOURS)))
# Neighbours as sets: entering a space next to the ghost ship costs its extra wages.
NEIGHBOURS_SET: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)


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
        if state.phase is Phase.OVER or seat != acting(state):
            return ()
        if state.phase is Phase.WAGES:
            return WageChoices(state.money[seat])
        if state.phase is Phase.CREW:
            return _crew_moves(state, seat)
        moves: list[Move] = [STEPS[space] for space in _steps(state)]
        if state.may_camp:
            moves.append(Camp())
        if not state.passing:
            moves.append(End())
        return tuple(moves)

    def check(self, state: TongaState, seat: int, move: Move) -> None:
        reason = _refusal(state, seat, move)
        if reason is not None:
            legal = self.legal_moves(state, seat)
            raise IllegalMove(f"{reason} {self.examples(state, legal)}")

    # -- playing -----------------------------------------------------------------------------
    def play(self, state: TongaState, seat: int, move: Move) -> TongaState:
        d = _thaw(state)
        d["last"] = f"{who(seat)}: {self.format(state, move)}"
        if isinstance(move, Wages):
            _purse(d)[0][seat] -= move.captain + move.helmsman
            wages = list(state.wages)
            wages[seat] = (move.captain, move.helmsman)
            d["wages"] = tuple(wages)
            d["turn"] += 1
            if d["turn"] == state.players:
                d["phase"] = Phase.CREW
                d["turn"] = 0
                _start_crew_turn(d)
        elif isinstance(move, Reroll):
            cost = reroll_cost(state.rerolls)
            _transfer(d, seat, None, cost, REROLLS, REROLLS)
            d["rerolls"] = state.rerolls + 1
            fresh = rng.roll(
                state.seed, f"reroll:{state.round}:{seat}:{state.rerolls + 1}", len(move.dice)
            )
            kept = list(state.roll)
            for value in move.dice:
                kept.remove(value)
            d["roll"] = tuple(sorted([*kept, *fresh], reverse=True))
            d["events"].append(
                f"{who(seat)} paid {cost} and rerolled: {dice_text(fresh)}; "
                f"dice now {dice_text(d['roll'])}."
            )
            if not _has_placeable(d["roll"]) and not _can_reroll(d):
                d["events"].append(f"{who(seat)} keeps every die home (all seasick).")
                _next_crew_turn(d)
        elif isinstance(move, Place):
            roll = list(state.roll)
            roll.remove(move.value)
            d["roll"] = tuple(roll)
            d["placed"] = (*state.placed, move.ship)
            crews = list(state.crews)
            crew, bumped = insert_die(state.crews[move.ship], Die(seat, move.value))
            crews[move.ship] = crew
            d["crews"] = tuple(crews)
            if bumped is not None:
                d["events"].append(
                    f"{who(bumped.owner)}'s {bumped.value} is pushed off ship "
                    f"{SEAT_LETTERS[move.ship]} and earns nothing."
                )
            if not _has_placeable(d["roll"]):
                _next_crew_turn(d)
        elif isinstance(move, Keep):
            _next_crew_turn(d)
        elif isinstance(move, Step):
            _step(d, seat, move.space)
        elif isinstance(move, Camp):
            _camp(d, seat)
        else:
            _end_navigation_turn(d)
        return _freeze(d)

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
        words = text.lower().replace(",", " ").split()
        if not words:
            raise InvalidMove(f"Empty move. {MOVE_HELP}")
        head, rest = words[0], words[1:]
        if head in ("wages", "wage") and len(rest) == 2 and all(w.isdigit() for w in rest):
            return Wages(int(rest[0]), int(rest[1]))
        if head == "reroll" and 1 <= len(rest) <= DICE_PER_PLAYER:
            return Reroll(tuple(sorted((_die_value(text, w) for w in rest), reverse=True)))
        if head == "place":
            if rest[1:2] == ["on"]:
                rest = [rest[0], *rest[2:]]
            if len(rest) == 2:
                return Place(_die_value(text, rest[0]), _ship(state, text, rest[1]))
        if words == ["keep"]:
            return Keep()
        if words == ["camp"]:
            return Camp()
        if words in (["end"], ["end", "turn"]):
            return End()
        if head in ("go", "to"):
            words = rest
        name = " ".join(words)
        if name in NAME_TO_SPACE:
            return Step(NAME_TO_SPACE[name])
        land = _land_name(name)
        if land:
            raise InvalidMove(f"`{text}`: {name} is {land}; ships sail only on sea spaces.")
        raise InvalidMove(f"`{text}` is not a Tonga Bonga move. Moves: {MOVE_HELP}")

    def format(self, state: TongaState, move: Move) -> str:
        if isinstance(move, Wages):
            return f"wages {move.captain} {move.helmsman}"
        if isinstance(move, Reroll):
            return "reroll " + " ".join(_face(v) for v in move.dice)
        if isinstance(move, Place):
            return f"place {_face(move.value)} on {SEAT_LETTERS[move.ship]}"
        if isinstance(move, Keep):
            return "keep"
        if isinstance(move, Step):
            return f"go {SPACE_NAMES[move.space]}"
        if isinstance(move, Camp):
            return "camp"
        return "end"

    def describe(self, before: TongaState, seat: int, move: Move, after: TongaState) -> str:
        if isinstance(move, Wages):
            words = f"sets wages: captain {move.captain}, helmsman {move.helmsman}."
        elif isinstance(move, Reroll):
            words = f"rerolls {dice_text(move.dice)}."
        elif isinstance(move, Place):
            words = f"places a {move.value} on ship {SEAT_LETTERS[move.ship]}."
        elif isinstance(move, Keep):
            words = "keeps the seasick dice home."
        elif isinstance(move, Step):
            words = f"sails from {_where(before.ships[seat])} to {_where(move.space)}."
        elif isinstance(move, Camp):
            words = f"sets up a camp on {ISLANDS[before.ships[seat]].name}."
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
                return f"{me} to set wages: only `wages {money} 0` is possible ({money} coins)"
            return (
                f"{me} to set wages for captain and helmsman, at least 1 each "
                f"(e.g. `wages 2 1`; {money} coins in hand)"
            )
        if state.phase is Phase.CREW:
            options = []
            if _has_placeable(state.roll):
                options.append("place a die on another ship (`place 4 on B`)")
            else:
                options.append("`keep` (all seasick)")
            if not state.placed and state.money[seat] >= reroll_cost(state.rerolls):
                options.append(f"reroll 1-3 dice for {reroll_cost(state.rerolls)} (`reroll s`)")
            return f"{me} rolled {dice_text(state.roll)}: " + " or ".join(options)
        where = _where(state.ships[seat])
        if state.passing:
            return (
                f"{me} is passing through a ship at {where} and must sail on "
                f"({state.mp} movement points left; `go d5`)"
            )
        camp = f", `camp` on {ISLANDS[state.ships[seat]].name}" if state.may_camp else ""
        return (
            f"{me} navigates from {where} with {state.mp} movement points: "
            f"sail one space (`go d5`){camp} or `end`"
        )

    def playout_move(self, state: TongaState, seat: int, draw: random.Random) -> Move:
        """A goal-directed policy: sail to the nearest island without our camp, then home.

        Uniformly random steps almost never complete a tour of four islands, so playouts
        (tests, benchmarks) use this: small random wages, random placements, rerolls of
        seasick dice half the time, and greedy steps along precomputed distances.
        """
        if state.phase is Phase.WAGES:
            money = state.money[seat]
            if money < 2:
                return Wages(money, 0)
            captain = 1 + rng.below(draw, min(3, money - 1))
            return Wages(captain, 1 + rng.below(draw, min(3, money - captain)))
        if state.phase is Phase.CREW:
            sick = state.roll.count(SEASICK)
            if (
                sick
                and not state.placed
                and state.money[seat] >= reroll_cost(state.rerolls)
                and draw.random() < 0.5
            ):
                return Reroll((SEASICK,) * sick)
            moves = _crew_moves(state, seat)
            places = [m for m in moves if isinstance(m, Place | Keep)]
            return places[rng.below(draw, len(places))]
        if state.may_camp:
            return Camp()
        here = state.ships[seat]
        dist = _distance_rows(state.ghost)[_goal(state, seat)]
        steps = _steps(state)
        if steps:
            best = min(steps, key=dist.__getitem__)
            if state.passing or dist[best] < dist[here]:
                return STEPS[best]
        return End()


# -- shared small helpers (also used by the picture's text and the tests) -----------------------
class WageChoices(Sequence[Wages]):
    """Every legal wage choice, listed lazily: a rich player has thousands of them."""

    def __init__(self, money: int) -> None:
        self.money = money

    def __len__(self) -> int:
        if self.money < 2:
            return 1
        return self.money * (self.money - 1) // 2

    @overload
    def __getitem__(self, index: int) -> Wages: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Wages, ...]: ...
    def __getitem__(self, index: int | slice) -> Wages | tuple[Wages, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if self.money < 2:
            return Wages(self.money, 0)
        # Captain c = 1, 2, ... leaves helmsman choices 1..money-c.
        captain = 1
        while index >= self.money - captain:
            index -= self.money - captain
            captain += 1
        return Wages(captain, index + 1)

    def __iter__(self) -> Iterator[Wages]:
        if self.money < 2:
            yield Wages(self.money, 0)
            return
        for captain in range(1, self.money):
            for helmsman in range(1, self.money - captain + 1):
                yield Wages(captain, helmsman)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Wages):
            return False
        if self.money < 2:
            return move == Wages(self.money, 0)
        return (
            move.captain >= 1 and move.helmsman >= 1 and move.captain + move.helmsman <= self.money
        )


def order(state: TongaState) -> tuple[int, ...]:
    """The hiring boards from left to right: the leftmost moves to the right every round."""
    first = (state.round - 1) % state.players
    return tuple((first + i) % state.players for i in range(state.players))


def acting(state: TongaState) -> int:
    return (state.round - 1 + state.turn) % state.players


def who(seat: int) -> str:
    return f"Seat {seat + 1} ({SEAT_LETTERS[seat]})"


def reroll_cost(rerolls_done: int) -> int:
    return FIRST_REROLL_COST + rerolls_done


def camps_left(state: TongaState, seat: int) -> int:
    return CAMPS_PER_PLAYER - sum(seat in camp for camp in state.camps)


def dice_text(values: Sequence[int]) -> str:
    return ", ".join("seasick" if v == SEASICK else str(v) for v in values) or "none"


def insert_die(crew: tuple[Die, ...], die: Die) -> tuple[tuple[Die, ...], Die | None]:
    """The crew with ``die`` placed (highest first, left of equal dice) and the die pushed off."""
    at = 0
    while at < len(crew) and crew[at].value > die.value:
        at += 1
    new = (*crew[:at], die, *crew[at:])
    if len(new) > SHIP_SLOTS:
        return new[:SHIP_SLOTS], new[SHIP_SLOTS]
    return new, None


# -- private helpers ----------------------------------------------------------------------------
def _thaw(state: TongaState) -> dict:
    """The state's fields as a dict to edit; money and ledger become lists when first touched."""
    d = dict(state.__dict__)
    d["events"] = []
    return d


def _freeze(d: dict) -> TongaState:
    if isinstance(d["money"], list):
        d["money"] = tuple(d["money"])
    if isinstance(d["ledger"], list):
        d["ledger"] = tuple(tuple(line) for line in d["ledger"])
    d["events"] = tuple(d["events"])
    # Every field is in ``d`` already, so skip the frozen __init__ (a hot path in playouts).
    state = object.__new__(TongaState)
    state.__dict__.update(d)
    return state


def _purse(d: dict) -> tuple[list[int], list[list[int]]]:
    """The money and the ledger of ``d``, as lists that may be edited."""
    if not isinstance(d["money"], list):
        d["money"] = list(d["money"])
        d["ledger"] = [list(line) for line in d["ledger"]]
    return d["money"], d["ledger"]


def _transfer(d: dict, payer: int, payee: int | None, amount: int, out: int, into: int) -> int:
    """Move up to ``amount`` coins (never below 0: the rest is forgiven); None is the bank."""
    money, ledger = _purse(d)
    paid = min(amount, money[payer])
    money[payer] -= paid
    ledger[payer][out] -= paid
    if payee is not None:
        money[payee] += paid
        ledger[payee][into] += paid
    return paid


def _gain(d: dict, seat: int, amount: int, line: int) -> None:
    money, ledger = _purse(d)
    money[seat] += amount
    ledger[seat][line] += amount


def _acting_d(d: dict) -> int:
    return (d["round"] - 1 + d["turn"]) % d["players"]


def _has_placeable(roll: Sequence[int]) -> bool:
    return any(v != SEASICK for v in roll)


def _can_reroll(d: dict) -> bool:
    return not d["placed"] and d["money"][_acting_d(d)] >= reroll_cost(d["rerolls"])


def _start_crew_turn(d: dict) -> None:
    seat = _acting_d(d)
    d["roll"] = tuple(
        sorted(rng.roll(d["seed"], f"crew:{d['round']}:{seat}", DICE_PER_PLAYER), reverse=True)
    )
    d["rerolls"] = 0
    d["placed"] = ()
    d["events"].append(f"{who(seat)} rolls {dice_text(d['roll'])}.")
    if not _has_placeable(d["roll"]) and not _can_reroll(d):
        d["events"].append(f"{who(seat)} keeps every die home (all seasick).")
        _next_crew_turn(d)


def _next_crew_turn(d: dict) -> None:
    d["roll"] = ()
    d["placed"] = ()
    d["turn"] += 1
    if d["turn"] < d["players"]:
        _start_crew_turn(d)
        return
    d["phase"] = Phase.NAVIGATION
    d["turn"] = 0
    d["rerolls"] = 0
    _start_navigation_turn(d)


def _start_navigation_turn(d: dict) -> None:
    seat = _acting_d(d)
    d["mp"] = sum(die.value for die in d["crews"][seat])
    d["path"] = (d["ships"][seat],)
    d["winds"] = ()
    d["ghost_paid"] = False
    d["passing"] = False
    d["may_camp"] = False
    d["events"].append(f"{who(seat)} navigates with {_points(d['mp'])}.")
    if not _steps_d(d):
        _end_navigation_turn(d)


def _end_navigation_turn(d: dict) -> None:
    seat = _acting_d(d)
    here = d["ships"][seat]
    index = DOLPHIN_INDEX.get(here)
    if index is not None and d["tiles"][index] is not None:
        tile = TILE_BY_KEY[d["tiles"][index]]
        if tile.kind is Kind.TREASURE:
            _gain(d, seat, tile.value, TREASURES)
            d["tiles"] = _without(d["tiles"], index)
            d["events"].append(f"{who(seat)} ends on sunken treasure: +{tile.value}.")
    d["may_camp"] = False
    d["passing"] = False
    d["mp"] = 0
    d["turn"] += 1
    if d["turn"] < d["players"]:
        _start_navigation_turn(d)
        return
    _pay_wages(d)
    _end_round(d)


def _pay_wages(d: dict) -> None:
    money, ledger = _purse(d)
    lines = []
    for owner in range(d["players"]):
        crew = d["crews"][owner]
        for slot, wage in enumerate(d["wages"][owner]):
            if slot < len(crew):
                worker = crew[slot].owner
                money[worker] += wage
                ledger[owner][WAGES_PAID] -= wage
                ledger[worker][WAGES_RECEIVED] += wage
                if wage:
                    lines.append(f"{SEAT_LETTERS[owner]}→{SEAT_LETTERS[worker]} {wage}")
            else:
                money[owner] += wage
                if wage:
                    lines.append(f"{SEAT_LETTERS[owner]} takes back {wage}")
    d["events"].append("Wage payment: " + ("; ".join(lines) or "nothing") + ".")


def _end_round(d: dict) -> None:
    if d["ending"]:
        for seat in d["home"]:
            _gain(d, seat, RETURN_BONUS, BONUS)
        d["phase"] = Phase.OVER
        bonus = ", ".join(who(seat) for seat in d["home"])
        d["events"].append(f"The game is over. Return bonus of {RETURN_BONUS}: {bonus}.")
        return
    d["round"] += 1
    d["phase"] = Phase.WAGES
    d["turn"] = 0
    d["wages"] = ((0, 0),) * d["players"]
    d["crews"] = ((),) * d["players"]
    d["home"] = ()
    d["path"] = ()
    d["winds"] = ()
    d["events"].append(f"Round {d['round']} begins.")


def _ghost_space(state: TongaState) -> int:
    return state.ghost


def _wind(tiles: tuple[str | None, ...], winds: tuple[int, ...], space: int) -> int:
    """The wind points entering ``space`` would still give this turn."""
    index = DOLPHIN_INDEX.get(space)
    if index is None or index in winds:
        return 0
    key = tiles[index]
    if key is None:
        return 0
    tile = TILE_BY_KEY[key]
    return tile.value if tile.kind is Kind.WIND else 0


def _steps(state: TongaState) -> list[int]:
    return _legal_steps(
        state.ships, acting(state), state.mp, state.tiles, state.winds, _ghost_space(state)
    )


def _steps_d(d: dict) -> list[int]:
    return _legal_steps(d["ships"], _acting_d(d), d["mp"], d["tiles"], d["winds"], d["ghost"])


def _legal_steps(
    ships: tuple[int, ...],
    seat: int,
    mp: int,
    tiles: tuple[str | None, ...],
    winds: tuple[int, ...],
    ghost: int,
) -> list[int]:
    if mp <= 0:
        return []
    out = []
    # A neighbour listed in ``ships`` holds another ship (ours is not next to itself).
    for space in NEIGHBOURS[ships[seat]]:
        if space == ghost:
            continue
        if space >= HARBOURS and space in ships:
            left = mp - 2
            if left < 0:
                continue
            occupied = {s for o, s in enumerate(ships) if o != seat and s >= HARBOURS}
            gust = _wind(tiles, winds, space)
            used = (*winds, DOLPHIN_INDEX[space]) if gust else winds
            if not _can_sail_on(space, left + gust, occupied, tiles, used, ghost):
                continue
        out.append(space)
    return out


def _can_sail_on(
    space: int,
    mp: int,
    occupied: set[int],
    tiles: tuple[str | None, ...],
    winds: tuple[int, ...],
    ghost: int,
) -> bool:
    """Whether a ship passing through ``space`` with ``mp`` points left can take a next step."""
    for other in NEIGHBOURS[space]:
        if other == ghost:
            continue
        if other not in occupied:
            if mp >= 1:
                return True
        elif mp >= 2:  # 2 to pass it too; its wind may pay for the step beyond
            gust = _wind(tiles, winds, other)
            used = (*winds, DOLPHIN_INDEX[other]) if gust else winds
            if _can_sail_on(other, mp - 2 + gust, occupied, tiles, used, ghost):
                return True
    return False


def _step(d: dict, seat: int, space: int) -> None:
    ships = d["ships"]
    passing = space >= HARBOURS and any(
        ship == space for other, ship in enumerate(ships) if other != seat
    )
    d["mp"] -= 2 if passing else 1
    d["passing"] = passing
    d["may_camp"] = False
    d["ships"] = (*ships[:seat], space, *ships[seat + 1 :])
    d["path"] = (*d["path"], space)
    index = DOLPHIN_INDEX.get(space)
    if index is not None and d["tiles"][index] is not None:
        tile = TILE_BY_KEY[d["tiles"][index]]
        if tile.kind is Kind.WIND and index not in d["winds"]:
            d["mp"] += tile.value
            d["winds"] = (*d["winds"], index)
            d["events"].append(f"Wind: +{tile.value} movement points.")
        elif tile.kind is Kind.MAP:
            maps = list(d["maps"])
            maps[seat] = (*maps[seat], tile.key)
            d["maps"] = tuple(maps)
            d["tiles"] = _without(d["tiles"], index)
            d["events"].append(
                f"{who(seat)} takes the treasure map to {ISLANDS[tile.target].name}."
            )
    d["events"].append(f"{_points(d['mp'])} left.")
    _ghost_wages(d, seat, space)
    if space < HARBOURS:
        _arrive(d, seat, space)
    if not d["passing"] and not d["may_camp"] and not _steps_d(d):
        _end_navigation_turn(d)


def _ghost_wages(d: dict, seat: int, space: int) -> None:
    if d["ghost_paid"] or d["ghost"] < 0 or space not in NEIGHBOURS_SET[d["ghost"]]:
        return
    d["ghost_paid"] = True
    paid = []
    for die in d["crews"][seat]:
        amount = _transfer(d, seat, die.owner, GHOST_WAGE, GHOST_PAID, GHOST_RECEIVED)
        paid.append(f"{amount} to {who(die.owner)}")
    d["events"].append(
        f"Next to the ghost ship: {who(seat)} pays extra wages: {', '.join(paid) or 'no crew'}."
    )


def _arrive(d: dict, seat: int, harbour: int) -> None:
    held = d["maps"][seat]
    for key in held:
        tile = TILE_BY_KEY[key]
        if tile.target == harbour:
            _gain(d, seat, tile.value, TREASURES)
            maps = list(d["maps"])
            maps[seat] = tuple(k for k in maps[seat] if k != key)
            d["maps"] = tuple(maps)
            d["events"].append(
                f"{who(seat)} follows the treasure map to {ISLANDS[harbour].name}: +{tile.value}."
            )
    placed = sum(seat in camp for camp in d["camps"])
    if harbour == HOME:
        if placed == CAMPS_PER_PLAYER:
            if not d["ending"]:
                d["events"].append(f"{who(seat)} is home with four camps: this round is the last.")
            d["ending"] = True
            if seat not in d["home"]:
                d["home"] = (*d["home"], seat)
        return
    if seat not in d["camps"][harbour] and placed < CAMPS_PER_PLAYER:
        d["may_camp"] = True


def _camp(d: dict, seat: int) -> None:
    island = d["ships"][seat]
    others = d["camps"][island]
    camps = list(d["camps"])
    camps[island] = (*others, seat)
    d["camps"] = tuple(camps)
    d["may_camp"] = False
    _gain(d, seat, CAMP_INCOME, CAMPS)
    fees = [
        f"{_transfer(d, seat, other, CAMP_FEE, FEES_PAID, FEES_RECEIVED)} to {who(other)}"
        for other in others
    ]
    paid = f", pays {', '.join(fees)}" if fees else ""
    d["events"].append(f"+{CAMP_INCOME} from the bank{paid}.")
    if not _steps_d(d):
        _end_navigation_turn(d)


def _without(tiles: tuple[str | None, ...], index: int) -> tuple[str | None, ...]:
    return (*tiles[:index], None, *tiles[index + 1 :])


def _crew_moves(state: TongaState, seat: int) -> tuple[Move, ...]:
    can_reroll = not state.placed and state.money[seat] >= reroll_cost(state.rerolls)
    return _crew_options(state.players, seat, state.roll, state.placed, can_reroll)


@cache
def _crew_options(
    players: int, seat: int, roll: tuple[int, ...], placed: tuple[int, ...], can_reroll: bool
) -> tuple[Move, ...]:
    """The crew step's moves; few distinct situations occur, so they are cached."""
    moves: list[Move] = []
    values = sorted({v for v in roll if v != SEASICK}, reverse=True)
    if values:
        ships = _open_ships(players, seat, placed)
        moves.extend(Place(value, ship) for value in values for ship in ships)
    else:
        moves.append(Keep())
    if can_reroll:
        moves.extend(Reroll(dice) for dice in _subsets(roll))
    return tuple(moves)


def _open_ships(players: int, seat: int, placed: tuple[int, ...]) -> list[int]:
    """The ships that may take one more of the acting seat's dice this turn."""
    per_ship = 2 if players == 3 else 1
    return [ship for ship in range(players) if ship != seat and placed.count(ship) < per_ship]


@cache
def _subsets(roll: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of 1..3 dice from the roll, highest values first."""
    found: set[tuple[int, ...]] = set()
    n = len(roll)
    for mask in range(1, 1 << n):
        found.add(tuple(sorted((roll[i] for i in range(n) if mask >> i & 1), reverse=True)))
    return tuple(sorted(found, key=lambda dice: (len(dice), [-v for v in dice])))


def _goal(state: TongaState, seat: int) -> int:
    """The playout policy's target: the nearest island without our camp, or home."""
    if camps_left(state, seat) == 0:
        return HOME
    here = state.ships[seat]
    rows = _distance_rows(state.ghost)
    islands = [i for i in range(1, len(ISLANDS)) if seat not in state.camps[i]]
    return min(islands, key=lambda i: rows[i][here])


@cache
def _distance_rows(ghost: int) -> tuple[tuple[int, ...], ...]:
    """Distances to every harbour, with the ghost ship at ``ghost``."""
    return tuple(distances(harbour, ghost) for harbour in range(len(ISLANDS)))


def _refusal(state: TongaState, seat: int, move: Move) -> str | None:
    """Why ``move`` is illegal now, or None if it is legal."""
    phase = state.phase
    if isinstance(move, Wages):
        if phase is not Phase.WAGES:
            return f"Wages are set in the wages step; now it is the {phase.value} step."
        money = state.money[seat]
        if money < 2:
            if move != Wages(money, 0):
                return f"You have {money} coins: put down what you have, `wages {money} 0`."
            return None
        if move.captain < 1 or move.helmsman < 1:
            return "Captain and helmsman each need a wage of at least 1 coin."
        if move.captain + move.helmsman > money:
            return (
                f"Wages of {move.captain} + {move.helmsman} = {move.captain + move.helmsman} "
                f"are more than your {money} coins."
            )
        return None
    if isinstance(move, Reroll | Place | Keep) and phase is not Phase.CREW:
        return f"Dice are rolled and placed in the crew step; now it is the {phase.value} step."
    if isinstance(move, Reroll):
        if not 1 <= len(move.dice) <= DICE_PER_PLAYER:
            return f"A reroll takes 1 to {DICE_PER_PLAYER} of your dice."
        if state.placed:
            return "Rerolls come before you place your first die."
        cost = reroll_cost(state.rerolls)
        if state.money[seat] < cost:
            return f"This reroll costs {cost} coins and you have {state.money[seat]}."
        left = list(state.roll)
        for value in move.dice:
            if value not in left:
                return f"You have no die showing {_face(value)} to reroll (your dice: " + (
                    f"{dice_text(state.roll)})."
                )
            left.remove(value)
        return None
    if isinstance(move, Place):
        if move.value == SEASICK:
            return "A seasick die stays home this round."
        if move.value not in state.roll:
            return f"None of your dice shows {move.value} (your dice: {dice_text(state.roll)})."
        if move.ship == seat:
            return "Crew dice go on the other players' ships, not your own."
        if not 0 <= move.ship < state.players:
            return f"There is no ship number {move.ship + 1} in this game."
        if move.ship not in _open_ships(state.players, seat, state.placed):
            limit = "two of your dice" if state.players == 3 else "one of your dice"
            return f"Ship {SEAT_LETTERS[move.ship]} already has {limit} this round."
        return None
    if isinstance(move, Keep):
        if _has_placeable(state.roll):
            return f"You still have dice to place: {dice_text(state.roll)}."
        return None
    if phase is not Phase.NAVIGATION:
        return f"Ships move in the navigation step; now it is the {phase.value} step."
    if isinstance(move, Camp):
        if not state.may_camp:
            here = state.ships[seat]
            if here < HARBOURS and here != HOME and seat in state.camps[here]:
                return f"You already have a camp on {ISLANDS[here].name}."
            if here < HARBOURS and here != HOME and camps_left(state, seat) == 0:
                return "All four of your camps are set up."
            return (
                "You may camp only right after entering the harbour of an island other than "
                "Tonga Bonga (a ship that starts its turn in a harbour must leave and come back)."
            )
        return None
    if isinstance(move, End):
        if state.passing:
            return "Your ship is passing through another ship's space and may not stop there."
        return None
    # A step.
    here = state.ships[seat]
    target = move.space
    if not 0 <= target < SPACES:
        return f"There is no sea space number {target}."
    name = SPACE_NAMES[target]
    if target not in NEIGHBOURS[here]:
        return f"{name} is not next to your ship at {SPACE_NAMES[here]}: move one space at a time."
    if target == _ghost_space(state):
        return f"The ghost ship lies on {name}: no ship may enter it."
    if state.mp < 1:
        return "You have no movement points left."
    if target < HARBOURS or target not in state.ships or target in _steps(state):
        return None
    if state.mp < 3:
        return (
            f"A ship lies on {name}: passing through costs 2 points and needs a further step, "
            f"but you have only {state.mp}."
        )
    return f"A ship lies on {name} and there would be no further step from it: you cannot pass."


def _die_value(text: str, word: str) -> int:
    if word in ("s", "sick", "seasick", "6"):
        return SEASICK
    if word.isdigit() and 1 <= int(word) <= 5:
        return int(word)
    raise InvalidMove(f"`{text}`: `{word}` is not a die face (1-5, or s for seasick).")


def _ship(state: TongaState, text: str, word: str) -> int:
    letters = [letter.lower() for letter in SEAT_LETTERS[: state.players]]
    if word in letters:
        return letters.index(word)
    if word.isdigit() and 1 <= int(word) <= state.players:
        return int(word) - 1
    raise InvalidMove(
        f"`{text}`: `{word}` is not a ship; ships are {', '.join(SEAT_LETTERS[: state.players])}."
    )


def _points(mp: int) -> str:
    return f"{mp} movement point{'' if mp == 1 else 's'}"


def _face(value: int) -> str:
    return "s" if value == SEASICK else str(value)


def _where(space: int) -> str:
    if space < HARBOURS:
        return f"the {ISLANDS[space].name} harbour"
    return SPACE_NAMES[space]


def _land_name(name: str) -> str:
    """'land of Cocoa' / 'a reef' if ``name`` labels such a hex, else ''."""
    for hex_ in LAND:
        if label(hex_) == name:
            for island in ISLANDS:
                if hex_ in island.land:
                    return f"land of {island.name}"
            return "a reef"
    return ""
