"""The words the bot posts: who is who, who acts next, final scores. No I/O.

Kept apart from the cogs so the wording is in one place and can be tested without Discord.
Every sentence is a message of the catalogue (``i18n``). A text that names people is said in
its language here (``language``, English by default) and returned as a plain string: the
rules' words name seats ("Seat 2 (B)"), and those are written as people only once the text is
said, by pattern on the result (``people``). The few texts that name nobody by seat are
returned as :class:`~i18n.text.Text`, said where they are sent.
Every public text here is built from public facts only (seats, the public description of a
move, pending decisions, outcomes): never from a private view.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from cogs.checks import permission_name
from data.former import is_former
from data.store import OutboxEntry
from i18n.catalogue import ENGLISH, PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, say
from i18n.text import N_, Param, T, Text, joined, text_from
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
FORMER_NAME = T("a former player")


def mention(user_id: int, language: str = ENGLISH) -> str:
    """A person as a mention; a computer seat by its name ("Bot (normal)"), a person who
    asked to be forgotten as "a former player"; said in ``language``."""
    if is_former(user_id):
        return say(FORMER_NAME, language)
    return say(computer_name(user_id), language) if is_computer(user_id) else f"<@{user_id}>"


# A computer player's level in a sentence ("a normal computer player"): the same words as the
# level option's choices.
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def level_word(level: str) -> Text | str:
    """``level`` as a word of the reader's language (an unknown one as it is)."""
    word = LEVEL_WORDS.get(level)
    return Text(word) if word is not None else level


def mentions(user_ids: Sequence[int], language: str = ENGLISH) -> str:
    """Several people, as ``mention`` names each, separated by commas."""
    return ", ".join(mention(u, language) for u in user_ids)


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


def seat_tag(match: Match, seat: int, language: str = ENGLISH) -> str:
    """The seat's letter ("A") or the game's own name for it (TOKAN's "red", a word of the
    catalogue said in ``language``), as the pictures mark its pieces."""
    found = re.search(r"\(([^()]+)\)\s*$", match.game.seat_name(seat))
    if not found:
        return SEAT_LETTERS[seat]
    return found[1] if len(found[1]) == 1 else say(Text(found[1]), language)


def person(match: Match, seat: int, names: Names = None, language: str = ENGLISH) -> str:
    """ "alice (A)": the player's display name and seat letter; the mention when no name is
    known (Discord shows a mention as the name too)."""
    user = match.user_at(seat)
    # A computer's name and "a former player" are words of the catalogue, said in ``language``.
    known = (
        names is not None and seat < len(names) and not is_computer(user) and not is_former(user)
    )
    # A computer's name is a text of the catalogue (its level a word of the language).
    given = names[seat] if known and names is not None else None
    name = shown_name(say(given, language)) if given is not None else None
    return f"{name or mention(user, language)} ({seat_tag(match, seat, language)})"


def ping(match: Match, seat: int, language: str = ENGLISH) -> str:
    """ "<@id> (A)": a person named by mention, for the texts that notify them."""
    return f"{mention(match.user_at(seat), language)} ({seat_tag(match, seat, language)})"


def seat_label(
    match: Match, seat: int, names: Names = None, notify: bool = False, language: str = ENGLISH
) -> str:
    """The person by mention when the text is meant to notify them, else by name."""
    return ping(match, seat, language) if notify else person(match, seat, names, language)


def seat_labels(
    match: Match,
    seats: Sequence[int],
    names: Names = None,
    notify: bool = False,
    language: str = ENGLISH,
) -> str:
    """Several seats as ``seat_label`` names each, separated by commas."""
    return ", ".join(seat_label(match, s, names, notify, language) for s in seats)


def seating(match: Match, names: Names = None, notify: bool = True, language: str = ENGLISH) -> str:
    """Everyone at the table in seat order; by mention when the post tells them it began."""
    return " · ".join(
        seat_label(match, s, names, notify, language) for s in range(len(match.players))
    )


