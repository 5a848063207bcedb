"""Where a match lives: its channel or thread, and what the table does when that place is gone.
Knows no Discord: the Discord layer says *that* a channel is gone (it answered 404 Unknown
Channel to a post, or sent CHANNEL_DELETE / THREAD_DELETE) and delivers what this writes.

A match whose place is gone can no longer be shown nor played, and nothing of it may be posted
into nothing. So the table, in one change:

* pauses it (as `/<game> pause` does: its deadlines and reminders stop with the time they had
  left) and raises its version, which leaves the computer seats' pending decisions stale
  without asking for new ones, so nothing more is played or posted;
* tells its creator by DM ("place" entry, event ``gone``), saying when it will be cancelled;
* writes the cancellation for later: a "place" entry (event ``expire``) due after the match's
  clock (the time one decision may take; ``DEFAULT_CLOCK`` for a match without a clock). It
  cancels the match only if nothing happened to it meanwhile (its version is still the one
  this change made): should the channel turn out to be there after all, the first move or
  `resume` in it keeps the match.

A lobby whose place is gone has nothing to keep: it is cancelled at once, and its creator told.
Done once: a second report of the same loss (the next post's 404, the gateway's event after a
post found it) finds the match already told at its version and changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from data.store import Announcement, OutboxEntry, VersionConflict
from i18n.text import N_
from table import history
from table.match import Done
from table.service import MatchService
from table.turnclock import CLOCKS, DEFAULT_CLOCK

log = logging.getLogger("tidetable.places")

PLACE = "place"  # the outbox kind of what this module writes (cogs/places.py delivers it)
GONE, EXPIRE = "gone", "expire"  # its events: the creator's DM, the cancellation
DEFAULT_WAIT = float(CLOCKS[DEFAULT_CLOCK])  # before cancelling a match without a clock
# The stored result's reason: marked for the catalogue, said where the result is shown.
REASON = N_("its channel was deleted")


async def channel_gone(service: MatchService, channel_id: int) -> Done | None:
    """The channel (or thread) ``channel_id`` is gone: pause its open match and tell its
    creator, or cancel a lobby at once. None when there is no open match there, or when this
    loss was handled already."""
    row = await service.store.open_match_in(channel_id)
    if row is None:
        return None
    async with service._lock(row.id):
        match = await service.by_id(row.id, allow_damaged=True)
        if match.status not in ("lobby", "active") or await told(service, match.id, match.version):
            return None
        version = match.version + 1
        creator = match.creator_id
        try:
            if match.status == "lobby" or match.damaged or match.state is None:
                note = Announcement(PLACE, gone_payload(version, creator, cancelled=True))
                saved = await service.store.save_move(
                    match.id,
                    match.version,
                    None,
                    history.CANCEL,
                    None,
                    status="cancelled",
                    result={"reason": REASON, "winners": []},
                    announce=[note],
                    before=match.row,
                )
            else:
                wait = float(match.row.clock) or DEFAULT_WAIT
                until = service.store.clock.now() + wait
                notes = [
                    Announcement(PLACE, gone_payload(version, creator, until=until)),
                    Announcement(PLACE, {"event": EXPIRE, "version": version}, delay=wait),
                ]
                saved = await service.store.change_seats(
                    match.id, match.version, paused=True, announce=notes
                )
        except VersionConflict:
            return None  # a change came first: the next post to the channel reports it again
    service._by_channel.pop(channel_id, None)
    service.turns.changed()  # the scheduler: the match's timers stopped
    log.info("match %s: its channel %s is gone (%s)", match.id, channel_id, match.status)
    return await service._after(match.id, saved)


def gone_payload(
    version: int, creator: int, *, until: float | None = None, cancelled: bool = False
) -> dict[str, Any]:
    """What the creator's DM says: the match's version after the change, and either when the
    table cancels it or that it is cancelled already (a lobby)."""
    payload: dict[str, Any] = {"event": GONE, "version": version, "user": creator}
    if until is not None:
        payload["until"] = round(until)
    if cancelled:
        payload["cancelled"] = True
    return payload


async def told(service: MatchService, match_id: int, version: int) -> bool:
    """Whether the loss of the match's place was handled at ``version`` already (its DM is
    in the outbox, written by the change that made that version)."""
    return any(
        e.kind == PLACE and e.payload.get("event") == GONE and e.payload.get("version") == version
        for e in await service.store.outbox(match_id)
    )


async def expire(service: MatchService, entry: OutboxEntry) -> Done | None:
    """The wait after a place was lost is over: cancel the match, unless it changed since
    (the channel was there after all: a move or `resume` in it). Announces nothing: the
    creator was told when, and the channel is gone."""
    match_id, version = entry.match_id or 0, int(entry.payload["version"])
    async with service._lock(match_id):
        match = await service.by_id(match_id, allow_damaged=True)
        if match.status != "active" or match.version != version:
            return None
        try:
            saved = await service.store.save_move(
                match.id,
                match.version,
                None,
                history.CANCEL,
                None,
                status="cancelled",
                result={"reason": REASON, "winners": []},
                before=match.row,
            )
        except VersionConflict:
            return None
    service._by_channel.pop(match.row.channel_id, None)
    log.info("match %s: cancelled, its channel %s being gone", match.id, match.row.channel_id)
    return await service._after(match.id, saved)
