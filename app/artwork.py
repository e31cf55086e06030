# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Start-up only: draw every bitmap the screens show, then let the fonts go.

``paint(font_dir, layout)`` loads the digit fonts (subset misc-fixed PCF
files in fonts/, public domain; see fonts/LICENSE-misc-fixed.txt), draws

* the tile faces: one sheet of shapes, 2 bits a pixel, with a face per
  exponent (0 = empty, 1 = "2" ... 17 = "131072") and the two small
  "appearing" faces; each cell of the board colours its face with its own
  4-colour palette (app.board_view), so showing a tile is an index and two
  colours;
* the SCORE / BEST digit sheets (0-9 and a blank);
* the hint arrow (one frame; the TileGrid turns it);
* the text strip for :mod:`app.text` (fonts/6x12-latin2.strip on every
  board: the firmware's terminal font lacks most letters of Romanian and
  Czech),

closes the fonts and returns the bitmaps. code.py then drops this module
and the font loader from memory (app.memory.forget): nothing here is
needed while playing.

Pixels are addressed by int index (``y * width + x``) so that drawing
allocates nothing per pixel (an ``(x, y)`` key is a new tuple each time).
"""

from collections import namedtuple

import displayio
from adafruit_bitmap_font.pcf import PCF
from micropython import const

try:
    import bitmaptools
except ImportError:  # PewPew M4, Meowbit: their firmware has no bitmaptools
    bitmaptools = None

from app import text, theme

DIGITS = "0123456789"
#: What a tile's number is drawn from: the digits and the K of the short
#: form (16K .. 128K, app.layout.Layout.short_from; only some fonts have it).
TILE_CHARACTERS = "0123456789K"
#: The text strip: a 6 x 12 glyph per character (ASCII, app.text.EXTRAS), laid
#: out from fonts/6x12-latin2.pcf by tools/ship/make_fonts.py.
TEXT_STRIP = "6x12-latin2.strip"
#: Pixel values of the face sheet (see app.theme.FACE_CLEAR ...).
_CLEAR = const(0)
_INK = const(1)
_TILE = const(2)
_EMPTY = const(3)
#: Side of the small tile on an appearing face (pixels), for a 27 px tile.
_SMALL_SHARE = const(17)


# What paint() returns. Named tuples, not classes: a class's methods would
# keep this module (and through PCF, the font loader) in memory after
# code.py has let them go.
#: Digits 0-9, a blank (tile 10) and an M (11) of one font, for app.digits.DigitStrip.
DigitSheet = namedtuple("DigitSheet", ("bitmap", "palette", "advance", "height"))
#: Everything paint() drew: the faces (shapes: each cell's palette colours
#: them, app.board_view.face_palettes), the (up to 6 digits,
#: 7 digits) DigitSheets for SCORE and BEST, the hint arrow and its
#: palette, and the text strip for app.text.
Art = namedtuple("Art", ("faces", "score_digits", "arrow", "arrow_palette", "text_strip"))


def load_fonts(font_dir, names):
    """{file name: PCF font with the digits (and a K, where it has one)
    loaded} for each name (each file once)."""
    fonts = {}
    for name in names:
        if name not in fonts:
            font = PCF(open(font_dir + "/" + name, "rb"), displayio.Bitmap)
            font.load_glyphs(TILE_CHARACTERS)
            fonts[name] = font
    return fonts


def text_strip(font_dir):
    """The text strip for :mod:`app.text`: a Bitmap of a 6 x 12 glyph per
    character (ASCII, then app.text.EXTRAS), read from :data:`TEXT_STRIP`
    in ``font_dir``: 12 rows of 1-bit pixels, the first in the top bit, each
    row padded to 4 bytes, as PCF keeps a glyph's. One C call where the
    firmware has bitmaptools (the call adafruit_bitmap_font makes for a PCF
    glyph); byte by byte where it has none (PewPew M4, Meowbit). Here, not
    in app.text, so that the code goes with this module after start-up.
    """
    strip = displayio.Bitmap(text.COUNT * text.WIDTH, text.HEIGHT, 2)
    with open(font_dir + "/" + TEXT_STRIP, "rb") as file:
        if bitmaptools is not None:
            bitmaptools.readinto(strip, file, bits_per_pixel=1, element_size=4, reverse_pixels_in_element=True)
            return strip
        width = strip.width
        row = bytearray((width + 31) // 32 * 4)
        for y in range(text.HEIGHT):
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


def close_fonts(fonts):
    """Close the font files (the glyphs go with the dict)."""
    for font in fonts.values():
        font.file.close()
    fonts.clear()


def ink_bounds(font, text_to_draw):
    """Ink bounds (min_x, min_y, max_x, max_y) of ``text_to_draw``, relative
    to the pen's start on the baseline."""
    return _ink(font, text_to_draw, None, 0, 0, 0)


