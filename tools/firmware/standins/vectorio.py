# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for CircuitPython's ``vectorio`` (see displayio.py here for the idea).

A ``Rectangle`` costs what CircuitPython allocates for it: the
``vectorio_rectangle_t`` (24 B -> 32) and its ``vectorio_vector_shape_t``
(56 B -> 64), 96 B in all on a 32-bit build.
"""

import fakeworld

if fakeworld.missing("vectorio"):  # the faked board's firmware has none
    raise ImportError("no module named 'vectorio'")
from displayio import _OBJECT, _blocks, _Placed, _put16
from displaystate import RECT_COLOUR, RECT_HEIGHT, RECT_WIDTH, X, Y, unsigned16


class Rectangle(_Placed):
    """A filled rectangle in colour ``color_index`` of ``pixel_shader``."""

    # State: displaystate's: x, y, hidden, spare, width, height,
    # color_index, padded to the C size.
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        state = bytearray(96 - _OBJECT[2])
        _put16(state, X, x)
        _put16(state, Y, y)
        _put16(state, RECT_WIDTH, width)
        _put16(state, RECT_HEIGHT, height)
        _put16(state, RECT_COLOUR, color_index)
        self._s = state
        self.pixel_shader = pixel_shader

    @property
    def width(self):
        return unsigned16(self._s, RECT_WIDTH)

    @width.setter
    def width(self, value):
        _put16(self._s, RECT_WIDTH, value)

    @property
    def height(self):
        return unsigned16(self._s, RECT_HEIGHT)

    @height.setter
    def height(self, value):
        _put16(self._s, RECT_HEIGHT, value)

    @property
    def color_index(self):
        return unsigned16(self._s, RECT_COLOUR)

    @color_index.setter
    def color_index(self, value):
        _put16(self._s, RECT_COLOUR, value)

    @property
    def location(self):
        return (self.x, self.y)

    def _c_bytes(self):
        return 96

    def _overshoot(self):
        return _OBJECT[2] + _blocks(len(self._s)) - self._c_bytes()


class _FastRectangle:
    """A Rectangle for the fuel VM: plain attributes (not C-sized)."""

    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False


if fakeworld.FAST_PIXELS:
    Rectangle = _FastRectangle
