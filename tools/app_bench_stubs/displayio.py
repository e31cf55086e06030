"""Minimal stand-in for CircuitPython's displayio, for tools/app_bench.py only.

Just enough behaviour for the app to run in the MicroPython VM: bitmaps and
tile grids store their indices; nothing is drawn. The real module is C, so
costs measured through these stubs are an upper bound on the Python side.
"""


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self._data = bytearray(width * height)

    def __setitem__(self, key, value):
        self._data[key[1] * self.width + key[0]] = value

    def __getitem__(self, key):
        return self._data[key[1] * self.width + key[0]]


class Palette:
    def __init__(self, count):
        self._colours = [0] * count

    def __setitem__(self, index, colour):
        self._colours[index] = colour

    def __getitem__(self, index):
        return self._colours[index]

    def __len__(self):
        return len(self._colours)

    def make_transparent(self, index):
        pass


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=0, tile_height=0, default_tile=0, x=0, y=0):
        self._tiles = bytearray([default_tile] * (width * height))
        self.x = x
        self.y = y
        self.hidden = False

    def __setitem__(self, index, value):
        self._tiles[index] = value

    def __getitem__(self, index):
        return self._tiles[index]


class Group:
    def __init__(self, x=0, y=0, scale=1):
        self._items = []
        self.hidden = False

    def append(self, item):
        self._items.append(item)
