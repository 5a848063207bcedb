"""Row 4 of "Exactly once": the bot SIGKILLed at random points while players move.

The real bot runs as its own OS process against the Discord stand-in (tests/support/
bot_process.py). Five matches, one of each game, are played to the end in five channels; before
many of the moves a kill is armed at a seeded point of the move's conversation with Discord
(before or after Discord applies the acknowledgement, the board post, a DM, or the answer). A
killed bot is restarted on the same database; a player whose command got no answer looks at the
match and, if their move was not saved, sends it again, as a person would.

Afterwards every outbox entry is delivered and appears in Discord exactly once (checked by the
nonce each post carries), every saved move is announced by exactly one post, no move is applied
twice (the log has no gap and replays to the saved state), each match has one "Game over", and
what a crash held back was posted saying it was late.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from rules import rng
from tests.fakediscord import FakeDiscord
from tests.fakediscord.faults import CALLBACK, FOLLOWUP, MESSAGE_CREATE, KillPoint
from tests.support.bot_process import BotProcess
from tests.support.db_view import reading

GAMES = (("tokan", 2), ("tonari", 2), ("fishing", 2), ("toshi", 3), ("tonga", 3))
POINTS = tuple(
    KillPoint("POST", path, nth, apply_first)
    for path, nth in ((CALLBACK, 1), (MESSAGE_CREATE, 1), (MESSAGE_CREATE, 2), (FOLLOWUP, 1))
    for apply_first in (False, True)
)
KILLS = 36  # at least 30 moves with a kill armed, spread over the five games
SEED = 2026


async def test_sigkill_at_random_points_loses_and_doubles_nothing(tmp_path: Path) -> None:
    async with (
        FakeDiscord(quiet=0.02) as fake,
        BotProcess(fake, tmp_path / "bot.sqlite3") as bot,
        reading(tmp_path / "bot.sqlite3") as view,
    ):
        users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
        for user in users:  # turns by DM: Toshi Tōshi's hands go by DM, among the kill points
            chose = await fake.slash(user, fake.dm_channel(user), "tidetable notify", turn="dm")
            assert "Your turns reach you" in (chose.content or ""), chose.content
        draw = rng.stream(SEED, "crash")
        channels = {}
        for key, count in GAMES:
            channel = channels[key] = fake.add_channel(f"{key}-table")
            await fake.slash(users[0], channel, f"{key} new")
            lobby = fake.messages(channel)[-1]
            for user in users[1:count]:
                await fake.click(user, lobby, lobby.custom_ids()[0])
            started = await fake.slash(users[0], channel, f"{key} start")
            assert "started" in started.content, started.content

        kills = armed = moves = 0
        playing = [key for key, _ in GAMES]
        while playing:
            key = playing[rng.below(draw, len(playing))]
            channel = channels[key]
            match = await view.service.current(channel.id, key)
            seat = match.game.to_act(match.state)[0]
            user = next(u for u in users if u.id == match.user_at(seat))
            text = match.game.format(match.state, match.game.playout_move(match.state, seat, draw))
            fault = None
            if armed < KILLS and rng.below(draw, 3) < 2:
                armed += 1
                point = POINTS[rng.below(draw, len(POINTS))]
                fault = point.arm(fake.faults, bot.pid_getter)
            await fake.slash(user, channel, f"{key} move", move=text)
            moves += 1
            if fault is not None and fault.killed:
                kills += 1
                assert await bot.wait_exit() == -9
                await bot.start()
            fake.faults.clear()
            after = await view.service.by_id(match.id)
            if after.status != "active":
                playing.remove(key)
        assert armed >= 30 and kills >= 15, (armed, kills)

        # Whatever the last crash held back goes out now.
        for _ in range(600):
            entries = await view.service.store.outbox()
            if all(e.status != "pending" for e in entries):
                break
            await asyncio.sleep(0.01)
        await fake.settle()

        instance = view.service.store.instance
        posts = Counter(m.nonce for m in fake.posts() if m.nonce)
        late = 0
        for key, _ in GAMES:
            match = await view.service.latest(channels[key].id)
            assert match is not None and match.status == "finished", key
            entries = await view.service.store.outbox(match.id)
            assert all(e.status == "sent" for e in entries), [
                (e.id, e.status, e.last_error) for e in entries if e.status != "sent"
            ]
            for entry in entries:  # each announcement in Discord exactly once
                # A lobby change edits the lobby's one message: it posts nothing of its own.
                edits = entry.payload.get("event") in ("joined", "left")
                assert posts[f"tt{instance}{entry.id}"] == (0 if edits else 1), (key, entry)
            log = await view.service.store.moves(match.id)
            versions = [m.version for m in log]
            assert versions == list(range(versions[0], versions[-1] + 1)), "no gap, no repeat"
            replayed = await view.service.replay(match.id)
            assert match.game.dump_state(replayed) == match.game.dump_state(match.state)
            announced = [e for e in entries if e.payload.get("event") == "move"]
            forced = sum(len(e.payload.get("forced", ())) for e in announced)
            assert len(announced) + forced == len(log), "every saved move announced once"
            texts = [m.content for m in fake.messages(channels[key])]
            assert sum("Game over" in t for t in texts) == 1, key
            late += sum("posted late" in t for t in texts)
        assert late > 0, "what a crash held back was posted, saying it was late"
        assert moves >= 100
