# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The battery gauge and Brightness "auto": levels from millivolts, no
flicker from noise, the low and empty moments (a save, a word, the game
kept lean), USB power, and every board's gauge and sensor as its profile
wires them (the fake world's pins, tools/play/standins/fakeboards.py).
"""

import random

import pytest
from fake_inputs import first_legal

from app import battery as gauge
from app import light as auto
from app import pages
from app.backlight import DIM_SHARE
from app.battery import EMPTY, LIPO, LOW, QUIET, Gauge, percent_of
from app.controller import POWER_MS
from tools.play.sim import Simulator
from tools.play.standins import fakeboards


class Pin:
    """An analog pin reading ``millivolts`` of a battery through ``divider``,
    plus ``noise`` millivolts of random error (a real ADC's)."""

    def __init__(self, millivolts, divider=2, noise=0, seed=1):
        self.millivolts = millivolts
        self.divider = divider
        self.noise = noise
        self.random = random.Random(seed)
        self.fail = False

    @property
    def value(self):
        if self.fail:
            raise OSError(5, "ADC")
        error = self.random.randint(-self.noise, self.noise) if self.noise else 0
        return max(0, min(65535, (self.millivolts + error) * 65535 // (3300 * self.divider)))


class Sense:
    """A digital input (a USB sense pin): ``value`` as set."""

    value = True


def run(meter, seconds):
    """Read ``meter`` for ``seconds`` as the app does (twice a second); what each reading said."""
    return [meter.tick() for _ in range(seconds * 1000 // POWER_MS)]


# -- the gauge on its own ------------------------------------------------


def test_the_lipo_table_runs_from_full_to_empty_and_interpolates():
    assert percent_of(4300, LIPO) == 100 and percent_of(4190, LIPO) == 100
    assert percent_of(3100, LIPO) == 0 and percent_of(2500, LIPO) == 0
    assert percent_of(3720, LIPO) == 50
    assert percent_of(3675, LIPO) == 45  # halfway between 3.63 V (40 %) and 3.72 V (50 %)
    levels = [percent_of(millivolts, LIPO) for millivolts in range(3000, 4300, 10)]
    assert levels == sorted(levels)  # more volts, never less charge


def test_the_two_aaa_table_is_read_the_same_way():
    from app.battery import TWO_AAA

    assert percent_of(3100, TWO_AAA) == 100 and percent_of(2000, TWO_AAA) == 0
    assert percent_of(2550, TWO_AAA) == 50 and percent_of(3300, TWO_AAA) == 100


def test_the_level_shown_comes_in_steps_and_from_the_first_reading():
    meter = Gauge(Pin(3800), 2, LIPO)
    assert meter.text() == "" and pages._battery(meter) == "Battery: not read yet"
    meter.tick()
    assert meter.text() == "60%"
    assert pages._battery(meter) == "Battery: 3.79V 60%"  # the ADC's 16 bits: a millivolt below
    assert pages._battery(None) == "Battery: no gauge"


def test_noise_and_a_battery_between_two_steps_never_make_it_flicker():
    # 3.678 V is 45.7 %: between the steps 45 and 50; the ADC adds +-40 mV.
    meter = Gauge(Pin(3678, noise=40), 2, LIPO)
    run(meter, 1)
    shown = {meter.text()}
    versions = meter.version
    run(meter, 600)  # ten minutes
    shown.add(meter.text())
    assert meter.version - versions <= 1 and len(shown) <= 2
    assert meter.text() in ("45%", "50%")


def test_a_slow_discharge_goes_down_only_says_low_then_empty_once_each():
    pin = Pin(4150, noise=25)
    meter = Gauge(pin, 2, LIPO)
    said, shown = [], []
    for reading in range(6000):  # two a second
        pin.millivolts = 4150 - reading * 1100 // 6000  # to 3.05 V in 50 minutes
        news = meter.tick()
        if news:
            said.append((news, meter.shown))
        shown.append(meter.shown)
    assert [news for news, _ in said] == [LOW, EMPTY]
    assert said[0][1] <= gauge.LOW_PERCENT + gauge.STEP and said[1][1] <= gauge.EMPTY_PERCENT + gauge.STEP
    assert shown == sorted(shown, reverse=True)
    assert meter.empty and meter.text() in ("0%", "5%")


def test_a_cell_that_recovers_a_little_at_rest_is_not_announced_again():
    pin = Pin(3350)
    meter = Gauge(pin, 2, LIPO)
    said = run(meter, 60)
    pin.millivolts = 3450  # the load is off: the voltage rises back
    said += run(meter, 60)
    pin.millivolts = 3350
    said += run(meter, 60)
    assert said.count(LOW) == 1 and EMPTY not in said


def test_usb_power_says_usb_and_a_later_discharge_is_news_again():
    pin = Pin(3300)
    sense = Sense()
    meter = Gauge(pin, 2, LIPO, usb=sense, usb_level=False)  # low while it charges (the Thumby's)
    assert LOW in run(meter, 30)
    sense.value = False
    run(meter, 5)
    assert meter.text() == "USB" and not meter.empty and pages._battery(meter).endswith("V USB")
    sense.value = True
    assert LOW in run(meter, 5)


def test_a_host_enumerating_the_board_is_usb_where_no_pin_tells():
    class Runtime:
        usb_connected = False

    runtime = Runtime()
    meter = Gauge(Pin(3900), 2, LIPO, usb=runtime)
    meter.tick()
    assert meter.text() == "70%"
    runtime.usb_connected = True
    meter.tick()
    assert meter.text() == "USB"


def test_an_adc_that_fails_changes_nothing():
    pin = Pin(3900)
    meter = Gauge(pin, 2, LIPO)
    meter.tick()
    before = meter.text()
    pin.fail = True
    assert run(meter, 10) == [QUIET] * 20
    assert meter.text() == before and meter.millivolts > 0


def test_the_app_knows_the_gauges_news_by_number():
    from app import controller

    assert (controller._BATTERY_LOW, controller._BATTERY_EMPTY) == (LOW, EMPTY)


# -- on the boards, through code.py --------------------------------------

BOARD_IDS = sorted(board for board in fakeboards.BOARDS if board != "meowbit_v121")


@pytest.mark.parametrize("board_id", BOARD_IDS)
def test_each_board_reads_what_it_has_and_about_says_so(board_id):
    sim = Simulator(board=board_id, seed=1, solver=first_legal)
    facts = fakeboards.fact(board_id, "battery")
    app = sim.app
    assert (app.battery is not None) == (facts is not None)
    assert (app.light is not None) == (fakeboards.fact(board_id, "light") is not None)
    sim.press_all(["start", "down*6", "a"])  # About, every page of it
    lines = list(sim.glass.lines())
    while sim.app.menus.page + 1 < len(sim.app.menus.pages):
        sim.press("right")
        lines += sim.glass.lines()
    text = " ".join(lines)
    assert ("Light sensor: " in text) == (fakeboards.fact(board_id, "light") is not None)
    if facts is None:
        assert "Battery: no gauge" in text
    else:
        # The resting voltage, as the board's ADC reads it through its divider.
        pin, divider, millivolts = facts
        read = millivolts * 65535 // (3300 * divider) * (3300 * divider) // 65535
        assert "Battery: %d.%02dV " % (read // 1000, read % 1000 // 10) in text


def test_the_pybadge_shows_its_level_on_the_play_screen_and_usb_when_plugged():
    sim = Simulator(seed=1, battery_mv=3800)
    assert "60%" in sim.glass.lines()
    sim.usb(True)
    sim.run_for(2 * 1000)
    assert "USB" in sim.glass.lines() and "60%" not in sim.glass.lines()


def test_the_picosystem_shows_its_level_where_the_status_goes_and_gives_way_to_it():
    sim = Simulator(board="pimoroni_picosystem", seed=1, battery_mv=3800, solver=first_legal)
    assert "60%" in sim.glass.lines()
    sim.press("select")  # a hint: the status lines are the hint's
    assert "60%" not in sim.glass.lines()
    sim.press("left")
    sim.press("right")  # a move clears the status: the level is back
    assert "60%" in sim.glass.lines()


def test_a_low_battery_keeps_the_game_and_says_so():
    nvm = bytearray(b"\xff" * 8192)
    sim = Simulator(seed=4, nvm=nvm, solver=first_legal)
    sim.press_all(["start", "down*5", "a", "down*4", "a", "b", "b"])  # Saving: gentler (3 min)
    assert sim.app.policy.max_age == 180000
    sim.app.saving.save(sim.now)
    sim.battery(3330)
    # Keep playing (no pause to save in): only the battery's save can keep it.
    moves = 0
    while "batt." not in sim.glass.lines():
        sim.press(("left", "down", "right", "up")[moves % 4])
        moves += 1
        assert moves < 200
    assert sim.glass.lines()[-3:-1] == ["batt.", "low"]
    cells, score = list(sim.game.cells), sim.game.score
    again = Simulator(seed=5, nvm=nvm)
    assert list(again.game.cells) == cells and again.game.score == score


def test_an_empty_battery_saves_stops_animations_hints_and_autoplay_until_usb():
    sim = Simulator(seed=6, solver=first_legal)
    sim.press("hold-select")
    assert sim.app.assist.autoplay
    sim.battery(3120)
    sim.run_for(40 * 1000)
    assert sim.app.low_power and not sim.app.assist.autoplay
    assert sim.app.view.status_text == "batt.\nempty"
    assert not sim.app.policy.dirty  # kept as it ran out
    sim.press("select")  # a hint: refused, and the screen says why
    assert sim.app.view.status_text == "batt.\nempty" and not sim.app.assist.busy
    sim.press("hold-select")
    assert not sim.app.assist.autoplay
    moved = False
    for direction in ("left", "up", "right", "down"):
        before = list(sim.game.cells)
        sim.down(direction)
        sim.step()
        if sim.game.cells != before:
            moved = True
            assert not sim.app.animation.active  # drawn at once, no slide
            break
        sim.up(direction)
        sim.step()
    assert moved
    sim.up(direction)
    sim.usb(True)
    sim.run_for(2 * 1000)
    assert not sim.app.low_power and sim.app.view.status_text == ""
    sim.press("select")
    sim.settle()
    assert sim.app.view.status_text.startswith("hint")


# -- Brightness "auto" ---------------------------------------------------


def open_brightness(sim):
    sim.press_all(["start", "down*5", "a"])  # Settings, its first row
    assert sim.app.mode == "settings"


def brightness_row(sim):
    return next(line for line in sim.glass.lines() if line.startswith("Brightness"))


def test_brightness_goes_down_the_levels_then_auto_on_a_board_with_a_light_sensor():
    # A and Right: 100 % down to 20 %, then "auto", then 100 % again (never
    # from 100 % to "auto" to 20 %); Left goes back up the list.
    sim = Simulator(seed=7)
    open_brightness(sim)
    assert brightness_row(sim).endswith("100%")
    shown = []
    for button in ("right", "a", "right", "a", "right", "a"):
        sim.press(button)
        shown.append(brightness_row(sim).split()[-1])
    assert shown == ["80%", "60%", "40%", "20%", "auto", "100%"]
    sim.press("left")  # round the other way
    assert brightness_row(sim).endswith("auto")
    sim.press("left")
    assert brightness_row(sim).endswith("20%")
    sim.press_all(["left*4"])
    assert brightness_row(sim).endswith("100%")


def test_brightness_without_a_light_sensor_has_no_auto():
    sim = Simulator(seed=7, board="hack_club_sprig")
    open_brightness(sim)
    shown = []
    for _ in range(5):
        sim.press("a")
        shown.append(brightness_row(sim).split()[-1])
    assert shown == ["80%", "60%", "40%", "20%", "100%"]
    sim.press("left")
    assert brightness_row(sim).endswith("20%")


def test_auto_follows_the_room_slowly_and_holds_at_a_threshold():
    sim = Simulator(seed=8, light=6000)
    open_brightness(sim)
    sim.press("left")  # auto (the end of the list, before 100 %)
    sim.press_all(["b", "b"])
    backlight = sim.app.backlight
    sim.run_for(20000)
    assert backlight.level == 0.6 and sim.display.brightness == 0.6  # 6000: past 3000, under 8000
    sim.light(100)  # the lights go out
    sim.run_for(500)
    assert backlight.level == 0.6  # one reading moves nothing yet
    sim.run_for(30000)
    assert backlight.level == 0.2
    sim.light(40000)
    sim.run_for(30000)
    assert backlight.level == 1.0
    # A room at a threshold, read with noise: the level settles and stays.
    levels = []
    noise = random.Random(3)
    for _ in range(240):
        sim.light(8000 + noise.randint(-800, 800))
        sim.run_for(500)
        levels.append(backlight.level)
    assert len(set(levels[60:])) == 1


def test_auto_is_dimmed_with_the_rest_after_a_minute():
    sim = Simulator(seed=9, light=40000)
    open_brightness(sim)
    sim.press_all(["left", "b", "b"])  # auto
    sim.run_for(65000)
    assert sim.app.backlight.dimmed and sim.display.brightness == pytest.approx(1.0 * DIM_SHARE)


def test_the_wio_terminals_on_off_backlight_is_never_dimmed_and_offers_no_auto():
    sim = Simulator(board="seeeduino_wio_terminal", seed=10)
    assert sim.app.light is not None and not sim.app.auto_offered
    open_brightness(sim)
    assert brightness_row(sim).endswith("fixed")
    sim.press("right")
    assert brightness_row(sim).endswith("fixed") and sim.display.brightness == 1.0
    sim.press_all(["b", "b"])
    sim.run_for(65000)
    assert sim.app.backlight.dimmed and sim.display.brightness == 1.0  # dimmed would be dark


def test_the_light_threshold_table_rises():
    assert list(auto.THRESHOLDS) == sorted(auto.THRESHOLDS)
