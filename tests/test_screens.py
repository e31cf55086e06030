# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Screens rendered headless (Blinka displayio, no window) and checked by pixels and text."""

import pytest

from app import artwork, help_text, pages, theme
from app.controller import OVER, PLAY, WON
from app.layouts import for_screen
from app.menus import HELP_PAGE, MENU
from tests.tiles import board
from tools.play.glass import render, rgb565
from tools.play.simulator import FONT_DIR, Simulator

L = for_screen(160, 128)
WIDTH = L.width

#: A board profile for each screen size there is a layout for (the
#: simulator plays that board's screen); 640x480 is the 320x240 layout at
#: twice the scale, checked by its geometry (test_layouts_fit_their_screens).
SCREEN_BOARDS = {
    (160, 128): "pybadge",
    (320, 240): "seeeduino_wio_terminal",
    (240, 240): "pimoroni_picosystem",
    (128, 128): "tinycircuits_thumby_color",
}


class Screen:
    """A simulator on one board, its layout, and its pixels in layout pixels."""

    def __init__(self, board_id, seed=1):
        self.sim = Simulator(seed=seed, board=board_id)
        self.layout = self.sim.app.view.layout
        self.fonts = artwork.load_fonts(FONT_DIR, self.layout.font_files())

    def for_digits(self, count):
        """(font, scale) of a tile text of ``count`` characters."""
        name, scale = self.layout.tile_fonts[count - 1]
        return self.fonts[name], scale

    def pixels(self):
        """The screen in layout pixels (every scale-th screen pixel), row-major."""
        full = self.sim.pixels()
        scale = self.layout.scale
        width = self.sim.width
        return [full[y * scale * width + x * scale] for y in range(self.layout.height) for x in range(self.layout.width)]

    def cell_pixels(self, pixels, index):
        """The tile x tile layout pixels of the tile (not its gap) in cell ``index``, as rows."""
        layout = self.layout
        left = layout.board_x + (index % 4) * layout.pitch + layout.gap
        top = layout.board_y + (index // 4) * layout.pitch + layout.gap
        return [
            pixels[(top + y) * layout.width + left : (top + y) * layout.width + left + layout.tile] for y in range(layout.tile)
        ]


def spaced_step(font):
    """The pen's step with a blank column between any two digits' ink,
    worked out here from the glyphs (docs/boards.md's rule)."""
    inks = [artwork.ink_bounds(font, digit) for digit in "0123456789"]
    widest = max(right for _, _, right, _ in inks) - min(left for left, _, _, _ in inks) + 1
    return max(font.get_glyph(ord("0")).shift_x, widest + 1)


def text_ink_width(font, text, scale=1):
    step = spaced_step(font)
    first = artwork.ink_bounds(font, text[0])
    last = artwork.ink_bounds(font, text[-1])
    return ((len(text) - 1) * step + last[2] - first[0] + 1) * scale


def spaced_label_mask(font, text, scale=1):
    """Ink of ``text`` drawn character by character by adafruit_display_text
    (an independent reference), the characters :func:`spaced_step` apart."""
    step = spaced_step(font)
    bounds = [artwork.ink_bounds(font, char) for char in text]
    left = bounds[0][0]
    top = min(b[1] for b in bounds)
    mask = set()
    for i, char in enumerate(text):
        dx = (i * step + bounds[i][0] - left) * scale
        dy = (bounds[i][1] - top) * scale
        mask |= {(x + dx, y + dy) for x, y in label_mask(font, char, scale)}
    return mask


# One power-on per test: a process has one fake world at a time.
@pytest.fixture(params=sorted(SCREEN_BOARDS), ids=lambda size: "%dx%d" % size)
def screen(request):
    return Screen(SCREEN_BOARDS[request.param])


@pytest.fixture
def sim():
    return Simulator(seed=1)


def tile_origin(index):
    """Top-left pixel of the tile (not its gap) in cell ``index`` (160x128)."""
    return (
        L.board_x + (index % 4) * L.pitch + L.gap,
        L.board_y + (index // 4) * L.pitch + L.gap,
    )


def cell_pixels(pixels, index):
    """The TILE x TILE pixels of one tile, as rows (160x128)."""
    left, top = tile_origin(index)
    return [pixels[(top + y) * WIDTH + left : (top + y) * WIDTH + left + L.tile] for y in range(L.tile)]


def ink_mask(rows, background):
    """Set of (x, y) whose colour differs from ``background``, shifted to start at (0, 0)."""
    points = {(x, y) for y, row in enumerate(rows) for x, value in enumerate(row) if value != background}
    if not points:
        return points
    min_x = min(x for x, _ in points)
    min_y = min(y for _, y in points)
    return {(x - min_x, y - min_y) for x, y in points}


def label_mask(font, text, scale=1):
    """Ink of ``text`` drawn by adafruit_display_text itself (an independent
    reference), at ``scale`` times the font's size."""
    import displayio
    from adafruit_display_text import bitmap_label

    group = displayio.Group()
    label = bitmap_label.Label(font, text=text, color=0xFFFFFF, background_color=0x000000, scale=scale)
    label.anchor_point = (0, 0)
    label.anchored_position = (10, 10)
    group.append(label)
    pixels = render(group, WIDTH, 128)
    rows = [[1 if value == 0xFFFF else 0 for value in pixels[y * WIDTH : (y + 1) * WIDTH]] for y in range(128)]
    return ink_mask(rows, 0)


ALL_TILES = board("0 2 4 8", "16 32 64 128", "256 512 1024 2048", "4096 8192 65536 131072")
BIG_TILES = board("16384 32768 65536 131072", "2 4 8 16", "0 0 0 0", "0 0 0 0")


@pytest.mark.parametrize("cells", [ALL_TILES, BIG_TILES], ids=["to 131072", "the largest"])
def test_every_layout_draws_the_right_colours_and_numbers(screen, cells):
    sim, layout = screen.sim, screen.layout
    sim.game.set_board(cells, score=1234)
    sim.app.view.show_cells(sim.game.cells)
    sim.step()  # on the glass from the next refresh
    pixels = screen.pixels()
    for index, exponent in enumerate(cells):
        rows = screen.cell_pixels(pixels, index)
        background = rgb565(theme.tile_colour(exponent))
        # Near the corner of the tile (inside its rounded corner) is plain tile colour.
        assert rows[2][2] == background, index
        assert sim.app.view.cells[index][0] == exponent
        ink = rgb565(theme.text_colour(exponent))
        drawn = {(x, y) for y, row in enumerate(rows) for x, value in enumerate(row) if value == ink}
        if exponent == 0:
            assert drawn == set()
            continue
        text = artwork.tile_text(layout, exponent)
        # Exactly the characters, as the display_text library draws them in
        # that font at that size, a blank column apart: pixel by pixel.
        font, scale = screen.for_digits(len(text))
        expected = spaced_label_mask(font, text, scale)
        ink_only = [[1 if value == ink else 0 for value in row] for row in rows]
        assert ink_mask(ink_only, 0) == expected, text
        # Nothing but tile colour, ink and the board-colour corners.
        allowed = {background, ink, rgb565(theme.BOARD)}
        assert {value for row in rows for value in row} <= allowed, text
        # Ink stays off the tile's edge pixels.
        assert min(x for x, _ in drawn) >= 1 and max(x for x, _ in drawn) <= layout.tile - 2, text
        assert min(y for _, y in drawn) >= 1 and max(y for _, y in drawn) <= layout.tile - 2, text


def test_131072_fits_its_cell_in_every_layout(screen):
    for exponent in range(1, 18):
        text = artwork.tile_text(screen.layout, exponent)
        font, scale = screen.for_digits(len(text))
        assert text_ink_width(font, text, scale) <= screen.layout.tile - 2, text
    assert artwork.tile_text(screen.layout, 17) in ("131072", "128K")


def test_layouts_fit_their_screens():
    from app.layouts import SIZES

    for width, height in SIZES:
        layout = for_screen(width, height)
        assert layout.width * layout.scale == width and layout.height * layout.scale <= height
        assert layout.board_x >= 0 and layout.board_x + layout.board_size <= layout.width
        assert layout.board_y >= 0 and layout.board_y + layout.board_size <= layout.height
        for box in (layout.score, layout.best):
            assert 0 <= box.x and box.x + box.width <= layout.width and box.y + box.height <= layout.height
            # Clear of the board: beside it, under it or above it.
            assert (
                box.x >= layout.board_x + layout.board_size
                or box.y >= layout.board_y + layout.board_size
                or box.y + box.height <= layout.board_y
            )
        assert layout.columns * 6 <= layout.overlay_width and layout.page_lines >= 8
    assert for_screen(640, 480).scale == 2 * for_screen(320, 240).scale
    with pytest.raises(ValueError, match="this 200x100 screen is too small"):
        for_screen(200, 100)


def test_gaps_are_board_colour(sim):
    pixels = sim.pixels()
    board_colour = rgb565(theme.BOARD)
    # The gap column left of each column of tiles, and the right edge.
    for x in (L.board_x, L.board_x + L.pitch, L.board_x + L.board_size - 1):
        assert pixels[60 * WIDTH + x] == board_colour


def test_scores_show_their_digits(sim):
    view = sim.app.view
    view.show_scores(1234, 98765)
    assert view.score.wide.digits() == "1234"
    assert view.best.wide.digits() == "98765"
    view.show_scores(1234567, 2048)
    assert view.score.narrow.digits() == "1234567"
    assert view.score.wide.grid.hidden and not view.score.narrow.grid.hidden
    sim.step()
    pixels = sim.pixels()
    light = rgb565(theme.LIGHT_TEXT)
    panel = [pixels[y * WIDTH + x] for y in range(20, 34) for x in range(L.score.x, WIDTH)]
    assert light in panel


def near_win(sim):
    sim.game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . 2"), score=5000)
    sim.app.view.show_cells(sim.game.cells)


def test_win_banner(sim):
    near_win(sim)
    sim.press("left")
    assert sim.app.mode == WON
    overlay = sim.app.overlay
    assert overlay.title_text == "You win!"
    assert overlay.lines == ("Continue", "New game")
    assert overlay.selected == 0
    pixels = sim.pixels()
    assert pixels[30 * WIDTH + 2] == rgb565(theme.WIN_GOLD)
    assert pixels[120 * WIDTH + 60] != rgb565(theme.WIN_GOLD)


def test_game_over_screen(sim):
    sim.game.set_board(board(". 2 8 16", "4 16 32 64", "2 4 8 16", "4 2 4 2"), score=777)
    sim.app.view.show_cells(sim.game.cells)
    sim.press("left")
    assert sim.game.over
    assert sim.app.mode == OVER
    assert sim.app.overlay.title_text == "Game over"
    assert "Score 777" in sim.app.overlay.lines
    pixels = sim.pixels()
    assert pixels[30 * WIDTH + 2] == rgb565(theme.OVERLAY)


def test_menu(sim):
    sim.press("start")
    assert sim.app.mode == MENU
    overlay = sim.app.overlay
    assert overlay.title_text == "Menu"
    assert overlay.lines[0] == "Resume" and "Help" in overlay.lines and "About" in overlay.lines
    sim.press("down")
    assert overlay.selected == 1
    pixels = sim.pixels()
    highlight = rgb565(theme.HIGHLIGHT)
    row_y = 17 + 12 + 6
    assert pixels[row_y * WIDTH + 150] == highlight
    assert pixels[(row_y - 12) * WIDTH + 150] != highlight
    sim.press("b")
    assert sim.app.mode == PLAY and not overlay.visible


def test_help_pages_fit_the_screen(sim):
    for document in range(len(help_text.DOCUMENTS)):
        for page in help_text.document(document):
            assert 1 <= len(page) <= 9
            assert all(len(line) <= 26 for line in page), page
    sim.press_all(["start", "down*3", "a"])
    assert sim.app.overlay.title_text == "Help"
    sim.press("a")
    assert sim.app.mode == HELP_PAGE
    assert sim.app.overlay.title_text == "Controls"  # one page, the undo button's row in it
    assert sim.app.overlay.lines[0].startswith("D-pad")
    sim.press_all(["b", "down", "a"])
    assert sim.app.overlay.title_text.startswith("Rules 1/")
    sim.press_all(["b", "down", "a"])
    assert sim.app.overlay.title_text.startswith("Strategy 1/")
    text = " ".join(" ".join(page) for page in sim.app.menus.pages)
    for words in ("four directions", "every merge", "small tile", "nearly full"):
        assert words in text.replace("\n", " ")
    sim.press("right")
    assert sim.app.overlay.title_text.startswith("Strategy 2/")
    sim.press_all(["b", "down", "a"])
    assert sim.app.overlay.title_text.startswith("How the solver works")


def test_stats_settings_about(sim):
    sim.press_all(["start", "down*4", "a"])
    assert sim.app.overlay.title_text == "Stats 1/2"
    assert any(line.startswith("Games") for line in sim.app.overlay.lines)
    assert any("of 10000" in line for page in sim.app.menus.pages for line in page)
    sim.press_all(["b", "down", "a"])
    # The PyBadge's eight rows fit a page; Tilt, its ninth, is on a second.
    assert sim.app.overlay.title_text == "Settings 1/2"
    assert sim.app.overlay.lines[1].startswith("Sound") and sim.app.overlay.lines[1].endswith("off")
    sim.press_all(["down", "a"])
    assert sim.app.settings.sound
    assert sim.app.overlay.lines[1].endswith("on")
    assert sim.app.store.settings[1] == 1
    sim.press_all(["b", "down", "a"])
    assert sim.app.overlay.title_text.startswith("About")
    # A simulator says so, and which board it plays (never the host's RAM as a board's).
    lines = sim.app.overlay.lines
    assert any(line.startswith("Simulator of the") for line in lines) and not any("Free RAM" in line for line in lines)


def test_hint_shows_arrow_and_name():
    sim = Simulator(seed=3, solver=lambda cells: 3)
    sim.press("select")
    assert sim.app.view._arrow_direction == 3
    assert sim.app.view.status_text == "hint\nLEFT"
    pixels = sim.pixels()
    centre = (L.board_y + L.board_size // 2) * WIDTH + L.board_x + L.board_size // 2
    assert pixels[centre] == rgb565(theme.HINT_ARROW)
    assert pages.menu_items()[0] == "Resume"


def test_slide_animation_moves_tiles_to_where_the_rules_put_them(sim):
    sim.game.set_board(board("4 4 4 4", ". 2 . 2", ". . . .", "8 . . ."))
    sim.app.show_position()
    animation = sim.app.animation
    cells_before = list(sim.game.cells)
    sim.down("left")
    sim.frames(1)
    assert animation.active
    # Row 0: 4 4 4 4 -> 8 8; row 1: . 2 . 2 -> 4; the 8 in row 3 stays.
    moves = sorted(
        ((animation._from_x[i], animation._from_y[i]), (animation._to_x[i], animation._to_y[i])) for i in range(animation._count)
    )

    def at(index):
        return (L.board_x + L.gap + (index % 4) * L.pitch, L.board_y + L.gap + (index // 4) * L.pitch)

    expected = sorted([(at(1), at(0)), (at(2), at(1)), (at(3), at(1)), (at(5), at(4)), (at(7), at(4))])
    assert moves == expected
    # Tiles that move are not also drawn in their old cell.
    assert [sim.app.view.cells[i][0] for i in range(4)] == [cells_before[0], 0, 0, 0]
    sim.up("left")
    sim.settle()
    assert not animation.active
    assert [sim.app.view.cells[i][0] for i in range(16)] == sim.game.cells


def test_the_about_pages_module_is_loaded_only_while_it_shows(sim):
    import sys

    sim.press("start")
    assert "app.pages" in sys.modules and "app.about_page" not in sys.modules
    sim.press_all(["down*6", "a"])
    assert "app.about_page" in sys.modules and sim.glass.lines()[0].startswith("About")
    sim.press("b")
    assert "app.about_page" not in sys.modules and sim.app.menus is not None
    sim.press("b")


def test_idle_frames_change_nothing_on_the_glass(sim):
    # Every frame ends with a refresh; displayio sends only what changed,
    # and in an idle frame nothing did.
    sim.press("left")
    sim.frames(5)
    refreshes, changes = sim.glass.refreshes, sim.glass.changes
    sim.frames(50)
    assert sim.glass.refreshes == refreshes + 50 and sim.glass.changes == changes
    sim.press("up")
    assert sim.glass.changes > changes


def test_new_tile_appears_small_then_full(sim):
    from app.animation import APPEAR_MS, DURATION_MS
    from app.theme import APPEARING

    sim.game.set_board(board("2 . . .", ". . . .", ". . . .", ". . . ."))
    sim.app.show_position()
    sim.down("right")
    sim.up("right")
    sim.frames(1)
    start = sim.now  # the frame that handled the press started the slide
    while sim.now - start < DURATION_MS:
        sim.frames(1)
    assert sim.now - start < DURATION_MS + APPEAR_MS
    spawned = [i for i in range(16) if sim.game.cells[i] and i != 3]
    assert len(spawned) == 1
    index = spawned[0]
    assert sim.app.view.cells[index][0] == APPEARING + sim.game.cells[index] - 1
    assert sim.app.view.cells[3][0] == 1
    pixels = sim.pixels()
    rows = cell_pixels(pixels, index)
    # The edge of the cell is still empty-cell colour; the middle is the tile.
    assert rows[3][3] == rgb565(theme.EMPTY_CELL)
    assert rows[13][5] == rgb565(theme.tile_colour(sim.game.cells[index]))
    sim.settle()
    assert [sim.app.view.cells[i][0] for i in range(16)] == sim.game.cells


def test_merged_tiles_flash_a_ring_in_the_gaps(sim):
    from app.animation import DURATION_MS

    sim.game.set_board(board("2 2 . .", ". . . .", ". . . .", ". . . 4"))
    sim.app.show_position()
    sim.down("left")
    sim.up("left")
    sim.frames(1)
    start = sim.now
    while sim.now - start < DURATION_MS:
        sim.frames(1)
    pixels = sim.pixels()
    ring = rgb565(theme.MERGE_RING)
    left, top = tile_origin(0)
    # The gap left of and below the new 4 in cell 0 glows; cell 15's gap does not.
    assert pixels[(top + 10) * WIDTH + left - 1] == ring
    assert pixels[(top + L.tile) * WIDTH + left + 10] == ring
    left, top = tile_origin(15)
    assert pixels[(top + 10) * WIDTH + left - 1] == rgb565(theme.BOARD)
    sim.settle()
    pixels = sim.pixels()
    left, top = tile_origin(0)
    assert pixels[(top + 10) * WIDTH + left - 1] == rgb565(theme.BOARD)


class SlowNVM(bytearray):
    """An NVM whose writes take 80 ms of the board's clock, like a SAMD51 erase."""

    board = None

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        if isinstance(key, slice):
            self.board.advance(80)


def test_about_page_reports_measured_save_and_hint_times():
    nvm = SlowNVM(b"\xff" * 8192)
    sim = Simulator(seed=4, nvm=nvm)
    nvm.board = sim
    about = ["start", "down*6", "a", "right"]  # About's second page: what happened
    sim.press_all(about)
    assert "Last save: not yet" in sim.app.overlay.lines
    assert "Last write: not yet" in sim.app.overlay.lines
    sim.press_all(["b", "b"])
    sim.press("left")
    sim.app.saving.save(sim.now)
    sim.press("select")  # a hint through the real solver
    sim.press_all(["start", "a", "right"])  # the menu reopens on its last row: About
    assert sim.app.overlay.title_text.startswith("About 2/")
    assert "Last write: 80 ms" in sim.app.overlay.lines
    assert "Last save: written" in sim.app.overlay.lines
    assert any(line.startswith("Last hint: ") and line.endswith(" ms") for line in sim.app.overlay.lines)


def test_several_131072_tiles_draw_and_slide(sim):
    # No real game has two 131072s, but a valid board may: they are drawn
    # as 131072, slide like any tile and do not merge (engine.rules).
    cells = board(". 131072 . 131072", "131072 131072 4 4", "65536 65536 . .", "2 . . .")
    sim.game.set_board(cells)
    sim.app.show_position()
    assert [sim.app.view.cells[i][0] for i in range(16)] == cells
    sim.step()
    pixels = sim.pixels()
    drawn = [cell_pixels(pixels, index) for index in (1, 3, 4, 5)]
    assert all(rows == drawn[0] for rows in drawn)  # the same 131072 face each time
    assert rgb565(theme.tile_colour(17)) in drawn[0][2]
    animation = sim.app.animation
    sim.down("left")
    sim.frames(1)
    assert animation.active

    def at(index):
        return (L.board_x + L.gap + (index % 4) * L.pitch, L.board_y + L.gap + (index // 4) * L.pitch)

    moves = sorted(
        ((animation._from_x[i], animation._from_y[i]), (animation._to_x[i], animation._to_y[i])) for i in range(animation._count)
    )
    # Row 0: both 131072s slide left, side by side; row 1: only the 4s merge;
    # row 2: the 65536s make a 131072.
    assert moves == sorted([(at(1), at(0)), (at(3), at(1)), (at(7), at(6)), (at(9), at(8))])
    assert sorted(animation._merged[: animation._merges]) == [6, 8]
    sim.up("left")
    sim.settle()
    assert not animation.active
    after = sim.game.cells
    assert after[0:2] == [17, 17] and after[4:7] == [17, 17, 3] and after[8] == 17
    assert [sim.app.view.cells[i][0] for i in range(16)] == after


def panel_ink(pixels, top, bottom):
    """(x, y) of light text in the score panel between rows top..bottom."""
    light = rgb565(theme.LIGHT_TEXT)
    return {(x, y) for y in range(top, bottom) for x in range(L.score.x - 3, WIDTH) if pixels[y * WIDTH + x] == light}


@pytest.mark.parametrize(
    "value, shown", [(3932164, "3932164"), (9999999, "9999999"), (10**7, "10M"), (2**30 - 1, "1073M"), (10**15, "999999M")]
)
def test_score_box_shows_every_digit_of_the_largest_score_then_a_compact_form(sim, value, shown):
    from app.board_view import _ScoreBox  # noqa: F401  (the box under test)

    view = sim.app.view
    view.show_scores(value, value)
    for box in (view.score, view.best):
        assert box.narrow.digits() == shown and not box.narrow.grid.hidden and box.wide.grid.hidden
    sim.step()
    pixels = sim.pixels()
    ink = panel_ink(pixels, 5, 76)
    # Every glyph's ink stays inside the panel box, clear of the board.
    assert min(x for x, _ in ink) >= L.score.x and max(x for x, _ in ink) < WIDTH
    # SCORE's number: as many glyphs (ink runs) as characters.
    strip = view.score.narrow
    columns = sorted({x for x, y in ink if strip.grid.y <= y < strip.grid.y + strip.height})
    runs = 1 + sum(1 for a, b in zip(columns, columns[1:]) if b > a + 1)
    assert runs == len(shown)


def test_the_compact_m_is_drawn(sim):
    view = sim.app.view
    view.show_scores(12345678, 0)
    strip = view.score.narrow
    assert strip.digits() == "12M"
    sim.step()
    pixels = sim.pixels()
    light = rgb565(theme.LIGHT_TEXT)
    left = strip.grid.x + (strip.width - 1) * strip.advance
    glyph = [[pixels[(strip.grid.y + y) * WIDTH + left + x] == light for x in range(strip.advance)] for y in range(strip.height)]
    assert strip.advance == 5
    assert ["".join("X" if lit else "." for lit in row) for row in glyph] == [
        "X...X",
        "XX.XX",
        "X.X.X",
        "X...X",
        "X...X",
        "X...X",
    ]
    view.show_scores(3932164, 0)  # and back to every digit
    assert strip.digits() == "3932164"


@pytest.mark.parametrize(("board_id", "board_scale"), (("clue_nrf52840_express", 2), ("pimoroni_picosystem", 1)))
def test_the_clue_draws_its_board_at_half_resolution_and_the_picosystem_at_full(board_id, board_scale):
    # Same 240x240 layout; the CLUE's profile asks for the board at half
    # resolution (its heap: docs/boards.md): a face sheet of 23 px faces,
    # a quarter of the bytes, shown doubled. On the glass every pixel of a
    # CLUE's tile is one of a 2x2 block; the PicoSystem's digits have
    # single-pixel detail (its 4-digit tiles are 9x18 bold at scale 1).
    sim = Simulator(seed=1, board=board_id)
    view = sim.app.view
    layout = view.layout
    assert layout.board_scale == board_scale
    side = layout.tile // board_scale
    sheet = view.cells[0].bitmap
    assert (sheet.width, sheet.height) == (theme.FACE_COUNT * side, side)
    sim.game.set_board(board("1024 2 4 8", "16 32 64 128", "256 512 2048 4096", ". . . 8192"), score=0)
    sim.app.show_position()
    sim.step()
    pixels = sim.pixels()
    doubled = True
    for index in range(16):
        left = layout.board_x + layout.gap + (index % 4) * layout.pitch
        top = layout.board_y + layout.gap + (index // 4) * layout.pitch
        for y in range(top, top + layout.tile, 2):
            for x in range(left, left + layout.tile, 2):
                block = {pixels[(y + dy) * sim.width + x + dx] for dy in (0, 1) for dx in (0, 1)}
                doubled = doubled and len(block) == 1
    assert doubled == (board_scale == 2)