def match_link(match: Match) -> str:
    """A link to the match's channel (a link into Discord itself)."""
    where = match.row.guild_id or "@me"
    return f"https://discord.com/channels/{where}/{match.row.channel_id}"


# Bounded by Latin letters and digits only, not ``\b``: in Japanese the words around a seat are
# letters too ("Seat 2 (B)が", "にBlackが"), and the seat would be left unnamed.
_SEAT_IN_TEXT = re.compile(r"(?<![A-Za-z0-9_])[Ss]eat (\d)(?: \(([^()]{1,12})\))?")


def told(match: Match, seat: int, said: str, names: Names = None, language: str = ENGLISH) -> str:
    """A move as the channel is told it: the rules' public words with people named, led by
    the mover ("bob (red) moved…", or "bob (red): placed…")."""
    said = people(say(said, language), match, names, language)
    who = person(match, seat, names, language)
    # Led by the mover unless the words name them already: a language (or the pseudo-language's
    # opening bracket) may put the name elsewhere than first.
    return said if who in said else f"{who}: {said}"


def without_mover(said: str, who: str) -> str:
    """A move's words without the mover they begin with ("bob (B) moved…" -> "moved…"), to
    follow a text that names them already; in the pseudo-language, inside its bracket."""
    for opening in ("", PSEUDO_OPEN):
        if said.startswith(opening + who):
            return opening + said[len(opening + who) :].lstrip(" :")
    return said


def people(text: str, match: Match, names: Names = None, language: str = ENGLISH) -> str:
    """A rules text with every "Seat 2 (B)", "Seat 2" or "seat 2" written as the person, and
    (in games that name seats by colour, as TOKAN's "Red moved…") the capitalised colour too.
    A text of the catalogue is said in ``language`` first (seats are its placeholders' values,
    written as they are in every language)."""
    text = say(text, language)
    count = len(match.players)

    def named(found: re.Match[str]) -> str:
        seat = int(found.group(1)) - 1
        return person(match, seat, names, language) if 0 <= seat < count else found.group(0)

    text = _SEAT_IN_TEXT.sub(named, text)
    tags = [seat_tag(match, s) for s in range(count)]
    if all(len(tag) > 1 for tag in tags):  # colours: whole capitalised words only
        pattern = "|".join(re.escape(tag.capitalize()) for tag in tags)
        by_word = {tag.capitalize(): seat for seat, tag in enumerate(tags)}
        text = re.sub(
            rf"(?<![A-Za-z0-9_(])({pattern})(?![A-Za-z0-9_]| \()",
            lambda found: person(match, by_word[found.group(1)], names, language),
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
    """``text`` ending with exactly one full stop (or its own ! ? … or closing code; a
    Japanese 。 too). What the pseudo-language's bracket closes is looked at inside it."""
    text = re.sub(r"(?<![.…])\.\s*\.(?!\.)", ".", text.strip())
    if not text or text.rstrip(PSEUDO_CLOSE)[-1:] in tuple(".!?…。！？"):
        return text
    return text + ("。" if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text) else ".")


def ended(text: str) -> str:
    """``text`` as ``sentence`` ends it, keeping the space it begins with (it follows words
    of its own message: "Next: bob (B) to set wages.")."""
    lead = text[: len(text) - len(text.lstrip())]
    return lead + sentence(text) if text.strip() else text


def lobby_head(match: Match) -> Text:
    """ "**Friendly Fishing** match #3 (`side:small`)": the game, the number, the options (as
    the command takes them: notation, the same in every language)."""
    options = ", ".join(
        f"`{k}:{quote(v, OPTION_SHOWN)}`" for k, v in match.options.items() if k != SEATING
    )
    if options:
        return T(
            "**{game}** match #{number} ({options})",
            game=match.game.spec.name,
            number=match.id,
            options=options,
        )
    return T("**{game}** match #{number}", game=match.game.spec.name, number=match.id)


def invited_line(match: Match) -> Text | str:
    """A rematch's lobby lists the people of the old table who have not joined yet."""
    waiting = [u for u in seating_of(match.options) if u > 0 and u not in match.players]
    if not waiting:
        return ""
    return T("Rematch: {people} invited, one click on Join. ", people=mentions(waiting))


