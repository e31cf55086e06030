# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The board's NeoPixels, all one colour, written with the firmware's ``neopixel_write``.

All the game does with them is light them in one colour and put them out
(app.feedback), so it needs neither the neopixel library (2 KB of code on
the heap) nor a tuple per colour: one bytearray, filled in place.
"""


class Pixels:
    """``count`` NeoPixels on ``pin`` (GRB order, as WS2812 parts take it).

    :raises ImportError: the firmware has no ``neopixel_write``.
    """

    def __init__(self, pin, count):
        import digitalio
        import neopixel_write

        self._write = neopixel_write.neopixel_write
        self._pin = digitalio.DigitalInOut(pin)
        self._pin.switch_to_output(value=False)
        self._buffer = bytearray(3 * count)
        self.fill(0)

    def fill(self, colour):
        """Light every pixel in ``colour`` (0xRRGGBB); 0 puts them out."""
        buffer = self._buffer
        red = (colour >> 16) & 0xFF
        green = (colour >> 8) & 0xFF
        blue = colour & 0xFF
        for index in range(0, len(buffer), 3):
            buffer[index] = green
            buffer[index + 1] = red
            buffer[index + 2] = blue
        self._write(self._pin, buffer)
