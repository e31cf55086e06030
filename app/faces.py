"""Pre-rendered tile faces: one indexed Bitmap holding a face per exponent.

The board is a 4x4 TileGrid over this sprite sheet, so showing a new tile is
a single index assignment (``grid[i] = exponent``) and no text is laid out
while playing. Face ``e`` (0 = empty, 1 = "2" ... 17 = "131072") is
``PITCH`` x ``PITCH`` pixels: the tile sits in the bottom-right ``TILE`` x
``TILE`` square and the top/left ``GAP`` pixels are board colour, so the 4x4
grid draws the gaps itself.
"""

import bitmaptools
import displayio

from app import theme

#: Faces in the sheet: empty plus exponents 1..17 (2 .. 131072), then the
#: two "appearing" faces: a small 2 and a small 4 (spawns are only 2 or 4).
FACE_COUNT = 20
#: Face of a just-spawned tile with exponent e (1 or 2) is APPEARING + e - 1.
APPEARING = 18
#: Side of the small tile on an appearing face (pixels).
_SMALL = 17
#: Palette slots.
_GAP = 0
_EMPTY = 1
_FIRST_TILE = 2  # exponents 1..11 at slots 2..12
_SUPER = 13
_DARK_TEXT = 14
_LIGHT_TEXT = 15


def make_palette():
    """The sheet's 16-colour palette (board, empty, 11 tiles, super, 2 inks)."""
    palette = displayio.Palette(16)
    palette[_GAP] = theme.BOARD
    palette[_EMPTY] = theme.EMPTY_CELL
    for index in range(11):
        palette[_FIRST_TILE + index] = theme.TILE_COLOURS[index]
    palette[_SUPER] = theme.SUPER_TILE
    palette[_DARK_TEXT] = theme.DARK_TEXT
    palette[_LIGHT_TEXT] = theme.LIGHT_TEXT
    return palette


def _slot(exponent):
    if exponent == 0:
        return _EMPTY
    if exponent <= 11:
        return _FIRST_TILE + exponent - 1
    return _SUPER


def _ink(font, text, sheet, left, top, ink):
    """Draw ``text`` (or only measure it when ``sheet`` is None).

    :return: ink bounds (min_x, min_y, max_x, max_y) relative to the pen
        origin on the baseline.
    """
    min_x = min_y = 1000
    max_x = max_y = -1000
    pen = 0
    for char in text:
        glyph = font.get_glyph(ord(char))
        bitmap = glyph.bitmap
        # PCF glyphs each own a bitmap (tile_index 0); a shared strip
        # would put this glyph at tile_index * width.
        base_x = glyph.tile_index * glyph.width
        for gy in range(glyph.height):
            y = gy - glyph.height - glyph.dy
            for gx in range(glyph.width):
                if bitmap[base_x + gx, gy]:
                    x = pen + glyph.dx + gx
                    if sheet is None:
                        min_x = min(min_x, x)
                        max_x = max(max_x, x)
                        min_y = min(min_y, y)
                        max_y = max(max_y, y)
                    else:
                        sheet[left + x, top + y] = ink
        pen += glyph.shift_x
    return min_x, min_y, max_x, max_y


def text_ink_width(font, text):
    """Width in pixels of the ink of ``text`` in ``font`` (for layout tests)."""
    min_x, _, max_x, _ = _ink(font, text, None, 0, 0, 0)
    return max_x - min_x + 1


def _text_bounds(font, text, digit_bounds):
    """Ink bounds of ``text`` from each digit's bounds (measured once per font).

    ``digit_bounds`` caches (font, char) -> (bounds, advance).
    """
    min_x = min_y = 1000
    max_x = max_y = -1000
    pen = 0
    for char in text:
        key = (id(font), char)
        if key not in digit_bounds:
            digit_bounds[key] = (_ink(font, char, None, 0, 0, 0), font.get_glyph(ord(char)).shift_x)
        bounds, advance = digit_bounds[key]
        min_x = min(min_x, pen + bounds[0])
        min_y = min(min_y, bounds[1])
        max_x = max(max_x, pen + bounds[2])
        max_y = max(max_y, bounds[3])
        pen += advance
    return min_x, min_y, max_x, max_y


def _tile(sheet, top, inset, slot):
    # A tile of colour ``slot``, ``inset`` pixels inside the face's tile area,
    # with its four corner pixels knocked out for a rounded look. A new
    # Bitmap is all zeros (_GAP); fill_region runs in C on the device.
    low = theme.GAP + inset
    high = theme.PITCH - inset  # exclusive
    bitmaptools.fill_region(sheet, low, top + low, high, top + high, slot)
    corner = _GAP if inset == 0 else _EMPTY
    for x, y in ((low, low), (high - 1, low), (low, high - 1), (high - 1, high - 1)):
        sheet[x, top + y] = corner


def build_sheet(fonts):
    """Render every face into one Bitmap.

    :param fonts: an :class:`app.fonts.Fonts`.
    :return: (bitmap, palette); the bitmap is PITCH wide, PITCH*FACE_COUNT tall.
    """
    pitch = theme.PITCH
    gap = theme.GAP
    sheet = displayio.Bitmap(pitch, pitch * FACE_COUNT, 16)
    digit_bounds = {}
    for face in range(FACE_COUNT):
        top = face * pitch
        exponent = face if face < APPEARING else face - APPEARING + 1
        slot = _slot(exponent)
        inset = 0
        if face >= APPEARING:
            # A small tile in the middle of an empty cell.
            _tile(sheet, top, 0, _EMPTY)
            inset = (theme.TILE - _SMALL) // 2
        _tile(sheet, top, inset, slot)
        if exponent:
            text = str(1 << exponent)
            font = fonts.for_digits(len(text))
            min_x, min_y, max_x, max_y = _text_bounds(font, text, digit_bounds)
            # Centre the ink (not the advance box) in the tile.
            left = gap + (theme.TILE - (max_x - min_x + 1)) // 2 - min_x
            base = top + gap + (theme.TILE - (max_y - min_y + 1)) // 2 - min_y
            ink = _DARK_TEXT if exponent <= 2 else _LIGHT_TEXT
            _ink(font, text, sheet, left, base, ink)
    return sheet, make_palette()
