"""The tap panel's edges, end to end (issue 24): Back and Cancel, a non-deciding person, a
stale panel, a panel that outlives a restart, a double Confirm played once, the Play button in
the turn DM and the private view only in its owner's panel."""

from __future__ import annotations

import asyncio
import copy
import re

import pytest

from cogs import messages
from data.clock import ManualClock
from rules import rng
from table.errors import StaleMove
from table.turnclock import TURN_NOTICE_DELAY
from taps.decision import decision
from taps.tree import DIGITS
from tests.e2e.driver import choose_turns, drain, open_match, send_move
from tests.e2e.taps import changed, offered, play_button
from tests.fakediscord.records import walk_components


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
        # It says the move was saved (not "nothing was played" over the first tap's answer).
        played = log[-1].move
        assert panel.content.startswith("A move for your seat") and f"`{played}`" in panel.content
        assert "nothing was played" not in panel.content, panel.content
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
        # Moves name seats by letter: the panel says who sits where, by name.
        assert all(f"{user.name} (" in panel.content for user in users), panel.content
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


async def test_a_typed_move_makes_an_open_panel_stale(fake, make_bot):
    """A move typed while a panel is open: the panel's next tap and its Confirm are refused
    as stale (no second move), each answered once without an error."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        match = await table.match()
        mover = table.user(match.to_act()[0])
        chooser = await open_panel(fake, table, mover)  # a panel left at its first step
        panel = await to_confirmation(fake, mover, await open_panel(fake, table, mover))
        confirm = next(c for c in panel.custom_ids() if c.startswith("tt:tgo:"))
        legal = match.game.legal_moves(match.state, match.seat_of(mover.id))
        move = match.game.format(match.state, legal[-1])
        typed = await fake.slash(mover, channel, "tokan move", move=move)
        assert typed.content.startswith("Done"), typed.content
        await drain(bot, fake)
        before = await bot.service.store.moves(match.id)
        said = await fake.click(mover, panel, confirm)
        assert said.error is None and said.type is not None
        # The typed move was the player's own: the panel says it was saved, and plays nothing.
        assert panel.content.startswith("A move for your seat") and not panel.attachments
        assert f"`{move}`" in panel.content, panel.content
        custom, value = offered(chooser)[0]
        if value is None:
            said = await fake.click(mover, chooser, custom)
        else:
            said = await fake.select(mover, chooser, custom, [value])
        assert said.error is None and "A move for your seat" in chooser.content, chooser.content
        assert await bot.service.store.moves(match.id) == before
        assert not fake.errors, fake.errors


async def test_two_confirms_at_once_play_once(fake, make_bot):
    """A double tap whose two presses both arrive before the first is saved: the service's
    version check plays one; both presses are answered, neither with an error."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        match = await table.match()
        mover = table.user(match.to_act()[0])
        panel = await to_confirmation(fake, mover, await open_panel(fake, table, mover))
        confirm = next(c for c in panel.custom_ids() if c.startswith("tt:tgo:"))
        results = await asyncio.gather(
            fake.click(mover, panel, confirm), fake.click(mover, panel, confirm)
        )
        await drain(bot, fake)
        assert all(r.error is None and r.type is not None for r in results), results
        log = [m for m in await bot.service.store.moves(match.id) if m.seat is not None]
        assert len(log) == 1
        assert (await table.match()).version == match.version + 1
        assert not fake.errors, fake.errors


