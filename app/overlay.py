# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Banners and pages over the play screen: win, game over, menus, help.

One overlay serves every screen: a box, a title and a block of text lines
(app.text grids: showing a page is writing tile indices, no rendering, no
allocation beyond the page's own strings), plus a highlight bar behind
the selected line. Moving the selection moves the bar.
"""

import displayio
import vectorio

from app import theme
from app.board_view import solid
from app.text import HEIGHT as LINE_HEIGHT
from app.text import WIDTH as CHAR_WIDTH
from app.text import TextGrid

#: Body lines on a full page, under the title.
PAGE_LINES = 9

_PAGE_BODY_Y = 17
# A banner: 8 px margin, the title at scale 2 (24 px), 6 px, the lines, 8 px.
_BANNER_TITLE = 24


class Overlay:
    """The overlay; add ``group`` on top of the play screen.

    :param strip: the text strip (app.text.build_strip).
    :param layout: the screen's :class:`app.layout.Layout`.
    """

    def __init__(self, strip, layout):
        self.layout = layout
        width = layout.width
        self.columns = columns = layout.columns
        self.group = displayio.Group()
        self._box_colour = solid(theme.OVERLAY)
        self.box = vectorio.Rectangle(pixel_shader=self._box_colour, width=width, height=layout.height, x=0, y=0)
        self.group.append(self.box)
        self.bar = vectorio.Rectangle(pixel_shader=solid(theme.HIGHLIGHT), width=width - 4, height=LINE_HEIGHT, x=2, y=0)
        self.bar.hidden = True
        self.group.append(self.bar)
        # The title draws at scale 2 on banners, 1 on pages.
        self._title_group = displayio.Group()
        self.title = TextGrid(strip, columns, 1, theme.LIGHT_TEXT)
        self._title_group.append(self.title.grid)
        self.group.append(self._title_group)
        self.body = TextGrid(strip, columns, PAGE_LINES, theme.LIGHT_TEXT)
        self.group.append(self.body.grid)
        self.group.hidden = True
        #: What is on show, for tests and the simulator: "" when hidden.
        self.title_text = ""
        self.lines = ()
        self.selected = -1

    def _set_text(self, title, lines, scale, colour):
        self.title_text = title
        self.lines = tuple(lines)
        group = self._title_group
        group.scale = scale
        self.title.palette[1] = colour
        self.title.line(0, title)
        group.x = (self.layout.width - len(title) * CHAR_WIDTH * scale) // 2
        body = self.body
        for row in range(body.rows):
            body.line(row, lines[row] if row < len(lines) else "")

    def show_page(self, title, lines, selected=-1):
        """A full-screen page: ``title`` on top, up to 9 ``lines`` of ``layout.columns`` characters."""
        layout = self.layout
        self._box_colour[0] = theme.OVERLAY
        self.box.x, self.box.y = 0, 0
        self.box.width, self.box.height = layout.width, layout.height
        self._set_text(title, lines, 1, theme.WIN_GOLD)
        self._title_group.y = 2
        self.body.grid.x = 2
        self.body.grid.y = _PAGE_BODY_Y
        self.select(selected)
        self.group.hidden = False

    def show_banner(self, title, lines, colour, selected=-1):
        """A box across the middle of the screen: a big ``title`` and up to 3 ``lines``."""
        layout = self.layout
        height = 8 + _BANNER_TITLE + 6 + LINE_HEIGHT * len(lines) + 8
        top = (layout.height - height) // 2
        self._box_colour[0] = colour
        self.box.x, self.box.y = 0, top
        self.box.width, self.box.height = layout.width, height
        self._set_text(title, lines, 2, theme.LIGHT_TEXT)
        self._title_group.y = top + 8
        widest = 0
        for line in lines:
            widest = max(widest, len(line))
        # Centre the block of lines as a whole, so a cursor column lines up.
        self.body.grid.x = (layout.width - widest * CHAR_WIDTH) // 2
        self.body.grid.y = top + 8 + _BANNER_TITLE + 6
        self.select(selected)
        self.group.hidden = False

    def select(self, row):
        """Highlight body line ``row`` (0-based); -1 for none."""
        self.selected = row
        if row < 0:
            self.bar.hidden = True
            return
        self.bar.y = self.body.grid.y + row * LINE_HEIGHT
        self.bar.hidden = False

    def hide(self):
        """Remove the overlay from view."""
        self.group.hidden = True
        self.title_text = ""
        self.lines = ()
        self.selected = -1

    @property
    def visible(self):
        """True while a banner or page is shown."""
        return not self.group.hidden
