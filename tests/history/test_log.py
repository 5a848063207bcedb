"""The public log: every finished match reads as the channel saw it, move by move; control
entries (undo, resign, cancel, timeout) have lines of their own; secrets stay with their owner;
pages fit Discord's message limit."""

from __future__ import annotations

import pytest

from rules.registry import GAMES
from rules.toshi.model import Build, FaceDownCard
from rules.toshi.words import card_text
from table.history import (
    CANCEL,
    MOVE,
    RESIGN,
    TIMEOUT,
    UNDO,
    CorruptLog,
    Entry,
    LogLine,
    final_caption,
    pages,
    public_log,
    replay_frames,
    replay_state,
)
from tests.history.support import playout

CASES = [
    pytest.param(key, players, id=f"{key}-{players}p")
    for key, game in GAMES.items()
    for players in sorted({game.spec.min_players, game.spec.max_players})
]


@pytest.mark.parametrize(("key", "players"), CASES)
def test_log_of_a_finished_match_is_what_the_channel_saw(key: str, players: int) -> None:
    played = playout(GAMES[key], players, seed=21)
    lines = public_log(played.game, 21, players, played.options, played.entries)
    # The channel saw ``describe`` of every move (table.service.MatchService._move posts it).
    assert [line.text for line in lines] == played.texts
    assert [line.number for line in lines] == list(range(1, len(played.entries) + 1))
    assert all(line.kind == MOVE and not line.undone for line in lines)
    assert [line.seat for line in lines] == [e.seat for e in played.entries]
    assert replay_state(played.game, 21, players, played.options, played.entries) == played.final


@pytest.mark.parametrize("key", ["tokan", "tonari", "fishing", "tonga"])
def test_open_games_read_the_same_for_every_player(key: str) -> None:
    game = GAMES[key]
    played = playout(game, game.spec.max_players, seed=4)
    public = public_log(game, 4, played.players, played.options, played.entries)
    for viewer in range(played.players):
        mine = public_log(game, 4, played.players, played.options, played.entries, viewer)
        assert mine == public


@pytest.mark.parametrize("players", [3, 4, 5])
def test_toshi_log_names_a_face_down_card_to_its_builder_only(players: int) -> None:
    game = GAMES["toshi"]
    played = playout(game, players, seed=8)
    logs = {
        viewer: public_log(game, 8, players, played.options, played.entries, viewer)
        for viewer in (None, *range(players))
    }
    builds = 0
    for index, (entry, move) in enumerate(zip(played.entries, played.moves, strict=True)):
        if not (isinstance(move, Build) and not move.face_up):
            continue
        builds += 1
        after = played.states[index + 1]
        space = game.view(after, entry.seat).cells[move.cell].name
        # It is a secret of its builder (the contract's ``secrets``) while the game runs ...
        assert FaceDownCard(space, move.card) in game.secrets(after, entry.seat)
        secret = card_text(move.card)
        for viewer, lines in logs.items():
            text = lines[index].text
            if viewer == entry.seat:
                assert secret in text and space in text  # ... its builder reads which card
            else:
                assert secret not in text  # ... everyone else reads "a card face down"
                assert "a card face down" in text
    assert builds >= 10  # one face-down card per round at least


def test_toshi_whole_log_never_pairs_a_face_down_card_with_its_space_for_others() -> None:
    """Over the whole log (not only the build line), no line another seat can read names a
    face-down card together with its space while it lies face down."""
    game = GAMES["toshi"]
    played = playout(game, 4, seed=30)
    lines = public_log(game, 30, 4, played.options, played.entries)
    for index, line in enumerate(lines):
        state = played.states[index + 1]
        if game.outcome(state) is not None:
            break  # the final scoring reveals every card
        for owner in range(4):
            for secret in game.secrets(state, owner):
                if isinstance(secret, FaceDownCard) and line.seat != owner:
                    assert not (card_text(secret.card) in line.text and secret.space in line.text)


def test_control_entries_have_lines_of_their_own() -> None:
    game = GAMES["tokan"]
    played = playout(game, 2, seed=3)
    entries = [*played.entries[:3], Entry(0, TIMEOUT), Entry(1, RESIGN)]
    lines = public_log(game, 3, 2, played.options, entries)
    assert lines[3] == LogLine(4, 0, TIMEOUT, "Seat 1 (red) ran out of time.")
    assert lines[4] == LogLine(5, 1, RESIGN, "Seat 2 (black) resigned.")
    cancelled = public_log(game, 3, 2, played.options, [*played.entries[:2], Entry(None, CANCEL)])
    assert cancelled[-1].text == "The match was cancelled."
    by_seat = public_log(game, 3, 2, played.options, [*played.entries[:2], Entry(0, CANCEL)])
    assert by_seat[-1].text == "Seat 1 (red) cancelled the match."


