"""Issue 11, "Readable at a glance", end to end through the Discord stand-in: people named in the
posts and pictures, alt text on every picture, the words of the end and of a resignation, a
private `board` (also of a finished match), buttons that say what they take, autocomplete that
explains, game commands only in servers, `/hands` in a DM, and Toshi Tōshi's DMs per decision."""

from __future__ import annotations

import re

import pytest

from i18n.catalogue import language_of
from render.common import ALT_LIMIT
from rules import rng
from tests.e2e.driver import choose_turns, open_match, play_one, play_to_end
from tests.fakediscord import FakeMessage

BARE_SEAT = re.compile(r"\bSeat \d")
DOUBLE_STOP = re.compile(r"(?<![.…])\.\s*\.(?!\.)")
NAMED = re.compile(r"\b(alice|bob|carol|dave) \(([A-E]|red|black)\)")


def alt_texts(message: FakeMessage) -> list[str]:
    """The description (alt text) of every picture attached to ``message``."""
    return [a.description or "" for a in message.stored_attachments]


def assert_alt(message: FakeMessage) -> None:
    """Every picture has alt text that names people and fits Discord's limit."""
    assert message.stored_attachments
    for alt in alt_texts(message):
        assert 20 < len(alt) <= ALT_LIMIT, alt
        assert NAMED.search(alt), alt
        assert not BARE_SEAT.search(alt), alt


@pytest.fixture
def four(fake):
    return [fake.add_member(name) for name in ("alice", "bob", "carol", "dave")]


