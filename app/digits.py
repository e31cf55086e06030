"""A row of digits drawn from a sprite sheet: numbers change without allocating.

Used for SCORE and BEST. Each digit is one cell of a TileGrid over a small
Bitmap holding the glyphs 0-9 and a blank, so updating a score is a few
index assignments; a text label would build a new bitmap on every change.
"""

import displayio

from app import faces

_BLANK = 10


class DigitStrip:
    """Up to ``width`` digits of ``font`` in ``colour`` on ``background``.

    :param font: a font whose digit glyphs are loaded.
    :param int width: most digits shown (1..9).
    :param int centre_x: the number is centred on this x (pixels).
    :param int y: top of the digits (pixels).
    """

    def __init__(self, font, width, centre_x, y, colour, background):
        top = 1000
        bottom = -1000
        for digit in "0123456789":
            _, min_y, _, max_y = faces._ink(font, digit, None, 0, 0, 0)
            top = min(top, min_y)
            bottom = max(bottom, max_y)
        advance = font.get_glyph(ord("0")).shift_x
        height = bottom - top + 1
        sheet = displayio.Bitmap(advance * 11, height, 2)
        for digit in range(10):
            faces._ink(font, str(digit), sheet, digit * advance, -top, 1)
        palette = displayio.Palette(2)
        palette[0] = background
        palette[1] = colour
        # Blank cells may stick out of the box the number sits in.
        palette.make_transparent(0)
        self.grid = displayio.TileGrid(
            sheet,
            pixel_shader=palette,
            width=width,
            height=1,
            tile_width=advance,
            tile_height=height,
            default_tile=_BLANK,
            y=y,
        )
        self.advance = advance
        self.height = height
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
        """The digits shown, as a string (for tests and debugging)."""
        text = ""
        for position in range(self.width):
            index = self.grid[position]
            if index != _BLANK:
                text += str(index)
        return text
