"""People by name, not seats, end to end (issue 23, row 6): reminders, refusals, suggestions
and menu labels said "Seat 2" where the posts already named "bob (B)".

The rules know seats only; the cogs name the people of the match (cogs/messages.py ``people``).
The "your turn" DM is in tests/e2e/test_notices_e2e.py.
"""

from __future__ import annotations

import random
import re
from typing import Any

from data.clock import ManualClock
from rules import rng
from table.match import Match
from table.turnclock import HOUR
from tests.e2e.driver import drain, offered_move, play_one, send_move
from tests.e2e.notices import gather

SEAT_WORD = re.compile(r"\b[Ss]eat \d")


async def test_a_reminder_names_the_decision_and_the_people_not_a_seat(fake, make_bot):
    """ "⏰ Half of your time has passed … waiting for you to Seat 2: move the boat" now reads
    "… with alice (A) and carol (C) on **server**, #games — your decision: move the boat…"."""
    users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock, new_seed=lambda: 2)) as bot:
        channel = fake.channel("games")
        table = await gather(fake, bot, "fishing", channel, users, clock="12h")
        match = await table.match()
        (waiting,) = match.to_act()
        user = table.user(waiting)
        clock.advance(6 * HOUR)
        await drain(bot, fake)
        (dm,) = fake.dms(user, "Half of your time")  # type: ignore[arg-type]
        text = dm.content
        assert not SEAT_WORD.search(text), text
        assert text.startswith("⏰ Half of your time has passed in **Friendly Fishing**"), text
        assert "— your decision: move the boat" in text, text
        others = [u.name for u in users if u.id != waiting]
        assert re.search(rf"with ({others[0]}|{others[1]}) \([A-E]\) and \w+ \(", text), text
        assert all(f"{name} (" in text for name in others), text
        assert f"on **{fake.guild_name}**" in text and not SEAT_WORD.search(text), text


async def test_an_undo_refusal_names_who_acted_since(fake, make_bot):
    """ "Seat 1 (A) has acted since your last move" names that person."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 1)) as bot:
        channel = fake.channel("games")
        table = await gather(fake, bot, "tonari", channel, [alice, bob])
        draw = rng.stream(1, "undo")
        first = await table.match()
        (mover,) = first.to_act()
        await send_move(table, first, mover, draw)
        second = await table.match()
        (other,) = second.to_act()
        await send_move(table, second, other, draw)
        refused = await fake.slash(table.user(mover), channel, "tonari undo")  # type: ignore[arg-type]
        name = table.user(other).name  # type: ignore[attr-defined]
        assert refused.ephemeral, refused.content
        assert re.match(rf"{name} \([A-D]\) has acted since your last move", refused.content), (
            refused.content
        )
        assert not SEAT_WORD.search(refused.content)


def rough_waters(match: Match, seat: int, draw: random.Random) -> Any:
    """A policy that steers towards Tonari's Rough Waters (a trade with another seat): a move
    after which the same seat may trade, when there is one; else the playout policy."""
    game, state = match.game, match.state
    for move in game.legal_moves(state, seat):
        after = game.apply(state, seat, move)
        if any(game.format(after, m).startswith("trade") for m in game.legal_moves(after, seat)):
            return move
    return game.playout_move(state, seat, draw)


async def test_rough_waters_suggestions_and_menu_name_the_other_player(fake, make_bot):
    """ "trade blue for red seat 2" is shown "trade blue for red bob (B)" in the suggestions
    and in the menu under the board; the suggestion still plays the move, and a player who
    types the name they read gets it suggested."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(new_seed=lambda: 2)) as bot:
        channel = fake.channel("games")
        table = await gather(fake, bot, "tonari", channel, [alice, bob])
        draw = rng.stream(2, "rough")
        for _ in range(60):
            match = await table.match()
            assert match.status == "active", "the game ended before Rough Waters"
            (user_id,) = match.to_act()
            legal = match.game.legal_moves(match.state, match.seat_of(user_id))
            if any(match.game.format(match.state, m).startswith("trade") for m in legal):
                break
            await play_one(table, draw, rough_waters)
        else:
            raise AssertionError("Rough Waters never came")
        user = table.user(user_id)
        other = next(u for u in (alice, bob) if u.id != user_id)
        board = next(m for m in reversed(fake.messages(channel)) if m.attachments)
        labels = [
            o["label"]
            for c in board.components
            for i in c["components"]
            for o in i.get("options", [])
        ]
        labels += [i.get("label", "") for c in board.components for i in c["components"]]
        trades = [label for label in labels if label.startswith("trade")]
        assert trades and all(f"{other.name} (" in t and not SEAT_WORD.search(t) for t in trades)

        choices = await fake.autocomplete(
            user, channel, "tonari move", focused="move", move="trade"
        )  # type: ignore[arg-type]
        assert choices and all(c["name"].startswith("trade") for c in choices), choices
        for choice in choices:
            assert f"{other.name} (" in choice["name"] and not SEAT_WORD.search(choice["name"])
            assert re.search(r"seat \d$", offered_move(choice["value"])), choice  # the notation
        # Typed with the name read in a suggestion, the move is found all the same.
        typed = choices[0]["name"]
        again = await fake.autocomplete(user, channel, "tonari move", focused="move", move=typed)  # type: ignore[arg-type]
        assert again and again[0]["value"] == choices[0]["value"], again
        played = await fake.slash(user, channel, "tonari move", move=choices[0]["value"])  # type: ignore[arg-type]
        assert played.content.startswith("Done"), played.content
        post = fake.messages(channel)[-1]
        assert "Rough Waters" in post.content and not SEAT_WORD.search(post.content)
        assert not fake.errors
