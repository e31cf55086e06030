# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The display stand-ins' state has one layout (tools/firmware/standins/displaystate.py).

The stand-ins write their state through its offsets and the glass reads it
through its readers; a renderer in another language gets the same offsets
from ``layout()``. Here each field the game can set is set through the
stand-ins' own API and read back through the readers, on CPython and in
MicroPython (the pystack VM), where a web page's renderer would read it.
"""

from tests.shared import on_cpython, result
from tools.firmware.standins import displaystate
from tools.vm import pystack_vm

#: Sets every field through the stand-ins' API, then prints what the readers read.
PROGRAM = """
import json
import fakeworld
fakeworld.reset("pybadge")
import displayio, vectorio, displaystate as d

strip = displayio.Bitmap(7, 3, 4)
strip[6, 2] = 3
strip[1, 0] = 2
palette = displayio.Palette(3)
palette[2] = 0x123456
palette.make_transparent(1)
grid = displayio.TileGrid(strip, pixel_shader=palette, width=7, height=1, tile_width=1, tile_height=3, x=-5, y=300)
grid[4] = 6
grid.flip_y = True
grid.transpose_xy = True
grid.hidden = True
wide = displayio.TileGrid(displayio.Bitmap(300, 1, 2), pixel_shader=palette, width=3, height=1, tile_width=1)
wide[2] = 299
inline = displayio.TileGrid(strip, pixel_shader=palette, width=2, height=1, tile_width=1, tile_height=3)
inline[1] = 5
group = displayio.Group(scale=3, x=-2, y=7)
group.append(grid)
group.append(inline)
group.hidden = True
rect = vectorio.Rectangle(pixel_shader=palette, width=9, height=4, x=-1, y=2, color_index=2)
g, s, b, p, w, i, r = (d.state(o) for o in (group, grid, strip, palette, wide, inline, rect))
print("RESULT " + json.dumps([
    [d.x(g), d.y(g), d.scale(g), d.hidden(g), len(d.members(group)), d.is_group(group), d.is_group(grid)],
    [d.x(s), d.y(s), d.hidden(s), d.flags(s), d.columns(s), d.rows(s), d.tile_width(s), d.tile_height(s)],
    d.tile_indices(s, d.inline_tiles(grid)),
    d.tile_indices(w, d.inline_tiles(wide)),
    d.tile_indices(i, d.inline_tiles(inline)),
    [d.bitmap_width(b), d.bitmap_height(b), d.bits_per_value(b), d.pixel(b, 6, 2), d.pixel(b, 1, 0)],
    d.bitmap_values(b),
    [[colour, transparent] for colour, transparent in d.palette_colours(p)],
    [d.x(r), d.y(r), d.hidden(r), d.rect_width(r), d.rect_height(r), d.rect_colour(r)],
    sorted(d.layout().items()),
]))
"""

#: What PROGRAM set, field by field.
EXPECTED = [
    [-2, 7, 3, True, 2, True, False],
    [-5, 300, True, displaystate.FLIP_Y | displaystate.TRANSPOSE_XY, 7, 1, 1, 3],
    [0, 0, 0, 0, 6, 0, 0],
    [0, 0, 299],
    [0, 5],
    [7, 3, 2, 3, 2],
    [[0, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 3]],
    [[0, False], [0, True], [0x123456, False]],
    [-1, 2, False, 9, 4, 2],
]


def test_the_readers_read_what_the_stand_ins_wrote_on_cpython():
    # A process of its own: the stand-ins are top-level modules there, as in a VM.
    found = result(on_cpython(PROGRAM))
    assert found[:-1] == EXPECTED
    assert dict(map(tuple, found[-1])) == displaystate.layout()


def test_the_readers_read_what_the_stand_ins_wrote_in_micropython(standins_root):
    found = result(pystack_vm.run([PROGRAM], root=standins_root).stdout)
    assert found[:-1] == EXPECTED
    assert dict(map(tuple, found[-1])) == displaystate.layout()
