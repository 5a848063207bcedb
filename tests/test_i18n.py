"""The message catalogues (issue 25): texts said in a language, plural forms, the pseudo-language,
and the catalogue tool's extraction and checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from i18n import catalogue as catalogues
from i18n.catalogue import (
    PSEUDO,
    compile_po,
    language_of,
    pseudo,
    say,
    say_with,
    unpseudo,
)
from i18n.text import N_, NC_, TN, T, english, fill, joined, placeholders
from tools import messages

GERMAN = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "It is {name}'s turn."
msgstr "{name} ist am Zug."

msgid "one match"
msgid_plural "{count} matches"
msgstr[0] "ein Spiel"
msgstr[1] "{count} Spiele"

msgid "You play {what}."
msgstr "Du spielst {what}."

#, fuzzy
msgid "Not yet reviewed."
msgstr "Noch nicht geprüft."
"""

JAPANESE = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=1; plural=0;\n"

msgid "one match"
msgid_plural "{count} matches"
msgstr[0] "{count} 試合"
"""


def _po(tmp_path: Path, language: str, text: str) -> Path:
    path = tmp_path / f"{language}.po"
    path.write_text(text.strip() + "\n", encoding="utf-8")
    return path


def test_english_is_the_message_with_its_values_and_its_plural_by_count():
    assert english(T("It is {name}'s turn.", name="Zoë")) == "It is Zoë's turn."
    assert english(TN("one match", "{count} matches", 1)) == "one match"
    assert english(TN("one match", "{count} matches", 3)) == "3 matches"
    assert str(T("You play {what}.", what=TN("one match", "{count} matches", 2))) == (
        "You play 2 matches."
    )


def test_fill_trusts_a_pattern_no_further_than_its_placeholders():
    # A translation cannot read attributes or format specs, and stray braces stay as written.
    assert fill("{name.__class__} {name!r} {name:>9} {name}", {"name": "x"}) == (
        "{name.__class__} {name!r} {name:>9} x"
    )
    assert fill("a { b } {missing} {", {}) == "a { b } {missing} {"
    assert placeholders("{a} and {b} but not { c } or {1x}") == {"a", "b"}


def test_markers_return_their_message_unchanged():
    assert N_("board") == "board"
    assert NC_("command", "board") == "board"


def test_a_discord_locale_picks_its_language_or_english():
    assert language_of("de") == "de"
    assert language_of("ja") == "ja"
    assert language_of("en-GB") == "en"
    assert language_of("pt-BR") == "en"  # no catalogue yet
    assert language_of(None) == "en"
    assert language_of(PSEUDO) == PSEUDO


def test_german_says_the_message_and_chooses_the_plural_form(tmp_path: Path):
    german = compile_po(_po(tmp_path, "de", GERMAN), "de")
    assert say_with(german, T("It is {name}'s turn.", name="Zoë")) == "Zoë ist am Zug."
    assert say_with(german, TN("one match", "{count} matches", 1)) == "ein Spiel"
    assert say_with(german, TN("one match", "{count} matches", 5)) == "5 Spiele"
    nested = T("You play {what}.", what=TN("one match", "{count} matches", 2))
    assert say_with(german, nested) == "Du spielst 2 Spiele."
    # A fuzzy translation is not trusted: the English shows instead.
    assert say_with(german, T("Not yet reviewed.")) == "Not yet reviewed."
    # A message the catalogue lacks is said in English, never dropped.
    assert say_with(german, T("Unknown {x}.", x=1)) == "Unknown 1."


def test_japanese_has_one_form_for_every_count(tmp_path: Path):
    japanese = compile_po(_po(tmp_path, "ja", JAPANESE), "ja")
    assert say_with(japanese, TN("one match", "{count} matches", 1)) == "1 試合"
    assert say_with(japanese, TN("one match", "{count} matches", 7)) == "7 試合"


def test_the_pseudo_language_changes_every_letter_but_keeps_what_discord_reads():
    said = say(T("It is {name}'s turn in <#12>, <@34>: type `/toshi move`.", name="Bob"), PSEUDO)
    assert said.startswith("⟦") and said.endswith("⟧")
    assert "Bob" in said and "<#12>" in said and "<@34>" in said and "`/toshi move`" in said
    assert "turn" not in said and "ṫụṙṅ" in said
    assert not any(word in said for word in ("It", "is", "type"))
    assert pseudo("{count} matches") == "⟦{count} ṁȧṫċḣėṡ⟧"


def test_a_plain_string_is_said_as_it_is():
    assert say("alice", "de") == "alice"


# -- the catalogue tool ---------------------------------------------------------------------------
SOURCE = """
from i18n.text import N_, NC_, T, TN

def refuse(name):
    return T("It is {name}'s turn.", name=name)

def count(n):
    return TN("one match", "{count} matches", n)

