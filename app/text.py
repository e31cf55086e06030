# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text as tiles: every character on screen is a cell of a TileGrid.

At start-up ``app.artwork.text_strip`` reads the glyphs (ASCII, then
:data:`EXTRAS`) of the game's own 6 x 12 font (misc-fixed, public domain:
fonts/6x12-latin2.pcf, laid out as a strip in fonts/6x12-latin2.strip)
into one 1-bit bitmap, a glyph per tile (1.4 KB). The font is the game's
on every board: the firmware's ``terminalio.FONT`` holds only the glyphs
of the language the firmware was built for, so an English firmware has no
ă, ș or ř (docs/device-facts.md). A ``TextGrid`` is a TileGrid over that
strip: writing text is one index assignment per character, so changing a
status line or a whole page allocates nothing and lays nothing out (a
text label would render a new bitmap each time). It is the same idea as
``terminalio.Terminal``, over the game's glyphs.

A cell is written only when its glyph changes: the firmware sends the box
round every cell written since the last refresh, even one given the glyph
it had (docs/architecture.md, "What a refresh sends"), so a page turn or a
status line sends only the cells that change. Reading a cell allocates
nothing.
"""

import displayio
from micropython import const

# The strip's characters, in tile order (CHARS, as the tools call the
# whole string: tools.text_chars()): printable ASCII, 0x20..0x7E in code
# order, so an ASCII character's tile is its code less _FIRST; then EXTRAS.
#: The characters after the ASCII run, from tile 95 on: the letters Romanian
#: and Czech are written with (both the comma-below Ș ș Ț ț and the cedilla
#: Ş ş Ţ ţ, so text typed either way draws) and the marks their text uses.
#: tools/ship/make_fonts.py puts exactly these in the font and the strip,
#: and the glass (tools/play/glass.py) reads tiles back as them. Only this
#: part is kept as a string on the board: ASCII is found by arithmetic.
EXTRAS = "ĂăÂâÎîȘșȚțŞşŢţÁáČčĎďÉéĚěÍíŇňÓóŘřŠšŤťÚúŮůÝýŽž„“”’–…°×"
#: How many glyphs the strip holds: ASCII, then EXTRAS.
COUNT = 95 + len(EXTRAS)
_FIRST = const(32)
_ASCII_LAST = const(94)  # the tile of "~"
_ASCII = const(95)  # tiles of the ASCII run
#: Tile drawn for a character the strip lacks: '?'.
_UNKNOWN = const(31)
#: Cell size (pixels): the firmware's terminal font's, so layouts are unchanged.
WIDTH = const(6)
HEIGHT = const(12)


class TextGrid:
    """``columns`` x ``rows`` characters in ``colour``; the background shows through.

    :param strip: the Bitmap from app.artwork.text_strip.
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
            # ASCII by arithmetic, the rest by a search of EXTRAS (a few
            # dozen characters, in C; no allocation).
            tile = ord(char) - _FIRST
            if tile < 0 or tile > _ASCII_LAST:
                tile = EXTRAS.find(char)
                tile = _UNKNOWN if tile < 0 else tile + _ASCII
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
            tile = 0  # a space
            if 0 <= at < length:
                char = text[at]
                tile = ord(char) - _FIRST
                if tile < 0 or tile > _ASCII_LAST:
                    tile = EXTRAS.find(char)
                    tile = _UNKNOWN if tile < 0 else tile + _ASCII
            if grid[base + column] != tile:
                grid[base + column] = tile
