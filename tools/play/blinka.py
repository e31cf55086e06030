# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Blinka's displayio as a private renderer, beside the fake world's.

On the desktop the game runs on the stand-ins of tools/firmware/standins/ (its
``displayio`` is sized like CircuitPython's C objects and draws nothing),
installed by tools/firmware/finder.py under the firmware's module names. Pixels come
from Blinka's ``displayio`` (adafruit-blinka-displayio), whose
``_DisplayCore.fill_area`` rasterises a group tree the way every Blinka
display does. Both are called ``displayio``, so Blinka's modules are
imported here once with the fake world's names out of the way, kept, and
taken out of ``sys.modules`` again: nothing else in the process sees them.
"""

import os
import sys
from array import array

from tools.firmware import finder

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
        buffer = memoryview(bytearray(count * 2 + 4)).cast("I")
        mask = memoryview(bytearray((count // 32 + 1) * 4)).cast("I")
        core.fill_area(module("area").Area(0, 0, width, height), mask, buffer)
        return list(buffer.cast("B").cast("H")[:count])
    finally:
        core.set_root_group(None)
