# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""app.tilt: an accelerometer as D-pad keys, fed synthetic sensor streams
(a player's tremor, the sensor's noise, bumps, slow drift, held and quick
tilts, diagonals, a board held at an angle)."""

import math

import pytest
from fake_inputs import (
    Accelerometer,
    G,
    drain,
    gesture,
    hand,
    level_frames,
    play_stream,
    presses,
    world_buttons,
)

from app import tilt
from app.controls import KEY_A, KEY_B, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_UP
from app.tilt import TiltKeys

# Frames the calibration of level takes.
CALIBRATION = tilt.SETTLE_SAMPLES + tilt.LEVEL_SAMPLES


def ready(start=(0.0, 0.0), buttons=None, **options):
    """A TiltKeys on a fake sensor, calibrated with the board held at ``start``."""
    sensor = Accelerometer()
    sensor.tilt(*start)
    keys = TiltKeys(buttons, sensor, **options)
    assert keys._calibrating
    for _ in range(CALIBRATION):
        assert drain(keys) == []
    assert not keys._calibrating
    return keys, sensor


def test_a_tilt_and_back_is_one_press_and_its_release():
    keys, sensor = ready()
    for right, down, key in ((25, 0, KEY_RIGHT), (-25, 0, KEY_LEFT), (0, 25, KEY_DOWN), (0, -25, KEY_UP)):
        events = play_stream(keys, sensor, gesture(right, down) + level_frames(5))
        assert events == [(key, True), (key, False)], (right, down)


def test_the_axes_follow_the_orientation_the_profile_gives():
    # A sensor mounted turned: its -y grows as the right edge goes down,
    # its +x as the bottom edge does.
    sensor = Accelerometer()
    keys = TiltKeys(None, sensor, right="-y", down="+x")
    play_stream(keys, sensor, [(0, 0, G)] * CALIBRATION)
    assert presses(play_stream(keys, sensor, [(0, -5.0, G)] * 4 + [(0, 0, G)] * 3)) == [KEY_RIGHT]
    assert presses(play_stream(keys, sensor, [(5.0, 0, G)] * 4 + [(0, 0, G)] * 3)) == [KEY_DOWN]
    with pytest.raises(ValueError):
        TiltKeys(None, sensor, right="w")
    with pytest.raises(ValueError):
        TiltKeys(None, sensor, down="")
    with pytest.raises(ValueError):
        TiltKeys(None, sensor, press=100, release=200)


def test_a_player_s_tremor_and_the_sensor_s_noise_press_nothing():
    keys, sensor = ready()
    # A minute of hands around level (tremor 0.3 m/s^2 at 8 Hz, noise
    # 0.08 m/s^2), then with three times the noise.
    assert play_stream(keys, sensor, hand(3000, seed=1)) == []
    assert play_stream(keys, sensor, hand(3000, seed=2, tremor=0.6, noise=0.25)) == []


def test_a_bump_shorter_than_the_hold_is_noise_and_a_hold_as_long_is_a_tilt():
    keys, sensor = ready()
    # A button press jolts the board: a spike of 6 m/s^2 for 1 or 2 frames.
    for frames in (1, tilt.HOLD_SAMPLES - 1):
        for _ in range(20):
            events = play_stream(keys, sensor, [(6.0, 0.0, G)] * frames + [(0.0, 0.0, G)] * 10)
            assert events == [], frames
    # As long as HOLD_SAMPLES: a press (the threshold can be reached).
    events = play_stream(keys, sensor, [(6.0, 0.0, G)] * tilt.HOLD_SAMPLES + [(0.0, 0.0, G)] * 10)
    assert events == [(KEY_RIGHT, True), (KEY_RIGHT, False)]


def test_slow_drift_is_followed_and_never_moves():
    keys, sensor = ready()
    # The reading creeps 2 units (0.02 m/s^2) a frame up to 6 m/s^2 (far
    # past the press threshold) and back, on both axes: level follows.
    ramp = [value / 100 for value in range(0, 600, 2)]
    stream = [(value, 0.0, G) for value in ramp + ramp[::-1]]
    stream += [(0.0, -value, G) for value in ramp + ramp[::-1]]
    stream += [(value, value * 0.7, G) for value in ramp]
    stream += [(5.98, 4.186, G)] * 300  # resting there: level catches up
    assert play_stream(keys, sensor, stream) == []
    # The level has moved with it: a tilt from the drifted attitude moves.
    assert presses(play_stream(keys, sensor, [(6.0 - 4.0, 4.2, G)] * 4 + [(6.0, 4.2, G)] * 4)) == [KEY_LEFT]


def test_a_fast_ramp_to_the_same_attitude_does_move():
    # The same 6 m/s^2 in 15 frames (0.3 s) is a tilt, not drift.
    keys, sensor = ready()
    ramp = [value / 100 for value in range(0, 600, 40)]
    events = play_stream(keys, sensor, [(value, 0.0, G) for value in ramp] + [(6.0, 0.0, G)] * 5)
    assert presses(events) == [KEY_RIGHT]


def test_a_held_tilt_never_repeats():
    keys, sensor = ready()
    # Tilted right for 40 s with the player's tremor, then back.
    stream = gesture(30, 0, hold=0, back=0)
    events = play_stream(keys, sensor, stream)
    events += play_stream(keys, sensor, hand(2000, seed=3, start=(30, 0)))
    assert events == [(KEY_RIGHT, True)]
    # Swinging from right to down without coming back to level: still the
    # one press; level again releases it.
    events = play_stream(keys, sensor, [(30 - i, i) for i in range(0, 31)] + [(0, 30)] * 100)
    assert events == []
    assert play_stream(keys, sensor, level_frames(5)) == [(KEY_RIGHT, False)]


def test_quick_double_tilts_give_two_moves():
    keys, sensor = ready()
    # Two flicks right 200 ms apart: tilted 4 frames, level 3 frames.
    stream = [(25, 0)] * 4 + [(0, 0)] * 3 + [(25, 0)] * 4 + [(0, 0)] * 3
    assert presses(play_stream(keys, sensor, stream)) == [KEY_RIGHT, KEY_RIGHT]
    # Smooth quick gestures, each 220 ms: left, up, left.
    stream = gesture(-25, 0, ramp=3, hold=2, back=3) + gesture(0, -25, ramp=3, hold=2, back=3)
    stream += gesture(-25, 0, ramp=3, hold=2, back=3) + level_frames(3)
    assert presses(play_stream(keys, sensor, stream)) == [KEY_LEFT, KEY_UP, KEY_LEFT]


def test_a_diagonal_tilt_is_one_move_along_its_stronger_axis():
    keys, sensor = ready()
    assert presses(play_stream(keys, sensor, gesture(28, 20) + level_frames(5))) == [KEY_RIGHT]
    assert presses(play_stream(keys, sensor, gesture(-18, 26) + level_frames(5))) == [KEY_DOWN]
    assert presses(play_stream(keys, sensor, gesture(-22, -24) + level_frames(5))) == [KEY_UP]
    # Exactly 45 degrees, with the hands' noise: one move, never two.
    for seed in range(10):
        stream = hand(10, seed) + [(x + G * 0.42, y + G * 0.42, z) for x, y, z in hand(40, seed + 100)] + hand(20, seed + 200)
        events = play_stream(keys, sensor, stream)
        assert len(presses(events)) == 1 and presses(events)[0] in (KEY_RIGHT, KEY_DOWN), events
        assert len(events) == 2


def test_hysteresis_a_tilt_resting_between_the_thresholds_does_not_chatter():
    keys, sensor = ready()
    # The thresholds are angles from level (100 * their tangent).
    press, release = (math.degrees(math.atan(threshold / 100)) for threshold in (tilt.PRESS, tilt.RELEASE))
    middle = (press + release) / 2
    events = play_stream(keys, sensor, [(press + 3, 0.0)] * 4)
    assert events == [(KEY_RIGHT, True)]
    # Resting between release and press, wobbling across the press
    # threshold: neither released nor pressed again.
    wobble = [(middle + ((press - middle) + 3 if i % 2 else -(middle - release) + 1), 0.0) for i in range(500)]
    assert play_stream(keys, sensor, wobble) == []
    # One frame below release is not enough (a spike); two are.
    assert play_stream(keys, sensor, [(0.0, 0.0), (middle, 0.0)]) == []
    assert play_stream(keys, sensor, [(0.0, 0.0)] * tilt.RELEASE_SAMPLES) == [(KEY_RIGHT, False)]


def test_level_is_how_the_board_is_held_at_start():
    # Held 35 degrees toward the player (bottom edge down) and 12 degrees
    # to the right, as people hold a handheld: that is level.
    start = (12.0, 35.0)
    keys, sensor = ready(start)
    assert play_stream(keys, sensor, hand(500, seed=4, start=start)) == []
    # Tilts are from there: further right, then back to true flat (which
    # is to the left of this level and up from it).
    assert presses(play_stream(keys, sensor, gesture(22, 0, start=start) + level_frames(5, start))) == [KEY_RIGHT]
    assert presses(play_stream(keys, sensor, gesture(0, -30, start=start) + level_frames(5, start))) == [KEY_UP]
    # Flat on a table is 35 degrees "up" of this level: a move up.
    assert presses(play_stream(keys, sensor, level_frames(5, (12.0, 0.0)))) == [KEY_UP]


def test_level_again_releases_a_held_direction_and_measures_afresh():
    keys, sensor = ready()
    assert play_stream(keys, sensor, [(30, 0)] * 5) == [(KEY_RIGHT, True)]
    keys.level()  # held at 30 degrees right: that becomes level
    assert drain(keys) == [(KEY_RIGHT, False)]
    assert keys._calibrating
    assert play_stream(keys, sensor, [(30, 0)] * CALIBRATION) == []
    assert not keys._calibrating
    assert play_stream(keys, sensor, [(30, 0)] * 50) == []
    # Now flat is a tilt to the left.
    assert presses(play_stream(keys, sensor, [(0, 0)] * 5)) == [KEY_LEFT]


def test_a_sensor_that_fails_costs_samples_not_the_game():
    keys, sensor = ready()
    sensor.fail = 3
    assert play_stream(keys, sensor, [(30, 0)] * 3) == []
    assert keys.errors == 3
    assert presses(play_stream(keys, sensor, [(30, 0)] * 3)) == [KEY_RIGHT]


class Switch:
    """The app's Settings, as TiltKeys sees them."""

    tilt = True


