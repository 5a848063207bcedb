"""Tonga Bonga routes: several navigation actions in one move (`go k15 l15 cocoa camp m3`), and
the routes autocomplete offers to the places worth reaching.

A route is only a shorthand: it is checked action by action with the ordinary rules
(``navigation_refusal``) on the state each action leaves, and played as those actions in turn,
so it can do nothing a sequence of single moves could not. The turn still ends by itself when
nothing is left to decide, so a route that spends every point needs no `end`.

The places worth reaching are found by a search over the acting ship's own steps (the other
ships do not move during its turn): every harbour, camp site, treasure map, sunken treasure and
wind in reach, with the points each costs, and for each island still to visit the reachable
space nearest to it.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from itertools import pairwise

from i18n.text import TN, T, Text, joined
from rules.tonga.common import Draft, acting, acting_in, camps_left, freeze, island_name, thaw
from rules.tonga.map import DOLPHIN_SPACES, HARBOURS, HOME, SPACE_NAMES, distances
from rules.tonga.navigation import (
    CAMP_FEE,
    CAMP_INCOME,
    DOLPHIN_INDEX,
    camp,
    end_navigation_turn,
    legal_steps,
    navigation_refusal,
    points_left,
    step,
    wind_gain,
)
from rules.tonga.state import SEAT_LETTERS, Action, Camp, End, Phase, Route, Step, TongaState
from rules.tonga.tiles import TILE_BY_KEY, Kind

# Autocomplete lines are at most 100 characters (Discord's limit for a choice).
LINE = 100
# How many whole routes autocomplete offers, leaving room for `camp`, `end` and single steps.
ROUTES_OFFERED = 18
_POINTS_LEFT = re.compile(r"\d+ movement points? left\.")


def action_word(action: Action) -> str:
    """An action as a route writes it: a space's name, `camp` or `end`."""
    if isinstance(action, Step):
        return SPACE_NAMES[action.space]
    return "camp" if isinstance(action, Camp) else "end"


def route_text(actions: tuple[Action, ...]) -> str:
    """The canonical text of a route: `go` and the actions in order, or `camp go ...` for a
    camp before sailing on (`go camp end` for a route that does not sail at all)."""
    words = [action_word(action) for action in actions]
    if len(actions) > 1 and isinstance(actions[0], Camp) and isinstance(actions[1], Step):
        return " ".join(["camp", "go", *words[1:]])
    return " ".join(["go", *words])


def as_move(actions: tuple[Action, ...]) -> Action | Route:
    """One action alone is that action's own move; several make a Route."""
    return actions[0] if len(actions) == 1 else Route(actions)


# -- checking and playing -----------------------------------------------------------------------
def play_action(d: Draft, seat: int, action: Action) -> None:
    if isinstance(action, Step):
        step(d, seat, action.space)
    elif isinstance(action, Camp):
        camp(d, seat)
    else:
        end_navigation_turn(d)


def route_refusal(state: TongaState, seat: int, route: Route) -> Text | None:
    """Why ``route`` is illegal now (naming the first action refused and why), or None."""
    current = state
    for i, action in enumerate(route.actions):
        if current.phase is not Phase.NAVIGATION or acting(current) != seat:
            if i == 0:
                return T("Ships sail in their own navigation turn, and this is not yours.")
            done = route.actions[i - 1]
            if isinstance(done, End):
                return T(
                    "`{end}` ends your turn, so the route cannot go on with `{action}`.",
                    end="end",
                    action=action_word(action),
                )
            return T(
                "Your turn ends by itself after `{done}`: nothing is left to do there (no camp, "
                "and no step with the points left), so the route cannot go on with `{action}`.",
                done=action_word(done),
                action=action_word(action),
            )
        reason = navigation_refusal(current, seat, action)
        if reason is not None:
            if i == 0:
                return T(
                    "`{action}`, action {number} of your route: {reason}",
                    action=action_word(action),
                    number=i + 1,
                    reason=reason,
                )
            return T(
                "`{action}`, action {number} of your route (after `{route}`): {reason}",
                action=action_word(action),
                number=i + 1,
                route=route_text(route.actions[:i]),
                reason=reason,
            )
        d = thaw(current)
        play_action(d, seat, action)
        current = freeze(d)
    return None


def sail(d: Draft, seat: int, route: Route) -> None:
    """Play the route's actions in turn. The public events tell the points left once, at the
    end, and only while the turn goes on (once it ends they are lost anyway)."""
    for action in route.actions:
        play_action(d, seat, action)
    tell_points_once(d, seat)


def tell_points_once(d: Draft, seat: int) -> None:
    """After a route's actions: the points left told once, at the end (see ``sail``)."""
    d["events"] = [e for e in d["events"] if not _POINTS_LEFT.fullmatch(e)]
    if d["phase"] is Phase.NAVIGATION and acting_in(d) == seat:
        d["events"].append(points_left(d["mp"]))


