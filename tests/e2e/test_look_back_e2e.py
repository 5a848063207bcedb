"""Looking back and playing again, end to end through the stand-in (issue 26): the replay
viewer of a finished match of each game (every position is the log's replay; a player's own
private view only), the analysis of each with its chart, a rematch that starts and is played,
and `/tidetable history` in a server and in a DM."""

from __future__ import annotations

import dataclasses
import re

import pytest

from cogs.analysis import analyst
from cogs.viewer import PAGE, frames
from data.analyses import AnalysisStore
from i18n.catalogue import language_of
from rules import rng
from table import history
from tests.e2e.driver import Table, drain, open_match

PLAYERS = {"tokan": 2, "tonari": 2, "fishing": 2, "toshi": 3, "tonga": 3}
ITERATIONS = 30  # the analysis' count in these tests: the path is under test, not the estimate


async def finish(table: Table, seed: int) -> None:
    """Play the match to its end through the match service (the playout policy for every
    seat), then let the outbox post everything: the final post is the channel's last."""
    bot = table.bot
    draw = rng.stream(seed, "look-back")
    for _ in range(3000):
        match = await table.match()
        if match.status != "active":
            break
        seat = match.game.to_act(match.state)[0]
        text = match.game.format(match.state, match.game.playout_move(match.state, seat, draw))
        await bot.service.move(match.row.channel_id, table.key, match.user_at(seat), text)
        bot.dispatcher.nudge()
    assert (await table.match()).status == "finished"
    await drain(bot, table.fake)


def custom_ids(message) -> list[str]:
    return [c["custom_id"] for row in message.components for c in row.get("components", [])]


def button(message, prefix: str, slot: str = "") -> str:
    """The one button whose custom id starts with ``prefix`` (and ends with ``slot``)."""
    (found,) = [c for c in custom_ids(message) if c.startswith(prefix) and c.endswith(slot)]
    return found


def position_of(content: str) -> int:
    found = re.search(r"replay: position (\d+) of (\d+)", content)
    assert found, content
    return int(found[1])


async def expected_board(table: Table, state) -> bytes:
    """The public picture of ``state`` as the bot draws a board (the same names, in the
    language the stand-in's people speak)."""
    match = await table.match()
    names = await table.bot.people.names(match.row.guild_id, match.players)
    cog = table.bot.game_cog(table.key)
    then = dataclasses.replace(match, state=state)
    return await cog.draw_public_png(then, names, language_of(table.fake.locale))  # type: ignore[attr-defined]


def board_of(message) -> bytes:
    (data,) = [d for name, d in message.attachments if "-at-" in name]
    return data


