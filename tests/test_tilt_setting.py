# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Settings > Tilt on a board whose accelerometer is an option (PyBadge,
PyGamer): a row only there, off by default, kept in settings byte 5; on,
tilt adds to the D-pad; a board without the option is unchanged."""

from app import pages
from app.controller import PLAY
from app.menus import SETTINGS
from app.settings import Settings
from app.tilt import TiltKeys, turn_on
from engine import rules
from engine.game import Game
from fake_inputs import KEY_NAMES, Accelerometer, Buttons, Event, Harness, IntoQueue, gesture

#: Today's Settings page on a board without tilt, as it must stay.
PAGE_WITHOUT_TILT = [
    "Brightness            100%",
    "Sound                  off",
    "Lights                 off",
    "Animations              on",
    "Saving            balanced",
]


class PyBadge:
    """A PyBadge as a profile builds it, with or without the tilt option
    (``sensor``: makes the accelerometer, may raise like a PyBadge LC's)."""

    def __init__(self, seed=41, nvm=None, sensor=None, with_tilt=True):
        self.buttons = Buttons()
        self.buttons.events = IntoQueue()  # keypad's get_into()
        self.accelerometer = Accelerometer()
        self.hook_calls = 0
        self.sensor = sensor or (lambda: self.accelerometer)

        def tilt(app, event):
            self.hook_calls += 1
            return turn_on(app, event, self.sensor, right="+x", down="+y")

        self.sim = Harness(
            self.buttons, seed=seed, nvm=nvm, event=Event(0, False), tilt=tilt if with_tilt else None
        )
        self.app = self.sim.app

    def press(self, *names):
        for name in names:
            count = 1
            if "*" in name:
                name, count = name.split("*")
            for _ in range(int(count)):
                self.buttons.press(KEY_NAMES[name])
                self.sim.frames()
                self.buttons.release(KEY_NAMES[name])
                self.sim.frames()
                self.sim.settle()

    def tilt(self, right=0, down=0):
        for angle in gesture(right, down, ramp=4, hold=4, back=4):
            self.accelerometer.tilt(*angle)
            self.sim.frames()
        self.sim.frames(3)
        self.sim.settle()

    def open_settings(self):
        self.press("start")
        while pages.MENU_ITEMS[self.app.menus.row] != "Settings":  # the menu keeps its row
            self.press("down")
        self.press("a")
        assert self.app.mode == SETTINGS


def test_without_the_option_the_settings_page_is_unchanged():
    badge = PyBadge(with_tilt=False)
    badge.open_settings()
    lines = badge.app.overlay.lines
    assert [line for line in lines if line][:5] == PAGE_WITHOUT_TILT
    assert "Tilt" not in " ".join(lines)
    badge.press("down*5")  # five rows, round to the first
    assert badge.app.menus.choice == 0


def test_the_tilt_row_is_there_off_by_default_and_the_page_fits():
    badge = PyBadge()
    assert not badge.app.settings.tilt and badge.app.store.settings[5] == 0
    badge.open_settings()
    lines = list(badge.app.overlay.lines)
    assert lines[:5] == PAGE_WITHOUT_TILT
    assert lines[5] == "Tilt                   off"
    assert len(lines) <= 9 and max(len(line) for line in lines) <= 26
    badge.press("down*6")  # six rows
    assert badge.app.menus.choice == 0
    # Off: the option is not built, the sensor never read.
    assert badge.hook_calls == 0 and badge.accelerometer.reads == 0
    assert not isinstance(badge.app.keys, TiltKeys)


def test_turned_on_tilt_adds_to_the_d_pad_and_off_again_it_stops():
    badge = PyBadge(seed=42)
    app, reference = badge.app, Game(seed=42)
    badge.open_settings()
    badge.press("down*5", "a")  # Tilt: on
    assert app.overlay.lines[5] == "Tilt                    on"
    assert app.settings.tilt and app.store.settings[5] == 1
    assert isinstance(app.keys, TiltKeys) and badge.hook_calls == 1
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
    badge.press("down*5", "a")
    assert not app.settings.tilt and app.overlay.lines[5] == "Tilt                   off"
    badge.press("b", "b")
    reads = badge.accelerometer.reads
    cells = list(app.game.cells)
    badge.tilt(-25, 0)
    badge.tilt(0, 25)
    assert app.game.cells == cells and badge.accelerometer.reads == reads
    badge.press("up")
    reference.move(rules.UP)
    assert app.game.cells == reference.cells


def test_tilt_on_is_kept_and_on_from_the_next_start():
    badge = PyBadge(seed=43)
    badge.open_settings()
    badge.press("down*5", "a", "b", "b")
    badge.app.save(badge.sim.clock())
    again = PyBadge(seed=44, nvm=badge.sim.nvm)
    assert again.app.settings.tilt and isinstance(again.app.keys, TiltKeys)
    again.sim.frames(12)
    cells = list(again.app.game.cells)
    again.tilt(0, 25)
    trial = list(cells)
    assert (again.app.game.cells != cells) == (rules.slide(trial, rules.DOWN) >= 0)
    assert again.accelerometer.reads > 0


def test_no_accelerometer_answering_turns_tilt_back_off_and_play_goes_on():
    def missing():
        raise ValueError("No I2C device at address: 0x19")  # adafruit_bus_device's words

    badge = PyBadge(seed=45, sensor=missing)
    app, reference = badge.app, Game(seed=45)
    badge.open_settings()
    badge.press("down*5", "a")
    assert not app.settings.tilt and app.overlay.lines[5] == "Tilt                   off"
    assert not isinstance(app.keys, TiltKeys) and app.faults == 0
    badge.press("b", "b", "left")
    reference.move(rules.LEFT)
    assert app.game.cells == reference.cells


def test_turn_on_builds_the_tilt_once():
    badge = PyBadge(seed=46)
    badge.open_settings()
    badge.press("down*5", "a")
    keys = badge.app.keys
    assert turn_on(badge.app, None, badge.sensor) is None
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
    assert "Tilt" not in " ".join(pages.settings_lines(settings, ("a", "b"), None))
