# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Solid rectangles, with vectorio where it can draw them.

A vectorio shape is cheap (96 bytes), but it ignores its Group's scale
(CircuitPython's shared-module/vectorio/VectorShape.c moves and sizes it in
screen pixels), and the Seeed Wio Terminal's and the PewPew M4's builds
have no ``vectorio`` at all. In a scaled Group, or without vectorio, a
rectangle is a TileGrid that repeats one small, one-colour bitmap (a tile
as big as possible that divides the rectangle: a few hundred bytes, shared
by every rectangle with the same tile). Either way a rectangle has ``x``,
``y`` and ``hidden``, and its colour is its palette's colour 0; its size is
fixed when it is made.
"""

import displayio
from micropython import const

try:
    import vectorio
except ImportError:  # Wio Terminal, PewPew M4
    vectorio = None

#: Largest tile side tried for a TileGrid rectangle.
_MOST = const(64)
# One-value bitmaps by (width, height), shared.
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


def _divisor(length):
    # The largest side <= _MOST that divides ``length`` (1 for a prime above it).
    for side in range(min(length, _MOST), 0, -1):
        if length % side == 0:
            return side
    return 1


def rectangle(palette, x, y, width, height, scaled=False):
    """A ``width`` x ``height`` rectangle in ``palette``'s colour 0 at (x, y).

    :param bool scaled: it goes in a Group whose scale (or a parent's) is
        more than 1.
    """
    if vectorio is not None and not scaled:
        return vectorio.Rectangle(pixel_shader=palette, x=x, y=y, width=width, height=height)
    tile_width = _divisor(width)
    tile_height = _divisor(height)
    key = (tile_width, tile_height)
    bitmap = _TILES.get(key)
    if bitmap is None:
        bitmap = _TILES[key] = displayio.Bitmap(tile_width, tile_height, 1)
    return displayio.TileGrid(
        bitmap,
        pixel_shader=palette,
        width=width // tile_width,
        height=height // tile_height,
        tile_width=tile_width,
        tile_height=tile_height,
        x=x,
        y=y,
    )
