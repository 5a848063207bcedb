"""Move → board through the real discord.py client against the stand-in, beside the stand-in's
echo, and the event loop's lag meanwhile. Prints figures; asserts nothing.

    .venv/bin/python -m bench.board                  # picture workers as the bot (2)
    .venv/bin/python -m bench.board --workers 0 2    # in a thread, then in 2 processes
    .venv/bin/python -m bench.board --floor          # then the floor: no picture to draw

The bot (``build_bot``, a real SQLite file, the system clock) runs against the Discord
stand-in with the bench's ``/echo`` cog (bench/echo_cog.py: it answers at once). TOKAN matches
of two members each are played through ``/tokan move`` (the first suggestion): a move is timed
from the interaction's dispatch to the moment the stand-in stores the match's new board (the
channel message with its picture). Meanwhile a watcher sends ``/echo`` every 50 ms, timed to
its answer: the cost of any interaction on the same bot, under the same load. A task sleeping
10 ms at a time measures the event loop's lag (how late it wakes). "render ms" is the mean time
the bot waited for a board's picture (drawing and encoding, in a worker or in a thread);
"ahead/sent": of the outbox entries sent while measuring (board posts, and the rest), the posts
whose picture was drawn ahead, from the move's apply (cogs/sketches.py).

The floor (``--floor``, the rows marked ``floor``): the same moves with every picture ready
before it is asked for (the PNG of a TOKAN board, returned at once by the picture pool), so the
board's post costs all it costs but the drawing: the interaction, the move's transaction, the
outbox's claim and mark, composing the post and uploading the same bytes. What the drawing
adds is the difference between a row and its floor.

Two runs per picture setting: one match moving alone (each move ``ALONE_PAUSE`` after the last
board is shown: a player who looks at it for a twentieth of a second; back to back, a match would
make more than the ``PACE`` posts a second the bot allows itself under Discord's global rate
limit, app/pacing.py, and the bench would measure that limit, not a move), then 20 matches at
once (each player thinks a random 0-2 s, ~10 moves a second in all). Targets (issue 29): board
p50 at most 6x the echo's p50 alone, at most 10x with 20 matches; the loop's lag p99 at most
50 ms with 20 matches.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.application import Tidetable, build_bot
from bench.autocomplete import answered, percentile, with_echo
from bench.run import positions
from cogs import pictures
from data.clock import SystemClock
from metrics.instruments import RENDER_SECONDS
from render import tokan
from render.common import to_png
from rules.registry import GAMES
from tests.e2e.driver import open_match
from tests.fakediscord import FakeDiscord

ALONE_MOVES = 40
ALONE_PAUSE = 0.05  # seconds a lone match's player looks at the board before moving
CROWD = 20
CROWD_SECONDS = 15.0
THINK = 1.0  # mean seconds a player of the crowd thinks
ECHO_EVERY = 0.05
LAG_TICK = 0.01
WARMUP_MOVES = 2  # per match, before measuring: the picture workers start
TARGETS = {1: 6.0, CROWD: 10.0}
LAG_TARGET_MS = 50.0


@dataclass
class Run:
    render_ms: float = 0.0  # the mean time of a TOKAN picture as the bot waited for it
    ahead: int = 0  # posts sent with the picture drawn ahead (cogs/sketches.py)
    posts: int = 0  # board posts sent meanwhile
    board_ms: list[float] = field(default_factory=list)
    echo_ms: list[float] = field(default_factory=list)
    lag_ms: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    measuring: bool = False
    stop: bool = False


class Boards:
    """When the stand-in stores a message with a picture, by channel (a wrapped hook)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.arrived: dict[int, asyncio.Queue[float]] = {}
        original = fake._publish

        def publish(message: Any) -> None:
            original(message)
            if message.stored_attachments:
                self.queue(message.channel_id).put_nowait(time.perf_counter())

        fake._publish = publish  # type: ignore[method-assign]

    def queue(self, channel_id: int) -> asyncio.Queue[float]:
        return self.arrived.setdefault(channel_id, asyncio.Queue())

    def forget(self, channel_id: int) -> None:
        queue = self.queue(channel_id)
        while not queue.empty():
            queue.get_nowait()


