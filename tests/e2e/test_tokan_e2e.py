"""TOKAN end to end: the real bot, through the real discord.py client, against the stand-in."""

from __future__ import annotations

import pytest

from rules import rng
from tests.e2e.driver import assert_png, open_match, play_one, play_to_end
from tests.fakediscord.faults import MESSAGE_CREATE


@pytest.fixture
def players(fake):
    return [fake.add_member("alice"), fake.add_member("bob")]


async def test_a_whole_game_through_autocomplete(fake, make_bot, players):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        start = fake.messages(channel)[-1]
        assert "(red) · " in start.content and "(black)" in start.content
        match = await play_to_end(table, seed=3)
        assert match.status == "finished"
        final = fake.messages(channel)[-1]
        assert "Game over" in final.content
        for seat in range(2):
            assert f"<@{match.user_at(seat)}>" in final.content
        assert ("Winner" in final.content) or ("draw" in final.content)
        assert "Towers" in final.content  # each score comes with its breakdown
        replayed = await bot.service.replay(match.id)
        assert match.game.dump_state(replayed) == match.game.dump_state(match.state)
        assert not fake.unknown_routes and not fake.errors


async def test_every_head_counts_is_chosen_at_new(fake, make_bot, players):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players, scoring="every-head-counts")
        assert (await table.match()).options == {"scoring": "every-head-counts"}
        await play_to_end(table, seed=5)
        assert "on top" in fake.messages(channel)[-1].content


async def test_bad_input_is_refused_privately_and_changes_nothing(fake, make_bot, players):
    stranger = fake.add_member("mallory")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        before = await table.match()
        posted = len(fake.messages(channel))
        (on_turn,) = before.to_act()
        mover = table.user(on_turn)
        waiting = next(u for u in players if u.id != on_turn)

        cases = [
            (mover, "z9 up", "z9"),  # malformed
            (mover, "a1 sideways", "a1 sideways"),
            (
                waiting,
                before.game.format(before.state, before.game.legal_moves(before.state, 0)[0]),
                "not your turn",
            ),
            (stranger, "a1 up", "not playing"),
        ]
        for user, text, expected in cases:
            result = await fake.slash(user, channel, "tokan move", move=text)
            assert result.ephemeral, result.content
            assert expected.lower() in result.content.lower(), result.content
            assert "Traceback" not in result.content

        # An illegal but well-formed move names its reason and the legal moves.
        seat = before.seat_of(on_turn)
        legal = {
            before.game.format(before.state, m) for m in before.game.legal_moves(before.state, seat)
        }
        illegal = next(
            f"{c}{r} {d}"
            for c in "abcdef"
            for r in "12345"
            for d in ("up", "down", "left", "right")
            if f"{c}{r} {d}" not in legal
        )
        result = await fake.slash(mover, channel, "tokan move", move=illegal)
        assert result.ephemeral and result.content and "Traceback" not in result.content

        after = await table.match()
        assert after.version == before.version and after.state == before.state
        assert len(fake.messages(channel)) == posted  # nothing public was said
        # Autocomplete explains instead of suggesting: one entry that says why.
        for user, why in ((stranger, "You are not playing"), (waiting, "It is not your turn")):
            (hint,) = await fake.autocomplete(user, channel, "tokan move", focused="move", move="")
            assert hint["name"].startswith(why), hint
            sent = await fake.slash(user, channel, "tokan move", move=hint["value"])
            assert sent.ephemeral and sent.content.startswith(why), sent.content
        assert (await table.match()).version == before.version


async def test_one_match_per_channel_and_the_lobby_rules(fake, make_bot, players):
    admin = fake.add_member("admin", manage_guild=True)
    async with fake.running(make_bot()):
        channel = fake.channel("games")
        alice, bob = players
        first = await fake.slash(alice, channel, "tokan new")
        assert first.ephemeral and "Match #1 is open" in first.content
        assert "match #1" in fake.messages(channel)[-1].content
        again = await fake.slash(bob, channel, "tokan new")
        assert again.ephemeral and "already has an open match: #1" in again.content
        early = await fake.slash(alice, channel, "tokan start")
        assert early.ephemeral and "needs 2 players;" in early.content
        joined = await fake.slash(bob, channel, "tokan join")
        assert joined.ephemeral and "You joined match #1" in joined.content
        (lobby,) = fake.messages(channel, "match #1")  # one lobby message, edited
        assert f"<@{bob.id}>" in lobby.content and bob.id not in lobby.pinged
        not_creator = await fake.slash(bob, channel, "tokan start")
        assert not_creator.ephemeral and "Only <@" in not_creator.content
        refused = await fake.slash(bob, channel, "tokan cancel")
        assert refused.ephemeral and "Manage Server" in refused.content
        cancelled = await fake.slash(admin, channel, "tokan cancel")
        assert cancelled.ephemeral and "cancelled" in cancelled.content
        assert f"<@{admin.id}> cancelled match #1" in fake.messages(channel)[-1].content
        elsewhere = await fake.slash(alice, fake.channel("other"), "tokan join")
        assert elsewhere.ephemeral and "no open match" in elsewhere.content


