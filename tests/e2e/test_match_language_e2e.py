"""A match opened with `language:` is said in that language (issue 25), whatever its server's.

The server here speaks English (en-US, in both runs of the suite): its players' answers come in
English, and the match's public posts come through the catalogue of the language its creator
chose. The Japanese catalogue is filled later; today it holds the words of the commands, among
them the computer players' levels, which the post of a resignation names: the one word that
shows which catalogue the post was said with.
"""

from __future__ import annotations

import re

from i18n.catalogue import translate
from table.computers import TABLE_LEVEL
from tests.fakediscord import FakeDiscord


async def test_a_match_opened_in_japanese_posts_with_the_japanese_catalogue(make_bot):
    async with FakeDiscord(quiet=0.02, locale="en-US") as fake:
        alice, bob = fake.add_member("alice"), fake.add_member("bob")
        async with fake.running(make_bot()) as bot:
            channel = fake.channel("games")
            created = await fake.slash(
                alice, channel, "tonari new", bots=1, level="easy", language="ja"
            )
            assert created.ephemeral and "is open" in created.content, created.content
            match = await bot.service.current(channel.id, "tonari")
            assert match.row.options["language"] == "ja"  # kept with the match's options
            lobby = fake.messages(channel)[-1]
            assert "`language:ja`" in lobby.content, lobby.content
            joined = await fake.click(bob, lobby, f"tt:join:{match.id}")
            assert "You joined" in joined.content, joined.content
            started = await fake.slash(alice, channel, "tonari start")
            assert "started" in started.content, started.content
            # Three at the table: the one who resigns leaves their seat to the table's
            # computer player, and the post says how strong it is, in the match's language.
            resigned = await fake.slash(bob, channel, "tonari resign")
            assert resigned.ephemeral and "You resigned" in resigned.content  # bob's English
            # The post of the resignation, said in Japanese (the server's own is English).
            post = fake.messages(channel)[-1].content
            assert re.search(r"[\u3040-\u30ff]", post) and "resigned" not in post, post
            level = translate(TABLE_LEVEL, "ja")
            assert level != TABLE_LEVEL  # the catalogue has it: the test shows something
            assert level in post, post
            assert f"a {TABLE_LEVEL} computer player" not in post, post
