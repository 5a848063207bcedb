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

from cogs.pictures import PicturePool, RenderFailed, board_png, configure, png_of, pool, rendered
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
    slow,
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


def test_warming_starts_every_worker_at_once() -> None:
    warmed = PicturePool(2)
    try:
        warmed.warm()
        assert len(warmed.pids()) == 2, "each asked for a first task before any was idle"
    finally:
        warmed.close()


async def test_a_board_drawn_from_the_event_loop_goes_to_a_worker_with_no_thread_between(
    tmp_path: Path,
) -> None:
    """Once every worker is up, ``draw`` hands the picture over from the loop itself: it is
    drawn while every thread of the loop's executor is busy, by the worker, the same bytes."""
    import asyncio
    import threading
    from concurrent.futures import ThreadPoolExecutor

    drawing = PicturePool(1)
    # The loop's one thread starts the worker (which lives as long as that thread), then is
    # kept busy.
    busy = ThreadPoolExecutor(1)
    held = threading.Event()
    loop = asyncio.get_running_loop()
    loop.set_default_executor(busy)
    try:
        await asyncio.to_thread(drawing.warm)
        (pid,) = drawing.pids()
        blocked = loop.run_in_executor(None, held.wait)
        view = a_board()
        drawn = await asyncio.wait_for(
            drawing.draw(tokan_pictures.render, view, names=["alice", "bob"]), 60
        )
        assert drawn == PicturePool(0).render(tokan_pictures.render, view, names=["alice", "bob"])
        marker = tmp_path / "drawn-by"
        await asyncio.wait_for(drawing.draw(noted, str(marker)), 60)
        assert marker.read_text().split() == [str(pid)]
        held.set()
        await blocked
    finally:
        held.set()
        drawing.close()
        busy.shutdown(wait=False)


async def test_a_picture_drawn_from_the_event_loop_fails_as_one_drawn_from_a_thread(
    tmp_path: Path,
) -> None:
    """Stuck past its deadline, or its worker dead: ``RenderFailed`` (the outbox tries the
    entry again), the worker replaced, the next picture drawn; before the workers are up
    a picture goes through a thread and is drawn all the same."""
    import asyncio

    arm = tmp_path / "arm"
    stuck = PicturePool(1, work=functools.partial(hangs_when_armed, str(arm)))
    dying = PicturePool(1, work=functools.partial(dies_once, str(tmp_path / "died")))
    try:
        board = await stuck.draw(tokan_pictures.render, a_board())  # no worker yet: a thread
        assert board.startswith(b"\x89PNG") and len(stuck.pids()) == 1
        stuck.deadline = 0.5
        arm.write_text("armed")
        with pytest.raises(RenderFailed, match=r"longer than 0\.5 s"):
            await stuck.draw(tokan_pictures.render, a_board())
        old = int(arm.read_text())
        stuck.deadline = 60.0
        assert (await stuck.draw(tokan_pictures.render, a_board())) == board
        assert old not in stuck.pids() and stuck.restarts == 1
        await asyncio.to_thread(dying.warm)
        with pytest.raises(RenderFailed, match="died"):
            await dying.draw(tokan_pictures.render, a_board())
        assert (await dying.draw(tokan_pictures.render, a_board())) == board
        assert dying.restarts == 1
    finally:
        stuck.close()
        dying.close()


async def test_a_draw_given_up_by_its_caller_leaves_its_worker_to_finish_and_draw_again() -> None:
    """A picture drawn ahead and dropped (its task cancelled) does not cost its worker: the
    worker finishes, its answer is read and thrown away, and it draws the next picture."""
    import asyncio

    slowly = PicturePool(1, work=functools.partial(slow, 0.5))
    try:
        await asyncio.to_thread(slowly.warm)
        (pid,) = slowly.pids()
        dropped = asyncio.ensure_future(slowly.draw(tokan_pictures.render, a_board()))
        await asyncio.sleep(0.1)
        dropped.cancel()
        with pytest.raises(asyncio.CancelledError):
            await dropped
        board = await slowly.draw(tokan_pictures.render, a_board())  # waits for that worker
        assert board == PicturePool(0).render(tokan_pictures.render, a_board())
        assert slowly.pids() == [pid] and slowly.restarts == 0
    finally:
        slowly.close()


async def test_closing_the_pool_under_a_draw_fails_it_at_once_and_the_next_draws() -> None:
    """Its worker is killed: the picture fails (``RenderFailed``) without waiting out its
    deadline, the loop stops watching that worker's end before it is closed, and the next
    picture starts a fresh worker."""
    import asyncio

    slowly = PicturePool(1, work=functools.partial(slow, 30.0))
    try:
        await asyncio.to_thread(slowly.warm)
        (old,) = slowly.pids()
        drawing = asyncio.ensure_future(slowly.draw(tokan_pictures.render, a_board()))
        for _ in range(50):
            await asyncio.sleep(0)
        slowly.close()
        with pytest.raises(RenderFailed, match="died"):
            await asyncio.wait_for(drawing, 10)  # not the 10 s deadline plus 30 s of drawing
        slowly._work = png_of  # the next pictures draw at once
        board = await asyncio.wait_for(slowly.draw(tokan_pictures.render, a_board()), 60)
        assert board == PicturePool(0).render(tokan_pictures.render, a_board())
        assert old not in slowly.pids()
    finally:
        slowly.close()


def test_an_event_loop_that_cannot_watch_a_socket_has_its_boards_drawn_through_a_thread() -> None:
    """Windows' proactor loop has no ``add_reader``: the board goes through a thread, as
    ``render``, from the first one on, and is the same picture."""
    import asyncio

    class Proactorish(asyncio.SelectorEventLoop):
        def add_reader(self, *args: object, **kwargs: object) -> None:
            raise NotImplementedError

    loop = Proactorish()
    drawing = PicturePool(1)
    view = a_board()

    async def two_boards() -> tuple[bytes, bytes]:
        await asyncio.to_thread(drawing.warm)
        return (
            await drawing.draw(tokan_pictures.render, view),
            await drawing.draw(tokan_pictures.render, view),
        )

    try:
        first, second = loop.run_until_complete(two_boards())
        assert first == second == PicturePool(0).render(tokan_pictures.render, view)
        assert drawing.pids() and drawing.restarts == 0
    finally:
        drawing.close()
        loop.close()
