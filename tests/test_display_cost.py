# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What each key sends to the display, held to a budget on every layout.

The keys of tools/measure/display_cost.py (a game played on each layout's
board, every refresh counted as CircuitPython 10 would send it:
tools/firmware/dirty_areas.py), as deterministic pixel counts: an idle frame
sends nothing; a status line only its line; a menu step only the bar's
rows; a page turn only the text that changes (the box round its changed
pixels, to whole character cells, and the title's row) and never more
than a screen; no key but a move more than a screen; a move at most two
cells' worth per sliding tile in each frame of its slide.
"""

import pytest

from app.animation import DURATION_MS
from app.layouts import for_screen
from app.text import HEIGHT as LINE
from app.text import WIDTH as CHAR
from tools.measure import display_cost
from tools.play.simulator import FRAME_MS, Simulator

#: The keys that are not moves: none may send more than the screen.
NOT_MOVES = [name for name in display_cost.ROWS if not name.startswith("move") and "move" not in name.split()]


class Played:
    """One layout's game, its keys counted, and its geometry on the screen."""

    def __init__(self, layout, board_id):
        self.keys = display_cost.Keys(board_id)
        self.sim = self.keys.sim
        self.width, self.height = self.sim.width, self.sim.height
        self.screen = self.width * self.height
        self.layout = for_screen(self.width, self.height)
        self.scale = self.layout.scale
        self.text_scale = self.layout.scale * self.layout.overlay_scale
        self.results = self.keys.play()

    def pixels(self, name):
        """Pixels of each press of ``name``."""
        return [pixels for pixels, _, _ in self.results[name]]

    @property
    def cell(self):
        """A board cell on the screen (a tile and its gap), in pixels."""
        return (self.layout.pitch * self.scale) ** 2

    @property
    def bar(self):
        """The selection bar on the screen (it is as wide as a page's text, a line high)."""
        return min(self.width, (self.layout.overlay_width - 4) * self.text_scale) * LINE * self.text_scale


@pytest.fixture(scope="module", params=display_cost.LAYOUTS, ids=[layout for layout, _ in display_cost.LAYOUTS])
def played(request):
    return Played(*request.param)


def test_an_idle_frame_sends_nothing(played):
    assert played.pixels("idle frame") == [0]


def test_a_status_line_sends_only_its_line(played):
    layout = played.layout
    line = played.width * LINE * layout.status_lines * played.scale**2
    if layout.status_lines == 1:
        # The one line takes the scores' place: it and the scores it hides.
        line = 2 * played.width * layout.score.height * played.scale**2
    assert max(played.pixels("status line")) <= line
    arrow = (layout.arrow * played.scale) ** 2
    assert max(played.pixels("hint (arrow and status)")) <= arrow + line


def test_a_menu_step_sends_only_where_the_bar_was_and_is(played):
    for name in ("menu: one step", "banner: other choice"):
        assert max(played.pixels(name)) <= 2 * played.bar, name


def test_no_key_but_a_move_sends_more_than_the_screen(played):
    for name in NOT_MOVES:
        assert max(played.pixels(name)) <= played.screen, name
    # Opening and closing the menu send the screen whole, once.
    assert played.pixels("open the menu (Start)") == played.pixels("menu closed (Start)") == [played.screen]


@pytest.mark.parametrize("board_id", ["pybadge", "pimoroni_picosystem", "seeeduino_wio_terminal", "tinycircuits_thumby_color"])
def test_a_page_turn_sends_what_differs_and_a_little_more(board_id):
    # What differs: the box round the pixels that change between the two
    # pages, grown to whole character cells; a little more: the title's row
    # (its page number). (640x480 is 320x240 at twice the scale.)
    sim = Simulator(seed=7, board=board_id)
    glass = sim.glass
    width, height = sim.width, sim.height
    layout = for_screen(width, height)
    cell_width = CHAR * layout.scale * layout.overlay_scale
    cell_height = LINE * layout.scale * layout.overlay_scale
    title_row = width * cell_height
    sim.press("start")
    for button in ("down", "down", "down", "a", "down", "a"):  # Help > Strategy
        sim.press(button)
    turns = len(sim.app.menus.pages) - 1
    assert turns >= 2
    for _ in range(turns):
        before = glass.pixels()
        sent = glass.pixels_sent
        sim.press("right")
        after = glass.pixels()
        changed = [index for index in range(width * height) if before[index] != after[index]]
        assert changed
        xs = [index % width for index in changed]
        ys = [index // width for index in changed]
        left = max(0, min(xs) - cell_width)
        right = min(width, max(xs) + 1 + cell_width)
        top = max(0, min(ys) - cell_height)
        bottom = min(height, max(ys) + 1 + cell_height)
        assert glass.pixels_sent - sent <= (right - left) * (bottom - top) + title_row


def test_a_move_sends_at_most_two_cells_per_sliding_tile_in_each_frame_of_its_slide(played):
    # A sliding tile: its cell, itself and the area it last had as it
    # appears, at most two cells' worth as it moves in each slide frame,
    # where it was as it lands. And a merge its ring, shown then hidden.
    frames = DURATION_MS // FRAME_MS
    per_tile = 2 * frames + 4
    ring = ((played.layout.pitch + played.layout.gap) * played.scale) ** 2
    for name, tiles, merges in (
        ("move: one tile slides 3 cells", 1, 0),
        ("move: 12 tiles slide 1 cell", 12, 0),
        ("move: 8 merges", 12, 8),
    ):
        budget = per_tile * tiles * played.cell + 2 * merges * ring + 2 * played.cell  # and the new tile
        assert max(played.pixels(name)) <= budget, name
    assert max(played.pixels("move: one tile slides 3 cells")) < played.screen


def test_an_undo_sends_at_most_the_board_the_scores_and_the_status(played):
    # An undo draws the board back in one refresh (no slide): the cells
    # that differ, the scores, the status lines; none left: the status only.
    layout, scale = played.layout, played.scale
    board = (layout.board_size * scale) ** 2
    scores = (layout.score.width * layout.score.height + layout.best.width * layout.best.height) * scale**2
    status = played.width * LINE * layout.status_lines * scale**2
    if layout.status_lines == 1:
        status = 2 * played.width * layout.score.height * scale**2  # it takes the scores' place
    undos = played.pixels("undo (the board drawn back)")
    assert len(undos) == 5 and all(undos)
    assert max(undos) <= board + scores + status
    assert max(played.pixels("undo: none left (the status only)")) <= status
