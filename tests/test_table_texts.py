"""The match service's words come from the message catalogue (issue 25): its refusals, the
turn clock's, the clock's, computers' and statuses' names, the log's and the ending's words and
the leagues' are ``Text``s, and said in the pseudo-language none of their words stays plain
English (a word written outside a message would)."""

from __future__ import annotations

import re

import pytest

from data.leagues import LeagueStore
from i18n.catalogue import PSEUDO, say
from i18n.text import Text
from rules.base import Outcome, SeatScore
from rules.errors import InvalidMove, PlayerError
from rules.registry import GAMES
from table import history
from table.computers import computer_name, level_name
from table.errors import reason_of
from table.history import Entry, outcome_text, public_log
from table.leagues import LeagueError, Leagues
from table.match import status_name
from table.ratings import RATING_NOTE, rating_words
from table.service import MatchService
from table.turnclock import check_zone, clock_name, parse_quiet
from tests.support.backends import Place
from tests.support.nim import Nim

GUILD, CHANNEL, OTHER = 1, 10, 11
ALICE, BOB = 100, 200
ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}")


def plain_values(text: Text) -> list[str]:
    """The placeholder values of ``text`` (and of the texts inside it) that are not texts:
    numbers, mentions, commands, seat names, what a player typed; kept as written in every
    language."""
    found: list[str] = []
    for _, value in text.params:
        if isinstance(value, Text):
            found += plain_values(value)
        else:
            found.append(str(value))
    return found


def assert_translated(text: object) -> str:
    """``text`` is a Text whose words are all the catalogue's: said in the pseudo-language,
    no run of four plain ASCII letters is left once its placeholder values are taken out."""
    assert isinstance(text, Text), f"not a Text: {text!r}"
    said = say(text, PSEUDO)
    rest = said
    for value in sorted(plain_values(text), key=len, reverse=True):
        rest = rest.replace(value, " ")
    assert not ENGLISH_WORD.search(rest), f"English left in {said!r} (from {text!r})"
    return said


def refusal(error: PlayerError) -> Text:
    text = reason_of(error)
    assert isinstance(text, Text)
    return text


@pytest.fixture
async def service(place: Place) -> MatchService:
    store = await place.open()
    seeds = iter(range(1000, 2000))
    return MatchService(store, {"nim": Nim()}, new_seed=lambda: next(seeds))


async def test_lobby_refusals_are_texts(service: MatchService) -> None:
    await service.create("nim", GUILD, CHANNEL, ALICE, {})
    refusals = []
    with pytest.raises(PlayerError) as caught:
        await service.create("nim", GUILD, CHANNEL, BOB, {})
    refusals.append(caught.value)
    with pytest.raises(PlayerError) as caught:
        await service.start(CHANNEL, "nim", ALICE)  # alone: "Nim needs 2–3 players; 1 joined"
    refusals.append(caught.value)
    await service.join(CHANNEL, "nim", BOB)
    with pytest.raises(PlayerError) as caught:
        await service.join(CHANNEL, "nim", BOB)
    refusals.append(caught.value)
    with pytest.raises(PlayerError) as caught:
        await service.start(CHANNEL, "nim", BOB)
    refusals.append(caught.value)
    with pytest.raises(PlayerError) as caught:
        await service.leave(CHANNEL, "nim", ALICE)
    refusals.append(caught.value)
    with pytest.raises(PlayerError) as caught:
        await service.current(OTHER, "nim")
    refusals.append(caught.value)
    with pytest.raises(PlayerError) as caught:
        await service.add_computer(CHANNEL, "nim", ALICE, "fiendish")
    refusals.append(caught.value)
    said = [assert_translated(refusal(error)) for error in refusals]
    # the English is the one people read before: the texts carry it unchanged
    assert str.__str__(refusal(refusals[0])).startswith(
        "This channel already has an open match: #1 (Nim, lobby)."
    )
    assert "needs 2–3 players; 1 joined so far" in str.__str__(refusal(refusals[1]))
    assert "<@100>" in said[3] and "`/nim new`" in said[5]


async def test_turn_clock_texts_are_texts(service: MatchService) -> None:
    await service.create("nim", GUILD, CHANNEL, ALICE, {}, clock="none")
    await service.join(CHANNEL, "nim", BOB)
    await service.start(CHANNEL, "nim", ALICE)
    texts = []
    with pytest.raises(PlayerError) as caught:
        await service.turns.pause(CHANNEL, "nim", ALICE, False, True)
    texts.append(refusal(caught.value))
    assert str(texts[-1]) == "Match #1 has no clock, so there is nothing to pause."
    with pytest.raises(PlayerError) as caught:
        await service.turns.away(ALICE, 99)
    texts.append(refusal(caught.value))
    with pytest.raises(PlayerError) as caught:
        await service.turns.back(ALICE)
    texts.append(refusal(caught.value))
    for bad in (lambda: parse_quiet("soon"), lambda: check_zone("Moon/Base")):
        with pytest.raises(InvalidMove) as refused:
            bad()
        texts.append(refusal(refused.value))
    for text in texts:
        assert_translated(text)


def test_clock_computer_and_status_names_are_texts() -> None:
    assert clock_name(72 * 3600) == "72h" and clock_name(5400) == "1.5h"
    assert clock_name(0) == "none"
    assert_translated(clock_name(0))
    assert_translated(clock_name(5400))
    name = computer_name(-201)
    assert name == "Bot (normal)"
    assert assert_translated(name) != "Bot (normal)"
    assert_translated(level_name("hard"))
    assert_translated(status_name("finished"))
    assert_translated(rating_words(0.0, 0))
    assert_translated(RATING_NOTE)


def test_ending_and_log_texts_are_texts() -> None:
    game = Nim()
    outcome = Outcome(
        scores=(SeatScore(0, 3), SeatScore(1, 3), SeatScore(2, 1)),
        winners=(0, 1),
        reason="tied",
    )
    text = outcome_text(game, outcome)
    assert text == (
        f"Final scores: {game.seat_name(0)} 3, {game.seat_name(1)} 3, {game.seat_name(2)} 1. "
        f"Winners: {game.seat_name(0)} and {game.seat_name(1)}. tied"
    )
    assert_translated(text)
    entries = [Entry(0, "take 1"), Entry(0, history.UNDO), Entry(1, history.RESIGN)]
    lines = public_log(game, 5, 2, {"pile": "12"}, entries)
    for line in lines[1:]:
        assert_translated(line.said())
    assert str(lines[1]) == f"2. {game.seat_name(0)} took back their move 1."
    (page,) = history.pages(lines[1:])
    assert_translated(page)
    reason = history.can_undo(game, entries, 0, {"pile": "12", "undo": "off"}, seed=5, players=2)
    assert_translated(reason)


async def test_league_texts_are_texts(place: Place) -> None:
    store = await place.open()
    seeds = iter(range(1000, 9000))
    service = MatchService(store, GAMES, new_seed=lambda: next(seeds))
    leagues = Leagues(service, LeagueStore(store), new_seed=lambda: next(seeds))
    texts = []
    for attempt in (
        lambda: leagues.get(404),
        lambda: leagues.open(
            guild_id=GUILD,
            channel_id=CHANNEL,
            creator_id=ALICE,
            game_key="tokan",
            fmt="knockout",
            options={},
        ),
    ):
        with pytest.raises(LeagueError) as caught:
            await attempt()
        texts.append(refusal(caught.value))
    assert texts[0] == "League #404 does not exist."
    for text in texts:
        assert_translated(text)
