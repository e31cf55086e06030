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
the PyBadge. 6x12-ascii.pcf (printable ASCII) stands in for terminalio.FONT
on boards whose firmware has no terminalio (PewPew M4). The output files
are committed; this tool only documents how they were made.
"""

import gzip
import os
import subprocess
import sys
import tempfile

from tools import ROOT, ArgumentParser

SOURCE_DIR = "/usr/share/fonts/X11/misc"
OUT_DIR = ROOT / "fonts"

DIGITS = "0123456789 "
#: The digits and the K of a tile's short form (16K .. 128K: app.layout.Layout.short_from).
SHORT = DIGITS + "K"
ASCII = "".join(chr(code) for code in range(32, 127))
#: (source font name, characters kept, output suffix). All misc-fixed: public domain.
FONTS = (
    ("9x18B", DIGITS, "digits"),  # tiles 2..64 (1-2 digits), 240x240 scores
    ("8x13B", SHORT, "digits"),  # tiles 128..512, 16K..64K on small tiles
    ("6x13", SHORT, "digits"),  # tiles 1024..8192 and 128K on small tiles, scores up to 6 digits
    ("6x13B", DIGITS, "digits"),  # 240x240: tiles 128..512 at twice the size, 131072
    ("5x8", DIGITS, "digits"),  # 7-digit scores, 128x128 scores
    ("4x6", DIGITS, "digits"),  # 128x128: 7-digit scores
    ("6x12", ASCII, "ascii"),  # text where the firmware has no terminalio
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
    lines = []
    for line in head.splitlines():
        if line.startswith("CHARS "):
            line = "CHARS %d" % len(kept)
        lines.append(line)
    return "\n".join(lines) + "\n" + "".join(kept) + "ENDFONT\n"


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
