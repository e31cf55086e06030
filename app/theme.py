"""Colours (RGB 0xRRGGBB, shown as RGB565 by displayio) and the screen layout.

The palette is the original 2048's. The layout fits a 160x128 screen: a
118 px square board on the left, a 38 px score panel on the right.
"""

try:
    from micropython import const
except ImportError:  # CPython without Blinka

    def const(value):
        return value


SCREEN_WIDTH = const(160)
SCREEN_HEIGHT = const(128)

#: Side of one tile in pixels.
TILE = const(27)
#: Space between tiles (and round the board edge) in pixels.
GAP = const(2)
#: Distance from one tile's left edge to the next one's.
PITCH = const(29)
BOARD_X = const(1)
BOARD_Y = const(5)
#: Side of the board backdrop: 4 tiles and 5 gaps.
BOARD_SIZE = const(118)

PANEL_X = const(121)
PANEL_WIDTH = const(38)

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


def rgb565(colour):
    """0xRRGGBB -> the 16-bit RGB565 value the PyBadge's TFT shows."""
    return ((colour >> 8) & 0xF800) | ((colour >> 5) & 0x07E0) | ((colour >> 3) & 0x001F)
