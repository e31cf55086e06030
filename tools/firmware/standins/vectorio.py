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
from displayio import _OBJECT, _blocks, _get16, _Placed, _put16


class Rectangle(_Placed):
    """A filled rectangle in colour ``color_index`` of ``pixel_shader``."""

    # State: x, y, hidden (5), spare, width, height, color_index (2 each),
    # padded to the C size.
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        state = bytearray(96 - _OBJECT[2])
        _put16(state, 0, x)
        _put16(state, 2, y)
        _put16(state, 6, width)
        _put16(state, 8, height)
        _put16(state, 10, color_index)
        self._s = state
        self.pixel_shader = pixel_shader

    @property
    def width(self):
        return _get16(self._s, 6)

    @width.setter
    def width(self, value):
        _put16(self._s, 6, value)

    @property
    def height(self):
        return _get16(self._s, 8)

    @height.setter
    def height(self, value):
        _put16(self._s, 8, value)

    @property
    def color_index(self):
        return _get16(self._s, 10)

    @color_index.setter
    def color_index(self, value):
        _put16(self._s, 10, value)

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
