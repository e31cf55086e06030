# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Build the subset PCF fonts in fonts/ from Debian's public-domain misc-fixed fonts.

Run once on a desktop (needs the Debian packages xfonts-base, pcf2bdf and
xfonts-utils for bdftopcf)::

    apt-get install xfonts-base pcf2bdf xfonts-utils
    .venv/bin/python tools/make_fonts.py

Each font keeps only the glyphs the game draws (digits, plus a space), so the
files are a few hundred bytes and load in milliseconds on the PyBadge. The
output files are committed; this tool only documents how they were made.
"""

import gzip
import os
import subprocess
import sys
import tempfile

SOURCE_DIR = "/usr/share/fonts/X11/misc"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "fonts")

DIGITS = "0123456789 "
#: (source font name, characters kept). All misc-fixed: public domain.
FONTS = (
    ("9x18B", DIGITS),  # tiles 2..64 (1-2 digits)
    ("8x13B", DIGITS),  # tiles 128..512, scores
    ("6x13B", DIGITS),  # tiles 1024..8192, scores up to 6 digits
    ("5x8", DIGITS),  # tiles 16384..65536, 7-digit scores
    ("4x6", DIGITS),  # tile 131072
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


def build(name, keep):
    """Write fonts/<name>-digits.pcf from the system's <name>.pcf.gz."""
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
        out = os.path.join(OUT_DIR, name + "-digits.pcf")
        subprocess.run(["bdftopcf", "-o", out, small], check=True)
    return out


def main():
    """Build every font in FONTS and print its size."""
    for name, keep in FONTS:
        out = build(name, keep)
        print("%s: %d bytes" % (os.path.relpath(out, ROOT), os.path.getsize(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
