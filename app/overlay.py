"""Banners and pages drawn over the play screen: win, game over, menus, help.

One overlay serves every screen: a box, a title and a block of text lines,
plus a highlight bar behind the selected line. Moving the selection moves
the bar; the text is only laid out again when the page changes.
"""

import displayio
import vectorio
from adafruit_display_text import bitmap_label

from app import theme

#: Pixels per text line (terminalio.FONT is 6x12).
LINE_HEIGHT = 12
#: Characters per line on a page (160 px / 6 px).
PAGE_COLUMNS = 26
#: Body lines on a full page, under the title.
PAGE_LINES = 9

_PAGE_BODY_Y = 17


def _solid(colour):
    palette = displayio.Palette(1)
    palette[0] = colour
    return palette


class Overlay:
    """The overlay; add ``group`` on top of the play screen."""

    def __init__(self, font):
        self.group = displayio.Group()
        self._box_colour = _solid(theme.OVERLAY)
        self.box = vectorio.Rectangle(pixel_shader=self._box_colour, width=160, height=128, x=0, y=0)
        self.group.append(self.box)
        self.bar = vectorio.Rectangle(pixel_shader=_solid(theme.HIGHLIGHT), width=156, height=LINE_HEIGHT, x=2, y=0)
        self.bar.hidden = True
        self.group.append(self.bar)
        self.title = bitmap_label.Label(font, text=" ", color=theme.LIGHT_TEXT)
        self.title.anchor_point = (0.5, 0.0)
        self.group.append(self.title)
        self.body = bitmap_label.Label(font, text=" ", color=theme.LIGHT_TEXT, line_spacing=1.0)
        self.body.anchor_point = (0.0, 0.0)
        self.group.append(self.body)
        self.group.hidden = True
        self._body_y = 0
        self._body_x = 0
        #: What is on show, for tests and the simulator: "" when hidden.
        self.title_text = ""
        self.lines = ()
        self.selected = -1

    def _set_text(self, title, lines, scale):
        self.title_text = title
        self.lines = tuple(lines)
        self.title.scale = scale
        self.title.text = title or " "
        self.body.text = "\n".join(lines) if lines else " "

    def show_page(self, title, lines, selected=-1):
        """A full-screen page: ``title`` on top, up to 9 ``lines`` of 26 characters."""
        self._box_colour[0] = theme.OVERLAY
        self.box.x, self.box.y = 0, 0
        self.box.width, self.box.height = theme.SCREEN_WIDTH, theme.SCREEN_HEIGHT
        self._set_text(title, lines, 1)
        self.title.color = theme.WIN_GOLD
        self.title.anchored_position = (theme.SCREEN_WIDTH // 2, 2)
        self._body_x = 2
        self._body_y = _PAGE_BODY_Y
        self.body.anchored_position = (self._body_x, self._body_y)
        self.select(selected)
        self.group.hidden = False

    def show_banner(self, title, lines, colour, selected=-1):
        """A box across the middle of the screen: a big ``title`` and up to 3 ``lines``."""
        # Title 24 px, a 6 px gap, the lines, 8 px margins: centred on screen.
        height = 8 + 24 + 6 + LINE_HEIGHT * len(lines) + 8
        top = (theme.SCREEN_HEIGHT - height) // 2
        self._box_colour[0] = colour
        self.box.x, self.box.y = 0, top
        self.box.width, self.box.height = theme.SCREEN_WIDTH, height
        self._set_text(title, lines, 2)
        self.title.color = theme.LIGHT_TEXT
        self.title.anchored_position = (theme.SCREEN_WIDTH // 2, top + 8)
        widest = 0
        for line in lines:
            widest = max(widest, len(line))
        # Centre the block of lines as a whole, so a cursor column lines up.
        self._body_x = (theme.SCREEN_WIDTH - widest * 6) // 2
        self._body_y = top + 8 + 24 + 6
        self.body.anchored_position = (self._body_x, self._body_y)
        self.select(selected)
        self.group.hidden = False

    def select(self, row):
        """Highlight body line ``row`` (0-based); -1 for none."""
        self.selected = row
        if row < 0:
            self.bar.hidden = True
            return
        self.bar.y = self._body_y + row * LINE_HEIGHT
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
