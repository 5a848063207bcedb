"""Playing by taps: how many taps a decision costs, and how fast a tap updates the panel.
Prints figures; asserts nothing.

    .venv/bin/python -m bench.taps                 # both parts
    .venv/bin/python -m bench.taps --games 20      # more games for the tap counts

1. **Taps per decision** (a button press or a select pick is one tap), over whole games of
   every game at every player count, seeded: Play (unless the panel already shows the same
   player's next decision, as within a Tonga Bonga turn), one tap per step of the narrowing
   (``taps.tree``, the panel's own code) down to the move the game's playout policy chooses,
   and Confirm when the panel asks for it. Decisions the table plays alone (one legal move)
   are no decision. Target: median ≤ 3, p95 ≤ 8.
2. **Tap → updated panel**, through the real bot and discord.py against the local Discord
   stand-in (tests/fakediscord): TOKAN and Toshi Tōshi games played by taps, each tap timed
   from sending the interaction to the panel being updated (for a step: the edited panel; for
   Play: the panel posted; for Confirm: the move saved and the panel saying so), beside
   ``/echo`` (bench/echo_cog.py, a command answering at once) sent between taps, timed from
   sending to its answer: the floor of any interaction here. Target: a step's p50 ≤ 3× echo.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.application import build_bot
from bench.autocomplete import answered, percentile, with_echo
from data.clock import SystemClock
from rules import rng
from rules.base import AnyGame
from rules.registry import GAMES
from table.history import UNDO_OPTION
from taps.decision import decision, needs_confirmation
from tests.e2e.driver import open_match
from tests.e2e.taps import offered, play_button
from tests.fakediscord import FakeDiscord

GAMES_PER_COUNT = 5
LATENCY_GAMES = (("tokan", 2), ("toshi", 3))
TARGET_MEDIAN, TARGET_P95, TARGET_RATIO = 3, 8, 3.0


# -- 1. taps per decision ----------------------------------------------------------------------
def policy_move(game: AnyGame, state: Any, seat: int, draw: random.Random) -> Any:
    """The playout policy's move, as a tap player makes it: Tonga Bonga's policy may play
    several dice or a whole route at once, which taps play one by one (the first of them)."""
    move = game.playout_move(state, seat, draw)
    if move in list(game.legal_moves(state, seat)):  # the list: Tonga Bonga's lazy one
        return move  # answers `in` for any legal move, several at once included
    return (getattr(move, "places", None) or move.actions)[0]


def taps_of_game(key: str, players: int, seed: int) -> list[int]:
    """The taps of every decision of one whole game."""
    game = GAMES[key]
    options = {o.key: o.default for o in game.spec.options}
    state = game.setup(players, options, seed)
    draw = rng.stream(seed, "bench-taps")
    undo = UNDO_OPTION.default != "off"
    counts: list[int] = []
    panel_open: int | None = None  # the seat whose panel shows its next decision already
    while game.outcome(state) is None:
        forced = game.forced_move(state)
        if forced is not None:  # the table plays it: no decision, no tap
            state = game.play(state, *forced)
            continue
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        move = policy_move(game, state, seat, draw)
        chosen = decision(game, state, seat)
        index = list(chosen.legal).index(move)
        path = next(p for p, leaf in chosen.moves.leaves() if leaf == index)
        taps = (panel_open != seat) + len(path)
        taps += needs_confirmation(game, state, seat, move, undo)
        counts.append(taps)
        state = game.play(state, seat, move)
        still = game.outcome(state) is None and seat in game.to_act(state)
        panel_open = seat if still else None
    return counts


def tap_counts(games: int) -> None:
    print(f"Taps per decision over whole games ({games} seeded games per game and count)")
    print(f"{'game':>8} {'players':>7} {'decisions':>9} {'median':>6} {'p95':>4} {'max':>4} ok")
    for key, game in GAMES.items():
        every: list[int] = []
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            counts = [t for seed in range(games) for t in taps_of_game(key, players, seed)]
            every += counts
            report_counts(key, str(players), counts)
        report_counts(key, "all", every)


def report_counts(key: str, players: str, counts: Sequence[int]) -> None:
    median, p95 = percentile(list(counts), 0.5), percentile(list(counts), 0.95)
    ok = "ok" if median <= TARGET_MEDIAN and p95 <= TARGET_P95 else "OVER"
    print(
        f"{key:>8} {players:>7} {len(counts):>9} {median:>6.0f} {p95:>4.0f} {max(counts):>4} {ok}"
    )


# -- 2. tap -> updated panel --------------------------------------------------------------------
@dataclass
class Times:
    step: list[float] = field(default_factory=list)
    play: list[float] = field(default_factory=list)
    confirm: list[float] = field(default_factory=list)
    preview: list[float] = field(default_factory=list)
    echo: list[float] = field(default_factory=list)


async def timed_tap(fake: FakeDiscord, user: Any, message: Any, custom: str, value: str | None):
    """One tap sent, timed until the panel is updated: an update answered at once (type 7),
    or the edit after a deferral, or the panel posted after Play's "thinking"."""
    rec = fake._new_interaction(3, user, fake.channels[message.channel_id], message)
    data: dict[str, Any] = {"custom_id": custom, "component_type": 2 if value is None else 3}
    if value is not None:
        data["values"] = [value]
    before = (message.content, message.custom_ids())
    began = time.perf_counter()
    await fake._dispatch_interaction(rec, data)
    await fake._wait(rec, rec.attempted, fake.ack_timeout)
    if rec.type == 5:
        await fake._wait(rec, rec.replied, fake.reply_timeout)
    elif rec.type == 6:  # deferred: the panel is updated by the edit that follows
        for _ in range(100_000):
            if (message.content, message.custom_ids()) != before:
                break
            await asyncio.sleep(0.001)
    took = (time.perf_counter() - began) * 1000
    await fake.settle()
    return took, rec


