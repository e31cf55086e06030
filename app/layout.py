# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Where everything goes on a screen: one ``Layout`` per screen size.

A layout is pure geometry and font choices (no displayio objects), so the
screens, the tile-face artist and the tests share it. ``for_screen`` picks
the layout for a display's width and height.
"""


class Layout:
    """Geometry of the play screen and the pages, in layout pixels.

    The layout is drawn at ``scale`` (a displayio Group scale): a 320x240
    screen shows a 160x120 layout at scale 2 for no extra RAM.

    :param int width: layout width in pixels (screen width / scale).
    :param int height: layout height in pixels.
    :param int tile: side of a tile.
    :param int gap: space between tiles and round the board.
    :param tuple board: (x, y) of the board's top-left corner.
    :param tuple panel: (x, width) of the score panel on the right.
    :param tuple rows: y of the SCORE box, the BEST box and the status text.
    :param tuple tile_fonts: font file for a tile number of 1..6 digits.
    :param tuple score_fonts: font files for scores of up to 6 and of 7 digits.
    :param int arrow: side of the hint arrow.
    """

    def __init__(self, width, height, tile, gap, board, panel, rows, tile_fonts, score_fonts, arrow, scale=1):
        self.width = width
        self.height = height
        self.scale = scale
        self.tile = tile
        self.gap = gap
        #: Distance from one tile's left edge to the next one's.
        self.pitch = tile + gap
        #: Side of the board backdrop: 4 tiles and 5 gaps.
        self.board_size = 4 * tile + 5 * gap
        self.board_x, self.board_y = board
        self.panel_x, self.panel_width = panel
        self.score_y, self.best_y, self.status_y = rows
        self.tile_fonts = tile_fonts
        self.score_fonts = score_fonts
        self.arrow = arrow
        #: Text cells of terminalio.FONT (6 x 12) that fit across and down.
        self.columns = width // 6
        self.lines = height // 12
        #: Characters per status line in the panel.
        self.status_columns = self.panel_width // 6

    @property
    def board_centre(self):
        """(x, y) of the board's middle."""
        return (self.board_x + self.board_size // 2, self.board_y + self.board_size // 2)

    @property
    def panel_centre(self):
        """x of the score panel's middle."""
        return self.panel_x + self.panel_width // 2

    def cell_origin(self, index):
        """(x, y) of cell ``index``'s face (its top-left gap included)."""
        return (self.board_x + (index % 4) * self.pitch, self.board_y + (index // 4) * self.pitch)


#: Tile digit fonts, widest first: each is the widest that fits a 27 px tile
#: for its digit count (131072 in 4x6 is 24 px wide).
SMALL_TILE_FONTS = (
    "9x18B-digits.pcf",
    "9x18B-digits.pcf",
    "8x13B-digits.pcf",
    "6x13B-digits.pcf",
    "5x8-digits.pcf",
    "4x6-digits.pcf",
)
#: SCORE / BEST: 6x13 bold up to 6 digits (36 px), 5x8 for 7 (35 px).
SMALL_SCORE_FONTS = ("6x13B-digits.pcf", "5x8-digits.pcf")

#: The PyBadge's 160x128: a 118 px board on the left, a 38 px score panel.
LAYOUT_160X128 = Layout(
    160,
    128,
    tile=27,
    gap=2,
    board=(1, 5),
    panel=(121, 38),
    rows=(5, 41, 78),
    tile_fonts=SMALL_TILE_FONTS,
    score_fonts=SMALL_SCORE_FONTS,
    arrow=41,
)


def for_screen(width, height):
    """The layout for a ``width`` x ``height`` display.

    :raises ValueError: no layout is designed for that size.
    """
    if (width, height) == (160, 128):
        return LAYOUT_160X128
    raise ValueError("no layout for a %dx%d screen" % (width, height))
