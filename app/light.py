# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Brightness "auto": the backlight follows the room's light, slowly.

A board with a light sensor on an analog pin (the PyBadge's and PyGamer's
``board.LIGHT``: a phototransistor whose reading grows with the light)
offers Brightness "auto" in Settings. The sensor is read twice a second
(app.power POWER_MS), the readings are averaged (the first level
from the mean of the first ``DWELL``, then with a time constant of
2**SMOOTH_SHIFT readings: 8 s), and the brightness is one of Settings'
levels, chosen by ``THRESHOLDS``: it moves to another level only once the
average has been ``MARGIN`` percent past that level's threshold for
``DWELL`` readings in a row, so a room at a threshold does not make it
flicker.

A lamp on mains power flickers at 100 or 120 Hz, and a phototransistor
follows it: one reading may catch the lamp at its brightest, the next at
its darkest. The frames come every 20 ms, so readings taken in frames all
meet a 100 Hz flicker at the same moment of its cycle; the app moves the
frame schedule 2 ms with each reading (app.power LIGHT_SHIFT_MS), so
the readings walk through the cycle and the average takes the flicker
out. The thresholds are a first guess (no published readings were found):
the About page shows the sensor's reading, to set them on a real board
(docs/power.md).
"""

from micropython import const

from app.settings import BRIGHTNESS_LEVELS

#: The average follows the readings (two a second: app.power
#: POWER_MS) with a time constant of 2**SMOOTH_SHIFT of them (8 s).
SMOOTH_SHIFT = const(4)
#: The reading (0..65535) from which each brighter level of Settings'
#: (app.settings.BRIGHTNESS_LEVELS) is used: below the first, the dimmest;
#: from the last, the brightest.
THRESHOLDS = (1000, 3000, 8000, 20000)
#: How far (percent of a threshold) the average must pass it to change
#: level, and for how many readings in a row (4 s).
MARGIN = const(30)
DWELL = const(8)
#: The brightest step (steps count from the dimmest, 0).
_TOP = len(BRIGHTNESS_LEVELS) - 1


def _level(step):
    # Step 0 is Settings' dimmest level (BRIGHTNESS_LEVELS is brightest first).
    return BRIGHTNESS_LEVELS[_TOP - step] / 100


class AutoBrightness:
    """The backlight level the room calls for, from ``sensor`` (has ``value``)."""

    def __init__(self, sensor):
        self.sensor = sensor
        #: The averaged reading (-1: none yet).
        self.reading = -1
        #: The level chosen, 0 (dimmest) .. _TOP (full).
        self.step = _TOP
        self._count = 0  # readings so far (up to DWELL: the first level's)
        self._held = 0  # readings in a row that called for another level

    def tick(self):
        """Read the sensor: the new level (0.2 .. 1.0) when it changes, else None."""
        try:
            value = self.sensor.value
        except Exception:
            return None
        if self._count < DWELL:
            # The first DWELL readings: their mean (one reading may have met
            # a lamp at its brightest); the level stays until they are in.
            count = self._count = self._count + 1
            self.reading = value if count == 1 else self.reading + (value - self.reading) // count
            if count < DWELL:
                return None
            first = True
        else:
            self.reading += (value - self.reading + (1 << (SMOOTH_SHIFT - 1))) >> SMOOTH_SHIFT
            first = False
        step = self.step
        # Up while the reading is well past the next level's threshold,
        # down while well under this level's own (the first level: as it is).
        margin = 0 if first else MARGIN
        while step < _TOP and self.reading * 100 >= THRESHOLDS[step] * (100 + margin):
            step += 1
        while step > 0 and self.reading * 100 < THRESHOLDS[step - 1] * (100 - margin):
            step -= 1
        if step == self.step and not first:
            self._held = 0
            return None
        if not first:
            self._held += 1
            if self._held < DWELL:
                return None
        self._held = 0
        self.step = step
        return _level(step)

    @property
    def level(self):
        """The level chosen (full until the first DWELL readings are in)."""
        return _level(self.step)
