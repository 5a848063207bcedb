"""A player who only taps: presses Play under the board, then buttons and select options of the
ephemeral panel, never typing (issue 24).

Choices are random among the components offered (Back and Cancel aside). ``steer`` replaces
the random pick by the game's playout policy (Tonga Bonga's random play rarely ends): the
policy's move is found in the panel's tree (``taps``, the same pure code the panel is built
from) and the driver presses the offered component that leads to it, after checking that it is
offered.
"""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from typing import Any

from rules import rng
from taps.decision import decision
from taps.tree import DIGITS
from tests.e2e.driver import Table
from tests.fakediscord.records import FakeMessage, walk_components

CHOICE = re.compile(r"tt:(tap|ts):(\d+):(\d+):([0-9a-o]*)$")


@dataclass
class Tally:
    """Taps per decision (a button press or a select pick is one tap), in order."""

    taps: list[int] = field(default_factory=list)
    panels: int = 0  # panels opened with Play
    private: set[str] = field(default_factory=set)  # the private views the panels showed


def play_button(table: Table) -> FakeMessage:
    """The latest message of the channel carrying this match's Play button."""
    wanted = f"tt:play:{table.match_id}"
    for message in reversed(table.fake.messages(table.channel)):
        if wanted in message.custom_ids():
            return message
    raise AssertionError("no Play button under any board")


def offered(panel: FakeMessage) -> list[tuple[str, str | None]]:
    """The panel's choices: (custom_id, select value or None for a button)."""
    found: list[tuple[str, str | None]] = []
    for comp in walk_components(panel.components):
        custom = comp.get("custom_id", "")
        if custom.startswith("tt:tap:") and comp.get("type") == 2:
            found.append((custom, None))
        elif custom.startswith("tt:ts:"):
            found += [(custom, option["value"]) for option in comp["options"]]
    return found


def check_limits(panel: FakeMessage) -> None:
    """What Discord enforces (the stand-in refuses it too): checked here to say so plainly."""
    rows = [c for c in panel.components if c.get("type") == 1]
    assert len(rows) <= 5
    for row in rows:
        assert len(row["components"]) <= 5
    for comp in walk_components(panel.components):
        assert len(comp.get("custom_id", "")) <= 100
        assert len(comp.get("options", [])) <= 25


async def press(table: Table, user: Any, panel: FakeMessage, custom: str, value: str | None):
    """One tap, and the panel as the bot left it: a tap answered with a deferred update
    (a move being saved, a preview being drawn) edits the panel a moment later."""
    before = (panel.content, panel.custom_ids())
    if value is None:
        result = await table.fake.click(user, panel, custom)
    else:
        result = await table.fake.select(user, panel, custom, [value])
    if result.type == 6:
        await changed(table, panel, before)
    return result


async def changed(table: Table, panel: FakeMessage, before: tuple[str, list[str]]) -> None:
    """Wait (a bounded number of turns of the loop) until ``panel`` is edited."""
    for _ in range(3000):
        if (panel.content, panel.custom_ids()) != before:
            await table.fake.settle()
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the panel was never updated")


def steered(table: Table, match: Any, seat: int, panel: FakeMessage, draw: random.Random) -> str:
    """The path of the playout policy's move in the panel's tree."""
    move = match.game.playout_move(match.state, seat, draw)
    chosen = decision(match.game, match.state, seat)
    legal = list(chosen.legal)
    if move not in legal:  # Tonga Bonga's policy plays several dice or a whole route at once:
        move = (getattr(move, "places", None) or move.actions)[0]  # taps play them one by one
    index = legal.index(move)
    return next(path for path, leaf in chosen.moves.leaves() if leaf == index)


async def tap_decision(
    table: Table, draw: random.Random, tally: Tally, steer: bool = False
) -> FakeMessage:
    """One decision by taps: Play (unless the last panel already shows it), choices, Confirm.
    Returns the panel as the move left it."""
    fake = table.fake
    match = await table.match()
    seats = [s for s in match.game.to_act(match.state)]
    seat = seats[rng.below(draw, len(seats))]
    user = table.user(match.user_at(seat))
    opened = await fake.click(user, play_button(table), f"tt:play:{table.match_id}")
    panel = opened.message
    assert panel is not None and panel.ephemeral, opened.error
    tally.panels += 1
    return await finish(table, user, seat, panel, draw, tally, 1, steer)


async def finish(
    table: Table,
    user: Any,
    seat: int,
    panel: FakeMessage,
    draw: random.Random,
    tally: Tally,
    taps: int,
    steer: bool,
) -> FakeMessage:
    """Tap on ``panel`` until a move is played; then, while the panel shows the same player's
    next decision, go on with it. Returns the last panel."""
    match = await table.match()
    private = match.game.private_text(match.state, seat)
    target = steered(table, match, seat, panel, draw) if steer else None
    for _ in range(40):
        check_limits(panel)
        if private:  # the private view, in the owner's ephemeral panel only
            assert private in panel.content and panel.ephemeral
            tally.private.add(private)
        ids = panel.custom_ids()
        confirm = [c for c in ids if c.startswith("tt:tgo:")]
        if confirm:
            assert panel.attachments, "a confirmation shows a preview picture"
            result = await press(table, user, panel, confirm[0], None)
        else:
            choices = offered(panel)
            assert choices, panel.content
            if target is not None:
                want = [c for c in choices if _path(c) == target[: len(_path(c))]]
                assert len(want) == 1, (target, choices)
                custom, value = want[0]
            else:
                custom, value = choices[rng.below(draw, len(choices))]
            result = await press(table, user, panel, custom, value)
        taps += 1
        assert result.error is None, result.error
        panel = result.message or panel
        if panel.content.startswith("Done"):
            tally.taps.append(taps)
            after = await table.match()
            if after.status == "active" and any(c.startswith("tt:tap") for c in panel.custom_ids()):
                # The same player decides again: the panel already shows it.
                seat = after.seat_of(user.id)
                return await finish(table, user, seat, panel, draw, tally, 0, steer)
            return panel
        assert not panel.content.startswith(("Not played", "This panel")), panel.content
    raise AssertionError("no move after 40 taps")


def _path(choice: tuple[str, str | None]) -> str:
    custom, value = choice
    found = CHOICE.match(custom)
    assert found is not None, custom
    return found[4] + (value or "")


async def tap_to_end(
    table: Table, seed: int, steer: bool = False, max_decisions: int = 3000
) -> Tally:
    """Whole game by taps; asserts the final post came."""
    draw = rng.stream(seed, "taps")
    tally = Tally()
    for _ in range(max_decisions):
        match = await table.match()
        if match.status != "active":
            final = table.fake.messages(table.channel)[-1]
            assert "Game over" in final.content, final.content
            return tally
        await tap_decision(table, draw, tally, steer)
    raise AssertionError(f"no end after {max_decisions} decisions")


__all__ = ["DIGITS", "Tally", "tap_decision", "tap_to_end"]
