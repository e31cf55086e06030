# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for ``adafruit_pixelbuf`` (C in CircuitPython's firmware).

Only what the ``neopixel`` library uses: a byte buffer of ``size`` pixels
that calls ``_transmit`` on ``show()`` (and after each change with
``auto_write``).
"""


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False, header=None, trailer=None):
        self._bytes = bytearray(3 * size)
        self._size = size
        self.brightness = brightness
        self.auto_write = auto_write

    def __len__(self):
        return self._size

    def __setitem__(self, index, value):
        at = 3 * index
        self._bytes[at : at + 3] = bytes(value[:3])
        if self.auto_write:
            self.show()

    def __getitem__(self, index):
        at = 3 * index
        return tuple(self._bytes[at : at + 3])

    def fill(self, value):
        for index in range(self._size):
            at = 3 * index
            self._bytes[at] = value[0]
            self._bytes[at + 1] = value[1]
            self._bytes[at + 2] = value[2]
        if self.auto_write:
            self.show()

    def show(self):
        self._transmit(self._bytes)

    def _transmit(self, buffer):
        raise NotImplementedError