async def latency(database: Path, draw: random.Random) -> Times:
    times = Times()
    async with FakeDiscord(quiet=0.02) as fake:
        bot = with_echo(build_bot(database=database, clock=SystemClock()))
        watcher = fake.add_member("watcher")
        async with fake.running(bot):
            for number, (key, players) in enumerate(LATENCY_GAMES):
                channel = fake.add_channel(f"table-{number}")
                users = [fake.add_member(f"{key}{i}") for i in range(players)]
                table = await open_match(fake, bot, key, channel, users)
                while (match := await table.match()).status == "active":
                    user = table.user(match.to_act()[0])
                    took, rec = await timed_tap(
                        fake, user, play_button(table), f"tt:play:{match.id}", None
                    )
                    times.play.append(took)
                    panel = rec.message
                    while True:
                        confirm = [c for c in panel.custom_ids() if c.startswith("tt:tgo:")]
                        if confirm:
                            took, _ = await timed_tap(fake, user, panel, confirm[0], None)
                            times.confirm.append(took)
                            break
                        choices = offered(panel)
                        if not choices:
                            raise RuntimeError(f"a panel without choices: {panel.content}")
                        custom, value = choices[rng.below(draw, len(choices))]
                        took, rec = await timed_tap(fake, user, panel, custom, value)
                        if any(c.startswith("tt:tgo:") for c in panel.custom_ids()):
                            times.preview.append(took)  # a preview picture was drawn
                        elif panel.content.startswith("Done"):
                            times.confirm.append(took)  # a step of a turn, sent at once
                            break
                        else:
                            times.step.append(took)
                    took, _ = await answered(fake, watcher, channel, "echo", text="ping")
                    times.echo.append(took)
    return times


def report_latency(times: Times) -> None:
    echo = percentile(times.echo, 0.5)
    print(f"\nTap -> updated panel, ms ({', '.join(f'{k} {n}p' for k, n in LATENCY_GAMES)})")
    print(f"{'tap':>22} {'n':>5} {'p50':>7} {'p95':>7} {'p50/echo':>8} target")
    rows = [
        ("echo (floor)", times.echo, ""),
        ("step (narrowing)", times.step, f"<= {TARGET_RATIO:.0f}x"),
        ("Play (panel opens)", times.play, ""),
        ("choice with preview", times.preview, ""),
        ("Confirm (move saved)", times.confirm, ""),
    ]
    for name, values, target in rows:
        p50 = percentile(values, 0.5)
        ratio = p50 / echo if echo else float("nan")
        verdict = ""
        if target:
            verdict = "ok" if ratio <= TARGET_RATIO else "OVER"
        print(
            f"{name:>22} {len(values):>5} {p50:>7.1f} {percentile(values, 0.95):>7.1f}"
            f" {ratio:>8.2f} {target} {verdict}"
        )


async def main(args: argparse.Namespace) -> None:
    if not args.latency_only:
        tap_counts(args.games)
    if not args.counts_only:
        with tempfile.TemporaryDirectory() as folder:
            times = await latency(Path(folder) / "bot.sqlite3", random.Random(7))
        report_latency(times)


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.taps", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--games", type=int, default=GAMES_PER_COUNT)
    parser.add_argument("--counts-only", action="store_true")
    parser.add_argument("--latency-only", action="store_true")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(arguments(sys.argv[1:])))
