"""The bot's pacing under Discord's global rate limit (app/pacing.py), on a clock the test moves:
no window ever holds more passages than the limit, burst or not, a request after a quiet moment
never waits, turns are taken in order, and interaction endpoints (exempt from the global limit,
and due within 3 s) are never held."""

from __future__ import annotations

import asyncio
import random

import aiohttp

from app.pacing import BURST, PACE, RateGate, bound, pacing_trace, share


class Time:
    """A clock that only moves when something waits on it (the gate's ``sleep``)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def busiest_window(times: list[float], window: float = 1.0) -> int:
    return max(sum(1 for t in times if start <= t < start + window) for start in times)


async def test_no_second_holds_more_passages_than_the_rate() -> None:
    clock = Time()
    gate = RateGate(45, time=clock, sleep=clock.sleep)
    passed: list[float] = []

    async def one() -> None:
        await gate.acquire()
        passed.append(clock())

    await asyncio.gather(*(one() for _ in range(500)))
    assert len(passed) == 500 and passed == sorted(passed)
    assert busiest_window(passed) == 45
    # 500 passages at 45 a second: the last one in the twelfth second, none earlier than due.
    assert 11.0 <= passed[-1] < 12.0
    assert gate.passed == 500 and gate.waited > 0


async def test_a_burst_never_makes_a_window_hold_more_than_the_limit() -> None:
    clock = Time()
    gate = RateGate(PACE, burst=BURST, time=clock, sleep=clock.sleep)
    passed: list[float] = []

    async def one() -> None:
        await gate.acquire()
        passed.append(clock())

    await asyncio.gather(*(one() for _ in range(500)))
    assert passed == sorted(passed)
    assert passed[:BURST] == [0.0] * BURST and passed[BURST] > 0.0, "the burst goes at once"
    assert busiest_window(passed) == PACE
    # After the burst, one every 1 / (45 - 3 + 1) s: the 500th in the twelfth second.
    assert 11.0 <= passed[-1] < 12.0


async def test_a_request_after_a_quiet_moment_passes_at_once() -> None:
    """A board posted 10 ms after the one before (a lone match, a quick reply) does not wait
    for the 23 ms a steady stream is spaced by; a third within the burst neither."""
    clock = Time()
    gate = RateGate(PACE, burst=BURST, time=clock, sleep=clock.sleep)
    for _ in range(BURST):
        await gate.acquire()
        clock.now += 0.010
    assert clock.slept == [], "within the burst, nothing waits"
    clock.now += 1.0  # quiet: the burst is whole again
    await gate.acquire()
    assert clock.slept == []
    for _ in range(BURST):
        await gate.acquire()  # four at once: the fourth waits for a turn
    assert len(clock.slept) == 1 and clock.slept[0] > 0


async def test_a_burst_mixed_with_quiet_moments_stays_within_the_limit() -> None:
    """Passages that come when they like (bursts, pauses, streams) at a gate with a burst:
    whatever the pattern, no second holds more than the limit."""
    draw = random.Random(7)
    for _ in range(30):
        clock = Time()
        gate = RateGate(PACE, burst=BURST, time=clock, sleep=clock.sleep)
        passed: list[float] = []
        for _ in range(300):
            if draw.random() < 0.3:
                clock.now += draw.choice([0.0, 0.001, 0.02, 0.1, 0.5])
            await gate.acquire()
            passed.append(clock())
        assert busiest_window(passed) <= PACE


async def test_turns_are_taken_in_the_order_asked() -> None:
    clock = Time()
    gate = RateGate(2, time=clock, sleep=clock.sleep)
    order: list[int] = []

    async def one(i: int) -> None:
        await gate.acquire()
        order.append(i)

    await asyncio.gather(*(one(i) for i in range(7)))
    assert order == list(range(7))


def test_interactions_and_the_gateway_are_not_paced() -> None:
    assert bound("/api/v10/channels/1/messages")
    assert bound("/api/v10/users/@me/channels")
    assert bound("/api/v10/guilds/1/members/2")
    assert not bound("/api/v10/interactions/1/tok-en/callback")
    assert not bound("/api/v10/webhooks/1/tok-en")
    assert not bound("/api/v10/webhooks/1/tok-en/messages/@original")
    assert not bound("/gateway/")
    assert not bound("/attachments/1/2/board.png")


def test_processes_of_one_bot_share_the_limit() -> None:
    assert share(None, None) == 1.0
    assert share(4, [0, 1]) == 0.5
    assert share(4, [0, 1, 2, 3]) == 1.0
    assert PACE * share(3, [2]) == 15
    assert PACE < 50, "a margin under Discord's 50 per second"


def test_the_pacing_hook_goes_first_on_a_trace_the_bot_has_already() -> None:
    async def counting(*_: object) -> None:
        pass

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(counting)
    assert pacing_trace(RateGate(45), trace) is trace
    assert len(trace.on_request_start) == 2 and trace.on_request_start[1] is counting
