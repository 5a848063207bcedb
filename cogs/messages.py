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

from data.former import is_former
from data.store import OutboxEntry
from rules.base import SEAT_LETTERS, Outcome, SeatScore
from table.computers import computer_name, is_computer
from table.lobby import SEATING, players_needed, seating_of
from table.match import Match
from table.turnclock import clock_name, winners_without

# Discord refuses messages over 2000 characters; leave room for a header.
MESSAGE_LIMIT = 1900
# An option value shown publicly: whitespace collapsed and at most this long.
OPTION_SHOWN = 60


# How texts and pictures name a person who asked to be forgotten (``data/former.py``).
FORMER_NAME = "a former player"


def mention(user_id: int) -> str:
    """A person as a mention; a computer seat by its name ("Bot (normal)"), a person who
    asked to be forgotten as "a former player"."""
    if is_former(user_id):
        return FORMER_NAME
    return computer_name(user_id) if is_computer(user_id) else f"<@{user_id}>"


# Display names of a match's players by seat (None where unknown), as cogs/people.py finds them.
Names = Sequence[str | None] | None
NAME_LIMIT = 32  # Discord's own limit for a server nickname
_MARKDOWN = re.compile(r"([\\*_~`|>\[\]])")


def shown_name(name: str | None) -> str | None:
    """A display name fit for a public text: one line, Markdown and mentions made inert."""
    if name is None:
        return None
    name = " ".join(name.replace("@", "@\u200b").split())[:NAME_LIMIT]
    return _MARKDOWN.sub(r"\\\1", name) if any(c.isalnum() for c in name) else None


def seat_tag(match: Match, seat: int) -> str:
    """The seat's letter ("A") or the game's own name for it (TOKAN's "red"), as the pictures
    mark its pieces."""
    found = re.search(r"\(([^()]+)\)\s*$", match.game.seat_name(seat))
    return found[1] if found else SEAT_LETTERS[seat]


def person(match: Match, seat: int, names: Names = None) -> str:
    """ "alice (A)": the player's display name and seat letter; the mention when no name is
    known (Discord shows a mention as the name too)."""
    name = shown_name(names[seat]) if names is not None and seat < len(names) else None
    return f"{name or mention(match.user_at(seat))} ({seat_tag(match, seat)})"


def ping(match: Match, seat: int) -> str:
    """ "<@id> (A)": a person named by mention, for the texts that notify them."""
    return f"{mention(match.user_at(seat))} ({seat_tag(match, seat)})"


def seat_label(match: Match, seat: int, names: Names = None, notify: bool = False) -> str:
    """The person by mention when the text is meant to notify them, else by name."""
    return ping(match, seat) if notify else person(match, seat, names)


def seating(match: Match, names: Names = None, notify: bool = True) -> str:
    """Everyone at the table in seat order; by mention when the post tells them it began."""
    return " · ".join(seat_label(match, s, names, notify) for s in range(len(match.players)))


def match_link(match: Match) -> str:
    """A link to the match's channel (a link into Discord itself)."""
    where = match.row.guild_id or "@me"
    return f"https://discord.com/channels/{where}/{match.row.channel_id}"


_SEAT_IN_TEXT = re.compile(r"\b[Ss]eat (\d)(?: \(([^()]{1,12})\))?")


def told(match: Match, seat: int, said: str, names: Names = None) -> str:
    """A move as the channel is told it: the rules' public words with people named, led by
    the mover ("bob (red) moved…", or "bob (red): placed…")."""
    said = people(said, match, names)
    who = person(match, seat, names)
    return said if said.startswith(who) else f"{who}: {said}"


def people(text: str, match: Match, names: Names = None) -> str:
    """A rules text with every "Seat 2 (B)", "Seat 2" or "seat 2" written as the person, and
    (in games that name seats by colour, as TOKAN's "Red moved…") the capitalised colour too."""
    count = len(match.players)

    def named(found: re.Match[str]) -> str:
        seat = int(found.group(1)) - 1
        return person(match, seat, names) if 0 <= seat < count else found.group(0)

    text = _SEAT_IN_TEXT.sub(named, text)
    tags = [seat_tag(match, s) for s in range(count)]
    if all(len(tag) > 1 for tag in tags):  # colours: whole capitalised words only
        pattern = "|".join(re.escape(tag.capitalize()) for tag in tags)
        by_word = {tag.capitalize(): seat for seat, tag in enumerate(tags)}
        text = re.sub(
            rf"(?<![\w(])({pattern})\b(?! \()",
            lambda found: person(match, by_word[found.group(1)], names),
            text,
        )
    return text


