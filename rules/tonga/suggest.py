"""Tonga Bonga's autocomplete: whole decisions first, and whatever was typed accepted and
carried on.

* Wages: the choices matching the typed numbers (wages.py).
* Crew: every way to place all the dice at once, then single dice, `keep` and rerolls; the
  placements of several dice in any order are there for whoever types them.
* Navigation: `camp` when allowed, whole routes to the places worth reaching with their cost
  (routes.py), `end` and the single steps. A route being typed is carried on: after
  `go k15 l15 ` come the next steps and the routes onward from there.

A move typed in full that is legal comes first, exactly as ``format`` writes it.
"""

from __future__ import annotations

from rules.base import narrow
from rules.errors import PlayerError
from rules.tonga.common import acting, freeze, thaw
from rules.tonga.crew import crew_moves, full_placements, open_ships
from rules.tonga.legality import refusal
from rules.tonga.navigation import navigation_moves
from rules.tonga.notation import MAX_MOVE_CHARS, format_move, parse_move
from rules.tonga.routes import LINE, play_action, route_options, step_cost
from rules.tonga.state import (
    SEASICK,
    Action,
    Camp,
    End,
    Move,
    Phase,
    Place,
    Places,
    Route,
    Step,
    TongaState,
    decisions,
)
from rules.tonga.wages import wage_suggestions


def suggestions(state: TongaState, seat: int, typed: str, limit: int) -> list[str]:
    """What autocomplete offers ``seat`` (the acting seat) for ``typed``, at most ``limit``."""
    if len(typed) > MAX_MOVE_CHARS or state.phase is Phase.OVER or seat != acting(state):
        return []
    if state.phase is Phase.WAGES:
        return wage_suggestions(state.money[seat], typed, limit)
    if state.phase is Phase.CREW:
        texts = _crew_texts(state, seat)
        found = narrow(texts, typed, limit)
    else:
        texts = ["camp"] if state.may_camp else []
        texts += [option.line() for option in route_options(state)]
        texts += [format_move(m) for m in navigation_moves(state) if not isinstance(m, Camp)]
        onward = _onward(state, seat, typed)
        found = list(dict.fromkeys([*onward, *narrow(texts, typed, limit)]))[:limit]
        # `end` stays offered however many routes there are.
        if "end" in texts and "end" not in found and narrow(["end"], typed):
            found = [*found[: limit - 1], "end"]
    move = _typed_move(state, seat, typed)
    if move is not None:
        text = format_move(move)
        found = [text, *(t for t in found if t != text)][:limit]
    return found


def _typed_move(state: TongaState, seat: int, typed: str) -> Move | None:
    try:
        move = parse_move(state, typed)
    except PlayerError:
        return None
    return move if refusal(state, seat, move) is None else None


def _crew_texts(state: TongaState, seat: int) -> list[str]:
    """All dice at once (highest first), single dice, `keep`, rerolls; then every other
    order and part of several placements, found only when typed."""
    first = full_placements(state, seat)
    texts = [format_move(Places(p)) for p in first]
    texts += [format_move(m) for m in crew_moves(state, seat)]
    others = [p for p in _placement_sequences(state, seat) if len(p) > 1 and p not in first]
    texts += [format_move(Places(p)) for p in others]
    return list(dict.fromkeys(texts))


def _placement_sequences(state: TongaState, seat: int) -> list[tuple[Place, ...]]:
    """Every legal sequence of placements of the dice in hand, in every order (a few dozen)."""
    found: list[tuple[Place, ...]] = []

    def extend(done: tuple[Place, ...], roll: list[int], placed: tuple[int, ...]) -> None:
        for value in dict.fromkeys(v for v in roll if v != SEASICK):
            for ship in open_ships(state.players, seat, placed):
                move = (*done, Place(value, ship))
                found.append(move)
                rest = list(roll)
                rest.remove(value)
                extend(move, rest, (*placed, ship))

    extend((), list(state.roll), state.placed)
    return found


def _onward(state: TongaState, seat: int, typed: str) -> list[str]:
    """A route being typed, carried on: the typed actions (less a half-typed last word) and
    each next action or whole route onward that starts with that last word."""
    words = typed.split()
    if not words:
        return []
    partial = "" if typed[-1].isspace() else words.pop().lower()
    done: tuple[Action, ...] = ()
    if words and words != ["go"]:
        move = _typed_move(state, seat, " ".join(words))
        if move is None:
            return []
        actions = decisions(move)
        if not all(isinstance(a, Step | Camp | End) for a in actions):
            return []
        done = tuple(a for a in actions if isinstance(a, Step | Camp | End))
    after, spent = _sail(state, seat, done)
    if after.phase is not Phase.NAVIGATION or acting(after) != seat:
        return []
    options = [option.after(done, spent) for option in route_options(after)]
    singles: list[tuple[Action, ...]] = [(*done, m) for m in navigation_moves(after)]
    found = [option.line() for option in options if _word(option.actions[len(done)], partial)]
    found += [
        format_move(Route(a) if len(a) > 1 else a[0]) for a in singles if _word(a[-1], partial)
    ]
    return [text for text in found if len(text) <= LINE]  # Discord's limit for a choice


def _sail(state: TongaState, seat: int, actions: tuple[Action, ...]) -> tuple[TongaState, int]:
    """The state after ``actions`` (already checked) and the points their steps paid."""
    d = thaw(state)
    spent = 0
    for action in actions:
        if isinstance(action, Step):
            spent += step_cost(d["ships"], seat, action.space)
        play_action(d, seat, action)
    return freeze(d), spent


def _word(action: Action, partial: str) -> bool:
    """Whether ``action`` is written with a word starting with what was half typed."""
    text = format_move(action).removeprefix("go ")
    return text.startswith(partial)
