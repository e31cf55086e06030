# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for CircuitPython's ``fontio``.

``Glyph`` is a namedtuple there too (8 fields: a 48-byte tuple on a 32-bit
build); ``BuiltinFont`` makes a new one on every ``get_glyph`` call, as
CircuitPython does (shared-module/fontio/BuiltinFont.c).
"""

from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x", "shift_y"))


class BuiltinFont:
    """A fixed-width font whose glyphs are tiles of one bitmap (in flash on the board).

    :param bitmap: tiles of ``width`` x ``height`` pixels, one per character.
    :param str characters: the characters, in tile order.
    """

    def __init__(self, bitmap, width, height, characters):
        self.bitmap = bitmap
        self._width = width
        self._height = height
        self._characters = characters

    def get_bounding_box(self):
        return (self._width, self._height)

    def get_glyph(self, codepoint):
        index = self._characters.find(chr(codepoint))
        if index < 0:
            return None
        return Glyph(self.bitmap, index, self._width, self._height, 0, 0, self._width, 0)


try:  # CPython (the desktop): the Adafruit libraries' type hints name it
    from typing import Protocol

    class FontProtocol(Protocol):
        """What a font gives: ``get_bounding_box()`` and ``get_glyph(codepoint)``."""

        def get_bounding_box(self): ...

        def get_glyph(self, codepoint): ...

except ImportError:  # a MicroPython VM: no typing, no hints
    pass
