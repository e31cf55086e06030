"""The play screen: the 4x4 board, the SCORE / BEST panel, hint arrow and status.

Everything is built once; updates touch only what changed (a tile index,
a digit, a hidden flag), so a move costs no allocation and displayio
refreshes only the dirty areas.
"""

import displayio
import vectorio
from adafruit_display_text import bitmap_label

from app import theme
from app.digits import DigitStrip

#: Side of the hint arrow's square sprite (pixels).
_ARROW = 41
#: Most merges one move can make (two per line).
RING_COUNT = 8
#: A ring spans a cell's own top/left gap, its tile and the next cell's gap.
_RING = theme.PITCH + theme.GAP
_BOARD_CENTRE_X = theme.BOARD_X + theme.BOARD_SIZE // 2
_BOARD_CENTRE_Y = theme.BOARD_Y + theme.BOARD_SIZE // 2
_PANEL_CENTRE = theme.PANEL_X + theme.PANEL_WIDTH // 2


def _solid(colour):
    palette = displayio.Palette(1)
    palette[0] = colour
    return palette


def _rect(colour, x, y, width, height):
    return vectorio.Rectangle(pixel_shader=_solid(colour), x=x, y=y, width=width, height=height)


def _arrow_value(x, y):
    """Pixel of the up arrow at (x, y): 0 clear, 1 outline, 2 fill."""
    half = _ARROW // 2
    dx = abs(x - half)
    # Head: a triangle over rows 0..20; shaft: 13 px wide below it.
    if y <= half:
        inside, edge = dx <= y, dx >= y - 2 or y <= 1
    else:
        inside, edge = dx <= 7, dx >= 6 or y >= _ARROW - 2
    if not inside:
        return 0
    return 1 if edge else 2


def _arrow_sprite():
    """A 4-frame sprite of the hint arrow: up, right, down, left (engine order)."""
    size = _ARROW
    sheet = displayio.Bitmap(size * 4, size, 3)
    last = size - 1
    for y in range(size):
        for x in range(size):
            value = _arrow_value(x, y)
            if value:
                # Frame d is the up arrow turned d quarter turns clockwise.
                sheet[x, y] = value
                sheet[size + last - y, x] = value
                sheet[2 * size + last - x, last - y] = value
                sheet[3 * size + y, last - x] = value
    palette = displayio.Palette(3)
    palette[0] = 0
    palette[1] = theme.DARK_TEXT
    palette[2] = theme.HINT_ARROW
    palette.make_transparent(0)
    return displayio.TileGrid(
        sheet,
        pixel_shader=palette,
        tile_width=size,
        tile_height=size,
        x=_BOARD_CENTRE_X - size // 2,
        y=_BOARD_CENTRE_Y - size // 2,
    )


class _ScoreBox:
    """A titled box with a number: 6 digits, 7 in a smaller font from
    1,000,000 (every score a 4x4 game can reach: at most 3,932,164), whole
    millions and an M from 10,000,000 (only a number set by hand)."""

    def __init__(self, group, fonts, title, y):
        group.append(_rect(theme.BOARD, theme.PANEL_X, y, theme.PANEL_WIDTH, 33))
        label = bitmap_label.Label(fonts.text, text=title, color=theme.PANEL_TITLE)
        label.anchor_point = (0.5, 0.0)
        label.anchored_position = (_PANEL_CENTRE, y + 1)
        group.append(label)
        self.wide = DigitStrip(fonts.for_score(6), 6, _PANEL_CENTRE, y + 16, theme.LIGHT_TEXT, theme.BOARD)
        self.narrow = DigitStrip(fonts.for_score(7), 7, _PANEL_CENTRE, y + 19, theme.LIGHT_TEXT, theme.BOARD)
        self.narrow.grid.hidden = True
        group.append(self.wide.grid)
        group.append(self.narrow.grid)
        self.value = 0

    def set(self, value):
        if value == self.value:
            return
        self.value = value
        big = value >= 1000000
        self.narrow.grid.hidden = not big
        self.wide.grid.hidden = big
        (self.narrow if big else self.wide).set(value)