def test_turned_off_the_sensor_is_not_read_and_a_held_direction_is_released():
    switch = Switch()
    keys, sensor = ready(switch=switch)
    assert play_stream(keys, sensor, [(30, 0)] * 4) == [(KEY_RIGHT, True)]
    switch.tilt = False
    reads = sensor.reads
    assert drain(keys) == [(KEY_RIGHT, False)]
    assert play_stream(keys, sensor, [(0, 30)] * 100) == []
    assert sensor.reads == reads
    # On again: level is measured afresh (here tilted 30 degrees down).
    switch.tilt = True
    assert play_stream(keys, sensor, [(0, 30)] * (CALIBRATION + 50)) == []
    assert presses(play_stream(keys, sensor, [(0, 0)] * 5)) == [KEY_UP]


def test_the_buttons_queue_is_merged_behind_the_tilt():
    world, buttons = world_buttons()
    keys, sensor = ready(buttons=buttons)
    world.down("a")
    world.up("a")
    sensor.tilt(30, 0)
    drain(keys)  # the tilt counts samples, one a frame
    drain(keys)
    sensor.tilt(30, 0)
    world.down("b")
    assert len(keys.events) == 1
    assert drain(keys) == [(KEY_RIGHT, True), (KEY_B, True)]
    assert drain(keys)[:0] == []
    # Every tilt event is the same object, refilled (no allocation).
    keys.level()
    first = keys.events.get()
    assert keys.events.get() is None
    keys.events.push(KEY_UP, True)
    assert keys.events.get() is first and first.key_number == KEY_UP


