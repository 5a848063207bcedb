"""Lists across servers name only people the asker shares a server with.

Two servers with no member in common each finish a rated Tonari match. `/<game> leaderboard
global:True` and `/tidetable stats everywhere:True` used to list the members of the other
server too, with their user ids (as mentions) and records. Now a list across servers names the
asker and the members of the server it is asked in; the others keep their place and record as
"a player on another server", with no id; and another member's record across servers is shown
only to someone who shares the server it is asked in.
"""

from __future__ import annotations

from cogs.history import ELSEWHERE
from tests.e2e.driver import open_match, play_to_end


async def test_global_lists_name_only_people_the_asker_shares_a_server_with(fake, make_bot):
    harbour = fake.add_guild("Harbour Club", channels=("tables",))
    alice, bob = (fake.add_member(n, guilds=(fake.guild_id,)) for n in ("alice", "bob"))
    carol, dave = (fake.add_member(n, guilds=(harbour,)) for n in ("carol", "dave"))
    async with fake.running(make_bot()) as bot:
        here, there = fake.channel("games"), fake.channel("tables", guild=harbour)
        for channel, players, seed in ((here, [alice, bob], 1), (there, [carol, dave], 2)):
            table = await open_match(fake, bot, "tonari", channel, players)
            await play_to_end(table, seed=seed)

        def ids(text: str, *users: object) -> list[str]:
            return [u.name for u in users if str(u.id) in text]  # type: ignore[attr-defined]

        for asker, channel, mine, theirs in (
            (alice, here, (alice, bob), (carol, dave)),
            (carol, there, (carol, dave), (alice, bob)),
        ):
            listed = await fake.slash(asker, channel, "tonari leaderboard", **{"global": True})
            text = listed.content
            assert "all servers" in text and listed.ephemeral, text
            assert ids(text, *mine) == [u.name for u in mine], text
            assert ids(text, *theirs) == [], text  # no mention, no id of the others
            assert text.count(ELSEWHERE) == 2, text  # their places and records stay
            assert text.count("1 match,") == 4, text
            # Posted for the channel, it names the same people (and pings nobody).
            posted = await fake.slash(
                asker, channel, "tonari leaderboard", public=True, **{"global": True}
            )
            assert posted.content == "Posted the leaderboard."
            shown = fake.messages(channel)[-1].content
            assert ids(shown, *theirs) == [] and shown.count(ELSEWHERE) == 2, shown

        # Another member's record across servers: for those who share this server only.
        mate = await fake.slash(alice, here, "tidetable stats", player=bob, everywhere=True)
        assert "record on all servers" in mate.content and "**Tonari**: 1 match" in mate.content
        # The chart carries its words, like the boards (issue 25): whose rating, per game.
        (chart,) = mate.message.stored_attachments
        assert chart.description and "bob's rating over time" in chart.description
        assert "Tonari: 1 rated match" in chart.description
        stranger = await fake.slash(alice, here, "tidetable stats", player=carol, everywhere=True)
        assert "not a member of this server" in stranger.content, stranger.content
        assert "Tonari" not in stranger.content and not stranger.files
        dm = fake.dm_channel(alice)
        own = await fake.slash(alice, dm, "tidetable stats")
        assert "record on all servers" in own.content and "**Tonari**: 1 match" in own.content
        other = await fake.slash(alice, dm, "tidetable stats", player=bob)
        assert "your own record" in other.content and "Tonari" not in other.content

        # A server's own list is unchanged: its players, named.
        local = await fake.slash(alice, here, "tonari leaderboard")
        assert ids(local.content, alice, bob, carol, dave) == ["alice", "bob"], local.content
        assert ELSEWHERE not in local.content
        # Telling members from others cost one lookup per stranger and server, kept after.
        assert [e.code for e in fake.errors] == [10007] * 4, [str(e) for e in fake.errors]
        assert not fake.unknown_routes
