# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The battery gauge: a board's battery voltage as a level, smoothed, and
its low and empty moments, decided only on readings that agree.

A board profile that can read its battery gives the App a ``Gauge``: an
analog pin that sees the battery through a divider, the mapping from
millivolts to a level (its chemistry's, or its maker's own), and how to
tell USB power where the board can (docs/power.md has every board's and
the sources). The App reads it twice a second (``tick``; app.power
POWER_MS); each reading is integer millivolts (no float, no allocation).

What a reading must pass before it counts:

* a reading no battery of the table's kind can give (more than 20 %
  under its empty voltage, more than 10 % over its full one: a sense pin
  that is not connected or has failed reads 0 V) is no reading: it moves
  nothing, and ``START`` of them in a row make the gauge say so ("?%");
* the average starts from the median of ``START`` readings taken at once
  (one glitch at power-on is outvoted), then follows the median of the
  last three with a time constant of ``2**SMOOTH_SHIFT`` readings;
* the level is shown in steps of ``STEP`` percent that change only once
  the level has moved ``STEP`` away from the one shown, so noise and a
  battery resting between two steps never make it flicker;
* low (``LOW_PERCENT``) and empty (``EMPTY_PERCENT``) count only when
  both the average and the latest median say so for ``CONFIRM`` readings
  in a row; empty ends the same way, once the level is back at
  ``RECOVER_PERCENT`` (a charger with no USB host behind it: the voltage
  is all the board can see).

On USB power the reading is no battery's level (a charger holds the cell
near full; the Sprig's pin reads USB's own supply): the gauge says "USB"
and reads afresh once USB power goes. Low and empty are each said once per
discharge ("batt. low": the app saves), and a discharge ends only when the
level has stayed at ``REARM_PERCENT`` or more for ``REARM_READINGS``
readings (a charge): not when USB power comes and goes, and not when a
cell recovers a little at rest.
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
#: Empty ends once the level is back at this (low said no more: the cell
#: of an empty battery recovers to about 10 % at rest).
RECOVER_PERCENT = const(20)
#: A discharge is over once the level has held at REARM_PERCENT or more
#: for REARM_READINGS readings (a minute): low and empty are news again.
REARM_PERCENT = const(50)
REARM_READINGS = const(120)
#: Readings at once for the first level (their median starts the average),
#: and readings no battery gives in a row before the gauge says "no reading".
START = const(3)
#: Readings in a row that must agree before low or empty starts or ends.
CONFIRM = const(6)
#: What ``tick`` reports, and ``state`` is: nothing to say, low, empty.
QUIET = 0
LOW = 1
EMPTY = 2
#: What the play screen shows for a battery read as no battery can be.
NO_READING = "?%"

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


