# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Tilt as D-pad keys: an accelerometer's readings become direction presses.

Tilt the board past a threshold and a direction key (4..7, PyBadge
numbers) is pressed; bring it back near level and it is released. So a
tilt and back is one move, and a held tilt never repeats (app.controls
acts on presses). "Level" is how the board is held, still, when it starts
or ``level()`` is called (the app calls it whenever the menu closes): a
board held at an angle, up to upright, plays from that angle.

What is measured is the angle the board has turned through from level,
in each of the screen's two planes: about its down axis (the right edge
lowered or raised: right / left) and about its right axis (the bottom
edge: down / up). Each reading (the gravity vector in the screen's
right, down and normal axes) is set against level's in that plane, as
the tangent of the angle between them (in hundredths), from their cross
and dot products: exact at any holding angle, where the readings' own
components stop growing past 45 degrees. A plane in which gravity hardly
shows (the board turned so that its axis points down) tells nothing
and presses nothing.

* press when the larger of the two angles is at least ``press`` (32: about
  18 degrees) for ``HOLD_SAMPLES`` samples in a row (shorter spikes, a bump
  or a button press, are noise); the direction is the plane that turned
  most over those samples, so a diagonal tilt gives one move;
* release when both are below ``release`` (15: about 9 degrees) for
  ``RELEASE_SAMPLES`` samples (hysteresis: a tilt resting near the press
  threshold does not chatter);
* while the board rests near level (not pressed, below ``release``),
  level follows the readings slowly (a time constant of 2**DRIFT_SHIFT =
  64 samples), so slow drift (the sensor's offset warming up, a player
  slowly changing posture) never adds up to a move.