def route_words(before: TongaState, seat: int, route: Route) -> Text:
    """The route in words, told once, as what the seat does (the caller names the seat and ends
    the sentence): "sails n4 → m4 → m3 → Cocoa (3 points), reaching the Cocoa harbour, and sets
    up a camp on Cocoa, then sails Cocoa → l3 (1 point)"."""
    parts: list[tuple[bool, Text]] = []  # (is a leg of sailing, its words)
    leg: list[int] = []  # the leg being sailed: its start, then the spaces entered
    here = before.ships[seat]
    for action in route.actions:
        if isinstance(action, Step):
            leg = leg or [here]
            leg.append(action.space)
            here = action.space
            continue
        if leg:
            parts.append((True, _leg_words(before.ships, seat, leg)))
            leg = []
        if isinstance(action, Camp):
            parts.append((False, T("sets up a camp on {island}", island=island_name(here))))
        else:
            parts.append((False, T("ends the navigation turn")))
    if leg:
        parts.append((True, _leg_words(before.ships, seat, leg)))
    text = parts[0][1]
    for (after_leg, _), (is_leg, words) in pairwise(parts):
        # A leg's end and what is done there read as one ("..., and sets up a camp").
        if after_leg and not is_leg:
            text = T("{done}, and {then}", done=text, then=words)
        else:
            text = T("{done}, then {then}", done=text, then=words)
    return text


def _leg_words(ships: tuple[int, ...], seat: int, leg: list[int]) -> Text:
    """`sails n4 → m4 → Cocoa (2 points, passing ship B), reaching the Cocoa harbour`."""
    cost = 0
    passed = []
    for space in leg[1:]:
        paid = step_cost(ships, seat, space)
        cost += paid
        if paid == 2:
            passed += [o for o, s in enumerate(ships) if o != seat and s == space]
    path = joined((island_name(s) if s < HARBOURS else SPACE_NAMES[s] for s in leg), " → ")
    if passed:
        passing = joined(
            (T("passing ship {ship}", ship=SEAT_LETTERS[ship]) for ship in passed), ", "
        )
        text = TN(
            "sails {path} ({count} point, {passing})",
            "sails {path} ({count} points, {passing})",
            cost,
            path=path,
            passing=passing,
        )
    else:
        text = TN("sails {path} ({count} point)", "sails {path} ({count} points)", cost, path=path)
    if leg[-1] < HARBOURS:
        return T("{leg}, reaching the {island} harbour", leg=text, island=island_name(leg[-1]))
    return text


# -- the places worth reaching ------------------------------------------------------------------
@dataclass(frozen=True)
class Reach:
    """The best way found to a space: the spaces entered, points paid, points left after."""

    path: tuple[int, ...]
    spent: int
    left: int
    winds: tuple[int, ...]  # the dolphin indices whose wind this turn has used on arrival


def reachable(state: TongaState) -> dict[int, Reach]:
    """For every space the acting ship may stop on this turn, the way there that leaves the
    most points (then the fewest steps). Winds used are part of the search state, because a
    wind gives its points once per turn; each step is one the ordinary rules allow."""
    seat = acting(state)
    others = {s for o, s in enumerate(state.ships) if o != seat and s >= HARBOURS}
    origin = Reach((), 0, state.mp, state.winds)
    best: dict[tuple[int, frozenset[int]], Reach] = {
        (state.ships[seat], frozenset(state.winds)): origin
    }
    stops: dict[int, Reach] = {}
    queue = deque([(state.ships[seat], origin)])
    ships = list(state.ships)
    while queue:
        space, reach = queue.popleft()
        if best.get((space, frozenset(reach.winds))) is not reach:
            continue  # a better way here was found since this one was queued
        ships[seat] = space
        moves = legal_steps(tuple(ships), seat, reach.left, state.tiles, reach.winds, state.ghost)
        for target in moves:
            passing = target in others
            cost = 2 if passing else 1  # as step_cost, with the other ships' spaces at hand
            gust = wind_gain(state.tiles, reach.winds, target)
            winds = (*reach.winds, DOLPHIN_INDEX[target]) if gust else reach.winds
            new = Reach((*reach.path, target), reach.spent + cost, reach.left - cost + gust, winds)
            key = (target, frozenset(winds))
            old = best.get(key)
            if old is not None and _rank(old) >= _rank(new):
                continue
            best[key] = new
            queue.append((target, new))
            if not passing:
                kept = stops.get(target)
                if kept is None or _rank(new) > _rank(kept):
                    stops[target] = new
    stops.pop(state.ships[seat], None)  # staying put is `end`, not a route
    return stops


def _rank(reach: Reach) -> tuple[int, int]:
    return reach.left, -len(reach.path)


@dataclass(frozen=True)
class Option:
    """A route autocomplete offers: its actions, the points it pays and leaves, what it gains."""

    actions: tuple[Action, ...]
    spent: int
    left: int
    gain: Text  # "camp on Cocoa +25"

    @property
    def cost(self) -> Text:
        return TN(
            "{count} point, {left} left", "{count} points, {left} left", self.spent, left=self.left
        )

    @property
    def note(self) -> Text:
        return T("{cost}: {gain}", cost=self.cost, gain=self.gain)

    def line(self) -> Text | str:
        """The suggestion: the route (notation, a placeholder value), then the note in brackets
        (which ``parse`` ignores, and the tap panel shows as the route's label): a message."""
        text = route_text(self.actions)
        full = T("{route} ({note})", route=text, note=self.note)
        return full if len(full) <= LINE else text

    def after(self, actions: tuple[Action, ...], spent: int) -> Option:
        """This option continuing a route already typed (``actions``, which paid ``spent``)."""
        return Option((*actions, *self.actions), spent + self.spent, self.left, self.gain)


