# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Blinka's displayio as a private renderer, beside the fake world's: the glass's judge.

On the desktop the game runs on the stand-ins of tools/firmware/standins/ (its
``displayio`` is sized like CircuitPython's C objects and draws nothing),
installed by tools/firmware/finder.py under the firmware's module names. Pixels come
from Blinka's ``displayio`` (adafruit-blinka-displayio), whose
``_DisplayCore.fill_area`` rasterises a group tree the way every Blinka
display does. Both are called ``displayio``, so Blinka's modules are
imported here once with the fake world's names out of the way, kept, and
taken out of ``sys.modules`` again: nothing else in the process sees them.

The glass draws its frames with tools/play/raster.py (numpy); this module
draws the same snapshots the slow, reference way (:func:`render_frame`: a
Blinka tree of the same bitmaps, palettes, tile grids, rectangles and
groups, rasterised by ``fill_area``), and tests/test_glass.py holds the two
equal pixel for pixel (every frame under ``make test-slow``).
"""

import os
import sys
from array import array

from tools.firmware import finder
from tools.firmware.standins import displaystate

# Blinka's top-level modules that are also firmware modules (and so also
# the fake world's names), and the ones they import at load time.
_CLASHING = (
    "displayio",
    "vectorio",
    "fontio",
    "terminalio",
    "bitmaptools",
    "busdisplay",
    "fourwire",
    "i2cdisplaybus",
    "paralleldisplaybus",
    "epaperdisplay",
    "board",
    "digitalio",
    "busio",
    "microcontroller",
    "analogio",
    "keypad",
    "pwmio",
    "pulseio",
    "neopixel_write",
    "supervisor",
)

_MODULES = {}


def _top(name):
    return name.partition(".")[0]


def _load():
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    saved = {name: module for name, module in sys.modules.items() if _top(name) in _CLASHING}
    for name in saved:
        del sys.modules[name]
    with finder.finder_off():
        try:
            import busdisplay  # noqa: F401  must precede displayio._displaycore (a circular import)
            import displayio
            import vectorio
            from displayio import _area, _constants, _displaycore

            # Its import starts a thread that wakes every millisecond for
            # the life of the process to refresh Blinka's displays (3 % of a
            # core with none): this module has none, and draws when asked.
            getattr(displayio, "_stop_background", lambda: None)()

            _MODULES.update(displayio=displayio, vectorio=vectorio, area=_area, constants=_constants, core=_displaycore)
        finally:
            for name in [name for name in sys.modules if _top(name) in _CLASHING]:
                del sys.modules[name]
            sys.modules.update(saved)


def module(name):
    """Blinka's module: "displayio", "vectorio", "area", "constants" or "core"."""
    if not _MODULES:
        _load()
    return _MODULES[name]


def bitmap_from_rows(rows, value_count):
    """A Blinka Bitmap holding ``rows`` (lists of pixel values)."""
    height = len(rows)
    width = len(rows[0]) if rows else 0
    bitmap = module("displayio").Bitmap(max(1, width), max(1, height), value_count)
    bits = bitmap._bits_per_value
    if bits < 8:
        # Blinka packs a row into 32-bit words, the first pixel in the top bits.
        per_word = 32 // bits
        stride = bitmap._stride
        words = array("L", bytes(0))
        for row in rows:
            for start in range(0, stride * per_word, per_word):
                word = 0
                for offset in range(per_word):
                    x = start + offset
                    if x < width:
                        word |= row[x] << (32 - (offset + 1) * bits)
                words.append(word)
        bitmap._data[:] = words
    else:
        for y, row in enumerate(rows):
            for x, value in enumerate(row):
                bitmap._write_pixel(x, y, value)
    return bitmap


def palette_from_colours(colours):
    """A Blinka Palette of ``[(0xRRGGBB, transparent), ...]``."""
    palette = module("displayio").Palette(max(1, len(colours)))
    for index, (colour, transparent) in enumerate(colours):
        palette[index] = colour
        if transparent:
            palette.make_transparent(index)
    return palette


def render_rgb565(group, width, height):
    """The screen showing the Blinka ``group``: width*height RGB565 ints, row-major."""
    core_module = module("core")
    core = core_module._DisplayCore(
        bus=None,
        width=width,
        height=height,
        ram_width=max(0x100, width),
        ram_height=max(0x100, height),
        colstart=0,
        rowstart=0,
        rotation=0,
        color_depth=16,
        grayscale=False,
        pixels_in_byte_share_row=True,
        bytes_per_cell=1,
        reverse_pixels_in_byte=False,
        reverse_bytes_in_word=False,
        column_command=0x2A,
        row_command=0x2B,
        set_current_column_command=module("constants").NO_COMMAND,
        set_current_row_command=module("constants").NO_COMMAND,
        data_as_commands=False,
        always_toggle_chip_select=False,
        sh1107_addressing=False,
        address_little_endian=False,
    )
    if not core.set_root_group(group):
        raise ValueError("group already has a parent")
    try:
        count = width * height
        # Whole 32-bit words (Blinka casts it so), one spare.
        buffer = memoryview(bytearray((count + 1) // 2 * 4 + 4)).cast("I")
        mask = memoryview(bytearray((count // 32 + 1) * 4)).cast("I")
        core.fill_area(module("area").Area(0, 0, width, height), mask, buffer)
        return list(buffer.cast("B").cast("H")[:count])
    finally:
        core.set_root_group(None)


class TreeBuilder:
    """Blinka trees built from the glass's snapshots (tools/play/glass.py);
    converted bitmaps are reused."""

    def __init__(self):
        self._bitmaps = {}

    def bitmap(self, state):
        made = self._bitmaps.get(state)
        if made is None:
            if len(self._bitmaps) > 256:
                self._bitmaps.clear()
            made = self._bitmaps[state] = bitmap_from_rows(
                displaystate.bitmap_values(state), 1 << displaystate.bits_per_value(state)
            )
        return made

    def palette(self, state):
        return palette_from_colours(displaystate.palette_colours(state))

    def layer(self, node):
        """The Blinka Group, TileGrid or Rectangle of a snapshot's node."""
        kind = node[0]
        if kind == "group":
            _, x, y, scale, hidden, members = node
            group = module("displayio").Group(scale=scale, x=x, y=y)
            for member in members:
                group.append(self.layer(member))
            group.hidden = hidden
            return group
        if kind == "tiles":
            _, state, inline, bitmap_state, palette_state = node
            grid = module("displayio").TileGrid(
                self.bitmap(bitmap_state),
                pixel_shader=self.palette(palette_state),
                width=displaystate.columns(state),
                height=displaystate.rows(state),
                tile_width=displaystate.tile_width(state),
                tile_height=displaystate.tile_height(state),
                x=displaystate.x(state),
                y=displaystate.y(state),
            )
            for index, tile in enumerate(displaystate.tile_indices(state, inline)):
                grid[index] = tile
            flags = displaystate.flags(state)
            grid.flip_x = bool(flags & displaystate.FLIP_X)
            grid.flip_y = bool(flags & displaystate.FLIP_Y)
            grid.transpose_xy = bool(flags & displaystate.TRANSPOSE_XY)
            grid.hidden = displaystate.hidden(state)
            return grid
        _, state, palette_state = node
        shape = module("vectorio").Rectangle(
            pixel_shader=self.palette(palette_state),
            width=displaystate.rect_width(state),
            height=displaystate.rect_height(state),
            x=displaystate.x(state),
            y=displaystate.y(state),
            color_index=displaystate.rect_colour(state),
        )
        shape.hidden = displaystate.hidden(state)
        return shape


_BUILDER = TreeBuilder()


def render_frame(frame, width, height):
    """A glass snapshot (None: no root group, black) drawn by Blinka:
    width*height RGB565 ints, row-major."""
    if frame is None:
        return [0] * (width * height)
    return render_rgb565(_BUILDER.layer(frame), width, height)
