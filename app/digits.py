"""A row of digits drawn from a sprite sheet: numbers change without allocating.

Used for SCORE and BEST. Each digit is one cell of a TileGrid over a small
Bitmap holding the glyphs 0-9, a blank and an "M", so updating a score is a
few index assignments; a text label would build a new bitmap on every
change. A number too long for the strip is shown in whole millions with an
M ("1073M"): the compact form. The game never needs it (the score stops at
3,932,164, 7 digits), but no number can overflow the strip.
"""

import displayio

from app import faces

_BLANK = 10
# The compact form's "M" (drawn by hand: the digit fonts hold digits only).
_MILLIONS = 11
_MILLION = 1000000


def _draw_m(sheet, left, advance, height):
    # An M filling its cell (it is always the last character, so nothing
    # follows it; the digit before it ends in a blank column): two
    # full-height strokes joined by a V down to the middle.
    width = advance
    for y in range(height):
        sheet[left, y] = 1
        sheet[left + width - 1, y] = 1
    for step in range(1, (width + 1) // 2):
        if step < height:
            sheet[left + step, step] = 1
            sheet[left + width - 1 - step, step] = 1


class DigitStrip:
    """Up to ``width`` digits of ``font`` in ``colour`` on ``background``.

    :param font: a font whose digit glyphs are loaded.
    :param int width: most digits shown (2..9); from ``10 ** width`` on, the
        number shows in whole millions and an M.
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
        sheet = displayio.Bitmap(advance * 12, height, 2)
        for digit in range(10):
            faces._ink(font, str(digit), sheet, digit * advance, -top, 1)
        _draw_m(sheet, _MILLIONS * advance, advance, height)
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
        # The first number too long to show in full (below 2**30 for 9).
        self._limit = 10**width
        self.value = -1
        self.set(0)

    def set(self, value):
        """Show ``value`` (an int >= 0), centred. Allocates nothing.

        Up to ``10**width - 1`` every digit shows; larger numbers show in
        whole millions (rounded down) and an M, at most ``10**(width-1) - 1``
        millions (for 7 positions: every int the game can hold, < 2**30).

        The work is split into small functions: MicroPython puts a frame of
        more than ~11 slots on the heap when there is no pystack.
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

    def _write_millions(self, value):
        # The compact form; returns how many positions it uses.
        self.grid[self.width - 1] = _MILLIONS
        millions = value // _MILLION
        most = self._limit // 10 - 1
        if millions > most:
            millions = most
        return self.width - self._write_digits(millions, self.width - 2)

    def _write_digits(self, value, position):
        # Right to left from ``position``; returns the leftmost one written.
        grid = self.grid
        grid[position] = value % 10
        value //= 10
        while value and position:
            position -= 1
            grid[position] = value % 10
            value //= 10
        return position

    def _blank_left(self, count):
        grid = self.grid
        for position in range(count):
            grid[position] = _BLANK

    def digits(self):
        """The digits shown, as a string (for tests and debugging)."""
        text = ""
        for position in range(self.width):
            index = self.grid[position]
            if index == _MILLIONS:
                text += "M"
            elif index != _BLANK:
                text += str(index)
        return text
