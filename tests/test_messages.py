"""The words of the public posts: who acts next, and the end with every score's breakdown."""

from __future__ import annotations

import random
import re

from cogs import messages
from data.store import MatchRow
from i18n.catalogue import PSEUDO, say
from rules.base import Outcome, ScoreLine, SeatScore
from rules.fishing.game import TakeDinker
from rules.fishing_common import MoveBoat
from rules.registry import GAMES
from table.match import Match, private_views
from tests.fakediscord.languages import plain_words
from tests.support.nim import Nim, NimState, Take

ALICE, BOB, CAROL = 100, 200, 300


def match(state: NimState | None, status: str = "active", result=None) -> Match:
    row = MatchRow(
        id=7,
        game="nim",
        guild_id=1,
        channel_id=10,
        creator_id=ALICE,
        status=status,
        options={"pile": "7"},
        seed=1,
        state_json=None,
        version=3,
        result=result,
        players=(ALICE, BOB, CAROL),
    )
    return Match(row=row, game=Nim(), state=state)


def test_next_line_mentions_who_must_decide_and_what():
    state = NimState(3, 1, 5, 1, (1, 2, 3))
    assert messages.next_line(match(state)) == "Next: <@200> (B) — take stones."


def test_final_text_lists_every_score_with_its_breakdown_best_first():
    state = NimState(3, 1, 0, 0, (1, 2, 3), last_taker=2)
    text = messages.final_text(match(state, "finished"))
    lines = text.splitlines()
    assert lines[0] == "**Game over** — The pile is empty."
    assert lines[1] == "🏆 Winner: <@300> (C)"
    assert lines[2] == "<@300> (C): **1** (last stone +1)"
    assert lines[3:] == [
        "<@100> (A): **0** (last stone +0)",
        "<@200> (B): **0** (last stone +0)",
    ]


def test_shared_wins_and_draws_are_named_as_such():
    shared = Outcome((SeatScore(0, 5, (ScoreLine("sets", 5),)),) * 1, (0, 2), "done")
    assert messages.winners_line(match(None), shared) == "🏆 Shared win: <@100> (A), <@300> (C)"
    draw = Outcome((), (), "done")
    assert messages.winners_line(match(None), draw) == "It is a draw: nobody wins."


def test_a_resigned_or_cancelled_match_says_so():
    resigned = match(None, "finished", {"reason": "seat 2 resigned", "winners": [0, 2]})
    assert messages.final_text(resigned) == (
        "**Game over** — <@200> (B) resigned. Win: <@100> (A), <@300> (C)."
    )
    assert messages.final_text(match(None, "cancelled")) == "Match #7 was cancelled."


def test_long_texts_are_clipped_under_discords_limit():
    assert len(messages.clip("x" * 5000)) == messages.MESSAGE_LIMIT
    assert messages.clip("short") == "short"


# -- issue 11: readable at a glance ----------------------------------------------------------
NAMES = ("alice", "bob", "carol")


def real_match(key: str, players: int, status: str = "active", result=None, seed: int = 5):
    """A match of a real game, set up, with ALICE, BOB (and CAROL) seated in that order."""
    game = GAMES[key]
    state = game.setup(players, game.spec.resolve_options({}), seed)
    row = MatchRow(
        id=9,
        game=key,
        guild_id=1,
        channel_id=10,
        creator_id=ALICE,
        status=status,
        options={},
        seed=seed,
        state_json=None,
        version=4,
        result=result,
        players=(ALICE, BOB, CAROL)[:players],
    )
    return Match(row=row, game=game, state=state)


def test_people_are_named_with_their_seat_letter_never_as_a_bare_seat():
    m = match(NimState(3, 1, 5, 1, (1, 2, 3)))
    assert messages.person(m, 1, NAMES) == "bob (B)"
    assert messages.person(m, 1, None) == "<@200> (B)"  # no name known: the mention
    said = messages.people("Seat 2 moved; Seat 3 (C) waits; seat 1 resigned.", m, NAMES)
    assert said == "bob (B) moved; carol (C) waits; alice (A) resigned."
    # "waiting for …" names the person, as the autocomplete and the error say it
    reason = "It is not your turn: waiting for Seat 2: take stones."
    assert (
        messages.people(reason, m, NAMES)
        == "It is not your turn: waiting for bob (B): take stones."
    )


