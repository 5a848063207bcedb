"""Open tables across a server, end to end: `/tidetable tables` lists every lobby still taking
players with a Join button; a lobby opened for invited people only is listed to them alone and
refuses others; the channel the server named keeps one message listing the open tables, edited
in place as lobbies open, fill, start and are cancelled."""

from __future__ import annotations

from tests.e2e.driver import drain


async def test_tables_and_the_kept_list(fake, make_bot):
    admin = fake.add_member("admin", manage_guild=True)
    alice, bob, carol, dave, eve = (
        fake.add_member(n) for n in ("alice", "bob", "carol", "dave", "eve")
    )
    listing = fake.add_channel("open-tables")
    rooms = [fake.add_channel(f"room-{n}") for n in range(4)]
    async with fake.running(make_bot()) as bot:
        refused = await fake.slash(alice, listing, "league setup", tables_channel=listing)
        assert refused.ephemeral and "Manage Server" in refused.content
        said = await fake.slash(admin, listing, "league setup", tables_channel=listing)
        assert "Open tables are listed in" in said.content, said.content
        await drain(bot, fake)
        (kept,) = fake.messages(listing)
        assert "No lobby is taking players" in kept.content

        # Open: a TOKAN lobby appears in the kept list and in /tidetable tables.
        await fake.slash(alice, rooms[0], "tokan new", clock="24h")
        await drain(bot, fake)
        assert fake.messages(listing) == [kept] and kept.edited
        assert "TOKAN** match #1" in kept.content and "1/2 (alice)" in kept.content
        assert "Clock: 24h per decision" in kept.content
        assert kept.custom_ids() == ["tt:join:1"]
        looked = await fake.slash(dave, rooms[3], "tidetable tables")
        assert looked.ephemeral and "match #1" in looked.content

        # Invited people only: listed to the invited, never in the kept list; others refused.
        opened = await fake.slash(carol, rooms[1], "fishing new", invite=f"<@{bob.id}>")
        assert "is open" in opened.content, opened.content
        await drain(bot, fake)
        assert "match #2" not in kept.content
        for_bob = await fake.slash(bob, rooms[3], "tidetable tables")
        assert "match #2" in for_bob.content and "Invited people only" in for_bob.content
        for_dave = await fake.slash(dave, rooms[3], "tidetable tables")
        assert "match #2" not in for_dave.content
        no = await fake.slash(dave, rooms[1], "fishing join")
        assert no.ephemeral and "invited people only" in no.content
        yes = await fake.slash(bob, rooms[1], "fishing join")
        assert "You joined" in yes.content, yes.content

        # Fill: bob joins alice's match from the kept list's button; full, it leaves the list.
        joined = await fake.click(bob, kept, "tt:join:1")
        assert "You joined match #1" in joined.content, joined.content
        await drain(bot, fake)
        assert "match #1" not in kept.content

        # A lobby of up to five: open, joined from the list (still listed), then started.
        await fake.slash(eve, rooms[2], "fishing new")
        await drain(bot, fake)
        assert "match #3" in kept.content and "1/5 (eve)" in kept.content
        await fake.click(dave, kept, "tt:join:3")
        await drain(bot, fake)
        assert "2/5 (eve, dave)" in kept.content
        started = await fake.slash(eve, rooms[2], "fishing start")
        assert "started" in started.content, started.content
        await drain(bot, fake)
        assert "match #3" not in kept.content

        # Cancel: a lobby cancelled leaves the list.
        await fake.slash(dave, rooms[3], "toshi new")
        await drain(bot, fake)
        assert "match #4" in kept.content
        await fake.slash(dave, rooms[3], "toshi cancel")
        await drain(bot, fake)
        assert "match #4" not in kept.content and "No lobby is taking players" in kept.content
        assert fake.messages(listing) == [kept]  # one message all along, pinging nobody
        assert kept.pinged == []
        assert not fake.errors and not fake.unknown_routes


async def test_forged_join_buttons_and_a_deleted_kept_list(fake, make_bot):
    """A Join button whose id names another server's lobby, or a league's match, joins nobody
    (a short answer to the clicker alone); the kept list, deleted by someone, is posted again
    at the next change."""
    other = fake.add_guild("Elsewhere", channels=("lounge",))
    admin = fake.add_member("admin", manage_guild=True)
    alice, bob, carol = (fake.add_member(n) for n in ("alice", "bob", "carol"))
    listing = fake.add_channel("open-tables")
    room = fake.add_channel("room")
    async with fake.running(make_bot()) as bot:
        lounge = fake.channel("lounge", guild=other)
        await fake.slash(admin, listing, "league setup", tables_channel=listing)
        await fake.slash(alice, room, "tokan new")  # match #1, on this server
        await drain(bot, fake)
        (kept,) = fake.messages(listing)
        assert "match #1" in kept.content
        await fake.slash(bob, lounge, "tokan new")  # match #2, on the other server
        await drain(bot, fake)
        (lobby,) = [m for m in fake.messages(lounge) if m.custom_ids() == ["tt:join:2"]]

        def forge(custom_id: str) -> str:
            (button,) = [c for row in lobby.components for c in row.get("components", [])]
            button["custom_id"] = custom_id  # the stand-in sends what the message carries
            return custom_id

        said = await fake.click(carol, lobby, forge("tt:join:1"))
        assert said.ephemeral and "no match #1 to join here" in said.content, said.content
        assert list((await bot.service.by_id(1)).players) == [alice.id]

        # A league's match, not yet in its thread, is a lobby nobody joins by button (even
        # with seats to spare).
        league_store = bot.get_cog("LeagueCog").store
        leagues = bot.get_cog("LeagueCog").leagues
        league = await leagues.open(
            guild_id=other,
            channel_id=lounge.id,
            creator_id=admin.id,
            game_key="tonari",
            fmt="swiss",
            options={},
            rounds=1,
            size=2,  # two of four seats: not full
        )
        for person in (admin, bob):
            await leagues.sign_up(league.id, person.id)
        await leagues.begin(league.id, admin.id, True)
        (table,) = await league_store.tables(league.id)
        said = await fake.click(carol, lobby, forge(f"tt:join:{table.match_id}"))
        assert said.ephemeral and "is a league's" in said.content, said.content
        bot.dispatcher.nudge()  # the league was opened and paired below Discord
        await drain(bot, fake)
        (table,) = await league_store.tables(league.id)
        assert carol.id not in (await bot.service.by_id(table.match_id)).players

        # Someone deletes the kept list: the next change posts it again, once.
        kept.deleted = True
        await fake.slash(carol, room, "tokan join")
        await drain(bot, fake)
        (again,) = fake.messages(listing)
        assert again is not kept and "No lobby is taking players" in again.content
        # The one refusal: the edit of the deleted message (answered by posting anew).
        assert [(e.code, str(listing.id) in e.path) for e in fake.errors] == [(10008, True)]