def lobby_line(match: Match, names: Names = None, language: str = ENGLISH) -> str:
    """The lobby's message: who sits, how many it needs, the clock, how to join and start.
    Posted with no mention allowed: a lobby change pings nobody."""
    spec = match.game.spec
    values: dict[str, Param] = {
        "head": lobby_head(match),
        "seated": len(match.players),
        "most": spec.max_players,
        "who": mentions(match.players, language),
        "needed": players_needed(match.game),
        "clock": clock_text(match.row.clock),
        "creator": mention(match.creator_id, language),
        "command": spec.key,
    }
    if len(match.players) >= spec.max_players:
        text = T(
            "{head}: {seated}/{most} players ({who}). Needs {needed}. {clock}"
            "Full: {creator} starts it with `/{command} start`.",
            **values,
        )
    else:
        text = T(
            "{head}: {seated}/{most} players ({who}). Needs {needed}. {clock}"
            "{invited}`/{command} join` to play; {creator} starts it with `/{command} start`.",
            invited=invited_line(match),
            **values,
        )
    return say(text, language)


def lobby_closed(match: Match, language: str = ENGLISH) -> str:
    """The lobby's message once the match started or was cancelled (its Join button gone)."""
    who = mentions(match.players, language)
    if match.status == "cancelled":
        text = T("{head} was cancelled ({who}).", head=lobby_head(match), who=who)
    else:
        text = T(
            "{head} has started with {who}. {clock}The board follows below.",
            head=lobby_head(match),
            who=who,
            clock=clock_text(match.row.clock),
        )
    return say(text, language)


def clock_text(seconds: int) -> Text:
    """The lobby's word on the clock."""
    if not seconds:
        return T("No clock. ")
    return T("Clock: {clock} per decision. ", clock=clock_name(seconds))


# The seat a rules text begins with ("Seat 2: move…", "Seat 1 (A) to set wages…"), after any
# mark a language opens a sentence with.
_ACTOR = re.compile(r"(\W*?)[Ss]eat (\d)(?: \([^()]{1,12}\))?")


def next_line(
    match: Match,
    names: Names = None,
    notify: bool = True,
    clock: Mapping[str, Any] | None = None,
    language: str = ENGLISH,
) -> str:
    """Who must decide now (mentioned: this is the line that pings) and what, with when their
    time runs out or that they are away (from the announcement's ``clock``); or, once the
    match is over, the final result. ``notify=False`` names people without mentioning them."""
    if match.status == "active" and match.state is not None:
        seats = match.game.to_act(match.state)
        pending = say(match.game.pending(match.state), language)
        table = match.row.table_seats()
        # A seat the table plays waits for its computer player: the person is not pinged.
        who = ", ".join(
            say(T("the table for {who}", who=person(match, s, names, language)), language)
            if s in table
            else seat_label(match, s, names, notify, language)
            + say(deadline_note(clock, s), language)
            for s in seats
        )
        actor = _ACTOR.match(pending)
        if len(seats) == 1 and actor is not None and int(actor.group(2)) - 1 == seats[0]:
            rest = pending[actor.end() :]  # "Seat 2: move…" or "Seat 1 (A) to set wages…"
            rest = f" —{rest[1:]}" if rest.startswith(":") else rest
            rest = actor.group(1) + rest  # a mark before the seat stays with its sentence
        else:
            rest = f" — {pending}"
        # The full stop ends what is awaited, inside the message: a language may put its
        # words after it (or close the sentence with a mark of its own).
        what = ended(people(rest, match, names, language))
        line = say(T("Next: {who}{what}", who=who, what=what), language)
        paused = T(" The clock is paused.") if clock and clock.get("paused") else ""
        return line + say(paused, language)
    return final_text(match, names, notify, language)


def waiting_for(text: str, match: Match, names: Names = None, language: str = ENGLISH) -> str:
    """A player-facing reason ("It is not your turn: waiting for Seat 2: …") with the seats
    named as people."""
    return people(text, match, names, language)


