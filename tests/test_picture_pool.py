"""The picture pool: boards drawn in worker processes, the same bytes as in the bot's own
thread; a worker that dies or hangs costs that one picture (``RenderFailed``: the outbox tries
again), never the pool."""

from __future__ import annotations

import functools
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from cogs.pictures import PicturePool, RenderFailed, board_png, configure, pool, rendered
from cogs.replies import PICTURE_FAILED, explain
from render import tokan as tokan_pictures
from rules.registry import GAMES
from tests.support.picture_work import (
    dies_once,
    fails,
    hangs_when_armed,
    never_ends,
    noted,
    pid_and,
)
from tests.support.processes import children


def a_board() -> object:
    game = GAMES["tokan"]
    state = game.setup(2, game.spec.resolve_options({}), 7)
    return game.view(state, None)


@pytest.fixture
def workers() -> Iterator[PicturePool]:
    made = PicturePool(1)
    yield made
    made.close()


def test_a_board_drawn_in_a_worker_is_the_board_drawn_here(workers: PicturePool) -> None:
    view = a_board()
    here = PicturePool(0).render(tokan_pictures.render, view, names=["alice", "bob"])
    there = workers.render(tokan_pictures.render, view, names=["alice", "bob"])
    assert there == here
    assert there.startswith(b"\x89PNG")
    (pid,) = workers.pids()
    assert pid != os.getpid()
    worker = [p for p in children(os.getpid()) if p.pid == pid]
    assert worker and worker[0].worker, "drawn by a spawned child process"


def test_a_league_s_standings_and_their_german_words_are_drawn_in_a_worker(
    workers: PicturePool,
) -> None:
    # A league's standings go to a worker as the cog asks for them (a picklable renderer with
    # its arguments and its language), and come back as the picture drawn here.
    from render.standings import draw_standings

    args = ("Spring league: standings", ["#", "Spieler", "Punkte"], [["1", "alice", "3"]])
    here = PicturePool(0).render(draw_standings, *args, language="de")
    assert workers.render(draw_standings, *args, language="de") == here


def test_a_worker_killed_between_pictures_costs_nothing(workers: PicturePool) -> None:
    view = a_board()
    first = workers.render(tokan_pictures.render, view)
    (pid,) = workers.pids()
    os.kill(pid, signal.SIGKILL)
    # The pool notices the death (now or at the next submit) and the picture is drawn anyway,
    # by a fresh worker: nothing waited on the dead one.
    for _ in range(2):
        try:
            assert workers.render(tokan_pictures.render, view) == first
            break
        except RenderFailed:  # it died under a picture already submitted: that one failed
            continue
    assert pid not in workers.pids()


def test_a_worker_dying_under_a_picture_fails_that_picture_only(tmp_path: Path) -> None:
    dying = PicturePool(1, work=functools.partial(dies_once, str(tmp_path / "died")))
    try:
        with pytest.raises(RenderFailed, match="died"):
            dying.render(tokan_pictures.render, a_board())
        assert (tmp_path / "died").exists()
        assert dying.render(tokan_pictures.render, a_board()).startswith(b"\x89PNG")
        assert dying.restarts == 1
    finally:
        dying.close()


def test_a_stuck_picture_is_given_up_at_its_deadline_and_its_worker_killed(
    tmp_path: Path,
) -> None:
    arm = tmp_path / "arm"
    stuck = PicturePool(1, work=functools.partial(hangs_when_armed, str(arm)))
    try:
        stuck.render(tokan_pictures.render, a_board())  # the worker is up (its start is slow)
        stuck.deadline = 0.5
        arm.write_text("armed")
        with pytest.raises(RenderFailed, match=r"longer than 0\.5 s"):
            stuck.render(tokan_pictures.render, a_board())
        old = int(arm.read_text())
        stuck.deadline = 60.0  # a fresh worker starts slowly on a loaded machine
        assert stuck.render(tokan_pictures.render, a_board()).startswith(b"\x89PNG")
        assert old not in stuck.pids(), "the stuck worker was replaced"
        assert old not in {p.pid for p in children(os.getpid())}, "and killed"
        assert stuck.restarts == 1
    finally:
        stuck.close()


