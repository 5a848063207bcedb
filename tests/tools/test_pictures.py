"""tools/pictures.py writes the start, middle and end pictures and alt texts of a game."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from tools import pictures


def test_writes_three_pictures_and_alt_texts_per_game(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(pictures, "GAMES", {"tokan": pictures.GAMES["tokan"]})
    written = pictures.write_pictures(tmp_path, seed=2)
    names = sorted(path.name for path in written)
    assert names == [
        f"tokan-{moment}.{ext}" for moment in ("end", "middle", "start") for ext in ("png", "txt")
    ]
    for path in written:
        if path.suffix == ".png":
            assert path.stat().st_size < 500 * 1024
            assert Image.open(path).width > 1000
        else:
            text = path.read_text(encoding="utf-8")
            assert "Дмитрий (red)" in text


def test_the_made_up_names_cover_a_long_one_and_non_latin_scripts():
    assert max(len(name) for name in pictures.NAMES) > 30
    assert any(not name.isascii() for name in pictures.NAMES)