def deadline_note(clock: Mapping[str, Any] | None, seat: int) -> Text | str:
    """ " (time runs out in 3 days)" as a Discord timestamp (each reader sees it in their own
    time zone), or " (away until …)"; nothing without a clock."""
    if not clock:
        return ""
    away = clock.get("away", {}).get(str(seat))
    if away is not None:
        return T(" (away until {time})", time=timestamp(away, "f"))
    due = clock.get("deadlines", {}).get(str(seat))
    return T(" (time runs out {time})", time=timestamp(due)) if due is not None else ""


def final_text(
    match: Match, names: Names = None, notify: bool = True, language: str = ENGLISH
) -> str:
    """The end of a match: every seat's score with its breakdown, and the winner(s)."""
    if match.status == "cancelled":
        return say(T("Match #{number} was cancelled.", number=match.id), language)
    outcome = match.outcome()
    if outcome is None:
        result = match.result or {}
        if result.get("resigned") is not None:
            return resigned_text(match, int(result["resigned"]), names, notify, language)
        winners = [int(s) for s in result.get("winners", [])]
        said = say(stored_reason(result) or T("ended"), language)
        reason = people(capital(str(said)), match, names, language)
        won = seat_labels(match, winners, names, notify, language) or say(T("nobody"), language)
        over = T("**Game over** — {reason} Win: {winners}.", reason=sentence(reason), winners=won)
        return say(over, language)
    table = match.row.table_seats()
    if table:  # seats the table played cannot win (the stored result says who did)
        totals = {s.seat: s.total for s in outcome.scores}
        kept = tuple(winners_without(outcome.winners, table, totals))
        outcome = replace(outcome, winners=kept)
    reason = people(capital(say(outcome.reason, language)), match, names, language)
    lines = [say(T("**Game over** — {reason}", reason=sentence(reason)), language)]
    lines.append(winners_line(match, outcome, names, notify, language))
    ordered = sorted(outcome.scores, key=lambda s: (-s.total, s.seat))
    lines += [score_line(match, score, names, notify, language) for score in ordered]
    lines += [people(extra, match, names, language) for extra in outcome.extra]
    if table:
        played = ", ".join(person(match, s, names, language) for s in table)
        lines.append(say(T("Played by the table (cannot win): {seats}.", seats=played), language))
    return "\n".join(lines)


def resigned_text(
    match: Match, seat: int, names: Names = None, notify: bool = True, language: str = ENGLISH
) -> str:
    """A resignation: who gave up (named), who wins, and the scores as they stood."""
    result = match.result or {}
    winners = [int(s) for s in result.get("winners", [])]
    lines = [T("**Game over** — {who} resigned.", who=person(match, seat, names, language))]
    if winners:
        won = seat_labels(match, winners, names, notify, language)
        if len(winners) > 1:
            lines.append(T("🏆 Shared win: {winners}", winners=won))
        else:
            lines.append(T("🏆 Winner: {winners}", winners=won))
    scores = standing(match)
    if scores is None:
        lines.append(T("No scores: {game} counts them only at the end.", game=match.game.spec.name))
    else:
        lines.append(T("Scores when play stopped:"))
        ordered = sorted(scores, key=lambda pair: (-pair[1], pair[0]))
        for s, score, unit in ordered:
            who = seat_label(match, s, names, notify, language)
            # One form for every amount, as the English always read ("**1** points").
            if unit == COINS:
                lines.append(T("{who}: **{score}** coins", who=who, score=score))
            else:
                lines.append(T("{who}: **{score}** points", who=who, score=score))
    return say(joined(lines), language)


POINTS, COINS = "points", "coins"  # the units of a score as it stands


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
        return [(s, int(totals[s]), POINTS) for s in range(count)]
    tallies = getattr(view, "tallies", None)
    if isinstance(tallies, tuple) and tallies and hasattr(tallies[0], "total"):
        return [(t.seat, int(t.total), POINTS) for t in tallies]
    seats = getattr(view, "seats", None)
    if isinstance(seats, tuple) and seats and hasattr(seats[0], "money"):
        return [(line.seat, int(line.money), COINS) for line in seats]
    return None


