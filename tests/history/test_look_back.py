"""The pure and stored pieces of looking back (issue 26): the largest swings of an analysis, a
rematch's turned seats (computer players kept), the ratings as people read them, and the
history of finished matches read with the same number of statements whatever a page holds."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data.clock import ManualClock
from data.matchlist import finished_matches
from data.store import Store
from render.chances import _x_ticks, chances_chart
from table.analysis import largest_swings
from table.computers import computer_id
from table.ratings import PROVISIONAL_BELOW, SHOWN_START, rating_words, shown_rating
from table.rematch import clock_choice, rematch, rotated_seating
from table.service import MatchService
from tests.history.test_ratings_store import a_match
from tests.support.nim import Nim

ALICE, BOB, CAROL = 100, 200, 300


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await Store.open(tmp_path / "l.sqlite3", ManualClock())
    seeds = iter(range(1000, 2000))
    yield MatchService(store, {"nim": Nim()}, new_seed=lambda: next(seeds))
    await store.close()


def test_the_largest_swings_are_measured_from_the_estimate_before():
    chances = [[0.5, 0.5], [0.65, 0.35], [0.1, 0.9], [0.2, 0.8], [1.0, 0.0]]
    swings = largest_swings(chances)
    assert [index for index, _ in swings] == [4, 2, 1]
    assert [size for _, size in swings] == pytest.approx([0.8, 0.55, 0.15])
    assert largest_swings([[0.9, 0.1]], 3) == [(0, pytest.approx(0.4))]
    assert largest_swings([]) == []


def test_a_rematch_turns_the_seats_and_renumbers_its_computers():
    easy, hard = computer_id("easy", 2), computer_id("hard", 1)
    assert rotated_seating([ALICE, easy, BOB, hard]) == [
        computer_id("easy", 1),
        BOB,
        computer_id("hard", 2),
        ALICE,
    ]
    assert clock_choice(3 * 24 * 3600) == "72h" and clock_choice(12345) == "default"


async def test_a_rematch_opens_a_lobby_that_starts_in_the_turned_order(service):
    old_id = await a_match(service, 1, 10, (ALICE, BOB), [3, 3, 1])
    old = await service.by_id(old_id)
    assert old.status == "finished"
    with pytest.raises(Exception, match="Only a player"):
        await rematch(service, old, CAROL, guild_id=1)
    # A click from another server (or a DM) opens nothing, there or here.
    for elsewhere in (2, None):
        with pytest.raises(Exception, match="not played on this server"):
            await rematch(service, old, BOB, guild_id=elsewhere)
    assert await service.store.open_match_in(10) is None
    done = await rematch(service, old, BOB, guild_id=1)
    lobby = done.match
    assert lobby.status == "lobby" and lobby.players == (BOB,) and lobby.creator_id == BOB
    await service.join(10, "nim", ALICE)
    started = (await service.start(10, "nim", BOB)).match
    assert started.players == (old.players[1], old.players[0])


async def test_a_rematch_keeps_its_computer_players(service):
    await service.create("nim", 1, 11, ALICE, {})
    await service.add_computer(11, "nim", ALICE, "hard")
    match = (await service.start(11, "nim", ALICE)).match
    while match.status == "active":
        (seat,) = match.game.to_act(match.state)
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        if match.user_at(seat) < 0:
            match = await service.move_for_computer(match.id, seat, text, match.version)
            match = match.after
        else:
            match = (await service.move(11, "nim", ALICE, text)).after
    done = await rematch(service, match, ALICE, guild_id=1)
    assert sorted(done.match.players) == sorted([ALICE, computer_id("hard", 1)])
    started = (await service.start(11, "nim", ALICE)).match
    assert started.players == (match.players[1], match.players[0])


def test_ratings_read_from_a_round_number():
    assert shown_rating(0.0) == SHOWN_START
    assert shown_rating(-4.8) < SHOWN_START < shown_rating(3.0)
    assert rating_words(0.0, PROVISIONAL_BELOW - 1).endswith("(provisional)")
    assert rating_words(2.0, PROVISIONAL_BELOW) == f"{shown_rating(2.0):,}"


def test_the_chances_chart_and_its_ticks():
    assert _x_ticks(1) == [0, 1]
    assert _x_ticks(70) == [0, 14, 28, 42, 56, 70]
    assert len(set(_x_ticks(7))) == len(_x_ticks(7))
    image = chances_chart([[0.6, 0.4], [0.2, 0.8], [0.0, 1.0]], ["alice", "bob"], [1])
    assert image.width == 1000


class Counting:
    """The database, counting the statements a reader runs."""

    def __init__(self, db) -> None:
        self.db = db
        self.reads = 0

    async def read(self, *args, **kwargs):
        self.reads += 1
        return await self.db.read(*args, **kwargs)


async def test_a_history_page_takes_three_reads_whatever_it_holds(service):
    ids = [await a_match(service, 1, 20 + i, (ALICE, BOB), [3, 3, 1]) for i in range(12)]
    await a_match(service, 2, 40, (ALICE, CAROL), [3, 3, 1])  # another server
    counted = Counting(service.store.db)

    class Wrapped:
        db = counted

    reads = []
    for limit in (1, 10):
        counted.reads = 0
        total, rows = await finished_matches(
            Wrapped(),
            ALICE,
            guild_id=1,
            game=None,
            limit=limit,
            offset=0,  # type: ignore[arg-type]
        )
        reads.append(counted.reads)
        assert total == 12 and [r.id for r in rows] == ids[::-1][:limit]
    assert reads == [3, 3]
    total, rows = await finished_matches(
        service.store, ALICE, guild_id=None, game="nim", limit=20, offset=0
    )
    assert total == 13 and rows[0].guild_id == 2
    assert all(set(r.players) <= {ALICE, BOB, CAROL} and len(r.players) == 2 for r in rows)
    total, rows = await finished_matches(
        service.store, CAROL, guild_id=1, game=None, limit=20, offset=0
    )
    assert total == 0 and rows == []


async def test_a_history_is_paged_with_buttons_that_carry_their_page(service):
    from types import SimpleNamespace

    from cogs.matchlist import PAGE_SIZE, history_page

    ids = [await a_match(service, 1, 50 + i, (ALICE, BOB), [3, 3, 1]) for i in range(12)]
    bot = SimpleNamespace(service=service, get_guild=lambda _: None)
    first, view = await history_page(bot, ALICE, 1, None, 0)  # type: ignore[arg-type]
    assert "on this server: 12 (page 1 of 2)" in first
    assert len(first.splitlines()) == 1 + PAGE_SIZE
    assert f"#{ids[-1]} " in first.splitlines()[1]
    assert view is not None
    newer, older = view.children
    assert newer.item.disabled and not older.item.disabled  # type: ignore[attr-defined]
    assert older.item.custom_id == f"tt:mh:{ALICE}:1::1"  # type: ignore[attr-defined]
    second, view = await history_page(bot, ALICE, 1, None, 1)  # type: ignore[arg-type]
    assert len(second.splitlines()) == 1 + 2 and f"#{ids[0]} " in second
    everywhere, _ = await history_page(bot, ALICE, None, "nim", 5)  # type: ignore[arg-type]
    assert "on every server: 12 (page 2 of 2)" in everywhere and "on a server" in everywhere


async def test_an_analysis_is_saved_with_its_post_once_however_many_save_it(service):
    """The post of an analysis is an outbox row written in the transaction that keeps it: it
    goes out even if the bot stops right after, and a second save (a race) posts nothing."""
    from data.analyses import ANALYSIS, AnalysisStore

    store = service.store
    analyses = AnalysisStore(store)
    match_id = await a_match(service, 1, 12, (ALICE, BOB), [3, 3, 1])
    kept, posted = await analyses.save(match_id, [[0.5, 0.5], [1.0, 0.0]], [], 0.1)
    assert kept.chances == [[0.5, 0.5], [1.0, 0.0]] and len(posted) == 1
    again, posted_again = await analyses.save(match_id, [[0.2, 0.8], [0.0, 1.0]], [], 0.2)
    assert again.chances == kept.chances and posted_again == ()
    rows = await store.db.read("SELECT id, payload FROM outbox WHERE kind = ?", (ANALYSIS,))
    assert [(int(r[0]), json.loads(r[1])) for r in rows] == [(posted[0], {"match": match_id})]


async def test_replay_frames_name_the_people(service):
    """Each frame of the replay GIF is drawn with the players' names (issue 25), as the boards
    posted during the match were, not "Seat 1 (A)"."""
    from PIL import Image

    from cogs.history import render_replay

    match_id = await a_match(service, 1, 13, (ALICE, BOB), [3, 3, 1])
    match = await service.by_id(match_id)
    entries = await service.store.moves(match_id)
    seen: list[object] = []

    def board(view: object, names: list[str] | None = None) -> Image.Image:
        seen.append(names)
        return Image.new("RGB", (40, 30), "white")

    _, _, frames = render_replay(match, entries, ["Zoë", "山田 太郎"], board)
    assert frames == len(seen) and seen and all(names == ["Zoë", "山田 太郎"] for names in seen)


def test_the_last_chances_of_a_drawn_match_are_fair_shares():
    """A TOKAN tie on equal towers has no winner. The analysis' last row is the result, and
    every row of the chart sums to 1: a draw ends on fair shares (the e2e test expected a row of
    zeros there and failed on the matches that drew)."""
    from types import SimpleNamespace

    from rules import rng
    from rules.registry import GAMES
    from table.analysis import result_chances

    game = GAMES["tokan"]
    state = game.setup(2, game.spec.resolve_options({}), 12)  # this seed and policy draw
    draw = rng.stream(26, "look-back")
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        state = game.play(state, seat, game.playout_move(state, seat, draw))
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == ()
    match = SimpleNamespace(game=game, players=(ALICE, BOB), row=SimpleNamespace(result=None))
    assert result_chances(match, state) == (0.5, 0.5)  # type: ignore[arg-type]
    # No final state to read (a resignation ends it): the winners the match recorded.
    said = SimpleNamespace(
        game=game, players=(ALICE, BOB), row=SimpleNamespace(result={"winners": [1]})
    )
    assert result_chances(said, None) == (0.0, 1.0)  # type: ignore[arg-type]


def test_a_history_page_turns_only_for_whom_and_where_it_was_asked():
    """The page buttons carry their list's owner and place; a click elsewhere, or by someone
    else on every server's list (a DM's, the owner's alone), or with an id past 64 bits (a
    forged one) is refused in words."""
    from cogs.matchlist import page_refusal

    assert page_refusal(ALICE, 1, BOB, 1) is None  # a server's list: anyone there may look
    assert page_refusal(ALICE, 0, ALICE, None) is None
    assert "another place" in str(page_refusal(ALICE, 1, ALICE, 2))
    assert "another place" in str(page_refusal(ALICE, 1, ALICE, None))
    assert "another player's" in str(page_refusal(ALICE, 0, BOB, None))
    assert "not one the bot made" in str(page_refusal(2**64, 1, BOB, 1))


async def test_a_forged_match_number_on_a_button_is_refused_in_words(service):
    """A viewer, analysis or rematch button names its match in its custom id: a number no match
    has, even one past storage's 64 bits, is answered as such, not with an overflow."""
    from types import SimpleNamespace

    from cogs.viewer import clicked_match
    from table.errors import NoMatchHere

    bot = SimpleNamespace(service=service)
    for number in (2**64, 10**40, 999_999):
        with pytest.raises(NoMatchHere, match="does not exist"):
            await clicked_match(bot, number)  # type: ignore[arg-type]
    match_id = await a_match(service, 1, 14, (ALICE, BOB), [3, 3, 1])
    assert (await clicked_match(bot, match_id)).id == match_id  # type: ignore[arg-type]


