"""A whole match between a player whose Discord speaks Japanese and one whose Discord speaks
German, in a server whose language is English (issue 25): each one's private answers and DMs
come in their own language, the channel's posts in the server's.

A text is judged by its words: Japanese has kana; German has words only the German catalogue
uses and none that only the English messages use; English has neither. Names, the game's name
and move notation are not words of any language here.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from babel.messages.pofile import read_po

from cogs.history import ratings
from data.clock import ManualClock
from i18n.catalogue import po_path, say
from i18n.text import T
from render.common import to_png
from render.scores import rating_chart
from rules import rng
from table.ratings import shown_rating
from table.turnclock import TURN_NOTICE_DELAY
from tests.e2e.driver import drain, offered_move
from tests.fakediscord import FakeDiscord
from tests.fakediscord.records import FakeMessage

KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]")  # kana, kanji, full-width marks
WORD = re.compile(r"[^\W\d_]{4,}")
NOT_WORDS = re.compile(r"`[^`]*`|<[@#][!&]?\d+>|<t:\d+(?::\w)?>|https?://\S+|\S+\.(?:png|gif)")


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(NOT_WORDS.sub(" ", text))}


@cache
def _vocabulary() -> tuple[set[str], set[str]]:
    """(words only the German translations use, words only the English messages use)."""
    english: set[str] = set()
    german: set[str] = set()
    japanese: set[str] = set()
    for language, into in (("de", german), ("ja", japanese)):
        with po_path(language).open("rb") as source:
            for message in read_po(source):
                ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
                said = (
                    message.string
                    if isinstance(message.string, tuple | list)
                    else (message.string,)
                )
                for text in ids:
                    english |= _words(text or "")
                for text in said:
                    into |= _words(text or "")
    names = {"alice", "bob", "tokan", "tidetable", "games", "test"}
    return german - english - names, english - german - japanese - names


def language_of(message: FakeMessage) -> str:
    return text_language(message.text())


def text_language(text: str) -> str:
    words = _words(text)
    german_only, english_only = _vocabulary()
    if KANA.search(text) and not words & english_only:
        return "ja"
    if words & german_only and not words & english_only and not KANA.search(text):
        return "de"
    if not words & german_only and not KANA.search(text):
        return "en"
    return f"mixed: {sorted(words & english_only)} {sorted(words & german_only)}"


async def test_a_japanese_and_a_german_player_each_read_their_own_language(make_bot):
    async with FakeDiscord(quiet=0.02, locale="en-US") as fake:
        channel = fake.channel("games")
        alice = fake.add_member("alice", locale="ja")
        bob = fake.add_member("bob", locale="de")
        language = {alice.id: "ja", bob.id: "de"}
        replies: list[tuple[str, Any]] = []  # (language, interaction)
        clock = ManualClock()
        async with fake.running(make_bot(clock=clock, new_seed=lambda: 3)) as bot:
            for user in (alice, bob):  # their turns reach them by DM
                said = await fake.slash(user, fake.dm_channel(user), "tidetable notify", turn="dm")
                replies.append((language[user.id], said))
            created = await fake.slash(alice, channel, "tokan new")
            replies.append(("ja", created))
            lobby = fake.messages(channel)[-1]
            match_id = int(re.search(r"#(\d+)", lobby.content)[1])  # type: ignore[index]
            joined = await fake.click(bob, lobby, f"tt:join:{match_id}")
            replies.append(("de", joined))
            started = await fake.slash(alice, channel, "tokan start")
            replies.append(("ja", started))

            draw = rng.stream(3, "languages")
            for _ in range(200):
                match = await bot.service.by_id(match_id)
                if match.status != "active":
                    break
                seat = match.game.to_act(match.state)[0]
                user = alice if match.user_at(seat) == alice.id else bob
                move = match.game.playout_move(
                    match.state, seat, rng.stream(draw.randrange(9), "m")
                )
                text = match.game.format(match.state, move)
                choices = await fake.autocomplete(
                    user, channel, "tokan move", focused="move", move=text
                )
                value = next(c["value"] for c in choices if offered_move(c["value"]) == text)
                moved = await fake.slash(user, channel, "tokan move", move=value)
                replies.append((language[user.id], moved))
                # The next player's "your turn" DM goes after a short delay (one DM for the
                # several matches that may call them at once).
                clock.advance(TURN_NOTICE_DELAY)
                await drain(bot, fake)
            assert match.status != "active", "the match did not end"

            for expected, interaction in replies:
                assert interaction.messages, "every interaction was answered"
                for reply in interaction.messages:
                    assert reply.ephemeral
                    assert language_of(reply) == expected, (expected, reply.text())
            for user in (alice, bob):
                dms = fake.dms(user)
                assert dms, "their turns reached them by DM"
                for dm in dms:
                    assert language_of(dm) == language[user.id], (user.name, dm.text())
            posts = [m for m in fake.messages(channel) if not m.ephemeral]
            assert any("Game over" in post.content for post in posts)
            for post in posts:
                assert language_of(post) == "en", post.text()

            # Their records: the rating chart's words and its alt text in each one's language.
            table = await ratings(bot.service.store)
            for user in (alice, bob):
                stats = await fake.slash(user, channel, "tidetable stats")
                (chart,) = stats.message.stored_attachments
                assert (
                    chart.description and text_language(chart.description) == language[user.id]
                ), chart.description
                series = {
                    "TOKAN": [
                        (when, float(shown_rating(value)))
                        for when, value in table.series("tokan", [user.id], match.row.guild_id)[
                            user.id
                        ]
                    ]
                }
                title = T("Rating over time — {player}", player=user.name)
                drawn = {
                    spoken: to_png(rating_chart(series, title=say(title, spoken), language=spoken))
                    for spoken in ("en", language[user.id])
                }
                assert chart.data == drawn[language[user.id]] != drawn["en"]