def test_colour_seats_are_named_as_people_too():
    tokan = real_match("tokan", 2)
    said = messages.people(
        "Red moved the jackal, covering a red mouse. Black is on turn.", tokan, NAMES
    )
    assert said == "alice (red) moved the jackal, covering a red mouse. bob (black) is on turn."


def test_seats_are_named_in_a_japanese_text_whose_letters_touch_them():
    """A Japanese translation writes its words right against a seat ("{seat}が", "に{seat}"):
    kana are word characters to ``\\b``, so the seat was left as the rules wrote it ("Blackが
    ジャッカルを…" in an analysis said in Japanese, "Seat 2 (B)が動いた" in a refusal)."""
    tokan = real_match("tokan", 2)
    said = messages.people("Blackがジャッカルを動かし、次はRedの番", tokan, NAMES, "ja")
    black, red = messages.person(tokan, 1, NAMES, "ja"), messages.person(tokan, 0, NAMES, "ja")
    assert said == f"{black}がジャッカルを動かし、次は{red}の番", said
    assert "Black" not in said and "Red" not in said
    tonari = real_match("tonari", 3)
    said = messages.people("あなたの直前の手の後にSeat 2 (B)が動いた", tonari, NAMES, "ja")
    assert said == "あなたの直前の手の後にbob (B)が動いた", said
    # Latin words around a seat's name still bound it: a word that begins with it is no seat.
    assert messages.people("Redwood Blacks", tokan, NAMES) == "Redwood Blacks"
    assert messages.people("Loveseat 2 (B)", tonari, NAMES) == "Loveseat 2 (B)"
    # A picture's caption names them the same way (render.common).
    from render.common import name_seats

    assert name_seats("にSeat 2 (B)が", ["alice", "bob"]) == "にbob (B)が"


def test_display_names_cannot_format_or_mention():
    assert messages.shown_name("**big** _x_") == "\\*\\*big\\*\\* \\_x\\_"
    assert re.search(r"<@!?\d", messages.shown_name("<@123>") or "") is None
    assert messages.shown_name("   ") is None and messages.shown_name("a" * 50) == "a" * 32


def test_the_next_line_names_the_actor_once_and_pings_only_when_asked():
    tonari = real_match("tonari", 3)
    line = messages.next_line(tonari, NAMES)
    (acting,) = tonari.game.to_act(tonari.state)
    assert line.startswith(f"Next: <@{tonari.user_at(acting)}> ({'ABC'[acting]}) — ")
    assert "Seat" not in line and ".." not in line
    quiet = messages.next_line(tonari, NAMES, notify=False)
    assert "<@" not in quiet and f"{NAMES[acting]} ({'ABC'[acting]})" in quiet


def test_no_double_full_stops():
    assert messages.sentence("cannot move any tile.") == "cannot move any tile."
    assert messages.sentence("cannot move any tile. .") == "cannot move any tile."
    assert messages.sentence("wait...") == "wait..."
    assert messages.sentence("take stones") == "take stones."
    m = match(NimState(3, 1, 0, 0, (1, 2, 3), last_taker=2), "finished")
    assert ".." not in messages.final_text(m)


def test_the_final_post_does_not_repeat_how_the_game_ended():
    description = (
        "Black moved the mouse from e3 down to e2, covering a red mouse. The game is over: Red "
        "is on turn and cannot move any tile."
    )
    assert messages.without_end(description) == (
        "Black moved the mouse from e3 down to e2, covering a red mouse."
    )
    tonga = "Seat 1 (A) sails. The game is over. Return bonus of 10: Seat 2 (B)."
    assert messages.without_end(tonga) == "Seat 1 (A) sails. Return bonus of 10: Seat 2 (B)."