# The pen's step from one digit to the next (pixels, at scale 1) that
# leaves a blank column between any two digits' ink, by font file: the
# font's own advance, or one more where its digits fill their cells (6x13
# bold's do: "1088" would touch). Worked out from the glyphs' pixels by
# tools/ship/make_fonts.py, which writes this table, so that start-up reads
# no pixel to find it (tests/test_digits_legible.py measures it again).
# fonts: begin
SPACED_ADVANCE = {
    "9x18B-digits.pcf": 9,
    "8x13B-digits.pcf": 8,
    "6x13-digits.pcf": 6,
    "6x13B-digits.pcf": 7,
    "5x8-digits.pcf": 5,
    "4x6-digits.pcf": 4,
}
# fonts: end


def _number_bounds(font, number, digits, advance):
    # Ink bounds of a number from its characters' own bounds, each measured
    # once per font (``digits``: char -> bounds, filled here), the pen
    # moving ``advance`` a character.
    min_x = min_y = 1000
    max_x = max_y = -1000
    pen = 0
    for char in number:
        bounds = digits.get(char)
        if bounds is None:
            bounds = digits[char] = ink_bounds(font, char)
        min_x = min(min_x, pen + bounds[0])
        min_y = min(min_y, bounds[1])
        max_x = max(max_x, pen + bounds[2])
        max_y = max(max_y, bounds[3])
        pen += advance
    return min_x, min_y, max_x, max_y


def fill(bitmap, x1, y1, x2, y2, value):
    """Fill the rectangle x1 <= x < x2, y1 <= y < y2 of ``bitmap`` with ``value``
    (bitmaptools.fill_region, in C, where the firmware has it)."""
    if bitmaptools is not None:
        bitmaptools.fill_region(bitmap, x1, y1, x2, y2, value)
        return
    width = bitmap.width
    for y in range(y1, y2):
        for x in range(x1, x2):
            bitmap[y * width + x] = value


def _stamp(sheet, font, text_to_draw, left, base, scale=1, advance=0):
    # Copy the glyphs' ink (value 1) into ``sheet`` with the pen starting at
    # (left, base) on the baseline: one blit (C) per character, the pen
    # moving ``advance`` (0: each glyph's own). Rows or columns of a
    # glyph's box that fall off the sheet hold no ink here. Scaled text, or
    # a firmware without bitmaptools: pixel by pixel.
    if scale != 1 or bitmaptools is None:
        _ink(font, text_to_draw, sheet, left, base, 1, scale, advance)
        return
    pen = 0
    for char in text_to_draw:
        glyph = font.get_glyph(ord(char))
        start = glyph.tile_index * glyph.width
        x = left + pen + glyph.dx
        y = base - glyph.height - glyph.dy
        x1 = start - min(0, x)
        y1 = -min(0, y)
        bitmaptools.blit(
            sheet,
            glyph.bitmap,
            max(0, x),
            max(0, y),
            x1=x1,
            y1=y1,
            x2=start + glyph.width,
            y2=glyph.height,
            skip_source_index=0,
        )
        pen += advance or glyph.shift_x


