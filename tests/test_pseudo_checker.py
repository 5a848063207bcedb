"""The pseudo-language run's judge (tests/fakediscord/languages.py): plain English words are
leaks, unless they are names, published names or move notation."""

from __future__ import annotations

from i18n.catalogue import PSEUDO, say
from i18n.text import T
from tests.fakediscord.languages import PUBLISHED, plain_words, read_back

NAMES = {"alice", "bob"} | PUBLISHED


def test_english_that_bypassed_the_catalogue_is_found():
    assert plain_words("You joined match #1.", NAMES) == ["joined", "match"]
    assert plain_words("Play", NAMES) == ["Play"]  # a capitalised word of the notation is prose
    assert plain_words("pass", NAMES) == []  # as typed, it is a move (a tap panel's step)
    assert plain_words("⟦Ṅėẋṫ⟧: move the boat onto a tile", NAMES) == ["onto", "tile"]


def test_what_the_catalogue_said_names_and_notation_pass():
    said = say(
        T("{who} moved from {square} down to {target}.", who="alice", square="e5", target="e3"),
        PSEUDO,
    )
    assert plain_words(said, NAMES) == []
    computer = say(T("Bot ({level})", level=T("easy")), PSEUDO)
    for notation in (
        "place 1 on A",
        "reroll s 5",
        "a1 right",
        "trade yellow for green bob (A)",
        f"trade red for blue {computer} (B)",
        "double red",
    ):
        assert plain_words(notation, NAMES) == [], notation
    assert plain_words(say(T("{move}: keep the fish", move="take"), PSEUDO), NAMES) == []
    # A picture's alt text drops the backticks: Tonga Bonga's `keep` is still notation there.
    seasick = say(T("`{keep}` (all seasick)", keep="keep"), PSEUDO).replace("`", "")
    assert plain_words(seasick, NAMES) == []
    assert plain_words("Type `/tokan move` for **TOKAN** <@12> <t:99:R>", NAMES) == ["Type"]


def test_the_rating_systems_library_is_a_name():
    from table.ratings import RATING_NOTE

    assert plain_words(say(RATING_NOTE, PSEUDO), NAMES) == []
    assert plain_words("ratings (openskill)", NAMES) == ["ratings"]


def test_everything_is_read_back_as_english():
    said = say(T("It is {who}'s turn.", who="Zoë"), PSEUDO)
    assert read_back({"content": said, "components": [{"label": said}]}) == {
        "content": "It is Zoë's turn.",
        "components": [{"label": "It is Zoë's turn."}],
    }
