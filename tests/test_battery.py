# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The battery gauge and Brightness "auto": levels from millivolts, no
flicker from noise, the low and empty moments (a save, a word, the game
kept lean), USB power, and every board's gauge and sensor as its profile
wires them (the fake world's pins, tools/firmware/standins/fakeboards.py).
"""

import random

import pytest
from fake_inputs import first_legal

from app import about_page, layouts
from app import battery as gauge
from app import light as auto
from app.backlight import DIM_SHARE
from app.battery import EMPTY, LIPO, LOW, QUIET, Gauge, percent_of
from app.power import POWER_MS
from tools.firmware.standins import fakeboards
from tools.play import open_about
from tools.play.simulator import Simulator


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
    return run_readings(meter, seconds * 1000 // POWER_MS)


def run_readings(meter, count):
    """Read ``meter`` ``count`` times; what each reading said."""
    return [meter.tick() for _ in range(count)]


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


def test_the_level_shown_comes_in_steps_from_the_median_of_three_first_readings():
    pin = Pin(3800)
    meter = Gauge(pin, 2, LIPO)
    assert meter.text() == "" and about_page._battery(meter) == "Battery: not read yet"
    meter.tick()
    assert meter.text() == "60%"
    assert about_page._battery(meter) == "Battery: 3.79V 60%"  # the ADC's 16 bits: a millivolt below
    assert about_page._battery(None) == "Battery: no gauge"
    # The first reading is not trusted alone: a glitch in it is outvoted.
    readings = iter([3000 * 65535 // 6600, 3800 * 65535 // 6600, 3800 * 65535 // 6600])

    class Glitchy:
        value = property(lambda self: next(readings))

    meter = Gauge(Glitchy(), 2, LIPO)
    meter.tick()
    assert meter.text() == "60%"


def test_noise_and_a_battery_between_two_steps_never_make_it_flicker():
    # 3.678 V is 45.7 %: between the steps 45 and 50; the ADC adds +-40 mV.
    meter = Gauge(Pin(3678, noise=40), 2, LIPO)
    run(meter, 2)
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
        if meter.shown >= 0:
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


def test_usb_power_says_usb_and_only_a_charge_makes_low_news_again():
    pin = Pin(3300)
    sense = Sense()
    meter = Gauge(pin, 2, LIPO, usb=sense, usb_level=False)  # low while it charges (the Thumby's)
    said = run(meter, 30)
    assert said.count(LOW) == 1
    sense.value = False
    run(meter, 5)
    assert meter.text() == "USB" and not meter.empty and about_page._battery(meter) == "Battery: USB, 3.29V"
    # USB power that came and went charged nothing: low is not news again.
    sense.value = True
    assert LOW not in run(meter, 30) and meter.state == LOW
    # A charge (the level at 50 % or more for a minute) ends the discharge:
    # the next low is news.
    sense.value = False
    run(meter, 5)
    pin.millivolts = 3900
    sense.value = True
    run(meter, gauge.REARM_READINGS * POWER_MS // 1000 + 5)
    pin.millivolts = 3300
    assert run(meter, 30).count(LOW) == 1


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


# -- readings no battery gives, glitches, a charger with no host ---------


@pytest.mark.parametrize("millivolts", [0, 900, 2400, 4700, 6600])
def test_a_reading_no_lipo_gives_is_no_reading_and_turns_nothing_off(millivolts):
    # 0 V: a sense pin that is not connected, or has failed; 6.6 V: the
    # most a 2:1 divider on a 3.3 V ADC reads. Both ends of what no LiPo gives.
    meter = Gauge(Pin(millivolts), 2, LIPO)
    said = run(meter, 60)
    assert said == [QUIET] * 120 and not meter.empty and meter.state == QUIET
    assert meter.no_reading and meter.text() == gauge.NO_READING
    assert about_page._battery(meter).startswith("Battery: no reading, ")


def test_readings_no_battery_gives_between_good_ones_move_nothing():
    pin = Pin(3420)  # 20 %
    meter = Gauge(pin, 2, LIPO)
    run(meter, 10)
    shown = meter.text()
    for _ in range(100):
        pin.millivolts = 0  # a glitch of one reading, again and again
        assert meter.tick() == QUIET
        pin.millivolts = 3420
        assert meter.tick() == QUIET
    assert meter.text() == shown == "20%" and meter.state == QUIET and not meter.no_reading


@pytest.mark.parametrize("millivolts", [3900, 3420])  # 70 %, 20 %
@pytest.mark.parametrize("glitch", [0, 1000, 2600, 3000, 3100])
def test_one_glitch_anywhere_never_makes_the_battery_low_or_empty(millivolts, glitch):
    # Each position of one glitch in the first 40 readings (here a glitch
    # lasts the whole reading: at power-on every one of its first level's
    # readings), and two in a row at power-on. From a glitch at power-on the
    # level starts low and climbs: it may end a step low, never low or empty.
    cases = [[at] for at in range(40)] + [[0, 1]]
    for glitches in cases:
        pin = Pin(millivolts)
        meter = Gauge(pin, 2, LIPO)
        for reading in range(120):
            pin.millivolts = glitch if reading in glitches else millivolts
            assert meter.tick() == QUIET, (glitches, reading)
            assert not meter.empty and meter.state == QUIET
        if 0 not in glitches:
            assert meter.text() == ("70%" if millivolts == 3900 else "20%")


def test_a_charger_with_no_host_ends_empty_by_the_voltage():
    # A PyBadge's or PicoSystem's gauge: USB is a host's, so a wall charger
    # is invisible to it; the voltage is not.
    class Runtime:
        usb_connected = False

    pin = Pin(3120)
    meter = Gauge(pin, 2, LIPO, usb=Runtime())
    assert EMPTY in run(meter, 30) and meter.empty
    pin.millivolts = 3400  # plugged in: the charge current lifts it
    run(meter, 30)
    assert meter.empty  # 18 %: under RECOVER_PERCENT, still empty
    pin.millivolts = 4150
    run(meter, 10)
    assert not meter.empty and meter.state == QUIET  # features back in seconds
    run(meter, 60)
    assert meter.text() == "95%"  # the average has caught up


def test_the_app_knows_the_gauges_news_by_number():
    from app import power

    assert (power._BATTERY_LOW, power._BATTERY_EMPTY) == (LOW, EMPTY)


# -- on the boards, through code.py --------------------------------------

BOARD_IDS = sorted(board for board in fakeboards.BOARDS if board != "meowbit_v121")


@pytest.mark.parametrize("board_id", BOARD_IDS)
def test_each_board_reads_what_it_has_and_about_says_so(board_id):
    sim = Simulator(board=board_id, seed=1, solver=first_legal)
    facts = fakeboards.fact(board_id, "battery")
    app = sim.app
    assert (app.hardware.battery is not None) == (facts is not None)
    assert (app.hardware.light is not None) == (fakeboards.fact(board_id, "light") is not None)
    text = " ".join(open_about(sim))  # About, every page of it
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
    assert sim.app.power.low_power and not sim.app.assist.autoplay
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
    assert not sim.app.power.low_power and sim.app.view.status_text == ""
    sim.press("select")
    sim.settle()
    assert sim.app.view.status_text.startswith("hint")


# Boards with a gauge, and where the play screen shows its level.
GAUGE_BOARDS = [board for board in BOARD_IDS if fakeboards.fact(board, "battery") is not None]


@pytest.mark.parametrize("board_id", GAUGE_BOARDS)
def test_a_pin_that_reads_0v_says_no_reading_everywhere_and_turns_nothing_off(board_id):
    # A sense pin that is not connected, or has failed. It was "0%" and
    # "batt. empty" on the play screen, hints and animations off, and
    # "Battery: not read yet" on the About page.
    sim = Simulator(board=board_id, seed=11, battery_mv=0, solver=first_legal)
    sim.run_for(30 * 1000)  # (under a minute: the screen is not dimmed)
    app = sim.app
    assert not app.power.low_power and app.power.battery.no_reading and app.power.battery.state == QUIET
    if app.view.battery is not None or app.view._battery_in_status:
        assert gauge.NO_READING in sim.glass.lines()  # where the level goes
    sim.press("select")
    sim.settle()
    assert sim.app.view.status_text.startswith("hint")  # a hint, not "batt. empty"
    assert not any(line.startswith("batt") for line in sim.glass.lines())
    from tools.measure.power_bench import about_battery

    assert about_battery(sim) == "Battery: no reading, 0.00V"


def test_a_reading_over_what_a_lipo_gives_is_no_reading_too():
    sim = Simulator(seed=12, battery_mv=6000, solver=first_legal)
    sim.run_for(10 * 1000)
    assert gauge.NO_READING in sim.glass.lines() and not sim.app.power.low_power
    sim.battery(3900)  # a reading again
    sim.run_for(10 * 1000)
    assert "70%" in sim.glass.lines()


def test_one_glitch_at_power_on_or_in_play_switches_nothing_off():
    # It was 7 of 7 at power-on with the gauge at 70 %, and one 0 V reading
    # at 20 %: hints, autoplay and animations off until USB power.
    from tools.measure import power_bench

    assert power_bench.glitch_at_power_on() == (False, "", "70%")
    assert power_bench.glitch_in_play() == (False, "", "20%")


@pytest.mark.parametrize("board_id", ["pybadge", "pygamer", "pimoroni_picosystem"])
def test_a_wall_charger_after_empty_brings_everything_back(board_id):
    # No USB host: the board cannot see the charger, only the voltage. It
    # was "batt. empty" beside "95%", hints refused, until a host came.
    from tools.measure import power_bench

    empty, low_power, status, text = power_bench.charger_after_empty(board_id)
    assert empty and not low_power
    assert status.startswith("hint")
    # The level as the glass shows it: beside the hint, or, where the
    # layout puts it in the status lines' place (the 240x240 screen), not
    # until the hint has gone.
    shares = layouts.for_screen(*fakeboards.fact(board_id, "screen")).battery == "status"
    assert text == ("95% (not on the glass)" if shares else "95%")


@pytest.mark.parametrize("board_id", ["pybadge", "hack_club_sprig"])
@pytest.mark.parametrize("flap_ms", [10000, 2000])
def test_usb_coming_and_going_at_a_low_battery_saves_once(board_id, flap_ms):
    # USB power in and out every 10 s / 2 s (a loose cable) for 10 minutes
    # of play at 15 %: "batt. low" and its save once, as without USB. It was
    # a save at every unplug (PyBadge: 179 and 893 writes an hour).
    from tools.measure import power_bench

    steady = power_bench.low_battery_hour(board_id, minutes=10)
    flapping = power_bench.low_battery_hour(board_id, flap_ms, minutes=10)
    assert steady["lows"] == flapping["lows"] == 1 and steady["empties"] == flapping["empties"] == 0
    assert flapping["writes"] <= steady["writes"] + 1 and flapping["erases"] <= steady["erases"] + 1


def test_usb_coming_and_going_saves_once_whatever_the_pin_reads_on_usb(monkeypatch):
    # The Sprig's pin reads USB's supply on USB power; were it to read the
    # cells (a board wired so), the gauge must not re-arm on USB either.
    from tools.firmware.standins import fakeboards as boards
    from tools.measure import power_bench

    monkeypatch.setitem(boards.BOARDS["hack_club_sprig"], "usb_mv", None)
    flapping = power_bench.low_battery_hour("hack_club_sprig", 2000, minutes=10)
    assert flapping["lows"] == 1 and flapping["writes"] <= 11


def test_empty_again_after_usb_power_stops_autoplay_without_saving_again():
    # Empty was said (and saved) once this discharge; USB power came, the
    # player started autoplay, USB power went: empty again, autoplay stops
    # and the screen says why, but it is no news (no second save).
    sim = Simulator(seed=13, solver=first_legal, battery_mv=3120)
    sim.run_for(10 * 1000)
    assert sim.app.power.low_power and sim.app.view.status_text == "batt.\nempty"
    sim.usb(True)
    sim.run_for(2 * 1000)
    sim.press("hold-select")
    assert sim.app.assist.autoplay and not sim.app.power.low_power
    writes = sim.nvm.writes
    sim.usb(False)
    sim.run_for(6 * 1000)
    assert sim.app.power.low_power and not sim.app.assist.autoplay
    assert sim.app.view.status_text == "batt.\nempty" and sim.nvm.writes == writes


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
    backlight = sim.app.power
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
    assert sim.app.power.dimmed and sim.display.brightness == pytest.approx(1.0 * DIM_SHARE)


def test_the_wio_terminals_on_off_backlight_is_never_dimmed_and_offers_no_auto():
    sim = Simulator(board="seeeduino_wio_terminal", seed=10)
    assert sim.app.hardware.light is not None and not sim.app.power.auto_offered
    open_brightness(sim)
    assert brightness_row(sim).endswith("fixed")
    sim.press("right")
    assert brightness_row(sim).endswith("fixed") and sim.display.brightness == 1.0
    sim.press_all(["b", "b"])
    sim.run_for(65000)
    assert sim.app.power.dimmed and sim.display.brightness == 1.0  # dimmed would be dark


def test_the_light_threshold_table_rises():
    assert list(auto.THRESHOLDS) == sorted(auto.THRESHOLDS)


@pytest.mark.parametrize(
    "lamp",
    [
        {"modulation": 100, "mains_mhz": 50020},  # 100 Hz, the grid 0.02 Hz fast
        {"modulation": 100, "mains_mhz": 49990, "shape": "square"},  # an LED on rectified mains
        {"modulation": 100, "mains_mhz": 59980},  # 120 Hz
        {"modulation": 60, "mains_mhz": 50000, "jitter_us": 10000},  # read anywhere in its cycle
    ],
)
def test_auto_brightness_does_not_follow_a_lamps_flicker(lamp):
    # Twenty minutes in a room at a level threshold, lit by a flickering
    # lamp (tools/firmware/standins/fakepower.py), the board paced as it sleeps:
    # the level, once chosen, stays. One reading a frame apart from the last
    # met the flicker at one moment of its cycle, moving slowly with the
    # grid's drift: the level changed hundreds of times an hour.
    from tools.measure import power_bench

    assert power_bench.auto_brightness_hour(lamp, light=8000, minutes=20) == 0
