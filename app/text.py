# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text as tiles: every character on screen is a cell of a TileGrid.

At start-up ``build_strip`` reads the glyphs of :data:`CHARS` of the
game's own 6 x 12 font (misc-fixed, public domain; fonts/6x12-latin2.pcf,
laid out as a strip in fonts/6x12-latin2.strip) into one 1-bit bitmap, a
glyph per tile (1.4 KB). The font is the game's
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

try:
    import bitmaptools
except ImportError:  # PewPew M4, Meowbit: their firmware has no bitmaptools
    bitmaptools = None

#: The strip's characters, in tile order: printable ASCII (0x20..0x7E) in
#: code order, so an ASCII character's tile is its code less FIRST; then
#: the letters Romanian and Czech are written with (both the comma-below
#: Ș ș Ț ț and the cedilla Ş ş Ţ ţ, so text typed either way draws), and
#: the marks their text uses. tools/ship/make_fonts.py puts exactly these
#: in the font, and the glass (tools/play/glass.py) reads tiles back as them.
CHARS = (
    " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"
    "ĂăÂâÎîȘșȚțŞşŢţ"
    "ÁáČčĎďÉéĚěÍíŇňÓóŘřŠšŤťÚúŮůÝýŽž"
    "„“”’–…°×"
)
#: First and last character of the ASCII run at the start of CHARS.
FIRST = const(32)
LAST = const(126)
#: Tiles of the last ASCII character and of the first one after the run.
_ASCII_LAST = const(94)
_EXTRAS = const(95)
#: Tile drawn for a character the strip lacks: '?'.
UNKNOWN = const(31)
#: Cell size (pixels): the firmware's terminal font's, so layouts are unchanged.
WIDTH = const(6)
HEIGHT = const(12)


def build_strip(file):
    """The strip, a Bitmap of a 6 x 12 glyph per character of :data:`CHARS`,
    read from ``file`` (fonts/6x12-latin2.strip, made with the font by
    tools/ship/make_fonts.py): 12 rows of 1-bit pixels, the first in the
    top bit, each row padded to 4 bytes, as PCF keeps a glyph's. One C call
    where the firmware has bitmaptools (the call adafruit_bitmap_font makes
    for a PCF glyph); byte by byte where it has none (PewPew M4, Meowbit).
    """
    strip = displayio.Bitmap(len(CHARS) * WIDTH, HEIGHT, 2)
    if bitmaptools is not None:
        bitmaptools.readinto(strip, file, bits_per_pixel=1, element_size=4, reverse_pixels_in_element=True)
        return strip
    width = strip.width
    row = bytearray((width + 31) // 32 * 4)
    for y in range(HEIGHT):
        file.readinto(row)
        base = y * width
        for at in range(len(row)):
            bits = row[at]
            if bits:  # most bytes of a row are blank
                x = base + at * 8
                for bit in range(8):
                    if bits & (0x80 >> bit):
                        strip[x + bit] = 1
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
            # ASCII by arithmetic, the rest by a search of the extras
            # (a few dozen characters, in C; no allocation).
            tile = ord(char) - FIRST
            if tile < 0 or tile > _ASCII_LAST:
                tile = CHARS.find(char, _EXTRAS)
                if tile < 0:
                    tile = UNKNOWN
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
                tile = ord(char) - FIRST
                if tile < 0 or tile > _ASCII_LAST:
                    tile = CHARS.find(char, _EXTRAS)
                    if tile < 0:
                        tile = UNKNOWN
            if grid[base + column] != tile:
                grid[base + column] = tile
