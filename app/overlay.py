# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Banners and pages over the play screen: win, game over, menus, help.

One overlay serves every screen: a box, a title and a block of text lines
(app.text grids: showing a page is writing tile indices, no rendering, no
allocation beyond the page's own strings), plus a highlight bar behind
the selected line. Moving the selection moves the bar.

What the display is sent (docs/architecture.md, "What a refresh sends"):
an overlay comes and goes with the whole screen sent once, not each of its
layers' areas on its own (which overlap: more than a screen). A page is
the display's root group itself while it shows, and CircuitPython draws a
new root group whole, once; a banner is put on the play screen, whose
root group is set anew for that. While nothing shows, the overlay is in
no group at all: a hidden layer still costs (each refresh asks it what
changed, and the firmware sends some hidden layers' areas again), a
removed one does not. Between pages only what changes is sent: the text
cells whose glyph changes (app.text) and the bar where it moves; a
document's text cells are opaque, so that displayio renders them alone.
"""

import displayio
from micropython import const

from app import theme
from app.shapes import rectangle, set_hidden, solid
from app.text import HEIGHT as LINE_HEIGHT
from app.text import WIDTH as CHAR_WIDTH
from app.text import TextGrid

_PAGE_BODY_Y = const(17)
# A banner: 8 px margin, the title at scale 2 (24 px), 6 px, two lines,
# 8 px (every banner has two lines: its choices, or the score and the way on).
_BANNER_TITLE = const(24)
_BANNER_LINES = const(2)
_BANNER_HEIGHT = 8 + _BANNER_TITLE + 6 + LINE_HEIGHT * _BANNER_LINES + 8


class Overlay:
    """The overlay, on ``play`` (the play screen's group) or as the display's root.

    :param strip: the text strip (app.artwork.text_strip).
    :param layout: the screen's :class:`app.layout.Layout`; the overlay
        draws at its ``overlay_scale``, in ``overlay_width`` x
        ``overlay_height`` of its own pixels.
    :param display: the display: its ``root_group`` is ``play`` but while
        a page shows, when it is the overlay's group.
    :param play: the play screen's group (app.board_view.BoardView.group).
    """

    def __init__(self, strip, layout, display, play):
        self.width = width = layout.overlay_width
        self.height = height = layout.overlay_height
        self.columns = columns = layout.columns
        #: Body lines a page holds.
        self.page_lines = layout.page_lines
        self.group = displayio.Group(scale=layout.overlay_scale)
        scaled = layout.scale > 1 or layout.overlay_scale > 1
        # A full-page box and a banner-sized one (sizes are fixed where
        # there is no vectorio): the group's first layer, the one in use.
        self.page_box = rectangle(solid(theme.OVERLAY), 0, 0, width, height, scaled)
        self._banner_colour = solid(theme.OVERLAY)
        top = (height - _BANNER_HEIGHT) // 2
        self.banner_box = rectangle(self._banner_colour, 0, top, width, _BANNER_HEIGHT, scaled)
        self.group.append(self.banner_box)
        self.bar = rectangle(solid(theme.HIGHLIGHT), 2, 0, width - 4, LINE_HEIGHT, scaled)
        self.bar.hidden = True
        self.group.append(self.bar)
        # The title draws at scale 2 on banners, 1 on pages.
        self._title_group = displayio.Group()
        self.title = TextGrid(strip, columns, 1, theme.LIGHT_TEXT)
        self._title_group.append(self.title.grid)
        self.group.append(self._title_group)
        self.body = TextGrid(strip, columns, self.page_lines, theme.LIGHT_TEXT)
        self.body.palette[0] = theme.OVERLAY  # a page's colour, where its cells are opaque
        self.group.append(self.body.grid)
        self.group.hidden = True
        self._display = display
        self._play = play
        self._scale = layout.overlay_scale  # the group's on the play screen
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
        group.x = (self.width - len(title) * CHAR_WIDTH * scale) // 2
        body = self.body
        for row in range(body.rows):
            body.line(row, lines[row] if row < len(lines) else "")

    def _page(self):
        # The group becomes the display's root (with the page's box, and
        # the play screen's scale and place): the next refresh sends the
        # whole screen, once.
        group = self.group
        play = self._play
        if not group.hidden:
            try:
                play.remove(group)  # a banner was on the play screen
            except ValueError:
                pass  # (see _play_screen)
        group[0] = self.page_box
        group.scale = play.scale * self._scale
        group.x = play.x
        group.y = play.y
        group.hidden = False
        self._display.root_group = group

    def _play_screen(self, banner):
        # The play screen is the root again, or set anew: the next refresh
        # sends the whole screen, once; with a ``banner`` on it (the group,
        # with the banner's box, at its own scale), or no overlay at all.
        group = self.group
        display = self._display
        play = self._play
        if display.root_group is group:
            display.root_group = play
        else:
            if not group.hidden:
                # Off the play screen, if it is on it: a fault right after
                # it came off (or was shown, not yet put on) leaves it
                # shown on no screen, and a removal that raised then would
                # fail every recovery after. (Only then is the error made;
                # inline, not a method: a method costs every board ~100 B.)
                try:
                    play.remove(group)
                except ValueError:
                    pass
            display.root_group = None
            display.root_group = play
        if not banner:
            group.hidden = True
            return
        group[0] = self.banner_box
        group.scale = self._scale
        group.x = 0
        group.y = 0
        group.hidden = False
        play.append(group)

    def show_page(self, title, lines, selected=-1):
        """A full-screen page: ``title`` on top, up to ``page_lines`` lines of ``columns`` characters."""
        if self._display.root_group is not self.group:
            self._page()
        elif len(title) != len(self.title_text):
            # Another document: its centred title moves (its whole row is
            # sent where it was and where it goes) and most of its text
            # differs: the whole screen, once, costs no more.
            self._display.root_group = None
            self._display.root_group = self.group
        self._set_text(title, lines, 1, theme.WIN_GOLD)
        self._title_group.y = 2
        self.body.grid.x = 2
        self.body.grid.y = _PAGE_BODY_Y
        # A page with no line to pick (a document) has opaque text cells in
        # its own colour: displayio then renders its text alone, not the
        # box under it as well (a quarter less time a pixel on the real
        # firmware); a list's are clear, over the bar. Changed only when
        # it changes: the whole text area is sent again for it.
        palette = self.body.palette
        if (selected < 0) == palette.is_transparent(0):
            if selected < 0:
                palette.make_opaque(0)
            else:
                palette.make_transparent(0)
        self.select(selected)

    def show_banner(self, title, lines, colour, selected=-1):
        """A box across the middle of the screen: a big ``title`` and two ``lines``."""
        if self.group.hidden or self._display.root_group is self.group:
            self._play_screen(True)
        top = (self.height - _BANNER_HEIGHT) // 2
        self._banner_colour[0] = colour
        self._set_text(title, lines, 2, theme.LIGHT_TEXT)
        self._title_group.y = top + 8
        widest = 0
        for line in lines:
            widest = max(widest, len(line))
        # Centre the block of lines as a whole, so a cursor column lines up.
        self.body.grid.x = (self.width - widest * CHAR_WIDTH) // 2
        self.body.grid.y = top + 8 + _BANNER_TITLE + 6
        if not self.body.palette.is_transparent(0):
            self.body.palette.make_transparent(0)  # over the banner's box and bar
        self.select(selected)

    def select(self, row):
        """Highlight body line ``row`` (0-based); -1 for none."""
        self.selected = row
        if row < 0:
            set_hidden(self.bar, True)
            return
        self.bar.y = self.body.grid.y + row * LINE_HEIGHT
        set_hidden(self.bar, False)

    def hide(self):
        """Remove the overlay from view (and the play screen the root again:
        a fault between the two roots _play_screen sets leaves none)."""
        if not self.group.hidden or self._display.root_group is not self._play:
            self._play_screen(False)
        self.title_text = ""
        self.lines = ()
        self.selected = -1

    @property
    def visible(self):
        """True while a banner or page is shown."""
        return not self.group.hidden