class Table:
    def __init__(self, fake: FakeDiscord, bot: Tidetable, channel: Any, users: list[Any]) -> None:
        self.fake, self.bot, self.channel, self.users = fake, bot, channel, users
        self.match_id = 0

    async def open(self, boards: Boards) -> None:
        table = await open_match(self.fake, self.bot, "tokan", self.channel, self.users)
        self.match_id = table.match_id
        boards.forget(self.channel.id)

    async def move(self, boards: Boards, run: Run) -> None:
        """One move by whoever is to act, timed until its board is stored."""
        match = await self.bot.service.by_id(self.match_id)
        if match.status != "active":
            await self.open(boards)
            return
        (user_id,) = match.to_act()
        seat = match.seat_of(user_id)
        assert seat is not None
        text = match.game.suggest(match.state, seat, "")[0]
        user = next(u for u in self.users if u.id == user_id)
        fake = self.fake
        rec = fake._new_interaction(2, user, self.channel)
        data = fake._command_data("tokan move", {"move": text}, focused=None)
        queue = boards.queue(self.channel.id)
        began = time.perf_counter()
        await fake._dispatch_interaction(rec, data)
        try:
            shown = await asyncio.wait_for(queue.get(), timeout=30)
        except TimeoutError:
            run.failed.append(f"no board for {text!r}")
            return
        if run.measuring:
            run.board_ms.append((shown - began) * 1000)
        await fake._wait(rec, rec.attempted, fake.ack_timeout)
        if rec.type == 5:
            await fake._wait(rec, rec.replied, fake.reply_timeout)
        if rec.error:
            run.failed.append(f"move: {rec.error}")
        boards.forget(self.channel.id)  # a final post's second picture, say


async def echo(fake: FakeDiscord, user: Any, channel: Any, run: Run) -> None:
    while not run.stop:
        await asyncio.sleep(ECHO_EVERY)
        took, rec = await answered(fake, user, channel, "echo", text="ping")
        if rec.error:
            run.failed.append(f"echo: {rec.error}")
        elif run.measuring:
            run.echo_ms.append(took)


async def lag(run: Run) -> None:
    while not run.stop:
        began = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        if run.measuring:
            run.lag_ms.append(max(0.0, (time.perf_counter() - began - LAG_TICK) * 1000))