def names_a_seat(text: str) -> bool:
    """Whether a rules text names a seat ("seat 2", "Seat 1 (A)") that ``people`` would name."""
    return _SEAT_IN_TEXT.search(text) is not None


def seats_for_names(text: str, match: Match, names: Names) -> str:
    """What a player typed, with the display names of the match's players (and an optional
    seat letter after them) written as the seats the notation reads: "trade blue for red
    bob (B)" -> "trade blue for red seat 2". Names of one character are left alone."""
    if names is None:
        return text
    for seat, name in enumerate(names[: len(match.players)]):
        plain = " ".join((name or "").split())
        if len(plain) < 2:
            continue
        pattern = rf"(?<!\w){re.escape(plain)}(?: \([^()]{{1,12}}\))?(?!\w)"
        text = re.sub(pattern, f"seat {seat + 1}", text, flags=re.IGNORECASE)
    return text


def sentence(text: str) -> str:
    """``text`` ending with exactly one full stop (or its own ! ? … or closing code)."""
    text = re.sub(r"(?<![.…])\.\s*\.(?!\.)", ".", text.strip())
    if not text or text[-1] in ".!?…":
        return text
    return text + "."


def lobby_head(match: Match) -> str:
    """ "**Friendly Fishing** match #3 (side: small)": the game, the number, the options."""
    options = ", ".join(f"{k}: {shown_value(v)}" for k, v in match.options.items() if k != SEATING)
    extra = f" ({options})" if options else ""
    return f"**{match.game.spec.name}** match #{match.id}{extra}"


def invited_line(match: Match) -> str:
    """A rematch's lobby lists the people of the old table who have not joined yet."""
    waiting = [u for u in seating_of(match.options) if u > 0 and u not in match.players]
    if not waiting:
        return ""
    return f"Rematch: {', '.join(mention(u) for u in waiting)} invited, one click on Join. "


def lobby_line(match: Match, names: Names = None) -> str:
    """The lobby's message: who sits, how many it needs, the clock, how to join and start.
    Posted with no mention allowed: a lobby change pings nobody."""
    spec = match.game.spec
    who = ", ".join(mention(u) for u in match.players)
    full = len(match.players) >= spec.max_players
    join = "Full: " if full else f"{invited_line(match)}`/{spec.key} join` to play; "
    return (
        f"{lobby_head(match)}: {len(match.players)}/{spec.max_players} "
        f"players ({who}). Needs {players_needed(match.game)}. {clock_text(match.row.clock)}"
        f"{join}{mention(match.creator_id)} starts it with `/{spec.key} start`."
    )


def lobby_closed(match: Match) -> str:
    """The lobby's message once the match started or was cancelled (its Join button gone)."""
    who = ", ".join(mention(u) for u in match.players)
    if match.status == "cancelled":
        return f"{lobby_head(match)} was cancelled ({who})."
    clock = clock_text(match.row.clock)
    return f"{lobby_head(match)} has started with {who}. {clock}The board follows below."


def clock_text(seconds: int) -> str:
    """The lobby's word on the clock."""
    if not seconds:
        return "No clock. "
    return f"Clock: {clock_name(seconds)} per decision. "


_ACTOR = re.compile(r"\s*[Ss]eat (\d)(?: \([^()]{1,12}\))?")


def next_line(
    match: Match,
    names: Names = None,
    notify: bool = True,
    clock: Mapping[str, Any] | None = None,
) -> str:
    """Who must decide now (mentioned: this is the line that pings) and what, with when their
    time runs out or that they are away (from the announcement's ``clock``); or, once the
    match is over, the final result. ``notify=False`` names people without mentioning them."""
    if match.status == "active" and match.state is not None:
        seats = match.game.to_act(match.state)
        pending = match.game.pending(match.state)
        table = match.row.table_seats()
        # A seat the table plays waits for its computer player: the person is not pinged.
        who = ", ".join(
            f"the table for {person(match, s, names)}"
            if s in table
            else seat_label(match, s, names, notify) + deadline_note(clock, s)
            for s in seats
        )
        actor = _ACTOR.match(pending)
        if len(seats) == 1 and actor is not None and int(actor.group(1)) - 1 == seats[0]:
            rest = pending[actor.end() :]  # "Seat 2: move…" or "Seat 1 (A) to set wages…"
            rest = f" —{rest[1:]}" if rest.startswith(":") else rest
        else:
            rest = f" — {pending}"
        paused = " The clock is paused." if clock and clock.get("paused") else ""
        return sentence(f"Next: {who}{people(rest, match, names)}") + paused
    return final_text(match, names, notify)