def stored_reason(result: Mapping[str, Any]) -> Text | str:
    """A stored result's reason in the reader's language: the table writes a message of the
    catalogue (marked with ``N_``: "every player ran out of time"), said where it is shown;
    a text kept whole is read back as it was. A resignation's reason is no message (its
    words are the table's own: ``resigned_text`` says it); nothing: an empty string."""
    reason = result.get("reason")
    if not reason:
        return ""
    if isinstance(reason, dict):
        kept = text_from(reason)
        return kept if isinstance(kept, str) else str(kept)
    if isinstance(reason, Text) or result.get("resigned") is not None:
        return reason if isinstance(reason, Text) else str(reason)
    return Text(str(reason))


def capital(text: str) -> str:
    """A rules text with a capital first letter ("seat 2 resigned" -> "Seat 2 resigned"); done
    before seats are named, so a display name keeps its own case."""
    return text[:1].upper() + text[1:]


def without_end(description: str) -> str:
    """A final move's description without its sentences announcing the end: the final text
    says why the game ended, once. A text of the catalogue made of parts keeps the parts that
    do not announce it (each said in the post's language later); a single message is kept."""
    if isinstance(description, Text):
        if not description.verbatim:
            return description
        kept = [value for _, value in description.params if not _announces_end(str(value))]
        if not kept or len(kept) == len(description.params):
            return description
        first, second = (f"{{{key}}}" for key, _ in description.params[:2])
        separator = description.message.split(first, 1)[-1].split(second, 1)[0]
        return joined(kept, separator)
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z0-9*])", description.strip())
    kept_words = [part for part in parts if not _announces_end(part)]
    return " ".join(kept_words) or description


def _announces_end(words: str) -> bool:
    return "game is over" in words.lower() or "game ends" in words.lower()


def winners_line(
    match: Match,
    outcome: Outcome,
    names: Names = None,
    notify: bool = True,
    language: str = ENGLISH,
) -> str:
    if not outcome.winners:
        return say(T("It is a draw: nobody wins."), language)
    won = seat_labels(match, outcome.winners, names, notify, language)
    if len(outcome.winners) > 1:
        return say(T("🏆 Shared win: {winners}", winners=won), language)
    return say(T("🏆 Winner: {winners}", winners=won), language)


def score_line(
    match: Match,
    score: SeatScore,
    names: Names = None,
    notify: bool = True,
    language: str = ENGLISH,
) -> str:
    parts = "; ".join(
        f"{people(line.label, match, names, language)} {line.points:+d}" for line in score.breakdown
    )
    who = seat_label(match, score.seat, names, notify, language)
    text = T(
        "{who}: **{total}** ({breakdown})",
        who=who,
        total=score.total,
        breakdown=parts or T("no points"),
    )
    return say(text, language)


def closed_dms(user_ids: list[int], game_key: str) -> Text:
    return T(
        "{people}: I cannot DM you (your DMs are closed), so use `/{command} hand` to see your "
        "private view whenever you like.",
        people=joined([mention_text(u) for u in user_ids], ", "),
        command=game_key,
    )


def closed_turn(user_id: int, match: Match) -> Text:
    """A "your turn" DM could not reach the player (their DMs are closed): said here."""
    return T(
        "{person}: it is your turn in match #{number}. I cannot DM you (your DMs are closed), "
        "so from now on your turns reach you by a mention here.",
        person=mention_text(user_id),
        number=match.id,
    )


def mention_text(user_id: int) -> Text | str:
    """A person as ``mention`` names them, said later with the text around it."""
    if is_former(user_id):
        return FORMER_NAME
    return computer_name(user_id) if is_computer(user_id) else f"<@{user_id}>"


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


def cannot_post(channel_id: int) -> Text:
    """Why a post did not go: the permissions named as Discord's settings name them, in the
    reader's language (said where the failure is reported, so kept whole in the outbox)."""
    return T(
        "I cannot post in {channel}: a server admin must give me {view}, {send} and {attach} "
        "there (and {threads})",
        channel=channel_mention(channel_id),
        view=permission_name("view_channel"),
        send=permission_name("send_messages"),
        attach=permission_name("attach_files"),
        threads=permission_name("send_messages_in_threads"),
    )


