"""One call per turn, end to end (issue 23, rows 5 and 6): how a turn reaches each player.

Players of 3-player games at one decision an hour were pinged in the channel and, five minutes
later, DMed "your turn" at every decision (Tonga Bonga 17 pings + 15 DMs per player per game,
Toshi Tōshi 16 + 19, Friendly Fishing 10–13 + 9–11). Each player now chooses (`/tidetable
notify turn:`): a mention (the default), a DM, or both (the DM only if they have not acted after
their delay). Whole matches are played through the stand-in on a manual clock, one decision an
hour, and what reached each player is counted as Discord would notify them (the stand-in reads
allowed_mentions and silent flags): at most one notification per decision, none while the lobby
fills, none after their last decision.
"""

from __future__ import annotations

import re

import pytest

from data.clock import ManualClock
from rules import rng
from table.turnclock import HOUR, TURN_NOTICE_DELAY
from tests.e2e.driver import Table, choose_turns, drain, send_move
from tests.e2e.notices import Tally, gather, play_hourly

SEAT_WORD = re.compile(r"\b[Ss]eat \d")


def assert_one_per_decision(tallies: dict[int, Tally]) -> None:
    for tally in tallies.values():
        assert tally.lobby == 0, f"{tally.name} was notified while the lobby filled: {tally}"
        assert tally.worst <= 1, f"{tally.name} heard more than once of one decision: {tally}"
        assert tally.after_last == 0, f"{tally.name} heard after their last decision: {tally}"
        assert 0 < tally.total <= tally.decisions, tally


@pytest.mark.parametrize(
    ("key", "way", "seed"),
    [("tonga", None, 1), ("toshi", None, 2), ("toshi", "dm", 3), ("fishing", "dm", 4)],
)
async def test_a_whole_game_tells_each_player_once_per_decision(fake, make_bot, key, way, seed):
    """Default settings (a mention) in Tonga Bonga and Toshi Tōshi with the clock on; and
    players who chose DMs: Toshi Tōshi's hand comes by DM, notifying only when a decision
    begins (the hand dealt before one's turn, or changed during it, comes silently), Friendly
    Fishing's "your turn" DM goes when they have not acted five minutes after the call."""
    users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, new_seed=lambda: seed)) as bot:
        if way is not None:
            await choose_turns(fake, users, way)
        channel = fake.channel("games")
        table, tallies = await play_hourly(fake, bot, clock, key, channel, users, seed)
        assert_one_per_decision(tallies)
        if way == "dm":  # a player who chose DMs is named on the boards, never pinged
            assert all(t.pings == 0 and t.dms > 0 for t in tallies.values()), tallies
        else:
            assert all(t.dms == 0 and t.pings > 0 for t in tallies.values()), tallies
        assert (await table.match()).status == "finished"
        assert not fake.errors and not fake.unknown_routes


async def test_a_turn_dm_names_the_people_the_game_the_server_and_links_the_board(fake, make_bot):
    """Row 6: "It is your turn … Seat 3: choose …" named a seat. The DM of a player who chose
    DMs names who they play with, the game, the server and channel, what is awaited in their
    words, when their time runs out, and links the latest board; and they are not pinged."""
    alice, bob, carol = (fake.add_member(name) for name in ("alice", "bob", "carol"))
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, new_seed=lambda: 4)) as bot:
        await choose_turns(fake, [carol], "dm")
        channel = fake.channel("games")
        table = await gather(fake, bot, "fishing", channel, [alice, bob, carol], clock="24h")
        draw = rng.stream(4, "turn-dm")
        for _ in range(30):
            match = await table.match()
            if carol.id in match.to_act():
                break
            await send_move(table, match, match.to_act()[0], draw)
        else:
            raise AssertionError("it never became carol's turn")
        assert fake.dms(carol) == []  # not at once: several matches may share one DM
        clock.advance(TURN_NOTICE_DELAY)
        await drain(bot, fake)
        (dm,) = fake.dms(carol)
        text = dm.content
        assert text.startswith("It is your turn in **Friendly Fishing** match #"), text
        assert "with alice (" in text and "bob (" in text, text
        assert f"on **{fake.guild_name}**, <#{channel.id}>" in text, text
        assert re.search(r"time runs out <t:\d+:R>", text), text
        board = fake.messages(channel)[-1]
        assert f"https://discord.com/channels/{fake.guild_id}/{channel.id}/{board.id}" in text
        assert not SEAT_WORD.search(text), text
        assert carol.id not in board.pinged  # the board named her, the DM called her
        assert [m for m in fake.notified(carol) if m.channel_id != dm.channel_id] == []


