"""A server's settings below Discord: stored and read back on both back-ends, the clock they
set being the one `/tidetable clockdefault` sets; and the rules of who may open a match where."""

from __future__ import annotations

import pytest

from data.clock import ManualClock
from data.serversettings import ServerSettings, SettingsStore
from table.opening import NotOpenHere, check_opening, undo_for
from table.service import MatchService
from tests.support.backends import Place
from tests.support.nim import Nim

GUILD, GAMES_CHANNEL, OTHER_CHANNEL, THREAD, PLAYERS = 5, 50, 51, 52, 500


async def test_settings_are_stored_and_read_back(place: Place):
    store = await place.open(ManualClock())
    settings = SettingsStore(store)
    assert await settings.get(GUILD) == ServerSettings(GUILD)
    changed = await settings.change(GUILD, channels=[GAMES_CHANNEL, OTHER_CHANNEL], role=PLAYERS)
    assert changed.channels == (GAMES_CHANNEL, OTHER_CHANNEL) and changed.role == PLAYERS
    changed = await settings.change(GUILD, undo="off", language="fr", announcements=OTHER_CHANNEL)
    assert changed == ServerSettings(
        GUILD,
        channels=(GAMES_CHANNEL, OTHER_CHANNEL),
        role=PLAYERS,
        undo="off",
        language="fr",
        announcements=OTHER_CHANNEL,
    )
    changed = await settings.change(GUILD, channels=(), role=None, announcements=None)
    assert (changed.channels, changed.role, changed.announcements) == ((), None, None)
    assert (await settings.get(GUILD + 1)) == ServerSettings(GUILD + 1)


async def test_the_settings_clock_is_the_servers_default_clock(place: Place):
    store = await place.open(ManualClock())
    service = MatchService(store, {"nim": Nim()})
    await SettingsStore(store).change(GUILD, undo="off")  # a row without a clock chosen
    made = await service.create("nim", GUILD, 1, 7, {}, clock="default")
    assert made.match.row.clock == 72 * 3600  # the bot's default
    await SettingsStore(store).change(GUILD, clock="24h")
    assert await service.turns.clocks.guild_clock(GUILD) == "24h"
    made = await service.create("nim", GUILD, 2, 7, {}, clock="default")
    assert made.match.row.clock == 24 * 3600
    await service.turns.clocks.set_guild_clock(GUILD, "1w")  # `/tidetable clockdefault`
    assert (await SettingsStore(store).get(GUILD)).clock == "1w"


def opens(settings: ServerSettings, channel: int, parent: int | None = None, **who) -> None:
    check_opening(
        settings,
        channel_id=channel,
        parent_id=parent,
        role_ids=who.get("roles", ()),
        admin=who.get("admin", False),
    )


def test_matches_open_in_the_allowed_channels_and_their_threads_only():
    anywhere = ServerSettings(GUILD)
    opens(anywhere, OTHER_CHANNEL)
    only = ServerSettings(GUILD, channels=(GAMES_CHANNEL,))
    opens(only, GAMES_CHANNEL)
    opens(only, THREAD, parent=GAMES_CHANNEL)  # a thread of an allowed channel
    for where, parent in ((OTHER_CHANNEL, None), (THREAD, OTHER_CHANNEL)):
        with pytest.raises(NotOpenHere) as refused:
            opens(only, where, parent, admin=True)  # where matters for admins too
        said = str(refused.value)
        assert f"<#{GAMES_CHANNEL}>" in said and "thread" in said and "Nothing was saved" in said


def test_only_members_with_the_role_open_matches_and_admins():
    settings = ServerSettings(GUILD, role=PLAYERS)
    opens(settings, GAMES_CHANNEL, roles=(1, PLAYERS))
    opens(settings, GAMES_CHANNEL, admin=True)
    with pytest.raises(NotOpenHere, match=f"<@&{PLAYERS}>"):
        opens(settings, GAMES_CHANNEL, roles=(1,))


def test_undo_is_the_creators_choice_else_the_servers():
    assert undo_for(ServerSettings(GUILD), "default") == "on"
    assert undo_for(ServerSettings(GUILD, undo="off"), "default") == "off"
    assert undo_for(ServerSettings(GUILD, undo="off"), "on") == "on"


def test_the_catalogues_languages_are_offered_first_named_in_the_readers_language():
    from cogs.settings import SERVER_LANGUAGE, SettingsCog, language_choices, language_name
    from i18n.catalogue import LANGUAGES, PSEUDO, unpseudo

    offered = language_choices("", "de")
    assert [c.value for c in offered[:4]] == [*LANGUAGES, SERVER_LANGUAGE]
    assert offered[1].name == "Deutsch (de)" and offered[0].name == "Englisch (en)"
    assert [c.value for c in language_choices("franz", "de")] == ["fr"]
    assert language_name("fr", "ja") == "フランス語" and language_name("fr", "en") == "French"
    assert unpseudo(language_name("de", PSEUDO)).strip("⟦⟧") == "German"
    # A catalogue's code is a language a server may choose, as any Discord locale.
    unset = ("allow", "disallow", "anywhere", "role", "clock", "undo", "announcements")
    others = dict.fromkeys((*unset, "no_announcements"))
    for code, stored in (("en", "en"), ("de", "de"), ("pt-BR", "pt-BR"), ("server", None)):
        changes = SettingsCog.changes(GUILD, ServerSettings(GUILD), language=code, **others)
        assert changes == {"language": stored}
