# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The glass: what the fake board's screen shows, frame by frame.

With ``auto_refresh`` off, a CircuitPython display shows only what the last
``display.refresh()`` sent. The fake display (tools/firmware/standins/board.py)
hands each refresh to a :class:`Glass`, which keeps a *snapshot* of the
group tree as it was at that moment: every object's state bytes, copied
(the stand-ins of tools/firmware/standins/displayio.py and vectorio.py keep their
whole state in one ``bytearray``, so a snapshot is a few memory copies).
What the app changes afterwards is not on the glass until the next refresh.

Pixels are made from a snapshot only when asked for, with numpy
(tools/play/raster.py), exactly as Blinka's own renderer draws the same
tree (``displayio._displaycore._DisplayCore.fill_area``, loaded privately
by tools/play/blinka.py, which builds a Blinka tree of the snapshot's
bitmaps, palettes, tile grids, rectangles and groups): tests/test_glass.py
compares the two on made-up trees and on every frame of a play-through,
and with CROSS_CHECK (``make test-slow``) every frame the glass draws is
drawn by Blinka too. The text on the glass is read from the text cells
(TileGrids over the 6x12 glyph strip of app/text.py) and kept only where
the drawn pixels show each glyph's ink.

The state bytes are read through the stand-ins' own readers
(tools/firmware/standins/displaystate.py, the one place that knows their
layout).