async def test_a_garbled_path_is_refused_and_plays_nothing(fake, make_bot):
    """A custom id whose path leads nowhere (forged, or from a tree that changed): refused
    like a stale panel, nothing played."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        match = await table.match()
        mover = table.user(match.to_act()[0])
        panel = await open_panel(fake, table, mover)
        custom, _ = offered(panel)[0]
        prefix = custom.rsplit(":", 1)[0].replace("tt:ts:", "tt:tap:")
        for bad in ("oooo", "0" * 30):
            forged = f"{prefix}:{bad}"
            walk = [c for row in panel.components for c in row.get("components", [])]
            walk[0]["custom_id"] = forged  # the stand-in sends what the message carries
            walk[0]["type"] = 2
            said = await fake.click(mover, panel, forged)
            assert said.error is None and "older board" in panel.content, panel.content
            panel = await open_panel(fake, table, mover)
        assert (await table.match()).version == match.version
        assert not fake.errors, fake.errors


async def test_toshi_next_leader_is_named_on_the_panel(fake, make_bot):
    """Toshi Tōshi's `lead 2` names a seat by number: the panel's button, the confirmation
    and the answer name the person instead."""
    users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "toshi", channel, users)
        draw = rng.stream(3, "lead")
        for _ in range(200):  # typed moves until a trick's winner may choose the next leader
            match = await table.match()
            seat = match.game.to_act(match.state)[0]
            chosen = decision(match.game, match.state, seat)
            leads = [i for i, t in enumerate(chosen.moves.texts) if t.startswith("lead ")]
            if leads:
                break
            await send_move(table, match, match.user_at(seat), draw)
        else:
            raise AssertionError("no choice of the next leader in 200 decisions")
        mover = table.user(match.user_at(seat))
        index = leads[0]
        path = next(p for p, leaf in chosen.moves.leaves() if leaf == index)
        led = int(chosen.moves.texts[index].split()[1]) - 1
        names = await bot.people.names(match.row.guild_id, match.players)
        person = messages.person(match, led, names)
        assert "alice" in person or "bob" in person or "carol" in person
        panel = await open_panel(fake, table, mover)
        for depth in range(len(path)):
            labels = [c.get("label") for c in walk_components(panel.components)]
            labels += [
                o["label"] for c in walk_components(panel.components) for o in c.get("options", [])
            ]
            assert not any(re.fullmatch(r"lead \d", str(label)) for label in labels), labels
            panel = await pick(fake, mover, panel, DIGITS.index(path[depth]))
        assert f"Send `lead {person}" in panel.content, panel.content


async def test_a_compound_move_on_an_older_board_is_refused(fake, make_bot):
    """The panel sends Tonga Bonga's whole routes and several dice by their text with the
    version it was drawn for: on an older version the service refuses it, nothing saved."""
    users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tonga", channel, users)
        draw = rng.stream(4, "compound")
        for _ in range(60):  # typed moves until a compound move is offered
            match = await table.match()
            seat = match.game.to_act(match.state)[0]
            chosen = decision(match.game, match.state, seat)
            if len(chosen.legal) > chosen.listed:
                break
            await send_move(table, match, match.user_at(seat), draw)
        else:
            raise AssertionError("no compound move offered in 60 decisions")
        text = chosen.moves.texts[chosen.listed]
        before = await bot.service.store.moves(match.id)
        with pytest.raises(StaleMove):
            await bot.service.move_by_text(match.id, match.user_at(seat), match.version - 1, text)
        assert await bot.service.store.moves(match.id) == before
        played = await bot.service.move_by_text(match.id, match.user_at(seat), match.version, text)
        assert played.move_text == text


async def test_a_move_by_the_panel_notifies_the_next_player_once(fake, make_bot):
    """The panel is ephemeral and its edits ping nobody: a move played there notifies the
    next player once (the board's mention), and its player not at all."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        match = await table.match()
        mover = table.user(match.to_act()[0])
        other = bob if mover is alice else alice
        pinged = {user.id: len(fake.notified(user)) for user in (alice, bob)}
        panel = await to_confirmation(fake, mover, await open_panel(fake, table, mover))
        confirm = next(c for c in panel.custom_ids() if c.startswith("tt:tgo:"))
        before = (panel.content, panel.custom_ids())
        await fake.click(mover, panel, confirm)
        await changed(table, panel, before)
        await drain(bot, fake)
        assert list((await table.match()).to_act()) == [other.id]
        assert len(fake.notified(other)) == pinged[other.id] + 1
        assert len(fake.notified(mover)) == pinged[mover.id]


async def test_a_panel_id_forged_onto_the_board_leaves_the_board_alone(fake, make_bot):
    """Panels are ephemeral and their answers edit the message clicked: a panel's custom id
    on a public post (forged) is answered on its own, and the board post stays as it was."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 5)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, [alice, bob])
        match = await table.match()
        mover = table.user(match.to_act()[0])
        board = play_button(table)
        content, files = board.content, list(board.attachments)
        button = next(
            c
            for c in walk_components(board.components)
            if c.get("custom_id", "").startswith("tt:play:")
        )
        for forged in (f"tt:tap:{match.id}:{match.version - 1}:0", f"tt:tx:{match.id}"):
            button["custom_id"] = forged
            said = await fake.click(mover, board, forged)
            assert said.ephemeral and "not a button of a tap panel" in said.message.content
            assert board.content == content and list(board.attachments) == files
        assert (await table.match()).version == match.version
        assert not fake.errors, fake.errors
