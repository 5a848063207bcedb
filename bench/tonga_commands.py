"""Commands and pings per 3-player Tonga Bonga game, before and after routes (issue 11).

    .venv/bin/python -m bench.tonga_commands        # 20 seeded games
    .venv/bin/python -m bench.tonga_commands 50     # more games

Every game is played by the goal-directed playout policy (rules/tonga/policy.py), seeds 0, 1,
..., with 3 players, and the very same game is counted two ways:

**Before** (one decision per command, as the bot worked until now): every single decision (a
wage choice, reroll, die placement, ship step, camp or `end`) is one command, decisions with
only one legal choice included.

**After**: a run of decisions by one player is one command (a route such as
`go m4 m3 cocoa camp l3`, or several placements such as `place 4 on B, 3 on C`), and a decision
with exactly one legal choice (``Game.forced_move``) is played for the player and announced in
the post of the command before it: it is no command and pings nobody.

Posts and pings: each command gets one board post. A *ping* is a post mentioning a player who
must act next. Before, every post pings whoever must act next, also the player who just moved
and goes on (that is what the bot does today). After, a post pings the player who must act next
only when that is someone else than the player who sent the command: whoever goes on is
reading the board already. The opening post of a game pings its first player in both counts.

Printed per game: rounds, commands and the most pings any one player got; then the means and
the worst game, beside the targets of issue 11 (at most 60 commands per game and at most 25
pings per player). Figures only; nothing is asserted (tests/rules/test_tonga_routes.py checks
that routes keep the game the same).
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, replace

from rules import rng
from rules.tonga import TongaBonga
from rules.tonga.state import Move, TongaState, decisions

GAME = TongaBonga()
PLAYERS = 3
TARGET_COMMANDS = 60
TARGET_PINGS = 25


@dataclass(frozen=True)
class Count:
    commands: int
    pings: tuple[int, ...]  # per seat
    every_post: tuple[int, ...] = ()  # per seat, if every post pinged whoever acts next


@dataclass(frozen=True)
class Game:
    seed: int
    rounds: int
    before: Count
    after: Count
    forced: int  # decisions played for the players (after)


def play(seed: int) -> Game:
    """One policy game, counted after (routes, forced moves) and, from the same decisions one
    by one, before."""
    state = GAME.setup(PLAYERS, {}, seed)
    start = state
    draw = rng.stream(seed, "playout")
    log: list[tuple[int, Move]] = []  # every command and forced move, in order
    pings = [0] * PLAYERS
    pings[GAME.to_act(state)[0]] += 1  # the opening post
    every_post = list(pings)
    state, forced = _forced(state, log)
    commands = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        move = GAME.playout_move(state, seat, draw)
        state = GAME.apply(state, seat, move)
        log.append((seat, move))
        commands += 1
        state, more = _forced(state, log)
        forced += more
        for waiting in GAME.to_act(state):
            every_post[waiting] += 1
            if waiting != seat:
                pings[waiting] += 1
    after = Count(commands, tuple(pings), tuple(every_post))
    before = _one_by_one(start, log, state)
    return Game(seed, state.round, before, after, forced)


def _forced(state: TongaState, log: list[tuple[int, Move]]) -> tuple[TongaState, int]:
    """Play every forced decision for the players; how many there were."""
    played = 0
    while (forced := GAME.forced_move(state)) is not None:
        seat, move = forced
        state = GAME.apply(state, seat, move)
        log.append(forced)
        played += 1
    return state, played


def _one_by_one(start: TongaState, log: list[tuple[int, Move]], end: TongaState) -> Count:
    """The same game with one command per decision, each post pinging whoever acts next."""
    state = start
    pings = [0] * PLAYERS
    pings[GAME.to_act(state)[0]] += 1  # the opening post
    commands = 0
    for seat, move in log:
        for single in decisions(move):
            state = GAME.apply(state, seat, single)
            commands += 1
            for waiting in GAME.to_act(state):
                pings[waiting] += 1
    # Routes and placements are shorthands: the decisions one by one give the very same game
    # (only the texts of the latest move differ).
    assert replace(state, last="", events=()) == replace(end, last="", events=())
    return Count(commands, tuple(pings))


def summary_lines(played: list[Game]) -> list[str]:
    """The before/after line of each count: commands per game and pings per player."""
    lines = []
    for name, pick in (("before", lambda g: g.before), ("after", lambda g: g.after)):
        counts = [pick(g) for g in played]
        commands = [c.commands for c in counts]
        pings = [p for c in counts for p in c.pings]
        lines.append(
            f"{name:>6}: commands per game mean {statistics.mean(commands):6.1f}, "
            f"worst {max(commands):4d} (target <= {TARGET_COMMANDS}); "
            f"pings per player mean {statistics.mean(pings):5.1f}, "
            f"worst {max(pings):3d} (target <= {TARGET_PINGS})"
        )
    return lines


def summary(games: int = 20) -> list[str]:
    """The before/after lines over ``games`` seeded games (for `python -m bench.run`)."""
    return summary_lines([play(seed) for seed in range(games)])


def main(games: int) -> None:
    played = [play(seed) for seed in range(games)]
    print(f"Tonga Bonga, {PLAYERS} players, goal-directed policy, seeds 0-{games - 1}")
    print(
        f"{'seed':>4} {'rounds':>6} | {'commands':>8} {'pings max':>9} | "
        f"{'commands':>8} {'pings max':>9} {'forced':>6}"
    )
    print(f"{'':>4} {'':>6} | {'before':>18} | {'after':>25}")
    for g in played:
        print(
            f"{g.seed:>4} {g.rounds:>6} | {g.before.commands:>8} {max(g.before.pings):>9} | "
            f"{g.after.commands:>8} {max(g.after.pings):>9} {g.forced:>6}"
        )
    print()
    for line in summary_lines(played):
        print(line)
    within = sum(g.after.commands <= TARGET_COMMANDS for g in played)
    print(f"after: {within} of {games} games within {TARGET_COMMANDS} commands")
    every = [p for g in played for p in g.after.every_post]
    print(
        f"after, if every post pinged whoever acts next (the same player going on included): "
        f"pings per player mean {statistics.mean(every):.1f}, worst {max(every)}"
    )
    forced = [g.forced for g in played]
    print(f"forced decisions played for the players per game: mean {statistics.mean(forced):.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