@pytest.mark.parametrize("key", list(PLAYERS))
async def test_step_through_and_analyse_a_finished_match(fake, make_bot, key):
    users = [fake.add_member(n) for n in ("alice", "bob", "cat")[: PLAYERS[key]]]
    watcher = fake.add_member("dan")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, key, channel, users)
        await finish(table, seed=26)
        match = await table.match()
        entries = await bot.service.store.moves(match.id)
        final = fake.messages(channel)[-1]
        assert "Game over" in final.content
        assert {"Analysis", "Rematch"} <= {
            c.get("label") for row in final.components for c in row["components"]
        }

        # Every position of the replay is the log replayed up to it (the pure frames, all).
        alice = users[0]
        match.seat_of(alice.id)
        every = frames(match, entries, None, None)
        assert len(every) == len(entries) + 1
        for position, frame in enumerate(every):
            expected = history.replay_state(
                match.game, match.row.seed, len(match.players), match.options, entries[:position]
            )
            assert frame.state == expected, position
        assert every[-1].state == match.state

        # The viewer, privately: it opens on the last position.
        opened = await fake.slash(alice, channel, f"{key} replay")
        assert opened.ephemeral and opened.error is None, opened.content
        viewer = opened.message
        assert position_of(viewer.content) == len(entries)
        assert board_of(viewer) == await expected_board(table, match.state)
        assert "Winner" in viewer.content or "Nobody wins" in viewer.content

        async def click(prefix: str) -> int:
            result = await fake.click(alice, viewer, button(viewer, prefix))
            assert result.error is None, result.error
            assert not result.followups, result.content
            shown = position_of(viewer.content)
            assert board_of(viewer) == await expected_board(table, every[shown].state), shown
            return shown

        assert await click(f"tt:rv:{match.id}:0:") == 0  # first
        assert await click(f"tt:rv:{match.id}:1:") == 1  # forward
        assert await click(f"tt:rv:{match.id}:2:") == 2  # forward
        assert await click(f"tt:rv:{match.id}:1:") == 1  # back
        assert await click(f"tt:rv:{match.id}:{len(entries)}:") == len(entries)  # last
        # The select jumps anywhere: a page of positions, turned past 25 options.
        (select,) = [c for c in custom_ids(viewer) if c.startswith("tt:rvj:")]
        if len(every) > PAGE:
            while (page := int(select.split(":")[4])) > 0:  # back to the first page
                turned = await fake.select(alice, viewer, select, [f"page:{page - 1}"])
                assert turned.error is None and position_of(viewer.content) == len(entries)
                (select,) = [c for c in custom_ids(viewer) if c.startswith("tt:rvj:")]
                assert int(select.split(":")[4]) == page - 1
        # Each option reads as the log's line for its position, its number said once.
        (menu,) = [
            c for row in viewer.components for c in row["components"] if c["custom_id"] == select
        ]
        for option in menu["options"]:
            if option["value"].startswith("pos:") and option["value"] != "pos:0":
                number = option["value"].split(":")[1]
                assert option["label"].startswith(f"{number}. "), option
                assert not option["label"].startswith(f"{number}. {number}."), option
        target = min(5, len(entries))
        jumped = await fake.select(alice, viewer, select, [f"pos:{target}"])
        assert jumped.error is None, jumped.error
        assert position_of(viewer.content) == target
        assert board_of(viewer) == await expected_board(table, every[target].state)

        # A click on alice's viewer by anyone else (a forged one: Discord shows it to alice
        # alone) is answered on its own; her viewer never shows the clicker's view.
        shown, pictures = viewer.content, list(viewer.attachments)
        (select,) = [c for c in custom_ids(viewer) if c.startswith("tt:rvj:")]
        assert select.endswith(f":o{alice.id}") or select.endswith(f":p{alice.id}")
        for other in (users[1], watcher):
            forged = await fake.click(other, viewer, button(viewer, f"tt:rv:{match.id}:0:", ":f"))
            assert forged.ephemeral and "someone else's" in forged.content, forged.content
            refused = await fake.select(other, viewer, select, [f"pos:{target}"])
            assert refused.ephemeral and "someone else's" in refused.content
            assert viewer.content == shown and list(viewer.attachments) == pictures

        # A game with hidden information: each player steps through their own view only.
        if match.game.spec.hidden_information:
            for user in users:
                mine = match.seat_of(user.id)
                own = await fake.slash(user, channel, f"{key} replay")
                start = button(own.message, f"tt:rv:{match.id}:0:")
                first = await fake.click(user, own.message, start)
                assert first.error is None
                for step in (1, 2, 3):
                    ids = custom_ids(own.message)
                    forward = next(c for c in ids if c.startswith(f"tt:rv:{match.id}:{step}:"))
                    await fake.click(user, own.message, forward)
                    text = own.message.content
                    state = every[step].state
                    assert "Your own view then" in text
                    assert match.game.private_text(state, mine) in text
                    for other in range(len(match.players)):
                        theirs = match.game.private_text(state, other)
                        if other != mine and theirs != match.game.private_text(state, mine):
                            assert theirs not in text
                    assert len(own.message.attachments) == 2  # the board and their own hand
            looker = await fake.slash(watcher, channel, f"{key} replay")
            assert looker.error is None and "Your own view" not in looker.content
            assert len(looker.files) == 1
        else:
            assert "Your own view" not in viewer.content

        # The analysis, from the final post's button: posted for the table with its chart.
        analyst(bot).iterations = ITERATIONS
        before = len(fake.messages(channel))
        asked = await fake.click(users[-1], final, f"tt:an:{match.id}")
        assert asked.error is None, asked.error
        # Posted through the outbox (saved with the analysis): at once, or once Discord answers.
        assert "Posted the analysis" in asked.content or "as soon as Discord" in asked.content
        await drain(bot, fake)
        (post,) = fake.messages(channel)[before:]
        assert "where it turned" in post.content
        assert len(re.findall(r"^\d\. Decision \d+", post.content, re.M)) == 3
        (chart,) = [name for name, _ in post.attachments]
        assert chart.endswith("-analysis.png")
        kept = await AnalysisStore(bot.service.store).get(match.id)
        assert kept is not None
        standing = history.effective_moves(entries)
        assert len(kept.chances) == len(standing)
        for row in kept.chances:
            assert len(row) == len(match.players) and abs(sum(row) - 1) < 1e-3
        # The last chances are the result: a share of the win for each winner, and on a draw
        # (a TOKAN tie on equal towers: nobody wins) fair shares, so the row still sums to 1.
        winners = match.outcome().winners
        players = len(match.players)
        won = [round(1 / len(winners), 4) if s in winners else 0.0 for s in range(players)]
        assert kept.chances[-1] == (won if winners else [round(1 / players, 4)] * players)
        if match.game.spec.hidden_information:  # a move not played would show a hand
            for swing in kept.swings:
                assert swing["preferred"] is None or swing["preferred"].endswith("stays hidden)")
        # Asked again: the kept analysis, privately, with its chart; nothing posted.
        again = await fake.slash(watcher, channel, f"{key} analysis", match=match.id)
        assert again.ephemeral and "where it turned" in again.content
        assert next(n for n, _ in again.files).endswith("-analysis.png")
        assert len(fake.messages(channel)) == before + 1