LABEL = N_("board")
COMMAND = NC_("command", "board")
NOT_A_MESSAGE = f"Hello {1}"
"""


def test_extraction_finds_every_marker_and_no_f_string(tmp_path: Path, monkeypatch):
    (tmp_path / "cogs").mkdir()
    (tmp_path / "cogs" / "x.py").write_text(SOURCE, encoding="utf-8")
    monkeypatch.setattr(messages, "ROOT", tmp_path)
    monkeypatch.setattr(messages, "SOURCES", ("cogs",))
    monkeypatch.setattr(messages, "command_messages", lambda: [("command", "mine")])
    found = {
        (m.context, m.id if isinstance(m.id, str) else tuple(m.id))
        for m in messages.extract()
        if m.id
    }
    assert found == {
        (None, "It is {name}'s turn."),
        (None, ("one match", "{count} matches")),
        (None, "board"),
        ("command", "board"),
        ("command", "mine"),  # the slash commands' own, added to the source's
    }


def test_the_check_counts_missing_fuzzy_and_placeholder_faults(tmp_path: Path, monkeypatch):
    (tmp_path / "cogs").mkdir()
    (tmp_path / "cogs" / "x.py").write_text(SOURCE, encoding="utf-8")
    monkeypatch.setattr(messages, "ROOT", tmp_path)
    monkeypatch.setattr(messages, "SOURCES", ("cogs",))
    monkeypatch.setattr(messages, "command_messages", list)
    template = messages.extract()
    broken = GERMAN.replace('msgstr "{name} ist am Zug."', 'msgstr "Du bist am Zug."')
    path = _po(tmp_path, "de", broken)
    monkeypatch.setattr(messages, "po_path", lambda language: path)
    found = messages.standing("de", template)
    assert found.messages == 4
    assert found.translated == 2  # the turn (with a fault) and the plural; "board" twice missing
    assert found.placeholder_faults and "Du bist am Zug." in found.placeholder_faults[0]
    assert not found.complete


def test_a_translation_that_changes_a_command_or_notation_in_backticks_is_a_fault(
    tmp_path: Path, monkeypatch
):
    source = 'from i18n.text import T\nT("Type `/tokan move` to play.")\n'
    (tmp_path / "cogs").mkdir()
    (tmp_path / "cogs" / "x.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(messages, "ROOT", tmp_path)
    monkeypatch.setattr(messages, "SOURCES", ("cogs",))
    monkeypatch.setattr(messages, "command_messages", list)
    template = messages.extract()
    header = GERMAN.split('msgid "It is')[0]
    for said, faulty in (
        ("Tippe `/tokan zug`, um zu spielen.", True),
        ("Tippe `/tokan move`, um zu spielen.", False),
    ):
        po = header + f'msgid "Type `/tokan move` to play."\nmsgstr "{said}"\n'
        path = _po(tmp_path, "de", po)
        monkeypatch.setattr(messages, "po_path", lambda language, path=path: path)
        found = messages.standing("de", template)
        assert found.translated == 1 and bool(found.placeholder_faults) is faulty


def test_the_committed_template_holds_exactly_the_messages_of_the_source():
    """`python -m tools.messages extract` was run after the last change of a message."""
    template = messages.read(messages.TEMPLATE)

    def keys(catalogue):
        return {(m.context, str(m.id)) for m in catalogue if m.id}

    assert keys(template) == keys(messages.extract())


@pytest.mark.parametrize("language", ["de", "ja"])
def test_german_and_japanese_translate_every_message_keeping_its_placeholders(language: str):
    found = messages.standing(language, messages.read(messages.TEMPLATE))
    assert found.translated == found.messages and not found.fuzzy, found
    assert not found.placeholder_faults, found.placeholder_faults
    assert catalogues.translations(language) is catalogues.translations(language)


def test_a_text_is_its_english_wherever_a_string_is_read():
    text = T("It is {name}'s turn.", name="Zoë")
    assert text == "It is Zoë's turn." and isinstance(text, str)
    assert "Zoë" in text and text.startswith("It is")
    # Built into a new plain string, it is English only: the pseudo run catches such a leak.
    assert not isinstance(text + "!", T("x").__class__)


def test_joined_texts_are_each_said_in_the_language_and_the_separator_is_kept():
    both = joined([T("You play {what}."), "e5", TN("one match", "{count} matches", 2)], " · ")
    assert both == "You play {what}. · e5 · 2 matches"
    said = say(both, PSEUDO)
    assert said.count("⟦") == 2 and " · e5 · " in said  # the join itself is not a message


def test_the_pseudo_language_reads_back_as_english_and_leaves_names_alone():
    text = T("It is {name}'s turn; {count} left.", name="Zoë 🐟 Ångström", count=3)
    said = say(text, PSEUDO)
    assert said != text and unpseudo(said) == text


def test_a_text_pickles_whole_for_a_picture_worker():
    import pickle

    text = TN("one match", "{count} matches", 3, who=T("It is {name}'s turn.", name="Bo"))
    again = pickle.loads(pickle.dumps(text))
    assert again == text and again.plural == text.plural and again.params == text.params
    assert say(again, PSEUDO) == say(text, PSEUDO)


def test_a_text_kept_as_data_reads_back_whole_through_json():
    # An outbox entry keeps a move's words as data: the post says them in its own language.
    import json

    from i18n.text import text_data, text_from

    text = joined([T("{who} took {count}.", who="Seat 1", count=3), T("The game is over.")], " ")
    again = text_from(json.loads(json.dumps(text_data(text))))
    assert again == text and say(again, PSEUDO) == say(text, PSEUDO)
    assert text_from("moved a1 up") == "moved a1 up"  # an entry written before: its English
