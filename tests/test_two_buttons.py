# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""app.two_buttons: the Adafruit CLUE's scheme (A, B and tilt), alone and
driving the app end to end on a fake accelerometer."""

from fake_inputs import Event, gesture, milli_g

from app import controls, help_text
from app.controller import OVER, PLAY, WON
from app.controls import (
    AUTOPLAY,
    BACK,
    CONFIRM,
    HINT,
    KEY_A,
    KEY_B,
    KEY_LEFT,
    KEY_RIGHT,
    LEFT,
    MENU,
    NONE,
    PRESS,
    RIGHT,
)
from app.menus import MENU as MENU_MODE
from app.two_buttons import CHORD_MS, TwoButtonControls
from engine import rules
from engine.game import Game
from tests.tiles import board
from tools.play.simulator import FRAME_MS, Simulator


def scheme(mode=PLAY):
    controls_ = TwoButtonControls()
    controls_.playing = mode == PLAY  # as the app tells it
    return controls_


def press(scheme_, key, now):
    return scheme_.translate(Event(key, True), now)


def release(scheme_, key, now):
    return scheme_.translate(Event(key, False), now)


def test_a_alone_is_a_hint_and_b_alone_the_menu_in_play():
    keys = scheme()
    assert press(keys, KEY_A, 0) == PRESS  # not yet: it may be half a chord
    assert keys.poll(40) == NONE
    assert release(keys, KEY_A, 60) == HINT
    assert keys.poll(400) == NONE
    assert press(keys, KEY_B, 1000) == PRESS
    assert release(keys, KEY_B, 1080) == MENU


def test_a_single_press_held_acts_once_when_the_chord_window_closes():
    keys = scheme()
    press(keys, KEY_B, 0)
    assert keys.poll(CHORD_MS - 1) == NONE
    assert keys.poll(CHORD_MS) == MENU
    assert keys.poll(CHORD_MS + 500) == NONE
    assert release(keys, KEY_B, 2000) == NONE


def test_both_within_the_window_are_autoplay_and_neither_single_action():
    for first, second in ((KEY_A, KEY_B), (KEY_B, KEY_A)):
        for gap in (0, 20, CHORD_MS - 1):
            keys = scheme()
            actions = [press(keys, first, 1000), keys.poll(1000 + gap), press(keys, second, 1000 + gap)]
            actions += [keys.poll(1000 + gap + 300), release(keys, first, 1500), release(keys, second, 1520)]
            actions += [keys.poll(1600)]
            assert [a for a in actions if a not in (NONE, PRESS)] == [AUTOPLAY], (first, gap, actions)


def test_a_second_button_after_the_window_does_nothing_while_the_first_is_held():
    keys = scheme()
    press(keys, KEY_A, 0)
    assert keys.poll(CHORD_MS) == HINT
    assert press(keys, KEY_B, CHORD_MS + 60) == NONE  # a chord too late
    assert release(keys, KEY_B, 400) == NONE
    assert release(keys, KEY_A, 420) == NONE
    # Both up: the next press is a fresh one.
    assert press(keys, KEY_B, 1000) == PRESS and release(keys, KEY_B, 1050) == MENU


def test_on_banners_and_in_menus_a_is_ok_b_is_back_both_the_menu():
    for mode in (WON, OVER, MENU_MODE, "settings"):
        keys = scheme(mode)
        press(keys, KEY_A, 0)
        assert release(keys, KEY_A, 50) == CONFIRM
        press(keys, KEY_B, 100)
        assert release(keys, KEY_B, 150) == BACK
        press(keys, KEY_B, 300)
        assert keys.poll(300 + CHORD_MS) == BACK
        release(keys, KEY_B, 900)
        press(keys, KEY_A, 1000)
        assert press(keys, KEY_B, 1010) == MENU


def test_the_mode_when_the_action_is_decided_counts():
    keys = scheme()
    press(keys, KEY_A, 0)
    keys.playing = False  # B, in the same frame, opened the menu
    assert release(keys, KEY_A, 30) == CONFIRM


def test_a_press_that_woke_the_screen_does_nothing_nor_does_its_partner():
    keys = scheme()
    press(keys, KEY_A, 0)
    keys.swallow()  # the app: it only woke the screen
    assert press(keys, KEY_B, 20) == NONE
    assert keys.poll(500) == NONE
    assert release(keys, KEY_A, 600) == NONE and release(keys, KEY_B, 610) == NONE
    assert press(keys, KEY_A, 1000) == PRESS and release(keys, KEY_A, 1040) == HINT


def test_directions_bounces_and_lost_releases():
    keys = scheme()
    assert press(keys, KEY_LEFT, 0) == LEFT
    assert press(keys, KEY_LEFT, 10) == NONE  # no repeat while held
    assert release(keys, KEY_LEFT, 20) == NONE
    assert press(keys, KEY_RIGHT, 30) == RIGHT
    press(keys, KEY_A, 40)
    assert press(keys, KEY_A, 50) == NONE  # a bounce is not a chord
    keys.forget()  # events were lost
    assert keys.poll(1000) == NONE and keys.held == 0
    assert press(keys, KEY_B, 1100) == PRESS and release(keys, KEY_B, 1120) == MENU


class Clue:
    """The CLUE powered on in the fake world: its profile's own wiring (A
    and B merged with tilt from its LSM6DS on the fake I2C bus, the
    two-button scheme)."""

    def __init__(self, seed=21):
        self.sim = Simulator(seed=seed, board="clue_nrf52840_express")  # it measures level as it starts
        assert not self.keys._calibrating

    @property
    def keys(self):
        return self.sim.app.keys

    def hold(self, right=0, down=0):
        """Hold the board at (right, down) degrees from now."""
        self.sim.tilt(*milli_g(right, down))

    def tilt(self, right=0, down=0, start=(0, 0)):
        for angle in gesture(right, down, ramp=4, hold=4, back=4, start=start):
            self.hold(*angle)
            self.sim.step()
        self.sim.frames(3)
        self.sim.settle()

    def tap(self, *buttons, hold_frames=2):
        for button in buttons:
            self.sim.down(button)
        self.sim.frames(hold_frames)
        for button in buttons:
            self.sim.up(button)
        self.sim.frames(3)
        self.sim.settle()


def test_the_clue_plays_by_tilt_and_its_two_buttons():
    clue = Clue(seed=21)
    app, reference = clue.sim.app, Game(seed=21)
    assert app.game.cells == reference.cells
    for right, down, direction in ((-25, 0, rules.LEFT), (0, 25, rules.DOWN), (25, 0, rules.RIGHT), (0, -25, rules.UP)):
        clue.tilt(right, down)
        reference.move(direction)
        assert app.game.cells == reference.cells, direction
    # A: a hint (the solver's move shows).
    clue.tap("a")
    assert 0 <= app.view._arrow_direction <= 3
    # B: the menu; tilting down moves its selection, B goes back.
    clue.tap("b")
    assert app.mode == MENU_MODE and app.menus.row == 0
    clue.tilt(0, 25)
    clue.tilt(0, 25)
    assert app.mode == MENU_MODE and app.menus.row == 2
    assert app.game.cells == reference.cells  # tilting in the menu moved no tile
    clue.tap("b")
    assert app.mode == PLAY
    # A+B: autoplay; then any button stops it (and does nothing else).
    clue.tap("a", "b")
    assert app.assist.autoplay
    clue.sim.frames(1000 // FRAME_MS)
    moves = app.game.moves
    assert moves > reference.moves
    clue.tap("b")
    assert not app.assist.autoplay and app.mode == PLAY


def test_the_clue_menu_opens_confirms_and_levels_tilt_as_it_closes():
    clue = Clue(seed=22)
    app = clue.sim.app
    clue.tap("b")
    clue.tilt(0, 25)  # Resume -> New game
    clue.tap("a")  # New game?
    assert app.mode == "confirm_new"
    clue.tilt(0, 25)  # -> Yes, start over
    moves_before = app.game.stats.games
    clue.tap("a")
    assert app.mode == PLAY and app.game.moves == 0 and app.game.stats.games >= moves_before
    # Closing the menu measured level afresh: held at 20 degrees now,
    # through the menu and back, that angle is level.
    clue.tap("b")
    clue.hold(20, 0)
    clue.sim.frames(20)
    clue.tap("b")
    assert app.mode == PLAY and clue.keys._calibrating
    cells = list(app.game.cells)
    clue.sim.frames(20)
    assert not clue.keys._calibrating and app.game.cells == cells
    for angle in gesture(25, 0, ramp=4, hold=4, back=4, start=(20, 0)):
        clue.hold(*angle)
        clue.sim.step()
    clue.sim.settle()
    trial = list(cells)
    assert (app.game.cells != cells) == (rules.slide(trial, rules.RIGHT) >= 0)


def test_the_clue_banner_a_and_b():
    clue = Clue(seed=23)
    app = clue.sim.app
    app.game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . 2"), score=5000)
    app.show_position()
    clue.tilt(-25, 0)
    assert app.mode == WON
    clue.tap("a")  # Continue
    assert app.mode == PLAY and app.game.keep_playing


def test_the_clue_controls_page_names_tilt_and_its_buttons():
    # The CLUE's 240x240 screen shows pages of 20 columns (scale 2).
    pages = help_text.document(0, None, 20, 8, controls=TwoButtonControls())
    lines = [line for page in pages for line in page]
    text = "\n".join(lines)
    for words in ("Tilt", "slide tiles", "hint", "menu", "A+B", "autoplay", "Level"):
        assert words in text
    assert all(len(page) <= 8 for page in pages) and max(len(line) for line in lines) <= 20
    # The PyBadge's page is the one it always was.
    assert help_text.document(0)[0] == help_text.document(0, None, controls=controls.Controls())[0]
    assert help_text.document(0)[0][0] == "D-pad       slide tiles"
    clue = Clue(seed=24)
    clue.tap("b")
    for _ in range(3):
        clue.tilt(0, 25)  # -> Help
    clue.tap("a")
    clue.tap("a")  # Controls
    overlay = clue.sim.app.overlay
    assert overlay.title_text == "Controls 1/2"  # 20 columns, 8 lines: two pages
    page = help_text.document(0, None, overlay.columns, overlay.page_lines, controls=TwoButtonControls())[0]
    assert list(overlay.lines[: len(page)]) == page
    assert clue.sim.glass.shows("Controls", "slide tiles")  # and on the glass


def test_the_app_tells_the_scheme_whether_play_is_on():
    clue = Clue(seed=24)
    app = clue.sim.app
    app.game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . 2"), score=5000)
    app.show_position()
    seen = [app.controls.playing]
    clue.tilt(-25, 0)  # the win banner
    seen.append(app.controls.playing)
    clue.tap("a")  # Continue
    seen.append(app.controls.playing)
    clue.tap("b")  # the menu
    seen.append(app.controls.playing)
    clue.tap("b")  # back
    seen.append(app.controls.playing)
    assert seen == [True, False, True, False, True] and app.mode == PLAY


def test_the_scheme_loads_none_of_the_app_s_modules():
    # A board profile builds it before the app's modules load (code.py
    # draws the artwork first, on a heap with as little as possible in it).
    import ast

    from tools import ROOT

    source = (ROOT / "app" / "two_buttons.py").read_text()
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    assert imported == {"micropython", "adafruit_ticks", "app.controls"}


def test_the_clue_says_when_its_accelerometer_stops_answering_and_plays_on_when_it_is_back():
    clue = Clue(seed=25)
    app = clue.sim.app
    clue.sim.fakeworld.accelerometer = False  # the chip stops answering on the bus
    clue.sim.frames(40)
    assert clue.sim.glass.shows("tilt", "failed") and app.faults == 0
    clue.tap("b")  # the buttons still work: the menu
    assert app.mode == MENU_MODE
    clue.tap("b")
    clue.sim.fakeworld.accelerometer = True  # back: tried again, level measured afresh
    clue.sim.frames(80)
    assert not clue.keys.failed
    app.game.set_board(board(". . . 2", ". . . .", ". . . .", ". . . ."))  # left is a move
    app.show_position()
    moves = app.game.moves
    clue.tilt(-25, 0)
    assert app.game.moves == moves + 1
