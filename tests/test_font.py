# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The text font is the firmware's, and no glyph is cut anywhere.

CircuitPython's ``terminalio.FONT`` is built from the Terminus font
ter-u12n.bdf (tools/gen_display_resources.py in its source): a 6x12 tile
per character, each glyph at its BDF x offset with its baseline on row 10
(12 rows less the 2-row descent); ``get_glyph`` gives every glyph as that
whole tile (dx 0, dy 0, 6 x 12; shared-module/fontio/BuiltinFont.c). The
fake world's terminalio must be exactly that (this file reads the BDF on
its own), and the game's text strip (app/text.py) must copy every glyph
whole, from it or from the 6x12 PCF used where a firmware has no
terminalio.
"""

import pytest

from tools.play import world as fake
from tools.play.simulator import Simulator
from tools.play.world import World

PRINTABLE = [chr(code) for code in range(32, 127)]


def bdf_glyphs(path):
    """{code: (width, height, x offset, y offset, [row bits as strings])} of a BDF file."""
    glyphs = {}
    code = box = rows = None
    with open(path) as handle:
        for line in handle:
            words = line.split()
            if not words:
                continue
            if words[0] == "ENCODING":
                code = int(words[1])
            elif words[0] == "BBX":
                box = [int(word) for word in words[1:]]
            elif words[0] == "BITMAP":
                rows = []
            elif words[0] == "ENDCHAR":
                width = box[0]
                glyphs[code] = (
                    width,
                    box[1],
                    box[2],
                    box[3],
                    [bin(int(row, 16))[2:].zfill(len(row) * 4)[:width] for row in rows],
                )
                rows = None
            elif rows is not None:
                rows.append(words[0])
    return glyphs


def firmware_cell(glyph):
    """The 6x12 tile the firmware's build makes of a BDF glyph: rows of 0/1."""
    width, height, x_offset, y_offset, rows = glyph
    cell = [[0] * 6 for _ in range(12)]
    top = (12 - 2) - (height + y_offset)
    for y, row in enumerate(rows):
        for x, bit in enumerate(row):
            if bit == "1":
                cell[top + y][x_offset + x] = 1
    return cell


def tile(bitmap, index):
    return [[bitmap[index * 6 + x, y] for x in range(6)] for y in range(12)]


@pytest.fixture(scope="module")
def reference():
    return bdf_glyphs(fake.terminal_font())


def test_the_terminal_font_is_the_firmware_s_glyph_for_glyph(reference):
    world = World("pybadge")
    font = world.module("terminalio").FONT
    assert font.get_bounding_box() == (6, 12)
    for char in PRINTABLE:
        glyph = font.get_glyph(ord(char))
        assert (glyph.width, glyph.height, glyph.dx, glyph.dy, glyph.shift_x, glyph.shift_y) == (6, 12, 0, 0, 6, 0)
        assert glyph.tile_index == ord(char) - 32, char  # printable ASCII first, in order
        assert tile(font.bitmap, glyph.tile_index) == firmware_cell(reference[ord(char)]), char


def test_no_glyph_of_the_font_is_cut(reference):
    # Every ink pixel of the BDF glyph lands inside its 6x12 tile.
    for char in PRINTABLE:
        width, height, x_offset, y_offset, rows = reference[ord(char)]
        ink = sum(row.count("1") for row in rows)
        top = 10 - (height + y_offset)
        assert top >= 0 and top + height <= 12 and x_offset >= 0 and x_offset + width <= 6, char
        assert sum(map(sum, firmware_cell(reference[ord(char)]))) == ink, char


@pytest.mark.parametrize("board", ["pybadge", "pewpew_m4"], ids=["terminalio", "6x12 PCF (no terminalio)"])
def test_the_text_strip_copies_every_glyph_whole(board, reference):
    # The PewPew M4's firmware has no terminalio: the strip is drawn from
    # fonts/6x12-ascii.pcf; the letters are another font's, but none may be cut.
    sim = Simulator(seed=1, board=board)
    strip = sim.app.overlay.body.grid.bitmap
    if board == "pybadge":
        for char in PRINTABLE:
            assert tile(strip, ord(char) - 32) == firmware_cell(reference[ord(char)]), char
        return
    from adafruit_bitmap_font import bitmap_font

    font = bitmap_font.load_font(str(fake.FONT_DIR / "6x12-ascii.pcf"), sim.module("displayio").Bitmap)
    for char in PRINTABLE:
        glyph = font.get_glyph(ord(char))
        ink = sum(glyph.bitmap[glyph.tile_index * glyph.width + x, y] for y in range(glyph.height) for x in range(glyph.width))
        assert sum(map(sum, tile(strip, ord(char) - 32))) == ink, char


@pytest.mark.parametrize(
    "board", ["pybadge", "pimoroni_picosystem", "seeeduino_wio_terminal", "tinycircuits_thumby_color", "pewpew_m4"]
)
def test_letters_with_descenders_are_whole_on_the_glass(board):
    # The glass reads a letter only if all its ink is there: descenders too.
    sim = Simulator(seed=1, board=board)
    overlay = sim.app.overlay
    overlay.show_page("gjpqy", ("Settings", "gjpqy jumping"))
    sim.step()
    assert sim.glass.shows("gjpqy", "Settings", "gjpqy jumping")
    overlay.show_banner("gjpqy", ("gjpqy", "yes"), 0xBBADA0, 0)  # the banner's title is drawn at twice the size
    sim.step()
    big = [cell for cell in sim.glass.cells() if cell.char == "g" and cell.scale > min(c.scale for c in sim.glass.cells())]
    assert big and sim.glass.shows("gjpqy", "yes")