def test_buttons_are_read_into_the_given_event():
    world, buttons = world_buttons()
    into = world.module("keypad").Event()  # the board's keypad fills it (get_into)
    keys, sensor = ready(buttons=buttons, event=into)
    world.down("a")
    event = keys.events.get()
    assert event is into and (event.key_number, event.pressed) == (KEY_A, True)
    assert keys.events.get() is None


def test_one_sample_per_frame_however_many_events_are_read():
    world, buttons = world_buttons()
    keys, sensor = ready(buttons=buttons)
    reads = sensor.reads
    for _ in range(5):
        world.down("a")
        world.up("a")
    drain(keys)
    assert sensor.reads == reads + 1


def test_an_overflow_is_reported_and_cleared():
    world, buttons = world_buttons()
    keys, sensor = ready(buttons=buttons)
    queue = keys.events
    for _ in range(queue.free):
        queue.push(KEY_UP, True)
    assert not queue.overflowed
    queue.push(KEY_UP, False)  # one too many: dropped
    assert queue.overflowed and len(queue) == 8
    queue.clear()
    assert not queue.overflowed and len(queue) == 0
    for _ in range(33):  # the board's keypad queue (64 events) overflows
        world.down("a")
        world.up("a")
    assert queue.overflowed
    queue.clear()
    assert not queue.overflowed and len(queue) == 0


