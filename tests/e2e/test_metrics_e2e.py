"""The operator's view, end to end: /metrics scraped while a match is played against a computer
seat, with a deadline that runs out, and /healthz.

Every metric the README lists is served; those the play exercises move: actions saved, outbox
deliveries, the outbox's backlog, a timer's lateness, a computer's decision time, picture render
time, Discord's answers by status, interactions answered, open matches by game.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import time

import aiohttp

from data.clock import ManualClock
from rules import rng
from table.computers import THINK_PAUSE
from table.turnclock import HOUR
from tests.e2e.driver import Table, drain, play_one

SERVED = (
    "tidetable_actions_saved_total",
    "tidetable_outbox_pending",
    "tidetable_outbox_oldest_due_seconds",
    "tidetable_outbox_deliveries_total",
    "tidetable_timer_lateness_seconds_count",
    "tidetable_computer_decision_seconds_count",
    "tidetable_picture_render_seconds_count",
    "tidetable_discord_responses_total",
    "tidetable_interactions_answered_total",
    "tidetable_interactions_answered_late_total",
    "tidetable_storage_errors_total",
    "tidetable_open_matches",
    "process_resident_memory_bytes",
)
SAMPLE = re.compile(r"^(\w+)(\{[^}]*\})? (\S+)$")


async def scrape(port: int, path: str = "/metrics") -> tuple[int, str]:
    url = f"http://127.0.0.1:{port}{path}"
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


def sums(text: str) -> dict[str, float]:
    """Each metric's samples added up over their labels."""
    totals: dict[str, float] = {}
    for line in text.splitlines():
        found = SAMPLE.match(line)
        if found:
            totals[found[1]] = totals.get(found[1], 0.0) + float(found[3])
    return totals


def labelled(text: str, name: str) -> dict[str, float]:
    """The samples of one metric by their labels' text."""
    return {
        found[2] or "": float(found[3])
        for found in map(SAMPLE.match, text.splitlines())
        if found and found[1] == name
    }


async def test_the_metrics_move_while_a_match_is_played_and_health_is_told(fake, make_bot):
    alice = fake.add_member("alice")
    clock = ManualClock()
    async with fake.running(
        make_bot(clock=clock, computer_pause=THINK_PAUSE, metrics_port=0)
    ) as bot:
        port = bot.observatory.port
        status, before = await scrape(port)
        assert status == 200
        # Labelled metrics whose labels are not known in advance appear with their first event.
        later = {
            "tidetable_actions_saved_total",
            "tidetable_computer_decision_seconds_count",
            "tidetable_picture_render_seconds_count",
            "tidetable_open_matches",
        }
        assert {name for name in SERVED if name not in sums(before)} <= later

        channel = fake.channel("games")
        created = await fake.slash(alice, channel, "tokan new", bots=1, level="normal", clock="12h")
        assert "is open" in created.content, created.content
        await fake.slash(alice, channel, "tokan start")
        match = await bot.service.current(channel.id, "tokan")
        table = Table(fake, bot, channel, "tokan", [alice], match.id)
        draw = rng.stream(5, "metrics")
        status, during = await scrape(port)
        assert labelled(during, "tidetable_open_matches") == {'{game="tokan",status="active"}': 1.0}
        # Alice moves, the computer seat answers after its pause; then she lets her time run out.
        for _ in range(3):
            for _ in range(3000):  # turns of the loop while the computer thinks, not seconds
                match = await table.match()
                if alice.id in match.to_act():
                    break
                clock.advance(THINK_PAUSE)
                await drain(bot, fake)
                await asyncio.sleep(0.01)
            await play_one(table, draw, only=alice.id)
        for _ in range(3000):
            match = await table.match()
            if alice.id in match.to_act():
                break
            clock.advance(THINK_PAUSE)
            await drain(bot, fake)
            await asyncio.sleep(0.01)
        clock.advance(12 * HOUR + 60)  # her deadline passes: the table plays for her
        await drain(bot, fake)
        timed_out = [
            e for e in await bot.store.outbox(match.id) if e.payload.get("event") == "timeout"
        ]
        assert timed_out

        status, after = await scrape(port)
        assert status == 200
        grown = sums(after)
        assert [name for name in SERVED if name not in grown] == []
        was = sums(before)
        for name in (
            "tidetable_actions_saved_total",
            "tidetable_outbox_deliveries_total",
            "tidetable_timer_lateness_seconds_count",
            "tidetable_computer_decision_seconds_count",
            "tidetable_picture_render_seconds_count",
            "tidetable_discord_responses_total",
            "tidetable_interactions_answered_total",
        ):
            assert grown[name] > was.get(name, 0.0), name
        saved = labelled(after, "tidetable_actions_saved_total")
        assert saved['{kind="move"}'] >= 3 and saved['{kind="timeout"}'] >= 1, saved
        # The timeout was carried out at once on the manual clock: it was not late.
        assert 'tidetable_timer_lateness_seconds_bucket{le="0.1"}' in after
        assert labelled(after, "tidetable_discord_responses_total").get('{status="200"}', 0) > 0

        # The database is busy (another program holds its write lock): a change is refused.
        locker = sqlite3.connect(bot.database, timeout=0)
        locker.execute("BEGIN IMMEDIATE")
        try:
            refused = await fake.slash(alice, channel, "tidetable away", days=1)
            await asyncio.wait_for(refused.replied.wait(), 10)  # after the busy timeout
            assert "busy" in refused.content, refused.content
        finally:
            locker.rollback()
            locker.close()
        status, busy = await scrape(port)
        errors = labelled(busy, "tidetable_storage_errors_total")
        assert (
            errors['{kind="busy"}']
            > labelled(before, "tidetable_storage_errors_total")['{kind="busy"}']
        )

        status, body = await scrape(port, "/healthz")
        assert (status, body) == (200, '{"gateway": true, "database": true}')
        await bot.store.close()  # the database stops answering
        bot.store = None
        status, body = await scrape(port, "/healthz")
        assert status == 503 and '"database": false' in body