Each refresh also counts what the firmware would send for it: the dirty
areas displayio computes (tools/firmware/dirty_areas.py), their pixels and the
windows they go in (``pixels_sent``, ``windows_sent``, ``last_areas``; a
list in ``log`` gets every refresh that sent something).
"""

import functools
import os
import sys

import numpy

from tools import text_chars
from tools.firmware import dirty_areas
from tools.firmware.standins import displaystate
from tools.play import blinka, raster

#: Text cells: the glyph strip of app/text.py (6x12 each), a tile per
#: character of the strip (tools.text_chars(): ASCII, then app.text.EXTRAS).
CHARS = text_chars()
CHAR_COUNT = len(CHARS)
CHAR_WIDTH = 6
CHAR_HEIGHT = 12


# -- snapshots --------------------------------------------------------------
#
# A snapshot is nested tuples, comparable with == (the state bytes compare
# as bytes):
#   ("group", x, y, scale, hidden, (member, ...))
#   ("tiles", tile grid state, inline tiles, bitmap state, palette state)
#   ("rect", rectangle state, palette state)


def snapshot(group):
    """The state of ``group`` and everything in it, as it is now (None for None)."""
    if group is None:
        return None
    return _snap(group, {})


def _snap(layer, copies):
    state = displaystate.state(layer)
    if displaystate.is_group(layer):
        members = tuple(_snap(member, copies) for member in displaystate.members(layer))
        return (
            "group",
            displaystate.x(state),
            displaystate.y(state),
            displaystate.scale(state),
            displaystate.hidden(state),
            members,
        )
    shader = _copy(layer.pixel_shader, copies)
    if hasattr(layer, "bitmap"):
        return ("tiles", bytes(state), displaystate.inline_tiles(layer), _copy(layer.bitmap, copies), shader)
    return ("rect", bytes(state), shader)


def _copy(thing, copies):
    # One copy of a bitmap or palette per snapshot, however many layers use it.
    key = id(thing)
    copied = copies.get(key)
    if copied is None:
        state = displaystate.state(thing)
        if state is None:
            raise TypeError("the glass draws stand-in bitmaps and palettes only, not %r" % (thing,))
        copied = copies[key] = bytes(state)
    return copied


# -- knowing that nothing changed -------------------------------------------
#
# The app calls display.refresh() at the end of every frame, and the
# firmware then sends only what changed: nothing, most frames. Taking a
# snapshot at each of them was most of what a long test spent (two minutes
# of play are 6,000 refreshes of some 60 layers each). So on the desktop
# the stand-ins' calls are counted: every call that may change what a layer
# shows bumps CHANGES (any method of theirs but the read-only ones below,
# any attribute set, any bitmaptools function), and a refresh of the same
# root group with the same count as the one before is the same frame. That
# errs one way only (a read counted as a change costs a snapshot, nothing
# more); and every VERIFY_EVERY-th such refresh is snapshotted anyway, so a
# way of changing a layer that the counting does not see makes the glass
# refuse to be read (Glass.missed) instead of showing an old frame.

#: Stand-in modules whose calls are counted, and their calls that only read.
TRACKED_MODULES = ("displayio", "vectorio", "bitmaptools")
READ_ONLY = frozenset(
    (
        "__getitem__",
        "__len__",
        "__iter__",
        "__contains__",
        "__repr__",
        "__eq__",
        "__hash__",
        "__bool__",
        "index",
        "contains",
        "is_transparent",
        "convert",
        "get_glyph",
        "get_bounding_box",
    )
)
VERIFY_EVERY = 64
CHANGES = [0]


def _counted(function):
    @functools.wraps(function)
    def call(*args, **kwargs):
        CHANGES[0] += 1
        return function(*args, **kwargs)

    call.glass_counted = True
    return call


def _count_calls(module):
    # Once per stand-in module object (each power-on imports them anew).
    if module is None or getattr(module, "_glass_counted", False):
        return
    for name, value in list(vars(module).items()):
        if isinstance(value, type) and value.__module__ == module.__name__:
            _count_class(value)
        elif callable(value) and getattr(value, "__module__", None) == module.__name__ and not name.startswith("_"):
            setattr(module, name, _counted(value))
    module._glass_counted = True


def _count_class(cls):
    for klass in cls.__mro__:
        if klass.__module__ != cls.__module__ and not klass.__module__.startswith(TRACKED_MODULES):
            continue  # object's, list's: not a stand-in's
        for name, value in list(vars(klass).items()):
            if name in READ_ONLY or name == "__init__" or not callable(value) or getattr(value, "glass_counted", False):
                continue
            if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
                continue  # a private helper: reached only through a counted call
            setattr(klass, name, _counted(value))
    if not getattr(cls.__setattr__, "glass_counted", False):
        cls.__setattr__ = _counted(cls.__setattr__)  # properties (x, hidden, ...) and plain attributes


def count_changes():
    """Count the calls of the stand-in modules loaded now (idempotent)."""
    for name in TRACKED_MODULES:
        _count_calls(sys.modules.get(name))


# -- pixels -----------------------------------------------------------------


#: True: every frame the glass draws is drawn by Blinka too, and must be
#: the same pixels (an AssertionError says where not). ``make test-slow``
#: turns it on (tests/conftest.py), as does GLASS_CROSS_CHECK=1 in the
#: environment: the fast renderer keeps the old judge on every frame.
CROSS_CHECK = os.environ.get("GLASS_CROSS_CHECK", "") not in ("", "0")

_RASTER = raster.Raster()


def cross_check(frame, width, height, drawn):
    """Raise AssertionError unless ``drawn`` (the raster's (height, width)
    array of snapshot ``frame``) is what Blinka draws for it."""
    expected = numpy.array(blinka.render_frame(frame, width, height), dtype=numpy.uint16).reshape(height, width)
    if not numpy.array_equal(drawn, expected):
        wrong = numpy.argwhere(drawn != expected)
        y, x = wrong[0]
        raise AssertionError(
            "the glass's raster and Blinka differ at %d pixels, first at (%d, %d): %04x, Blinka %04x"
            % (len(wrong), x, y, drawn[y, x], expected[y, x])
        )


def _draw(frame, width, height):
    # The frame's pixels as a (height, width) array.
    drawn = _RASTER.pixels(frame, width, height)
    if CROSS_CHECK:
        cross_check(frame, width, height, drawn)
    return drawn


def render(group, width, height):
    """RGB565 pixels (row-major list) of a stand-in ``group`` as it is now."""
    return _draw(snapshot(group), width, height).ravel().tolist()


# -- text -------------------------------------------------------------------


class TextCell:
    """One character on the glass: ``char`` at screen pixel (``x``, ``y``), ``scale`` times 6x12."""

    __slots__ = ("char", "x", "y", "scale", "colour", "ink")

    def __init__(self, char, x, y, scale, colour, ink):
        self.char = char
        self.x = x
        self.y = y
        self.scale = scale
        self.colour = colour
        self.ink = ink  # the glyph's ink pixels, (dx, dy) in the cell

    def __repr__(self):
        return "TextCell(%r, %d, %d)" % (self.char, self.x, self.y)


def _is_text_strip(bitmap_state, state):
    return (
        displaystate.bits_per_value(bitmap_state) == 1
        and displaystate.bitmap_width(bitmap_state) == CHAR_WIDTH * CHAR_COUNT
        and displaystate.bitmap_height(bitmap_state) == CHAR_HEIGHT
        and (displaystate.tile_width(state), displaystate.tile_height(state)) == (CHAR_WIDTH, CHAR_HEIGHT)
    )


def _glyph_ink(bitmap_state, index, cache):
    key = (bitmap_state, index)
    ink = cache.get(key)
    if ink is None:
        rows = cache.get(bitmap_state)
        if rows is None:
            rows = cache[bitmap_state] = displaystate.bitmap_values(bitmap_state)
        left = index * CHAR_WIDTH
        ink = cache[key] = tuple((x, y) for y in range(CHAR_HEIGHT) for x in range(CHAR_WIDTH) if rows[y][left + x])
    return ink


def text_cells(frame, ink_cache=None):
    """Every text cell of a snapshot that is not hidden, in drawing order (covered or not)."""
    cache = {} if ink_cache is None else ink_cache
    cells = []
    for node, left, top, scale in raster.placed(frame):
        if node[0] != "tiles":
            continue
        _, state, inline, bitmap_state, palette_state = node
        if not _is_text_strip(bitmap_state, state):
            continue
        colours = displaystate.palette_colours(palette_state)
        colour = colours[1][0] if len(colours) > 1 else colours[0][0]
        columns = displaystate.columns(state)
        for index, tile in enumerate(displaystate.tile_indices(state, inline)):
            row, column = divmod(index, columns)
            cells.append(
                TextCell(
                    CHARS[tile] if tile < CHAR_COUNT else "?",
                    left + column * CHAR_WIDTH * scale,
                    top + row * CHAR_HEIGHT * scale,
                    scale,
                    colour,
                    _glyph_ink(bitmap_state, tile, cache),
                )
            )
    return cells


def rgb565(colour):
    """0xRRGGBB -> the RGB565 value the glass holds for it."""
    return raster.rgb565(colour)


def readable(cell, pixels, width, height):
    """True if ``cell``'s glyph is on the glass: inside the screen, every
    ink pixel in the text's colour, and some pixel of its cell in another
    colour, so that it stands out. A glyph without ink reads as a space
    only if it is one (a letter drawn blank is not on the glass)."""
    ink_colour = rgb565(cell.colour)
    scale = cell.scale
    if cell.x < 0 or cell.y < 0 or cell.x + CHAR_WIDTH * scale > width or cell.y + CHAR_HEIGHT * scale > height:
        return False
    if not cell.ink:
        return cell.char == " "
    for dx, dy in cell.ink:
        for sy in range(scale):
            row = (cell.y + dy * scale + sy) * width + cell.x + dx * scale
            for sx in range(scale):
                if pixels[row + sx] != ink_colour:
                    return False
    inked = set(cell.ink)
    for dy in range(CHAR_HEIGHT):
        for dx in range(CHAR_WIDTH):
            if (dx, dy) not in inked and pixels[(cell.y + dy * scale) * width + cell.x + dx * scale] != ink_colour:
                return True
    return False


def readable_cells(cells, screen, masks=None):
    """The cells of ``cells`` that :func:`readable` finds on the glass, in
    order, all at once: ``screen`` is the glass as a (height, width) array
    (Glass.array); ``masks`` an optional dict that keeps each glyph's ink
    as a (12, 6) array of bools between calls."""
    height, width = screen.shape
    masks = {} if masks is None else masks
    keep = [False] * len(cells)
    by_scale = {}
    for index, cell in enumerate(cells):
        scale = cell.scale
        if cell.x < 0 or cell.y < 0 or cell.x + CHAR_WIDTH * scale > width or cell.y + CHAR_HEIGHT * scale > height:
            continue
        if not cell.ink:
            keep[index] = cell.char == " "
            continue
        by_scale.setdefault(scale, []).append(index)
    for scale, indices in by_scale.items():
        chosen = [cells[index] for index in indices]
        # Each cell's box of screen pixels, (cells, 12 * scale, 6 * scale).
        rows = numpy.array([cell.y for cell in chosen])[:, None] + numpy.arange(CHAR_HEIGHT * scale)
        columns = numpy.array([cell.x for cell in chosen])[:, None] + numpy.arange(CHAR_WIDTH * scale)
        colours = numpy.array([rgb565(cell.colour) for cell in chosen])
        inked = screen[rows[:, :, None], columns[:, None, :]] == colours[:, None, None]
        ink = numpy.stack([_ink_mask(cell.ink, masks) for cell in chosen])
        scaled = ink.repeat(scale, axis=1).repeat(scale, axis=2) if scale > 1 else ink
        # Every ink pixel in the ink's colour; some pixel off the ink (the
        # first screen pixel of each glyph pixel) in another.
        whole = (inked | ~scaled).all(axis=(1, 2))
        stands_out = (~inked[:, ::scale, ::scale] & ~ink).any(axis=(1, 2))
        for index, seen in zip(indices, (whole & stands_out).tolist()):
            keep[index] = seen
    return [cell for cell, seen in zip(cells, keep) if seen]


def _ink_mask(ink, masks):
    # A glyph's ink pixels as a (12, 6) array of bools, kept by its ink.
    mask = masks.get(ink)
    if mask is None:
        mask = masks[ink] = numpy.zeros((CHAR_HEIGHT, CHAR_WIDTH), dtype=bool)
        for dx, dy in ink:
            mask[dy, dx] = True
    return mask


def _squares(cell):
    # The 6 x 12 px squares of the screen (from its corner) that a cell's
    # box touches.
    scale = cell.scale
    return {
        (x, y)
        for x in range(cell.x // CHAR_WIDTH, (cell.x + CHAR_WIDTH * scale - 1) // CHAR_WIDTH + 1)
        for y in range(cell.y // CHAR_HEIGHT, (cell.y + CHAR_HEIGHT * scale - 1) // CHAR_HEIGHT + 1)
    }


def _overlap(one, other):
    # True if the boxes of two cells share a pixel.
    return (
        one.x < other.x + CHAR_WIDTH * other.scale
        and other.x < one.x + CHAR_WIDTH * one.scale
        and one.y < other.y + CHAR_HEIGHT * other.scale
        and other.y < one.y + CHAR_HEIGHT * one.scale
    )


def lines_of(cells):
    """Visible text cells as the lines a player reads: the cells of one
    screen row left to right, a gap of more than one cell as two spaces,
    trailing spaces dropped; rows top to bottom, empty ones left out.

    A space is only a gap between letters: one that overlaps a letter
    (the blank cells of a text grid under a page's text, such as the play
    screen's status lines under an open page) is not read at all."""
    near = {}  # a 6 x 12 px square of the screen -> the letters whose box touches it
    for cell in cells:
        if cell.char != " ":
            for square in _squares(cell):
                near.setdefault(square, []).append(cell)
    rows = {}
    for cell in cells:
        if cell.char == " " and any(_overlap(cell, letter) for square in _squares(cell) for letter in near.get(square, ())):
            continue
        rows.setdefault(cell.y, []).append(cell)
    lines = []
    for y in sorted(rows):
        row = sorted(rows[y], key=lambda cell: cell.x)
        text = ""
        end = None
        for cell in row:
            if end is not None and cell.x > end + 1:
                text = text.rstrip(" ") + "  "
            text += cell.char
            end = cell.x + CHAR_WIDTH * cell.scale
        text = text.strip()
        if text:
            lines.append(text)
    return lines


# -- the glass --------------------------------------------------------------


class Glass:
    """The screen of a fake display: the frame its last refresh sent, and what sending it cost.

    :param int width: pixels across.
    :param int height: pixels down.
    :param int rotation: the board's display rotation (its board.c): the
        panel's own coordinates, in which the firmware sends its windows.
    """

    def __init__(self, width, height, rotation=0):
        self.width = width
        self.height = height
        #: The firmware's side of the display: root group, dirty areas.
        self.firmware = dirty_areas.Display(width, height, rotation)
        #: Pixels and windows (RAMWR commands) all refreshes sent so far,
        #: and the dirty areas of the last refresh (clipped to the screen,
        #: in the panel's coordinates, in the order they were sent).
        self.pixels_sent = 0
        self.windows_sent = 0
        self.last_areas = ()
        #: None, or a list that gets ``(refresh number, areas, layers)`` for
        #: every refresh that sent something (areas as (x1, y1, x2, y2)
        #: tuples; the layer that marked each, None for the whole screen).
        self.log = None
        #: None, or a list that gets ``(refresh number, window, pixels, layer
        #: pixels)`` for every window sent: the layer pixels displayio visits
        #: to render it (dirty_areas.fill_work; slow: for measurements).
        self.trace = None
        #: None, or a list that gets every frame (snapshot) a refresh put on
        #: the glass that differs from the one before.
        self.history = None
        self._quiet = 0  # refreshes after no write, in a row
        dirty_areas.install(sys.modules)
        self._frame = None  # what ``frame`` gives
        #: Refreshes so far, and those that changed what the glass shows.
        self.refreshes = 0
        self.changes = 0
        #: Why the glass cannot be trusted (None: it can): a refresh found a
        #: change the counting of calls missed (see "knowing that nothing
        #: changed"), or a refresh failed.
        self.missed = None
        self._pixels = None
        self._array = None
        self._visible = None
        self._lines = None
        self._ink = {}
        self._masks = {}
        self._sent = None  # (root group, CHANGES) of the last refresh
        self._unchanged = 0

    @property
    def frame(self):
        """The snapshot the last refresh sent (None: nothing yet / the console)."""
        if self.missed:
            raise AssertionError(self.missed)
        return self._frame

    def capture(self, root_group):
        """A refresh: the glass now shows ``root_group`` as it is."""
        try:
            self._capture(root_group)
        except Exception as error:
            # The app's recovery would take this for a fault of its own and
            # go on: the glass is broken, so it refuses to be read.
            self.missed = self.missed or "the glass failed at a refresh: %r" % (error,)
            raise

    def _capture(self, root_group):
        self.refreshes += 1
        self._send(root_group)
        sent = self._sent
        if sent is not None and sent[0] is root_group and sent[1] == CHANGES[0]:
            self._unchanged += 1
            if self._unchanged % VERIFY_EVERY:
                return  # nothing was called that could change a layer
            if snapshot(root_group) != self._frame and not self.missed:
                self.missed = "the glass missed a change: something changed a layer without a counted call"
            return
        count_changes()
        frame = snapshot(root_group)
        self._sent = (root_group, CHANGES[0])
        if frame != self._frame:
            self._frame = frame
            self.changes += 1
            if self.history is not None:
                self.history.append(frame)
            self._pixels = None
            self._array = None
            self._visible = None
            self._lines = None

    def _send(self, root_group):
        # What the firmware sends for this refresh (tools/firmware/dirty_areas.py).
        dirty_areas.install(sys.modules)
        firmware = self.firmware
        firmware.set_root_group(root_group)
        quiet = firmware.unchanged()
        if quiet:
            # Nothing was written: nothing to send. Every VERIFY_EVERY-th
            # time the tree is walked anyway, and must agree.
            self._quiet += 1
            if self._quiet % VERIFY_EVERY:
                firmware.finish_unchanged()
                self.last_areas = ()
                return
        sources = firmware.refresh_sources()
        if quiet and sources and not self.missed:
            self.missed = "the glass missed a write: the firmware would send areas nobody marked"
        areas = []
        layers = []
        for area, layer in sources:
            clipped = dirty_areas.overlap(firmware.area, area)
            if clipped is not None:
                areas.append(clipped.tuple())
                layers.append(layer)
                self.pixels_sent += clipped.size()
                self.windows_sent += firmware.window_count(clipped)
                if self.trace is not None:
                    for window in firmware.windows(clipped):
                        work = dirty_areas.fill_work(firmware.root, window) if firmware.root is not None else 0
                        self.trace.append((self.refreshes, window.tuple(), window.size(), work))
        firmware.finish_refresh()
        self.last_areas = tuple(areas)
        if self.log is not None and areas:
            self.log.append((self.refreshes, self.last_areas, tuple(layers)))

    def stale(self, root_group):
        """True if ``root_group`` as it is now differs from what the glass shows
        (something changed that no refresh has sent)."""
        return snapshot(root_group) != self.frame

    def array(self):
        """The glass as a (height, width) numpy array of RGB565 (do not change it)."""
        if self.missed:
            raise AssertionError(self.missed)
        if self._array is None:
            self._array = _draw(self.frame, self.width, self.height)
        return self._array

    def pixels(self):
        """The glass as width*height RGB565 ints, row-major."""
        array = self.array()
        if self._pixels is None:
            self._pixels = array.ravel().tolist()
        return self._pixels

    def cells(self):
        """The text cells a player can read on the glass (:func:`readable`)."""
        if self.missed:
            raise AssertionError(self.missed)
        if self._visible is None:
            self._visible = readable_cells(text_cells(self.frame, self._ink), self.array(), self._masks)
        return self._visible

    def lines(self):
        """The text on the glass, line by line (see :func:`lines_of`)."""
        cells = self.cells()
        if self._lines is None:
            self._lines = lines_of(cells)
        return list(self._lines)

    def text(self):
        """The text on the glass as one string, a line per screen row."""
        return "\n".join(self.lines())

    def shows(self, *words):
        """True if every one of ``words`` is on the glass (within one line)."""
        lines = self.lines()
        return all(any(word in line for line in lines) for word in words)

    def png(self, path, scale=1):
        """Write the glass to a PNG file, each pixel ``scale`` x ``scale``."""
        from tools.play.framebuffer import write_png

        write_png(path, self.pixels(), width=self.width, height=self.height, scale=scale)