def ready_picture() -> bytes:
    """The PNG of a TOKAN board in the phone layout, mid-game (the floor's picture)."""
    game = GAMES["tokan"]
    state = positions(game, 3, 2)[len(positions(game, 3, 2)) // 2]
    return to_png(tokan.render(game.view(state, None), names=["p0", "p1"], layout="phone"))


async def measure(database: Path, workers: int, matches: int, floor: bool = False) -> Run:
    run = Run()
    ready = ready_picture() if floor else b""
    async with FakeDiscord(quiet=0.02) as fake:
        boards = Boards(fake)
        bot = with_echo(build_bot(database=database, clock=SystemClock(), render_workers=workers))
        # Members and channels exist before the bot connects (it learns them at login).
        watcher = fake.add_member("watcher")
        echo_channel = fake.add_channel("echo")
        tables = [
            Table(
                fake,
                bot,
                fake.add_channel(f"table-{index}"),
                [fake.add_member(f"p{index}-{n}") for n in (0, 1)],
            )
            for index in range(matches)
        ]
        async with fake.running(bot):
            if floor:  # every picture ready at once, in the asking thread: no drawing
                pictures.configure(0, work=lambda renderer, args, kwargs: ready)
            for table in tables:
                await table.open(boards)
            for table in tables:  # the workers start, the code paths warm
                for _ in range(WARMUP_MOVES):
                    await table.move(boards, run)
            helpers = [
                asyncio.create_task(echo(fake, watcher, echo_channel, run)),
                asyncio.create_task(lag(run)),
            ]
            drawn = render_totals()
            used, sent = bot.herald.sketches.used, bot.dispatcher.delivered
            run.measuring = True
            if matches == 1:
                for _ in range(ALONE_MOVES):
                    await asyncio.sleep(ALONE_PAUSE)
                    await tables[0].move(boards, run)
            else:
                deadline = time.perf_counter() + CROWD_SECONDS

                async def player(table: Table, seed: int) -> None:
                    draw = random.Random(seed)
                    while time.perf_counter() < deadline:
                        await asyncio.sleep(draw.uniform(0, 2 * THINK))
                        await table.move(boards, run)

                await asyncio.gather(*(player(t, i) for i, t in enumerate(tables)))
            run.measuring = False
            run.ahead = bot.herald.sketches.used - used
            run.posts = bot.dispatcher.delivered - sent
            now = render_totals()
            run.render_ms = 1000 * (now[0] - drawn[0]) / max(1.0, now[1] - drawn[1])
            run.stop = True
            await asyncio.gather(*helpers)
    return run


def render_totals() -> tuple[float, float]:
    """Seconds and count of the TOKAN pictures drawn so far (the bot's render histogram)."""
    found = {
        sample.name: sample.value
        for metric in RENDER_SECONDS.collect()
        for sample in metric.samples
        if sample.labels.get("game") == "tokan"
    }
    return found.get("tidetable_picture_render_seconds_sum", 0.0), found.get(
        "tidetable_picture_render_seconds_count", 0.0
    )


def report(workers: int | str, matches: int, run: Run) -> None:
    board50, board99 = percentile(run.board_ms, 0.5), percentile(run.board_ms, 0.99)
    echo50 = percentile(run.echo_ms, 0.5)
    lag99 = percentile(run.lag_ms, 0.99)
    ratio = board50 / echo50 if echo50 else float("nan")
    target = TARGETS.get(matches, TARGETS[CROWD])
    lag_ok = lag99 <= LAG_TARGET_MS if matches > 1 else True
    verdict = "ok" if ratio <= target and lag_ok else "OVER"
    print(
        f"{workers:>7} {matches:>7} {len(run.board_ms):>6} {board50:>9.1f} {board99:>9.1f}"
        f" {len(run.echo_ms):>6} {echo50:>8.1f} {ratio:>6.1f} {'<= ' + format(target, 'g'):>6}"
        f" {lag99:>8.1f} {'<= 50' if matches > 1 else '':>6} {verdict:>4} {run.render_ms:>9.1f}"
        f" {run.ahead:>5}/{run.posts}",
        flush=True,
    )
    if run.failed:
        print(f"    {len(run.failed)} failed: {run.failed[0]}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, nargs="*", default=[2])
    parser.add_argument("--matches", type=int, nargs="*", default=[1, CROWD])
    parser.add_argument(
        "--floor", action="store_true", help="also the floor: every picture ready at once"
    )
    args = parser.parse_args()
    print(
        "move -> board through discord.py and the stand-in, beside /echo (ms);"
        f" {ALONE_MOVES} moves alone, {CROWD_SECONDS:.0f} s of {CROWD} matches"
    )
    print(
        f"{'workers':>7} {'matches':>7} {'moves':>6} {'board p50':>9} {'board p99':>9}"
        f" {'echos':>6} {'echo p50':>8} {'ratio':>6} {'target':>6} {'lag p99':>8}"
        f" {'target':>6} {'ok':>4} {'render ms':>9} {'ahead/sent':>10}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for workers in args.workers:
            for matches in args.matches:
                database = Path(folder) / f"board-{workers}-{matches}.sqlite3"
                report(workers, matches, await measure(database, workers, matches))
        if args.floor:
            for matches in args.matches:
                database = Path(folder) / f"board-floor-{matches}.sqlite3"
                report("floor", matches, await measure(database, 0, matches, floor=True))


if __name__ == "__main__":
    asyncio.run(main())
