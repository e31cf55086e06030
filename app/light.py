# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Brightness "auto": the backlight follows the room's light, slowly.

A board with a light sensor on an analog pin (the PyBadge's and PyGamer's
``board.LIGHT``: a phototransistor whose reading grows with the light)
offers Brightness "auto" in Settings. The sensor is read twice a second,
the readings are averaged with a time constant of 2**SMOOTH_SHIFT readings
(4 s), and the brightness is one of Settings' levels, chosen by
``THRESHOLDS``: it moves to another level only once the average is
``MARGIN`` percent past that level's threshold, so a room at a threshold
does not make it flicker. The thresholds are a first guess (no published
readings were found): the About page shows the sensor's reading, to set
them on a real board (docs/power.md).
"""

from micropython import const

from app.settings import BRIGHTNESS_LEVELS

#: The average follows the readings (two a second: app.controller
#: POWER_MS) with a time constant of 2**SMOOTH_SHIFT of them.
SMOOTH_SHIFT = const(3)
#: The reading (0..65535) from which each brighter level of Settings'
#: (app.settings.BRIGHTNESS_LEVELS) is used: below the first, the dimmest;
#: from the last, the brightest.
THRESHOLDS = (1000, 3000, 8000, 20000)
#: How far (percent of a threshold) the average must pass it to change level.
MARGIN = const(20)
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

    def tick(self):
        """Read the sensor: the new level (0.2 .. 1.0) when it changes, else None."""
        try:
            value = self.sensor.value
        except Exception:
            return None
        first = self.reading < 0
        if first:
            self.reading = value
        else:
            self.reading += (value - self.reading + (1 << (SMOOTH_SHIFT - 1))) >> SMOOTH_SHIFT
        step = self.step
        # Up while the reading is well past the next level's threshold,
        # down while well under this level's own.
        while step < _TOP and self.reading * 100 >= THRESHOLDS[step] * (100 + (0 if first else MARGIN)):
            step += 1
        while step > 0 and self.reading * 100 < THRESHOLDS[step - 1] * (100 - (0 if first else MARGIN)):
            step -= 1
        if step == self.step and not first:
            return None
        self.step = step
        return _level(step)

    @property
    def level(self):
        """The level chosen (full until the first reading)."""
        return _level(self.step)
