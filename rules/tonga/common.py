"""What every Tonga Bonga step module shares: hiring-board order, seat and dice words, and the
editable copy of a state (a *draft*) that one move turns into the next state.

A move's effects (a step, a camp, the wage payment that may follow it, a new round...) chain
through several modules, so they edit one plain dict of the state's fields instead of building
a frozen state at every stage; ``freeze`` makes the new state once at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from i18n.text import N_, T, Text, joined
from rules.tonga.map import HARBOURS, HOME, ISLANDS, SPACE_NAMES
from rules.tonga.state import CAMPS_PER_PLAYER, SEASICK, SEAT_LETTERS, Phase, TongaState

FIRST_REROLL_COST = 2

# A state's fields being edited by one move: money and ledger become lists when first touched.
Draft = dict[str, Any]


def order(state: TongaState) -> tuple[int, ...]:
    """The hiring boards from left to right: the leftmost moves to the right every round."""
    first = (state.round - 1) % state.players
    return tuple((first + i) % state.players for i in range(state.players))


def acting(state: TongaState) -> int:
    return (state.round - 1 + state.turn) % state.players


def who(seat: int) -> str:
    """A seat as messages name it: a plain placeholder value, which the bot's edge rewrites as
    the person's name after the text is said in their language (never a message of its own)."""
    return f"Seat {seat + 1} ({SEAT_LETTERS[seat]})"


def reroll_cost(rerolls_done: int) -> int:
    return FIRST_REROLL_COST + rerolls_done


def camps_left(state: TongaState, seat: int) -> int:
    return CAMPS_PER_PLAYER - sum(seat in camp for camp in state.camps)


def dice_text(values: Sequence[int]) -> Text:
    """Dice values in words ("5, 3, seasick"): "seasick" and "none" are words to translate."""
    return _dice_text(tuple(values))


# The texts made at every move of a playout are made once each: a Text never changes, and the
# few distinct ones (rolls, payments between seats) recur all game long.
@cache
def _dice_text(values: tuple[int, ...]) -> Text:
    if not values:
        return T("none")
    return joined((T("seasick") if v == SEASICK else str(v) for v in values), ", ")


@cache
def paid_to(amount: int, seat: int) -> Text:
    """A payment to a seat, in a list of them ("5 to Seat 2 (B)")."""
    return T("{amount} to {seat}", amount=amount, seat=who(seat))


def face(value: int) -> str:
    """A die value as the notation writes it (s = seasick)."""
    return "s" if value == SEASICK else str(value)


def island_name(island: int) -> Text | str:
    """An island's name for people: the five invented islands are words a translation may adapt
    (marked in map.py); the home island bears the game's own name, kept as published."""
    name = ISLANDS[island].name
    return name if island == HOME else Text(name)


def where(space: int) -> Text | str:
    """A space in words: a hex label (notation, kept as printed), or "the Cocoa harbour"."""
    if space < HARBOURS:
        return T("the {island} harbour", island=island_name(space))
    return SPACE_NAMES[space]


# The steps of a round as refusals name them ("now it is the crew step").
_STEP_NAMES = {
    Phase.WAGES: N_("wages"),
    Phase.CREW: N_("crew"),
    Phase.NAVIGATION: N_("navigation"),
    Phase.OVER: N_("over"),
}


def step_name(phase: Phase) -> Text:
    """A step of the round in words, as ``phase.value`` reads in English."""
    return Text(_STEP_NAMES[phase])


def alternatives(parts: Sequence[Text | str]) -> Text | str:
    """``parts`` as "a or b or c" (one part: itself), each "or" said in the reader's language."""
    said = parts[0]
    for part in parts[1:]:
        said = T("{first} or {second}", first=said, second=part)
    return said


def listing(parts: Sequence[Text | str]) -> Text | str:
    """``parts`` as "a, b or c" (one part: itself)."""
    if len(parts) == 1:
        return parts[0]
    return T("{items} or {last}", items=joined(parts[:-1], ", "), last=parts[-1])


# -- drafts ---------------------------------------------------------------------------------------
def thaw(state: TongaState) -> Draft:
    """The state's fields as a dict to edit, with an empty list of events."""
    d = dict(state.__dict__)
    d["events"] = []
    return d


def freeze(d: Draft) -> TongaState:
    if isinstance(d["money"], list):
        d["money"] = tuple(d["money"])
    if isinstance(d["ledger"], list):
        d["ledger"] = tuple(tuple(line) for line in d["ledger"])
    d["events"] = tuple(d["events"])
    # Every field is in ``d`` already, so skip the frozen __init__ (a hot path in playouts).
    state = object.__new__(TongaState)
    state.__dict__.update(d)
    return state


def acting_in(d: Draft) -> int:
    """The acting seat of a draft (as ``acting`` for a state)."""
    seat: int = (d["round"] - 1 + d["turn"]) % d["players"]
    return seat


def purse(d: Draft) -> tuple[list[int], list[list[int]]]:
    """The money and the ledger of ``d``, as lists that may be edited."""
    if not isinstance(d["money"], list):
        d["money"] = list(d["money"])
        d["ledger"] = [list(line) for line in d["ledger"]]
    return d["money"], d["ledger"]


def transfer(d: Draft, payer: int, payee: int | None, amount: int, out: int, into: int) -> int:
    """Move up to ``amount`` coins (never below 0: the rest is forgiven); None is the bank.

    ``out`` and ``into`` are the LEDGER lines of the payer and the payee. Returns what was paid.
    """
    money, ledger = purse(d)
    paid = min(amount, money[payer])
    money[payer] -= paid
    ledger[payer][out] -= paid
    if payee is not None:
        money[payee] += paid
        ledger[payee][into] += paid
    return paid


def gain(d: Draft, seat: int, amount: int, line: int) -> None:
    """``amount`` coins from the bank to ``seat``, booked on LEDGER line ``line``."""
    money, ledger = purse(d)
    money[seat] += amount
    ledger[seat][line] += amount