def _ink(font, text_to_draw, sheet, left, base, ink, scale=1, advance=0):
    # Draw (or, with sheet None, only measure) the text's ink with its pen
    # starting at (left, base) on the baseline, one pixel at a time (for an
    # ink other than 1, and to measure), moving ``advance`` a character (0:
    # each glyph's own); at ``scale``, each glyph pixel is a scale x scale
    # square (the pen and offsets scaled too).
    min_x = min_y = 1000
    max_x = max_y = -1000
    width = sheet.width if sheet is not None else 0
    pen = 0
    for char in text_to_draw:
        glyph = font.get_glyph(ord(char))
        bitmap = glyph.bitmap
        stride = bitmap.width
        # PCF glyphs each own a bitmap (tile_index 0); a shared strip
        # would put this glyph at tile_index * width.
        start = glyph.tile_index * glyph.width
        for gy in range(glyph.height):
            y = gy - glyph.height - glyph.dy
            row = gy * stride + start
            for gx in range(glyph.width):
                if bitmap[row + gx]:
                    x = pen + glyph.dx + gx
                    if sheet is None:
                        min_x = min(min_x, x)
                        max_x = max(max_x, x)
                        min_y = min(min_y, y)
                        max_y = max(max_y, y)
                    elif scale == 1:
                        sheet[(base + y) * width + left + x] = ink
                    else:
                        column = left + scale * x
                        row_top = base + scale * y
                        fill(sheet, column, row_top, column + scale, row_top + scale, ink)
        pen += advance or glyph.shift_x
    return min_x, min_y, max_x, max_y


def _tile(sheet, tile, left, inset, slot):
    # A tile of colour ``slot``, ``inset`` pixels inside the ``tile`` x
    # ``tile`` face starting at column ``left``, its four corner pixels
    # knocked out for a rounded look. A new Bitmap is all zeros (_CLEAR);
    # fill_region runs in C on the board.
    low = inset
    high = tile - inset  # exclusive
    fill(sheet, left + low, low, left + high, high, slot)
    corner = _CLEAR if inset == 0 else _EMPTY
    width = sheet.width
    for x, y in ((low, low), (high - 1, low), (low, high - 1), (high - 1, high - 1)):
        sheet[y * width + left + x] = corner


def draw_faces(fonts, layout):
    """The tile-face sheet: a tile high, a face every tile across (``layout.tile``
    pixels, or half that where the board is drawn at half resolution:
    ``layout.board_scale``).

    Face ``e`` is the tile of exponent ``e`` (0 empty .. 17), then the
    appearing 2 and 4 (:data:`app.theme.APPEARING`). A face is the tile
    alone: its four corner pixels are clear (transparent), and the gaps
    round it are no part of it. The board's backdrop shows in the gaps,
    and the merge rings under the cells show round them (app.board_view
    places each cell ``gap`` pixels inside its pitch), so no face pays
    for the gap's pixels: 2 bits x (tile + gap) ** 2 a face would.

    The sheet holds shapes, not colours (2 bits a pixel: app.theme.FACE_CLEAR,
    FACE_INK, FACE_TILE, FACE_EMPTY); a cell's palette gives them its
    tile's colours. One shared 16-colour sheet would take twice the bytes:
    a cell's 4-colour palette and its own TileGrid cost far less.

    The faces stand side by side, not one above the other: a Bitmap's rows
    are padded to 32 bits, and one long row wastes at most 30 bits where a
    column of faces wastes up to 30 on each of its rows (10 bits a row of
    27 px faces on the PyBadge).
    """
    tile = layout.tile // layout.board_scale
    sheet = displayio.Bitmap(tile * theme.FACE_COUNT, tile, 4)
    small = tile * _SMALL_SHARE // 27
    measured = {}  # font file -> its digits' bounds
    for face in range(theme.FACE_COUNT):
        origin = face * tile
        exponent = face if face < theme.APPEARING else face - theme.APPEARING + 1
        inset = 0
        if face >= theme.APPEARING:
            # A small tile in the middle of an empty cell.
            _tile(sheet, tile, origin, 0, _EMPTY)
            inset = (tile - small) // 2
        _tile(sheet, tile, origin, inset, _TILE)
        if exponent:
            number = tile_text(layout, exponent)
            name, scale = layout.tile_fonts[len(number) - 1]
            font = fonts[name]
            advance = SPACED_ADVANCE[name]
            min_x, min_y, max_x, max_y = _number_bounds(font, number, measured.setdefault(name, {}), advance)
            # Centre the ink (not the advance box) in the tile, at its scale.
            min_x *= scale
            min_y *= scale
            max_x = max_x * scale + scale - 1
            max_y = max_y * scale + scale - 1
            left = origin + (tile - (max_x - min_x + 1)) // 2 - min_x
            base = (tile - (max_y - min_y + 1)) // 2 - min_y
            _stamp(sheet, font, number, left, base, scale, advance)
    return sheet


