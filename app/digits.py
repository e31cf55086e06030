# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A row of digits from a sprite sheet: numbers change without allocating.

Used for SCORE and BEST. Each digit is one cell of a TileGrid over a
:class:`app.artwork.DigitSheet` (glyphs 0-9, a blank and an "M"), so
showing a new score is a few index assignments; a text label would build a
new bitmap on every change. A number too long for the strip is shown in
whole millions with an M ("1073M"): the compact form. The game never needs
it (the score stops at 3,932,164, 7 digits), but no number can overflow
the strip.
"""

import displayio
from micropython import const

#: Tiles of a digit sheet after the digits 0-9 (app.artwork draws them).
BLANK = 10
MILLIONS = 11
_MILLION = const(1000000)


class DigitStrip:
    """Up to ``width`` digits, centred on ``centre_x``, top at ``y``.

    :param sheet: an :class:`app.artwork.DigitSheet`.
    :param int width: most digits shown (2..9); from ``10 ** width`` on, the
        number shows in whole millions and an M.
    """

    def __init__(self, sheet, width, centre_x, y):
        self.grid = displayio.TileGrid(
            sheet.bitmap,
            pixel_shader=sheet.palette,
            width=width,
            height=1,
            tile_width=sheet.advance,
            tile_height=sheet.height,
            default_tile=BLANK,
            y=y,
        )
        self.advance = sheet.advance
        self.height = sheet.height
        self.width = width
        self._centre_x = centre_x
        # The first number too long to show in full (below 2**30 for 9).
        self._limit = 10**width
        self.value = -1
        self.set(0)

    def set(self, value):
        """Show ``value`` (an int >= 0), centred. Allocates nothing.

        Up to ``10**width - 1`` every digit shows; larger numbers show in
        whole millions (rounded down) and an M, at most ``10**(width-1) - 1``
        millions (for 7 positions: every int the game can hold, < 2**30).
        """
        if value == self.value:
            return
        self.value = value
        if value < self._limit:
            count = self.width - self._write_digits(value, self.width - 1)
        else:
            count = self._write_millions(value)
        self._blank_left(self.width - count)
        # Digits fill the right end; the strip moves so the used part is
        # centred (the last digit's trailing blank column is not ink).
        self.grid.x = self._centre_x - (count * self.advance - 1) // 2 - (self.width - count) * self.advance

    # Each position is written only when its digit changes: the firmware
    # sends the box round every tile written, even one given the tile it had.
    def _write_millions(self, value):
        # The compact form; returns how many positions it uses.
        if self.grid[self.width - 1] != MILLIONS:
            self.grid[self.width - 1] = MILLIONS
        millions = value // _MILLION
        most = self._limit // 10 - 1
        if millions > most:
            millions = most
        return self.width - self._write_digits(millions, self.width - 2)

    def _write_digits(self, value, position):
        # Right to left from ``position``; returns the leftmost one written.
        grid = self.grid
        if grid[position] != value % 10:
            grid[position] = value % 10
        value //= 10
        while value and position:
            position -= 1
            if grid[position] != value % 10:
                grid[position] = value % 10
            value //= 10
        return position

    def _blank_left(self, count):
        grid = self.grid
        for position in range(count):
            if grid[position] != BLANK:
                grid[position] = BLANK

    def digits(self):
        """The digits shown, as a string (tests, the simulator)."""
        text = ""
        for position in range(self.width):
            index = self.grid[position]
            if index == MILLIONS:
                text += "M"
            elif index != BLANK:
                text += str(index)
        return text