def _median(first, second, third):
    # The middle one of three (no allocation).
    if first > second:
        first, second = second, first
    return first if third < first else second if third > second else third


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
        #: What a battery of this table's kind can read (mV): from 20 % under
        #: its empty voltage (a LiPo's protection opens above that; the
        #: Sprig's regulator stops at 1.8 V) to 10 % over its full one (a
        #: charger's 4.2 V). Anything else is no reading.
        self.floor_mv = (2000 + 10 * points[len(points) - 2]) * 4 // 5
        self.ceiling_mv = (2000 + 10 * points[0]) * 11 // 10
        #: The smoothed battery voltage in millivolts (0: no level yet).
        self.millivolts = 0
        #: The pin's last reading in millivolts, whatever it was (-1: none yet).
        self.read_mv = -1
        #: The level shown, in percent (a multiple of STEP); -1: none yet.
        self.shown = -1
        #: True while the board runs on USB power (as far as it can tell).
        self.on_usb = False
        #: Goes up each time ``text()`` or ``state`` would say something new.
        self.version = 0
        self._state = QUIET  # low or empty now (confirmed)
        self._said = QUIET  # the worst said this discharge
        self._unread = 0  # readings no battery gives, in a row (up to START)
        self._started = False  # a start's first readings are in
        self._last = 0  # the two readings before this one
        self._before = 0
        self._held = 0  # readings in a row that disagree with _state
        self._full = 0  # readings in a row at REARM_PERCENT or more

    def tick(self):
        """Read the battery: QUIET, or LOW / EMPTY the first time in a
        discharge the level has gone, and stayed, below each."""
        millivolts = self._read()
        if millivolts < 0:
            return QUIET
        if not self._started:
            # A start (power-on, USB power gone, readings again): the first
            # reading is not trusted alone. Two more now (START in all:
            # against an ADC's first conversion, a glitch of one reading),
            # and their median starts the average.
            self._before = self._again(millivolts)
            self._last = self._again(millivolts)
            self._started = True
            median = self.millivolts = _median(millivolts, self._last, self._before)
        else:
            # The median of the last three readings: one glitch never passes.
            median = _median(millivolts, self._last, self._before)
            self._before = self._last
            self._last = millivolts
            # Rounded, so the average reaches a steady reading from either side.
            self.millivolts += (median - self.millivolts + (1 << (SMOOTH_SHIFT - 1))) >> SMOOTH_SHIFT
        level = percent_of(self.millivolts, self.points)
        if self.shown < 0 or level >= self.shown + STEP or level <= self.shown - STEP:
            self.shown = (level + STEP // 2) // STEP * STEP  # the nearest step
            self.version += 1
        if self._state == QUIET and self._said == QUIET and level > LOW_PERCENT:
            self._held = 0
            return QUIET  # the common case: nothing to decide, nothing said to end
        return self._judge(level, percent_of(median, self.points))

    def _again(self, fallback):
        # One more reading at once: the pin's, if a battery can read so, else ``fallback``.
        try:
            millivolts = self.pin.value * (3300 * self.divider) // 65535
        except Exception:
            return fallback
        return millivolts if self.floor_mv <= millivolts <= self.ceiling_mv else fallback

    def _read(self):
        # The pin in millivolts, or -1: it failed, the board is on USB
        # power, or no battery of this kind reads so.
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
            return -1
        self.read_mv = millivolts
        if on_usb != self.on_usb:
            self.on_usb = on_usb
            self._start()  # the level before USB power, or during it, is not the battery's now
        if on_usb:
            return -1
        if millivolts < self.floor_mv or millivolts > self.ceiling_mv:
            # Moves nothing; START of them in a row, and the gauge says it
            # has no reading.
            if self._unread < START:
                self._unread += 1
                if self._unread == START:
                    self._start()
            return -1
        if self._unread:
            if self._unread == START:
                self.version += 1  # no longer "no reading"
            self._unread = 0
        return millivolts

    def _judge(self, level, latest):
        # Low and empty from the level itself (the average's), not the step
        # shown, when the average and the ``latest`` median agree: the
        # higher of the two must be under a threshold, the lower over one,
        # CONFIRM readings running. What is news: the state, first time
        # this discharge.
        high = level if level > latest else latest
        low = level + latest - high
        state = self._state
        if low >= RECOVER_PERCENT:
            wanted = QUIET
        elif high <= EMPTY_PERCENT:
            wanted = EMPTY
        elif high <= LOW_PERCENT and state == QUIET:
            wanted = LOW
        else:
            wanted = state  # between the thresholds: as it was
        if wanted == state:
            self._held = 0
        else:
            self._held += 1
            if self._held >= CONFIRM:
                self._held = 0
                self._state = wanted
                self.version += 1
        # A discharge ends with a charge: the level high for a minute.
        if low >= REARM_PERCENT:
            if self._full < REARM_READINGS:
                self._full += 1
                if self._full == REARM_READINGS:
                    self._said = QUIET
        else:
            self._full = 0
        if self._state > self._said:
            self._said = self._state
            return self._state
        return QUIET

    def _start(self):
        # Read afresh (after USB power, after readings no battery gives):
        # a new start's median, and no state until readings confirm one. What was said this discharge stays said, and the
        # readings that were confirming a state still count (USB power that
        # comes and goes every 2 s leaves too few in a row).
        self.millivolts = 0
        self.shown = -1
        self._started = False
        self._full = 0
        self._state = QUIET
        self.version += 1

    @property
    def no_reading(self):
        """True while the pin reads what no battery of its kind can (0 V: not connected, failed)."""
        return self._unread == START and not self.on_usb

    @property
    def state(self):
        """QUIET, LOW or EMPTY: what the battery is now, confirmed (QUIET on USB power)."""
        return QUIET if self.on_usb else self._state

    @property
    def empty(self):
        """True while the battery is empty, confirmed, and the board not on USB power."""
        return not self.on_usb and self._state == EMPTY

    def text(self):
        """What the screen shows: "USB", "85%", NO_READING, or "" before the first level."""
        if self.on_usb:
            return "USB"
        if self._unread == START:
            return NO_READING
        if self.shown < 0:
            return ""
        return "%d%%" % self.shown
