"""The table's memory end to end: the real bot, through the real discord.py client, against the
stand-in. A TOKAN match with an undo, then `log` (paged with buttons), `replay` (a GIF with a
frame per log entry), `leaderboard`, the answer of `/tidetable stats`, and the final post's
score breakdown picture."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from cogs.history import SCORES_SUFFIX
from rules import rng
from table.ratings import RATING_NOTE
from tests.e2e.driver import assert_png, open_match, play_one, play_to_end

GAMES = ("tokan", "tonari", "fishing", "toshi", "tonga")
HISTORY_COMMANDS = {"log", "replay", "undo", "leaderboard"}


@pytest.fixture
def players(fake):
    return [fake.add_member("alice"), fake.add_member("bob")]


async def read_log(fake, user, channel, first):
    """Every page of a log answer, turning pages with its Next button."""
    pages = [first.content]
    message = first.message
    while True:
        nexts = [
            c
            for row in message.components
            for c in row.get("components", [])
            if c.get("label", "").startswith("Next") and not c.get("disabled")
        ]
        if not nexts:
            return pages
        clicked = await fake.click(user, message, nexts[0]["custom_id"])
        assert clicked.error is None, clicked.error
        pages.append(message.content)
        assert len(pages) < 50


def lines_of(pages: list[str]) -> list[str]:
    return [line for page in pages for line in page.split("\n")[1:]]


async def test_every_game_group_has_the_history_commands(fake, make_bot):
    async with fake.running(make_bot()):
        for key in GAMES:
            group = next(c for c in fake.commands if c["name"] == key)
            names = {o["name"] for o in group["options"]}
            assert names >= HISTORY_COMMANDS, (key, names)
            new = next(o for o in group["options"] if o["name"] == "new")
            assert "undo" in {o["name"] for o in new.get("options", [])}, key


async def test_a_tokan_match_with_an_undo_then_log_replay_and_leaderboard(fake, make_bot, players):
    alice, bob = players
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        draw = rng.stream(3, "history-e2e")
        before = await table.match()
        await play_one(table, draw)
        moved = await table.match()
        headline = fake.messages(channel)[-1].content.split("\n")[0]  # "<@mover>: what they did"
        (first,) = await bot.service.store.moves(table.match_id)
        mover = table.user(moved.user_at(first.seat))
        other = next(u for u in players if u is not mover)

        # The other player cannot take back a move that is not theirs.
        refused = await fake.slash(other, channel, "tokan undo")
        assert refused.ephemeral and "no move to take back" in refused.content
        posts = len(fake.messages(channel))
        taken = await fake.slash(mover, channel, "tokan undo")
        assert taken.ephemeral, taken.content
        assert taken.content == f"You took back `{first.move}`.", taken.content
        told = fake.messages(channel)[posts:]
        assert len(told) == 1
        # People are named, not pinged, in what happened; the next line pings who acts.
        assert f"took back `{first.move}`." in told[0].content.splitlines()[0]
        assert told[0].content.splitlines()[0].startswith(mover.name)
        assert_png(told[0].attachments)  # the board as it is again
        undone = await table.match()
        assert undone.state == before.state and undone.version == moved.version + 1
        assert await bot.service.replay(table.match_id) == undone.state
        again = await fake.slash(mover, channel, "tokan undo")
        assert "no move to take back" in again.content

        match = await play_to_end(table, seed=3)
        final = fake.messages(channel)[-1]
        scores = [data for name, data in final.attachments if name.endswith(SCORES_SUFFIX)]
        assert len(scores) == 1, [name for name, _ in final.attachments]
        assert Image.open(io.BytesIO(scores[0])).width == 1000  # the breakdown chart

        entries = await bot.service.store.moves(match.id)
        assert [e.move for e in entries[:2]] == [first.move, "undo"]

        # The log, privately, page by page: what the channel saw, the undo included.
        answer = await fake.slash(alice, channel, "tokan log")
        assert answer.ephemeral and answer.content.startswith(f"**TOKAN** match #{match.id}")
        pages = await read_log(fake, alice, channel, answer)
        assert len(pages) > 1  # a whole TOKAN match does not fit one message
        lines = lines_of(pages)
        assert len(lines) == len(entries)
        assert headline.startswith(f"{mover.name} (")
        assert lines[0] == f"1. {headline} *(taken back)*"
        assert lines[1].startswith(f"2. {mover.name} (") and "took back their move 1" in lines[1]
        # Every move post's first line (the move as the channel was told it) is in the log, in
        # order; the final post's is left out: it drops the end sentence the final text repeats.
        said = [
            m.content.split("\n")[0]
            for m in fake.messages(channel)[:-1]
            if m.attachments
            and re.match(r"(alice|bob) \((red|black)\)", m.content)
            and "took back" not in m.content.split("\n")[0]
        ]
        logged = [line.split(". ", 1)[1].removesuffix(" *(taken back)*") for line in lines]
        assert said and [line for line in logged if line in said] == said

        # Posted for everyone on request.
        posts = len(fake.messages(channel))
        shown = await fake.slash(bob, channel, "tokan log", public=True)
        assert shown.ephemeral and shown.content == "Posted the log."
        assert fake.messages(channel)[posts].content == pages[0]

        # The replay: one frame per log entry, then the final scores.
        replay = await fake.slash(bob, channel, "tokan replay", gif=True)
        assert replay.ephemeral, replay.content
        ((name, data),) = replay.files
        assert name.endswith(".gif")
        gif = Image.open(io.BytesIO(data))
        assert getattr(gif, "n_frames", 1) == len(entries) + 1, replay.content
        assert f"{len(entries)} log entries" in replay.content
        assert len(data) <= 10 * 1024 * 1024
        # Its alt text names the people (issue 25); the frames name them too.
        (described,) = replay.message.stored_attachments
        assert described.description and "Animated replay of TOKAN match" in described.description
        assert all(user.name in described.description for user in players)

        # The ratings: both players, this server and all servers.
        board = await fake.slash(alice, channel, "tokan leaderboard")
        assert board.ephemeral and "leaderboard, this server" in board.content
        for user in players:
            assert f"<@{user.id}>" in board.content
        assert board.content.count("1 match,") == 2
        # Ratings read from 1,000, the winner's above it and listed first, the loser's below
        # (a draw rates both alike); provisional after a single match. Each player's line is
        # read by their mention, whatever the words around it (the seats, hence who wins,
        # follow the match's own seed).
        result = match.game.outcome(match.state)
        assert result is not None
        winners = {match.user_at(seat) for seat in result.winners}
        listed = board.content.split("\n")[1:]
        assert len(listed) == 2, board.content
        order = [next(u.id for u in players if f"<@{u.id}>" in line) for line in listed]
        assert sorted(order) == sorted(u.id for u in players), board.content
        shown = {}
        for user_id, line in zip(order, listed, strict=True):
            found = re.search(r"\*\*([\d,]+) \(provisional\)\*\*", line)
            assert found, line
            shown[user_id] = int(found[1].replace(",", ""))
        if len(winners) == 1:
            (winner,) = winners
            (loser,) = set(order) - winners
            assert order[0] == winner, board.content
            assert shown[winner] > 1000 > shown[loser], board.content
        else:  # nobody (or both) won: neither rated above the other
            assert shown[order[0]] == shown[order[1]], board.content
        everywhere = await fake.slash(alice, channel, "tokan leaderboard", **{"global": True})
        assert "all servers" in everywhere.content
        empty = await fake.slash(alice, channel, "tonga leaderboard")
        assert "No rated Tonga Bonga matches" in empty.content

        stats = await fake.slash(alice, channel, "tidetable stats", player=bob)
        assert stats.ephemeral and f"<@{bob.id}>'s record on this server" in stats.content
        assert "**TOKAN**: 1 match" in stats.content
        assert "(provisional)" in stats.content and RATING_NOTE in stats.content
        assert_png(stats.files)
        assert not fake.unknown_routes and not fake.errors


async def test_undo_off_at_new_refuses_every_undo(fake, make_bot, players):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tonari", channel, players, undo=False)
        assert (await table.match()).options["undo"] == "off"
        await play_one(table, rng.stream(1, "off"))
        (first,) = await bot.service.store.moves(table.match_id)
        mover = table.user((await table.match()).user_at(first.seat))
        refused = await fake.slash(mover, channel, "tonari undo")
        assert refused.ephemeral and "Undo is off in this match" in refused.content
        assert "`undo:off`" in fake.messages(channel, r"match #\d+ \(")[0].content
