"""A match as the table hands it out, the results of changes, and what a change announces.

Plain data and pure helpers shared by the match service (``table/service.py``), the turn clock
(``table/turns.py``) and computer seats: no I/O but the lock's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from data.store import Announcement, MatchRow
from i18n.text import NC_, Text
from rules.base import AnyGame, Outcome, Seat
from table.computers import TABLE_LEVEL, is_computer, level_of
from table.turnclock import winners_without

# A match's status as people read it (the keys are what the store says).
STATUS_CONTEXT = "match status"
STATUS_NAMES = {
    "lobby": NC_("match status", "lobby"),
    "active": NC_("match status", "active"),
    "finished": NC_("match status", "finished"),
    "cancelled": NC_("match status", "cancelled"),
}


def status_name(status: str) -> Text:
    """A match's status said in the reader's language ("lobby", "active", ...)."""
    return Text(STATUS_NAMES.get(status, status), context=STATUS_CONTEXT)


def mention(user_id: int) -> str:
    """A person in a text: a placeholder's value, as Discord shows it in every language."""
    return f"<@{user_id}>"


def command(*words: str) -> str:
    """A slash command in a text ("/nim join"): a placeholder's value, typed as it is."""
    return "/" + " ".join(words)


@dataclass(frozen=True)
class Match:
    """A match as the Discord layer sees it: stored facts plus the decoded game state."""

    row: MatchRow
    game: AnyGame
    state: Any | None  # the game state once started
    damaged: str | None = None  # why the saved data cannot be read, if it cannot

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def players(self) -> tuple[int, ...]:
        """User ids: by seat once started, by join order in the lobby."""
        return self.row.players

    @property
    def creator_id(self) -> int:
        return self.row.creator_id

    @property
    def options(self) -> dict[str, str]:
        return self.row.options

    def seat_of(self, user_id: int) -> Seat | None:
        return self.players.index(user_id) if user_id in self.players else None

    def user_at(self, seat: Seat) -> int:
        return self.players[seat]

    def to_act(self) -> tuple[int, ...]:
        """The users who must decide now (none outside an active match)."""
        if self.status != "active" or self.state is None:
            return ()
        return tuple(self.players[s] for s in self.game.to_act(self.state))

    def outcome(self) -> Outcome | None:
        if self.state is None:
            return None
        return self.game.outcome(self.state)

    @property
    def result(self) -> dict[str, Any] | None:
        return self.row.result


@dataclass(frozen=True)
class Done:
    """A committed change: the match after it and the outbox entries that announce it."""

    match: Match
    entries: tuple[int, ...] = field(default=())


@dataclass(frozen=True)
class MoveResult:
    """What one accepted move changed, for the Discord layer to announce."""

    before: Match
    after: Match
    seat: Seat
    move_text: str
    description: str
    entries: tuple[int, ...] = field(default=())


@dataclass(frozen=True)
class Receipt:
    """What the bot knew of a channel's match the moment a command arrived (from memory, before
    any await): the version the player was looking at and who was to act then."""

    match_id: int
    version: int
    to_act: tuple[int, ...]
    # How many changes this process had begun on the match then (``MatchLock.entered``): when
    # none began since and the saved match is newer, the newer version came from another
    # process before the command was judged, and the receipt is not evidence of anything.
    changes_begun: int = 0
    busy: bool = False  # a change of this process was under way then (it may land after)


# -- what a change announces -------------------------------------------------------------------
def post(event: str, version: int, **details: Any) -> Announcement:
    """A public post in the match's channel about ``event`` at ``version``."""
    return Announcement("post", {"event": event, "version": version, **details})


def private_views(
    game: AnyGame,
    before: Any | None,
    after: Any,
    players: Sequence[int],
    version: int,
    table: Iterable[Seat] = (),
) -> list[Announcement]:
    """A DM for each decision a seat must make with a private view, not one per change.

    At the start every seat that has a private view gets it (the hand it was dealt). After a
    move, a seat gets one when it becomes one of the seats to act, or when its private view
    changed while it must still act (a card drawn in the middle of its decisions); a seat that
    does not act next waits for its next decision, whose DM shows the view as it is then. A
    seat the table plays (``table``) gets none: its computer player decides, not the person.

    ``call`` marks the DM of a seat that begins a decision (it was not to act before): the one
    that may notify its player; any other (the hand dealt to a seat not yet to act, a view that
    changed while its seat goes on deciding) is sent silently, if at all (cogs/herald.py).
    """
    if not game.spec.hidden_information:
        return []
    acting_before = set(game.to_act(before)) if before is not None else set()
    acting_after = set(game.to_act(after))
    taken = set(table)
    notes: list[Announcement] = []
    for seat, user in enumerate(players):
        if is_computer(user) or seat in taken:  # a computer player reads the view itself
            continue
        text = game.private_text(after, seat)
        if text is None:
            continue
        if before is not None:
            if seat not in acting_after:
                continue
            if seat in acting_before and game.private_text(before, seat) == text:
                continue  # it goes on deciding with the view it already has
        call = seat in acting_after and seat not in acting_before
        details = {"seat": seat, "user": user, "version": version, "call": call}
        notes.append(Announcement("dm", details))
    return notes


def thinker_level(match: Match, seat: int) -> str | None:
    """The level of the computer player deciding for ``seat`` now: its own for a computer seat,
    ``TABLE_LEVEL`` for a person's seat the table plays, None for a seat a person plays."""
    user = match.user_at(seat)
    if is_computer(user):
        return level_of(user)
    if seat in match.row.table_seats():
        return TABLE_LEVEL
    return None


def outcome_record(outcome: Outcome, table: Sequence[Seat] = ()) -> dict[str, Any]:
    """The stored summary of a finished game (the full breakdown stays derivable from state).
    Seats the ``table`` played cannot win: they are left out of the winners (and named)."""
    totals = {s.seat: s.total for s in outcome.scores}
    record = {
        "reason": outcome.reason,
        "winners": winners_without(outcome.winners, table, totals),
        "scores": {str(seat): total for seat, total in totals.items()},
    }
    if table:
        record["table"] = sorted(table)
    return record


class MatchLock(asyncio.Lock):
    """A match's lock that counts the changes begun under it: every change this process makes
    to a match takes it, so the count tells a receipt whether the match moved on here."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = 0

    async def acquire(self) -> Literal[True]:
        self.entered += 1
        return await super().acquire()