def waiting_for(text: str, match: Match, names: Names = None) -> str:
    """A player-facing reason ("It is not your turn: waiting for Seat 2: …") with the seats
    named as people."""
    return people(text, match, names)


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


def final_text(match: Match, names: Names = None, notify: bool = True) -> str:
    """The end of a match: every seat's score with its breakdown, and the winner(s)."""
    if match.status == "cancelled":
        return f"Match #{match.id} was cancelled."
    outcome = match.outcome()
    if outcome is None:
        result = match.result or {}
        if result.get("resigned") is not None:
            return resigned_text(match, int(result["resigned"]), names, notify)
        winners = [seat_label(match, s, names, notify) for s in result.get("winners", [])]
        reason = people(capital(str(result.get("reason", "ended"))), match, names)
        won = ", ".join(winners) or "nobody"
        return sentence(f"**Game over** — {sentence(reason)} Win: {won}")
    table = match.row.table_seats()
    if table:  # seats the table played cannot win (the stored result says who did)
        totals = {s.seat: s.total for s in outcome.scores}
        kept = tuple(winners_without(outcome.winners, table, totals))
        outcome = replace(outcome, winners=kept)
    lines = [sentence(f"**Game over** — {people(capital(outcome.reason), match, names)}")]
    lines.append(winners_line(match, outcome, names, notify))
    ordered = sorted(outcome.scores, key=lambda s: (-s.total, s.seat))
    lines += [score_line(match, score, names, notify) for score in ordered]
    lines += [people(extra, match, names) for extra in outcome.extra]
    if table:
        played = ", ".join(person(match, s, names) for s in table)
        lines.append(f"Played by the table (cannot win): {played}.")
    return "\n".join(lines)


def resigned_text(match: Match, seat: int, names: Names = None, notify: bool = True) -> str:
    """A resignation: who gave up (named), who wins, and the scores as they stood."""
    result = match.result or {}
    winners = [int(s) for s in result.get("winners", [])]
    lines = [f"**Game over** — {person(match, seat, names)} resigned."]
    if winners:
        shared = "Shared win" if len(winners) > 1 else "Winner"
        won = ", ".join(seat_label(match, s, names, notify) for s in winners)
        lines.append(f"🏆 {shared}: {won}")
    scores = standing(match)
    if scores is None:
        lines.append(f"No scores: {match.game.spec.name} counts them only at the end.")
    else:
        lines.append("Scores when play stopped:")
        ordered = sorted(scores, key=lambda pair: (-pair[1], pair[0]))
        for s, score, unit in ordered:
            lines.append(f"{seat_label(match, s, names, notify)}: **{score}** {unit}")
    return "\n".join(lines)


def standing(match: Match) -> list[tuple[int, int, str]] | None:
    """Each seat's public score as it stands, (seat, amount, unit), from the public view of the
    games that show one during play (points, or Tonga Bonga's coins); None if a game keeps its
    scores hidden until the end (Toshi Tōshi's face-down cards)."""
    if match.state is None:
        return None
    view = match.game.view(match.state, None)
    count = len(match.players)
    totals = getattr(view, "totals", None)
    if isinstance(totals, tuple) and len(totals) == count:
        return [(s, int(totals[s]), "points") for s in range(count)]
    tallies = getattr(view, "tallies", None)
    if isinstance(tallies, tuple) and tallies and hasattr(tallies[0], "total"):
        return [(t.seat, int(t.total), "points") for t in tallies]
    seats = getattr(view, "seats", None)
    if isinstance(seats, tuple) and seats and hasattr(seats[0], "money"):
        return [(line.seat, int(line.money), "coins") for line in seats]
    return None


def capital(text: str) -> str:
    """A rules text with a capital first letter ("seat 2 resigned" -> "Seat 2 resigned"); done
    before seats are named, so a display name keeps its own case."""
    return text[:1].upper() + text[1:]


def without_end(description: str) -> str:
    """A final move's description without its sentences announcing the end: the final text
    says why the game ended, once."""
    kept = [
        part
        for part in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9*])", description.strip())
        if "game is over" not in part.lower() and "game ends" not in part.lower()
    ]
    return " ".join(kept) or description


def winners_line(match: Match, outcome: Outcome, names: Names = None, notify: bool = True) -> str:
    if not outcome.winners:
        return "It is a draw: nobody wins."
    won = ", ".join(seat_label(match, s, names, notify) for s in outcome.winners)
    return f"🏆 {'Shared win' if len(outcome.winners) > 1 else 'Winner'}: {won}"