async def test_the_viewer_refuses_other_servers_and_shows_a_running_match_so_far(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    other = fake.add_guild("elsewhere")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        match = await table.match()
        seat = match.game.to_act(match.state)[0]
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        await bot.service.move(channel.id, "tokan", match.user_at(seat), text)
        bot.dispatcher.nudge()
        await drain(bot, fake)
        running = await fake.slash(bob, channel, "tokan replay")
        assert "(the moves so far)" in running.content and position_of(running.content) == 1
        there = fake.channel("games", other)
        refused = await fake.slash(alice, there, "tokan replay", match=match.id)
        assert "not played on this server" in refused.content
        refused = await fake.slash(alice, there, "tokan analysis", match=match.id)
        assert "not played on this server" in refused.content
        unfinished = await fake.slash(alice, channel, "tokan analysis")
        assert "not finished" in unfinished.content
    # The viewer's state is in its custom ids: after a restart its buttons still step.
    async with fake.running(make_bot()):
        viewer = running.message
        back = await fake.click(bob, viewer, button(viewer, f"tt:rv:{match.id}:0:", ":f"))
        assert back.error is None and position_of(viewer.content) == 0


async def test_a_rematch_starts_with_seats_turned_and_is_played(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        await finish(table, seed=5)
        old = await table.match()
        final = fake.messages(channel)[-1]
        asked = await fake.click(bob, final, f"tt:rm:{old.id}")
        assert asked.error is None and "rematch of" in asked.content, asked.content
        lobby = fake.messages(channel)[-1]
        new_id = int(re.search(r"match #(\d+)", lobby.content)[1])  # type: ignore[index]
        assert new_id != old.id
        invited = next(u for u in (alice, bob) if u is not bob)
        assert f"Rematch: <@{invited.id}> invited" in lobby.content
        again = await fake.click(alice, final, f"tt:rm:{old.id}")  # the channel is taken now
        assert "already has an open match" in again.content
        joined = await fake.click(invited, lobby, f"tt:join:{new_id}")
        assert "You joined" in joined.content
        assert "invited" not in lobby.content
        started = await fake.slash(bob, channel, "tokan start")
        assert "started" in started.content, started.content
        rematch = await bot.service.by_id(new_id)
        assert rematch.players == (old.players[1], old.players[0])
        assert rematch.options.get("undo") == old.options.get("undo")
        assert rematch.row.clock == old.row.clock
        rematch_table = Table(fake, bot, channel, "tokan", [alice, bob], new_id)
        await finish(rematch_table, seed=6)
        assert (await bot.service.by_id(new_id)).status == "finished"


async def test_history_in_a_server_and_in_a_dm(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        ids = []
        for seed in (1, 2):
            table = await open_match(fake, bot, "tokan", channel, [alice, bob])
            await finish(table, seed=seed)
            ids.append(table.match_id)
        here = await fake.slash(alice, channel, "tidetable history")
        assert here.ephemeral and "on this server: 2" in here.content, here.content
        lines = here.content.splitlines()[1:]
        assert [int(re.search(r"#(\d+)", line)[1]) for line in lines] == ids[::-1]  # type: ignore[index]
        for line, match_id in zip(lines, ids[::-1], strict=True):
            match = await bot.service.by_id(match_id)
            board = await bot.service.store.board_message(match_id)
            assert f"/{channel.id}/{board})" in line  # the link to the final post
            assert f"<#{channel.id}>" in line
            winners = match.row.result["winners"]  # type: ignore[index]
            mine = match.seat_of(alice.id)
            if not winners:  # a TOKAN draw (equal towers): about one seed in ten
                assert "nobody won" in line, line
            else:
                assert ("won" in line) == (mine in winners and len(winners) == 1), line
        only = await fake.slash(bob, channel, "tidetable history", game="tonari")
        assert "no finished match of Tonari" in only.content
        theirs = await fake.slash(bob, channel, "tidetable history", player=alice)
        assert "on this server: 2" in theirs.content
        dm = fake.dm_channel(alice)
        everywhere = await fake.slash(alice, dm, "tidetable history")
        assert "on every server: 2" in everywhere.content, everywhere.content
        assert "on " in everywhere.content.splitlines()[1]
        refused = await fake.slash(alice, dm, "tidetable history", player=bob)
        assert "your own matches only" in refused.content


async def test_the_viewer_ends_a_resigned_match_with_its_resignation(fake, make_bot):
    """A match a resignation ended is over at its last position: the viewer says how it ended
    and who won, never "still running" (its game had not reached an end)."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        match = await table.match()
        seat = match.game.to_act(match.state)[0]
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        await bot.service.move(channel.id, "tokan", match.user_at(seat), text)
        resigned = await fake.slash(alice, channel, "tokan resign")
        assert resigned.error is None, resigned.content
        await drain(bot, fake)
        assert (await table.match()).status == "finished"
        viewer = await fake.slash(bob, channel, "tokan replay")
        assert position_of(viewer.content) == 2, viewer.content
        assert "still running" not in viewer.content
        assert "resign" in viewer.content and "Winner: bob" in viewer.content, viewer.content
        # Its analysis: the one decision estimated, and the words say the match ended early.
        analyst(bot).iterations = ITERATIONS
        final = fake.messages(channel)[-1]
        asked = await fake.click(bob, final, f"tt:an:{match.id}")
        assert asked.error is None, asked.content
        await drain(bot, fake)
        post = fake.messages(channel)[-1]
        assert "where it turned" in post.content and "ended early" in post.content
        kept = await AnalysisStore(bot.service.store).get(match.id)
        assert kept is not None and len(kept.chances) == 1
