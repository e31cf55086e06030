# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The text font is the game's own, on every board, and every letter of it is on the glass.

The text strip (app/text.py) is built from fonts/6x12-latin2.pcf on every
board: the firmware's terminalio.FONT holds only the glyphs of the language
the firmware was built for, so an English CircuitPython has no ă, ș or ř.
The strip holds a whole 6x12 glyph with ink for every character of
``CHARS`` (the space aside), in that order; the glass reads each one back
as the same character; a character the strip lacks draws as '?'.
"""

import pytest

import boards
from tools import text_chars
from tools.play import glass
from tools.play import world as fake
from tools.play.simulator import Simulator
from tools.play.world import World

CHARS = text_chars()
#: Every letter Romanian and Czech are written with (both forms of the
#: Romanian s and t with a mark below), and the marks their text uses.
ROMANIAN = "ĂăÂâÎîȘșȚțŞşŢţ"
CZECH = "ÁáČčĎďÉéĚěÍíŇňÓóŘřŠšŤťÚúŮůÝýŽž"
MARKS = "„“”’–…°×"


def tile(bitmap, index):
    """The 6x12 cell ``index`` of a strip: rows of 0/1."""
    return [[bitmap[index * 6 + x, y] for x in range(6)] for y in range(12)]


def font_cell(font, char):
    """The 6x12 cell the font's own glyph for ``char`` fills (adafruit_bitmap_font, on the desktop)."""
    glyph = font.get_glyph(ord(char))
    cell = [[0] * 6 for _ in range(12)]
    top = font.ascent - glyph.height - glyph.dy
    for y in range(glyph.height):
        for x in range(glyph.width):
            if glyph.bitmap[glyph.tile_index * glyph.width + x, y]:
                cell[top + y][glyph.dx + x] = 1
    return cell


@pytest.fixture(scope="module")
def font():
    from adafruit_bitmap_font import bitmap_font

    world = World("pybadge")
    return bitmap_font.load_font(str(fake.FONT_DIR / "6x12-latin2.pcf"), world.module("displayio").Bitmap)


def test_the_strip_holds_ascii_in_code_order_then_every_romanian_and_czech_letter():
    assert CHARS[:95] == "".join(chr(code) for code in range(32, 127))
    for char in ROMANIAN + CZECH + MARKS:
        assert CHARS.count(char) == 1, char
    assert len(set(CHARS)) == len(CHARS)


def test_every_glyph_of_the_font_is_a_whole_cell(font):
    # A glyph placed in its 6x12 cell loses no ink: none reaches past it.
    assert (font.ascent, font.descent) == (10, 2)
    for char in CHARS:
        glyph = font.get_glyph(ord(char))
        assert glyph is not None, "U+%04X" % ord(char)
        top = font.ascent - glyph.height - glyph.dy
        assert glyph.dx >= 0 and glyph.dx + glyph.width <= 6 and top >= 0 and top + glyph.height <= 12, char


@pytest.mark.parametrize("board", ["pybadge", "pewpew_m4"], ids=["bitmaptools", "no bitmaptools"])
def test_the_strip_is_the_font_glyph_for_glyph_with_ink(board, font):
    # The PyBadge blits each glyph (bitmaptools); the PewPew M4 has no
    # bitmaptools and copies it pixel by pixel: the same strip either way.
    sim = Simulator(seed=1, board=board)
    strip = sim.app.overlay.body.grid.bitmap
    assert (strip.width, strip.height) == (6 * len(CHARS), 12)
    for index, char in enumerate(CHARS):
        cell = tile(strip, index)
        assert cell == font_cell(font, char), char
        assert (sum(map(sum, cell)) > 0) == (char != " "), char


def test_no_board_draws_text_from_the_firmware_s_terminal_font():
    # The fake world has no terminalio at all: a game that imported it
    # would not start here.
    world = World("pybadge")
    with pytest.raises(ImportError):
        world.module("terminalio")


@pytest.mark.parametrize("board", sorted(boards.NAMES))
def test_every_romanian_and_czech_letter_reads_back_from_the_glass(board):
    sim = Simulator(seed=1, board=board)
    columns = sim.app.overlay.columns
    letters = ROMANIAN + CZECH + MARKS
    # Words of up to 7 letters, as many to a line as fit the page.
    words = [letters[at : at + 7] for at in range(0, len(letters), 7)]
    lines = [""]
    for word in words:
        if len(lines[-1]) + 1 + len(word) > columns:
            lines.append("")
        lines[-1] = (lines[-1] + " " + word).strip()
    assert len(lines) <= sim.app.overlay.page_lines
    sim.app.overlay.show_page("Ieșire", lines)
    sim.step()
    assert sim.glass.shows("Ieșire", *lines)
    read = sim.glass.lines()
    for line in lines:
        assert line in read, (line, read)
    # Every letter's cell is on the glass with all its ink.
    shown = "".join(cell.char for cell in sim.glass.cells())
    assert set(letters) <= set(shown)


@pytest.mark.parametrize("board", ["pybadge", "pewpew_m4"])
def test_a_character_the_strip_lacks_draws_as_a_question_mark(board):
    sim = Simulator(seed=1, board=board)
    body = sim.app.overlay.body
    sim.app.overlay.show_page("Test", ["a€b", "ok"])
    body.write(1, 2, "\t\u0100!")  # a tab and Ā: not in the strip
    sim.step()
    assert sim.glass.shows("a?b", "ok??!")


def test_the_glass_reads_each_tile_as_its_character():
    world = World("pybadge")
    displayio = world.module("displayio")
    text = world.module("app.text")
    assert CHARS[95:] == text.EXTRAS and text.COUNT == len(CHARS) and glass.CHARS == CHARS
    grid = text.TextGrid(displayio.Bitmap(6 * len(CHARS), 12, 2), len(CHARS), 1, 0xFFFFFF)
    grid.line(0, CHARS)
    assert [grid.grid[column] for column in range(len(CHARS))] == list(range(len(CHARS)))
