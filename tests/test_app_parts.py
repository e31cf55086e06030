# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""App pieces without a screen: settings bytes, controls, feedback, PyGamer stick."""

from adafruit_ticks import ticks_diff
from fake_inputs import Event, world_buttons

from app import controls
from app.controls import Controls
from app.feedback import Feedback
from app.hardware import Hardware
from app.joystick import JoystickKeys
from app.settings import COLOURS, LANGUAGE, LANGUAGES, OPTIONS, PALETTES, UNDO, UNDO_DEPTHS, Settings


def test_settings_defaults_from_zero_bytes():
    settings = Settings(bytearray(8), default_save_mode=1, save_modes=3)
    assert settings.brightness == 1.0
    assert not settings.sound and not settings.lights
    assert settings.animations
    assert settings.save_mode == 1


def test_settings_round_trip_and_stranger_bytes():
    data = bytearray(8)
    settings = Settings(data, default_save_mode=1, save_modes=3)
    settings.brightness_step = 2
    settings.sound = True
    settings.animations = False
    settings.save_mode = 2
    assert bytes(data[:5]) == bytes((2, 1, 0, 1, 3))
    assert Settings(bytearray(data), 1, 3).save_mode == 2
    strange = Settings(bytearray(b"\xff" * 8), default_save_mode=1, save_modes=3)
    assert strange.brightness_step == 4  # clamped, not an IndexError
    assert not strange.sound and not strange.lights and not strange.animations
    assert strange.save_mode == 1


def test_the_rows_of_format_3_default_from_zero_bytes_and_round_trip():
    # Bytes 8..15: undo, language, colours, spare. Zero (a fresh store, a
    # save from before format 3) is Off, English, Classic.
    data = bytearray(16)
    settings = Settings(data, default_save_mode=1, save_modes=3)
    assert [settings.chosen(row) for row in (UNDO, LANGUAGE, COLOURS)] == [0, "en", "classic"]
    settings.choose(UNDO, 2)
    settings.choose(LANGUAGE, 1)
    settings.choose(COLOURS, 2)
    assert bytes(data[8:]) == bytes((2, 1, 2, 0, 0, 0, 0, 0)) and bytes(data[:8]) == bytes(8)
    assert [settings.chosen(row) for row in (UNDO, LANGUAGE, COLOURS)] == [5, "ro", "night"]
    assert [settings.choice(row) for row in (UNDO, LANGUAGE, COLOURS)] == [2, 1, 2]
    settings.choose(UNDO, settings.choice(UNDO) + 1)  # steps wrap, as the other rows' do
    assert settings.chosen(UNDO) == 0
    strange = Settings(bytearray(b"\xff" * 16))
    assert [strange.chosen(row) for row in (UNDO, LANGUAGE, COLOURS)] == [0, "en", "classic"]
    short = Settings(bytearray(8))  # a view of only the first 8 bytes: the rows read their default
    short.choose(UNDO, 1)
    assert short.chosen(UNDO) == 0 and len(short.data) == 8
    assert OPTIONS == (UNDO_DEPTHS, LANGUAGES, PALETTES) and UNDO_DEPTHS == (0, 1, 5)


def test_a_save_from_before_format_3_has_undo_off_english_and_classic():
    from pathlib import Path

    from engine.store import Store

    fixtures = Path(__file__).resolve().parent / "fixtures"
    for name in ("store_v1_won_continue.nvm", "store_v2_won_continue.nvm"):
        store = Store(bytearray((fixtures / name).read_bytes()))
        game = store.load()
        settings = Settings(store.settings, 1, 3)
        assert bytes(store.settings) == bytes(range(1, 9)) + bytes(8)
        assert [settings.chosen(row) for row in (UNDO, LANGUAGE, COLOURS)] == [0, "en", "classic"]
        assert game.undo_depth == 0 and not game.can_undo


