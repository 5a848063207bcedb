"""tools/backup.py and tools/restore.py: a consistent copy taken while the bot runs, put back
with the bot stopped, and the matches play on from it.

A match on a store left open (as a running bot holds it) is backed up, played on, restored
once the store is closed, and played on from the backup's position; the end-to-end test with
the real bot is tests/e2e/test_backup_e2e.py. The others check the refusals (a copy onto an
existing file, a file that is not the bot's, a damaged one, a newer schema, a restore while the
database is open) and a restore over a damaged database.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from data.clock import ManualClock
from data.schema import MIGRATIONS
from data.store import Store
from rules.registry import GAMES
from table.service import MatchService
from tools import backup as backup_command
from tools import restore as restore_command
from tools.backup import backup
from tools.restore import KEPT_SUFFIX, restore
from tools.sqlitefiles import Refused

GAME, GUILD, CHANNEL, ALICE, BOB = "tokan", 1, 10, 100, 200


async def played(path: Path, moves: int) -> tuple[Store, MatchService, int]:
    """A store on ``path`` (left open, like a running bot) with a TOKAN match ``moves`` in."""
    store = await Store.open(path, ManualClock())
    seeds = iter(range(21, 1000))
    service = MatchService(store, {GAME: GAMES[GAME]}, new_seed=lambda: next(seeds))
    done = await service.create(GAME, GUILD, CHANNEL, ALICE, {})
    await service.join(CHANNEL, GAME, BOB)
    await service.start(CHANNEL, GAME, ALICE)
    await play(service, moves)
    return store, service, done.match.id


async def play(service: MatchService, moves: int) -> None:
    for _ in range(moves):
        match = await service.current(CHANNEL, GAME)
        user = match.to_act()[0]
        suggested, why, _ = await service.suggestions(CHANNEL, GAME, user)
        assert suggested, why
        await service.move(CHANNEL, GAME, user, suggested[0])


async def test_a_backup_during_play_restores_to_that_moment_and_plays_on(tmp_path: Path):
    database, copy = tmp_path / "bot.sqlite3", tmp_path / "backups" / "copy.sqlite3"
    store, service, match_id = await played(database, 4)
    at_backup = (await service.by_id(match_id)).version
    copied = backup(database, copy)  # the store is open: the bot is running
    assert copied.schema == len(MIGRATIONS) and copied.rows["moves"] >= 4
    await play(service, 3)  # the bot goes on after the backup
    assert (await service.by_id(match_id)).version > at_backup

    with pytest.raises(Refused, match="is the bot running"):
        restore(copy, database)  # refused while the bot has the database open
    assert (await service.by_id(match_id)).version > at_backup  # nothing changed
    await store.close()

    said = restore(copy, database)
    assert "Restored" in said and KEPT_SUFFIX in said
    kept = database.with_name(database.name + KEPT_SUFFIX)
    assert kept.exists()  # what was there before, in case the restore was a mistake

    store = await Store.open(database, ManualClock())
    service = MatchService(store, {GAME: GAMES[GAME]})
    match = await service.by_id(match_id)
    assert match.version == at_backup
    # Ids handed out after the backup are not handed out again (a post's nonce is made of its
    # entry's id): the next outbox entry comes after every one the replaced database used.
    with sqlite3.connect(kept) as before:
        (last_used,) = before.execute("SELECT MAX(id) FROM outbox").fetchone()
    # The restored match is whole: its state is the replay of its log, and it plays on.
    replayed = await service.replay(match_id)
    assert match.game.dump_state(replayed) == match.game.dump_state(match.state)
    await play(service, 2)
    assert (await service.by_id(match_id)).version == at_backup + 2
    newest = max(entry.id for entry in await store.outbox(match_id))
    assert newest > last_used
    await store.close()
    # What was kept is the database as it stood before the restore (later than the backup).
    with sqlite3.connect(kept) as before:
        (version,) = before.execute("SELECT version FROM matches WHERE id = ?", (match_id,))
        assert version[0] > at_backup


async def test_backup_and_restore_refuse_what_they_cannot_do_safely(tmp_path: Path):
    database = tmp_path / "bot.sqlite3"
    store, _, _ = await played(database, 1)
    await store.close()
    taken = tmp_path / "taken.sqlite3"
    taken.write_bytes(b"something else")
    with pytest.raises(Refused, match="already exists"):
        backup(database, taken)
    assert taken.read_bytes() == b"something else"

    stranger = tmp_path / "stranger.sqlite3"
    with sqlite3.connect(stranger) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(Refused, match="not a Tidetable database"):
        restore(stranger, database)

    newer = tmp_path / "newer.sqlite3"
    backup(database, newer)
    with sqlite3.connect(newer) as future:
        future.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(Refused, match="newer version of the bot"):
        restore(newer, database)

    damaged = tmp_path / "damaged.sqlite3"
    backup(database, damaged)
    data = bytearray(damaged.read_bytes())
    assert len(data) > 3 * 4096
    data[2 * 4096 : 3 * 4096] = b"\xff" * 4096  # scribble over a page of tables
    damaged.write_bytes(bytes(data))
    with pytest.raises(Refused, match=r"integrity|not a readable"):
        restore(damaged, database)
    with pytest.raises(Refused, match="no backup"):
        restore(tmp_path / "missing.sqlite3", database)
    # Nothing of it touched the bot's database: it still opens and holds its match.
    store = await Store.open(database, ManualClock())
    assert await store.match(1) is not None
    await store.close()


def test_the_commands_answer_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    missing = tmp_path / "missing.sqlite3"
    assert backup_command.main([str(tmp_path / "x.sqlite3"), "--database", str(missing)]) == 2
    assert restore_command.main([str(missing), "--database", str(tmp_path / "db")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"Nothing was backed up: There is no database at {missing}.",
        f"Nothing was restored: There is no backup at {missing}.",
    ]


async def test_a_damaged_database_is_replaced_and_takes_a_new_instance(tmp_path: Path):
    """The database in place may be why it is restored: it is kept as it was, and as the ids it
    used cannot be read, the restored one takes a new instance id (every new nonce is new)."""
    database, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    store, _, match_id = await played(database, 2)
    await store.close()
    backup(database, copy)
    with sqlite3.connect(copy) as original:
        (instance,) = original.execute("SELECT value FROM meta WHERE key = 'instance'").fetchone()
    data = bytearray(database.read_bytes())
    data[4096:] = b"\xff" * (len(data) - 4096)  # everything but the header page is garbage
    database.write_bytes(bytes(data))
    said = restore(copy, database)
    assert KEPT_SUFFIX in said
    assert database.with_name(database.name + KEPT_SUFFIX).read_bytes() == bytes(data)
    store = await Store.open(database, ManualClock())
    assert (await store.match(match_id)) is not None
    assert store.instance != instance
    await store.close()


async def test_ids_of_tables_empty_at_the_backup_are_not_handed_out_again(tmp_path: Path):
    database, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    store = await Store.open(database, ManualClock())
    await store.close()
    backup(database, copy)  # no match, no announcement yet
    store, _, match_id = await played(database, 1)
    last_entry = max(e.id for e in await store.outbox(match_id))
    await store.close()
    restore(copy, database)
    store, _, again = await played(database, 1)
    assert again > match_id  # not match #1 again: its old buttons name it
    assert min(e.id for e in await store.outbox(again)) > last_entry  # nor an old nonce
    await store.close()


async def test_what_went_out_after_the_backup_is_not_posted_again(tmp_path: Path):
    """Discord drops a repeated post only for a few minutes: an announcement waiting at the
    backup and delivered since is marked delivered in the restored database."""
    database, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    store, _, match_id = await played(database, 2)
    waiting = [e for e in await store.outbox(match_id) if e.status == "pending"]
    assert waiting
    backup(database, copy)
    for entry in waiting:
        await store.mark_sent(entry.id)
    await store.close()
    restore(copy, database)
    store = await Store.open(database, ManualClock())
    statuses = {e.id: e.status for e in await store.outbox(match_id)}
    assert all(statuses[e.id] == "sent" for e in waiting)
    await store.close()
