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
through the PCF loader cost 0.2 s of start-up: docs/architecture.md). It
also writes app/artwork.py's SPACED_ADVANCE, each digit font's step with a
blank column between any two digits' ink, worked out here from the
glyphs' pixels so that start-up reads none. The output files are
committed; this tool only documents how they were made, and fails if a
character is missing from the source font.
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
#: The digits and the K of a tile's short form (16K .. 128K: app.layout.Layout.short_from).
SHORT = DIGITS + "K"


#: (source font name, characters kept, output suffix). All misc-fixed: public domain.
FONTS = (
    ("9x18B", DIGITS, "digits"),  # tiles 2..64 (1-2 digits), 240x240 scores
    ("8x13B", SHORT, "digits"),  # tiles 128..512, 16K..64K on small tiles
    ("6x13", SHORT, "digits"),  # tiles 1024..8192 and 128K on small tiles, scores up to 6 digits
    ("6x13B", DIGITS, "digits"),  # 240x240: tiles 128..512 at twice the size, 131072
    ("5x8", DIGITS, "digits"),  # 7-digit scores, 128x128 scores
    ("4x6", DIGITS, "digits"),  # 128x128: 7-digit scores
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


def spaced_advance(bdf):
    """The pen's step from one digit to the next of BDF font ``bdf`` that
    leaves a blank column between any two digits' ink: its digits' own
    advance (DWIDTH), or the span of their ink across all ten plus one."""
    left = 1000
    right = -1000
    advance = 0
    for block in bdf.split("STARTCHAR")[1:]:
        code = int(block.split("ENCODING", 1)[1].split()[0])
        if chr(code) not in "0123456789":
            continue
        advance = max(advance, int(block.split("DWIDTH", 1)[1].split()[0]))
        width, _, x_offset, _ = (int(word) for word in block.split("BBX", 1)[1].split()[:4])
        rows = block.split("BITMAP", 1)[1].split("ENDCHAR")[0].split()
        ink = 0
        for row in rows:
            ink |= int(row, 16) >> (len(row) * 4 - width)  # ``width`` bits, the first column on the left
        if ink:
            left = min(left, x_offset + width - ink.bit_length())
            right = max(right, x_offset + width - (ink & -ink).bit_length())
    return max(advance, right - left + 2)


def advance_table(advances):
    """app/artwork.py's SPACED_ADVANCE block for ``advances`` ({font file: step})."""
    rows = "".join('    "%s": %d,\n' % (name, step) for name, step in advances.items())
    return "SPACED_ADVANCE = {\n" + rows + "}\n"


def write_advances(advances):
    """Rewrite the SPACED_ADVANCE table between app/artwork.py's "fonts:"
    markers; False if the markers are missing."""
    path = ROOT / "app" / "artwork.py"
    text = path.read_text()
    begin, end = "# fonts: begin\n", "# fonts: end\n"
    if begin not in text or end not in text:
        return False
    head, rest = text.split(begin, 1)
    path.write_text(head + begin + advance_table(advances) + end + rest.split(end, 1)[1])
    return True


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
        subset = subset_bdf(text, keep)
        with open(small, "w") as handle:
            handle.write(subset)
        out = os.path.join(OUT_DIR, "%s-%s.pcf" % (name, suffix))
        subprocess.run(["bdftopcf", "-o", out, small], check=True)
        if suffix == "latin2":
            strip = os.path.join(OUT_DIR, "%s-%s.strip" % (name, suffix))
            with open(strip, "wb") as handle:
                handle.write(strip_rows(subset_bdf(text, keep), keep))
            print("%s: %d bytes" % (os.path.relpath(strip, ROOT), os.path.getsize(strip)))
    return out, (spaced_advance(subset) if suffix == "digits" else None)


def main(argv=None):
    """Build every font in FONTS, print its size, and write the digit
    fonts' spaced advances into app/artwork.py (SPACED_ADVANCE)."""
    ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    advances = {}
    for name, keep, suffix in FONTS:
        out, advance = build(name, keep, suffix)
        print("%s: %d bytes" % (os.path.relpath(out, ROOT), os.path.getsize(out)))
        if advance is not None:
            advances[os.path.basename(out)] = advance
    if not write_advances(advances):
        print("app/artwork.py has no '# fonts: begin' / '# fonts: end' block", file=sys.stderr)
        return 1
    print("app/artwork.py: SPACED_ADVANCE " + ", ".join("%s %d" % item for item in advances.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
