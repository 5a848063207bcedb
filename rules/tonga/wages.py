"""Tonga Bonga's money steps: step 1 (wages put on the hiring boards), step 4 (wage payment) and
the end of a round, which either starts the next round or, in the last round, pays the return
bonus and ends the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import overload

from i18n.text import TN, T, Text, joined
from rules.tonga.common import Draft, gain, purse, step_name, who
from rules.tonga.state import (
    BONUS,
    SEAT_LETTERS,
    WAGES_PAID,
    WAGES_RECEIVED,
    Phase,
    TongaState,
    Wages,
)

RETURN_BONUS = 10


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


def wage_suggestions(money: int, typed: str, limit: int) -> list[str]:
    """Wage moves as text matching what was typed, smallest wages first, built one by one.

    Listing every choice of a rich player (thousands) on each keystroke would be far too slow,
    so only the numbers that can still match what was typed are tried. The word `wages` may
    be typed in part or left out: "3" and "wages 3" both suggest `wages 3 1`, `wages 3 2`, ...
    """
    words = typed.lower().split()
    if words and "wages".startswith(words[0]):
        words = words[1:]
    if len(words) > 2 or not all(w.isdigit() for w in words):
        return []
    captain_prefix, helmsman_prefix = (*words, "", "")[:2]
    if money < 2:
        only = f"wages {money} 0"
        return (
            [only] if str(money).startswith(captain_prefix) and helmsman_prefix in ("", "0") else []
        )
    found: list[str] = []
    for captain in range(1, money):
        if not str(captain).startswith(captain_prefix):
            continue
        for helmsman in range(1, money - captain + 1):
            if str(helmsman).startswith(helmsman_prefix):
                found.append(f"wages {captain} {helmsman}")
                if len(found) == limit:
                    return found
    return found


def wage_refusal(state: TongaState, seat: int, move: Wages) -> Text | None:
    """Why these wages may not be set now, or None if they may."""
    if state.phase is not Phase.WAGES:
        return T(
            "Wages are set in the wages step; now it is the {step} step.",
            step=step_name(state.phase),
        )
    money = state.money[seat]
    if money < 2:
        if move != Wages(money, 0):
            only = f"wages {money} 0"  # the notation of the one legal choice
            return TN(
                "You have {count} coin: put down what you have, `{move}`.",
                "You have {count} coins: put down what you have, `{move}`.",
                money,
                move=only,
            )
        return None
    if move.captain < 1 or move.helmsman < 1:
        return T("Captain and helmsman each need a wage of at least 1 coin.")
    if move.captain + move.helmsman > money:
        return T(
            "Wages of {captain} + {helmsman} = {total} are more than your {money} coins.",
            captain=move.captain,
            helmsman=move.helmsman,
            total=move.captain + move.helmsman,
            money=money,
        )
    return None


def set_wages(d: Draft, seat: int, move: Wages) -> None:
    """Put the wages on the seat's board: they leave the hand now and are paid in step 4."""
    purse(d)[0][seat] -= move.captain + move.helmsman
    wages = list(d["wages"])
    wages[seat] = (move.captain, move.helmsman)
    d["wages"] = tuple(wages)


def pay_wages(d: Draft) -> None:
    """Step 4: captain's and helmsman's wages to the dice owners, empty places' back home.

    The cabin boy (the third place) has no wage: he works for free.
    """
    money, ledger = purse(d)
    lines: list[Text] = []
    for owner in range(d["players"]):
        crew = d["crews"][owner]
        for slot, wage in enumerate(d["wages"][owner]):
            if slot < len(crew):
                worker = crew[slot].owner
                money[worker] += wage
                ledger[owner][WAGES_PAID] -= wage
                ledger[worker][WAGES_RECEIVED] += wage
                if wage:
                    lines.append(_pays(owner, worker, wage))
            else:
                money[owner] += wage
                if wage:
                    lines.append(_takes_back(owner, wage))
    payments = joined(lines, "; ") if lines else T("nothing")
    d["events"].append(T("Wage payment: {payments}.", payments=payments))


# Made once each (a Text never changes): the same few payments recur every round of a playout.
@cache
def _pays(owner: int, worker: int, wage: int) -> Text:
    return T(
        "{payer} pays {worker} {amount}",
        payer=SEAT_LETTERS[owner],
        worker=SEAT_LETTERS[worker],
        amount=wage,
    )


@cache
def _takes_back(owner: int, wage: int) -> Text:
    return T("{owner} takes back {amount}", owner=SEAT_LETTERS[owner], amount=wage)


def end_round(d: Draft) -> None:
    """After the wage payment: the game ends (last round) or the next round begins."""
    if d["ending"]:
        for seat in d["home"]:
            gain(d, seat, RETURN_BONUS, BONUS)
        d["phase"] = Phase.OVER
        bonus = joined((who(seat) for seat in d["home"]), ", ")
        d["events"].append(
            T(
                "The game is over. Return bonus of {bonus}: {seats}.",
                bonus=RETURN_BONUS,
                seats=bonus,
            )
        )
        return
    # The next round: its first board is the one right of last round's first (see ``order``).
    d["round"] += 1
    d["phase"] = Phase.WAGES
    d["turn"] = 0
    d["wages"] = ((0, 0),) * d["players"]
    d["crews"] = ((),) * d["players"]
    d["home"] = ()
    d["path"] = ()
    d["winds"] = ()
    d["events"].append(T("Round {round} begins.", round=d["round"]))