def score_line(match: Match, score: SeatScore, names: Names = None, notify: bool = True) -> str:
    parts = "; ".join(
        f"{people(line.label, match, names)} {line.points:+d}" for line in score.breakdown
    )
    who = seat_label(match, score.seat, names, notify)
    return f"{who}: **{score.total}** ({parts or 'no points'})"


def closed_dms(user_ids: list[int], game_key: str) -> str:
    who = ", ".join(mention(u) for u in user_ids)
    return (
        f"{who}: I cannot DM you (your DMs are closed), so use `/{game_key} hand` to see your "
        "private view whenever you like."
    )


def closed_turn(user_id: int, match: Match) -> str:
    """A "your turn" DM could not reach the player (their DMs are closed): said here."""
    return (
        f"{mention(user_id)}: it is your turn in match #{match.id}. I cannot DM you (your DMs "
        "are closed), so from now on your turns reach you by a mention here."
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


def nothing_matches(typed: str, examples: Sequence[str]) -> str:
    """The autocomplete entry when nothing legal matches what was typed: what can be typed."""
    shown = ", ".join(examples[:8])
    start = f"Nothing legal matches “{quote(typed, 24)}”"
    return f"{start}. You can type: {shown}" if shown else f"{start}; you have no move now."


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


def your_decision(match: Match, seat: int | None, names: Names = None) -> str:
    """What the match awaits, told to the player of ``seat``: "move the boat onto a tile…",
    "set wages for captain and helmsman…", "you rolled 4: …"; other seats named as people."""
    if match.state is None or match.status != "active":
        return "nothing any more: the match is over"
    pending = match.game.pending(match.state)
    actor = _ACTOR.match(pending)
    if seat is None or actor is None or int(actor.group(1)) - 1 != seat:
        return people(pending, match, names)
    rest = pending[actor.end() :]
    if rest.startswith(":"):  # "Seat 2: move the boat…"
        rest = rest[1:].strip()
    elif rest.startswith(" to "):  # "Seat 1 (A) to set wages…"
        rest = rest[4:]
    elif rest.startswith(" has "):  # "Seat 1 (A) has 2 left: …"
        rest = "you have " + rest[5:]
    else:  # "Seat 1 (A) rolled 4: …"
        rest = "you" + rest
    return people(rest, match, names)


def table_of(match: Match, seat: int | None, names: Names = None) -> str:
    """ "with bob (B) and carol (C)": the others at the table, by name."""
    others = [person(match, s, names) for s in range(len(match.players)) if s != seat]
    if not others:
        return ""
    listed = ", ".join(others[:-1]) + " and " + others[-1] if len(others) > 1 else others[0]
    return f" with {listed}"


def reminder_text(
    match: Match,
    detail: str,
    deadline: float,
    server: str,
    board: str,
    dm: bool,
    names: Names = None,
    seat: int | None = None,
) -> str:
    """A reminder that a decision is awaited: by DM (the game, who plays it, the server and
    channel, what is awaited, a link to the board) or as a post mentioning the player in the
    match's channel. People are named, never "Seat 2"."""
    spec = match.game.spec
    passed = "Half of your time has passed" if detail == "half" else "One hour is left"
    where = f"{table_of(match, seat, names)} on {server}, <#{match.row.channel_id}>" if dm else ""
    return (
        f"⏰ {passed} in **{spec.name}** match #{match.id}{where} — your decision: "
        f"{your_decision(match, seat, names)}. Time runs out {timestamp(deadline)}; then the "
        f"table plays for you. Latest board: {board}"
    )


def turn_line(
    match: Match, seat: int, names: Names, server: str, clock: Mapping[str, Any] | None, board: str
) -> str:
    """One match of a "your turn" DM: the game, the others by name, where, what is awaited,
    when the time runs out, and a link to the latest board."""
    return (
        f"**{match.game.spec.name}** match #{match.id}{table_of(match, seat, names)} on "
        f"{server}, <#{match.row.channel_id}> — {your_decision(match, seat, names)}"
        f"{deadline_note(clock, seat)} — {board}"
    )


def turns_text(lines: Sequence[str]) -> str:
    """The DM saying it became the player's turn in one or more matches."""
    head = "It is your turn in:" if len(lines) > 1 else "It is your turn in"
    if len(lines) == 1:
        return f"{head} {lines[0]}"
    return head + "\n" + "\n".join(f"• {line}" for line in lines)
