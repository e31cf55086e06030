# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Readable at the smallest sizes: on every board's layout, read off the
glass, every tile's characters and every score's digits stand apart (no
two touch, not even at a corner), and a tile's ink stays inside its tile.
A value too long for a small tile shows in its short form (16K .. 128K:
docs/boards.md, "Tile numbers")."""

import pytest

import boards
from app import artwork, theme
from tests.tiles import board
from tools.play.glass import rgb565
from tools.play.sim import Simulator

#: Every tile value, on two boards that still have a move (no banner over them).
POSITIONS = (
    board("2 4 8 16", "32 64 128 256", "512 1024 2048 4096", "8192 16384 32768 ."),
    board("65536 131072 . .", ". . . .", ". . . 2", ". . . ."),
)
#: Scores whose digits today's 6x13 bold drew touching, and the longest a game makes.
SCORES = ((1088, 108888), (3932164, 8))


def components(points):
    """How many 8-connected groups the set of (x, y) ``points`` makes."""
    left = set(points)
    count = 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            x, y = todo.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if (x + dx, y + dy) in left:
                        left.remove((x + dx, y + dy))
                        todo.append((x + dx, y + dy))
    return count


class Glass:
    """The board's glass in layout pixels."""

    def __init__(self, sim):
        self.sim = sim
        self.layout = layout = sim.app.view.layout
        full = sim.pixels()
        width = sim.width
        self.pixels = {
            (x, y): full[(layout.top + y * layout.scale) * width + layout.left + x * layout.scale]
            for y in range(layout.height)
            for x in range(layout.width)
        }

    def where(self, colour, x, y, width, height):
        """The (x, y) in the box whose pixel is ``colour`` (RGB565)."""
        return {(i, j) for j in range(y, y + height) for i in range(x, x + width) if self.pixels[(i, j)] == colour}


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_every_tile_and_score_stands_apart_on_every_board(board_id):
    sim = Simulator(seed=2, board=board_id)
    layout = sim.app.view.layout
    for cells, (score, best) in zip(POSITIONS, SCORES):
        sim.game.set_board(cells, score=score)
        sim.game.best = best
        sim.app.show_position()
        sim.step()
        assert not sim.app.overlay.visible
        glass = Glass(sim)
        for index, exponent in enumerate(cells):
            if not exponent:
                continue
            text = artwork.tile_text(layout, exponent)
            left = layout.board_x + (index % 4) * layout.pitch
            top = layout.board_y + (index // 4) * layout.pitch
            ink = rgb565(theme.text_colour(exponent))
            # The whole cell with its gap: ink only inside the tile, a pixel in from its edge.
            drawn = glass.where(ink, left, top, layout.pitch + layout.gap, layout.pitch + layout.gap)
            inside = glass.where(ink, left + layout.gap + 1, top + layout.gap + 1, layout.tile - 2, layout.tile - 2)
            assert drawn and drawn == inside, (board_id, text, "ink outside its tile")
            assert components(drawn) == len(text), (board_id, text, "characters touch")
        for box, value in ((layout.score, score), (layout.best, best)):
            digits = glass.where(rgb565(theme.LIGHT_TEXT), box.x, box.y, box.width, box.height)
            assert components(digits) == len(str(value)), (board_id, value, "digits touch")


def test_the_short_form_is_the_rule_docs_state():
    # Small tiles (26, 27 px): 16384 and up in 1024s and a K; 46 px tiles: in full.
    for size, short in (((160, 128), True), ((128, 128), True), ((320, 240), True), ((240, 240), False)):
        from app.layouts import for_screen

        layout = for_screen(*size)
        shown = [artwork.tile_text(layout, exponent) for exponent in range(1, 18)]
        assert shown[:13] == [str(1 << exponent) for exponent in range(1, 14)]
        expected = ["16K", "32K", "64K", "128K"] if short else ["16384", "32768", "65536", "131072"]
        assert shown[13:] == expected, size


def test_the_spaced_advance_table_is_what_the_glyphs_give():
    # Start-up reads artwork.SPACED_ADVANCE (tools/ship/make_fonts.py writes
    # it from the BDF source) instead of scanning the digits' pixels: here
    # the step is measured again from the shipped fonts' glyphs, pixel by
    # pixel, as adafruit_bitmap_font loads them on the board.
    from tools.play.simulator import FONT_DIR

    names = sorted(artwork.SPACED_ADVANCE)
    fonts = artwork.load_fonts(FONT_DIR, names)
    try:
        for name in names:
            font = fonts[name]
            inks = [artwork.ink_bounds(font, digit) for digit in artwork.DIGITS]
            span = max(ink[2] for ink in inks) - min(ink[0] for ink in inks) + 1
            assert artwork.SPACED_ADVANCE[name] == max(font.get_glyph(ord("0")).shift_x, span + 1), name
    finally:
        artwork.close_fonts(fonts)


def test_every_layout_draws_only_fonts_the_table_knows():
    from app.layouts import SIZES, for_screen

    for width, height in SIZES:
        layout = for_screen(width, height)
        assert set(layout.font_files()) <= set(artwork.SPACED_ADVANCE), layout
