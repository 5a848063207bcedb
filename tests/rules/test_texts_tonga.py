"""Issue 25: every text of Tonga Bonga a person reads comes from the message catalogue.

Over seeded policy games (3 and 4 players) every public description, pending decision,
suggestion's description, refusal and result is a ``Text`` whose messages never name a seat
inline ("Seat" is a placeholder value the bot rewrites as a name) and whose placeholders all
have values; said in the pseudo-language, no English word is left outside those values (a word
built into a string by hand would show there as plain English).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from i18n.catalogue import PSEUDO, say
from i18n.text import Param, Text, placeholders
from rules import rng
from rules.errors import PlayerError
from rules.playout import policy_game
from rules.registry import GAMES
from rules.tonga.map import HARBOURS, ISLANDS, NEIGHBOURS, SPACES
from rules.tonga.state import Camp, End, Phase, Place, Reroll, Step, TongaState, Wages

GAME = GAMES["tonga"]
ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}")
# The only words a placeholder value may hold: the notation's (commands, harbours), the seat
# names the bot rewrites, the game's name and the nonsense the refusals below quote. Any other
# word in a value would be English passed around the catalogue.
VALUE_WORDS = {
    *("wages", "reroll", "place", "keep", "camp", "Seat", "Tonga", "Bonga", "moon"),
    *(island.key for island in ISLANDS),
}
# Single moves tried in every position besides the policy's own (which plays whole turns), so
# steps, camps, single dice and rerolls are described too.
SINGLES_TRIED = 4


def nodes(text: Text) -> Iterator[Text]:
    """``text`` and every Text among its parameters, at any depth."""
    yield text
    for _, value in text.params:
        if isinstance(value, Text):
            yield from nodes(value)


def plain_values(text: Text) -> list[str]:
    """The parameters said as they are (notation, seat names, numbers), at any depth."""
    return [
        str.__str__(value) if isinstance(value, str) else str(value)
        for node in nodes(text)
        for _, value in node.params
        if not isinstance(value, Text)
    ]


def check_text(text: Any, where: str) -> None:
    assert isinstance(text, Text), f"{where}: a plain string: {text!r}"
    for node in nodes(text):
        for pattern in (node.message, node.plural or ""):
            assert "Seat" not in pattern, f"{where}: a seat named inline in {pattern!r}"
            missing = placeholders(pattern) - set(node.values())
            assert not missing, f"{where}: {missing} without a value in {pattern!r}"
    said = say(text, PSEUDO)
    values = plain_values(text)
    for value in values:
        words = set(ENGLISH_WORD.findall(value)) - VALUE_WORDS
        assert not words, f"{where}: words {words} in the value {value!r}, not in a message"
    for value in sorted(values, key=len, reverse=True):
        said = said.replace(value, "\0")  # a value is not a message: it may be English
    left = ENGLISH_WORD.findall(said)
    assert not left, f"{where}: {left} not from the catalogue in {said!r}"


def refused(action: Any) -> Param:
    try:
        action()
    except PlayerError as error:
        reason: Param = error.args[0]
        return reason
    raise AssertionError("no refusal")


def refusals(state: TongaState, seat: int) -> Iterator[tuple[str, Any]]:
    """A few refusals of this position: text that is no move, and moves not allowed now."""
    yield "nonsense", refused(lambda: GAME.parse(state, "fly to the moon"))
    yield "bad die", refused(lambda: GAME.parse(state, "place 9 on B"))
    yield "land", refused(lambda: GAME.parse(state, "go i9"))
    yield "empty", refused(lambda: GAME.parse(state, "  "))
    if state.phase is Phase.WAGES:
        rich = state.money[seat] + 5
        yield "wages", refused(lambda: GAME.check(state, seat, Wages(rich, 1)))
        yield "out of step", refused(lambda: GAME.check(state, seat, End()))
    elif state.phase is Phase.CREW:
        yield "own ship", refused(lambda: GAME.check(state, seat, Place(1, seat)))
        yield "too many", refused(lambda: GAME.check(state, seat, Reroll((1, 1, 1, 1))))
        yield "out of step", refused(lambda: GAME.check(state, seat, Wages(1, 1)))
    elif state.phase is Phase.NAVIGATION:
        if not state.may_camp:
            yield "camp", refused(lambda: GAME.check(state, seat, Camp()))
        ship = state.ships[seat]
        far = next(s for s in range(HARBOURS, SPACES) if s != ship and s not in NEIGHBOURS[ship])
        yield "far step", refused(lambda: GAME.check(state, seat, Step(far)))
        yield "out of step", refused(lambda: GAME.check(state, seat, Place(1, 0)))


def positions(players: int, seed: int) -> Iterator[tuple[TongaState, int, Any, TongaState]]:
    """Every move of a seeded policy game, then a few single moves of each position."""
    state = GAME.setup(players, {}, seed)
    for before, seat, move, after in policy_game(GAME, state, rng.stream(seed, "texts")):
        yield before, seat, move, after
        for single in list(GAME.legal_moves(before, seat)[:SINGLES_TRIED]):
            yield before, seat, single, GAME.apply(before, seat, single)


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12)])
def test_every_text_of_a_game_is_a_catalogue_message(players: int, seed: int):
    described = suggested = refusals_seen = 0
    last: TongaState | None = None  # the game's end
    seen: TongaState | None = None  # the position whose suggestions and refusals were read
    for before, seat, move, after in positions(players, seed):
        where = f"{GAME.format(before, move)} (round {before.round})"
        check_text(GAME.describe(before, seat, move, after), f"describe {where}")
        check_text(GAME.describe_private(before, seat, move, after), f"private {where}")
        check_text(GAME.pending(after), f"pending after {where}")
        described += 1
        if after.phase is Phase.OVER:
            last = after
        if seen is not before:  # each position's suggestions and refusals once
            text = GAME.format(before, move)
            for typed in ("", text.split()[0] + " "):
                for line in GAME.suggest(before, seat, typed):
                    if "(" in line:  # a route with its cost and gain: a message
                        check_text(line, f"suggestion {line!r}")
                        assert line.values()["route"] == line.split(" (")[0]
                        assert (
                            GAME.format(before, GAME.parse(before, line)) == line.values()["route"]
                        )
                        suggested += 1
            for name, reason in refusals(before, seat):
                check_text(reason, f"refusal {name} at {where}")
                refusals_seen += 1
            seen = before
    assert last is not None and last.phase is Phase.OVER
    outcome = GAME.outcome(last)
    assert outcome is not None
    check_text(outcome.reason, "outcome")
    for line in GAME.view(last, None).result:
        check_text(line, "result")
    for score in outcome.scores:
        for entry in score.breakdown:
            check_text(entry.label, "score label")
    # The game was long enough to say something of every kind.
    assert described > 100 and suggested > 20 and refusals_seen > 100


def test_the_rules_summary_and_the_move_help_are_catalogue_messages():
    check_text(GAME.spec.rules_text, "rules")
    check_text(GAME.spec.move_help, "move help")


def test_a_refusal_said_in_another_language_keeps_the_notation_it_quotes():
    state = GAME.setup(3, {}, 5)
    reason = refused(lambda: GAME.parse(state, "place 4 on Q"))
    said = say(reason, PSEUDO)
    assert "`place 4 on Q`" in said and "`q`" in said and "A, B, C" in said
    assert "ship" not in said  # the words themselves were said in the pseudo-language