def refused(code: int, said: str) -> Text:
    """Why Discord would not take a post: its own code and words, quoted as Discord wrote them
    (they are Discord's, not ours to translate)."""
    return T("Discord refused it (`{code}: {error}`)", code=code, error=quote(said))


def no_such_place(said: str) -> Text:
    """Discord knows no such channel or user (404): its own words, quoted."""
    return T("Discord has no such channel or user (`{error}`)", error=quote(said))


def channel_gone(code: int, said: str) -> Text:
    """The channel of a post is gone (Discord's unknown channel): its own words, quoted."""
    return T("the channel is gone (`{code}: {error}`)", code=code, error=quote(said))


def fit_choice(text: str, limit: int = 100) -> str:
    """An autocomplete entry that explains: at most ``limit`` characters, never cut mid-word."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:.") + "…"


def nothing_matches(typed: str, examples: Sequence[str]) -> Text:
    """The autocomplete entry when nothing legal matches what was typed: what can be typed."""
    shown = ", ".join(examples[:8])
    if shown:
        return T(
            "Nothing legal matches “{typed}”. You can type: {examples}",
            typed=quote(typed, 24),
            examples=shown,
        )
    return T("Nothing legal matches “{typed}”; you have no move now.", typed=quote(typed, 24))


def failure_reason(entry: OutboxEntry) -> Text:
    """Why a post failed, for the person told of it: a reason of the catalogue (Discord's
    refusal, a missing permission) as it was kept; any other (an internal one for the logs,
    "match 5 cannot be read: …", or a row written before reasons were kept whole) as a
    catalogue text too, the details left to the logs."""
    if isinstance(entry.last_error, Text):
        return entry.last_error
    return T("an error on my side (it was logged)")


def delivery_note(entries: Sequence[OutboxEntry]) -> Text | str:
    """What the answer to a saved action adds about its announcement: nothing when it was
    posted; else that it is saved and what happened to the post."""
    posts = [e for e in entries if e.kind == "post"]
    failed = [e for e in posts if e.status == "failed"]
    if failed:
        return T(
            " It is saved, but it could not be posted in the channel: {reason}.",
            reason=failure_reason(failed[0]),
        )
    if any(e.status == "pending" for e in posts):
        return T(
            " It is saved; Discord did not take the post yet, so it will appear as soon as "
            "Discord answers."
        )
    return ""


# -- the turn clock ------------------------------------------------------------------------
def timestamp(seconds: float, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own time zone."""
    return f"<t:{int(seconds)}:{style}>"


def channel_mention(channel_id: int) -> str:
    """A channel as Discord shows it, by name, to whoever can see it."""
    return f"<#{channel_id}>"


