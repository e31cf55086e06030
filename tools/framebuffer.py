# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Render a displayio Group to RGB565 pixels without a display, and save PNGs.

Desktop only (Blinka's displayio). Rendering goes through Blinka's own
``_DisplayCore.fill_area``, the code every Blinka display uses to rasterise,
so the pixels are what a 160x128 RGB565 screen would show. The PNG writer is
stdlib-only (zlib + struct).
"""

import struct
import zlib

import displayio  # noqa: F401  Blinka's displayio; must come before vectorio
import busdisplay  # noqa: F401  must precede displayio._displaycore (circular import)
from displayio._area import Area
from displayio._constants import NO_COMMAND
from displayio._displaycore import _DisplayCore


def render_rgb565(group, width=160, height=128):
    """Return the screen showing ``group`` as a list of width*height RGB565 ints (row-major).

    The group must not be shown on a display at the time.
    """
    core = _DisplayCore(
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
        set_current_column_command=NO_COMMAND,
        set_current_row_command=NO_COMMAND,
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
        core.fill_area(Area(0, 0, width, height), mask, buffer)
        return list(buffer.cast("B").cast("H")[:count])
    finally:
        core.set_root_group(None)


def to_rgb888(pixel):
    """RGB565 int -> (r, g, b) 0..255."""
    red = (pixel >> 11) & 31
    green = (pixel >> 5) & 63
    blue = pixel & 31
    return ((red * 255 + 15) // 31, (green * 255 + 31) // 63, (blue * 255 + 15) // 31)


def png_bytes(pixels, width, height, scale=1):
    """Encode RGB565 ``pixels`` (row-major) as an RGB PNG, each pixel ``scale`` x ``scale``."""
    rows = bytearray()
    for y in range(height):
        line = bytearray()
        for x in range(width):
            line += bytes(to_rgb888(pixels[y * width + x])) * scale
        for _ in range(scale):
            rows.append(0)  # filter: none
            rows += line

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def write_png(path, pixels, width=160, height=128, scale=1):
    """Save RGB565 ``pixels`` as a PNG file."""
    with open(path, "wb") as handle:
        handle.write(png_bytes(pixels, width, height, scale))
