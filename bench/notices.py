"""Pings and DMs per player per 3-player game, at one decision an hour (issue 23). Prints
figures; asserts nothing (tests/e2e/test_notices_e2e.py asserts the rule).

    .venv/bin/python -m bench.notices              # Tonga Bonga, Toshi Tōshi, Friendly Fishing
    .venv/bin/python -m bench.notices tonga 3      # one game, three seeds

The real bot (``build_bot``, every cog, the outbox, the turn clock's scheduler on a manual
clock) plays whole matches against the local Discord stand-in (tests/fakediscord), every player
with the default settings, a 24h clock, and one hour passing before each decision (turn notices
and reminders due meanwhile go out). Counted per player: channel posts whose mention notified
them (Discord's allowed_mentions decide, as the stand-in does), DMs that notified them (silent
ones do not), the decisions they made, and the most notifications before any one decision.
Run it on a checkout before and after a change to compare.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

from app.application import build_bot
from data.clock import ManualClock
from tests.e2e.notices import Tally, play_hourly
from tests.fakediscord import FakeDiscord

GAMES = ("tonga", "toshi", "fishing")
SEEDS = 2


async def one(key: str, seed: int, folder: Path) -> list[Tally]:
    clock = ManualClock()
    async with FakeDiscord(quiet=0.02) as fake:
        users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
        bot = build_bot(database=folder / f"{key}-{seed}.sqlite3", clock=clock)
        bot.new_seed = lambda: seed  # type: ignore[method-assign]
        async with fake.running(bot):
            _, tallies = await play_hourly(
                fake, bot, clock, key, fake.channel("games"), users, seed
            )
    return list(tallies.values())


async def main(games: tuple[str, ...], seeds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for key in games:
            rows: list[Tally] = []
            for seed in range(seeds):
                rows += await one(key, seed, Path(folder))
            print(f"\n{key}: per player per game ({seeds} games, 3 players)")
            print(" player  decisions  pings  DMs  lobby  most-before-one-decision  after-last")
            for t in rows:
                print(
                    f" {t.name:7} {t.decisions:9} {t.pings:6} {t.dms:4} {t.lobby:6} "
                    f"{t.worst:25} {t.after_last:11}"
                )
            mean = statistics.mean
            print(
                f" mean: {mean(t.decisions for t in rows):.1f} decisions, "
                f"{mean(t.pings for t in rows):.1f} pings + {mean(t.dms for t in rows):.1f} DMs"
                f" = {mean(t.total for t in rows):.1f} notifications"
            )


if __name__ == "__main__":
    args = sys.argv[1:]
    chosen = (args[0],) if args and args[0] in GAMES else GAMES
    count = int(args[-1]) if args and args[-1].isdigit() else SEEDS
    asyncio.run(main(chosen, count))
