# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Colours (RGB 0xRRGGBB, shown as RGB565 by displayio) and the tile faces.

The palette is the original 2048's. Where things go is app.layout's.
"""

from micropython import const

#: Faces in the tile sheet (app.artwork): empty plus exponents 1..17
#: (2 .. 131072), then the two "appearing" faces: a small 2 and a small 4
#: (spawns are only 2 or 4).
FACE_COUNT = const(20)
#: Face of a just-spawned tile with exponent e (1 or 2) is APPEARING + e - 1.
APPEARING = const(18)
#: Largest tile exponent a 4x4 game can make (131072).
TOP_EXPONENT = const(17)
#: The face sheet's pixel values (2 bits a pixel): clear (a tile's rounded
#: corners, transparent: the board or a merge ring shows there), the
#: digits' ink (1: the value a font's glyph bitmaps hold, so digits are
#: copied in C), the tile, and the empty cell round an appearing tile.
#: Each tile exponent has a palette of these four (app.board_view.face_palettes),
#: shared by the cells and sprites that show it.
FACE_CLEAR = const(0)
FACE_INK = const(1)
FACE_TILE = const(2)
FACE_EMPTY = const(3)

BACKGROUND = 0xFAF8EF
BOARD = 0xBBADA0
EMPTY_CELL = 0xCDC1B4
DARK_TEXT = 0x776E65
LIGHT_TEXT = 0xF9F6F2
#: Tile colours for 2, 4, 8 ... 2048 (exponents 1..11).
TILE_COLOURS = (
    0xEEE4DA,
    0xEDE0C8,
    0xF2B179,
    0xF59563,
    0xF67C5F,
    0xF65E3B,
    0xEDCF72,
    0xEDCC61,
    0xEDC850,
    0xEDC53F,
    0xEDC22E,
)
#: Every tile above 2048.
SUPER_TILE = 0x3C3A32
PANEL_TITLE = 0xEEE4DA
WIN_GOLD = 0xEDC22E
OVERLAY = 0x3C3A32
HIGHLIGHT = 0xF67C5F
HINT_ARROW = 0xF65E3B
#: Flashes in the gaps round a tile just made by a merge.
MERGE_RING = 0xF9F6F2


def tile_colour(exponent):
    """Background colour of a tile with this exponent (0 = empty cell)."""
    if exponent == 0:
        return EMPTY_CELL
    if exponent <= 11:
        return TILE_COLOURS[exponent - 1]
    return SUPER_TILE


def text_colour(exponent):
    """Digit colour on a tile: dark on the pale 2 and 4, light elsewhere."""
    return DARK_TEXT if exponent <= 2 else LIGHT_TEXT