def test_select_short_is_hint_long_is_autoplay_once():
    keys = Controls()
    select = controls.KEY_SELECT
    assert keys.translate(Event(select, True), 0) == controls.PRESS
    assert keys.poll(300) == controls.NONE
    assert keys.translate(Event(select, False), 300) == controls.HINT
    keys.translate(Event(select, True), 1000)
    assert keys.poll(1000 + controls.LONG_PRESS_MS) == controls.AUTOPLAY
    assert keys.poll(5000) == controls.NONE
    assert keys.translate(Event(select, False), 5000) == controls.NONE


def test_keys_map_to_actions_and_bad_numbers_are_ignored():
    keys = Controls()
    expected = {
        0: controls.BACK,
        1: controls.CONFIRM,
        2: controls.MENU,
        4: controls.RIGHT,
        5: controls.DOWN,
        6: controls.UP,
        7: controls.LEFT,
    }
    for key, action in expected.items():
        assert keys.translate(Event(key, True), 0) == action
        assert keys.translate(Event(key, False), 0) == controls.NONE
    assert keys.translate(Event(8, True), 0) == controls.NONE
    assert keys.translate(Event(-1, True), 0) == controls.NONE


def test_ticks_diff_across_the_wrap():
    assert ticks_diff(5, (1 << 29) - 5) == 10
    assert ticks_diff((1 << 29) - 5, 5) == -10


class Speaker:
    def __init__(self):
        self.log = []

    def play_tone(self, frequency):
        self.log.append(frequency)

    def stop(self):
        self.log.append("stop")


class Pixels:
    def __init__(self):
        self.colour = None

    def fill(self, colour):
        self.colour = colour


def test_feedback_is_off_by_default_and_ends_by_itself():
    speaker, pixels = Speaker(), Pixels()
    feedback = Feedback(Hardware(None, None, None, None, speaker=speaker, pixels=pixels))
    feedback.merged(5, 0)
    assert speaker.log == [] and pixels.colour is None
    feedback.sound = feedback.lights = True
    feedback.merged(5, 100)
    assert len(speaker.log) == 1 and pixels.colour != 0
    channels = ((pixels.colour >> 16) & 0xFF, (pixels.colour >> 8) & 0xFF, pixels.colour & 0xFF)
    assert 0 < max(channels) <= 24  # dim: NeoPixels are bright
    feedback.tick(1000)
    assert speaker.log[-1] == "stop" and pixels.colour == 0


def test_pygamer_stick_becomes_d_pad_presses():
    # The PyGamer's keypad and stick in the fake world.
    world, buttons = world_buttons("pygamer")
    analogio, board = world.module("analogio"), world.module("board")
    keys = JoystickKeys(buttons, analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
    assert keys.events.get() is None
    world.analog("JOYSTICK_X", 1000)  # pushed left
    event = keys.events.get()
    assert (event.key_number, event.pressed) == (controls.KEY_LEFT, True)
    assert keys.events.get() is None  # held: no repeat
    world.analog("JOYSTICK_X", 20000)  # between the thresholds: still held
    assert keys.events.get() is None
    world.analog("JOYSTICK_X", 32768)
    event = keys.events.get()
    assert (event.key_number, event.pressed) == (controls.KEY_LEFT, False)
    assert keys.events.get() is None  # the frame's events are read: the next get samples again
    world.analog("JOYSTICK_Y", 65000)
    world.down("a")
    # The stick first, then the buttons (one event object is reused: read each before the next).
    first = keys.events.get()
    assert (first.key_number, first.pressed) == (controls.KEY_DOWN, True)
    assert keys.events.get().key_number == controls.KEY_A


def test_solver_help_page_says_what_docs_solver_md_says():
    from tools import ROOT

    solver = (ROOT / "lang" / "en-solver.txt").read_text(encoding="utf-8").split("\n")

    text = (ROOT / "docs" / "solver.md").read_text()
    section = text.split("## Help page text", 1)[1].split("```")[1]
    words = section.split()
    assert words[:4] == ["HOW", "THE", "SOLVER", "WORKS"]
    assert " ".join(solver).split() == words[4:]
