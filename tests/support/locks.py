"""A second OS process that holds SQLite's write lock, for tests of a database busy elsewhere.

`HOLD_LOCK` takes the lock (BEGIN IMMEDIATE), writes, prints "locked", and holds the lock until
it reads a line on its standard input; then it rolls back and prints "released".
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HOLD_LOCK = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
db.execute("INSERT INTO meta (key, value) VALUES ('held', 'yes')")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
print("released", flush=True)
"""


def hold_lock(database: Path) -> subprocess.Popen[str]:
    """Start the holder on ``database`` and return once it holds the lock."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(database)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    return holder


def release(holder: subprocess.Popen[str]) -> None:
    """Let the holder roll back and end."""
    assert holder.stdin is not None and holder.stdout is not None
    holder.stdin.write("go\n")
    holder.stdin.flush()
    holder.wait()
