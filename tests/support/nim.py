"""A tiny game for testing the store and the match service without any real game's rules.

Players take 1–3 stones in turn from one pile; whoever takes the last stone wins. Each seat also
holds a secret number, so the hidden-information paths have something to hide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from i18n.text import T
from rules import rng
from rules.base import Game, GameSpec, OptionSpec, Outcome, ScoreLine, SeatScore
from rules.errors import IllegalMove, InvalidMove


@dataclass(frozen=True)
class NimState:
    players: int
    seed: int
    pile: int
    turn: int
    secrets: tuple[int, ...]
    last_taker: int | None = None


@dataclass(frozen=True)
class Take:
    stones: int


@dataclass(frozen=True)
class NimView:
    pile: int
    turn: int
    my_secret: int | None


class Nim(Game[NimState, Take, NimView]):
    spec = GameSpec(
        key="nim",
        name="Nim",
        min_players=2,
        max_players=3,
        # Said in the pseudo-language in the end-to-end suite like any game's (no catalogue
        # holds them: a test game's words are its own).
        rules_text=T("Take 1 to 3 stones in turn; whoever takes the last stone wins. " * 3),
        move_help=T("`take N` with N from 1 to 3"),
        options=(OptionSpec("pile", T("stones at the start"), ("7", "12"), "7"),),
        hidden_information=True,
    )
    state_type = NimState

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> NimState:
        secrets = rng.roll(seed, "secrets", players, 100)
        return NimState(players, seed, int(options["pile"]), 0, secrets)

    def to_act(self, state: NimState) -> tuple[int, ...]:
        return () if state.pile == 0 else (state.turn,)

    def legal_moves(self, state: NimState, seat: int) -> Sequence[Take]:
        if seat not in self.to_act(state):
            return []
        return [Take(n) for n in range(1, min(3, state.pile) + 1)]

    def check(self, state: NimState, seat: int, move: Take) -> None:
        if move.stones > state.pile:
            raise IllegalMove(T("Only {pile} stones are left.", pile=state.pile))
        super().check(state, seat, move)

    def play(self, state: NimState, seat: int, move: Take) -> NimState:
        # The mover's secret changes with every move, so private views change during a game.
        secrets = list(state.secrets)
        secrets[seat] = (secrets[seat] * 7 + move.stones) % 100
        return NimState(
            state.players,
            state.seed,
            state.pile - move.stones,
            (state.turn + 1) % state.players,
            tuple(secrets),
            seat,
        )

    def view(self, state: NimState, viewer: int | None) -> NimView:
        return NimView(state.pile, state.turn, None if viewer is None else state.secrets[viewer])

    def outcome(self, state: NimState) -> Outcome | None:
        if state.pile:
            return None
        scores = tuple(
            SeatScore(
                s,
                int(s == state.last_taker),
                (ScoreLine(T("last stone"), int(s == state.last_taker)),),
            )
            for s in range(state.players)
        )
        return Outcome(scores, (state.last_taker or 0,), T("the pile is empty"))

    def parse(self, state: NimState, text: str) -> Take:
        words = text.lower().split()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return Take(int(words[1]))
        raise InvalidMove(T("{text} is not a move: write `take N`.", text=f"`{text}`"))

    def format(self, state: NimState, move: Take) -> str:
        return f"take {move.stones}"

    def describe(self, before: NimState, seat: int, move: Take, after: NimState) -> str:
        return T("took {stones}, {pile} left", stones=move.stones, pile=after.pile)

    def pending(self, state: NimState) -> str:
        return T("take stones")

    def private_text(self, state: NimState, seat: int) -> str | None:
        return T("Your secret number is {number}.", number=state.secrets[seat])

    def secrets(self, state: NimState, seat: int) -> frozenset[object]:
        return frozenset({state.secrets[seat]})
