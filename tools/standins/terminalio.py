# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for CircuitPython's ``terminalio``: ``FONT``, a 6x12 fixed-width font.

On the board the font and its bitmap are compiled into flash (no heap);
here they are built when this module is imported, which measuring tools
count as part of the stand-ins' own cost and subtract. The glyphs are
blank: the measurements need their sizes, not their shapes.
"""

import fakeworld

if fakeworld.missing("terminalio"):  # the faked board's firmware has none
    raise ImportError("no module named 'terminalio'")

import displayio
from fontio import BuiltinFont

_CHARACTERS = "".join(chr(code) for code in range(32, 127)) + "\u00b0\u2026"

FONT = BuiltinFont(displayio.Bitmap(6 * len(_CHARACTERS), 12, 2), 6, 12, _CHARACTERS)
