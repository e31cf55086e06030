# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The fake world's fill_region, readinto and blit (tools/firmware/fast_pixels.py)
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


def test_a_power_on_fills_reads_and_blits_without_a_call_a_pixel(world):
    _, bitmaptools = world
    for function in (bitmaptools.fill_region, bitmaptools.readinto, bitmaptools.blit):
        assert function.stand_in.__code__.co_filename.endswith("standins/bitmaptools.py")
        assert function.__module__ == "bitmaptools" and function.__name__ == function.stand_in.__name__


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


@pytest.mark.parametrize("colours", [2, 4, 16, 256])
def test_blit_sets_the_stand_ins_bytes(world, colours):
    # Sources of 1 to 8 bits a pixel onto each destination; boxes whole,
    # cut and past the source's edges, places up to the destination's far
    # edges and off it (both refuse), with and without the skipped indices.
    displayio, bitmaptools = world
    rng = random.Random(colours)
    for _ in range(60):
        width, height = rng.randint(1, 40), rng.randint(1, 8)
        faster, stand_in = _pair(displayio, rng, width, height, colours)
        source = _pair(displayio, rng, rng.randint(1, 30), rng.randint(1, 8), rng.choice([2, 4, 16, 256]))[0]
        x, y = rng.randint(-1, width + 1), rng.randint(-1, height + 1)
        box = {"x1": rng.randint(0, 3), "y1": rng.randint(0, 2)}
        if rng.random() < 0.7:
            box.update(x2=rng.randint(box["x1"], source.width + 2), y2=rng.randint(box["y1"], source.height + 1))
        skips = {"skip_source_index": rng.choice([None, 0, 1]), "skip_dest_index": rng.choice([None, None, 0, 1])}
        outcomes = []
        for target, function in ((faster, bitmaptools.blit), (stand_in, bitmaptools.blit.stand_in)):
            try:
                function(target, source, x, y, **box, **skips)
                outcomes.append(None)
            except (ValueError, IndexError) as error:
                outcomes.append(type(error))
        assert outcomes[0] == outcomes[1] and faster._s == stand_in._s, (width, height, x, y, box, skips)


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