async def test_both_sends_the_dm_only_if_the_player_has_not_acted_after_their_delay(fake, make_bot):
    """turn: both with dm_after: 30 — the mention at once; a DM 30 minutes later only if the
    player has not acted by then. dm_after: 0 — the mention alone."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, new_seed=lambda: 7)) as bot:
        await choose_turns(fake, [bob], "both", dm_after=30)
        channel = fake.channel("games")
        table = await gather(fake, bot, "tokan", channel, [alice, bob], clock="24h")
        draw = rng.stream(7, "both")

        async def bobs_turn() -> int:
            """Play until bob must act; the notifications he had then."""
            for _ in range(10):
                match = await table.match()
                if bob.id in match.to_act():
                    return len(fake.notified(bob))
                await send_move(table, match, alice.id, draw)
            raise AssertionError("it never became bob's turn")

        async def bob_moves() -> None:
            await send_move(table, await table.match(), bob.id, draw)

        # He acts 29 minutes after the call: the mention was all.
        heard = await bobs_turn()
        assert bob.id in fake.messages(channel)[-1].pinged
        clock.advance(29 * 60)
        await drain(bot, fake)
        assert fake.dms(bob) == []
        await bob_moves()
        clock.advance(2 * HOUR)
        await drain(bot, fake)
        assert fake.dms(bob) == [] and len(fake.notified(bob)) == heard
        # He does not act for 30 minutes: the DM follows, once.
        await bobs_turn()
        clock.advance(30 * 60)
        await drain(bot, fake)
        (dm,) = fake.dms(bob)
        assert "It is your turn in **TOKAN**" in dm.content and "with alice (" in dm.content
        clock.advance(2 * HOUR)
        await drain(bot, fake)
        assert len(fake.dms(bob)) == 1
        await bob_moves()
        # dm_after: 0 — no DM follows the mention, however long he waits.
        said = await fake.slash(bob, fake.dm_channel(bob), "tidetable notify", dm_after=0)
        assert "a mention" in said.content and "no DM" in said.content, said.content
        await bobs_turn()
        clock.advance(6 * HOUR)
        await drain(bot, fake)
        assert len(fake.dms(bob)) == 1
        assert not fake.errors


async def test_a_player_who_chose_dms_but_closed_them_is_told_in_the_channel(fake, make_bot):
    """A "your turn" DM that Discord refuses (DMs closed) is said in the match's channel,
    mentioning the player, once; from then on their turns reach them by mention."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, new_seed=lambda: 3)) as bot:
        await choose_turns(fake, [bob], "dm")
        fake.close_dms(bob)
        channel = fake.channel("games")
        table = await gather(fake, bot, "tokan", channel, [alice, bob], clock="24h")
        draw = rng.stream(3, "closed")
        calls = 0
        for _ in range(8):
            match = await table.match()
            if bob.id not in match.to_act():
                await send_move(table, match, alice.id, draw)
                continue
            clock.advance(HOUR)
            await drain(bot, fake)
            calls += 1
            assert len(fake.notified(bob)) == calls  # one call per decision, DMs closed or not
            await send_move(table, match, bob.id, draw)
        said = fake.messages(channel, "I cannot DM you")
        assert len(said) == 1 and said[0].pinged == [bob.id], [m.content for m in said]
        assert "your turns reach you by a mention here" in said[0].content
        assert calls >= 2 and all(e.code == 50007 for e in fake.errors)


async def test_toshi_hands_reach_a_mentioned_player_under_the_board_not_by_dm(fake, make_bot):
    """With the default (a mention), no hand goes by DM at every decision: the board awaiting
    a person carries a "Your hand" button that answers the clicker alone with their hand."""
    users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await gather(fake, bot, "toshi", channel, users)
        await drain(bot, fake)
        assert all(fake.dms(u) == [] for u in users)
        board = next(m for m in reversed(fake.messages(channel)) if m.attachments)
        match = await table.match()
        # "Your hand" for every player, and Play (the tap panel) for whoever decides.
        assert board.custom_ids() == [f"tt:hand:{match.id}", f"tt:play:{match.id}"]
        for user in users:
            shown = await fake.click(user, board, f"tt:hand:{match.id}")
            hand = match.state.hands[match.seat_of(user.id)]
            assert shown.ephemeral and all(str(card) in shown.content for card in hand)
        stranger = await fake.click(fake.add_member("mallory"), board, f"tt:hand:{match.id}")
        assert stranger.ephemeral and "no seat" in stranger.content
        # Play goes on: still no hand by DM (the button, `/toshi hand`, or the answer to a
        # move that leaves its player deciding with a changed hand show it).
        await play_some(table, rng.stream(5, "hand"), 3)
        assert all(fake.dms(u) == [] for u in users)
        assert not fake.errors


async def play_some(table: Table, draw, count: int) -> None:
    for _ in range(count):
        match = await table.match()
        await send_move(table, match, match.to_act()[0], draw)
