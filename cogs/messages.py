"""The words the bot posts: who is who, who acts next, final scores. Plain strings, no I/O.

Kept apart from the cogs so the wording is in one place and can be tested without Discord.
Every public text here is built from public facts only (seats, the public description of a
move, pending decisions, outcomes): never from a private view.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from data.computers import computer_name, is_computer
from data.matches import Match, players_needed
from data.store import OutboxEntry
from rules.base import Outcome, SeatScore

# Discord refuses messages over 2000 characters; leave room for a header.
MESSAGE_LIMIT = 1900
# An option value shown publicly: whitespace collapsed and at most this long.
OPTION_SHOWN = 60


def mention(user_id: int) -> str:
    """A person as a mention; a computer seat by its name ("Bot (normal)")."""
    return computer_name(user_id) if is_computer(user_id) else f"<@{user_id}>"


def seat_label(match: Match, seat: int) -> str:
    """ "Seat 1 (Red) <@…>", using the game's own name for the seat when it has one."""
    return f"{match.game.seat_name(seat)} {mention(match.user_at(seat))}"


def seating(match: Match) -> str:
    return " · ".join(seat_label(match, s) for s in range(len(match.players)))


def lobby_line(match: Match) -> str:
    spec = match.game.spec
    who = ", ".join(mention(u) for u in match.players)
    options = ", ".join(f"{k}: {shown_value(v)}" for k, v in match.options.items())
    extra = f" ({options})" if options else ""
    return (
        f"**{spec.name}** match #{match.id}{extra}: {len(match.players)}/{spec.max_players} "
        f"players ({who}). Needs {players_needed(match.game)}. "
        f"`/{spec.key} join` to play; {mention(match.creator_id)} starts it with "
        f"`/{spec.key} start`."
    )


def next_line(match: Match) -> str:
    """Who must decide now and what, or the final result."""
    if match.status == "active" and match.state is not None:
        users = " ".join(mention(u) for u in match.to_act())
        return f"Next: {users} — {match.game.pending(match.state)}."
    return final_text(match)


def final_text(match: Match) -> str:
    """The end of a match: every seat's score with its breakdown, and the winner(s)."""
    outcome = match.outcome()
    if match.status == "cancelled":
        return f"Match #{match.id} was cancelled."
    if outcome is None:
        result = match.result or {}
        winners = [match.user_at(s) for s in result.get("winners", [])]
        names = ", ".join(mention(u) for u in winners) or "nobody"
        return f"**Game over** — {result.get('reason', 'ended')}. Win: {names}."
    lines = [f"**Game over** — {outcome.reason}.", winners_line(match, outcome)]
    ordered = sorted(outcome.scores, key=lambda s: (-s.total, s.seat))
    lines += [score_line(match, score) for score in ordered]
    lines += list(outcome.extra)
    return "\n".join(lines)


def winners_line(match: Match, outcome: Outcome) -> str:
    if not outcome.winners:
        return "It is a draw: nobody wins."
    names = ", ".join(seat_label(match, s) for s in outcome.winners)
    return f"🏆 {'Shared win' if len(outcome.winners) > 1 else 'Winner'}: {names}"


def score_line(match: Match, score: SeatScore) -> str:
    parts = "; ".join(f"{line.label} {line.points:+d}" for line in score.breakdown)
    return f"{seat_label(match, score.seat)}: **{score.total}** ({parts or 'no points'})"


def closed_dms(user_ids: list[int], game_key: str) -> str:
    who = ", ".join(mention(u) for u in user_ids)
    return (
        f"{who}: I cannot DM you (your DMs are closed), so use `/{game_key} hand` to see your "
        "private view whenever you like."
    )


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown_value(value: str, limit: int = OPTION_SHOWN) -> str:
    """A value someone typed, fit to show publicly: whitespace collapsed, length capped."""
    return clip(re.sub(r"\s+", " ", value).strip(), limit)


def quote(text: str, limit: int = 100) -> str:
    """What a player typed, for a reply: one line, at most ``limit`` characters."""
    return shown_value(text, limit).replace("`", "ˋ")


def at_version(match: Match, version: int, state: Any) -> Match:
    """The match as it was at ``version`` with that version's ``state`` (for an announcement
    delivered after later moves, or a post drawn for an older board)."""
    if version == match.version and state is match.state:
        return match
    over = state is not None and match.game.outcome(state) is not None
    status = "finished" if over else "active"
    return replace(match, row=replace(match.row, version=version, status=status), state=state)


def cannot_post(channel_id: int) -> str:
    return (
        f"I cannot post in <#{channel_id}>: a server admin must give me View Channel, Send "
        "Messages and Attach Files there (and Send Messages in Threads)"
    )


def fit_choice(text: str, limit: int = 100) -> str:
    """An autocomplete entry that explains: at most ``limit`` characters, never cut mid-word."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:.") + "…"


def delivery_note(entries: Sequence[OutboxEntry]) -> str:
    """What the answer to a saved action adds about its announcement: nothing when it was
    posted; else that it is saved and what happened to the post."""
    posts = [e for e in entries if e.kind == "post"]
    failed = [e for e in posts if e.status == "failed"]
    if failed:
        return f" It is saved, but it could not be posted in the channel: {failed[0].last_error}."
    if any(e.status == "pending" for e in posts):
        return (
            " It is saved; Discord did not take the post yet, so it will appear as soon as "
            "Discord answers."
        )
    return ""
