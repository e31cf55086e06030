# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for CircuitPython's ``terminalio``: ``FONT``, the firmware's 6x12 font.

On the board the font and its bitmap are compiled into flash (no heap).
The firmware's build makes that bitmap from the Terminus font
``ter-u12n.bdf`` (tools/gen_display_resources.py in CircuitPython): one
6x12 tile per character, printable ASCII first, each glyph placed at its
BDF x offset and so that its baseline is row 10 (the tile's height less
the font's 2-pixel descent). Its ``get_glyph`` gives every glyph as the
whole tile: width 6, height 12, dx 0, dy 0 (shared-module/fontio/
BuiltinFont.c).

Here the strip is built so when this module is imported. On the desktop
``fakeworld.terminal_font`` names that BDF file (Blinka's displayio ships
the same one), and the glyphs are the firmware's; in the measuring VMs it
is None and the glyphs stay blank: measurements need their sizes, not
their shapes (and count the strip as the stand-ins' own cost).
"""

import fakeworld

if fakeworld.missing("terminalio"):  # the faked board's firmware has none
    raise ImportError("no module named 'terminalio'")

import displayio
from fontio import BuiltinFont

_CHARACTERS = "".join(chr(code) for code in range(32, 127)) + "\u00b0\u2026"
#: The tile, and the rows below the baseline (the firmware's generator takes 2).
_WIDTH = 6
_HEIGHT = 12
_DESCENT = 2


def _strip(path):
    bitmap = displayio.Bitmap(_WIDTH * len(_CHARACTERS), _HEIGHT, 2)
    if path is None:
        return bitmap
    # The same bits at every power-on: on the desktop, made once (half of
    # a power-on's time went here).
    kept = fakeworld.kept
    made = None if kept is None else kept.get(("terminalio strip", path))
    if made is not None:
        bitmap._s[:] = made
        return bitmap
    for index, char in enumerate(_CHARACTERS):
        glyph = _bdf_glyph(path, ord(char))
        if glyph is None:
            continue
        width, height, x_offset, y_offset, rows = glyph
        top = (_HEIGHT - _DESCENT) - (height + y_offset)
        row_bits = (width + 7) // 8 * 8  # a BDF row is whole bytes, first pixel in the top bit
        for y, row in enumerate(rows):
            for x in range(width):
                if (row >> (row_bits - 1 - x)) & 1:
                    bitmap[index * _WIDTH + x_offset + x, top + y] = 1
    if kept is not None:
        kept[("terminalio strip", path)] = bytes(bitmap._s)
    return bitmap


_GLYPHS = {}


def _bdf_glyph(path, code):
    # (width, height, x offset, y offset, rows as ints) of ``code`` in the BDF file.
    if not _GLYPHS:
        with open(path) as handle:
            encoding = bbx = None
            rows = None
            for line in handle:
                words = line.split()
                if not words:
                    continue
                if words[0] == "ENCODING":
                    encoding = int(words[1])
                elif words[0] == "BBX":
                    bbx = [int(word) for word in words[1:5]]
                elif words[0] == "BITMAP":
                    rows = []
                elif words[0] == "ENDCHAR":
                    _GLYPHS[encoding] = (bbx[0], bbx[1], bbx[2], bbx[3], rows)
                    rows = None
                elif rows is not None:
                    rows.append(int(words[0], 16))
    return _GLYPHS.get(code)


FONT = BuiltinFont(_strip(getattr(fakeworld, "terminal_font", None)), _WIDTH, _HEIGHT, _CHARACTERS)
_GLYPHS.clear()
