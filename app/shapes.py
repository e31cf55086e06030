# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Solid rectangles, with vectorio where it can draw them.

A vectorio shape is cheap (96 bytes), but it ignores its Group's scale
(CircuitPython's shared-module/vectorio/VectorShape.c moves and sizes it in
screen pixels), and the Seeed Wio Terminal's and the PewPew M4's builds
have no ``vectorio`` at all. In a scaled Group, or without vectorio, a
rectangle is a TileGrid that repeats one small, one-colour bitmap: a band
as wide as the rectangle and a few rows high, the rows chosen so that the
band's bytes and the grid's tile indices (a byte each beyond four)
together are fewest (a 120 x 120 page: 3 rows, 48 + 40 bytes, where a
60 x 60 square took 480 + 0). Bands of the same size are shared. Either
way a rectangle has ``x``, ``y`` and ``hidden``, and its colour is its
palette's colour 0; its size is fixed when it is made.
"""

import displayio
from micropython import const

try:
    import vectorio
except ImportError:  # Wio Terminal, PewPew M4
    vectorio = None

#: Largest tile side tried for a TileGrid rectangle.
#: Tile indices a TileGrid keeps inside its C struct (no array of its own).
_INLINE_TILES = const(4)
_TILES = {}


def set_hidden(layer, hidden):
    """Hide or show ``layer``, writing ``hidden`` only if it changes: the
    firmware sends a TileGrid's or a vectorio shape's whole area again on
    every write, even of the value it has (docs/architecture.md, "What a
    refresh sends"). Reading it allocates nothing."""
    if layer.hidden != hidden:
        layer.hidden = hidden


def solid(colour):
    """A one-colour Palette."""
    palette = displayio.Palette(1)
    palette[0] = colour
    return palette


def _band_rows(width, height):
    # The rows of the band that tiles a width x height rectangle: the
    # divisor of ``height`` for which the band's bytes (its rows, each
    # padded to 32 bits) and the grid's tile indices add up to the least.
    row_bytes = (width + 31) // 32 * 4
    best_rows = height
    best_bytes = row_bytes * height
    for rows in range(1, height):
        if height % rows:
            continue
        count = height // rows
        cost = row_bytes * rows + (count if count > _INLINE_TILES else 0)
        if cost < best_bytes:
            best_rows, best_bytes = rows, cost
    return best_rows


def rectangle(palette, x, y, width, height, scaled=False):
    """A ``width`` x ``height`` rectangle in ``palette``'s colour 0 at (x, y).

    :param bool scaled: it goes in a Group whose scale (or a parent's) is
        more than 1.
    """
    if vectorio is not None and not scaled:
        return vectorio.Rectangle(pixel_shader=palette, x=x, y=y, width=width, height=height)
    rows = _band_rows(width, height)
    key = (width, rows)
    bitmap = _TILES.get(key)
    if bitmap is None:
        bitmap = _TILES[key] = displayio.Bitmap(width, rows, 1)
    return displayio.TileGrid(bitmap, pixel_shader=palette, width=1, height=height // rows, x=x, y=y)