def channel_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a channel (or to one of its messages) that works from a DM too."""
    where = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{where}/{message_id}" if message_id else where


def your_decision(
    match: Match, seat: int | None, names: Names = None, language: str = ENGLISH
) -> str:
    """What the match awaits, told to the player of ``seat``: "move the boat onto a tile…",
    "set wages for captain and helmsman…", "you rolled 4: …"; other seats named as people."""
    if match.state is None or match.status != "active":
        return say(T("nothing any more: the match is over"), language)
    pending = say(match.game.pending(match.state), language)
    # Turned to the second person in English only (and in the pseudo-language, which shows the
    # English's shape): in another language the rules' own words stand, the seat named as the
    # person (a grammar cannot be rebuilt from its sentence).
    opening = PSEUDO_OPEN if language == PSEUDO and pending.startswith(PSEUDO_OPEN) else ""
    actor = _ACTOR.match(pending, len(opening))
    if seat is None or actor is None or actor.group(1) or int(actor.group(2)) - 1 != seat:
        return people(pending, match, names, language)
    if language not in (ENGLISH, PSEUDO):
        return people(pending, match, names, language)
    rest = pending[actor.end() :]
    if rest.startswith(":"):  # "Seat 2: move the boat…"
        rest = opening + rest[1:].strip()
    elif opening:  # the other shapes are English words, dotted in the pseudo-language
        return people(pending, match, names, language)
    elif rest.startswith(" to "):  # "Seat 1 (A) to set wages…"
        rest = rest[4:]
    elif rest.startswith(" has "):  # "Seat 1 (A) has 2 left: …"
        rest = f"you have {rest[5:]}"
    else:  # "Seat 1 (A) rolled 4: …"
        rest = f"you {rest.strip()}"
    return people(rest, match, names, language)


def table_of(match: Match, seat: int | None, names: Names = None, language: str = ENGLISH) -> str:
    """ "with bob (B) and carol (C)": the others at the table, by name."""
    others = [person(match, s, names, language) for s in range(len(match.players)) if s != seat]
    if not others:
        return ""
    if len(others) == 1:
        return say(T(" with {person}", person=others[0]), language)
    listed = T("{people} and {last}", people=", ".join(others[:-1]), last=others[-1])
    return say(T(" with {people}", people=listed), language)


def reminder_text(
    match: Match,
    detail: str,
    deadline: float,
    server: Text | str,
    board: str,
    dm: bool,
    names: Names = None,
    seat: int | None = None,
    language: str = ENGLISH,
) -> str:
    """A reminder that a decision is awaited: by DM (the game, who plays it, the server and
    channel, what is awaited, a link to the board) or as a post mentioning the player in the
    match's channel. People are named, never "Seat 2"."""
    spec = match.game.spec
    values: dict[str, Param] = {
        "game": spec.name,
        "number": match.id,
        "decision": your_decision(match, seat, names, language),
        "time": timestamp(deadline),
        "board": board,
    }
    if dm:
        values["others"] = table_of(match, seat, names, language)
        values["server"] = server
        values["channel"] = channel_mention(match.row.channel_id)
    if detail == "half" and dm:
        text = T(
            "⏰ Half of your time has passed in **{game}** match #{number}{others} on {server}, "
            "{channel} — your decision: {decision}. Time runs out {time}; then the table plays "
            "for you. Latest board: {board}",
            **values,
        )
    elif detail == "half":
        text = T(
            "⏰ Half of your time has passed in **{game}** match #{number} — your decision: "
            "{decision}. Time runs out {time}; then the table plays for you. Latest board: "
            "{board}",
            **values,
        )
    elif dm:
        text = T(
            "⏰ One hour is left in **{game}** match #{number}{others} on {server}, {channel} — "
            "your decision: {decision}. Time runs out {time}; then the table plays for you. "
            "Latest board: {board}",
            **values,
        )
    else:
        text = T(
            "⏰ One hour is left in **{game}** match #{number} — your decision: {decision}. "
            "Time runs out {time}; then the table plays for you. Latest board: {board}",
            **values,
        )
    return say(text, language)


def turn_line(
    match: Match,
    seat: int,
    names: Names,
    server: Text | str,
    clock: Mapping[str, Any] | None,
    board: str,
    language: str = ENGLISH,
) -> str:
    """One match of a "your turn" DM: the game, the others by name, where, what is awaited,
    when the time runs out, and a link to the latest board."""
    text = T(
        "**{game}** match #{number}{others} on {server}, {channel} — {decision}{deadline} — "
        "{board}",
        game=match.game.spec.name,
        number=match.id,
        server=server,
        channel=channel_mention(match.row.channel_id),
        decision=your_decision(match, seat, names, language),
        deadline=deadline_note(clock, seat),
        board=board,
        others=table_of(match, seat, names, language),
    )
    return say(text, language)


def turns_text(lines: Sequence[str], language: str = ENGLISH) -> str:
    """The DM saying it became the player's turn in one or more matches."""
    if len(lines) == 1:
        return say(T("It is your turn in {match}", match=lines[0]), language)
    listed = "\n".join(f"• {line}" for line in lines)
    return say(T("It is your turn in:\n{matches}", matches=listed), language)
