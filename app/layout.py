# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Where everything goes on a screen: the ``Layout`` and ``Box`` records.

A layout is pure geometry and font choices (no displayio objects), so the
screens, the tile-face artist and the tests share it. The layouts
themselves, one per screen size, are in app.layouts, which code.py drops
once it has the one it needs.
"""

#: Pixels per line of terminalio.FONT text.
LINE = 12


class Box:
    """A titled number on the play screen: x, y, width, height (pixels)
    and where the title and the digits go inside it.

    By default the title is centred over the digits; ``title_x`` (from the
    box's left) puts it on the left instead, and ``digits_x`` (from the
    box's left) is then the middle of the digits beside it.
    """

    def __init__(self, x, y, width, height, title_y=1, digits_y=16, narrow_y=19, title_x=-1, digits_x=-1):
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        #: Offsets from the box's top: the title's, the digits', the
        #: 7-digit font's digits'. A title_y below 0: no title.
        self.title_y = title_y
        self.digits_y = digits_y
        self.narrow_y = narrow_y
        #: Offsets from the box's left (-1: centred in the box).
        self.title_x = title_x
        self.digits_x = digits_x

    @property
    def centre(self):
        """x of the box's middle."""
        return self.x + self.width // 2

    @property
    def digits_centre(self):
        """x of the middle of the digits."""
        return self.centre if self.digits_x < 0 else self.x + self.digits_x


class Layout:
    """Geometry of the play screen and the pages, in layout pixels.

    :param int width: layout width (screen width / ``scale``).
    :param int height: layout height.
    :param int tile: side of a tile.
    :param int gap: space between tiles and round the board.
    :param tuple board: (x, y) of the board's top-left corner.
    :param score: the SCORE :class:`Box`; ``best`` the BEST one.
    :param tuple status: (x, y, columns) of the status lines.
    :param int status_lines: 2: two lines by the scores; 1: one line, which
        takes the scores' place while it shows (a screen with no room for it).
    :param tuple tile_fonts: (font file, scale) for a tile's text of 1, 2 ...
        characters (app.artwork.tile_text), each drawn with a blank column
        between two characters' ink (app.artwork.SPACED_ADVANCE).
    :param int short_from: the tile exponent from which a tile shows its
        number of 1024s and a K ("16K" for 16384; 18: never), where the
        whole number does not fit a tile in a font of 8 rows or more.
    :param tuple score_fonts: (font file, scale) for scores of up to 6 and of 7 digits.
    :param int arrow: side of the hint arrow.
    :param int scale: the whole screen's Group scale.
    :param int overlay_scale: the pages' and banners' own scale on top.
    :param int left: screen pixels left of the layout (a screen bigger than
        it: the layout is centred); ``top`` the same above it.
    :param battery: where the battery gauge's text goes: (x, y, columns);
        "status" for the status lines while they are empty; None: nowhere
        on the play screen (the About page has it).
    """

    def __init__(
        self,
        width,
        height,
        tile,
        gap,
        board,
        score,
        best,
        status,
        tile_fonts,
        score_fonts,
        arrow,
        scale=1,
        overlay_scale=1,
        status_lines=2,
        left=0,
        top=0,
        battery=None,
        short_from=18,
    ):
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
        self.score = score
        self.best = best
        self.status_x, self.status_y, self.status_columns = status
        self.status_lines = status_lines
        self.left = left
        self.top = top
        self.battery = battery
        self.tile_fonts = tile_fonts
        self.short_from = short_from
        self.score_fonts = score_fonts
        self.arrow = arrow
        self.overlay_scale = overlay_scale
        #: The pages' size in their own pixels, and the terminalio.FONT
        #: text (6 x 12) that fits: columns inside a 2-pixel margin on
        #: each side (a page's text starts at x = 2), and body lines under
        #: the title.
        self.overlay_width = width // overlay_scale
        self.overlay_height = height // overlay_scale
        self.columns = (self.overlay_width - 4) // 6
        self.page_lines = (self.overlay_height - 17) // LINE

    @property
    def board_centre(self):
        """(x, y) of the board's middle."""
        return (self.board_x + self.board_size // 2, self.board_y + self.board_size // 2)

    def font_files(self):
        """Every font file the layout draws with (each once)."""
        names = []
        for name, _ in self.tile_fonts + self.score_fonts:
            if name not in names:
                names.append(name)
        return tuple(names)