def test_a_resignation_says_who_resigned_and_lists_the_scores():
    result = {"reason": "seat 2 resigned", "winners": [0, 2], "resigned": 1}
    tonari = real_match("tonari", 3, "finished", result)
    text = messages.final_text(tonari, NAMES)
    lines = text.splitlines()
    assert lines[0] == "**Game over** — bob (B) resigned."
    assert lines[1] == "🏆 Shared win: <@100> (A), <@300> (C)"
    assert lines[2] == "Scores when play stopped:"
    assert sorted(lines[3:]) == sorted(
        f"<@{u}> ({s}): **0** points" for u, s in zip((ALICE, BOB, CAROL), "ABC", strict=True)
    )
    tonga = messages.final_text(real_match("tonga", 3, "finished", result), NAMES)
    assert "**20** coins" in tonga
    toshi = messages.final_text(real_match("toshi", 3, "finished", result), NAMES)
    assert "No scores: Toshi Tōshi counts them only at the end." in toshi


def test_an_autocomplete_that_finds_nothing_says_what_can_be_typed():
    said = messages.fit_choice(messages.nothing_matches("zz", ["c3", "d4", "boat e4"]))
    assert said == "Nothing legal matches “zz”. You can type: c3, d4, boat e4"
    many = [f"place {i} on B, {i} on C, {i} on A" for i in range(1, 7)]
    long = messages.fit_choice(messages.nothing_matches("x" * 40, many))
    assert len(long) <= 100 and long.endswith("…")
    assert long[:-1].rstrip(",") in messages.nothing_matches("x" * 40, many)  # cut at a word
    assert messages.nothing_matches("zz", []).endswith("you have no move now.")


def test_the_link_to_a_match_is_its_channel():
    m = match(None)
    assert messages.match_link(m) == "https://discord.com/channels/1/10"


def test_buttons_say_what_they_take():
    for key in ("tonari", "fishing"):
        game = GAMES[key]
        state = game.setup(3, game.spec.resolve_options({}), 3)
        draw = random.Random(3)
        boat_labels: list[str] = []
        while game.outcome(state) is None and len(boat_labels) < 40:
            (seat,) = game.to_act(state)
            legal = game.legal_moves(state, seat)
            boat_labels += [game.button_label(state, m) for m in legal if isinstance(m, MoveBoat)]
            state = game.apply(state, seat, game.playout_move(state, seat, draw))
        assert boat_labels
        for label in boat_labels:  # "d3: Red", "e4: Kingfish"
            assert re.fullmatch(r"[a-z]\d+: [A-Z][a-z0-9 ]+", label), label
    fishing = GAMES["fishing"]
    state = fishing.setup(2, fishing.spec.resolve_options({}), 1)
    assert fishing.button_label(state, TakeDinker()) == "take: keep the Dinker"
    nim = Nim()
    assert nim.button_label(nim.setup(2, {"pile": "7"}, 1), Take(2)) == "take 2"  # the default


def test_toshi_sends_one_dm_per_decision_not_one_per_change():
    """Every DM after the dealt hands is for a seat that must decide now; a seat that goes on
    deciding with the same hand gets none; a change while others decide waits for its turn."""
    game = GAMES["toshi"]
    draw = random.Random(4)
    state = game.setup(3, game.spec.resolve_options({}), 4)
    players = (ALICE, BOB, CAROL)
    sent = private_views(game, None, state, players, 1)
    assert [n.payload["seat"] for n in sent] == [0, 1, 2]  # everyone's dealt hand
    stretches = 0
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        after = game.apply(state, seat, game.playout_move(state, seat, draw))
        dms = private_views(game, state, after, players, 2)
        for note in dms:
            assert note.payload["seat"] in game.to_act(after)
        for s in game.to_act(after):
            same = game.private_text(after, s) == game.private_text(state, s)
            if s not in game.to_act(state) or not same:
                stretches += 1
                assert any(n.payload["seat"] == s for n in dms)
            else:
                assert all(n.payload["seat"] != s for n in dms)
        sent += dms
        state = after
    assert len(sent) == stretches + 3
    assert not private_views(GAMES["tonari"], None, GAMES["tonari"].setup(2, {}, 1), players, 1)


