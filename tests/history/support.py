"""Seeded playouts that keep their log, for the history tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from data.store import MatchRow
from rules import rng
from rules.base import Game
from rules.tonga.state import decisions
from table.history import Entry
from table.match import Match

MAX_STEPS = 5000


@dataclass
class Played:
    """A playout: its log entries, the public text of each move, and every state."""

    game: Game
    seed: int
    players: int
    options: dict[str, str]
    entries: list[Entry] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)  # states[i] is before entries[i]
    moves: list[Any] = field(default_factory=list)

    @property
    def final(self) -> Any:
        return self.states[-1]


def playout(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, str] | None = None,
    *,
    one_decision_at_a_time: bool = False,
) -> Played:
    """A whole seeded game (the acting seat drawn among those who may act).

    With ``one_decision_at_a_time``, a move the policy makes of several decisions (Tonga
    Bonga's routes and placements, ``go m4 m3 camp``, ``place 4 on B, 3 on C``) is logged as
    its single decisions, each its own move, as a player may also type them."""
    resolved = game.spec.resolve_options(options or {})
    state = game.setup(players, resolved, seed)
    played = Played(game, seed, players, resolved, states=[state])
    draw = rng.stream(seed, "history")
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            return played
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        chosen = game.playout_move(state, seat, draw)
        for move in decisions(chosen) if one_decision_at_a_time else (chosen,):
            after = game.apply(state, seat, move)
            played.entries.append(Entry(seat, game.format(state, move)))
            played.texts.append(game.describe(state, seat, move, after))
            played.moves.append(move)
            played.states.append(after)
            state = after
    raise AssertionError("the playout did not end")


def finished_match(game: Game, played: Played) -> Match:
    """The finished match of a playout, as the store would hold it (its players 100, 101, …)."""
    row = MatchRow(
        id=1,
        game=game.spec.key,
        guild_id=1,
        channel_id=1,
        creator_id=1,
        status="finished",
        options=played.options,
        seed=played.seed,
        state_json=None,
        version=len(played.entries) + 1,
        result=None,
        players=tuple(range(100, 100 + played.players)),
    )
    return Match(row=row, game=game, state=played.final)