def test_viewer_custom_ids_name_their_owner_and_older_ones_still_step():
    """A viewer's buttons carry its owner after the kind; one drawn before owners were named
    (no digits there) still matches its template, with no owner."""
    import re

    from cogs.viewer import JumpSelect, StepButton, owner_of

    step = StepButton(12, 3, "o", "n", owner=ALICE)
    assert step.item.custom_id == f"tt:rv:12:3:o{ALICE}:n"
    jump = JumpSelect(12, 3, 0, "p", owner=BOB)
    assert jump.item.custom_id == f"tt:rvj:12:3:0:p{BOB}"
    for custom, owner in ((step.item.custom_id, ALICE), ("tt:rv:12:3:o:n", None)):
        found = re.fullmatch(StepButton.__discord_ui_compiled_template__, custom)
        assert found is not None and owner_of(found["owner"]) == owner
    older = re.fullmatch(JumpSelect.__discord_ui_compiled_template__, "tt:rvj:12:3:0:o")
    assert older is not None and owner_of(older["owner"]) is None


class StubPool:
    """The analysis worker's answers without a search: fair shares, the played move kept."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    async def chances(self, key, decisions, seed, iterations=None):  # type: ignore[no-untyped-def]
        self.asked.append(len(decisions))
        return [(0.5, 0.5) for _ in decisions], 0.0

    async def preferences(self, key, decisions, seed, iterations=None):  # type: ignore[no-untyped-def]
        from ai.analysis import Preference

        return [Preference(d.move, (0.5, 0.5), None) for d in decisions]


async def test_the_last_decision_is_the_result_only_when_it_ended_the_game(service):
    """A game played to its end: its last decision's chances are the result, unsearched. A
    match a resignation ended after its last decision: that decision is estimated as the
    others (pinning it to the result would credit the resignation's swing to that move)."""
    from data.analyses import AnalysisStore
    from table.analysis import Analyst

    pool = StubPool()
    analyst = Analyst(AnalysisStore(service.store), pool)  # type: ignore[arg-type]
    played = await service.by_id(await a_match(service, 1, 20, (ALICE, BOB), [3, 3, 1]))
    entries = await service.store.moves(played.id)
    kept, _ = await analyst.analysis(played, entries)
    winners = played.outcome().winners  # type: ignore[union-attr]
    assert pool.asked == [len(kept.chances) - 1]
    assert kept.chances[-1] == [1.0 if s in winners else 0.0 for s in range(2)]

    await service.create("nim", 1, 21, ALICE, {})
    await service.join(21, "nim", BOB)
    match = (await service.start(21, "nim", ALICE)).match
    (mover,) = match.to_act()
    await service.move(21, "nim", mover, "take 1")
    await service.resign(21, "nim", mover)
    resigned = await service.by_id(match.id)
    assert resigned.status == "finished" and resigned.outcome() is None
    kept, _ = await analyst.analysis(resigned, await service.store.moves(match.id))
    assert pool.asked[-1] == 1 and kept.chances == [[0.5, 0.5]]


async def test_a_rematch_seats_its_computers_in_the_transaction_that_opens_it(service):
    """No crash between opening the rematch and seating its computer players can leave it
    without them: the lobby is written once, computers seated, under the ids its seat order
    names, and it starts in that order."""
    await service.create("nim", 1, 14, ALICE, {})
    await service.add_computer(14, "nim", ALICE, "easy")
    await service.add_computer(14, "nim", ALICE, "hard")
    match = (await service.start(14, "nim", ALICE)).match
    while match.status == "active":
        (seat,) = match.game.to_act(match.state)
        text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
        if match.user_at(seat) < 0:
            match = (await service.move_for_computer(match.id, seat, text, match.version)).after
        else:
            match = (await service.move(14, "nim", ALICE, text)).after
    done = await rematch(service, match, ALICE, guild_id=1)
    lobby = done.match
    assert lobby.version == 0  # one write: the lobby with everyone the rematch seats
    assert sorted(lobby.players) == sorted(rotated_seating(match.players))
    started = (await service.start(14, "nim", ALICE)).match
    assert list(started.players) == rotated_seating(match.players)


async def test_an_analysis_says_its_moves_in_the_readers_language(tmp_path: Path):
    """A swing's move is the rules' own text, kept whole with the analysis (it was kept as its
    English, and a German table read "moved the lion…"): read back from storage, as a post
    made after a restart reads it, it is said in the post's language."""
    from cogs.analysis import analysis_text
    from data.analyses import AnalysisStore
    from i18n.catalogue import say
    from i18n.text import Text
    from rules import rng
    from rules.registry import GAMES
    from table.analysis import Analyst

    store = await Store.open(tmp_path / "words.sqlite3", ManualClock())
    try:
        service = MatchService(store, {"tokan": GAMES["tokan"]}, new_seed=lambda: 7)
        await service.create("tokan", 1, 30, ALICE, {})
        await service.join(30, "tokan", BOB)
        match = (await service.start(30, "tokan", ALICE)).match
        draw = rng.stream(3, "analysis-words")
        while match.status == "active":
            seat = match.game.to_act(match.state)[0]
            move = match.game.playout_move(match.state, seat, draw)
            text = match.game.format(match.state, move)
            match = (await service.move(30, "tokan", match.user_at(seat), text)).after
        analyst = Analyst(AnalysisStore(store), StubPool())  # type: ignore[arg-type]
        await analyst.analysis(match, await store.moves(match.id))
        kept = await AnalysisStore(store).get(match.id)
        assert kept is not None and len(kept.swings) == 3
        moves = [swing["move"] for swing in kept.swings]
        assert all(isinstance(m, Text) and "moved the" in m for m in moves), moves
        names = ["alice", "bob"]
        english = analysis_text(match, kept, names, "en")
        german = analysis_text(match, kept, names, "de")
        japanese = analysis_text(match, kept, names, "ja")
        assert english.count("moved the") == 3 and english.count("stack is now") == 3
        assert german.count("Stapel ist jetzt") == 3, german
        for said in (german, japanese):
            assert "moved" not in said and "stack" not in said and "covering" not in said
        # Japanese writes a seat right against its kana ("Blackが"): named as the person too.
        assert "Black" not in japanese and "Red" not in japanese, japanese
        assert japanese.count("bob (黒)") + japanese.count("alice (赤)") >= 3, japanese
        for move in moves:  # each move's own German words (its seats then written as people)
            words = say(move, "de").split(": ", 1)[-1].split(" (der Stapel")[0]
            assert words in german, (words, german)
    finally:
        await store.close()


def test_a_hidden_preference_is_kept_as_words_and_said_in_the_readers_language():
    """In a game with hidden information the search's preferred move is said by its kind
    only: a text of the catalogue (its verb notation, in backticks), said in the post's
    language and never with its card."""
    from types import SimpleNamespace

    from cogs.analysis import analysis_text
    from data.analyses import StoredAnalysis
    from i18n.catalogue import say
    from i18n.text import Text, text_data, text_from
    from rules.registry import GAMES
    from table.analysis import shown_preference

    toshi = SimpleNamespace(game=GAMES["toshi"], row=SimpleNamespace(game="toshi"))
    preferred = shown_preference(toshi, 0, "build r7 down b2")  # type: ignore[arg-type]
    assert isinstance(preferred, Text) and preferred.endswith("stays hidden)")
    assert "r7" not in preferred and "`build`" in preferred
    assert text_from(json.loads(json.dumps(text_data(preferred)))) == preferred
    german = say(preferred, "de")
    assert "`build`" in german and "hidden" not in german and "r7" not in german

    players = (ALICE, BOB, CAROL)
    match = SimpleNamespace(
        game=GAMES["toshi"],
        id=9,
        players=players,
        status="finished",
        row=SimpleNamespace(game="toshi"),
        user_at=lambda seat: players[seat],
        seat_of=lambda user: players.index(user),
        outcome=lambda: object(),
    )
    swing = {
        "index": 0,
        "number": 1,
        "seat": 0,
        "move": Text("{seat} passes.", (("seat", "Seat 1 (A)"),)),
        "size": 0.2,
        "preferred": preferred,
        "preferred_chances": [0.6, 0.2, 0.2],
    }
    kept = StoredAnalysis(9, [[0.6, 0.2, 0.2]], [swing], 0.0, 0.0)
    said = analysis_text(match, kept, ["alice", "bob", "cat"], "de")  # type: ignore[arg-type]
    assert german in said and "alice (A)" in said and "r7" not in said
    assert "preferred" not in said and "stays hidden" not in said
