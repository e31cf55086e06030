# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Build the subset PCF fonts in fonts/ from Debian's public-domain misc-fixed fonts.

Run once on a desktop (needs the Debian packages xfonts-base, pcf2bdf and
xfonts-utils for bdftopcf)::

    apt-get install xfonts-base pcf2bdf xfonts-utils
    .venv/bin/python -m tools.ship.make_fonts

Each digit font keeps only the glyphs the game draws (digits, plus a
space), so the files are a few hundred bytes and load in milliseconds on
the PyBadge. 6x12-latin2.pcf is the text font: printable ASCII and the
Romanian and Czech letters and marks of ``app.text.EXTRAS`` (read from
app/text.py, so the font and the strip cannot disagree), all of which the
Unicode 6x12 has, each a whole 6x12 cell. The board reads its glyphs
already laid out: 6x12-latin2.strip holds the text strip of app/text.py
(a 6x12 cell per character of tools.text_chars(), in order), rows of 1-bit pixels
as PCF keeps a glyph's (the first pixel in the top bit, each row padded to
4 bytes), so one ``bitmaptools.readinto`` makes it (loading the 147 glyphs
through the PCF loader cost 0.2 s of start-up: docs/architecture.md). The
output files are committed; this tool only documents how they were made,
and fails if a character is missing from the source font.
"""

import gzip
import os
import subprocess
import sys
import tempfile

from tools import ROOT, ArgumentParser, text_chars

SOURCE_DIR = "/usr/share/fonts/X11/misc"
OUT_DIR = ROOT / "fonts"

DIGITS = "0123456789 "


#: (source font name, characters kept, output suffix). All misc-fixed: public domain.
FONTS = (
    ("9x18B", DIGITS, "digits"),  # tiles 2..64 (1-2 digits)
    ("8x13B", DIGITS, "digits"),  # tiles 128..512, scores
    ("6x13B", DIGITS, "digits"),  # tiles 1024..8192, scores up to 6 digits
    ("5x8", DIGITS, "digits"),  # tiles 16384..65536, 7-digit scores
    ("4x6", DIGITS, "digits"),  # tile 131072
    ("6x12", text_chars(), "latin2"),  # all text, on every board
)


def subset_bdf(text, keep):
    """Return BDF ``text`` with only the glyphs whose code points are in ``keep``."""
    wanted = set(ord(char) for char in keep)
    head, rest = text.split("STARTCHAR", 1)
    blocks = ("STARTCHAR" + rest).split("ENDFONT")[0].split("ENDCHAR\n")
    kept = []
    for block in blocks:
        if "ENCODING" not in block:
            continue
        code = int(block.split("ENCODING", 1)[1].split()[0])
        if code in wanted:
            kept.append(block.strip("\n") + "\nENDCHAR\n")
            wanted.discard(code)
    if wanted:
        raise ValueError("the font has no %s" % " ".join("U+%04X" % code for code in sorted(wanted)))
    lines = []
    for line in head.splitlines():
        if line.startswith("CHARS "):
            line = "CHARS %d" % len(kept)
        lines.append(line)
    return "\n".join(lines) + "\n" + "".join(kept) + "ENDFONT\n"


def strip_rows(bdf, chars):
    """The text strip of ``chars`` from BDF text ``bdf``: 12 rows, each of
    ``6 * len(chars)`` 1-bit pixels (the first in the top bit of the first
    byte), padded to a multiple of 4 bytes; a glyph sits in its 6x12 cell
    as on the font's baseline (ascent 10, descent 2)."""
    ascent = int(bdf.split("\nFONT_ASCENT ", 1)[1].split()[0])
    glyphs = {}
    for block in bdf.split("STARTCHAR")[1:]:
        code = int(block.split("ENCODING", 1)[1].split()[0])
        width, height, x_offset, y_offset = (int(word) for word in block.split("BBX", 1)[1].split()[:4])
        rows = block.split("BITMAP", 1)[1].split("ENDCHAR")[0].split()
        glyphs[code] = (width, height, x_offset, y_offset, rows)
    width = 6 * len(chars)
    stride = (width + 31) // 32 * 4
    canvas = [bytearray(stride) for _ in range(12)]
    for index, char in enumerate(chars):
        glyph_width, height, x_offset, y_offset, rows = glyphs[ord(char)]
        top = ascent - (height + y_offset)
        if x_offset < 0 or x_offset + glyph_width > 6 or top < 0 or top + height > 12:
            raise ValueError("U+%04X does not fit a 6x12 cell" % ord(char))
        for y, row in enumerate(rows):
            bits = int(row, 16)
            row_bits = len(row) * 4
            for x in range(glyph_width):
                if (bits >> (row_bits - 1 - x)) & 1:
                    at = index * 6 + x_offset + x
                    canvas[top + y][at >> 3] |= 0x80 >> (at & 7)
    return b"".join(canvas)


def build(name, keep, suffix):
    """Write fonts/<name>-<suffix>.pcf from the system's <name>.pcf.gz."""
    with tempfile.TemporaryDirectory() as work:
        pcf = os.path.join(work, name + ".pcf")
        bdf = os.path.join(work, name + ".bdf")
        small = os.path.join(work, name + "-subset.bdf")
        with gzip.open(os.path.join(SOURCE_DIR, name + ".pcf.gz")) as source:
            with open(pcf, "wb") as target:
                target.write(source.read())
        subprocess.run(["pcf2bdf", "-o", bdf, pcf], check=True)
        with open(bdf) as handle:
            text = handle.read()
        with open(small, "w") as handle:
            handle.write(subset_bdf(text, keep))
        out = os.path.join(OUT_DIR, "%s-%s.pcf" % (name, suffix))
        subprocess.run(["bdftopcf", "-o", out, small], check=True)
        if suffix == "latin2":
            strip = os.path.join(OUT_DIR, "%s-%s.strip" % (name, suffix))
            with open(strip, "wb") as handle:
                handle.write(strip_rows(subset_bdf(text, keep), keep))
            print("%s: %d bytes" % (os.path.relpath(strip, ROOT), os.path.getsize(strip)))
    return out


def main(argv=None):
    """Build every font in FONTS and print its size."""
    ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    for name, keep, suffix in FONTS:
        out = build(name, keep, suffix)
        print("%s: %d bytes" % (os.path.relpath(out, ROOT), os.path.getsize(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
