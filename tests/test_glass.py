# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The glass (tools/play/glass.py) is an instrument: it must see what it claims.

It draws a stand-in tree exactly as Blinka draws the same tree built in
Blinka's own classes (its numpy raster, tools/play/raster.py, against
Blinka's ``fill_area``: made-up trees of every kind of layer, and every
frame of a play-through on every layout); it shows only what a refresh
sent (or, with auto_refresh on, each frame's state); and its text reader
reads only letters whose ink is really on the glass.
"""

import random

import pytest
from fake_inputs import first_legal

from tests import sampling
from tests.tiles import board as tiles_board
from tools.firmware.standins import displaystate
from tools.play import blinka, glass, raster
from tools.play.simulator import Simulator
from tools.play.world import FONT_DIR, World

WIDTH, HEIGHT = 48, 40

# One tree, described once and built twice (stand-ins and Blinka): a
# scaled group, a 2-bit bitmap with a transparent colour under three
# kinds of flip, a hidden layer, a nested group with its own offset, and
# a rectangle at the root.
PIXELS = [
    [0, 1, 2, 3, 1, 0],
    [1, 2, 3, 0, 2, 1],
    [3, 0, 1, 2, 3, 2],
    [2, 3, 0, 1, 0, 3],
]
COLOURS = [(0x000000, True), (0xFF0000, False), (0x00FF00, False), (0x0000FF, False)]


def build(displayio, vectorio):
    bitmap = displayio.Bitmap(6, 4, 4)
    for y, row in enumerate(PIXELS):
        for x, value in enumerate(row):
            bitmap[x, y] = value
    palette = displayio.Palette(4)
    for index, (colour, transparent) in enumerate(COLOURS):
        palette[index] = colour
        if transparent:
            palette.make_transparent(index)
    backdrop = displayio.Palette(1)
    backdrop[0] = 0x806040
    root = displayio.Group()
    root.append(vectorio.Rectangle(pixel_shader=backdrop, width=WIDTH, height=HEIGHT, x=0, y=0))
    scaled = displayio.Group(scale=2, x=2, y=1)
    root.append(scaled)
    grid = displayio.TileGrid(bitmap, pixel_shader=palette, width=2, height=1, tile_width=3, tile_height=4, x=1, y=1)
    grid[0] = 1
    grid[1] = 0
    grid.flip_x = True
    scaled.append(grid)
    turned = displayio.TileGrid(bitmap, pixel_shader=palette, x=10, y=6)
    turned.transpose_xy = True
    turned.flip_y = True
    scaled.append(turned)
    hidden = displayio.TileGrid(bitmap, pixel_shader=palette, x=0, y=12)
    hidden.hidden = True
    scaled.append(hidden)
    inner = displayio.Group(x=3, y=12)
    inner.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    scaled.append(inner)
    spot = displayio.Palette(1)
    spot[0] = 0xFFFFFF
    root.append(vectorio.Rectangle(pixel_shader=spot, width=5, height=3, x=40, y=34))
    return root


def test_a_stand_in_tree_is_drawn_as_blinka_draws_the_same_tree():
    world = World("pybadge")
    standin = build(world.module("displayio"), world.module("vectorio"))
    reference = build(blinka.module("displayio"), blinka.module("vectorio"))
    drawn = glass.render(standin, WIDTH, HEIGHT)
    expected = blinka.render_rgb565(reference, WIDTH, HEIGHT)
    assert drawn == expected
    # The judge's own copy of a snapshot (blinka.render_frame) is that tree too.
    assert blinka.render_frame(glass.snapshot(standin), WIDTH, HEIGHT) == expected
    # Not a blank picture that would match anything: every colour shows.
    assert {glass.rgb565(colour) for colour in (0x806040, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF)} <= set(drawn)


def test_a_change_is_on_the_glass_only_once_a_refresh_sent_it():
    sim = Simulator(seed=1)
    before = sim.glass.text()
    assert "SCORE" in before
    sim.app.view.show_status("no", "move")  # drawn, not yet sent
    assert sim.glass.text() == before and sim.glass.stale(sim.display.root_group)
    sim.step()  # the frame's refresh
    assert sim.glass.shows("no", "move") and not sim.glass.stale(sim.display.root_group)


def test_with_auto_refresh_on_each_frame_shows_the_tree_as_it_is():
    sim = Simulator(seed=2)
    sim.display.auto_refresh = True  # as the firmware starts every board but the PewPew M4
    sim.app.view.show_status("no", "move")
    assert not sim.glass.shows("move")
    sim.fakeworld.end_of_frame()  # the firmware's background refresh
    assert sim.glass.shows("no", "move")


def test_the_reader_reads_only_letters_a_player_can_see():
    world = World("pybadge")
    displayio = world.module("displayio")
    text = world.module("app.text")
    strip = world.module("app.artwork").text_strip(str(FONT_DIR))
    root = displayio.Group()
    background = displayio.Palette(1)
    background[0] = 0x000000
    root.append(
        displayio.TileGrid(
            displayio.Bitmap(1, 1, 1), pixel_shader=background, width=WIDTH, height=HEIGHT, tile_width=1, tile_height=1
        )
    )
    seen = text.TextGrid(strip, 8, 1, 0xFFFFFF, x=0, y=0)
    seen.line(0, "Menu gy")
    root.append(seen.grid)
    covered = text.TextGrid(strip, 8, 1, 0xFFFFFF, x=0, y=14)
    covered.line(0, "Hidden")
    root.append(covered.grid)
    cover = displayio.Palette(1)
    cover[0] = 0x404040
    root.append(
        displayio.TileGrid(
            displayio.Bitmap(1, 1, 1), pixel_shader=cover, width=18, height=12, tile_width=1, tile_height=1, x=0, y=14
        )
    )
    same = text.TextGrid(strip, 8, 1, 0x000000, x=0, y=28)  # black on black
    same.line(0, "Ghost")
    root.append(same.grid)
    screen = glass.Glass(WIDTH, HEIGHT)
    screen.capture(root)
    assert screen.lines() == ["Menu gy", "den"]  # what the cover leaves of "Hidden" is seen
    # The descenders of g and y are on the glass: their ink is all there.
    assert [cell.char for cell in screen.cells() if cell.char != " "] == list("Menugy") + list("den")


def test_blank_cells_under_a_line_of_text_do_not_split_its_words():
    # The blank cells of a grid drawn first (the play screen's status
    # lines, under an open page) sit between the letters of a page's line
    # at twice the scale: they are no gaps in its words.
    cells = [glass.TextCell(" ", 242 + 12 * i, 202, 2, 0, ()) for i in range(6)]
    cells += [glass.TextCell(char, 232 + 12 * i, 202, 2, 0, ((0, 0),)) for i, char in enumerate("picks")]
    cells.append(glass.TextCell(" ", 292, 202, 2, 0, ()))
    cells += [glass.TextCell(char, 304 + 6 * i, 202, 1, 0, ((0, 0),)) for i, char in enumerate("ok")]
    assert glass.lines_of(cells) == ["picks ok"]


def test_a_letter_whose_ink_is_missing_is_not_read():
    world = World("pybadge")
    displayio = world.module("displayio")
    text = world.module("app.text")
    blank = displayio.Bitmap(6 * text.COUNT, 12, 2)  # a strip without glyphs
    line = text.TextGrid(blank, 4, 1, 0xFFFFFF)
    line.line(0, "M  M")
    root = displayio.Group()
    root.append(line.grid)
    screen = glass.Glass(WIDTH, HEIGHT)
    screen.capture(root)
    assert screen.lines() == []


@pytest.mark.parametrize("board", ["pybadge", "pimoroni_picosystem"])
def test_stale_sees_any_change_of_the_tree(board):
    sim = Simulator(seed=3, board=board)
    root = sim.display.root_group
    assert not sim.glass.stale(root)
    cell = sim.app.view.cells[5]
    cell.pixel_shader[2] = 0x123456  # one palette colour of one cell
    assert sim.glass.stale(root)
    sim.step()
    assert not sim.glass.stale(root)
    sim.app.view.cells[5].x += 1  # one position
    assert sim.glass.stale(root)


def test_a_long_headless_run_keeps_its_memory_flat():
    # The glass keeps one frame; nothing in the fake world piles up per
    # frame (Blinka's display, which the simulator drew with before, kept
    # dirty areas on every menu move and grew without end). Counted: the
    # memory blocks the interpreter holds after 300 moves (every object
    # and buffer, large or small, tracked by the collector or not).
    import gc
    import sys

    from fake_inputs import first_legal

    sim = Simulator(seed=1, solver=first_legal)
    sim.press("start")

    def moves(count):
        for index in range(count):
            sim.press("down")
            if index % 10 == 0:
                sim.glass.lines()  # the renderer and the reader too

    moves(40)  # caches warm (compiled code, converted bitmaps)
    gc.collect()
    before = sys.getallocatedblocks()
    moves(300)
    gc.collect()
    grown = sys.getallocatedblocks() - before
    assert grown < 30, grown  # less than a block every ten moves


def test_an_idle_refresh_sends_the_same_frame_without_a_snapshot_and_each_change_is_sent():
    sim = Simulator(seed=3)
    screen = sim.glass
    sim.step()
    changes = screen.changes
    for _ in range(10):
        sim.step()  # idle frames: nothing was called that could change a layer
    assert screen.changes == changes and screen.missed is None
    # Each way the app changes a layer is a counted call: an attribute, an
    # item, a group's member, a bitmaptools function.
    sim.app.view.show_status("one", "two")
    sim.step()
    assert screen.shows("one", "two") and screen.changes == changes + 1
    root = sim.display.root_group
    root.hidden = True
    sim.step()
    assert screen.lines() == [] and screen.changes == changes + 2
    root.hidden = False
    sim.step()
    assert screen.shows("one", "two")


def test_a_change_the_counting_cannot_see_is_caught_not_shown_as_an_old_frame():
    # The stand-ins keep a layer's state in a bytearray; writing it directly
    # is no call of theirs. The glass cannot know, until its periodic check:
    # from then on it refuses to be read rather than show a frame that is
    # not what a refresh would have sent.
    sim = Simulator(seed=4)
    screen = sim.glass
    sim.step()
    assert screen.missed is None
    root = sim.display.root_group
    displaystate.state(root)[displaystate.HIDDEN] = 1  # hidden, behind the stand-in's back
    for _ in range(glass.VERIFY_EVERY):
        sim.step()
    assert screen.missed and "missed a change" in screen.missed
    with pytest.raises(AssertionError, match="missed a change"):
        screen.lines()


# -- made-up trees of every kind -------------------------------------------
#
# A tree is described once as plain data, drawn by a seeded random source,
# and built twice (stand-ins and Blinka): groups with offsets (negative
# too), scales and hidden ones; tile grids of every bits per value a
# stand-in bitmap can be written in (1, 2, 4, 8), tiles of 1 to 5 pixels, any tile of the bitmap,
# every flip and transpose, hidden ones, placed across the screen's edges;
# palettes with transparent colours and bitmap values past their last
# colour (Blinka's table leaves those as transparent); rectangles with a
# colour index in, past or on a transparent colour of their palette.

FUZZ_WIDTH, FUZZ_HEIGHT = 37, 29
FUZZ_TREES = 60
VALUE_COUNTS = (2, 3, 4, 16, 256)


def _describe_palette(rng, most):
    return [(rng.randrange(1 << 24), rng.random() < 0.3) for _ in range(rng.randint(1, most))]


def _describe(rng, depth=0):
    kind = rng.choice(("group", "tiles", "tiles", "rect") if depth < 3 else ("tiles", "rect"))
    place = (rng.randint(-12, FUZZ_WIDTH), rng.randint(-12, FUZZ_HEIGHT), rng.random() < 0.15)
    if kind == "group":
        members = [_describe(rng, depth + 1) for _ in range(rng.randint(1, 4))]
        return ("group", place, rng.choice((1, 1, 2, 3)), members)
    if kind == "rect":
        palette = _describe_palette(rng, 3)
        colour = rng.choice((rng.randrange(len(palette)), len(palette) + 1))  # in, or past the palette
        return ("rect", place, palette, (rng.randint(1, 20), rng.randint(1, 16)), colour)
    value_count = rng.choice(VALUE_COUNTS)
    palette = _describe_palette(rng, min(value_count, 6))
    # Values below the palette's length, and some past it (but not just
    # past it: Blinka's per-pixel loop would raise on that one).
    values = list(range(len(palette))) + [value for value in (len(palette) + 1, value_count - 1) if value > len(palette)]
    tile_width, tile_height = rng.randint(1, 5), rng.randint(1, 5)
    across, down = rng.randint(1, 4), rng.randint(1, 3)
    pixels = [[rng.choice(values) for _ in range(across * tile_width)] for _ in range(down * tile_height)]
    columns, rows = rng.randint(1, 4), rng.randint(1, 3)
    tiles = [rng.randrange(across * down) for _ in range(columns * rows)]
    flips = (rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5)
    return ("tiles", place, palette, value_count, pixels, (tile_width, tile_height, columns, rows), tiles, flips)


def _palette(displayio, colours):
    palette = displayio.Palette(len(colours))
    for index, (colour, transparent) in enumerate(colours):
        palette[index] = colour
        if transparent:
            palette.make_transparent(index)
    return palette


def _build(node, displayio, vectorio):
    kind, (x, y, hidden) = node[0], node[1]
    if kind == "group":
        layer = displayio.Group(scale=node[2], x=x, y=y)
        for member in node[3]:
            layer.append(_build(member, displayio, vectorio))
    elif kind == "rect":
        _, _, colours, (width, height), colour = node
        layer = vectorio.Rectangle(
            pixel_shader=_palette(displayio, colours), width=width, height=height, x=x, y=y, color_index=colour
        )
    else:
        _, _, colours, value_count, pixels, (tile_width, tile_height, columns, rows), tiles, flips = node
        bitmap = displayio.Bitmap(len(pixels[0]), len(pixels), value_count)
        for py, row in enumerate(pixels):
            for px, value in enumerate(row):
                bitmap[px, py] = value
        layer = displayio.TileGrid(
            bitmap,
            pixel_shader=_palette(displayio, colours),
            width=columns,
            height=rows,
            tile_width=tile_width,
            tile_height=tile_height,
            x=x,
            y=y,
        )
        for index, tile in enumerate(tiles):
            layer[index] = tile
        layer.flip_x, layer.flip_y, layer.transpose_xy = flips
    layer.hidden = hidden
    return layer


def _fuzz_tree(seed):
    rng = random.Random("glass %d" % seed)
    return ("group", (rng.randint(-4, 4), rng.randint(-4, 4), False), 1, [_describe(rng) for _ in range(rng.randint(3, 8))])


def test_made_up_trees_of_every_kind_are_drawn_as_blinka_draws_them():
    world = World("pybadge")
    shown = 0  # colours a tree shows, summed
    for seed in range(FUZZ_TREES):
        tree = _fuzz_tree(seed)
        standin = _build(tree, world.module("displayio"), world.module("vectorio"))
        reference = _build(tree, blinka.module("displayio"), blinka.module("vectorio"))
        drawn = glass.render(standin, FUZZ_WIDTH, FUZZ_HEIGHT)
        expected = blinka.render_rgb565(reference, FUZZ_WIDTH, FUZZ_HEIGHT)
        if drawn != expected:
            at = next(index for index, (mine, theirs) in enumerate(zip(drawn, expected)) if mine != theirs)
            raise AssertionError("tree %d differs first at (%d, %d)" % (seed, at % FUZZ_WIDTH, at // FUZZ_WIDTH))
        shown += len(set(drawn))
    assert shown > 4 * FUZZ_TREES, shown  # pictures, not blank screens


@pytest.mark.parametrize("value_count", (2, 3, 4, 16, 256, 65536, 1 << 24, 1 << 32))
def test_the_raster_reads_a_bitmap_as_displaystate_does(value_count):
    # Every bits per value the stand-ins make (24 and 32 too, which
    # Blinka does not take), an odd width; rows of random bytes, so every
    # bit of every value (and the rows' padding) is read.
    world = World("pybadge")
    state = displaystate.state(world.module("displayio").Bitmap(13, 3, value_count))
    rng = random.Random(value_count)
    for at in range(displaystate.BITMAP_ROWS, len(state)):
        state[at] = rng.randrange(256)
    state = bytes(state)
    assert raster.bitmap_array(state).tolist() == displaystate.bitmap_values(state)


# -- every frame of a play-through -------------------------------------------

#: A board of every layout: 160x128 (and the Sprig's, with its own
#: buttons), 240x240, the CLUE's 240x240 with the board at half scale,
#: 320x240, the Thumby Color's 128x128.
PLAYED = (
    "pybadge",
    "hack_club_sprig",
    "pimoroni_picosystem",
    "clue_nrf52840_express",
    "seeeduino_wio_terminal",
    "tinycircuits_thumby_color",
)


def _play_through(sim):
    # The win banner (and the merge's animation), a move, a hint, the menu,
    # the Help list and a help page; then Settings > Colours to Clear and
    # to Night (not on the CLUE, whose menu its two buttons walk otherwise).
    sim.game.set_board(tiles_board("1024 1024 . .", ". . . .", ". . . .", ". . . 2"), score=5000)
    sim.app.show_position()
    sim.step()
    sim.press("left")
    assert sim.glass.shows("You win!"), sim.glass.lines()
    sim.press_all(["a", "up", "select", "start", "down*3", "a", "down*3", "a"])
    assert sim.glass.shows("1/"), sim.glass.lines()  # a help page
    sim.press_all(["b", "b", "b"])
    if sim.board_id == "clue_nrf52840_express":
        return
    for palette in ("clear", "night"):
        sim.press_all(["start"] + ["down"] * ((5 - sim.app.menu_row) % 8) + ["a", "down*8", "right", "b", "b"])
        assert sim.app.settings.chosen(sim.module("app.settings").COLOURS) == palette


@pytest.mark.parametrize("board_id", PLAYED)
def test_every_frame_of_a_play_through_is_drawn_as_blinka_draws_it(board_id):
    sim = Simulator(seed=5, board=board_id, solver=first_legal)
    sim.glass.history = [sim.glass.frame]
    _play_through(sim)
    frames = list(dict.fromkeys(sim.glass.history))  # each distinct frame once
    assert len(frames) > 25  # the animations' in-between frames among them
    # Blinka draws a frame in 0.1-0.2 s: make test judges the first, the
    # last and a seeded sample of the others, make test-slow every one.
    judged = set(sampling.cases("play-through frames, " + board_id, range(len(frames)), 10, always=(0, len(frames) - 1)))
    for index, frame in enumerate(frames):
        drawn = raster.Raster().pixels(frame, sim.width, sim.height)
        if index in judged:
            glass.cross_check(frame, sim.width, sim.height, drawn)
        if index % 8 == 0:
            # The text reader's answer for all cells at once is the one it
            # gives cell by cell.
            cells = glass.text_cells(frame)
            pixels = drawn.ravel().tolist()
            expected = [cell for cell in cells if glass.readable(cell, pixels, sim.width, sim.height)]
            assert glass.readable_cells(cells, drawn) == expected


def test_blinkas_refresh_thread_does_not_run_beside_the_judge():
    # Importing Blinka's displayio starts a thread that wakes every
    # millisecond for good (3 % of a core); the judge draws when asked.
    assert not blinka.module("displayio").background_thread.is_alive()
