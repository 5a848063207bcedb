"""The message catalogues: extract the messages from the source, update and check the languages.

    .venv/bin/python -m tools.messages extract   # locale/tidetable.pot from the source
    .venv/bin/python -m tools.messages update    # merge it into every language's .po
    .venv/bin/python -m tools.messages check     # how complete each language is; exit 1 if not

Messages are found by their markers (``i18n.text``): ``T("…")``, ``TN("…", "…", n)``, ``N_("…")``
and ``NC_("context", "…")``; only string literals are messages (never an f-string: its words
would be another message every time). The slash commands' names and descriptions are read off
the real command tree by running ``python -m app.commandstrings`` (a program: this tool imports
nothing that speaks to Discord).
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from i18n.catalogue import DOMAIN, ENGLISH, LANGUAGES, LOCALE_DIR, compile_po, po_path
from i18n.text import placeholders

ROOT = Path(__file__).resolve().parent.parent  # where the sources are read
PROJECT = ROOT  # where the bot runs from, to read its command tree
SOURCES = ("app", "cogs", "table", "data", "render", "rules", "ai", "i18n")
KEYWORDS = {"T": (1,), "TN": (1, 2), "N_": (1,), "NC_": ((1, "c"), 2)}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
CODE = re.compile(r"`[^`]*`")


def extract() -> Catalog:
    """Every marked message of the bot's source, with where it is used."""
    catalogue = Catalog(
        project="Tidetable",
        domain=DOMAIN,
        charset="utf-8",
        fuzzy=False,
        copyright_holder="the Tidetable authors",
        msgid_bugs_address="the project's issues",
    )
    for folder in SOURCES:
        found = extract_from_dir(
            ROOT / folder,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("i18n:",),
        )
        for filename, line, message, comments, context in found:
            where = f"{folder}/{filename}"
            catalogue.add(message, None, [(where, line)], auto_comments=comments, context=context)
    for context, message in command_messages():
        catalogue.add(message, None, [("app/commandstrings.py", 0)], context=context)
    return catalogue


def command_messages() -> list[tuple[str | None, str]]:
    """The names and descriptions of the slash commands (``app/commandstrings.py``)."""
    found = subprocess.run(
        [sys.executable, "-m", "app.commandstrings"],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [tuple(json.loads(line)) for line in found.stdout.splitlines() if line.strip()]


def write(catalogue: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, omit_header=False, sort_output=True)
    path.write_bytes(buffer.getvalue())


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def update(template: Catalog) -> None:
    """Every language's catalogue brought in line with ``template``: new messages added (empty),
    messages no longer in the source dropped, changed ones kept as fuzzy for a translator."""
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        path = po_path(language)
        catalogue = (
            read(path, language) if path.exists() else Catalog(locale=language, domain=DOMAIN)
        )
        catalogue.update(template, no_fuzzy_matching=False)
        catalogue.obsolete.clear()
        catalogue.fuzzy = False  # the header: a fuzzy one would hide the plural forms
        catalogue.project, catalogue.version = "Tidetable", "1"
        write(catalogue, path)


@dataclass(frozen=True)
class Standing:
    """How complete one language's catalogue is."""

    language: str
    messages: int
    translated: int
    fuzzy: int
    placeholder_faults: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return self.translated == self.messages and not self.fuzzy and not self.placeholder_faults


def _forms(message: Message) -> Iterator[tuple[str, str]]:
    """(source, translation) pairs of a message, one per plural form."""
    sources = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    for index, string in enumerate(strings):
        yield sources[min(index, len(sources) - 1)], string or ""


def standing(language: str, template: Catalog) -> Standing:
    catalogue = read(po_path(language), language)
    faults: list[str] = []
    translated = fuzzy = 0
    for wanted in template:
        if not wanted.id:
            continue
        message = catalogue.get(wanted.id, context=wanted.context)
        if message is None or not all(string for _, string in _forms(message)):
            continue
        if message.fuzzy:
            fuzzy += 1
            continue
        translated += 1
        for source, string in _forms(message):
            expected = placeholders(source)
            if isinstance(message.id, (list, tuple)):
                expected -= {"count"}  # a language with one form may leave the number out
            if not expected <= placeholders(string) or placeholders(string) - placeholders(
                source
            ) - {"count"}:
                faults.append(f"{language}: {source!r} -> {string!r}")
            elif sorted(CODE.findall(string)) != sorted(CODE.findall(source)):
                # Commands and notation between backticks are typed as they are in every
                # language: a translation that changes one would teach a move that fails.
                faults.append(f"{language}: `code` changed: {source!r} -> {string!r}")
    count = sum(1 for message in template if message.id)
    return Standing(language, count, translated, fuzzy, tuple(faults))


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        template = extract()
        write(template, TEMPLATE)
        print(f"{TEMPLATE.relative_to(ROOT)}: {sum(1 for m in template if m.id)} messages")
        return 0
    if command == "update":
        update(read(TEMPLATE))
        return 0
    if command == "check":
        template = read(TEMPLATE)
        ok = True
        for language in LANGUAGES[1:]:
            found = standing(language, template)
            compile_po(po_path(language), language)  # what the bot does when it starts
            share = found.translated / found.messages if found.messages else 1.0
            print(
                f"{language}: {found.translated}/{found.messages} ({share:.0%}),",
                f"fuzzy {found.fuzzy}",
            )
            for fault in found.placeholder_faults:
                print(f"  placeholder: {fault}")
            ok = ok and found.complete
        return 0 if ok else 1
    print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
