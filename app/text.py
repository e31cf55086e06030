# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text as tiles: every character on screen is a cell of a TileGrid.

At start-up ``build_strip`` copies the printable ASCII glyphs of
``terminalio.FONT`` (6 x 12 cells, in flash on the board; a 6 x 12 PCF
where the firmware has no terminalio) into one 1-bit bitmap, a glyph per
tile (~0.9 KB). A ``TextGrid`` is a TileGrid over that
strip: writing text is one index assignment per character, so changing a
status line or a whole page allocates nothing and lays nothing out (a
text label would render a new bitmap each time). It is the same idea as
``terminalio.Terminal``; the strip is built rather than borrowed because
the desktop's terminalio keeps one bitmap per glyph.

A cell is written only when its glyph changes: the firmware sends the box
round every cell written since the last refresh, even one given the glyph
it had (docs/architecture.md, "What a refresh sends"), so a page turn or a
status line sends only the cells that change. Reading a cell allocates
nothing.
"""

import displayio

try:
    import bitmaptools
except ImportError:  # PewPew M4, Meowbit: their firmware has no bitmaptools
    bitmaptools = None

#: First and last character in the strip (printable ASCII).
FIRST = 32
LAST = 126
#: Cell size of terminalio.FONT.
WIDTH = 6
HEIGHT = 12


def build_strip(font):
    """The strip of glyphs FIRST..LAST of ``font`` as a Bitmap.

    ``font`` is terminalio.FONT (each glyph a 6 x 12 cell of its own strip)
    or, on a firmware without terminalio, a 6 x 12 font from
    adafruit_bitmap_font (each glyph its own bitmap, placed on the baseline
    by its ``dx``, ``dy`` and the font's ``ascent``).
    """
    count = LAST - FIRST + 1
    strip = displayio.Bitmap(count * WIDTH, HEIGHT, 2)
    ascent = getattr(font, "ascent", HEIGHT)
    for code in range(FIRST, LAST + 1):
        glyph = font.get_glyph(code)
        if glyph is None:
            continue
        # The glyph's pixels in its source bitmap, and where they go in its cell.
        left = glyph.tile_index * glyph.width
        x = max(0, glyph.dx)
        y = max(0, ascent - glyph.height - glyph.dy)
        width = min(glyph.width, WIDTH - x)
        height = min(glyph.height, HEIGHT - y)
        if width <= 0 or height <= 0:
            continue
        x += (code - FIRST) * WIDTH
        if bitmaptools is not None:
            bitmaptools.blit(strip, glyph.bitmap, x, y, x1=left, y1=0, x2=left + width, y2=height)
            continue
        source = glyph.bitmap
        stride = source.width
        for row in range(height):
            into = (y + row) * strip.width + x
            start = row * stride + left
            for column in range(width):
                if source[start + column]:
                    strip[into + column] = 1
    return strip


class TextGrid:
    """``columns`` x ``rows`` characters in ``colour``; the background shows through.

    :param strip: the Bitmap from :func:`build_strip`.
    :param int colour: 0xRRGGBB of the text.
    :param int x: left edge (pixels).
    :param int y: top edge (pixels).
    """

    def __init__(self, strip, columns, rows, colour, x=0, y=0):
        palette = displayio.Palette(2)
        palette[0] = 0
        palette[1] = colour
        palette.make_transparent(0)
        self.palette = palette
        self.grid = displayio.TileGrid(
            strip,
            pixel_shader=palette,
            width=columns,
            height=rows,
            tile_width=WIDTH,
            tile_height=HEIGHT,
            default_tile=0,
            x=x,
            y=y,
        )
        self.columns = columns
        self.rows = rows

    def write(self, row, column, text):
        """Put ``text`` at (``row``, ``column``); what does not fit is cut. Returns the column after it."""
        grid = self.grid
        columns = self.columns
        base = row * columns
        for char in text:
            if column >= columns:
                break
            code = ord(char)
            tile = code - FIRST if FIRST <= code <= LAST else 31  # '?' for the unknown
            if grid[base + column] != tile:
                grid[base + column] = tile
            column += 1
        return column

    def line(self, row, text, centre=False):
        """Make ``row`` show just ``text`` (left-aligned, or centred); what does not fit is cut."""
        # One flat loop (no calls): pages and banners are drawn from deep
        # in a frame, and every call costs pystack on the board.
        grid = self.grid
        columns = self.columns
        length = len(text)
        start = (columns - length) // 2 if centre and length < columns else 0
        base = row * columns
        for column in range(columns):
            at = column - start
            code = ord(text[at]) if 0 <= at < length else FIRST
            tile = code - FIRST if FIRST <= code <= LAST else 31  # '?' for the unknown
            if grid[base + column] != tile:
                grid[base + column] = tile
