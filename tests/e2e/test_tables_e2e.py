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
