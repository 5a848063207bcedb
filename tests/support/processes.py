"""The operating system's view of a bot process's children (Linux's /proc): which processes
its computer players' pool started, and whether they still live after the bot is gone.

A process is known by its id and its start time (field 22 of /proc/<pid>/stat), so a process
id reused by the kernel for something else is not mistaken for a survivor; a zombie (state Z:
dead, waiting for a parent to reap it) holds no memory and counts as gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
WORKER = "multiprocessing.spawn"  # in the command line of a worker started with "spawn"
TRACKER = "multiprocessing.resource_tracker"  # the tracker of named semaphores


@dataclass(frozen=True)
class Proc:
    pid: int
    started: int  # clock ticks after boot: with the pid, names the process
    command: str

    @property
    def worker(self) -> bool:
        return WORKER in self.command

    @property
    def tracker(self) -> bool:
        return TRACKER in self.command


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, start time) of ``pid``, or None when there is no such process."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # "pid (comm) state ppid …": the command name may hold spaces and parentheses.
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1]), int(fields[19])


def _command(pid: int) -> str:
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def children(parent: int) -> list[Proc]:
    """The live child processes of ``parent``."""
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        stat = _stat(int(entry.name))
        if stat is not None and stat[1] == parent and stat[0] != "Z":
            found.append(Proc(int(entry.name), stat[2], _command(int(entry.name))))
    return found


def alive(proc: Proc) -> bool:
    """Whether ``proc`` still runs (not gone, not a zombie, not another process by now)."""
    stat = _stat(proc.pid)
    return stat is not None and stat[0] != "Z" and stat[2] == proc.started


async def pool_of(parent: int, *, tries: int = 3000) -> list[Proc]:
    """The pool's processes of the bot ``parent`` (its workers and the resource tracker), once
    at least one worker has started (a bounded number of looks, a hundredth of a second
    apart: the worker starts in real time when a computer seat first thinks)."""
    for _ in range(tries):
        found = [p for p in children(parent) if p.worker or p.tracker]
        if any(p.worker for p in found):
            return found
        await asyncio.sleep(0.01)
    raise AssertionError(f"no pool worker started under process {parent}")


async def survivors(procs: list[Proc], *, tries: int = 1000) -> list[Proc]:
    """Those of ``procs`` still alive after a bounded number of looks (a hundredth of a
    second apart: a process told to die by the kernel ends within milliseconds)."""
    for _ in range(tries):
        left = [p for p in procs if alive(p)]
        if not left:
            return []
        await asyncio.sleep(0.01)
    return left


def reap(procs: list[Proc]) -> None:
    """Kill whatever of ``procs`` survived (a failing test must not leave them running)."""
    for proc in procs:
        if alive(proc):
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)
