# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The glass's pixels, drawn with numpy from a snapshot of the display state.

A snapshot (tools/play/glass.py: nested tuples of the stand-ins' state
bytes) is drawn here layer by layer, bottom first, each layer's pixels as
whole arrays: a TileGrid's tiles gathered from its bitmap, looked up in
its palette, flipped and transposed, scaled and clipped to the screen. The
state bytes are read through tools/firmware/standins/displaystate.py, the
one place that knows their layout.

What it draws is what Blinka's ``displayio`` draws for the same tree
(``_DisplayCore.fill_area`` over the whole screen, RGB565, rotation 0):
tests/test_glass.py holds the two equal pixel for pixel, on made-up trees
and on every frame of played screens, and ``make test-slow`` checks every
frame the glass draws against Blinka (glass.CROSS_CHECK). Blinka's own
rules, kept here:

* a group's position counts in its parent's scale, and it scales its
  members; a hidden group hides all of them;
* a TileGrid's tile past the bitmap's tiles draws value 0; a value past
  the palette, or a transparent colour, leaves what is below; flips
  apply to the grid's own pixels before ``transpose_xy``;
* a vectorio Rectangle is placed in its group's scale but not scaled; a
  colour index past its palette, or a transparent colour, draws 0 (black)
  over what is below (Blinka's shape loop writes the colour it did not get);
* RGB565 keeps the top 5, 6 and 5 bits of red, green and blue;
* nothing drawn is 0.
"""

import math

import numpy

from tools.firmware.standins import displaystate

#: Decoded bitmaps and palettes kept, by their state bytes (a frame's are
#: mostly the last frame's).
CACHE_SIZE = 256


def rgb565(colour):
    """0xRRGGBB -> RGB565, as Blinka's ColorConverter packs it."""
    return ((colour >> 8) & 0xF800) | ((colour >> 5) & 0x07E0) | ((colour >> 3) & 0x001F)


def bitmap_array(bitmap_state):
    """A bitmap's pixel values as a (height, width) numpy array.

    The rows are read as displaystate.py lays them out: from BITMAP_ROWS,
    ``row_bytes`` each, a value's bits from the lowest bit of the lowest
    byte (tests/test_glass.py holds this equal to its ``bitmap_values``
    for every bits per value)."""
    width = displaystate.bitmap_width(bitmap_state)
    height = displaystate.bitmap_height(bitmap_state)
    bits = displaystate.bits_per_value(bitmap_state)
    stride = displaystate.row_bytes(bitmap_state)
    rows = numpy.frombuffer(bitmap_state, dtype=numpy.uint8, count=stride * height, offset=displaystate.BITMAP_ROWS)
    rows = rows.reshape(height, stride)
    if bits < 8:
        # 8 // bits values a byte, the first in the lowest bits.
        shifts = numpy.arange(0, 8, bits, dtype=numpy.uint8)
        values = (rows[:, :, None] >> shifts) & ((1 << bits) - 1)
        return values.reshape(height, stride * 8 // bits)[:, :width].astype(numpy.uint32)
    # A value of 8 bits or more is its first byte: displaystate.pixel reads
    # no more (the stand-ins write no more).
    size = bits // 8
    return rows[:, : width * size : size].astype(numpy.uint32)


def palette_table(palette_state):
    """(colours, opaque): RGB565 and True per index, plus one entry past the
    last colour (transparent) for every value past the palette."""
    colours = displaystate.palette_colours(palette_state)
    table = numpy.zeros(len(colours) + 1, dtype=numpy.uint16)
    opaque = numpy.zeros(len(colours) + 1, dtype=bool)
    for index, (colour, transparent) in enumerate(colours):
        table[index] = rgb565(colour)
        opaque[index] = not transparent
    return table, opaque


def placed(frame):
    """Every layer of snapshot ``frame`` that is not hidden, bottom first, as
    (node, left, top, scale): its place on the screen and the scale its
    groups give it (none for None). A group's position counts in its
    parent's scale, it scales its members, and a hidden group hides all of
    them."""
    if frame is not None:
        yield from _placed(frame, 0, 0, 1)


def _placed(node, x0, y0, scale):
    kind = node[0]
    if kind == "group":
        _, x, y, own_scale, hidden, members = node
        if hidden:
            return
        x0 += x * scale
        y0 += y * scale
        scale *= own_scale
        for member in members:
            yield from _placed(member, x0, y0, scale)
        return
    state = node[1]
    if not displaystate.hidden(state):
        yield node, x0 + displaystate.x(state) * scale, y0 + displaystate.y(state) * scale, scale


class Raster:
    """Draws snapshots; keeps what it decoded of bitmaps and palettes."""

    def __init__(self):
        self._bitmaps = {}
        self._palettes = {}
        self._tiles = {}

    @staticmethod
    def _cached(cache, key, make, *args):
        # make(*args), kept under ``key``.
        made = cache.get(key)
        if made is None:
            if len(cache) >= CACHE_SIZE:
                cache.clear()
            made = cache[key] = make(*args)
        return made

    def pixels(self, frame, width, height):
        """The screen showing snapshot ``frame``: a (height, width) uint16 array
        of RGB565 (None: no root group, the console, drawn black)."""
        # (node, left, top, scale) for a TileGrid, (node, left, top, width,
        # height) for a rectangle (placed in its group's scale, not scaled).
        layers = [
            (node, left, top, scale)
            if node[0] == "tiles"
            else (node, left, top, displaystate.rect_width(node[1]), displaystate.rect_height(node[1]))
            for node, left, top, scale in placed(frame)
        ]
        # The grain: the largest square of screen pixels that every layer's
        # edges and scale are whole multiples of (a board drawn at scale 2
        # or 4 has a grain of 2 or 4). The screen is drawn at 1/grain of its
        # size and each pixel repeated: the same pixels, a grain squared
        # fewer to draw.
        grain = math.gcd(width, height, *(number for layer in layers for number in layer[1:]))
        screen = numpy.zeros((height // grain, width // grain), dtype=numpy.uint16)
        for node, *place in layers:
            if node[0] == "tiles":
                self._draw_tiles(node, *(number // grain for number in place), screen)
            else:
                self._draw_rect(node, *(number // grain for number in place), screen)
        if grain > 1:
            screen = screen.repeat(grain, axis=0).repeat(grain, axis=1)
        return screen

    def _tile_stack(self, bitmap_state, tile_width, tile_height):
        # The bitmap cut into its tiles, in tile-index order, and one tile of
        # value 0 after them (what a tile index past the bitmap draws).
        values = self._cached(self._bitmaps, bitmap_state, bitmap_array, bitmap_state)
        height, width = values.shape
        across = width // tile_width
        down = height // tile_height
        tiles = values[: down * tile_height, : across * tile_width]
        tiles = tiles.reshape(down, tile_height, across, tile_width).transpose(0, 2, 1, 3)
        tiles = tiles.reshape(down * across, tile_height, tile_width)
        return numpy.concatenate((tiles, numpy.zeros((1, tile_height, tile_width), dtype=tiles.dtype)))

    def _draw_tiles(self, node, left, top, scale, screen):
        _, state, inline, bitmap_state, palette_state = node
        columns = displaystate.columns(state)
        rows = displaystate.rows(state)
        tile_width = displaystate.tile_width(state)
        tile_height = displaystate.tile_height(state)
        if not columns or not rows or not tile_width or not tile_height:
            return
        if not displaystate.bitmap_width(bitmap_state) or not displaystate.bitmap_height(bitmap_state):
            return
        flags = displaystate.flags(state)
        transposed = bool(flags & displaystate.TRANSPOSE_XY)
        # The grid's place on the screen, clipped.
        across = (rows * tile_height if transposed else columns * tile_width) * scale
        down = (columns * tile_width if transposed else rows * tile_height) * scale
        height, width = screen.shape
        x1, x2 = max(left, 0), min(left + across, width)
        y1, y2 = max(top, 0), min(top + down, height)
        if x1 >= x2 or y1 >= y2:
            return
        key = (bitmap_state, tile_width, tile_height)
        stack = self._cached(self._tiles, key, self._tile_stack, *key)
        tiles = numpy.array(displaystate.tile_indices(state, inline), dtype=numpy.intp)
        tiles = numpy.minimum(tiles, len(stack) - 1).reshape(rows, columns)
        # The grid's own pixels (rows x columns tiles of values), flipped,
        # then transposed.
        image = stack[tiles].transpose(0, 2, 1, 3).reshape(rows * tile_height, columns * tile_width)
        if flags & displaystate.FLIP_X:
            image = image[:, ::-1]
        if flags & displaystate.FLIP_Y:
            image = image[::-1, :]
        if transposed:
            image = image.T
        # The image pixels the clipped area shows (screen pixel (x, y) shows
        # ((x - left) // scale, (y - top) // scale)), in colour, repeated
        # to the scale and cut to the area.
        first_x, first_y = (x1 - left) // scale, (y1 - top) // scale
        image = image[first_y : (y2 - 1 - top) // scale + 1, first_x : (x2 - 1 - left) // scale + 1]
        colours, opaque = self._cached(self._palettes, palette_state, palette_table, palette_state)
        image = numpy.minimum(image, len(colours) - 1)
        shown = opaque[image]
        image = colours[image]
        if scale > 1:
            cut_x, cut_y = x1 - left - first_x * scale, y1 - top - first_y * scale
            image = image.repeat(scale, axis=0).repeat(scale, axis=1)[cut_y : cut_y + y2 - y1, cut_x : cut_x + x2 - x1]
            shown = shown.repeat(scale, axis=0).repeat(scale, axis=1)[cut_y : cut_y + y2 - y1, cut_x : cut_x + x2 - x1]
        area = screen[y1:y2, x1:x2]
        if shown.all():
            area[...] = image
        else:
            numpy.copyto(area, image, where=shown)

    def _draw_rect(self, node, left, top, rect_width, rect_height, screen):
        _, state, palette_state = node
        height, width = screen.shape
        x1, x2 = max(left, 0), min(left + rect_width, width)
        y1, y2 = max(top, 0), min(top + rect_height, height)
        if x1 >= x2 or y1 >= y2:
            return
        colours, opaque = self._cached(self._palettes, palette_state, palette_table, palette_state)
        index = displaystate.rect_colour(state)
        screen[y1:y2, x1:x2] = colours[index] if index < len(colours) - 1 and opaque[index] else 0
