# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Where the display stand-ins keep what they show, and readers of it.

The stand-ins of displayio.py and vectorio.py here keep each object's whole
state in one ``bytearray`` (``obj._s``), laid out below, so that an object
costs what its C struct costs. This module is the one place that knows that
layout: the stand-ins write through its offsets, and everything that reads
a frame (the desktop's glass, the model of the dirty areas, a renderer in
another language, through :func:`layout`) reads through its readers. The
readers take a state as bytes or a bytearray (a live one, or a copy taken
at a refresh), allocate nothing but what they return, and run on
MicroPython and CPython alike.

Numbers of two bytes are little-endian; x and y are signed.
"""

from micropython import const

# -- layers placed on the screen: TileGrid, vectorio.Rectangle, Group ---------
#: x, y (2 bytes each, signed), hidden (1 byte, 0 or 1).
X = const(0)
Y = const(2)
HIDDEN = const(4)

# -- Group ---------------------------------------------------------------------
#: The group's scale (1 byte, 1 or more); the state is 8 bytes.
GROUP_SCALE = const(5)
GROUP_BYTES = const(8)

# -- TileGrid ------------------------------------------------------------------
#: flips (1 byte: FLIP_X | FLIP_Y | TRANSPOSE_XY), then 2 bytes each: the
#: grid's columns and rows, a tile's width and height in pixels, the tiles
#: in the bitmap. The tile indices follow at TILES (1 byte each, 2 when the
#: bitmap holds more than 255 tiles), unless they fit in 4 bytes: then the
#: state is TILES bytes long and the indices are packed in the small int
#: ``grid._inline``, 8 (or 16) bits each from the lowest.
GRID_FLAGS = const(5)
FLIP_X = const(1)
FLIP_Y = const(2)
TRANSPOSE_XY = const(4)
GRID_COLUMNS = const(6)
GRID_ROWS = const(8)
TILE_WIDTH = const(10)
TILE_HEIGHT = const(12)
TILES_IN_BITMAP = const(14)
TILES = const(32)
#: Tile indices that live in the C struct itself (bytes).
INLINE_TILE_BYTES = const(4)

# -- vectorio.Rectangle --------------------------------------------------------
#: width, height, colour index in its palette (2 bytes each).
RECT_WIDTH = const(6)
RECT_HEIGHT = const(8)
RECT_COLOUR = const(10)

# -- Bitmap --------------------------------------------------------------------
#: width, height (2 bytes each), bits per value (1 byte), then from
#: BITMAP_ROWS the rows, each padded to whole 32-bit words, a value's bits
#: from the lowest bit of the lowest byte.
BITMAP_WIDTH = const(0)
BITMAP_HEIGHT = const(2)
BITMAP_BITS = const(4)
BITMAP_ROWS = const(8)

# -- Palette -------------------------------------------------------------------
#: The number of colours (2 bytes), then from PALETTE_COLOURS 4 bytes a
#: colour: 0xRRGGBB (3 bytes, little-endian) and a flag, 1 if transparent.
PALETTE_COUNT = const(0)
PALETTE_COLOURS = const(2)
COLOUR_BYTES = const(4)
TRANSPARENT = const(3)


def layout():
    """{name: byte offset or flag} of every constant above, for a reader
    written in another language (a JS renderer is generated from it)."""
    return {name: value for name, value in globals().items() if name.isupper() and isinstance(value, int)}


def signed16(state, at):
    """The signed 2-byte number at ``at``."""
    value = state[at] | (state[at + 1] << 8)
    return value - 65536 if value > 32767 else value


def unsigned16(state, at):
    """The unsigned 2-byte number at ``at``."""
    return state[at] | (state[at + 1] << 8)


# -- the objects -----------------------------------------------------------------


def state(layer):
    """The state bytes of a stand-in layer, bitmap or palette (None: not a stand-in's)."""
    return getattr(layer, "_s", None)


def is_group(layer):
    """True if ``layer`` is a stand-in Group."""
    return hasattr(layer, "_items")


def members(group):
    """The layers of a stand-in Group, bottom first (its own list: do not change it)."""
    return group._items


def inline_tiles(grid):
    """The tile indices a TileGrid keeps in its C struct (see TILES), as one int."""
    return grid._inline


# -- placed layers and groups ----------------------------------------------------


def x(layer_state):
    """A layer's or group's x, in its parent's pixels (before the parent's scale)."""
    return signed16(layer_state, X)


def y(layer_state):
    """A layer's or group's y."""
    return signed16(layer_state, Y)


def hidden(layer_state):
    """True if the layer or group is hidden."""
    return layer_state[HIDDEN] != 0


def scale(group_state):
    """A group's scale: each of its pixels is scale x scale on its parent."""
    return group_state[GROUP_SCALE]


# -- TileGrid ----------------------------------------------------------------------


def flags(grid_state):
    """A TileGrid's flips: FLIP_X | FLIP_Y | TRANSPOSE_XY."""
    return grid_state[GRID_FLAGS]


def columns(grid_state):
    """A TileGrid's width in tiles."""
    return unsigned16(grid_state, GRID_COLUMNS)


def rows(grid_state):
    """A TileGrid's height in tiles."""
    return unsigned16(grid_state, GRID_ROWS)


def tile_width(grid_state):
    """A tile's width in pixels."""
    return unsigned16(grid_state, TILE_WIDTH)


def tile_height(grid_state):
    """A tile's height in pixels."""
    return unsigned16(grid_state, TILE_HEIGHT)


def tile(grid_state, inline, index):
    """The tile index in cell ``index`` (row-major) of a TileGrid whose
    packed inline tiles are ``inline``."""
    wide = unsigned16(grid_state, TILES_IN_BITMAP) > 255
    if len(grid_state) == TILES:
        size = 16 if wide else 8
        return (inline >> (index * size)) & ((1 << size) - 1)
    if wide:
        return unsigned16(grid_state, TILES + 2 * index)
    return grid_state[TILES + index]


def tile_indices(grid_state, inline):
    """Every cell's tile index, row-major: a list."""
    return [tile(grid_state, inline, index) for index in range(columns(grid_state) * rows(grid_state))]


# -- vectorio.Rectangle ------------------------------------------------------------


def rect_width(rect_state):
    """A rectangle's width in pixels."""
    return unsigned16(rect_state, RECT_WIDTH)


def rect_height(rect_state):
    """A rectangle's height in pixels."""
    return unsigned16(rect_state, RECT_HEIGHT)


def rect_colour(rect_state):
    """A rectangle's colour: an index in its palette."""
    return unsigned16(rect_state, RECT_COLOUR)


# -- Bitmap ------------------------------------------------------------------------


def bitmap_width(bitmap_state):
    """A bitmap's width in pixels."""
    return unsigned16(bitmap_state, BITMAP_WIDTH)


def bitmap_height(bitmap_state):
    """A bitmap's height in pixels."""
    return unsigned16(bitmap_state, BITMAP_HEIGHT)


def bits_per_value(bitmap_state):
    """Bits a pixel value takes: 1, 2, 4, 8, 16 or 24."""
    return bitmap_state[BITMAP_BITS]


def row_bytes(bitmap_state):
    """Bytes a row of the bitmap takes (whole 32-bit words)."""
    return (bitmap_width(bitmap_state) * bitmap_state[BITMAP_BITS] + 31) // 32 * 4


def pixel(bitmap_state, px, py):
    """The value of the pixel at (``px``, ``py``)."""
    bits = bitmap_state[BITMAP_BITS]
    bit = (BITMAP_ROWS + py * row_bytes(bitmap_state)) * 8 + px * bits
    return (bitmap_state[bit >> 3] >> (bit & 7)) & ((1 << bits) - 1)


def bitmap_values(bitmap_state):
    """The pixel values, a list of rows (lists of ints)."""
    width = bitmap_width(bitmap_state)
    bits = bitmap_state[BITMAP_BITS]
    stride = row_bytes(bitmap_state)
    mask = (1 << bits) - 1
    values = []
    for py in range(bitmap_height(bitmap_state)):
        base = (BITMAP_ROWS + py * stride) * 8
        values.append([(bitmap_state[(base + px * bits) >> 3] >> ((base + px * bits) & 7)) & mask for px in range(width)])
    return values


# -- Palette -----------------------------------------------------------------------


def colour_count(palette_state):
    """How many colours the palette has."""
    return unsigned16(palette_state, PALETTE_COUNT)


def colour(palette_state, index):
    """Colour ``index`` as 0xRRGGBB."""
    at = PALETTE_COLOURS + COLOUR_BYTES * index
    return palette_state[at] | (palette_state[at + 1] << 8) | (palette_state[at + 2] << 16)


def transparent(palette_state, index):
    """True if colour ``index`` is transparent."""
    return palette_state[PALETTE_COLOURS + COLOUR_BYTES * index + TRANSPARENT] == 1


def palette_colours(palette_state):
    """``[(0xRRGGBB, transparent), ...]`` of every colour."""
    return [(colour(palette_state, index), transparent(palette_state, index)) for index in range(colour_count(palette_state))]
