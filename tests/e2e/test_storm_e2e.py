"""A storm of due work after a three-day outage, small (200 timers; ``bench/storm.py`` runs the
same with 5,000), through the real bot and the Discord stand-in, which enforces Discord's global
rate limit and counts invalid requests: every deadline is played exactly once, every turn post
goes out before the first reminder, within 50 requests a second, and not one request is
answered 429 or 403 (closed DMs are remembered, not tried)."""

from __future__ import annotations

from pathlib import Path

from bench import storm
from tests.fakediscord.limits import GLOBAL_LIMIT

TIMERS = 200


async def test_a_storm_goes_out_in_order_within_discords_limits(tmp_path: Path) -> None:
    outcome = await storm.run(TIMERS, tmp_path)
    fake = outcome.fake
    timed_out = outcome.storm.of("timed out", "hidden")
    reminded = outcome.storm.of("reminded")
    assert outcome.storm.timers == TIMERS and timed_out and reminded and outcome.storm.closed

    # Every deadline played once, and said once in its channel.
    assert outcome.played_once == len(timed_out)
    assert len(outcome.turn_posts) == len(timed_out)
    # Every reminder that still applies went out once (a mention when DMs are closed), after
    # every turn post; the reminders of the decisions the table played went nowhere.
    assert len(outcome.reminders) == len(reminded)
    assert outcome.turn_posts[-1].at <= outcome.reminders[0].at
    assert all(len(fake.messages(m.channel, storm.REMINDER_TEXT)) == 0 for m in timed_out)

    # Within Discord's limits, without leaning on its 429s, and no DM tried to closed DMs.
    assert outcome.busiest <= GLOBAL_LIMIT
    assert outcome.rate_limited == 0 and outcome.forbidden == 0 and outcome.invalid == 0
    assert all(fake.dms(user) == [] for user in outcome.storm.closed)
    assert not fake.errors and not fake.unknown_routes
