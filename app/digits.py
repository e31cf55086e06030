"""A row of digits from a sprite sheet: numbers change without allocating.

Used for SCORE and BEST. Each digit is one cell of a TileGrid over a
:class:`app.artwork.DigitSheet` (glyphs 0-9 and a blank), so showing a new
score is a few index assignments; a text label would build a new bitmap on
every change.
"""

import displayio

_BLANK = 10


class DigitStrip:
    """Up to ``width`` digits, centred on ``centre_x``, top at ``y``.

    :param sheet: an :class:`app.artwork.DigitSheet`.
    :param int width: most digits shown (1..9).
    """

    def __init__(self, sheet, width, centre_x, y):
        self.grid = displayio.TileGrid(
            sheet.bitmap,
            pixel_shader=sheet.palette,
            width=width,
            height=1,
            tile_width=sheet.advance,
            tile_height=sheet.height,
            default_tile=_BLANK,
            y=y,
        )
        self.advance = sheet.advance
        self.height = sheet.height
        self.width = width
        self._centre_x = centre_x
        self.value = -1
        self.set(0)

    def set(self, value):
        """Show ``value`` (0 .. 10**width - 1), centred. Allocates nothing.

        The work is split into small functions: MicroPython puts a frame of
        more than ~11 slots on the heap when there is no pystack.
        """
        if value == self.value:
            return
        self.value = value
        count = self._write_digits(value)
        self._blank_left(self.width - count)
        # Digits fill the right end; the strip moves so the used part is
        # centred (the last digit's trailing blank column is not ink).
        self.grid.x = self._centre_x - (count * self.advance - 1) // 2 - (self.width - count) * self.advance

    def _write_digits(self, value):
        # Right to left; returns how many digits were written.
        grid = self.grid
        position = self.width - 1
        grid[position] = value % 10
        value //= 10
        while value and position:
            position -= 1
            grid[position] = value % 10
            value //= 10
        return self.width - position

    def _blank_left(self, count):
        grid = self.grid
        for position in range(count):
            grid[position] = _BLANK

    def digits(self):
        """The digits shown, as a string (tests, the simulator)."""
        text = ""
        for position in range(self.width):
            index = self.grid[position]
            if index != _BLANK:
                text += str(index)
        return text
