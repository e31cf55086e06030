# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The play screen: the 4x4 board, the SCORE / BEST panel, hint arrow and status.

Everything is built once from the start-up artwork (app.artwork); updates
touch only what changed (a tile index, a digit, a hidden flag, a text
cell), so a move costs no allocation and displayio refreshes only the
dirty areas. A write of the value a layer already has is no write here:
the firmware would send the layer's area again for it (``hidden``, a tile
index; docs/architecture.md, "What a refresh sends").
"""

import displayio
from micropython import const

from app import theme
from app.digits import DigitStrip
from app.shapes import rectangle, set_hidden, solid
from app.text import TextGrid
from app.words import text

#: Most merges one move can make (two per line).
RING_COUNT = 8
#: SCORE / BEST switch to the narrow font from this value on (7 digits).
_NARROW_FROM = const(1000000)
# The texts of app.words over the scores (lang/keys.txt names them).
_W_SCORE = const(0)
_W_BEST = const(1)
# A status line never shown (none holds a newline): what the view notes
# after ``forget``, so that the next status is drawn whatever it is.
_UNKNOWN = "\n"


def _rect(colour, x, y, width, height, scaled):
    return rectangle(solid(colour), x, y, width, height, scaled)


class _ScoreBox:
    """A titled box with a number: 6 digits, 7 in a smaller font from
    1,000,000 (every score a 4x4 game can reach: at most 3,932,164), whole
    millions and an M from 10,000,000 (only a number set by hand).

    :param box: its :class:`app.layout.Box`.
    """

    def __init__(self, group, art, box, strip, title, scaled):
        self.backdrop = _rect(theme.BOARD, box.x, box.y, box.width, box.height, scaled)
        group.append(self.backdrop)
        self.box = box
        self.strip = strip
        self.group = group
        self.heading = None
        if box.title_y >= 0:
            # (As wide as the title: app.board_view.BoardView.retitle puts
            # another language's in its place.)
            left = box.x + box.title_x if box.title_x >= 0 else box.centre - 3 * len(title)
            self.heading = TextGrid(strip, len(title), 1, theme.PANEL_TITLE, left, box.y + box.title_y)
            self.heading.write(0, 0, title)
            group.append(self.heading.grid)
        wide, narrow = art.score_digits
        centre = box.digits_centre
        self.wide = DigitStrip(wide, 6, centre, box.y + box.digits_y)
        self.narrow = DigitStrip(narrow, 7, centre, box.y + box.narrow_y)
        self.narrow.grid.hidden = True
        group.append(self.wide.grid)
        group.append(self.narrow.grid)
        self.value = 0
        self.hidden = False

    def retitle(self, title):
        """Show ``title`` over the box in place of the one shown."""
        old = self.heading
        if old is None:
            return
        box = self.box
        left = box.x + box.title_x if box.title_x >= 0 else box.centre - 3 * len(title)
        self.heading = TextGrid(self.strip, len(title), 1, theme.PANEL_TITLE, left, box.y + box.title_y)
        self.heading.write(0, 0, title)
        self.heading.grid.hidden = old.grid.hidden
        group = self.group
        group[group.index(old.grid)] = self.heading.grid

    def set(self, value):
        if value == self.value:
            return
        self.value = value
        self._show_digits()

    def _show_digits(self):
        # ``hidden`` written only on a change (app.shapes.set_hidden, inline:
        # a move reaches this at the end of a long call chain).
        big = self.value >= _NARROW_FROM
        hidden = self.hidden or not big
        if self.narrow.grid.hidden != hidden:
            self.narrow.grid.hidden = hidden
        hidden = self.hidden or big
        if self.wide.grid.hidden != hidden:
            self.wide.grid.hidden = hidden
        (self.narrow if big else self.wide).set(self.value)

    def hide(self, hidden):
        """Hide the box (True) or show it again (False)."""
        if hidden == self.hidden:
            return
        self.hidden = hidden
        set_hidden(self.backdrop, hidden)
        if self.heading is not None:
            set_hidden(self.heading.grid, hidden)
        self._show_digits()


def face_palettes():
    """A palette for each tile exponent (0: the empty cell .. 17), shared
    by every cell and sprite that shows that tile: the board's colour in
    the tile's rounded corners (made transparent: the board, or a merge
    ring under the cell, shows there), the tile's ink, the tile, the empty
    cell. A cell
    shows a tile by its sheet face and its exponent's palette (its
    ``pixel_shader``): 18 palettes in all, not one per cell and sprite."""
    palettes = []
    for exponent in range(theme.TOP_EXPONENT + 1):
        palette = displayio.Palette(4)
        palette[theme.FACE_CLEAR] = theme.BOARD
        palette[theme.FACE_EMPTY] = theme.EMPTY_CELL
        palette[theme.FACE_INK] = theme.text_colour(exponent)
        palette[theme.FACE_TILE] = theme.tile_colour(exponent)
        palette.make_transparent(theme.FACE_CLEAR)
        palettes.append(palette)
    return palettes


class BoardView:
    """The play screen. ``group`` is its displayio root.

    :param art: the :class:`app.artwork.Art` drawn at start-up.
    :param layout: the screen's :class:`app.layout.Layout`.
    """

    def __init__(self, art, layout):
        self.layout = layout
        group = displayio.Group(scale=layout.scale, x=layout.left, y=layout.top)
        scaled = layout.scale > 1
        # The backdrop and the board: the group's first two layers
        # (app.palettes.paint finds them there, as it finds every colour
        # it rewrites: no attribute of their own to keep on the heap).
        group.append(_rect(theme.BACKGROUND, 0, 0, layout.width, layout.height, scaled))
        group.append(_rect(theme.BOARD, layout.board_x, layout.board_y, layout.board_size, layout.board_size, scaled))
        ring_colour = solid(theme.MERGE_RING)
        ring = layout.pitch + layout.gap
        self.rings = []
        for _ in range(RING_COUNT):
            shape = rectangle(ring_colour, 0, 0, ring, ring, scaled)
            shape.hidden = True
            group.append(shape)
            self.rings.append(shape)
        # The tiles and the arrow, at the board's own scale: in a Group of
        # their own where it is 2 (layout.board_scale: their bitmaps are
        # drawn at half resolution), in the screen's where it is 1.
        unit = layout.board_scale
        board = group if unit == 1 else displayio.Group(scale=unit)
        # A TileGrid per cell: the sheet holds shapes, and the palette of
        # the tile's exponent (the cell's pixel_shader) gives them colours.
        self.palettes = face_palettes()
        self.cells = []
        board.append(self._board_cells(art.faces, layout))
        #: Sprites for the slide animation draw above the grid (see app.animation).
        self.sprites = displayio.Group()
        board.append(self.sprites)
        centre_x, centre_y = layout.board_centre
        self.arrow = displayio.TileGrid(
            art.arrow,
            pixel_shader=art.arrow_palette,
            x=(centre_x - layout.arrow // 2) // unit,
            y=(centre_y - layout.arrow // 2) // unit,
        )
        self.arrow.hidden = True
        board.append(self.arrow)
        if board is not group:
            group.append(board)
        strip = art.text_strip
        self.score = _ScoreBox(group, art, layout.score, strip, text(_W_SCORE), scaled)
        self.best = _ScoreBox(group, art, layout.best, strip, text(_W_BEST), scaled)
        # Two status lines by the scores; where there is no room for them
        # (128x128), one line that takes the scores' place while it shows.
        self._one_line = layout.status_lines == 1
        self.status = TextGrid(
            strip, layout.status_columns, layout.status_lines, theme.DARK_TEXT, layout.status_x, layout.status_y
        )
        group.append(self.status.grid)
        # The battery's level: a place of its own, or the status lines
        # while they are empty, or none (app.battery).
        place = layout.battery
        self._battery_in_status = place == "status"
        self._battery_text = ""
        self.battery = None
        if isinstance(place, tuple):
            self.battery = TextGrid(strip, place[2], 1, theme.DARK_TEXT, place[0], place[1])
            group.append(self.battery.grid)
        self.group = group
        self._first = ""
        self._second = ""
        self._arrow_direction = -1
        self._shown = bytearray(b"\xff" * 16)

    def _board_cells(self, sheet, layout):
        # The 16 cells in a Group (built apart from __init__, so that its
        # locals do not deepen start-up's chain of frames on the pystack).
        # A cell is the tile alone, ``gap`` pixels inside its pitch: the
        # board's backdrop draws the gaps, and a merge ring round them.
        # In the board's own pixels (layout.board_scale).
        cells = displayio.Group()
        unit = layout.board_scale
        pitch = layout.pitch // unit
        tile = layout.tile // unit
        left = (layout.board_x + layout.gap) // unit
        top = (layout.board_y + layout.gap) // unit
        for index in range(16):
            cell = displayio.TileGrid(
                sheet,
                pixel_shader=self.palettes[0],
                tile_width=tile,
                tile_height=tile,
                default_tile=0,
                x=left + (index % 4) * pitch,
                y=top + (index // 4) * pitch,
            )
            cells.append(cell)
            self.cells.append(cell)
        return cells

    def forget(self):
        """Forget what the screen is known to show: the next ``show_cells``,
        ``show_scores``, ``show_hint`` and ``show_status`` draw their part
        whole, and the battery's text (where it has a place of its own) is
        drawn again now.

        Each part notes what it shows and skips what is shown already; a
        fault that cut a drawing short may have left the note ahead of the
        screen. The app's recovery calls this before it draws the game.
        """
        shown = self._shown
        for index in range(16):
            shown[index] = 0xFF
        # The score boxes: their digits drawn again at the next set, and
        # hidden or shown again at the next hide() (None: not known).
        box = self.score
        box.value = box.wide.value = box.narrow.value = -1
        box.hidden = None
        box = self.best
        box.value = box.wide.value = box.narrow.value = -1
        box.hidden = None
        self._arrow_direction = -2  # no direction: show_hint(-1) hides the arrow again
        self._first = self._second = _UNKNOWN
        if self.battery is not None:
            self.battery.line(0, self._battery_text, centre=True)

    def show_cells(self, cells):
        """Make the board show ``cells`` (16 exponents 0..17); only changed tiles are set."""
        shown = self._shown
        for index in range(16):
            exponent = cells[index]
            if exponent > 17:
                # Never happens: the engine keeps tiles at or below 17
                # (131072s do not merge; set_board and the store refuse
                # more). The clamp only keeps the index inside the sheet.
                exponent = 17
            if shown[index] != exponent:
                self.show_face(index, exponent)

    def show_face(self, index, face):
        """Show sheet face ``face`` in cell ``index`` (a tile's exponent, or
        an appearing face: animations)."""
        self._shown[index] = face
        cell = self.cells[index]
        cell[0] = face
        # The palette of the face's exponent (an appearing face, APPEARING
        # + e - 1, takes e's), worked out here: a move's animation reaches
        # this at the bottom of one of the game's longest call chains.
        cell.pixel_shader = self.palettes[face if face < theme.APPEARING else face - theme.APPEARING + 1]

    def show_ring(self, slot, index):
        """Ring number ``slot`` (0..7) around cell ``index``; index -1 hides it."""
        ring = self.rings[slot]
        if index < 0:
            if not ring.hidden:  # written only on a change (app.shapes.set_hidden, inline)
                ring.hidden = True
            return
        layout = self.layout
        ring.x = layout.board_x + (index % 4) * layout.pitch
        ring.y = layout.board_y + (index // 4) * layout.pitch
        if ring.hidden:
            ring.hidden = False

    def show_scores(self, score, best):
        """Update SCORE and BEST (ints >= 0: every digit up to 9,999,999,
        then whole millions and an M, e.g. "1073M")."""
        self.score.set(score)
        self.best.set(best)

    def show_hint(self, direction):
        """Point the hint arrow for direction 0..3 (up, right, down, left); -1 hides it."""
        if direction == self._arrow_direction:
            return
        self._arrow_direction = direction
        arrow = self.arrow
        if direction < 0:
            arrow.hidden = True
            return
        # The sheet holds the up arrow. Down: mirrored top to bottom; left:
        # transposed (the tip goes from the top edge to the left one);
        # right: transposed and mirrored both ways (the same in whichever
        # order displayio applies the flips, the arrow being symmetric).
        arrow.transpose_xy = direction == 1 or direction == 3
        arrow.flip_x = direction == 1
        arrow.flip_y = direction == 1 or direction == 2
        arrow.hidden = False

    def retitle(self):
        """The scores' titles in the language in memory (app.words), in
        place of the ones shown (the language changed)."""
        self.score.retitle(text(_W_SCORE))
        self.best.retitle(text(_W_BEST))

    def say(self, first, second=-1):
        """Show texts ``first`` and ``second`` (-1: none) of app.words on
        the status lines (``show_status``)."""
        self.show_status(text(first), text(second) if second >= 0 else "")

    def show_status(self, first="", second=""):
        """Up to two short lines (``layout.status_columns`` characters each)
        by the scores, or both on the one line that replaces the scores
        while it shows (a layout with ``status_lines`` 1)."""
        if first == self._first and second == self._second:
            return
        self._first = first
        self._second = second
        if self._one_line:
            text = first + " " + second if first and second else first + second
            self.status.line(0, text, centre=True)
            self.score.hide(bool(text))
            self.best.hide(bool(text))
            return
        if self._battery_in_status and not (first or second):
            first = self._battery_text  # the status lines are the battery's while empty
        self.status.line(0, first, centre=True)
        self.status.line(1, second, centre=True)

    def show_battery(self, text):
        """The battery gauge's text ("85%", "USB", ""), where the layout has room."""
        if text == self._battery_text:
            return
        self._battery_text = text
        if self.battery is not None:
            self.battery.line(0, text, centre=True)
        elif self._battery_in_status and not (self._first or self._second):
            self.status.line(0, text, centre=True)

    @property
    def status_text(self):
        """The status lines shown, joined by a newline ("" when blank)."""
        return (self._first + "\n" + self._second).strip()
