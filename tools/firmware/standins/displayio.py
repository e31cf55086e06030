# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for CircuitPython's ``displayio``, sized like its C objects.

Used by the measuring VMs (tools/measure/ram_budget.py, tools/measure/app_bench.py) and by
tests that run ``code.py`` with fake hardware. It stores what the app and
adafruit_display_text need (pixels, tile indices, positions, members) and
draws nothing.

Each object keeps its state in one ``bytearray`` (its layout and the readers
of it are displaystate.py's, the one place that knows it) laid out so that, in a
32-bit MicroPython (tools/vm/pystack_vm.py), its heap footprint is the size of
the C object CircuitPython allocates (``shared-module/displayio/*.h``,
16-byte GC blocks) or at most one or two blocks more: ``_overshoot()`` says
by how much, so a measurement can correct for it. The sizes below are for
a 32-bit build:

* Bitmap: ``displayio_bitmap_t`` (36 B -> 48) + pixel rows padded to 32 bits;
* TileGrid: ``displayio_tilegrid_t`` (87 B -> 96) + the tile indices when
  more than 4 (one byte each, two past 255 tiles in the bitmap);
* Group: ``displayio_group_t`` (44 B -> 48) + its member list (16 B and
  4 B per slot; CircuitPython uses a MicroPython list);
* Palette: ``displayio_palette_t`` (14 B -> 16) + 16 B per colour.

A Python object here costs 16 B, its attribute map 16 B for up to two
attributes (32 B for three or four) and a bytearray 16 B plus its data.
"""

import fakeworld
from displaystate import (
    BITMAP_BITS,
    BITMAP_HEIGHT,
    BITMAP_ROWS,
    BITMAP_WIDTH,
    COLOUR_BYTES,
    FLIP_X,
    FLIP_Y,
    GRID_COLUMNS,
    GRID_FLAGS,
    GRID_ROWS,
    GROUP_BYTES,
    GROUP_SCALE,
    HIDDEN,
    INLINE_TILE_BYTES,
    PALETTE_COLOURS,
    PALETTE_COUNT,
    TILE_HEIGHT,
    TILE_WIDTH,
    TILES,
    TILES_IN_BITMAP,
    TRANSPARENT,
    TRANSPOSE_XY,
    X,
    Y,
    signed16,
    unsigned16,
)

#: Footprint of the Python parts besides the state bytearray's data, by
#: number of instance attributes (measured in the pystack VM).
_OBJECT = {1: 48, 2: 48, 3: 64, 4: 64}


def _blocks(size):
    return (size + 15) // 16 * 16


def _bits_for(value_count):
    # CircuitPython's rule (shared-bindings/displayio/Bitmap.c).
    bits = 1
    while (value_count - 1) >> bits:
        bits = bits << 1 if bits < 8 else bits + 8
    return bits


def _put16(state, at, value):
    state[at] = value & 0xFF
    state[at + 1] = (value >> 8) & 0xFF


class Bitmap:
    """A ``width`` x ``height`` grid of values below ``value_count``."""

    # State: displaystate's BITMAP_*: width, height, bits, 3 spare, then the rows.
    _HEAD = BITMAP_ROWS

    def __init__(self, width, height, value_count):
        bits = _bits_for(value_count)
        stride = (width * bits + 31) // 32
        state = bytearray(self._HEAD + stride * 4 * height)
        _put16(state, BITMAP_WIDTH, width)
        _put16(state, BITMAP_HEIGHT, height)
        state[BITMAP_BITS] = bits
        self._s = state

    @property
    def width(self):
        return unsigned16(self._s, BITMAP_WIDTH)

    @property
    def height(self):
        return unsigned16(self._s, BITMAP_HEIGHT)

    @property
    def bits_per_value(self):
        return self._s[BITMAP_BITS]

    # Pixel access allocates nothing here, as in C (a caller's (x, y) key
    # is a tuple it built itself; an int key is y * width + x), and is
    # written flat: one Python frame for what is C on the board.
    def __getitem__(self, key):
        state = self._s
        width = state[BITMAP_WIDTH] | (state[BITMAP_WIDTH + 1] << 8)
        if isinstance(key, tuple):
            x = key[0]
            y = key[1]
        else:
            x = key % width
            y = key // width
        bits = state[BITMAP_BITS]
        bit = (BITMAP_ROWS + y * ((width * bits + 31) // 32 * 4)) * 8 + x * bits
        return (state[bit >> 3] >> (bit & 7)) & ((1 << bits) - 1)

    def __setitem__(self, key, value):
        state = self._s
        width = state[BITMAP_WIDTH] | (state[BITMAP_WIDTH + 1] << 8)
        if isinstance(key, tuple):
            x = key[0]
            y = key[1]
        else:
            x = key % width
            y = key // width
        bits = state[BITMAP_BITS]
        bit = (BITMAP_ROWS + y * ((width * bits + 31) // 32 * 4)) * 8 + x * bits
        mask = ((1 << bits) - 1) << (bit & 7)
        at = bit >> 3
        state[at] = (state[at] & ~mask & 0xFF) | ((value << (bit & 7)) & mask)

    def fill(self, value):
        start = fakeworld.meter()
        for index in range(unsigned16(self._s, BITMAP_WIDTH) * unsigned16(self._s, BITMAP_HEIGHT)):
            self[index] = value
        fakeworld.metered(start)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass

    def _c_bytes(self):
        return 48 + _blocks(len(self._s) - self._HEAD)

    def _overshoot(self):
        return _OBJECT[1] + _blocks(len(self._s)) - self._c_bytes()


class _FastBitmap:
    """A Bitmap for the fuel VM (tools/measure/app_bench.py): a byte per pixel.

    Pixel calls and the bitmaptools stand-ins cost much less Python here
    than on the bit-packed Bitmap above, so fuel counts come closer to the
    board's, where these are C. Not for RAM measurements (not C-sized).
    """

    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self.bits_per_value = _bits_for(value_count)
        self._p = bytearray(width * height)

    def __getitem__(self, key):
        if type(key) is int:
            return self._p[key]
        return self._p[key[1] * self.width + key[0]]

    def __setitem__(self, key, value):
        if type(key) is int:
            self._p[key] = value
        else:
            self._p[key[1] * self.width + key[0]] = value

    def fill(self, value):
        start = fakeworld.meter()
        self._p[:] = bytes((value,)) * len(self._p)
        fakeworld.metered(start)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    """``color_count`` colours (0xRRGGBB), each may be transparent."""

    # State: displaystate's PALETTE_*: the count, then per colour 0xRRGGBB
    # and a transparent flag, padded so the object is as big as the C one
    # (16 B per colour).
    def __init__(self, color_count, *, dither=False):
        need = PALETTE_COLOURS + COLOUR_BYTES * color_count
        target = 16 + 16 * color_count - _OBJECT[1]
        state = bytearray(max(need, target))
        _put16(state, PALETTE_COUNT, color_count)
        self._s = state

    def __len__(self):
        return unsigned16(self._s, PALETTE_COUNT)

    def _check(self, index):
        if not 0 <= index < len(self):
            raise IndexError("palette index out of range")
        return PALETTE_COLOURS + COLOUR_BYTES * index

    def __setitem__(self, index, colour):
        at = self._check(index)
        if not isinstance(colour, int):  # an (r, g, b); one type: no tuple built per call
            colour = (colour[0] << 16) | (colour[1] << 8) | colour[2]
        self._s[at] = colour & 0xFF
        self._s[at + 1] = (colour >> 8) & 0xFF
        self._s[at + 2] = (colour >> 16) & 0xFF

    def __getitem__(self, index):
        at = self._check(index)
        state = self._s
        return state[at] | (state[at + 1] << 8) | (state[at + 2] << 16)

    def make_transparent(self, index):
        self._s[self._check(index) + TRANSPARENT] = 1

    def make_opaque(self, index):
        self._s[self._check(index) + TRANSPARENT] = 0

    def is_transparent(self, index):
        return self._s[self._check(index) + TRANSPARENT] == 1

    def _c_bytes(self):
        return 16 + 16 * len(self)

    def _overshoot(self):
        return _OBJECT[1] + _blocks(len(self._s)) - self._c_bytes()


class _Placed:
    # x, y, hidden (displaystate's X, Y, HIDDEN) at the start of the state
    # of TileGrid, Group and vectorio shapes.
    @property
    def x(self):
        return signed16(self._s, X)

    @x.setter
    def x(self, value):
        _put16(self._s, X, value)

    @property
    def y(self):
        return signed16(self._s, Y)

    @y.setter
    def y(self, value):
        _put16(self._s, Y, value)

    @property
    def hidden(self):
        return bool(self._s[HIDDEN])

    @hidden.setter
    def hidden(self, value):
        self._s[HIDDEN] = 1 if value else 0


class TileGrid(_Placed):
    """A ``width`` x ``height`` grid of tiles from ``bitmap``."""

    # State: displaystate's: x, y, hidden, flips, width, height, tile_width,
    # tile_height, tiles in the bitmap, spare, then the tile indices (1 byte
    # each; 2 when the bitmap holds more than 255 tiles).
    _HEAD = TILES

    def __init__(
        self,
        bitmap,
        *,
        pixel_shader,
        width=1,
        height=1,
        tile_width=None,
        tile_height=None,
        default_tile=0,
        x=0,
        y=0,
    ):
        tile_width = tile_width or bitmap.width
        tile_height = tile_height or bitmap.height
        if bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("Tile width must exactly divide bitmap width")
        tiles_in_bitmap = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        size = 2 if tiles_in_bitmap > 255 else 1
        count = width * height
        # Up to 4 one-byte (2 two-byte) tiles live inside the C struct.
        state = bytearray(self._HEAD + (count * size if count * size > INLINE_TILE_BYTES else 0))
        _put16(state, X, x)
        _put16(state, Y, y)
        _put16(state, GRID_COLUMNS, width)
        _put16(state, GRID_ROWS, height)
        _put16(state, TILE_WIDTH, tile_width)
        _put16(state, TILE_HEIGHT, tile_height)
        _put16(state, TILES_IN_BITMAP, tiles_in_bitmap)
        self._s = state
        self._inline = 0
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        for index in range(count):
            self[index] = default_tile

    @property
    def width(self):
        return unsigned16(self._s, GRID_COLUMNS)

    @property
    def height(self):
        return unsigned16(self._s, GRID_ROWS)

    @property
    def tile_width(self):
        return unsigned16(self._s, TILE_WIDTH)

    @property
    def tile_height(self):
        return unsigned16(self._s, TILE_HEIGHT)

    # Tile access is written flat: on the board it is C and costs no
    # pystack, so here it should add as little as one Python frame can.
    def __getitem__(self, key):
        state = self._s
        width = state[GRID_COLUMNS] | (state[GRID_COLUMNS + 1] << 8)
        if isinstance(key, tuple):
            key = key[1] * width + key[0]
        if not 0 <= key < width * (state[GRID_ROWS] | (state[GRID_ROWS + 1] << 8)):
            raise IndexError("Tile index out of bounds")
        wide = (state[TILES_IN_BITMAP] | (state[TILES_IN_BITMAP + 1] << 8)) > 255
        if len(state) == TILES:  # inline tiles: packed in one int
            return (self._inline >> (key * (16 if wide else 8))) & (0xFFFF if wide else 0xFF)
        if wide:
            return state[TILES + 2 * key] | (state[TILES + 1 + 2 * key] << 8)
        return state[TILES + key]

    def __setitem__(self, key, value):
        state = self._s
        width = state[GRID_COLUMNS] | (state[GRID_COLUMNS + 1] << 8)
        if isinstance(key, tuple):
            key = key[1] * width + key[0]
        if not 0 <= key < width * (state[GRID_ROWS] | (state[GRID_ROWS + 1] << 8)):
            raise IndexError("Tile index out of bounds")
        tiles = state[TILES_IN_BITMAP] | (state[TILES_IN_BITMAP + 1] << 8)
        if not 0 <= value < tiles:
            raise ValueError("Tile index out of bounds")
        if len(state) == TILES:
            shift = key * (16 if tiles > 255 else 8)
            mask = (0xFFFF if tiles > 255 else 0xFF) << shift
            self._inline = (self._inline & ~mask) | (value << shift)
        elif tiles > 255:
            state[TILES + 2 * key] = value & 0xFF
            state[TILES + 1 + 2 * key] = value >> 8
        else:
            state[TILES + key] = value

    def _flag(self, bit):
        return bool(self._s[GRID_FLAGS] & bit)

    def _set_flag(self, bit, value):
        self._s[GRID_FLAGS] = (self._s[GRID_FLAGS] & ~bit) | (bit if value else 0)

    flip_x = property(lambda self: self._flag(FLIP_X), lambda self, value: self._set_flag(FLIP_X, value))
    flip_y = property(lambda self: self._flag(FLIP_Y), lambda self, value: self._set_flag(FLIP_Y, value))
    transpose_xy = property(lambda self: self._flag(TRANSPOSE_XY), lambda self, value: self._set_flag(TRANSPOSE_XY, value))

    def contains(self, touch_tuple):
        x, y = touch_tuple[0], touch_tuple[1]
        return self.x <= x < self.x + self.width * self.tile_width and self.y <= y < self.y + self.height * self.tile_height

    def _c_bytes(self):
        return 96 + _blocks(len(self._s) - self._HEAD)

    def _overshoot(self):
        # The packed inline tiles are a small int: no heap.
        return _OBJECT[4] + _blocks(len(self._s)) - self._c_bytes()


class Group:
    """Layers drawn in order; ``scale`` multiplies every member's pixels."""

    # State: displaystate's: x, y, hidden, scale, spare.
    def __init__(self, *, scale=1, x=0, y=0):
        state = bytearray(GROUP_BYTES)
        _put16(state, X, x)
        _put16(state, Y, y)
        state[GROUP_SCALE] = scale
        self._s = state
        self._items = []

    x = _Placed.x
    y = _Placed.y
    hidden = _Placed.hidden

    @property
    def scale(self):
        return self._s[GROUP_SCALE]

    @scale.setter
    def scale(self, value):
        if value < 1:
            raise ValueError("scale must be >= 1")
        self._s[GROUP_SCALE] = value

    def append(self, layer):
        self._items.append(layer)

    def insert(self, index, layer):
        self._items.insert(index, layer)

    def index(self, layer):
        return self._items.index(layer)

    def remove(self, layer):
        self._items.remove(layer)

    def pop(self, index=-1):
        return self._items.pop(index)

    def sort(self, key=None, reverse=False):
        self._items.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return True

    def __iter__(self):
        return iter(self._items)

    def __getitem__(self, index):
        return self._items[index]

    def __setitem__(self, index, layer):
        self._items[index] = layer

    def __delitem__(self, index):
        del self._items[index]

    def __contains__(self, layer):
        return layer in self._items

    def _c_bytes(self):
        # The member list is a real MicroPython list on both sides.
        return 48

    def _overshoot(self):
        return _OBJECT[2] + _blocks(len(self._s)) - self._c_bytes()


class ColorConverter:
    """Stand-in: converts nothing."""

    def __init__(self, *, input_colorspace=None, dither=False):
        self._s = bytearray(32)

    def convert(self, colour):
        return colour


#: The REPL's own group (the firmware's, no heap).
CIRCUITPYTHON_TERMINAL = None


def release_displays():
    """Nothing to release here."""


class _FastTileGrid:
    """A TileGrid for the fuel VM: plain attributes, a byte per tile (not C-sized)."""

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = self.flip_y = self.transpose_xy = False
        self._tiles = bytearray(width * height)
        if default_tile:
            for index in range(width * height):
                self._tiles[index] = default_tile

    def __getitem__(self, key):
        if type(key) is not int:
            key = key[1] * self.width + key[0]
        return self._tiles[key]

    def __setitem__(self, key, value):
        if type(key) is not int:
            key = key[1] * self.width + key[0]
        self._tiles[key] = value


class _FastGroup(list):
    """A Group for the fuel VM: a list with plain attributes (not C-sized)."""

    def __init__(self, *, scale=1, x=0, y=0):
        super().__init__()
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False


# The fuel VM (tools/measure/app_bench.py) wants pixel and tile calls to cost about
# what calling C costs, not C sizes: plain stand-ins there.
if fakeworld.FAST_PIXELS:
    Bitmap = _FastBitmap
    TileGrid = _FastTileGrid
    Group = _FastGroup
