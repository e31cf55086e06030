# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for CircuitPython's ``bitmaptools`` (C there, Python loops here).

Each function meters its own cost in the fuel VM (fakeworld.meter), which
tools/measure/app_bench.py leaves out of the game's figures: on the board this
work is C. Metering is inline (no wrapper) so that a stand-in adds one
Python frame, not two, where the board adds none (pystack measurements).

Pixels are addressed by int index (y * width + x): like the C code, these
loops allocate nothing on C-sized bitmaps. Byte-per-pixel bitmaps (the
fuel VM's, displayio._FastBitmap) are filled and copied a row at a time.
"""

import fakeworld

if fakeworld.missing("bitmaptools"):  # the faked board's firmware has none
    raise ImportError("no module named 'bitmaptools'")


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    """Fill the rectangle x1 <= x < x2, y1 <= y < y2 with ``value``."""
    start = fakeworld.meter()
    width = dest_bitmap.width
    x1 = max(0, x1)
    x2 = min(width, x2)
    top = max(0, y1)
    bottom = min(dest_bitmap.height, y2)
    if hasattr(dest_bitmap, "_p"):
        if x2 > x1:
            pixels = dest_bitmap._p
            row = bytes((value,)) * (x2 - x1)
            for y in range(top, bottom):
                pixels[y * width + x1 : y * width + x2] = row
    else:
        for y in range(top, bottom):
            for x in range(x1, x2):
                dest_bitmap[y * width + x] = value
    fakeworld.metered(start)


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None, skip_dest_index=None):
    """Copy the source rectangle x1..x2, y1..y2 to (x, y), skipping the given indices.

    Like CircuitPython's, ``x`` and ``y`` must lie on the destination;
    what falls off its right or bottom edge is clipped.
    """
    start = fakeworld.meter()
    if not (0 <= x <= dest_bitmap.width and 0 <= y <= dest_bitmap.height):
        raise ValueError("x and y must be on the destination bitmap")
    if x2 is None:
        x2 = source_bitmap.width
    if y2 is None:
        y2 = source_bitmap.height
    dest_width = dest_bitmap.width
    source_width = source_bitmap.width
    count = min(x2 - x1, dest_width - x)
    fast = hasattr(dest_bitmap, "_p") and hasattr(source_bitmap, "_p")
    for row in range(y1, y2):
        target_y = y + row - y1
        if target_y >= dest_bitmap.height:
            break
        at = target_y * dest_width + x
        source = row * source_width + x1
        if fast and skip_source_index is None and skip_dest_index is None:
            dest_bitmap._p[at : at + count] = source_bitmap._p[source : source + count]
            continue
        for column in range(count):
            value = source_bitmap[source + column]
            if value == skip_source_index:
                continue
            if skip_dest_index is not None and dest_bitmap[at + column] == skip_dest_index:
                continue
            dest_bitmap[at + column] = value
    fakeworld.metered(start)


def replace_color(dest_bitmap, old_color, new_color):
    """Change every pixel of value ``old_color`` to ``new_color``."""
    start = fakeworld.meter()
    for index in range(dest_bitmap.width * dest_bitmap.height):
        if dest_bitmap[index] == old_color:
            dest_bitmap[index] = new_color
    fakeworld.metered(start)


def readinto(
    bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False, swap_bytes_in_element=False, reverse_rows=False
):
    """Read 1-bit rows (padded to ``element_size`` bytes) from ``file`` into ``bitmap``."""
    start = fakeworld.meter()
    width = bitmap.width
    row_bytes = (width * bits_per_pixel + 8 * element_size - 1) // (8 * element_size) * element_size
    row = bytearray(row_bytes)
    for y in range(bitmap.height):
        file.readinto(row)
        for x in range(width):
            # PCF rows: the most significant bit first once the elements are
            # read in file order, which is what the PCF loader asks for.
            bitmap[y * width + x] = (row[x // 8] >> (7 - x % 8)) & 1
    fakeworld.metered(start)