async def test_an_interaction_answered_after_three_seconds_is_counted_late():
    """The trace reads when an interaction was sent from its id (a snowflake): an answer begun
    more than three seconds later counts as late."""
    from types import SimpleNamespace

    from yarl import URL

    from app.observatory import DISCORD_EPOCH_MS, discord_trace
    from metrics.instruments import INTERACTIONS_ANSWERED, INTERACTIONS_LATE

    started = discord_trace().on_request_start[0]

    def callback(seconds_ago: float) -> SimpleNamespace:
        sent = int((time.time() - seconds_ago) * 1000) - DISCORD_EPOCH_MS
        url = URL(f"https://discord.test/api/v10/interactions/{sent << 22}/token/callback")
        return SimpleNamespace(url=url, method="POST")

    answered, late = INTERACTIONS_ANSWERED._value.get(), INTERACTIONS_LATE._value.get()
    await started(None, SimpleNamespace(), callback(0.5))
    assert (INTERACTIONS_ANSWERED._value.get(), INTERACTIONS_LATE._value.get()) == (
        answered + 1,
        late,
    )
    await started(None, SimpleNamespace(), callback(4.0))
    assert INTERACTIONS_LATE._value.get() == late + 1
    other = SimpleNamespace(url=URL("https://discord.test/api/v10/channels/1/messages"))
    await started(None, SimpleNamespace(), other)
    assert INTERACTIONS_ANSWERED._value.get() == answered + 2


def test_the_example_dashboard_asks_only_for_metrics_the_bot_serves():
    """deploy/grafana-dashboard.json: every metric a panel queries is one of the bot's (a
    renamed metric would leave an empty panel)."""
    import json
    from pathlib import Path

    from metrics.instruments import REGISTRY

    dashboard = json.loads(
        (Path(__file__).parents[2] / "deploy" / "grafana-dashboard.json").read_text()
    )
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum")}
    served = {
        family.name + suffix
        for family in REGISTRY.collect()
        for suffix in suffixes.get(family.type, ("",))
    }
    asked = {
        name
        for panel in dashboard["panels"]
        for target in panel["targets"]
        for name in re.findall(r"\b(?:tidetable|process)_\w+", target["expr"])
    }
    assert asked and asked <= served, asked - served