def tile_text(layout, exponent):
    """What the tile of ``exponent`` shows on ``layout``: its number, or from
    ``layout.short_from`` on its number of 1024s and a K (16384: "16K")."""
    if exponent < layout.short_from:
        return str(1 << exponent)
    return str(1 << (exponent - 10)) + "K"


def _draw_m(sheet, left, width, height):
    # An M filling its cell, by hand (the digit fonts hold digits only): it
    # is always the last character, so nothing follows it, and the digit
    # before it ends in a blank column. Two full-height strokes joined by a
    # V down to the middle.
    stride = sheet.width
    for y in range(height):
        sheet[y * stride + left] = 1
        sheet[y * stride + left + width - 1] = 1
    for step in range(1, (width + 1) // 2):
        if step < height:
            sheet[step * stride + left + step] = 1
            sheet[step * stride + left + width - 1 - step] = 1


def draw_digits(font, advance, colour, background, scale=1):
    """A :class:`DigitSheet` of ``font``'s digits at ``scale`` in ``colour``
    (blank cells transparent), ``advance`` pixels apart at scale 1
    (:data:`SPACED_ADVANCE`)."""
    top = 1000
    bottom = -1000
    for digit in DIGITS:
        _, min_y, _, max_y = ink_bounds(font, digit)
        top = min(top, min_y)
        bottom = max(bottom, max_y)
    advance *= scale
    height = (bottom - top + 1) * scale
    # Tiles: 0-9, a blank, and the compact form's M (app.digits).
    sheet = displayio.Bitmap(advance * 12, height, 2)
    for digit in range(10):
        _stamp(sheet, font, DIGITS[digit], digit * advance, -top * scale, scale)
    _draw_m(sheet, 11 * advance, advance, height)
    palette = displayio.Palette(2)
    palette[0] = background
    palette[1] = colour
    # Blank cells may stick out of the box the number sits in.
    palette.make_transparent(0)
    return DigitSheet(sheet, palette, advance, height)


def draw_arrow(size):
    """The hint arrow pointing up, ``size`` x ``size``, and its palette
    (0 clear, 1 outline, 2 fill).

    The head is a triangle over the top half, the shaft a bar 13/41 of the
    side wide below it, each drawn as rows of spans (fill_region, in C).
    The board view turns the arrow with the TileGrid's flips and transpose.
    """
    bitmap = displayio.Bitmap(size, size, 3)
    half = size // 2
    shaft = size * 7 // 41
    for y in range(size):
        reach = y if y <= half else shaft
        left = half - reach
        right = half + reach + 1  # exclusive
        if y <= 1 or y >= size - 2 and y > half:
            fill(bitmap, left, y, right, y + 1, 1)
            continue
        # Outline: the outer pixels of the row (three of them on the head,
        # two on the shaft), the fill between.
        edge = 3 if y <= half else 2
        fill(bitmap, left, y, right, y + 1, 1)
        if right - left > 2 * edge:
            fill(bitmap, left + edge, y, right - edge, y + 1, 2)
    palette = displayio.Palette(3)
    palette[0] = 0
    palette[1] = theme.DARK_TEXT
    palette[2] = theme.HINT_ARROW
    palette.make_transparent(0)
    return bitmap, palette


def painting(font_dir, layout):
    """:func:`paint` step by step: yields a step's name after each (code.py
    collects garbage there), and returns the :class:`Art` (``art = yield
    from painting(...)``)."""
    fonts = load_fonts(font_dir, layout.font_files())
    yield "fonts"
    faces = draw_faces(fonts, layout)
    yield "tile faces"
    score_digits = tuple(
        draw_digits(fonts[name], SPACED_ADVANCE[name], theme.LIGHT_TEXT, theme.BOARD, scale) for name, scale in layout.score_fonts
    )
    close_fonts(fonts)
    yield "score digits"
    arrow, arrow_palette = draw_arrow(layout.arrow // layout.board_scale)
    return Art(faces, score_digits, arrow, arrow_palette, text_strip(font_dir))
