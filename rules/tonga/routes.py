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

from rules.tonga.common import Draft, acting, acting_in, camps_left, freeze, points, thaw
from rules.tonga.map import DOLPHIN_SPACES, HARBOURS, HOME, ISLANDS, SPACE_NAMES, distances
from rules.tonga.navigation import (
    CAMP_FEE,
    CAMP_INCOME,
    DOLPHIN_INDEX,
    camp,
    end_navigation_turn,
    legal_steps,
    navigation_refusal,
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


def route_refusal(state: TongaState, seat: int, route: Route) -> str | None:
    """Why ``route`` is illegal now (naming the first action refused and why), or None."""
    current = state
    for i, action in enumerate(route.actions):
        if current.phase is not Phase.NAVIGATION or acting(current) != seat:
            if i == 0:
                return "Ships sail in their own navigation turn, and this is not yours."
            done = route.actions[i - 1]
            if isinstance(done, End):
                why = "`end` ends your turn"
            else:
                why = (
                    f"Your turn ends by itself after `{action_word(done)}`: nothing is left to "
                    "do there (no camp, and no step with the points left)"
                )
            return f"{why}, so the route cannot go on with `{action_word(action)}`."
        reason = navigation_refusal(current, seat, action)
        if reason is not None:
            where = "" if i == 0 else f" (after `{route_text(route.actions[:i])}`)"
            return f"`{action_word(action)}`, action {i + 1} of your route{where}: {reason}"
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
        d["events"].append(f"{points(d['mp'])} left.")


def route_words(before: TongaState, seat: int, route: Route) -> str:
    """The route in words, told once: "sails n4 → m4 → m3 → Cocoa (3 points), reaching the
    Cocoa harbour, and sets up a camp on Cocoa, then sails Cocoa → l3 (1 point)."."""
    parts: list[tuple[bool, str]] = []  # (is a leg of sailing, its words)
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
            parts.append((False, f"sets up a camp on {ISLANDS[here].name}"))
        else:
            parts.append((False, "ends the navigation turn"))
    if leg:
        parts.append((True, _leg_words(before.ships, seat, leg)))
    text = parts[0][1]
    for (after_leg, _), (_, words) in pairwise(parts):
        joined = after_leg and not words.startswith("sails")
        text += f", and {words}" if joined else f", then {words}"
    return text + "."


def _leg_words(ships: tuple[int, ...], seat: int, leg: list[int]) -> str:
    """`sails n4 → m4 → Cocoa (2 points, passing ship B), reaching the Cocoa harbour`."""
    cost = 0
    passed = []
    for space in leg[1:]:
        paid = step_cost(ships, seat, space)
        cost += paid
        if paid == 2:
            passed += [o for o, s in enumerate(ships) if o != seat and s == space]
    path = " → ".join(ISLANDS[s].name if s < HARBOURS else SPACE_NAMES[s] for s in leg)
    extra = "".join(f", passing ship {SEAT_LETTERS[ship]}" for ship in passed)
    text = f"sails {path} ({cost} point{'' if cost == 1 else 's'}{extra})"
    if leg[-1] < HARBOURS:
        text += f", reaching the {ISLANDS[leg[-1]].name} harbour"
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
    gain: str  # "camp on Cocoa +25"

    @property
    def cost(self) -> str:
        return f"{self.spent} point{'' if self.spent == 1 else 's'}, {self.left} left"

    @property
    def note(self) -> str:
        return f"{self.cost}: {self.gain}"

    def line(self) -> str:
        """The suggestion: the route, then the note in brackets (which ``parse`` ignores)."""
        text = route_text(self.actions)
        full = f"{text} ({self.note})"
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

    def add(category: int, space: int, note: str, then: tuple[Action, ...] = ()) -> None:
        reach = stops[space]
        actions: tuple[Action, ...] = (*(Step(s) for s in reach.path), *then)
        ranked.append((category, reach.spent, Option(actions, reach.spent, reach.left, note)))

    can_camp = camps_left(state, seat) > 0
    maps = {TILE_BY_KEY[key].target: TILE_BY_KEY[key].value for key in state.maps[seat]}
    for island in range(HARBOURS):
        if island not in stops:
            continue
        name = ISLANDS[island].name
        paid = maps.get(island, 0)
        bonus = f", treasure map +{paid}" if paid else ""
        if island != HOME and can_camp and seat not in state.camps[island]:
            fees = len(state.camps[island]) * CAMP_FEE
            gain = f"+{CAMP_INCOME}" + (f" −{fees} fees" if fees else "")
            add(0, island, f"camp on {name} {gain}{bonus}", (Camp(),))
        elif paid:
            add(1, island, f"{name} harbour{bonus}")
        elif island == HOME:
            home = "home with four camps: last round" if not can_camp else "home harbour"
            add(3 if can_camp else 0, island, home)
        else:
            add(6, island, f"{name} harbour (camp there already)" if can_camp else name)
    for index, key in enumerate(state.tiles):
        space = DOLPHIN_SPACES[index]
        if key is None or space not in stops:
            continue
        tile = TILE_BY_KEY[key]
        if tile.kind is Kind.TREASURE:
            end: tuple[Action, ...] = (End(),) if stops[space].left > 0 else ()
            add(1, space, f"end on sunken treasure +{tile.value}", end)
        elif tile.kind is Kind.MAP:
            add(1, space, f"take the treasure map to {ISLANDS[tile.target].name}")
        elif tile.kind is Kind.WIND and index not in state.winds:
            add(5, space, f"wind +{tile.value}")
    for island in _islands_to_visit(state, seat):
        if island in stops:
            continue
        row = distances(island, state.ghost)
        nearest = min(stops, key=lambda s: (row[s], -stops[s].left, len(stops[s].path)))
        short = row[nearest]
        spaces = f"{short} space{'' if short == 1 else 's'} short"
        add(2 if island != HOME else 4, nearest, f"towards {ISLANDS[island].name}, {spaces}")
    ranked.sort(key=lambda item: (item[0], item[1]))
    seen: set[tuple[Action, ...]] = set()
    options = []
    for _, _, option in ranked:
        if option.actions in seen or len(route_text(option.actions)) > LINE:
            continue
        seen.add(option.actions)
        options.append(option)
    return options[:ROUTES_OFFERED]


def _islands_to_visit(state: TongaState, seat: int) -> list[int]:
    """Islands without our camp while camps are left; home once all four are set up."""
    if camps_left(state, seat) == 0:
        return [HOME]
    return [i for i in range(1, HARBOURS) if seat not in state.camps[i]]
