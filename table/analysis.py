"""Where a finished match turned: the analysis of its decisions, kept once computed.

Each decision that stands in the log (moves taken back are not decisions of the game played)
is handed to the analysis worker as the deciding seat saw it: that seat's view just before,
and the public log of the moves before it (``ai.analysis``). The worker estimates every seat's
chances after each decision; when the last decision ended the game, its chances are the result
itself (a match a resignation ended was not decided by its last move: that one is estimated
too). The three largest
swings (the decisions after which some seat's chances moved most) are searched again without
the played move imposed, to say what the search preferred there. Nothing here runs on the event
loop: replaying the log runs in a thread, the searches in the niced worker process.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.analysis import Decision
from ai.pool import AnalysisPool
from ai.publiclog import public_entry
from data.analyses import AnalysisStore, StoredAnalysis
from i18n.text import T, text_data
from table import history
from table.errors import NoMatchHere
from table.match import Match

SWINGS = 3  # the largest swings an analysis explains


@dataclass(frozen=True)
class Step:
    """A decision of the match with what the chart needs besides the chances."""

    number: int  # the log entry's number
    seat: int
    move: str  # in the channel's words (never a secret): a Text, said in each reader's language


def decisions_of(match: Match, entries: Sequence[Any]) -> tuple[list[Decision], list[Step], Any]:
    """The standing decisions of ``match`` as each deciding seat saw them, their public words,
    and the final state (CPU-bound: run it in a thread)."""
    game = match.game
    key = match.row.game
    steps = history.replay_steps(game, match.row.seed, len(match.players), match.options, entries)
    decisions: list[Decision] = []
    words: list[Step] = []
    seen: tuple[tuple[int, str], ...] = ()
    last = None
    for step in steps:
        seat = step.entry.seat
        if step.kind != history.MOVE or step.undone or seat is None:
            continue
        decisions.append(Decision(seat, game.view(step.before, seat), seen, step.entry.move))
        said = game.describe(step.before, seat, step.move, step.after)
        words.append(Step(step.number, seat, said))
        seen = (*seen, public_entry(key, seat, step.entry.move))
        last = step.after
    return decisions, words, last


def result_chances(match: Match, final: Any) -> tuple[float, ...]:
    """The chances once the match is over: a share of the win for each winner."""
    outcome = match.game.outcome(final) if final is not None else None
    winners = list(outcome.winners) if outcome is not None else []
    if not winners:
        winners = [int(s) for s in (match.row.result or {}).get("winners", [])]
    players = len(match.players)
    if not winners:
        return tuple(1.0 / players for _ in range(players))
    return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(players))


def ended_by_play(match: Match, final: Any) -> bool:
    """Whether the game itself ended with the match's last decision (not a resignation after
    it, with no end of the game behind it)."""
    return final is not None and match.game.outcome(final) is not None


def largest_swings(
    chances: Sequence[Sequence[float]], count: int = SWINGS
) -> list[tuple[int, float]]:
    """(index of the decision, size) of the ``count`` largest swings, largest first: how far
    some seat's chances moved from the estimate before the decision (fair shares before the
    first) to the one after it."""
    if not chances:
        return []
    players = len(chances[0])
    before: Sequence[float] = [1.0 / players] * players
    sizes = []
    for index, after in enumerate(chances):
        sizes.append((index, max(abs(a - b) for a, b in zip(after, before, strict=True))))
        before = after
    sizes.sort(key=lambda pair: (-pair[1], pair[0]))
    return sizes[:count]


def shown_preference(match: Match, seat: int, text: str) -> str:
    """The preferred move as a public post may say it. In a game with hidden information a
    move not played would show what the seat held (a card it could have built), so only the
    kind of move is said there, in the public log's words (``ai.publiclog``)."""
    if not match.game.spec.hidden_information:
        return text
    _, public = public_entry(match.row.game, seat, text)
    if not public:
        # i18n: a preferred move of a hidden-information game, its card not said
        return T("another … (which card stays hidden)")
    # i18n: {verb} is the public log's first word for the move ("built", "played")
    return T("{verb} … (which card stays hidden)", verb=public.split(" ", 1)[0])


class Analyst:
    """Analyses finished matches in the worker, keeps them, hands back kept ones."""

    def __init__(self, store: AnalysisStore, pool: AnalysisPool) -> None:
        self.store = store
        self.pool = pool
        self.iterations: int | None = None  # the search's count (None: ``ai.analysis``'s)
        self._locks: dict[int, asyncio.Lock] = {}

    async def analysis(
        self, match: Match, entries: Sequence[Any]
    ) -> tuple[StoredAnalysis, tuple[int, ...]]:
        """The match's analysis: kept, or computed now (once, however many ask at once), with
        the outbox entries that post it in the match's channel when it was computed now (none
        for one already kept)."""
        if match.status != "finished":
            raise NoMatchHere(
                T(
                    "Match #{id} is not finished: an analysis looks back on a finished match.",
                    id=match.id,
                )
            )
        lock = self._locks.setdefault(match.id, asyncio.Lock())
        async with lock:
            kept = await self.store.get(match.id)
            if kept is not None:
                return kept, ()
            decisions, steps, final = await asyncio.to_thread(decisions_of, match, entries)
            if not decisions:
                raise NoMatchHere(
                    T("Match #{id} ended before anyone decided anything.", id=match.id)
                )
            key, seed = match.row.game, match.row.seed
            if ended_by_play(match, final):  # the last decision's chances are the result
                estimated, cpu = await self.pool.chances(key, decisions[:-1], seed, self.iterations)
                chances = [*estimated, result_chances(match, final)]
            else:  # a resignation ended it after the last decision: that one is estimated too
                estimated, cpu = await self.pool.chances(key, decisions, seed, self.iterations)
                chances = list(estimated)
            swings = largest_swings(chances)
            picked = [index for index, _ in swings]
            preferred = await self.pool.preferences(
                key, [decisions[i] for i in picked], seed, self.iterations
            )
            rows = []
            for (index, size), pref in zip(swings, preferred, strict=True):
                rows.append(
                    {
                        "index": index,
                        "number": steps[index].number,
                        "seat": steps[index].seat,
                        # Kept whole (message and values): each post says it in its language.
                        "move": text_data(steps[index].move),
                        "size": round(size, 4),
                        "preferred": None
                        if pref.move == decisions[index].move
                        else text_data(shown_preference(match, steps[index].seat, pref.move)),
                        "preferred_chances": [round(c, 4) for c in pref.chances],
                    }
                )
            rounded = [[round(c, 4) for c in row] for row in chances]
            saved, posted = await self.store.save(match.id, rounded, rows, round(cpu, 3))
        self._locks.pop(match.id, None)
        return saved, posted
