"""Build ``render/fonts/TidetableSans.woff``: one font that draws a name in any common script.

    .venv/bin/python -m tools.fonts CJK_TTC EMOJI_WOFF [OUT]

Pillow lays a text out with one font at a time (no fallback between fonts), so a line such as
"山田 太郎 (A) to act" or "محمد عبد الله (B): 113 coins" can only be drawn whole, with its bidi
order and Arabic joining done by Raqm in one pass, if a single font holds every script in it.
This tool merges three freely licensed fonts into that one (fontTools, a dev dependency):

* DejaVu Sans (``render/fonts/DejaVuSans-source.ttf``, Bitstream Vera licence with DejaVu's
  public-domain changes): Latin, Greek, Cyrillic, Hebrew, Arabic, symbols; it comes first, so
  every letter it has looks as it did before the merge.
* Noto Sans CJK JP Regular (SIL OFL 1.1), from Debian's ``fonts-noto-cjk`` 1:20220127
  (``NotoSansCJK-Regular.ttc``, face 0), cut to the characters of the national standards people's
  names are written in (JIS X 0208, GB 2312, KS X 1001: 13,140 characters with kana, hangul jamo
  and CJK punctuation) and turned from cubic to quadratic outlines so that it merges with DejaVu.
  The whole CJK block would be twice the size for characters almost no name uses; a character
  outside the cut is left out of a name, never drawn as a box (``render.common.printable``).
* Noto Emoji, monochrome (SIL OFL 1.1), from the npm package ``@fontsource/noto-emoji`` 5.3.2
  (``files/noto-emoji-emoji-400-normal.woff``): pictures never rely on colour, and one outline
  font scales to any size, unlike the colour bitmaps of Noto Color Emoji.

Every font is scaled to DejaVu's 2048 units per em; a "required feature" of a script (which the
merger cannot combine) is kept as an ordinary feature of it. The result is written as WOFF (zlib),
which FreeType reads directly.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from fontTools.merge import Merger, Options
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.subset import Options as SubsetOptions
from fontTools.subset import Subsetter
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.scaleUpem import scale_upem

FONTS = Path(__file__).resolve().parent.parent / "render" / "fonts"
LATIN = FONTS / "DejaVuSans-source.ttf"
OUT = FONTS / "TidetableSans.woff"
FAMILY = "Tidetable Sans"
UNITS_PER_EM = 2048

# Blocks kept whole: CJK symbols and punctuation, hiragana, katakana, katakana extensions,
# halfwidth and fullwidth forms, hangul compatibility jamo.
WHOLE_BLOCKS = (
    (0x3000, 0x303F),
    (0x3040, 0x30FF),
    (0x31F0, 0x31FF),
    (0xFF00, 0xFFEF),
    (0x3130, 0x318F),
)
IDEOGRAPHS_AND_HANGUL = (*range(0x4E00, 0xA000), *range(0xAC00, 0xD7A4))
NATIONAL_STANDARDS = ("euc_jp", "gb2312", "euc_kr")  # JIS X 0208, GB 2312, KS X 1001


def _in_standard(char: str, codec: str) -> bool:
    try:  # two bytes: in the standard's own table (EUC-KR also spells others in eight bytes)
        return len(char.encode(codec)) == 2
    except UnicodeEncodeError:
        return False


def cjk_characters() -> list[int]:
    """The code points of the CJK cut, sorted."""
    kept = {
        code
        for code in IDEOGRAPHS_AND_HANGUL
        if any(_in_standard(chr(code), codec) for codec in NATIONAL_STANDARDS)
    }
    for first, last in WHOLE_BLOCKS:
        kept.update(range(first, last + 1))
    return sorted(kept)


def _subset(font: TTFont, characters: list[int]) -> None:
    options = SubsetOptions()
    options.layout_features = ["*"]
    options.hinting = False
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=characters)
    subsetter.subset(font)


def _to_quadratic(font: TTFont) -> None:
    """CFF (cubic) outlines as glyf (quadratic) ones: the merger joins only like with like."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    outlines = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        outlines[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = outlines
    for table in ("CFF ", "VORG"):
        if table in font:
            del font[table]
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in (
        "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
        "maxStackElements", "maxSizeOfInstructions", "maxComponentElements", "maxPoints",
        "maxContours", "maxCompositePoints", "maxCompositeContours", "maxComponentDepth",
    ):  # fmt: skip
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    maxp.numGlyphs = len(order)
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"


def _unrequire(font: TTFont) -> None:
    """A script's required feature listed as an ordinary one of it (the merger asserts none)."""
    for tag in ("GSUB", "GPOS"):
        if tag not in font or not font[tag].table.ScriptList:
            continue
        for record in font[tag].table.ScriptList.ScriptRecord:
            systems = [record.Script.DefaultLangSys]
            systems += [lang.LangSys for lang in record.Script.LangSysRecord]
            for system in systems:
                if system is not None and system.ReqFeatureIndex != 0xFFFF:
                    system.FeatureIndex = [system.ReqFeatureIndex, *system.FeatureIndex]
                    system.FeatureCount = len(system.FeatureIndex)
                    system.ReqFeatureIndex = 0xFFFF


def _rename(font: TTFont) -> None:
    """A merged font must not carry its sources' names (the Bitstream Vera licence asks it)."""
    for record in font["name"].names:
        if record.nameID in (1, 16):
            record.string = FAMILY
        elif record.nameID in (3, 4):
            record.string = FAMILY + " Regular" if record.nameID == 4 else FAMILY
        elif record.nameID == 6:
            record.string = FAMILY.replace(" ", "") + "-Regular"


def build(cjk_ttc: Path, emoji_woff: Path, out: Path = OUT) -> None:
    cjk = TTFont(str(cjk_ttc), fontNumber=0)
    _subset(cjk, cjk_characters())
    _to_quadratic(cjk)
    emoji = TTFont(str(emoji_woff))
    emoji.flavor = None
    parts = [TTFont(str(LATIN)), cjk, emoji]
    with tempfile.TemporaryDirectory() as scratch:
        paths = []
        for index, part in enumerate(parts):
            if part["head"].unitsPerEm != UNITS_PER_EM:
                scale_upem(part, UNITS_PER_EM)
            _unrequire(part)
            path = Path(scratch) / f"{index}.ttf"
            part.save(str(path))
            paths.append(str(path))
        options = Options(drop_tables=["vhea", "vmtx", "VORG", "DSIG", "hdmx", "LTSH", "kern"])
        merged = Merger(options=options).merge(paths)
    _rename(merged)
    merged.flavor = "woff"
    merged.save(str(out))


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    out = Path(argv[2]) if len(argv) == 3 else OUT
    build(Path(argv[0]), Path(argv[1]), out)
    print(f"{out}: {out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
