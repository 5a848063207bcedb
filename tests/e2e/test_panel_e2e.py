"""The tap panel's edges, end to end (issue 24): Back and Cancel, a non-deciding person, a
stale panel, a panel that outlives a restart, a double Confirm played once, the Play button in
the turn DM and the private view only in its owner's panel."""

from __future__ import annotations

import copy

from data.clock import ManualClock
from table.turnclock import TURN_NOTICE_DELAY
from tests.e2e.driver import choose_turns, drain, open_match
from tests.e2e.taps import changed, offered, play_button


async def open_panel(fake, table, user):
    result = await fake.click(user, play_button(table), f"tt:play:{table.match_id}")
    assert result.error is None and result.ephemeral, result.error
    return result.message


async def pick(fake, user, panel, index=0):
    """The ``index``-th choice offered (button or select option); the panel after it."""
    custom, value = offered(panel)[index]
    before = (panel.content, panel.custom_ids())
    if value is None:
        result = await fake.click(user, panel, custom)
    else:
        result = await fake.select(user, panel, custom, [value])
    assert result.error is None, result.error
    if result.type == 6:
        await changed(type("T", (), {"fake": fake})(), panel, before)
    return panel


async def to_confirmation(fake, user, panel):
    for _ in range(10):
        if any(c.startswith("tt:tgo:") for c in panel.custom_ids()):
            return panel
        panel = await pick(fake, user, panel)
    raise AssertionError(panel.content)


async def test_back_cancel_others_and_stale(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        match = await table.match()
        mover = table.user(match.to_act()[0])
        other = bob if mover is alice else alice

        # Someone else presses Play: told whom the match waits for, nothing else.
        said = await fake.click(other, play_button(table), f"tt:play:{table.match_id}")
        assert said.ephemeral and "not waiting for you" in said.message.content
        assert "mover" not in said.message.content and not said.message.custom_ids()
        stranger = fake.add_member("carol")
        said = await fake.click(stranger, play_button(table), f"tt:play:{table.match_id}")
        assert "You have no seat" in said.message.content

        panel = await open_panel(fake, table, mover)
        first = panel.content
        assert panel.ephemeral and "your decision" in first
        # Discord shows the panel to its player alone; a click by someone else (a forged one)
        # is answered on its own and leaves the panel and the match as they were.
        custom, value = offered(panel)[0]
        if value is None:
            foreign = await fake.click(other, panel, custom)
        else:
            foreign = await fake.select(other, panel, custom, [value])
        assert foreign.ephemeral and "not waiting for you" in foreign.content
        assert panel.content == first
        panel = await to_confirmation(fake, mover, panel)
        assert panel.attachments and "Send `" in panel.content
        # Back, from the confirmation, to the step it came from; Cancel closes the panel.
        back = next(c for c in panel.custom_ids() if c.startswith("tt:tb:"))
        await fake.click(mover, panel, back)
        assert not any(c.startswith("tt:tgo:") for c in panel.custom_ids())
        assert not panel.attachments
        cancel = next(c for c in panel.custom_ids() if c.startswith("tt:tx:"))
        await fake.click(mover, panel, cancel)
        assert panel.content.startswith("Closed: nothing was played")
        assert (await table.match()).version == match.version

        # Confirm twice (a double tap, or a retry): played once, the second refused as stale.
        panel = await to_confirmation(fake, mover, await open_panel(fake, table, mover))
        confirm = next(c for c in panel.custom_ids() if c.startswith("tt:tgo:"))
        before = (panel.content, panel.custom_ids())
        shown = copy.deepcopy(panel.components)
        await fake.click(mover, panel, confirm)
        await changed(table, panel, before)
        assert panel.content.startswith("Done"), panel.content
        log = await bot.service.store.moves(match.id)
        assert len([m for m in log if m.seat is not None]) == 1
        panel.components = shown  # the old panel as a slow client still showed it, again
        again = await fake.click(mover, panel, confirm)
        assert again.error is None
        assert "older board" in panel.content, panel.content
        log = await bot.service.store.moves(match.id)
        assert len([m for m in log if m.seat is not None]) == 1
        assert not fake.errors, fake.errors


async def test_a_panel_survives_a_restart(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "fishing", channel, [alice, bob])
        match = await table.match()
        mover = table.user(match.to_act()[0])
        panel = await open_panel(fake, table, mover)
    async with fake.running(make_bot()) as bot:
        table.bot = bot
        panel = await to_confirmation(fake, mover, panel)
        confirm = next(c for c in panel.custom_ids() if c.startswith("tt:tgo:"))
        before = (panel.content, panel.custom_ids())
        await fake.click(mover, panel, confirm)
        await changed(table, panel, before)
        assert panel.content.startswith("Done"), panel.content
        assert (await table.match()).version > match.version


async def test_private_view_in_the_owners_panel_and_play_in_the_turn_dm(fake, make_bot):
    users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        await choose_turns(fake, users, "dm")
        channel = fake.channel("games")
        table = await open_match(fake, bot, "toshi", channel, users)
        match = await table.match()
        mover = table.user(match.to_act()[0])
        seat = match.seat_of(mover.id)
        hand = match.game.private_text(match.state, seat)
        panel = await open_panel(fake, table, mover)
        assert panel.ephemeral and hand in panel.content and panel.attachments
        # Nothing of it reached the channel; the board has Play for everyone.
        assert hand not in fake.all_public_text()
        # The turn DM carries a Play button; pressed there, it opens the same panel.
        dms = [m for m in fake.dms(mover) if f"tt:play:{match.id}" in m.custom_ids()]
        assert dms, [m.content for m in fake.dms(mover)]
        there = await fake.click(mover, dms[-1], f"tt:play:{match.id}")
        assert there.ephemeral and hand in there.message.content


async def test_the_your_turn_dm_of_an_open_game_has_play(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, new_seed=lambda: 5)) as bot:
        await choose_turns(fake, [alice, bob], "dm")
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob], clock="24h")
        clock.advance(TURN_NOTICE_DELAY)  # the "your turn" DM waits a moment (one per many)
        await drain(bot, fake)
        match = await table.match()
        mover = table.user(match.to_act()[0])
        dms = [m for m in fake.dms(mover) if f"tt:play:{match.id}" in m.custom_ids()]
        assert dms, [(m.content, m.custom_ids()) for m in fake.dms(mover)]
        opened = await fake.click(mover, dms[-1], f"tt:play:{match.id}")
        assert opened.ephemeral and "your decision" in opened.message.content
        panel = await to_confirmation(fake, mover, opened.message)
        confirm = next(c for c in panel.custom_ids() if c.startswith("tt:tgo:"))
        before = (panel.content, panel.custom_ids())
        await fake.click(mover, panel, confirm)
        await changed(table, panel, before)
        assert panel.content.startswith("Done"), panel.content
        assert (await table.match()).version > match.version