class BoardView:
    """The play screen. ``group`` is its displayio root.

    :param fonts: an :class:`app.fonts.Fonts`.
    :param sheet: the tile-face Bitmap from :func:`app.faces.build_sheet`.
    :param palette: its Palette.
    """

    def __init__(self, fonts, sheet, palette):
        group = displayio.Group()
        group.append(_rect(theme.BACKGROUND, 0, 0, theme.SCREEN_WIDTH, theme.SCREEN_HEIGHT))
        group.append(_rect(theme.BOARD, theme.BOARD_X, theme.BOARD_Y, theme.BOARD_SIZE, theme.BOARD_SIZE))
        # Merge rings lie under the grid and show through its gaps: the
        # faces' gap colour is made transparent (the backdrop has the same
        # colour, so nothing else changes).
        palette.make_transparent(0)
        ring_colour = _solid(theme.MERGE_RING)
        self.rings = []
        for _ in range(RING_COUNT):
            ring = vectorio.Rectangle(pixel_shader=ring_colour, x=0, y=0, width=_RING, height=_RING)
            ring.hidden = True
            group.append(ring)
            self.rings.append(ring)
        self.grid = displayio.TileGrid(
            sheet,
            pixel_shader=palette,
            width=4,
            height=4,
            tile_width=theme.PITCH,
            tile_height=theme.PITCH,
            default_tile=0,
            x=theme.BOARD_X,
            y=theme.BOARD_Y,
        )
        group.append(self.grid)
        #: Sprites for the slide animation draw above the grid (see app.animation).
        self.sprites = displayio.Group()
        group.append(self.sprites)
        self.arrow = _arrow_sprite()
        self.arrow.hidden = True
        group.append(self.arrow)
        self.score = _ScoreBox(group, fonts, "SCORE", 5)
        self.best = _ScoreBox(group, fonts, "BEST", 41)
        self.status = bitmap_label.Label(fonts.text, text=" ", color=theme.DARK_TEXT, line_spacing=1.0)
        self.status.anchor_point = (0.5, 0.0)
        self.status.anchored_position = (_PANEL_CENTRE, 78)
        group.append(self.status)
        self.group = group
        self._status_text = " "
        self._arrow_direction = -1
        self._shown = [-1] * 16

    def show_cells(self, cells):
        """Make the board show ``cells`` (16 exponents); only changed tiles are set."""
        shown = self._shown
        grid = self.grid
        for index in range(16):
            exponent = cells[index]
            if exponent > 17:
                # Never happens: the engine keeps tiles at or below 17
                # (131072s do not merge; set_board and the store refuse
                # more). The clamp only keeps the index inside the sheet.
                exponent = 17
            if shown[index] != exponent:
                shown[index] = exponent
                grid[index] = exponent

    def show_face(self, index, face):
        """Show sprite-sheet face ``face`` in cell ``index`` (animations)."""
        self._shown[index] = face
        self.grid[index] = face

    def show_ring(self, slot, index):
        """Ring number ``slot`` (0..7) around cell ``index``; index -1 hides it."""
        ring = self.rings[slot]
        if index < 0:
            ring.hidden = True
            return
        ring.x = theme.BOARD_X + (index % 4) * theme.PITCH
        ring.y = theme.BOARD_Y + (index // 4) * theme.PITCH
        ring.hidden = False

    def face_at(self, index):
        """Face index shown in cell ``index`` (0..15, row-major)."""
        return self.grid[index]

    def show_scores(self, score, best):
        """Update SCORE and BEST (ints >= 0: every digit up to 9,999,999,
        then whole millions and an M, e.g. "1073M")."""
        self.score.set(score)
        self.best.set(best)

    def show_hint(self, direction):
        """Draw the hint arrow for direction 0..3 over the board; -1 hides it."""
        if direction == self._arrow_direction:
            return
        self._arrow_direction = direction
        if direction < 0:
            self.arrow.hidden = True
            return
        self.arrow[0] = direction
        self.arrow.hidden = False

    @property
    def hint_direction(self):
        """The direction the hint arrow shows, -1 when hidden."""
        return self._arrow_direction

    def show_status(self, text):
        """Up to two short lines (6 characters each) under the scores."""
        if not text:
            text = " "
        if text != self._status_text:
            self._status_text = text
            self.status.text = text

    @property
    def status_text(self):
        """The status text shown."""
        return self._status_text.strip()
