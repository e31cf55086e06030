# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The battery gauge: a board's battery voltage as a level, smoothed, and
its low and empty moments.

A board profile that can read its battery gives the App a ``Gauge``: an
analog pin that sees the battery through a divider, the mapping from
millivolts to a level (its chemistry's, or its maker's own), and how to
tell USB power where the board can (docs/power.md has every board's and
the sources). The App reads it twice a second (``tick``; app.controller
POWER_MS); each reading is integer millivolts (no float, no allocation),
averaged with a time constant of ``2**SMOOTH_SHIFT`` readings, and the
level is shown in steps of ``STEP`` percent that change only once the
level has moved ``STEP`` away from the one shown, so noise and a battery
resting between two steps never make it flicker.

On USB power the level is no battery's (a charger holds the cell near
full): the gauge says "USB" instead. Below ``LOW_PERCENT`` the app saves
and says "batt. low" once; below ``EMPTY_PERCENT`` it saves, says so,
and stops animations and hints to stretch what is left.
"""

from micropython import const

#: The average follows the readings with a time constant of
#: 2**SMOOTH_SHIFT of them (8 s at two a second).
SMOOTH_SHIFT = const(4)
#: The level shown moves in steps of STEP percent.
STEP = const(5)
#: The level below which the battery is low (a warning and a save), and
#: empty (a save, no animations, no hints).
LOW_PERCENT = const(15)
EMPTY_PERCENT = const(5)
#: What ``tick`` reports: nothing new, the battery just went low, empty.
QUIET = 0
LOW = 1
EMPTY = 2

#: Millivolts to percent, as bytes: pairs of (millivolts - 2000) // 10 and
#: percent, highest first, interpolated between points (one small object,
#: not a tuple per point). A single-cell LiPo at rest, 4.19 V full to
#: 3.10 V empty (docs/power.md gives the source).
LIPO = bytes((219, 100, 205, 90, 199, 80, 189, 70, 180, 60, 172, 50, 163, 40, 153, 30, 142, 20, 130, 10, 110, 0))
#: Two alkaline AAA cells in series (the Sprig): 3.1 V fresh, 2.0 V empty,
#: in LIPO's form (docs/power.md).
TWO_AAA = bytes((110, 100, 0, 0))


def percent_of(millivolts, points):
    """The level (0..100) of ``millivolts`` in the table ``points``."""
    high_mv, high_percent = 2000 + 10 * points[0], points[1]
    if millivolts >= high_mv:
        return high_percent
    for index in range(2, len(points), 2):
        low_mv, low_percent = 2000 + 10 * points[index], points[index + 1]
        if millivolts >= low_mv:
            return low_percent + (millivolts - low_mv) * (high_percent - low_percent) // (high_mv - low_mv)
        high_mv, high_percent = low_mv, low_percent
    return high_percent


class Gauge:
    """A battery read through an analog pin.

    :param pin: has ``value`` (0..65535 of 3.3 V: ``analogio.AnalogIn``).
    :param int divider: the battery's voltage over the pin's (2: a 2:1 divider).
    :param points: millivolts of the battery (the pin's times ``divider``)
        to percent: ``LIPO``, or the maker's own, in the same form.
    :param usb: how to tell USB power: None (the board cannot), a digital
        input (``digitalio.DigitalInOut``) that reads ``usb_level`` on USB
        power (a VBUS sense pin, a charger's status pin), or, with
        ``usb_level`` None, ``supervisor.runtime`` (a USB host has the board
        enumerated: all a board without a sense pin can tell).
    """

    def __init__(self, pin, divider, points, usb=None, usb_level=None):
        self.pin = pin
        self.divider = divider
        self.points = points
        self.usb = usb
        self.usb_level = usb_level
        #: The smoothed battery voltage in millivolts (0: not read yet).
        self.millivolts = 0
        #: The level shown, in percent (a multiple of STEP); -1: none yet.
        self.shown = -1
        #: True while the board runs on USB power (as far as it can tell).
        self.on_usb = False
        #: Goes up each time ``text()`` would say something new.
        self.version = 0
        self._state = QUIET

    def tick(self):
        """Read the battery: QUIET, or LOW / EMPTY the first time the level
        goes below each (after USB power: announced again)."""
        try:
            millivolts = self.pin.value * (3300 * self.divider) // 65535
            usb = self.usb
            if usb is None:
                on_usb = False
            elif self.usb_level is None:
                on_usb = usb.usb_connected
            else:
                on_usb = usb.value == self.usb_level
        except Exception:
            return QUIET
        if on_usb != self.on_usb:
            self.on_usb = on_usb
            self.version += 1
        if self.millivolts == 0:
            self.millivolts = millivolts  # the first reading: no average yet
        else:
            # Rounded, so the average reaches a steady reading from either side.
            self.millivolts += (millivolts - self.millivolts + (1 << (SMOOTH_SHIFT - 1))) >> SMOOTH_SHIFT
        level = percent_of(self.millivolts, self.points)
        if self.shown < 0 or level >= self.shown + STEP or level <= self.shown - STEP:
            self.shown = (level + STEP // 2) // STEP * STEP  # the nearest step
            self.version += 1
        if on_usb:
            self._state = QUIET  # charging: low again later is news again
            return QUIET
        # From the level itself, not the step shown; each is said once per
        # discharge (not again when a reading wobbles, or the cell recovers
        # a little at rest), and empty stays empty until USB power.
        state = EMPTY if level <= EMPTY_PERCENT else LOW if level <= LOW_PERCENT else QUIET
        if state > self._state:
            self._state = state
            return state
        return QUIET

    @property
    def empty(self):
        """True once the battery has reached EMPTY_PERCENT, until USB power."""
        return not self.on_usb and self._state == EMPTY

    def text(self):
        """What the screen shows: "USB", "85%", or "" before the first reading."""
        if self.on_usb:
            return "USB"
        if self.shown < 0:
            return ""
        return "%d%%" % self.shown