def gravity(right_degrees=0.0, down_degrees=0.0):
    """The reading of a board turned about its down axis by ``right_degrees``
    (right edge lowered), then about its right axis by ``down_degrees``
    (bottom edge lowered): the whole gravity vector, past 90 degrees too."""
    a, b = math.radians(right_degrees), math.radians(down_degrees)
    x, z = G * math.sin(a), G * math.cos(a)
    return (x, z * math.sin(b), z * math.cos(b))


def at(keys, sensor, right, down, frames):
    return play_stream(keys, sensor, [gravity(right, down)] * frames)


def levelled_at(right, down):
    """A TiltKeys whose level was measured with the board held so."""
    sensor = Accelerometer()
    sensor.set(*gravity(right, down))
    keys = TiltKeys(None, sensor)
    assert at(keys, sensor, right, down, CALIBRATION) == [] and not keys._calibrating
    return keys, sensor


@pytest.mark.parametrize("angle", [0, 15, 30, 45, 60, 75, 85, 89])
def test_a_board_levelled_at_any_angle_plays_from_it(angle):
    # Levelled steep (about either axis), "further" presses its own
    # direction and "back" the opposite one (the readings' components stop
    # growing past 45 degrees: levelled at 89, both once gave Left).
    for axis, further, back in ((0, KEY_RIGHT, KEY_LEFT), (1, KEY_DOWN, KEY_UP)):
        level = (angle, 0) if axis == 0 else (0, angle)
        keys, sensor = levelled_at(*level)
        for turn, key in ((25, further), (-25, back)):
            tilted = (angle + turn, 0) if axis == 0 else (0, angle + turn)
            events = at(keys, sensor, *tilted, 5) + at(keys, sensor, *level, 5)
            assert events == [(key, True), (key, False)], (angle, axis, turn)


@pytest.mark.parametrize("angle", [0, 30, 60])
def test_levelled_steep_about_one_axis_the_other_still_plays(angle):
    keys, sensor = levelled_at(angle, 0)
    assert at(keys, sensor, angle, 25, 5) + at(keys, sensor, angle, 0, 5) == [(KEY_DOWN, True), (KEY_DOWN, False)]