async def test_posts_and_pictures_name_people_with_alt_text_and_plain_words(fake, make_bot, four):
    # A fixed seed: a random deal sometimes ends the game in fewer boards than this checks.
    async with fake.running(make_bot(new_seed=lambda: 7)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tonari", channel, four[:3])
        final_match = await play_to_end(table, seed=5)
        names = ["alice", "bob", "carol"]
        by_seat = [names[[u.id for u in four].index(uid)] for uid in final_match.players]

        posts = [m for m in fake.messages(channel) if m.author_id == fake.bot_user.id]
        boards = [m for m in posts if m.attachments]
        assert len(boards) > 10
        for board in boards:  # the texts name people, never a bare seat, without ".."
            assert_alt(board)
            assert not BARE_SEAT.search(board.content), board.content
            assert not DOUBLE_STOP.search(board.content), board.content
        moves = [b for b in boards if "begins" not in b.content]
        for move in moves:  # "bob (B) moved the boat to c5 and caught a Red fish."
            assert NAMED.match(move.content), move.content

        # The final post says why the game ended once: not again in the move line.
        final = boards[-1]
        assert "**Game over**" in final.content
        assert "game is over" not in final.content.lower(), final.content
        assert "To act: nobody" not in final.content

        # The picture itself was drawn with the display names (the herald passed them).
        cog = bot.game_cog("tonari")
        assert final.attachments[0][1] == await cog.draw_public_png(
            final_match, by_seat, language_of(fake.locale)
        )
        assert final.attachments[0][1] != await cog.draw_public_png(
            final_match, None, language_of(fake.locale)
        )

        # Buttons say what they take: "d3: Red".
        labels = [
            c["label"] for b in boards for c in _components(b.components) if c.get("type") == 2
        ]
        assert labels and any(re.fullmatch(r"[a-z]\d+: [A-Z][a-z ]+", x) for x in labels), labels


def _components(rows: list[dict]) -> list[dict]:
    out = []
    for row in rows:
        out.append(row)
        out += _components(row.get("components", []))
    return out


async def test_a_resignation_names_who_resigned_and_lists_the_scores(fake, make_bot, four):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        # Two players: a resignation ends the match (with three or more, the table takes the
        # seat and the others play on: tests/test_timers.py).
        table = await open_match(fake, bot, "fishing", channel, four[:2])
        draw = rng.stream(1, "e2e")
        for _ in range(3):
            await play_one(table, draw)
        leaver = four[1]
        result = await fake.slash(leaver, channel, "fishing resign")
        assert result.ephemeral and "You resigned" in result.content
        post = fake.messages(channel)[-1].shown
        match = await table.match()
        letter = "ABCDE"[match.seat_of(leaver.id)]
        lines = post.splitlines()
        assert lines[0] == f"**Game over** — {leaver.name} ({letter}) resigned."
        assert lines[1].startswith("🏆 Winner: ") and f"<@{leaver.id}>" not in lines[1]
        assert lines[2] == "Scores when play stopped:"
        assert len(lines[3:]) == 2 and all(line.endswith(" points") for line in lines[3:])


async def test_board_is_private_pings_nobody_and_shows_a_finished_match(fake, make_bot, four):
    alice, bob, carol, _ = four
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        await play_one(table, rng.stream(2, "e2e"))
        posted = len(fake.messages(channel))

        look = await fake.slash(carol, channel, "tokan board")  # a spectator looks
        assert look.ephemeral and "<@" not in look.content and NAMED.search(look.content)
        assert_alt(look.message)
        assert len(fake.messages(channel)) == posted  # nothing posted for the table

        shown = await fake.slash(carol, channel, "tokan board", public=True)
        assert shown.ephemeral and "Posted" in shown.content
        copy = fake.messages(channel)[-1]
        assert copy.attachments and "<@" not in copy.content  # it names, it does not ping
        assert_alt(copy)

        await fake.slash(bob, channel, "tokan resign")
        over = await fake.slash(carol, channel, "tokan board")  # the latest match: finished
        assert over.ephemeral and "Game over" in over.content and "resigned" in over.content
        assert "<@" not in over.content and over.files
        assert_alt(over.message)

        await fake.slash(carol, channel, "tokan new")  # a new lobby in the same channel
        numbered = await fake.slash(carol, channel, "tokan board", match=table.match_id)
        assert numbered.ephemeral and "Game over" in numbered.content and numbered.files
        assert f"Match #{table.match_id}" in numbered.content


async def test_autocomplete_explains_and_waiting_names_the_person(fake, make_bot, four):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tonari", channel, four[:2])
        match = await table.match()
        (acting,) = match.to_act()
        mover = table.user(acting)
        other = next(u for u in four[:2] if u.id != acting)

        nothing = await fake.autocomplete(mover, channel, "tonari move", focused="move", move="zz")
        assert nothing.error is None and len(nothing) == 1
        said = nothing[0]["name"]
        assert said.startswith("Nothing legal matches “zz”. You can type: ") and len(said) <= 100

        tokan = fake.channel("other")
        await open_match(fake, bot, "tokan", tokan, four[2:4])
        space = await fake.autocomplete(four[2], tokan, "tokan stack", focused="space", space="zz")
        assert [c["name"] for c in space] == ["No space matches “zz”: type a1 to f5"]

        waiting = await fake.autocomplete(other, channel, "tonari move", focused="move", move="")
        (choice,) = waiting
        assert "waiting for" in choice["name"] and f"{mover.name} (" in choice["name"]
        assert not BARE_SEAT.search(choice["name"])
        refused = await fake.slash(other, channel, "tonari move", move="c3")
        assert refused.ephemeral and f"waiting for {mover.name} (" in refused.content


async def test_game_commands_are_for_servers_and_hands_work_in_a_dm(fake, make_bot, four):
    alice, bob, carol, dave = four
    async with fake.running(make_bot()) as bot:
        synced = {c["name"]: c for c in fake.commands}
        for key in bot.games:  # not offered in DMs: Discord hides them there
            assert synced[key]["contexts"] == [0] and synced[key]["dm_permission"] is False
        assert set(synced["hands"]["contexts"]) == {0, 1}

        games, other = fake.channel("games"), fake.channel("other")
        first = await open_match(fake, bot, "toshi", games, [alice, bob, carol])
        second = await open_match(fake, bot, "toshi", other, [dave, carol, alice])

        dm = fake.dm_channel(alice)
        hands = await fake.slash(alice, dm, "hands")
        assert hands.error is None
        said = "\n".join(m.content for m in hands.messages)
        pictures = [a for m in hands.messages for a in m.stored_attachments]
        assert len(pictures) == 2 and all(a.description for a in pictures)
        for block, table in zip(said.split("\n\n"), (first, second), strict=True):
            match = await table.match()
            cards = match.state.hands[match.seat_of(alice.id)]
            assert f"match #{table.match_id}" in block
            assert "https://discord.com/channels/" in block
            assert all(str(card) in block for card in cards)
            assert ("your turn" in block) == (alice.id in match.to_act())

        here = await fake.slash(dave, other, "hands")  # in a server: private, that server's
        assert here.ephemeral and len(here.messages) == 1 and len(here.files) == 1
        nobody = await fake.slash(fake.add_member("erin"), fake.dm_channel(bob), "hands")
        assert "no hand to see" in (nobody.content or "")


async def test_toshi_dms_come_per_decision_saying_your_turn_with_a_link(fake, make_bot, four):
    async with fake.running(make_bot()) as bot:
        await choose_turns(fake, four[:3])  # hands by DM at each decision
        channel = fake.channel("games")
        table = await open_match(fake, bot, "toshi", channel, four[:3])
        start = {u.id: len(fake.dms(u)) for u in four[:3]}
        assert all(count == 1 for count in start.values())  # the dealt hands
        draw = rng.stream(3, "e2e")
        for _ in range(12):
            before = await table.match()
            sent = {u.id: len(fake.dms(u)) for u in four[:3]}
            await play_one(table, draw)
            after = await table.match()
            for user in four[:3]:
                new = fake.dms(user)[sent[user.id] :]
                if user.id in after.to_act() and user.id not in before.to_act():
                    assert len(new) == 1, [m.content for m in new]  # it became their turn
                if user.id not in after.to_act():
                    assert new == []  # a change while others decide is no DM
                for message in new:
                    assert "your turn" in message.content
                    assert f"https://discord.com/channels/{fake.guild_id}/{channel.id}" in (
                        message.content
                    )
                    assert message.stored_attachments[0].description
