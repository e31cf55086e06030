# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""app.tilt: an accelerometer as D-pad keys, fed synthetic sensor streams
(a player's tremor, the sensor's noise, bumps, slow drift, held and quick
tilts, diagonals, a board held at an angle)."""

import pytest

from app import tilt
from app.controls import KEY_A, KEY_B, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_UP
from app.tilt import TiltKeys
from fake_inputs import (
    G,
    Accelerometer,
    drain,
    gesture,
    hand,
    level_frames,
    play_stream,
    presses,
    world_buttons,
)

# Frames the calibration of level takes.
CALIBRATION = tilt.SETTLE_SAMPLES + tilt.LEVEL_SAMPLES


def ready(start=(0.0, 0.0), buttons=None, **options):
    """A TiltKeys on a fake sensor, calibrated with the board held at ``start``."""
    sensor = Accelerometer()
    sensor.tilt(*start)
    keys = TiltKeys(buttons, sensor, **options)
    assert keys.calibrating
    for _ in range(CALIBRATION):
        assert drain(keys) == []
    assert not keys.calibrating
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
        stream = hand(10, seed) + [
            (x + G * 0.42, y + G * 0.42, z) for x, y, z in hand(40, seed + 100)
        ] + hand(20, seed + 200)
        events = play_stream(keys, sensor, stream)
        assert len(presses(events)) == 1 and presses(events)[0] in (KEY_RIGHT, KEY_DOWN), events
        assert len(events) == 2


def test_hysteresis_a_tilt_resting_between_the_thresholds_does_not_chatter():
    keys, sensor = ready()
    press, release = tilt.PRESS / 100, tilt.RELEASE / 100
    middle = (press + release) / 2
    events = play_stream(keys, sensor, [(press + 0.5, 0.0, G)] * 4)
    assert events == [(KEY_RIGHT, True)]
    # Resting between release and press, wobbling across the press
    # threshold: neither released nor pressed again.
    wobble = [(middle + (0.9 if i % 2 else -0.3), 0.0, G) for i in range(500)]
    assert play_stream(keys, sensor, wobble) == []
    # One frame below release is not enough (a spike); two are.
    assert play_stream(keys, sensor, [(0.0, 0.0, G), (middle, 0.0, G)]) == []
    assert play_stream(keys, sensor, [(0.0, 0.0, G)] * tilt.RELEASE_SAMPLES) == [(KEY_RIGHT, False)]


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
    assert keys.calibrating
    assert play_stream(keys, sensor, [(30, 0)] * CALIBRATION) == []
    assert not keys.calibrating
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
