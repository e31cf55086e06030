# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Tilt as D-pad keys: an accelerometer's readings become direction presses.

Tilt the board past a threshold and a direction key (4..7, PyBadge
numbers) is pressed; bring it back near level and it is released. So a
tilt and back is one move, and a held tilt never repeats (app.controls
acts on presses). "Level" is how the board is held when it starts or
``level()`` is called (the app calls it whenever the menu closes): a
board held at an angle plays from that angle.

Per sample, each reading along the screen's right and down axes is taken
relative to level, in 1/100 m/s^2 (981 = 1 g):

* press when the larger of the two is at least ``press`` (300: about 18
  degrees) for ``HOLD_SAMPLES`` samples in a row (shorter spikes, a bump
  or a button press, are noise); the direction is the axis that moved
  most over those samples, so a diagonal tilt gives one move;
* release when both are below ``release`` (150: about 9 degrees) for
  ``RELEASE_SAMPLES`` samples (hysteresis: a tilt resting near the press
  threshold does not chatter);
* while the board rests near level (not pressed, below ``release``),
  level follows the readings slowly (a time constant of 2**DRIFT_SHIFT =
  64 samples), so slow drift (the sensor's offset warming up, a player
  slowly changing posture: up to about 2 units a sample, 1 m/s^2 a second
  at 50 frames a second) never adds up to a move. A quick tilt is far
  faster (an 18 degree tilt in 0.2 s is some 30 units a sample).

Samples are taken once per frame, when the app reads its keys. Nothing
is allocated per sample but the tuple the sensor library returns from
``.acceleration`` (adafruit_lis3dh: a struct tuple and a namedtuple, 64
bytes; adafruit_lsm6ds: a register buffer and two tuples, about 96). The
arithmetic is on small ints, and on CircuitPython a float product is no
heap object (MICROPY_OBJ_REPR_C).
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


from app.controls import KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_UP
from app.key_queue import KeyQueue

#: Readings are scaled by this (m/s^2 -> 1/100 m/s^2).
SCALE = const(100)
#: Default press and release thresholds, 1/100 m/s^2 (981 = 1 g).
PRESS = const(300)
RELEASE = const(150)
#: A tilt must hold this many samples to press, level this many to release.
HOLD_SAMPLES = const(3)
RELEASE_SAMPLES = const(2)
#: Calibration: samples skipped (the jolt of a button press), then averaged.
SETTLE_SAMPLES = const(2)
LEVEL_SAMPLES = const(8)
#: Level follows a resting board with a time constant of 2**DRIFT_SHIFT samples.
DRIFT_SHIFT = const(6)
# Level is kept in 1/16 units, so following drift keeps its fractions.
_FRACTION = const(4)


def _axis(name):
    # "+x" / "-y" / "z" ... -> (index 0..2, scale with the sign).
    axis = "xyz".find(name[-1:]) if name else -1
    if axis < 0 or name[:-1] not in ("", "+", "-"):
        raise ValueError("axis must be one of +x -x +y -y +z -z, not %r" % (name,))
    return axis, -SCALE if name[0] == "-" else SCALE


class TiltKeys:
    """``events`` like ``keypad.Keys`` for an accelerometer plus the board's buttons.

    :param buttons: the board's ``keypad`` keys (PyBadge key numbers), or None.
    :param accelerometer: has ``.acceleration`` -> (x, y, z) in m/s^2
        (adafruit_lsm6ds, adafruit_lis3dh).
    :param str right: the sensor axis whose reading grows when the
        screen's right edge is lowered, with its sign: "+x", "-y", ...
    :param str down: the same for the screen's bottom edge.
    :param event: a ``keypad.Event`` to read button events into (no
        allocation per button event).
    :param switch: has ``tilt``, True while tilt is on (the app's
        Settings, when Tilt is a setting); None: always on. While off the
        sensor is not read; turned on, tilt levels afresh.
    :param int press: press threshold, 1/100 m/s^2.
    :param int release: release threshold, 1/100 m/s^2 (below ``press``).
    """

    def __init__(
        self, buttons, accelerometer, right="+x", down="+y", event=None, switch=None, press=PRESS, release=RELEASE
    ):
        self.accelerometer = accelerometer
        self.switch = switch
        self._off = False
        self._right_axis, self._right_scale = _axis(right)
        self._down_axis, self._down_scale = _axis(down)
        if not 0 < release < press:
            raise ValueError("need 0 < release < press")
        self.press = press
        self.release = release
        #: Direction key held by the tilt (-1: none).
        self.held = -1
        #: Readings the sensor failed to give (OSError), for bug reports.
        self.errors = 0
        self._count = 0
        self._sum_right = 0
        self._sum_down = 0
        self._level_right = 0
        self._level_down = 0
        self._calibrating = 0
        self.events = KeyQueue(self.sample, buttons, event)
        self.level()

    def level(self):
        """Take the next samples' average as level (a held direction is released)."""
        if self.held >= 0:
            self.events.push(self.held, False)
            self.held = -1
        self._calibrating = SETTLE_SAMPLES + LEVEL_SAMPLES
        self._count = self._sum_right = self._sum_down = 0

    @property
    def calibrating(self):
        """True until level has been measured."""
        return self._calibrating > 0

    def sample(self):
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
                self.level()
        try:
            reading = self.accelerometer.acceleration
        except OSError:  # an I2C hiccup: no sample this frame
            self.errors += 1
            return
        right = int(reading[self._right_axis] * self._right_scale)
        down = int(reading[self._down_axis] * self._down_scale)
        if self._calibrating:
            self._calibrate(right, down)
            return
        # Deviation from level, in whole units.
        off_right = right - (self._level_right >> _FRACTION)
        off_down = down - (self._level_down >> _FRACTION)
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

    def _calibrate(self, right, down):
        self._calibrating -= 1
        if self._calibrating >= LEVEL_SAMPLES:
            return  # settling
        self._sum_right += right
        self._sum_down += down
        if not self._calibrating:
            self._level_right = (self._sum_right << _FRACTION) // LEVEL_SAMPLES
            self._level_down = (self._sum_down << _FRACTION) // LEVEL_SAMPLES
            self._sum_right = self._sum_down = 0

    @staticmethod
    def _direction(right, down):
        # The dominant axis and its sign; a tie goes to left/right.
        if abs(right) >= abs(down):
            return KEY_RIGHT if right > 0 else KEY_LEFT
        return KEY_DOWN if down > 0 else KEY_UP


def turn_on(app, event, sensor, right="+x", down="+y"):
    """Settings > Tilt is on: from now on ``app`` reads its keys merged with tilt.

    A board profile's ``tilt`` for the App calls this. The first time, it
    builds the accelerometer (``sensor()``) and a :class:`TiltKeys` around
    the app's keys, which follows ``app.settings.tilt`` from then on; if
    the accelerometer does not answer (``sensor()`` raises), Tilt goes
    back off and play goes on with the buttons.

    :param app: the :class:`app.controller.App` (its ``keys`` and ``settings``).
    :param event: the ``keypad.Event`` the app reads keys into, or None.
    :param sensor: makes the accelerometer (no arguments).
    :param str right: as for :class:`TiltKeys`.
    :param str down: as for :class:`TiltKeys`.
    :return: the Event the app reads keys into from now on (None: with
        ``get()``, as a TiltKeys queue is read).
    """
    if isinstance(app.keys, TiltKeys):
        return event
    try:
        app.keys = TiltKeys(app.keys, sensor(), right, down, event, app.settings)
    except Exception:  # no accelerometer (a PyBadge LC), a broken bus: no tilt
        app.settings.tilt = False
        return event
    return None