def test_a_final_moves_words_lose_the_sentence_announcing_the_end_in_any_language():
    from i18n.catalogue import PSEUDO, say
    from i18n.text import T, joined

    final = joined([T("{who} took the last stone."), T("The game is over.")], " ")
    kept = messages.without_end(final)
    assert kept == "{who} took the last stone."
    assert "⟦" in say(kept, PSEUDO) and "over" not in kept
    assert messages.without_end("Seat 1 took 2. The game is over.") == "Seat 1 took 2."


def test_a_stored_results_reason_is_said_in_the_readers_language():
    """The table stores a marked message as the reason ("every player ran out of time"): the
    post of the end says it in the match's language, not as the English kept."""
    result = {"reason": "every player ran out of time", "winners": []}
    assert say(messages.stored_reason(result), "de") == "allen Spielern ist die Zeit abgelaufen"
    assert plain_words(say(messages.stored_reason(result), PSEUDO), set()) == []
    assert say(messages.stored_reason(result), "en") == "every player ran out of time"
    # A resignation's words are the table's own, not a message; no reason is nothing.
    resigned = {"reason": "seat 2 resigned", "winners": [0], "resigned": 1}
    assert say(messages.stored_reason(resigned), PSEUDO) == "seat 2 resigned"
    assert messages.stored_reason({"winners": []}) == ""


def test_why_a_post_failed_is_said_in_the_readers_language():
    """A failed post's reason is a catalogue text: the permissions it names are translated;
    Discord's own words, quoted, are kept as Discord wrote them."""
    from i18n.catalogue import PSEUDO, say
    from tests.fakediscord.languages import plain_words

    for reason in (
        messages.cannot_post(10),
        messages.refused(50001, "Missing `Access`"),
        messages.no_such_place("Unknown Channel"),
        messages.channel_gone(10003, "Unknown Channel"),
    ):
        assert plain_words(say(reason, PSEUDO), set()) == [], reason
    assert "Missing ˋAccessˋ" in messages.refused(50001, "Missing `Access`")
    german = say(messages.cannot_post(10), "de")
    assert "„Nachrichten senden“" in german and "Send" not in german


def test_a_resignation_in_the_history_names_the_person_in_the_readers_language():
    """`/tidetable history`: a match ended by a resignation says who resigned (the stored
    reason names a seat, "seat 2 resigned"), in the reader's language."""
    from cogs.matchlist import result_for
    from data.matchlist import FinishedMatch

    ended = FinishedMatch(
        id=4,
        game="tokan",
        guild_id=1,
        channel_id=2,
        finished_at="2026-12-07T10:00:00",
        result={"reason": "seat 2 resigned", "winners": [0], "resigned": 1},
        players=(111, 222),
        final_message=None,
    )
    assert say(result_for(ended, 111), "en") == "won (<@222> resigned)"
    assert say(result_for(ended, 111), "de") == "gewonnen (<@222> hat aufgegeben)"
    assert say(result_for(ended, 222), "ja").endswith("（<@222>が投了）")
    assert plain_words(say(result_for(ended, 222), PSEUDO), set()) == []


def test_a_failed_posts_internal_reason_is_not_told_in_english():
    """Only a reason of the catalogue reaches the person told their post failed; an internal
    one ("match 7 cannot be read: …", "unexpected: …", or a row kept as plain English before
    reasons were kept whole) is said as a catalogue text, its details left to the logs."""
    from data.store import OutboxEntry

    def failed(reason: str) -> OutboxEntry:
        return OutboxEntry(1, "lane", 7, "post", {}, 0.0, 0.0, 1, "failed", reason)

    for reason in (
        "match 7 cannot be read: KeyError('board')",
        "unexpected: RuntimeError('boom')",
        "Discord refused it (50001: Missing Access)",
    ):
        note = say(messages.delivery_note([failed(reason)]), PSEUDO)
        assert plain_words(note, set()) == [] and reason not in note, note
    told = messages.refused(50001, "Missing Access")
    assert messages.failure_reason(failed(told)) is told
    assert "Missing Access" in say(messages.delivery_note([failed(told)]), "de")