def test_the_process_pool_names_players_as_the_cogs_ask() -> None:
    previous = pool().workers
    configure(1)
    try:
        view = a_board()
        named = board_png("tokan", tokan_pictures.render, view, ["alice", None])
        assert named == PicturePool(0).render(tokan_pictures.render, view, names=["alice", ""])
        assert rendered("tokan", tokan_pictures.render, view) != named
    finally:
        configure(previous)


def test_a_picture_not_drawn_is_answered_in_words_not_as_a_crash() -> None:
    assert explain(RenderFailed("a picture took longer than 10 s")) == PICTURE_FAILED
    assert "ask again" in PICTURE_FAILED and "10 s" not in PICTURE_FAILED


def test_warming_starts_one_worker_before_any_picture(workers: PicturePool) -> None:
    assert workers.pids() == []
    workers.warm()
    (pid,) = workers.pids()
    assert workers.render(tokan_pictures.render, a_board()).startswith(b"\x89PNG")
    assert workers.pids() == [pid], "the warm worker drew the first picture"
    PicturePool(0).warm()  # drawing in a thread: nothing to start


def test_each_worker_draws_its_samples_as_it_starts_and_a_failing_one_is_skipped(
    tmp_path: Path,
) -> None:
    marker = tmp_path / "primed"
    primed = PicturePool(1)
    primed.prime([(fails, ("no such picture",), {}), (noted, (str(marker),), {})])
    try:
        view = a_board()
        drawn = primed.render(tokan_pictures.render, view, names=["alice", "bob"])
        assert drawn == PicturePool(0).render(tokan_pictures.render, view, names=["alice", "bob"])
        (pid,) = primed.pids()
        # The sample was drawn by the worker, before the board, once.
        assert marker.read_text().split() == [str(pid)]
        primed.render(tokan_pictures.render, view)
        assert marker.read_text().split() == [str(pid)]
    finally:
        primed.close()


def test_the_bot_primes_its_workers_with_a_board_of_every_game() -> None:
    import importlib

    from app.application import build_bot
    from cogs.pictures import png_of

    bot = build_bot(database=":memory:", render_workers=0)
    for key in bot.games:  # each game's cog class, as loading it registers it
        module = importlib.import_module(bot.cog_modules[key])
        cog = next(c for c in vars(module).values() if getattr(c, "game_key", None) == key)
        bot.game_cogs[key] = object.__new__(cog)
    samples = bot.picture_samples()
    assert [renderer for renderer, _, _ in samples] == [
        type(bot.game_cogs[key]).board_renderer for key in bot.games
    ]
    for renderer, args, kwargs in samples:  # as its posts draw it
        assert kwargs.get("layout", "phone") == "phone" and kwargs["names"][0] == "Player 1"
        assert png_of(renderer, args, kwargs).startswith(b"\x89PNG")


def test_a_longer_drawing_runs_in_a_worker_within_its_own_deadline(
    workers: PicturePool,
) -> None:
    # A replay's GIF takes seconds of CPU: handed to a worker, never the bot's own threads
    # (they share its interpreter with the event loop), with a deadline of its own.
    pid, value = workers.call(pid_and, 7, deadline=60.0)
    assert value == 7 and pid != os.getpid() and pid in workers.pids()
    with pytest.raises(RenderFailed, match=r"longer than 0\.5 s"):
        workers.call(never_ends, deadline=0.5)
    assert workers.restarts == 1, "the stuck worker's pool was started afresh"
    assert workers.call(pid_and, 8, deadline=60.0)[1] == 8
    assert PicturePool(0).call(pid_and, 9, deadline=1.0) == (os.getpid(), 9), "0: right here"


def test_a_replay_gif_drawn_in_a_worker_is_the_one_drawn_here(workers: PicturePool) -> None:
    # What `/<game> replay gif:True` hands the pool (cogs/viewer.py): a finished match, its
    # log, the names, the game's renderer and the viewer's language, pickled to the worker.
    from cogs.history import render_replay
    from tests.history.support import finished_match, playout

    game = GAMES["tokan"]
    played = playout(game, 2, 3)
    match = finished_match(game, played)
    args = (match, played.entries, ["Zoë", "山田 太郎"], tokan_pictures.render, None, "ja")
    here = PicturePool(0).call(render_replay, *args, deadline=60.0)
    there = workers.call(render_replay, *args, deadline=60.0)
    assert there == here and there[0].startswith(b"GIF8")
    assert there[2] == len(played.entries) + 1, "a frame per log entry, then the scores"
