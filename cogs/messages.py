"""The words the bot posts: who is who, who acts next, final scores. Plain strings, no I/O.

Kept apart from the cogs so the wording is in one place and can be tested without Discord.
Every public text here is built from public facts only (seats, the public description of a
move, pending decisions, outcomes): never from a private view.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from data.computers import computer_name, is_computer
from data.matches import Match, players_needed
from data.store import OutboxEntry
from data.turnclock import clock_name, winners_without
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
        f"players ({who}). Needs {players_needed(match.game)}. {clock_text(match.row.clock)}"
        f"`/{spec.key} join` to play; {mention(match.creator_id)} starts it with "
        f"`/{spec.key} start`."
    )


def clock_text(seconds: int) -> str:
    """The lobby's word on the clock."""
    if not seconds:
        return "No clock. "
    return f"Clock: {clock_name(seconds)} per decision. "


def next_line(match: Match, clock: Mapping[str, Any] | None = None) -> str:
    """Who must decide now and what (with when their time runs out, or that they are away,
    from the announcement's ``clock``), or the final result."""
    if match.status == "active" and match.state is not None:
        seats = match.game.to_act(match.state)
        users = " ".join(mention(match.user_at(s)) + deadline_note(clock, s) for s in seats)
        paused = " The clock is paused." if clock and clock.get("paused") else ""
        return f"Next: {users} — {match.game.pending(match.state)}.{paused}"
    return final_text(match)


def deadline_note(clock: Mapping[str, Any] | None, seat: int) -> str:
    """ " (time runs out in 3 days)" as a Discord timestamp (each reader sees it in their own
    time zone), or " (away until …)"; nothing without a clock."""
    if not clock:
        return ""
    away = clock.get("away", {}).get(str(seat))
    if away is not None:
        return f" (away until <t:{int(away)}:f>)"
    due = clock.get("deadlines", {}).get(str(seat))
    return f" (time runs out <t:{int(due)}:R>)" if due is not None else ""


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
    table = match.row.table_seats()
    if table:  # seats the table played cannot win (the stored result says who did)
        totals = {s.seat: s.total for s in outcome.scores}
        kept = tuple(winners_without(outcome.winners, table, totals))
        outcome = replace(outcome, winners=kept)
    lines = [f"**Game over** — {outcome.reason}.", winners_line(match, outcome)]
    ordered = sorted(outcome.scores, key=lambda s: (-s.total, s.seat))
    lines += [score_line(match, score) for score in ordered]
    lines += list(outcome.extra)
    if table:
        names = ", ".join(seat_label(match, s) for s in table)
        lines.append(f"Played by the table (cannot win): {names}.")
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


# -- the turn clock ------------------------------------------------------------------------
def timestamp(seconds: float, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own time zone."""
    return f"<t:{int(seconds)}:{style}>"


def channel_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a channel (or to one of its messages) that works from a DM too."""
    where = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{where}/{message_id}" if message_id else where


def reminder_text(
    match: Match, detail: str, deadline: float, server: str, board: str, dm: bool
) -> str:
    """A reminder that a decision is awaited: by DM (what, where, a link to the board) or as
    a post mentioning the player in the match's channel."""
    spec = match.game.spec
    pending = match.game.pending(match.state) if match.state is not None else "your decision"
    passed = "Half of your time has passed" if detail == "half" else "One hour is left"
    where = f" on {server}, <#{match.row.channel_id}>" if dm else ""
    return (
        f"⏰ {passed} in **{spec.name}** match #{match.id}{where}: waiting for you to "
        f"{pending}. Time runs out {timestamp(deadline)}; then the table plays for you. "
        f"Latest board: {board}"
    )


def turns_text(lines: Sequence[str]) -> str:
    """The DM saying it became the player's turn in one or more matches."""
    head = "It is your turn in:" if len(lines) > 1 else "It is your turn in"
    if len(lines) == 1:
        return f"{head} {lines[0]}"
    return head + "\n" + "\n".join(f"• {line}" for line in lines)