def step_cost(ships: tuple[int, ...], seat: int, space: int) -> int:
    """The points a step into ``space`` pays: 2 to pass through a small space with a ship."""
    passing = space >= HARBOURS and any(s == space for o, s in enumerate(ships) if o != seat)
    return 2 if passing else 1


def route_options(state: TongaState) -> list[Option]:
    """Whole routes to the places worth reaching, most useful first: camps, treasure, the way
    towards islands still to visit, home, winds, then the other harbours. Each is offered
    once, with its cost; routes longer than an autocomplete line are left out."""
    if state.phase is not Phase.NAVIGATION:
        return []
    seat = acting(state)
    stops = reachable(state)
    if not stops:
        return []
    ranked: list[tuple[int, int, Option]] = []  # (category, points spent, option)

    def add(category: int, space: int, note: Text, then: tuple[Action, ...] = ()) -> None:
        reach = stops[space]
        actions: tuple[Action, ...] = (*(Step(s) for s in reach.path), *then)
        ranked.append((category, reach.spent, Option(actions, reach.spent, reach.left, note)))

    can_camp = camps_left(state, seat) > 0
    maps = {TILE_BY_KEY[key].target: TILE_BY_KEY[key].value for key in state.maps[seat]}
    for island in range(HARBOURS):
        if island not in stops:
            continue
        name = island_name(island)
        paid = maps.get(island, 0)
        if island != HOME and can_camp and seat not in state.camps[island]:
            fees = len(state.camps[island]) * CAMP_FEE
            add(0, island, _camp_gain(name, fees, paid), (Camp(),))
        elif paid:
            add(1, island, T("{island} harbour, treasure map +{bonus}", island=name, bonus=paid))
        elif island == HOME:
            if can_camp:
                add(3, island, T("home harbour"))
            else:
                add(0, island, T("home with four camps: last round"))
        elif can_camp:
            add(6, island, T("{island} harbour (camp there already)", island=name))
        else:
            add(6, island, Text(name))  # a name marked in map.py (never home here)
    for index, key in enumerate(state.tiles):
        space = DOLPHIN_SPACES[index]
        if key is None or space not in stops:
            continue
        tile = TILE_BY_KEY[key]
        if tile.kind is Kind.TREASURE:
            end: tuple[Action, ...] = (End(),) if stops[space].left > 0 else ()
            add(1, space, T("end on sunken treasure +{value}", value=tile.value), end)
        elif tile.kind is Kind.MAP:
            add(
                1,
                space,
                T("take the treasure map to {island}", island=island_name(tile.target)),
            )
        elif tile.kind is Kind.WIND and index not in state.winds:
            add(5, space, T("wind +{value}", value=tile.value))
    for island in _islands_to_visit(state, seat):
        if island in stops:
            continue
        row = distances(island, state.ghost)
        nearest = min(stops, key=lambda s: (row[s], -stops[s].left, len(stops[s].path)))
        towards = TN(
            "towards {island}, {count} space short",
            "towards {island}, {count} spaces short",
            row[nearest],
            island=island_name(island),
        )
        add(2 if island != HOME else 4, nearest, towards)
    ranked.sort(key=lambda item: (item[0], item[1]))
    seen: set[tuple[Action, ...]] = set()
    options = []
    for _, _, option in ranked:
        if option.actions in seen or len(route_text(option.actions)) > LINE:
            continue
        seen.add(option.actions)
        options.append(option)
    return options[:ROUTES_OFFERED]


def _camp_gain(name: Text | str, fees: int, bonus: int) -> Text:
    """What camping on an island gains: +25, less the fees to the camps there, plus a
    treasure map's pay when the ship holds one to it."""
    if fees and bonus:
        return T(
            "camp on {island} +{income} −{fees} fees, treasure map +{bonus}",
            island=name,
            income=CAMP_INCOME,
            fees=fees,
            bonus=bonus,
        )
    if fees:
        return T(
            "camp on {island} +{income} −{fees} fees", island=name, income=CAMP_INCOME, fees=fees
        )
    if bonus:
        return T(
            "camp on {island} +{income}, treasure map +{bonus}",
            island=name,
            income=CAMP_INCOME,
            bonus=bonus,
        )
    return T("camp on {island} +{income}", island=name, income=CAMP_INCOME)


def _islands_to_visit(state: TongaState, seat: int) -> list[int]:
    """Islands without our camp while camps are left; home once all four are set up."""
    if camps_left(state, seat) == 0:
        return [HOME]
    return [i for i in range(1, HARBOURS) if seat not in state.camps[i]]
