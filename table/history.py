"""The memory of a match, rebuilt from its append-only move log: the moves that still stand after
undos, Board Game Arena's fair-undo rule, and the match in the words the channel saw.

Pure: no I/O, no Discord, no clock. A log entry is anything with a ``seat`` and a ``move`` text
(``data.store.MoveRow`` fits). Besides the game's own move texts the log holds a few control
words: ``undo`` (the seat takes back its last standing move), ``resign``, ``cancel`` and
``timeout`` (the seat's time ran out). The log is never rewritten: an undo is an entry of its own,
so the log and the replay show the move and then its taking back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from i18n.text import N_, TN, T, Text, joined
from rules.base import AnyGame, OptionSpec, Outcome, Seat
from rules.errors import InvalidMove, PlayerError
from rules.views import walk
from table.match import Match

UNDO = "undo"
RESIGN = "resign"
CANCEL = "cancel"
TIMEOUT = "timeout"
CONTROL_WORDS = frozenset({UNDO, RESIGN, CANCEL, TIMEOUT})
MOVE = "move"  # the kind of a line that holds a game move

# The match option behind ``undo`` (a table option, not a game's: every game offers it).
UNDO_OPTION = OptionSpec(
    key="undo",
    description=N_(
        "Allow taking back your last move while nobody else has acted and it revealed "
        "nothing (no die rolled, no card drawn or shown)"
    ),
    choices=("on", "off"),
    default="on",
)
# Discord's message limit is 2000 characters; a page keeps room for a header line.
PAGE_LIMIT = 1900
# Other seeds a move is replayed with to see whether its result depends on chance.
PROBE_SEEDS = (0x5DEECE66D, 0x2545F491, 0x9E3779B9)


class LogEntry(Protocol):
    """One row of the append-only move log."""

    @property
    def seat(self) -> int | None: ...

    @property
    def move(self) -> str: ...


@dataclass(frozen=True)
class Entry:
    """A plain log entry (the store's ``MoveRow`` has the same two fields and more)."""

    seat: int | None
    move: str


@dataclass(frozen=True)
class LogLine:
    """One entry of the log in words. ``undone``: a move later taken back (it still shows, as
    the channel saw it, and the undo has a line of its own)."""

    number: int  # the entry's place in the log, from 1
    seat: Seat | None
    kind: str  # MOVE or one of the control words
    text: str  # a Text when the game or the table wrote it for people
    undone: bool = False

    def __str__(self) -> str:
        return self.said()

    def said(self) -> Text:
        """The line as the log shows it: "3. Seat 1 (red) played …", marked when taken back."""
        if self.undone:
            # i18n: a line of a match's log: its number, then what happened
            return T("{number}. {text} *(taken back)*", number=self.number, text=self.text)
        return T("{number}. {text}", number=self.number, text=self.text)


@dataclass(frozen=True)
class Step:
    """One log entry replayed: the states before and after it as the table saw them (an undo's
    ``after`` is the state before the move it took back; control entries change nothing)."""

    number: int
    entry: LogEntry
    kind: str
    before: Any
    after: Any
    move: Any = None  # the game's move (MOVE entries only)
    undoes: int = 0  # for an undo, the number of the entry it took back
    undone: bool = False
    # For a resignation in a match of three or more: moves followed it, so the table played the
    # seat and the others played on (``table.service.MatchService.resign``).
    handed: bool = False


class CorruptLog(ValueError):
    """The log cannot be replayed (a move that does not parse or is illegal, an undo with
    nothing to take back). The store writes only checked entries, so this is a bug."""


# -- the moves that stand --------------------------------------------------------------------
def entry_kind(entry: LogEntry) -> str:
    text = entry.move.strip().lower()
    return text if text in CONTROL_WORDS else MOVE


def standing_numbers(entries: Sequence[LogEntry]) -> list[int]:
    """The indexes (from 0) of the move entries that stand: an undo entry cancels the last
    standing move of its own seat."""
    standing: list[int] = []
    for index, entry in enumerate(entries):
        kind = entry_kind(entry)
        if kind == MOVE:
            standing.append(index)
        elif kind == UNDO:
            mine = [i for i in standing if entries[i].seat == entry.seat]
            if not mine:
                raise CorruptLog(f"log entry {index + 1}: an undo with no move to take back")
            standing.remove(mine[-1])
    return standing


def effective_moves(entries: Sequence[LogEntry]) -> list[LogEntry]:
    """The move entries that stand after every undo, in log order."""
    return [entries[i] for i in standing_numbers(entries)]


def game_options(game: AnyGame, options: Mapping[str, str]) -> dict[str, str]:
    """The options the game's own setup reads (table options such as ``undo`` left out)."""
    own = {o.key for o in game.spec.options}
    return {key: value for key, value in options.items() if key in own}


def undo_enabled(options: Mapping[str, str]) -> bool:
    return options.get(UNDO_OPTION.key, UNDO_OPTION.default) != "off"


def replay_state(
    game: AnyGame, seed: int, players: int, options: Mapping[str, str], entries: Sequence[LogEntry]
) -> Any:
    """The state after the moves that stand (what the store must hold after an undo)."""
    state = game.setup(players, game_options(game, options), seed)
    for index in standing_numbers(entries):
        state, _ = _apply(game, state, entries[index], index + 1)
    return state


def replay_steps(
    game: AnyGame, seed: int, players: int, options: Mapping[str, str], entries: Sequence[LogEntry]
) -> list[Step]:
    """Every log entry replayed in order, as the table lived through it."""
    start = game.setup(players, game_options(game, options), seed)
    state = start
    steps: list[Step] = []
    standing: list[int] = []  # indexes into ``steps`` of the moves that stand
    rebased = -1  # the last entry after which states were rebuilt (an older move taken back)
    for index, entry in enumerate(entries):
        number = index + 1
        kind = entry_kind(entry)
        if kind == MOVE:
            after, move = _apply(game, state, entry, number)
            steps.append(Step(number, entry, kind, state, after, move))
            standing.append(index)
            state = after
            continue
        if kind != UNDO:
            steps.append(Step(number, entry, kind, state, state))
            continue
        mine = [i for i in standing if entries[i].seat == entry.seat]
        if not mine:
            raise CorruptLog(f"log entry {number}: an undo with no move to take back")
        taken = mine[-1]
        steps[taken] = dataclasses.replace(steps[taken], undone=True)
        if taken == standing[-1] and taken > rebased:
            after = steps[taken].before
        else:  # an older move taken back (never via can_undo): replay the ones that remain
            after = start
            for i in standing:
                if i != taken:
                    after, _ = _apply(game, after, entries[i], i + 1)
            rebased = index
        standing.remove(taken)
        steps.append(Step(number, entry, kind, state, after, undoes=taken + 1))
        state = after
    return _mark_handed(steps)


def _mark_handed(steps: list[Step]) -> list[Step]:
    """Mark the resignations the match went on after (the table took the seat over)."""
    moved_later = False
    for index in range(len(steps) - 1, -1, -1):
        step = steps[index]
        if step.kind == MOVE:
            moved_later = True
        elif step.kind == RESIGN and moved_later:
            steps[index] = dataclasses.replace(step, handed=True)
    return steps


# -- the fair undo -----------------------------------------------------------------------------
def can_undo(
    game: AnyGame,
    entries: Sequence[LogEntry],
    seat: Seat,
    options: Mapping[str, str],
    *,
    seed: int,
    players: int,
) -> Text | None:
    """Why ``seat`` may not take back its last move now, in words for that player; None if it
    may. Board Game Arena's rule: only the seat's last standing move, only while no other seat
    has acted since (an undone move counts as acting), only if the move revealed nothing, and
    only while the match runs and its ``undo`` option is on."""
    if not undo_enabled(options):
        return T("Undo is off in this match: every move stands.")
    steps = replay_steps(game, seed, players, options, entries)
    # A resignation ends a match of two; with more the table takes the seat and play goes on.
    if any(s.kind == CANCEL or (s.kind == RESIGN and players == 2) for s in steps):
        return T("The match is over: its moves stand.")
    if any(s.kind == RESIGN and s.entry.seat == seat for s in steps):
        return T("You resigned, so your moves stand.")
    mine = [s for s in steps if s.kind == MOVE and not s.undone and s.entry.seat == seat]
    if not mine:
        return T("You have no move to take back.")
    last = mine[-1]
    if game.outcome(last.after) is not None:
        return T("That move ended the match: it stands.")
    others = [s.entry.seat for s in steps[last.number :] if s.entry.seat not in (None, seat)]
    if others and others[0] is not None:
        name = game.seat_name(others[0])
        return T("{seat} has acted since your last move, so it stands.", seat=name)
    if game.reveals(last.before, seat, last.move, last.after) or reveal_evidence(
        game, last.before, seat, last.move, last.after
    ):
        return T(
            "Your last move revealed something new (a die roll, a card drawn, played or turned, "
            "or a hidden card shown), so it stands."
        )
    return None


class CannotUndo(PlayerError):
    """The player may not take back their last move now; the message says why."""


@dataclass(frozen=True)
class UndoPlan:
    """What an undo does: ``count`` undo entries to append (the player's move, and the moves
    that were forced on them right after it, played by the table in the same save), the text
    of the move they chose, and the state after it (the replay of the moves that stand)."""

    count: int
    move: str
    state: Any


def plan_undo(
    game: AnyGame,
    entries: Sequence[LogEntry],
    seat: Seat,
    options: Mapping[str, str],
    *,
    seed: int,
    players: int,
) -> UndoPlan:
    """The undo of ``seat``'s last chosen move, or CannotUndo with the reason. A decision the
    game left no choice in was played by the table right after the player's move (forced
    moves): it is taken back with that move, each by an undo entry of its own, and each must
    pass ``can_undo`` (it revealed nothing). Forced moves of another seat count as acting."""
    log: list[LogEntry] = list(entries)
    for count in range(1, len(log) + 1):
        reason = can_undo(game, log, seat, options, seed=seed, players=players)
        if reason is not None:
            raise CannotUndo(reason)
        steps = replay_steps(game, seed, players, options, log)
        last = [s for s in steps if s.kind == MOVE and not s.undone and s.entry.seat == seat][-1]
        log.append(Entry(seat, UNDO))
        if game.forced_move(last.before) != (seat, last.move):  # the player chose it
            state = replay_state(game, seed, players, options, log)
            return UndoPlan(count, last.entry.move, state)
    raise CannotUndo(T("You have no move to take back."))


def reveal_evidence(game: AnyGame, before: Any, seat: Seat, move: Any, after: Any) -> str | None:
    """A generic check behind each game's own ``reveals``: "chance" if the move's result
    depends on the seed (it rolled or drew), "secret" if a value that ``game.secrets`` held for
    some seat appears in a view that did not show it before. None when neither is seen.

    Sound as a backup only: replaying with a few other seeds can miss a draw that happens to
    come out the same, and a secret the views show in another shape (Toshi Tōshi's face-down
    cards, revealed at the end as card + space) is not recognised. Each game's ``reveals`` is
    the rule; this catches a case a game forgot.
    """
    if _depends_on_seed(game, before, seat, move, after):
        return "chance"
    players = game.players(before)
    hidden = {owner: game.secrets(before, owner) for owner in range(players)}
    if not any(hidden.values()):
        return None
    everything = frozenset().union(*hidden.values())
    for viewer in (None, *range(players)):
        shown = _held(game.view(after, viewer), everything) - _held(
            game.view(before, viewer), everything
        )
        if any(value in hidden[owner] for value in shown for owner in hidden if owner != viewer):
            return "secret"
    return None


# -- the log in words ------------------------------------------------------------------------
def public_log(
    game: AnyGame,
    seed: int,
    players: int,
    options: Mapping[str, str],
    entries: Sequence[LogEntry],
    viewer_seat: Seat | None = None,
) -> list[LogLine]:
    """Each entry in the words the channel saw when it was played (``game.describe``), with a
    line for every undo, resignation, cancellation and timeout. ``viewer_seat`` reads their own
    moves in their private wording (a face-down card they built is named for them only)."""
    steps = replay_steps(game, seed, players, options, entries)
    return [_line(game, step, viewer_seat) for step in steps]


def pages(lines: Sequence[LogLine | str], limit: int = PAGE_LIMIT) -> list[str]:
    """The lines joined into pages of at most ``limit`` characters, breaking between lines (a
    line longer than a page breaks between words). Each page is a Text of its lines (said in
    the reader's language where it is sent); the limit is measured on the English, so a
    language much longer than English may need the page cut again once said."""
    out: list[str] = []  # Texts (typed as str: the callers keep lists of plain strings too)
    page: list[str] = []
    size = 0
    for line in lines:
        text = line.said() if isinstance(line, LogLine) else line
        for piece in _split_long(text, limit):
            if page and size + 1 + len(piece) > limit:
                out.append(joined(page))
                page, size = [], 0
            size += len(piece) + (1 if page else 0)
            page.append(piece)
    if page or not out:
        out.append(joined(page))
    return out


def final_caption(game: AnyGame, state: Any, steps: Sequence[Step] = ()) -> Text:
    """The last frame's words: the final scores and the winners, or how the match ended early."""
    outcome = game.outcome(state)
    if outcome is None:
        # Ended early only by its last entry: a resignation the match went on after is not an end.
        if steps and steps[-1].kind in (RESIGN, CANCEL):
            return _control_text(game, steps[-1])
        return T("The match is still running.")
    return outcome_text(game, outcome)


def outcome_text(game: AnyGame, outcome: Outcome) -> Text:
    """The final scores, the winners, and how the game ended (the game's own words)."""
    scores = joined(
        # i18n: one seat's final score, in a list of them ("Seat 1 (red) 12, Seat 2 (black) 9")
        (T("{seat} {score}", seat=game.seat_name(s.seat), score=s.total) for s in outcome.scores),
        ", ",
    )
    if outcome.winners:
        head = TN(
            "Final scores: {scores}. Winner: {won}.",
            "Final scores: {scores}. Winners: {won}.",
            len(outcome.winners),
            scores=scores,
            won=all_of([game.seat_name(w) for w in outcome.winners]),
        )
    else:
        head = T("Final scores: {scores}. Nobody wins.", scores=scores)
    return joined((head, outcome.reason, *outcome.extra), " ")


def all_of(names: Sequence[str]) -> Text | str:
    """ "A and B and C": every name, joined by the word for "and"."""
    said: Text | str = names[-1]
    for name in reversed(names[:-1]):
        # i18n: the winners named one after another ("Seat 1 and Seat 2 and Seat 3")
        said = T("{first} and {rest}", first=name, rest=said)
    return said


def replay_frames(
    game: AnyGame, seed: int, players: int, options: Mapping[str, str], entries: Sequence[LogEntry]
) -> list[tuple[Any, str]]:
    """(state, caption) per log entry in public words, then the last state with the final
    caption: the frames of a replay (render each state's public view)."""
    steps = replay_steps(game, seed, players, options, entries)
    frames: list[tuple[Any, str]] = [(step.after, _line(game, step, None).said()) for step in steps]
    last = steps[-1].after if steps else game.setup(players, game_options(game, options), seed)
    frames.append((last, final_caption(game, last, steps)))
    return frames


# -- private helpers ---------------------------------------------------------------------------
def _apply(game: AnyGame, state: Any, entry: LogEntry, number: int) -> tuple[Any, Any]:
    if entry.seat is None:
        raise CorruptLog(f"log entry {number} ({entry.move!r}) has no seat")
    try:
        move = game.parse(state, entry.move)
        return game.apply(state, entry.seat, move), move
    except PlayerError as error:
        raise CorruptLog(f"log entry {number} ({entry.move!r}) does not replay: {error}") from None


def _line(game: AnyGame, step: Step, viewer: Seat | None) -> LogLine:
    seat = step.entry.seat
    if step.kind == MOVE:
        assert seat is not None
        if viewer is not None and viewer == seat:
            text = game.describe_private(step.before, seat, step.move, step.after)
        else:
            text = game.describe(step.before, seat, step.move, step.after)
    else:
        text = _control_text(game, step)
    return LogLine(step.number, seat, step.kind, text, step.undone)


def _control_text(game: AnyGame, step: Step) -> Text:
    seat = step.entry.seat
    name: Text | str = game.seat_name(seat) if seat is not None else T("The table")
    if step.kind == UNDO:
        return T("{seat} took back their move {number}.", seat=name, number=step.undoes)
    if step.kind == RESIGN:
        return _resign_text(step, name)
    if step.kind == TIMEOUT:
        return T("{seat} ran out of time.", seat=name)
    if seat is None:
        return T("The match was cancelled.")
    return T("{seat} cancelled the match.", seat=name)


def _resign_text(step: Step, name: Text | str) -> Text:
    """A resignation in words. It may end the match (the others share the win) or, with three
    or more, hand the seat to the table; once moves followed it the log knows it was the
    latter, and otherwise it claims neither (who won is the stored result's to say)."""
    if step.handed:
        return T("{seat} resigned: the table played their seat from then on.", seat=name)
    return T("{seat} resigned.", seat=name)


def _depends_on_seed(game: AnyGame, before: Any, seat: Seat, move: Any, after: Any) -> bool:
    if not dataclasses.is_dataclass(before) or not hasattr(before, "seed"):
        return False
    for probe in PROBE_SEEDS:
        other = dataclasses.replace(before, seed=before.seed ^ probe)  # type: ignore[type-var]
        result = game.play(other, seat, move)
        if dataclasses.replace(result, seed=after.seed) != after:
            return True
    return False


def _held(view: Any, hidden: frozenset[Any]) -> set[Any]:
    found: set[Any] = set()
    for value in walk(view):
        try:
            if value in hidden:
                found.add(value)
        except TypeError:  # unhashable: a list or dict, walked into anyway
            continue
    return found


def _split_long(line: str, limit: int) -> list[str]:
    if len(line) <= limit:
        return [line]
    pieces: list[str] = []
    current = ""
    for word in line.split(" "):
        while len(word) > limit:  # a single word longer than a page: cut it
            if current:
                pieces.append(current)
                current = ""
            pieces.append(word[:limit])
            word = word[limit:]
        if current and len(current) + 1 + len(word) > limit:
            pieces.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        pieces.append(current)
    return pieces


def replay_log(game: AnyGame, match: Match, entries: Sequence[Any]) -> Any:
    """The state after every log entry in turn, undo entries not read (they must be absent)."""
    state = game.setup(len(match.players), match.options, match.row.seed)
    for entry in entries:
        if entry.seat is None:
            raise InvalidMove(T("log entry {number} has no seat", number=entry.version))
        state = game.apply(state, entry.seat, game.parse(state, entry.move))
    return state