def test_an_undo_shows_as_an_entry_and_marks_the_move_taken_back() -> None:
    game = GAMES["tokan"]
    played = playout(game, 2, seed=3)
    entries = [*played.entries[:3], Entry(0, UNDO), played.entries[2]]
    lines = public_log(game, 3, 2, played.options, entries)
    assert lines[2].undone and lines[2].text == played.texts[2]
    assert str(lines[2]).endswith("*(taken back)*")
    assert lines[3] == LogLine(4, 0, UNDO, "Seat 1 (red) took back their move 3.")
    assert lines[4].text == played.texts[2]  # the same move again, from the same position
    assert not lines[4].undone


def test_a_log_that_does_not_replay_is_reported_with_its_entry() -> None:
    game = GAMES["tokan"]
    played = playout(game, 2, seed=3)
    with pytest.raises(CorruptLog, match="log entry 2"):
        public_log(game, 3, 2, {}, [played.entries[0], played.entries[0]])
    with pytest.raises(CorruptLog, match="log entry 1: an undo with no move"):
        public_log(game, 3, 2, {}, [Entry(0, UNDO)])
    with pytest.raises(CorruptLog, match="has no seat"):
        public_log(game, 3, 2, {}, [Entry(None, played.entries[0].move)])


def test_pages_break_between_lines_and_keep_every_line_in_order() -> None:
    game = GAMES["tonga"]
    played = playout(game, 4, seed=5)
    lines = public_log(game, 5, 4, played.options, played.entries)
    book = pages(lines, limit=1900)
    assert len(book) > 1
    assert all(len(page) <= 1900 for page in book)
    assert "\n".join(book).split("\n") == [str(line) for line in lines]


def test_a_line_longer_than_a_page_breaks_between_words() -> None:
    long = " ".join(f"word{i}" for i in range(100))
    book = pages(["short", long, "after"], limit=60)
    assert all(len(page) <= 60 for page in book)
    assert " ".join(" ".join(book).split()) == f"short {long} after"
    assert pages([]) == [""]
    assert pages(["x" * 130], limit=50) == ["x" * 50, "x" * 50, "x" * 30]


@pytest.mark.parametrize("key", list(GAMES))
def test_replay_frames_are_one_per_entry_then_the_final_scores(key: str) -> None:
    game = GAMES[key]
    played = playout(game, game.spec.min_players, seed=12)
    frames = replay_frames(game, 12, played.players, played.options, played.entries)
    assert len(frames) == len(played.entries) + 1
    assert [state for state, _ in frames[:-1]] == played.states[1:]
    assert [caption for _, caption in frames[:-1]] == [
        f"{n}. {text}" for n, text in enumerate(played.texts, start=1)
    ]
    state, caption = frames[-1]
    assert state == played.final
    outcome = game.outcome(state)
    assert outcome is not None
    assert caption.startswith("Final scores: ")
    for score in outcome.scores:
        assert f"{game.seat_name(score.seat)} {score.total}" in caption
    assert outcome.reason in caption


def test_final_caption_of_a_match_ended_early_says_how() -> None:
    game = GAMES["tokan"]
    played = playout(game, 2, seed=3)
    frames = replay_frames(game, 3, 2, {}, [*played.entries[:4], Entry(1, RESIGN)])
    assert frames[-1] == (
        played.states[4],
        "Seat 2 (black) resigned.",
    )
    assert final_caption(game, played.states[4]) == "The match is still running."


def test_a_resignation_the_match_went_on_after_says_so_and_is_not_its_end() -> None:
    """With three or more players the table plays a resigned seat on (``MatchService.resign``):
    the log says so once moves followed, and a replay's last frame does not call it the end."""
    game = GAMES["fishing"]
    played = playout(game, 3, seed=4)
    entries = [played.entries[0], Entry(2, RESIGN), *played.entries[1:3]]
    lines = public_log(game, 4, 3, played.options, entries)
    assert lines[1].text == "Seat 3 (C) resigned: the table played their seat from then on."
    frames = replay_frames(game, 4, 3, played.options, entries)
    assert frames[-1][1] == "The match is still running."
    # Nothing followed yet: the match may have ended or gone on; the line claims neither.
    last = public_log(game, 4, 3, played.options, [*played.entries[:3], Entry(2, RESIGN)])
    assert last[-1].text == "Seat 3 (C) resigned."