def test_a_board_moved_while_level_is_measured_is_measured_again():
    # Tilted at once after the menu closes: that tilt is no "level" (coming
    # back would read as the opposite move); level is where it comes to rest.
    keys, sensor = ready()
    keys.level()
    stream = [gravity(0, 0)] * 3 + [gravity(25, 0)] * 8 + [gravity(0, 0)] * (tilt.SETTLE_SAMPLES + tilt.LEVEL_SAMPLES + 4)
    assert play_stream(keys, sensor, stream) == []
    assert not keys._calibrating
    assert at(keys, sensor, -25, 0, 5) + at(keys, sensor, 0, 0, 5) == [(KEY_LEFT, True), (KEY_LEFT, False)]


class OddSensor:
    """A sensor whose readings come from a list (an exception is raised)."""

    def __init__(self, readings):
        self.readings = list(readings)
        self.reads = 0

    @property
    def acceleration(self):
        value = self.readings[min(self.reads, len(self.readings) - 1)]
        self.reads += 1
        if isinstance(value, Exception):
            raise value
        return value


ODD = [
    float("nan"),
    float("inf"),
    None,
    (1.0,),
    (0.0, 0.0),
    "x",
    (float("nan"), 0.0, G),
    (0.0, float("-inf"), G),
    OSError(5, "EIO"),
    RuntimeError("i2c"),
    ValueError("odd"),
    (1e9, 0.0, G),
]


def test_odd_readings_are_dropped_and_counted_and_never_raise():
    level = (0.0, 0.0, G)
    sensor = OddSensor([level] * (CALIBRATION + 2))
    keys = TiltKeys(None, sensor)
    for _ in range(CALIBRATION + 2):
        drain(keys)
    errors = keys.errors
    for odd in ODD:
        sensor.readings = [odd]
        sensor.reads = 0
        assert drain(keys) == []
    assert keys.errors == errors + len(ODD) - 1  # the 1e9 is a bump, dropped but no error
    assert not keys.failed
    # Between odd readings, a tilt still works.
    sensor.readings = [gravity(25, 0)] * 4 + [level] * 4
    sensor.reads = 0
    events = []
    for _ in range(8):
        events += drain(keys)
    assert events == [(KEY_RIGHT, True), (KEY_RIGHT, False)]


class Settings:
    tilt = True


def test_a_sensor_that_keeps_failing_turns_tilt_off_and_says_so_once():
    sensor = OddSensor([(0.0, 0.0, G)] * (CALIBRATION + 8) + [OSError(5, "EIO")])
    switch = Settings()
    keys = TiltKeys(None, sensor, switch=switch)
    told = []
    keys.on_failure = lambda: told.append(1)
    for _ in range(CALIBRATION + 8 + tilt.FAIL_SAMPLES - 1):
        drain(keys)
    assert not keys.failed and told == []
    for _ in range(5 * tilt.FAIL_SAMPLES):
        drain(keys)
    assert keys.failed and told == [1] and not switch.tilt


def test_where_tilt_is_the_only_way_it_tries_the_sensor_again():
    # The CLUE (no Tilt setting): after giving up, a sensor that answers
    # again is used again (level measured afresh).
    sensor = OddSensor([(0.0, 0.0, G)] * (CALIBRATION + 2) + [OSError(5, "EIO")])
    keys = TiltKeys(None, sensor)
    for _ in range(CALIBRATION + 2 + tilt.FAIL_SAMPLES):
        drain(keys)
    assert keys.failed
    reads = sensor.reads
    for _ in range(tilt.RETRY_SAMPLES):
        drain(keys)
    assert sensor.reads - reads <= 2  # tried now and then, not every frame
    sensor.readings = [(0.0, 0.0, G)] * (CALIBRATION + 2) + [gravity(25, 0)] * 4 + [(0.0, 0.0, G)] * 4
    sensor.reads = 0
    events = []
    for _ in range(tilt.RETRY_SAMPLES + CALIBRATION + 12):
        events += drain(keys)
    assert not keys.failed and events == [(KEY_RIGHT, True), (KEY_RIGHT, False)]
