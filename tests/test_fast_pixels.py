# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The fake world's row-at-a-time fill_region and readinto (tools/firmware/fast_pixels.py)
write the very bytes the bitmaptools stand-ins write a pixel at a time."""

import io
import random
import sys

import pytest

from tools.play.simulator import Simulator


@pytest.fixture(scope="module")
def world():
    """(displayio, bitmaptools) of a power-on: the stand-ins this process plays with."""
    Simulator(seed=1, glass=False)
    return sys.modules["displayio"], sys.modules["bitmaptools"]


def test_a_power_on_fills_and_reads_a_row_at_a_time(world):
    _, bitmaptools = world
    assert bitmaptools.fill_region.stand_in.__code__.co_filename.endswith("standins/bitmaptools.py")
    assert bitmaptools.readinto.stand_in.__code__.co_filename.endswith("standins/bitmaptools.py")
    assert bitmaptools.fill_region.__module__ == bitmaptools.readinto.__module__ == "bitmaptools"


def _pair(displayio, rng, width, height, colours):
    # Two Bitmaps alike, of random pixels.
    made = displayio.Bitmap(width, height, colours)
    for index in range(width * height):
        made[index] = rng.randrange(colours)
    twin = displayio.Bitmap(width, height, colours)
    twin._s[:] = made._s
    return made, twin


@pytest.mark.parametrize("colours", [2, 3, 4, 16, 17, 256])
def test_fill_region_sets_the_stand_ins_bytes(world, colours):
    # 1, 2, 4 and 8 bits a pixel; boxes inside, across and outside every
    # edge; values past the palette (the stand-in keeps their low bits).
    displayio, bitmaptools = world
    rng = random.Random(colours)
    for _ in range(40):
        width, height = rng.randint(1, 70), rng.randint(1, 9)
        faster, stand_in = _pair(displayio, rng, width, height, colours)
        for _ in range(6):
            box = [rng.randint(-4, width + 4), rng.randint(-3, height + 3)]
            box += [rng.randint(-4, width + 4), rng.randint(-3, height + 3)]
            value = rng.randint(-2, colours + 2)
            bitmaptools.fill_region(faster, *box, value)
            bitmaptools.fill_region.stand_in(stand_in, *box, value)
            assert faster._s == stand_in._s, (width, height, colours, box, value)


@pytest.mark.parametrize("element_size", [1, 2, 4])
def test_readinto_reads_the_stand_ins_pixels_and_bytes(world, element_size):
    # Over random pixels: a row's last byte keeps its bits past the row's end.
    displayio, bitmaptools = world
    rng = random.Random(element_size)
    for width in list(range(1, 41)) + [57, 64, 100]:
        height = rng.randint(1, 6)
        faster, stand_in = _pair(displayio, rng, width, height, 2)
        data = bytes(rng.randrange(256) for _ in range(height * (width // 8 + 5) + 3))
        files = io.BytesIO(data), io.BytesIO(data)
        arguments = {"bits_per_pixel": 1, "element_size": element_size, "reverse_pixels_in_element": True}
        bitmaptools.readinto(faster, files[0], **arguments)
        bitmaptools.readinto.stand_in(stand_in, files[1], **arguments)
        assert faster._s == stand_in._s and files[0].tell() == files[1].tell(), (width, element_size)


def test_what_it_does_not_cover_goes_to_the_stand_in(world):
    # A two-bit destination of readinto, and a byte-a-pixel Bitmap (the fuel
    # VM's) for fill_region: the stand-ins' own loops, the same results.
    displayio, bitmaptools = world
    rng = random.Random(5)
    faster, stand_in = _pair(displayio, rng, 20, 3, 4)
    data = bytes(range(40))
    bitmaptools.readinto(faster, io.BytesIO(data), bits_per_pixel=1, element_size=1)
    bitmaptools.readinto.stand_in(stand_in, io.BytesIO(data), bits_per_pixel=1, element_size=1)
    assert faster._s == stand_in._s
    flat = displayio._FastBitmap(9, 4, 4), displayio._FastBitmap(9, 4, 4)
    bitmaptools.fill_region(flat[0], 2, 1, 7, 3, 3)
    bitmaptools.fill_region.stand_in(flat[1], 2, 1, 7, 3, 3)
    assert flat[0]._p == flat[1]._p and flat[0]._p.count(3) == 10
