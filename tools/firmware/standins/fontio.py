# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for CircuitPython's ``fontio``: what adafruit_bitmap_font takes from it.

``Glyph`` is a namedtuple there too (8 fields: a 48-byte tuple on a 32-bit
build). The firmware's ``BuiltinFont`` (terminalio.FONT) is not here: the
game draws its text from a font it ships (app/text.py).
"""

from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x", "shift_y"))


try:  # CPython (the desktop): the Adafruit libraries' type hints name it
    from typing import Protocol

    class FontProtocol(Protocol):
        """What a font gives: ``get_bounding_box()`` and ``get_glyph(codepoint)``."""

        def get_bounding_box(self): ...

        def get_glyph(self, codepoint): ...

except ImportError:  # a MicroPython VM: no typing, no hints
    pass
