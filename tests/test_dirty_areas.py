# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The count of what a refresh sends (tools/firmware/dirty_areas.py) is an instrument: it must see what it claims.

Each test writes to a small tree of the fake world's stand-ins the way the
firmware's own setters are written (shared-module/displayio/*.c,
vectorio/VectorShape.c: docs/architecture.md, "What a refresh sends") and
checks the rectangles the next refresh sends, worked out by hand from
that C code: what is sent for a write that changes nothing, for a move,
for a tile, a palette entry, a hidden flag, a group, a new root group;
how the areas are cut into windows, in the panel's own coordinates; and
that a refresh nobody wrote for is not walked, yet a write the hooks
missed is caught.
"""

import pytest

from tools.firmware import dirty_areas
from tools.play import glass
from tools.play.world import World

WIDTH, HEIGHT = 64, 48


@pytest.fixture(scope="module")
def world():
    return World("pybadge")


class Screen:
    """A glass of WIDTH x HEIGHT with a root group of its own, drawn whole once."""

    def __init__(self, world, rotation=0, width=WIDTH, height=HEIGHT):
        self.displayio = world.module("displayio")
        self.vectorio = world.module("vectorio")
        self.glass = glass.Glass(width, height, rotation)
        self.root = self.displayio.Group()
        self.palette = self.displayio.Palette(2)
        self.palette[0] = 0x102030
        self.palette[1] = 0xF0E0D0

    def grid(self, x=0, y=0, width=1, height=1, tile=8, group=None):
        """A TileGrid of ``width`` x ``height`` tiles of ``tile`` px over a 2-tile bitmap."""
        bitmap = self.displayio.Bitmap(2 * tile, tile, 2)
        layer = self.displayio.TileGrid(
            bitmap, pixel_shader=self.palette, width=width, height=height, tile_width=tile, tile_height=tile, x=x, y=y
        )
        (group or self.root).append(layer)
        return layer

    def rectangle(self, x, y, width, height, group=None):
        layer = self.vectorio.Rectangle(pixel_shader=self.palette, x=x, y=y, width=width, height=height)
        (group or self.root).append(layer)
        return layer

    def refresh(self):
        """The areas the next refresh sends, as (x1, y1, x2, y2)."""
        self.glass.capture(self.root)
        return list(self.glass.last_areas)

    def start(self):
        """The first refresh (the whole screen) and the one after it (each hidden TileGrid once)."""
        assert self.refresh() == [(0, 0, WIDTH, HEIGHT)]
        self.refresh()
        assert self.refresh() == []


def test_a_new_root_group_is_sent_whole_once_then_nothing_until_a_write(world):
    screen = Screen(world)
    screen.grid(4, 4)
    assert screen.refresh() == [(0, 0, WIDTH, HEIGHT)]
    assert screen.refresh() == []
    assert screen.glass.pixels_sent == WIDTH * HEIGHT
    # Setting another root and back asks for the whole screen again.
    display = world.display
    display.glass = screen.glass
    display.root_group = None
    display.root_group = screen.root
    assert screen.refresh() == [(0, 0, WIDTH, HEIGHT)]


def test_the_refresh_after_a_new_root_sends_each_hidden_tilegrid_once(world):
    # display_core's full refresh asks no layer for its areas; the finish
    # then gives a hidden, never drawn TileGrid the area it would have
    # drawn, which its next refresh sends (once: then it is rendered hidden).
    screen = Screen(world)
    hidden = screen.grid(8, 16)
    hidden.hidden = True
    assert screen.refresh() == [(0, 0, WIDTH, HEIGHT)]
    assert screen.refresh() == [(8, 16, 16, 24)]
    assert screen.refresh() == []


def test_a_tilegrid_shown_again_while_shown_is_sent_whole_and_hidden_again_while_hidden_may_be_too(world):
    screen = Screen(world)
    grid = screen.grid(8, 16, width=2)
    screen.start()
    grid.hidden = False  # the value it has
    assert screen.refresh() == [(8, 16, 24, 24)]
    grid.hidden = True
    assert screen.refresh() == [(8, 16, 24, 24)]  # where it was
    # While hidden, each refresh's finish takes its area and forgets it in
    # turn: a hidden = True written again sends it on every other refresh.
    sent = []
    for _ in range(2):
        grid.hidden = True
        sent.append(screen.refresh())
    assert sorted(sent) == [[], [(8, 16, 24, 24)]]


def test_a_position_written_unchanged_sends_nothing_a_new_one_where_it_was_and_is(world):
    screen = Screen(world)
    grid = screen.grid(8, 16)
    shape = screen.rectangle(40, 4, 6, 4)
    screen.start()
    grid.x = 8
    shape.y = 4
    assert screen.refresh() == []
    grid.x = 12  # the union of both: no more than twice the grid
    assert screen.refresh() == [(8, 16, 20, 24)]
    grid.x = 40  # far: each on its own
    assert screen.refresh() == [(40, 16, 48, 24), (12, 16, 20, 24)]
    shape.y = 5  # a vectorio shape: where it was and is, as one box (less than twice)
    assert screen.refresh() == [(40, 4, 46, 9)]


def test_a_tile_written_with_the_index_it_has_is_sent_and_tiles_go_as_one_box(world):
    screen = Screen(world)
    grid = screen.grid(0, 8, width=4, height=2)
    screen.start()
    grid[1] = 0  # it is 0 already
    assert screen.refresh() == [(8, 8, 16, 16)]
    grid[0] = 1
    grid[7] = 1  # (3, 1): the box round both
    assert screen.refresh() == [(0, 8, 32, 24)]
    grid[2, 0] = 1  # by (x, y)
    assert screen.refresh() == [(16, 8, 24, 16)]


def test_a_palette_colour_written_unchanged_sends_nothing_a_new_one_every_layer_drawn_with_it(world):
    screen = Screen(world)
    screen.grid(0, 0)
    screen.rectangle(20, 20, 5, 5)
    screen.start()
    screen.palette[1] = 0xF0E0D0
    assert screen.refresh() == []
    screen.palette[1] = (1, 2, 3)
    assert screen.refresh() == [(0, 0, 8, 8), (20, 20, 25, 25)]
    screen.palette.make_transparent(0)  # always
    assert len(screen.refresh()) == 2


def test_a_vectorio_shape_hidden_again_while_hidden_is_sent_every_time(world):
    screen = Screen(world)
    shape = screen.rectangle(10, 12, 7, 3)
    shape.hidden = True
    screen.start()
    for _ in range(3):
        shape.hidden = True
        assert screen.refresh() == [(10, 12, 17, 15)]


def test_a_group_written_unchanged_sends_nothing_shown_it_sends_every_member_hidden_shapes_too(world):
    screen = Screen(world)
    group = screen.displayio.Group(x=4, y=2)
    screen.root.append(group)
    grid = screen.grid(0, 0, group=group)
    shape = screen.rectangle(20, 10, 4, 4, group=group)
    shape.hidden = True
    group.hidden = True
    screen.start()
    group.hidden = True
    group.x = 4
    assert screen.refresh() == []
    group.hidden = False
    assert screen.refresh() == [(4, 2, 12, 10), (24, 12, 28, 16)]
    assert not grid.hidden and shape.hidden
    # Every member moves: where each is and was (the grid) and was and is
    # (the shape). The grid's box is 4 times its unscaled size: more than
    # the twice it may be, so apart (TileGrid.c compares the scaled box
    # with the unscaled size); the shape's size does not scale (VectorShape.c).
    group.scale = 2
    assert screen.refresh() == [(4, 2, 20, 18), (4, 2, 12, 10), (24, 12, 28, 16), (44, 22, 48, 26)]


def test_a_layer_removed_sends_where_it_was_one_appended_where_it_is(world):
    screen = Screen(world)
    grid = screen.grid(8, 8)
    screen.start()
    screen.root.remove(grid)
    assert screen.refresh() == [(8, 8, 16, 16)]
    screen.root.append(grid)
    assert screen.refresh() == [(8, 8, 16, 16)]
    screen.root.pop()
    assert screen.refresh() == [(8, 8, 16, 16)]


def test_a_refresh_is_sent_in_windows_of_whole_rows_of_at_most_256_pixels(world):
    # 512 B of buffer, 2 B a pixel: rows of a 64 px wide area go 4 at a time.
    screen = Screen(world)
    screen.grid(0, 0)
    screen.refresh()
    assert screen.glass.windows_sent == HEIGHT // 4
    firmware = dirty_areas.Display(160, 128)
    assert [window.tuple() for window in firmware.windows(dirty_areas.Area(0, 0, 160, 3))] == [
        (0, 0, 160, 1),
        (0, 1, 160, 2),
        (0, 2, 160, 3),
    ]
    assert [window.tuple() for window in firmware.windows(dirty_areas.Area(150, 120, 170, 140))] == [(150, 120, 160, 128)]


def test_a_turned_panel_gets_its_windows_in_its_own_coordinates(world):
    # The Sprig's rotation 270: a 160x128 screen on a 128x160 panel, the
    # screen's left edge at the panel's bottom.
    screen = Screen(world, rotation=270, width=160, height=128)
    grid = screen.grid(0, 0, width=2)
    screen.refresh()
    assert screen.glass.firmware.area.tuple() == (0, 0, 128, 160)
    screen.refresh()
    grid[0] = 1
    assert screen.refresh() == [(0, 152, 8, 160)]
    grid.x = 100
    assert screen.refresh() == [(0, 44, 8, 60), (0, 144, 8, 160)]


def test_a_refresh_nobody_wrote_for_is_not_walked_and_a_write_the_hooks_missed_is_caught(world):
    screen = Screen(world)
    grid = screen.grid(8, 8)
    screen.start()
    walked = []
    firmware = screen.glass.firmware
    walk = firmware.refresh_sources
    firmware.refresh_sources = lambda: walked.append(1) or walk()
    for _ in range(glass.VERIFY_EVERY):
        assert screen.refresh() == []
    assert len(walked) == 1  # the one check in VERIFY_EVERY
    # A change the firmware would see but no hook told: the verifying walk finds it.
    grid.__dict__["_dirty"].full_change = True
    for _ in range(glass.VERIFY_EVERY):
        screen.refresh()
    assert len(walked) == 2 and screen.glass.missed
