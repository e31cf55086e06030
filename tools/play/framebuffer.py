# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""RGB565 pixels to PNG files (stdlib only: zlib + struct).

The pixels come from the glass (tools/play/glass.py), which renders with
Blinka's own displayio (tools/play/blinka.py).
"""

import struct
import zlib


def to_rgb888(pixel):
    """RGB565 int -> (r, g, b) 0..255."""
    red = (pixel >> 11) & 31
    green = (pixel >> 5) & 63
    blue = pixel & 31
    return ((red * 255 + 15) // 31, (green * 255 + 31) // 63, (blue * 255 + 15) // 31)


def png_bytes(pixels, width, height, scale=1):
    """Encode RGB565 ``pixels`` (row-major) as an RGB PNG, each pixel ``scale`` x ``scale``."""
    rows = bytearray()
    colours = {}  # a screen has few colours: each one converted once
    for y in range(height):
        parts = []
        for pixel in pixels[y * width : (y + 1) * width]:
            run = colours.get(pixel)
            if run is None:
                run = colours[pixel] = bytes(to_rgb888(pixel)) * scale
            parts.append(run)
        line = b"".join(parts)
        for _ in range(scale):
            rows.append(0)  # filter: none
            rows += line

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


def write_png(path, pixels, width=160, height=128, scale=1):
    """Save RGB565 ``pixels`` as a PNG file."""
    with open(path, "wb") as handle:
        handle.write(png_bytes(pixels, width, height, scale))
