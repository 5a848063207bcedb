"""tools/pictures.py writes the start, middle and end pictures and alt texts of a game."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from tools import pictures


def test_writes_each_layout_at_full_size_and_at_chat_width_and_alt_texts(
    tmp_path: Path, monkeypatch
):
    monkeypatch.setattr(pictures, "GAMES", {"tokan": pictures.GAMES["tokan"]})
    written = pictures.write_pictures(tmp_path, seed=2)
    names = sorted(path.name for path in written)
    moments = ("end", "middle", "start")
    expected = [
        f"tokan-{m}-{layout}{size}.png"
        for m in moments
        for layout in ("desktop", "phone")
        for size in ("", "-380")
    ] + [f"tokan-{m}.txt" for m in moments]
    assert names == sorted(expected)
    for path in written:
        if path.suffix == ".png":
            assert path.stat().st_size < 500 * 1024
            width = Image.open(path).width
            if path.stem.endswith("-380"):
                assert width == 380
            else:
                assert width > 1000 if "desktop" in path.name else 500 < width < 800
        else:
            text = path.read_text(encoding="utf-8")
            assert "Дмитрий (red)" in text


def test_the_made_up_names_cover_a_long_one_and_non_latin_scripts():
    assert max(len(name) for name in pictures.NAMES) > 30
    assert any(not name.isascii() for name in pictures.NAMES)


def test_the_pictures_and_alt_texts_are_written_in_the_language_asked(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(pictures, "GAMES", {"tokan": pictures.GAMES["tokan"]})
    written = pictures.write_pictures(tmp_path, seed=2, language="x-pseudo")
    alt = (tmp_path / "tokan-start.txt").read_text(encoding="utf-8")
    assert "Дмитрий (⟦ṙėḋ⟧)" in alt  # the colour said in the pseudo-language, the name kept
    assert "Stacks bottom to top" not in alt and "Ṡṫȧċḳṡ ḃȯṫṫȯṁ ṫȯ ṫȯṗ" in alt
    assert len(written) == 15
