# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Settings > Tilt on a board whose accelerometer is an option (PyBadge,
PyGamer): a row only there, off by default, kept in settings byte 5; on,
tilt adds to the D-pad; a board without the option is unchanged."""

from fake_inputs import first_legal, gesture, milli_g

from app import pages
from app.controller import PLAY
from app.menus import SETTINGS
from app.settings import Settings
from engine import rules
from engine.game import Game
from tools.play.simulator import Simulator

#: The Settings page on a board without tilt, as it must stay (Undo and
#: Colours, its last rows, came with issues 31 and 32).
PAGE_WITHOUT_TILT = [
    "Brightness            100%",
    "Sound                  off",
    "Lights                 off",
    "Animations              on",
    "Saving            balanced",
    "Screen off           5 min",
    "Undo                   off",
    "Language           English",
]


class PyBadge:
    """A PyBadge powered on in the fake world: its profile's own wiring
    (boards/pybadge.py: Settings > Tilt over adafruit_lis3dh on the fake
    I2C bus). ``accelerometer=False``: no chip answers (a PyBadge LC);
    ``with_tilt=False``: a board of the same screen without the option
    (the Sprig)."""

    def __init__(self, seed=41, nvm=None, accelerometer=True, with_tilt=True):
        board = "pybadge" if with_tilt else "hack_club_sprig"
        self.sim = Simulator(seed=seed, nvm=nvm, board=board, accelerometer=accelerometer, solver=first_legal)
        self.app = self.sim.app
        self.hook_calls = 0
        hook = self.app.hardware.tilt
        if hook is not None:

            def counted(keys, event, settings):
                self.hook_calls += 1
                return hook(keys, event, settings)

            self.app.hardware.tilt = counted

    @property
    def reads(self):
        """Readings the accelerometer chip has given."""
        return self.sim.fakeworld.accelerometer_reads

    def tilted(self):
        """True if the app reads its keys through the tilt adapter."""
        return isinstance(self.app.keys, self.sim.module("app.tilt").TiltKeys)

    def press(self, *names):
        self.sim.press_all(names)

    def tilt(self, right=0, down=0):
        """A tilt of the board by (right, down) degrees and back, as a hand does it."""
        for angle in gesture(right, down, ramp=4, hold=4, back=4):
            self.sim.tilt(*milli_g(*angle))
            self.sim.step()
        self.sim.tilt(0, 0)
        self.sim.frames(3)
        self.sim.settle()

    def open_settings(self):
        self.press("start")
        while pages.menu_items()[self.app.menus.row] != "Settings":  # the menu keeps its row
            self.press("down")
        self.press("a")
        assert self.app.mode == SETTINGS


def test_without_the_option_the_settings_page_is_unchanged():
    badge = PyBadge(with_tilt=False)
    badge.open_settings()
    lines = badge.app.overlay.lines
    assert [line for line in lines if line][:8] == PAGE_WITHOUT_TILT
    assert "Tilt" not in " ".join(lines)
    badge.press("down*9")  # nine rows, round to the first
    assert badge.app.menus.choice == 0


def test_the_tilt_row_is_there_off_by_default_and_the_page_fits():
    badge = PyBadge()
    assert not badge.app.settings.tilt and badge.app.store.settings[5] == 0
    badge.open_settings()
    lines = list(badge.app.overlay.lines)
    assert lines[:8] == PAGE_WITHOUT_TILT  # the first page of two ("Settings 1/2")
    assert len(lines) <= 9 and max(len(line) for line in lines) <= 26
    assert badge.sim.glass.lines()[0].strip() == "Settings 1/2"
    badge.press("down*9")  # Tilt, the second page's second row (after Colours)
    lines = list(badge.app.overlay.lines)
    assert lines[0].startswith("Colours") and lines[1] == "Tilt                   off"
    assert len(lines) <= 9 and max(len(line) for line in lines) <= 26
    assert badge.sim.glass.lines()[0].strip() == "Settings 2/2"
    badge.press("down")  # ten rows, round to the first
    assert badge.app.menus.choice == 0
    # Off: the option is not built, the sensor never read.
    assert badge.hook_calls == 0 and badge.reads == 0
    assert not badge.tilted()


def test_turned_on_tilt_adds_to_the_d_pad_and_off_again_it_stops():
    badge = PyBadge(seed=42)
    app, reference = badge.app, Game(seed=42)
    badge.open_settings()
    badge.press("down*9", "a")  # Tilt: on
    assert app.overlay.lines[1] == "Tilt                    on"
    assert app.settings.tilt and app.store.settings[5] == 1
    assert badge.tilted() and badge.hook_calls == 1
    badge.press("b", "b")  # back to the game: level is measured as the menu closes
    assert app.mode == PLAY
    badge.sim.frames(12)
    badge.tilt(-25, 0)
    reference.move(rules.LEFT)
    assert app.game.cells == reference.cells
    badge.press("down")  # the D-pad as before
    reference.move(rules.DOWN)
    assert app.game.cells == reference.cells
    badge.tilt(25, 0)
    reference.move(rules.RIGHT)
    assert app.game.cells == reference.cells
    # Off again: tilting does nothing, the sensor is left alone.
    badge.open_settings()
    badge.press("down*9", "a")
    assert not app.settings.tilt and app.overlay.lines[1] == "Tilt                   off"
    badge.press("b", "b")
    reads = badge.reads
    cells = list(app.game.cells)
    badge.tilt(-25, 0)
    badge.tilt(0, 25)
    assert app.game.cells == cells and badge.reads == reads
    badge.press("up")
    reference.move(rules.UP)
    assert app.game.cells == reference.cells


def test_tilt_on_is_kept_and_on_from_the_next_start():
    badge = PyBadge(seed=43)
    badge.open_settings()
    badge.press("down*9", "a", "b", "b")
    badge.app.saving.save(badge.sim.now)
    again = PyBadge(seed=44, nvm=badge.sim.nvm)
    assert again.app.settings.tilt and again.tilted()
    again.sim.frames(12)
    cells = list(again.app.game.cells)
    again.tilt(0, 25)
    trial = list(cells)
    assert (again.app.game.cells != cells) == (rules.slide(trial, rules.DOWN) >= 0)
    assert again.reads > 0


def test_no_accelerometer_answering_turns_tilt_back_off_and_play_goes_on():
    # A PyBadge LC: adafruit_lis3dh finds no chip at 0x19 on the bus.
    badge = PyBadge(seed=45, accelerometer=False)
    app, reference = badge.app, Game(seed=45)
    badge.open_settings()
    badge.press("down*9", "a")
    assert not app.settings.tilt and app.overlay.lines[1] == "Tilt                   off"
    assert not badge.tilted() and app.faults == 0
    badge.press("b", "b", "left")
    reference.move(rules.LEFT)
    assert app.game.cells == reference.cells


def test_turn_on_builds_the_tilt_once():
    badge = PyBadge(seed=46)
    badge.open_settings()
    badge.press("down*9", "a")
    keys = badge.app.keys
    turn_on = badge.sim.module("app.tilt").turn_on
    assert turn_on(keys, None, lambda: None, badge.app.settings) is keys  # already on: no second sensor
    assert badge.app.keys is keys
    badge.press("up", "a", "a")  # another setting changed twice: the hook runs again
    assert badge.app.keys is keys and badge.hook_calls >= 3


def test_settings_byte_5_is_tilt_and_a_stranger_s_value_reads_off():
    data = bytearray(8)
    settings = Settings(data)
    assert not settings.tilt
    settings.tilt = True
    assert data == bytearray(b"\0\0\0\0\0\x01\0\0")
    data[5] = 7
    assert not settings.tilt
    settings.tilt = False
    assert data[5] == 0
    # Short data (a stranger's store) is never written past its end.
    short = Settings(bytearray(3))
    short.tilt = True
    assert not short.tilt
    # The page builder shows the row only when asked to.
    assert "Tilt" not in " ".join(pages.settings_lines(settings, ("a", "b"), None)[0])


def test_a_sensor_that_stops_answering_turns_tilt_off_and_says_so():
    badge = PyBadge(seed=47)
    app = badge.app
    badge.open_settings()
    badge.press("down*9", "a", "b", "b")  # Tilt on, back to the game
    assert app.settings.tilt and badge.tilted()
    badge.sim.fakeworld.accelerometer = False  # the chip stops answering
    badge.sim.frames(40)
    assert badge.sim.glass.shows("tilt", "failed") and not app.settings.tilt and app.faults == 0
    badge.open_settings()
    badge.press("down*9")  # Tilt's page
    assert app.overlay.lines[1] == "Tilt                   off"
    badge.press("b", "b", "left")  # the D-pad plays on