async def test_board_stack_rules_and_hand(fake, make_bot, players):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        await play_one(table, rng.stream(1, "x"))
        posts = len(fake.messages(channel))
        # The board answers privately by default (nobody is pinged), publicly when asked.
        board = await fake.slash(players[0], channel, "tokan board")
        assert board.ephemeral and "Match #1." in board.content
        assert_png(board.files)
        assert len(fake.messages(channel)) == posts
        shown = await fake.slash(players[0], channel, "tokan board", public=True)
        assert shown.ephemeral and "Posted" in shown.content
        assert len(fake.messages(channel)) == posts + 1
        assert_png(fake.messages(channel)[-1].attachments)
        stack = await fake.slash(players[0], channel, "tokan stack", space="a1")
        assert stack.ephemeral and ("a1" in stack.content)
        suggestions = await fake.autocomplete(
            players[0], channel, "tokan stack", focused="space", space="c"
        )
        assert [c["value"] for c in suggestions] == ["c1", "c2", "c3", "c4", "c5"]
        rules = await fake.slash(players[1], channel, "tokan rules")
        assert rules.ephemeral and rules.embeds and "Our readings" in rules.embeds[0]["description"]
        hand = await fake.slash(players[1], channel, "tokan hand")
        assert hand.ephemeral and "no hidden information" in hand.content


async def test_a_small_choice_comes_as_a_menu_and_old_boards_are_refused(fake, make_bot, players):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        draw = rng.stream(9, "menu")
        # Play until a board offers its moves as buttons or a menu (25 moves or fewer).
        for _ in range(40):
            board = fake.messages(channel)[-1]
            # (Every board awaiting a person has the Play button of the tap panel too.)
            offered = [c for c in board.custom_ids() if c.startswith(("tt:mv:", "tt:sel:"))]
            if offered:
                break
            await play_one(table, draw)
        else:
            pytest.skip("no position with 25 moves or fewer came up")
        match = await table.match()
        (user_id,) = match.to_act()
        custom_id = offered[0]
        if custom_id.startswith("tt:sel:"):
            result = await fake.select(table.user(user_id), board, custom_id, ["0"])
        else:
            result = await fake.click(table.user(user_id), board, custom_id)
        assert result.ephemeral and result.content.startswith("Done"), result.content
        moved = await table.match()
        assert moved.version == match.version + 1
        # The same board again: its version is old, so the click is refused and changes nothing.
        for user in players:
            if custom_id.startswith("tt:sel:"):
                stale = await fake.select(user, board, custom_id, ["0"])
            else:
                stale = await fake.click(user, board, custom_id)
            assert stale.ephemeral
            if user.id == user_id:  # the one who clicked it: their click was already played
                assert stale.content.startswith("Already played"), stale.content
            else:
                assert "out of date" in stale.content or "not your turn" in stale.content.lower()
        assert (await table.match()).version == moved.version


async def test_a_restart_mid_game_loses_nothing(fake, make_bot, players):
    channel = fake.channel("games")
    draw = rng.stream(4, "restart")
    async with fake.running(make_bot()) as bot:
        table = await open_match(fake, bot, "tokan", channel, players)
        for _ in range(4):
            await play_one(table, draw)
        before = await table.match()
    async with fake.running(make_bot()) as bot:
        table.bot = bot
        after = await table.match()
        assert after.version == before.version and after.state == before.state
        assert after.players == before.players
        match = await play_to_end(table, seed=8)
        assert match.status == "finished"
        log = await bot.service.store.moves(match.id)
        versions = [entry.version for entry in log]
        assert versions == list(range(versions[0], match.version + 1))  # no gap, nothing lost
        assert log[3].version == before.version  # the four moves made before the restart


async def test_a_match_can_get_a_thread_of_its_own(fake, make_bot, players):
    alice, bob = players
    async with fake.running(make_bot()) as bot:
        games = fake.channel("games")
        opened = await fake.slash(alice, games, "tokan new", thread=True)
        assert opened.ephemeral and "is open in <#" in opened.content
        thread = fake.channel("TOKAN match")
        assert str(thread.id) in opened.content
        (lobby,) = fake.messages(thread)
        assert "match #1" in lobby.content and "tt:join:1" in lobby.custom_ids()
        joined = await fake.click(bob, lobby, "tt:join:1")
        assert joined.ephemeral and "You joined" in joined.content
        assert f"<@{bob.id}>" in lobby.content and fake.messages(thread) == [lobby]
        started = await fake.slash(alice, thread, "tokan start")
        assert started.ephemeral and "started" in started.content
        assert "begins" in fake.messages(thread)[-1].content
        # The thread holds the match; the parent channel stays free for another one.
        match = await bot.service.current(thread.id, "tokan")
        assert match.status == "active"
        another = await fake.slash(bob, games, "tokan new")
        assert another.ephemeral and "Match #2 is open" in another.content


async def test_resigning_ends_the_match_and_the_opponent_wins(fake, make_bot, players):
    alice, bob = players
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        stranger = await fake.slash(fake.add_member("mallory"), channel, "tokan resign")
        assert stranger.ephemeral and "not playing" in stranger.content
        result = await fake.slash(bob, channel, "tokan resign")
        assert result.ephemeral and "You resigned" in result.content
        match = await table.match()
        assert match.status == "finished"
        assert match.result["winners"] == [match.seat_of(alice.id)]
        post = fake.messages(channel)[-1].content
        assert "bob (" in post and "resigned" in post and "Game over" in post
        assert f"<@{alice.id}>" in post
        again = await fake.slash(alice, channel, "tokan move", move="a1 up")
        assert again.ephemeral and "no open match" in again.content


async def test_a_channel_the_bot_cannot_post_in_is_explained_and_the_move_kept(
    fake, make_bot, players
):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        match = await table.match()
        (user_id,) = match.to_act()
        text = match.game.format(match.state, match.game.legal_moves(match.state, 0)[0])
        # Send Messages is taken away between the command and the bot's post.
        fake.faults.fail("POST", MESSAGE_CREATE, status=403, code=50013, times=None)
        result = await fake.slash(table.user(user_id), channel, "tokan move", move=text)
        assert result.ephemeral and result.content.startswith(f"Done: `{text}`. It is saved")
        assert "could not be posted" in result.content and "Send Messages" in result.content
        assert "try again" not in result.content
        assert (await table.match()).version == match.version + 1
