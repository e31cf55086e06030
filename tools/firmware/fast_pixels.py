# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Three bitmaptools stand-ins without a Python call a pixel, for the fake world in CPython.

The stand-ins (tools/firmware/standins/bitmaptools.py) set one pixel at a
time, through the Bitmap stand-in's ``__getitem__`` and ``__setitem__``:
the VMs run them so, and their code is part of what the VMs measure. In
CPython that is a Python call or two a pixel, some 40,000 a power-on (the
tile faces' fills and digits, the text strip read from its file), and a
power-on is what most tests start with. :func:`install` puts faster
``fill_region`` and ``readinto`` (a row at a time) and ``blit`` (the
pixel loop without the calls) in the stand-in module's place, when
tools/firmware/finder.py loads it: the same bytes in the bit-packed Bitmap
stand-in (1, 2, 4 or 8 bits a pixel), the rest of a row untouched; what
they do not cover goes to the stand-in itself. tests/test_fast_pixels.py
holds them to the stand-ins' bytes. What a hooked Bitmap records is
unchanged: the glass's firmware marks a bitmaptools call's whole box
(tools/firmware/dirty_areas.py), which holds every pixel the call sets.
"""

from tools.firmware.standins import displaystate

#: A byte of pixels of one value, by bits a pixel: value * _REPEAT[bits].
_REPEAT = {1: 0xFF, 2: 0x55, 4: 0x11, 8: 0x01}
#: Each byte with its bits in the other order (a PCF row's first pixel is
#: its top bit; the Bitmap stand-in's is its bottom one).
_REVERSED = bytes(int("{:08b}".format(byte)[::-1], 2) for byte in range(256))


def _packed(bitmap):
    # (state, its first row's offset, bytes a row, bits a pixel) of a
    # bit-packed Bitmap stand-in, read as displaystate lays it out; None
    # for anything else.
    state = getattr(bitmap, "_s", None)
    if type(state) is not bytearray or type(bitmap).__name__ != "Bitmap":
        return None
    bits = displaystate.bits_per_value(state)
    if bits not in _REPEAT:
        return None
    return state, displaystate.BITMAP_ROWS, displaystate.row_bytes(state), bits


def _fill_region(original):
    def fill_region(dest_bitmap, x1, y1, x2, y2, value):
        packed = _packed(dest_bitmap)
        if packed is None:
            return original(dest_bitmap, x1, y1, x2, y2, value)
        state, head, stride, bits = packed
        x1 = max(0, x1)
        x2 = min(dest_bitmap.width, x2)
        top = max(0, y1)
        bottom = min(dest_bitmap.height, y2)
        if x2 <= x1 or bottom <= top:
            return None
        mask = (1 << bits) - 1
        value &= mask
        per_byte = 8 // bits
        # Whole bytes from pixel ``first`` to ``last``, one pixel at a time at either end.
        first = -(-x1 // per_byte) * per_byte
        last = x2 // per_byte * per_byte
        if first < last:
            middle = bytes((value * _REPEAT[bits],)) * ((last - first) // per_byte)
            ends = list(range(x1, first)) + list(range(last, x2))
        else:
            middle = b""
            ends = range(x1, x2)
        for y in range(top, bottom):
            row = head + y * stride
            if middle:
                start = row + first // per_byte
                state[start : start + len(middle)] = middle
            for x in ends:
                at = row + x * bits // 8
                shift = x * bits % 8
                state[at] = (state[at] & ~(mask << shift) & 0xFF) | (value << shift)
        return None

    return fill_region


def _readinto(original):
    def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False, **more):
        packed = _packed(bitmap)
        if packed is None or bits_per_pixel != 1 or packed[3] != 1 or any(more.values()):
            return original(bitmap, file, bits_per_pixel, element_size, reverse_pixels_in_element, **more)
        state, head, stride, _ = packed
        width = bitmap.width
        # The stand-in's reading: rows padded to element_size bytes, the
        # first pixel of a row in its first byte's top bit.
        row = bytearray((width + 8 * element_size - 1) // (8 * element_size) * element_size)
        whole, rest = divmod(width, 8)
        kept = 0xFF & ~((1 << rest) - 1)  # a last byte's bits past the row's end
        for y in range(bitmap.height):
            file.readinto(row)
            at = head + y * stride
            state[at : at + whole] = row[:whole].translate(_REVERSED)
            if rest:
                state[at + whole] = (state[at + whole] & kept) | (_REVERSED[row[whole]] & ~kept)
        return None

    return readinto


#: blit's keywords (all of them have a default).
_BLIT_KEYS = frozenset(("x1", "y1", "x2", "y2", "skip_source_index", "skip_dest_index"))


def _blit(original):
    def blit(dest_bitmap, source_bitmap, x, y, **box):
        into, out_of = _packed(dest_bitmap), _packed(source_bitmap)
        x1, y1 = box.get("x1", 0), box.get("y1", 0)
        x2, y2 = box.get("x2"), box.get("y2")
        width = source_bitmap.width if x2 is None else x2
        height = source_bitmap.height if y2 is None else y2
        skip_source_index, skip_dest_index = box.get("skip_source_index"), box.get("skip_dest_index")
        if (
            into is None
            or out_of is None
            or not set(box) <= _BLIT_KEYS
            or not (0 <= x <= dest_bitmap.width and 0 <= y <= dest_bitmap.height)
            or not (0 <= x1 <= width <= source_bitmap.width and 0 <= y1 <= height <= source_bitmap.height)
        ):
            # Off the destination (the stand-in says so), or a box past the
            # source's edges (the stand-in reads on into the next row).
            return original(dest_bitmap, source_bitmap, x, y, **box)
        state, head, stride, bits = into
        source, source_head, source_stride, source_bits = out_of
        mask, source_mask = (1 << bits) - 1, (1 << source_bits) - 1
        count = min(width - x1, dest_bitmap.width - x)
        for row in range(y1, min(height, y1 + dest_bitmap.height - y)):
            start = source_head + row * source_stride
            target = head + (y + row - y1) * stride
            for column in range(count):
                bit = (x1 + column) * source_bits
                value = (source[start + (bit >> 3)] >> (bit & 7)) & source_mask
                if value == skip_source_index:
                    continue
                bit = (x + column) * bits
                at = target + (bit >> 3)
                shift = bit & 7
                if skip_dest_index is not None and (state[at] >> shift) & mask == skip_dest_index:
                    continue
                state[at] = (state[at] & ~(mask << shift) & 0xFF) | ((value << shift) & (mask << shift))
        return None

    return blit


def install(module):
    """Put the faster ``fill_region``, ``readinto`` and ``blit`` in the
    bitmaptools stand-in ``module``'s place (under their own names and
    module, as the glass counts them); each keeps the stand-in's own for
    what it does not cover, as ``stand_in``."""
    for name, make in (("fill_region", _fill_region), ("readinto", _readinto), ("blit", _blit)):
        stand_in = getattr(module, name)
        faster = make(stand_in)
        faster.__module__ = module.__name__
        faster.__doc__ = stand_in.__doc__
        faster.stand_in = stand_in
        setattr(module, name, faster)