Level is measured from ``LEVEL_SAMPLES`` readings of a still board: if
they spread by more than ``STILL`` (the board was moving), it is measured
again, up to ``STILL_TRIES`` times. A reading that cannot be used (an I2C error, any error the driver
raises, NaN, infinity, None, a short tuple) is dropped and counted in
``errors``; one beyond 2 g (a bump) is dropped. After ``FAIL_SAMPLES``
failed readings in a row tilt gives up: a held direction is released,
``switch.tilt`` goes off where tilt is a setting, and ``on_failure()``
(the app's message) is called; where tilt is the only way to play it
tries the sensor again every ``RETRY_SAMPLES`` samples.

Samples are taken once per frame, when the app reads its keys. Nothing
is allocated per sample but the tuple the sensor library returns from
``.acceleration`` (adafruit_lis3dh: a struct tuple and a namedtuple, 64
bytes; adafruit_lsm6ds: a register buffer and two tuples, about 96). The
arithmetic is on small ints (every product below 2**30), and on
CircuitPython a float product is no heap object (MICROPY_OBJ_REPR_C).
"""

from micropython import const

from app.controls import KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_UP
from app.key_queue import KeyQueue

#: Readings are scaled by this (m/s^2 -> 1/100 m/s^2; 981 = 1 g).
SCALE = const(100)
#: Default press and release thresholds: the tangent of the angle turned
#: from level, in hundredths (32: 17.7 degrees; 15: 8.5 degrees).
PRESS = const(32)
RELEASE = const(15)
#: A tilt must hold this many samples to press, level this many to release.
HOLD_SAMPLES = const(3)
RELEASE_SAMPLES = const(2)
#: Calibration: samples skipped (the jolt of a button press), then averaged.
SETTLE_SAMPLES = const(2)
LEVEL_SAMPLES = const(8)
#: Level is measured again if its samples spread by more than this
#: (1/100 m/s^2, on any axis): the board was moving; after STILL_TRIES
#: tries the last one is taken all the same (a board that never rests).
STILL = const(150)
STILL_TRIES = const(4)
#: Level follows a resting board with a time constant of 2**DRIFT_SHIFT samples.
DRIFT_SHIFT = const(6)
#: Failed readings in a row before tilt gives up, and, where it has to
#: stay on, how often the sensor is tried again (samples).
FAIL_SAMPLES = const(25)
RETRY_SAMPLES = const(50)
# Level is kept in 1/16 units, so following drift keeps its fractions.
_FRACTION = const(4)
# A reading beyond 2 g on an axis is a bump, not a tilt (and keeps every
# product below 2**30).
_LIMIT = const(1962)
# A plane in which gravity (level's or the reading's) is under 1/4 g
# tells nothing: (245 units) squared.
_MIN_SQUARE = const(60025)
# The tangent of a turn of 90 degrees or more (hundredths).
_FLAT_OUT = const(1000)


def _axis(name):
    # "+x" / "-y" / "z" ... -> (index 0..2, scale with the sign).
    axis = "xyz".find(name[-1:]) if name else -1
    if axis < 0 or name[:-1] not in ("", "+", "-"):
        raise ValueError("axis must be one of +x -x +y -y +z -z, not %r" % (name,))
    return axis, -SCALE if name[0] == "-" else SCALE


def _tangent(cross, dot, level_square, reading_square):
    # The turn from level to the reading in one plane, as 100 * tan (capped
    # at 90 degrees and beyond); 0 where gravity hardly shows in the plane.
    if level_square < _MIN_SQUARE or reading_square < _MIN_SQUARE:
        return 0
    if dot <= 0:
        return _FLAT_OUT if cross >= 0 else -_FLAT_OUT
    size = abs(cross) * 100 // dot
    if size > _FLAT_OUT:
        size = _FLAT_OUT
    return size if cross >= 0 else -size


class TiltKeys:
    """``events`` like ``keypad.Keys`` for an accelerometer plus the board's buttons.

    :param buttons: the board's ``keypad`` keys (PyBadge key numbers), or None.
    :param accelerometer: has ``.acceleration`` -> (x, y, z) in m/s^2
        (adafruit_lsm6ds, adafruit_lis3dh).
    :param str right: the sensor axis whose reading grows when the
        screen's right edge is lowered, with its sign: "+x", "-y", ...
    :param str down: the same for the screen's bottom edge (another axis).
    :param event: a ``keypad.Event`` to read button events into (no
        allocation per button event).
    :param switch: has ``tilt``, True while tilt is on (the app's
        Settings, when Tilt is a setting); None: always on. While off the
        sensor is not read; turned on, tilt levels afresh.
    :param int press: press threshold, 100 * tan of the angle from level.
    :param int release: release threshold, the same (below ``press``).
    """

    def __init__(self, buttons, accelerometer, right="+x", down="+y", event=None, switch=None, press=PRESS, release=RELEASE):
        self.accelerometer = accelerometer
        self.switch = switch
        self._off = False
        self._right_axis, self._right_scale = _axis(right)
        self._down_axis, self._down_scale = _axis(down)
        if self._right_axis == self._down_axis:
            raise ValueError("right and down must be two different axes")
        # The screen's normal: the third axis (its sign: level's, below).
        self._normal_axis = 3 - self._right_axis - self._down_axis
        self._normal_sign = 1
        if not 0 < release < press:
            raise ValueError("need 0 < release < press")
        self.press = press
        self.release = release
        #: Direction key held by the tilt (-1: none).
        self.held = -1
        #: Readings that could not be used (errors, odd values), for bug reports.
        self.errors = 0
        #: True once tilt gave up on a sensor that keeps failing.
        self.failed = False
        #: Called (no arguments) when tilt gives up: the app says so.
        self.on_failure = None
        self._failing = 0
        self._count = 0
        self._sum_right = 0
        self._sum_down = 0
        self._sum_normal = 0
        self._level_right = 0
        self._level_down = 0
        self._level_normal = 0
        # The spread of the calibration's samples (min and max per axis).
        self._spread = [0] * 6
        self._calibrating = 0
        self.events = KeyQueue(self.sample, buttons, event)
        self.level()

    def level(self):
        """Take the next still samples' average as level (a held direction is released)."""
        if self.held >= 0:
            self.events.push(self.held, False)
            self.held = -1
        self._calibrating = SETTLE_SAMPLES + LEVEL_SAMPLES
        self._tries = 0
        self._count = self._sum_right = self._sum_down = self._sum_normal = 0

    def sample(self):  # noqa: C901  one reading, every case of it in one frame (no call per case)
        """Read the sensor once and queue any direction press or release."""
        switch = self.switch
        if switch is not None:
            if not switch.tilt:
                if not self._off:
                    self._off = True
                    self.level()  # releases a held direction
                return
            if self._off:
                self._off = False
                self.failed = False  # turned on again: the sensor gets another chance
                self._failing = 0
                self.level()
        if self.failed:
            # Given up; where tilt must stay on, the sensor is tried again now and then.
            self._failing += 1
            if self._failing % RETRY_SAMPLES:
                return
        try:
            reading = self.accelerometer.acceleration
            right = int(reading[self._right_axis] * self._right_scale)
            down = int(reading[self._down_axis] * self._down_scale)
            normal = int(reading[self._normal_axis] * SCALE) * self._normal_sign
        except Exception:
            self._bad_reading()
            return
        if self.failed:
            self.failed = False  # the sensor answers again: measure level afresh
            self.level()
        self._failing = 0
        if not (-_LIMIT < right < _LIMIT and -_LIMIT < down < _LIMIT and -_LIMIT < normal < _LIMIT):
            return  # a bump, not a tilt
        if self._calibrating:
            self._calibrate(right, down, normal)
            return
        level_right = self._level_right >> _FRACTION
        level_down = self._level_down >> _FRACTION
        level_normal = self._level_normal >> _FRACTION
        normal_square = normal * normal
        level_normal_square = level_normal * level_normal
        # The turn in each plane, from level to this reading (100 * tan).
        off_right = _tangent(
            level_normal * right - level_right * normal,
            level_right * right + level_normal * normal,
            level_right * level_right + level_normal_square,
            right * right + normal_square,
        )
        off_down = _tangent(
            level_normal * down - level_down * normal,
            level_down * down + level_normal * normal,
            level_down * level_down + level_normal_square,
            down * down + normal_square,
        )
        size = max(abs(off_right), abs(off_down))
        if self.held >= 0:
            # Pressed: released after RELEASE_SAMPLES near level.
            if size < self.release:
                self._count += 1
                if self._count >= RELEASE_SAMPLES:
                    self.events.push(self.held, False)
                    self.held = -1
                    self._count = 0
            else:
                self._count = 0
            return
        if size >= self.press:
            self._count += 1
            self._sum_right += off_right
            self._sum_down += off_down
            if self._count >= HOLD_SAMPLES:
                self.held = self._direction(self._sum_right, self._sum_down)
                self.events.push(self.held, True)
                self._count = self._sum_right = self._sum_down = 0
            return
        # Not (or no longer) tilted: a spike shorter than HOLD_SAMPLES is forgotten.
        self._count = self._sum_right = self._sum_down = 0
        if size < self.release:
            # Resting near level: level follows slow drift.
            self._level_right += ((right << _FRACTION) - self._level_right) >> DRIFT_SHIFT
            self._level_down += ((down << _FRACTION) - self._level_down) >> DRIFT_SHIFT
            self._level_normal += ((normal << _FRACTION) - self._level_normal) >> DRIFT_SHIFT

    def _bad_reading(self):
        self.errors += 1
        if self.failed:
            return
        self._failing += 1
        if self._failing < FAIL_SAMPLES:
            return
        # The sensor keeps failing: give up, and say so.
        self.failed = True
        self._failing = 0
        if self.held >= 0:
            self.events.push(self.held, False)
            self.held = -1
        if self.switch is not None:
            self.switch.tilt = False
        if self.on_failure is not None:
            self.on_failure()

    def _calibrate(self, right, down, normal):
        self._calibrating -= 1
        if self._calibrating >= LEVEL_SAMPLES:
            return  # settling
        first = self._calibrating == LEVEL_SAMPLES - 1
        moved = self._widen(0, right, first)
        moved = self._widen(2, down, first) or moved
        moved = self._widen(4, normal, first) or moved
        if moved and self._tries < STILL_TRIES:
            # The board is moving: level is what it rests at, a little later.
            self._tries += 1
            self._calibrating = LEVEL_SAMPLES
            self._sum_right = self._sum_down = self._sum_normal = 0
            return
        self._sum_right += right
        self._sum_down += down
        self._sum_normal += normal
        if not self._calibrating:
            if self._sum_normal < 0:
                # The normal's sign is level's: a board held up to upright
                # (its normal reading from flat to 0) plays the same way.
                self._normal_sign = -self._normal_sign
                self._sum_normal = -self._sum_normal
            self._level_right = (self._sum_right << _FRACTION) // LEVEL_SAMPLES
            self._level_down = (self._sum_down << _FRACTION) // LEVEL_SAMPLES
            self._level_normal = (self._sum_normal << _FRACTION) // LEVEL_SAMPLES
            self._sum_right = self._sum_down = self._sum_normal = 0

    def _widen(self, index, value, first):
        # The calibration's range on one axis (its min and max at index,
        # index + 1) takes ``value`` in; True if it spread past STILL.
        spread = self._spread
        if first or value < spread[index]:
            spread[index] = value
        if first or value > spread[index + 1]:
            spread[index + 1] = value
        return spread[index + 1] - spread[index] > STILL

    @staticmethod
    def _direction(right, down):
        # The dominant axis and its sign; a tie goes to left/right.
        if abs(right) >= abs(down):
            return KEY_RIGHT if right > 0 else KEY_LEFT
        return KEY_DOWN if down > 0 else KEY_UP


def turn_on(keys, event, sensor, settings, right="+x", down="+y"):
    """Settings > Tilt is on: the key source to read from now on, ``keys``
    merged with tilt.

    A board profile's ``tilt`` for the App calls this. The first time, it
    builds the accelerometer (``sensor()``) and a :class:`TiltKeys` around
    ``keys``, which follows ``settings.tilt`` from then on; ``keys`` that
    already are one are kept. If the accelerometer does not answer
    (``sensor()`` raises), Tilt goes back off and play goes on with the
    buttons.

    :param keys: the key source the app reads (has ``events``).
    :param event: the ``keypad.Event`` the app reads keys into, or None.
    :param sensor: makes the accelerometer (no arguments).
    :param settings: the app's :class:`app.settings.Settings` (``tilt``).
    :param str right: as for :class:`TiltKeys`.
    :param str down: as for :class:`TiltKeys`.
    :return: the TiltKeys, or ``keys`` unchanged if there is no accelerometer.
    """
    if isinstance(keys, TiltKeys):
        return keys
    try:
        return TiltKeys(keys, sensor(), right, down, event, settings)
    except Exception:
        settings.tilt = False
        return keys
