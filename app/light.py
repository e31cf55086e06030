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

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


#: The average follows the readings (two a second: app.controller
#: POWER_MS) with a time constant of 2**SMOOTH_SHIFT of them.
SMOOTH_SHIFT = const(3)
#: The reading (0..65535) from which each brighter level is used: below the
#: first, 20 %; from the last, 100 % (levels of app.settings.BRIGHTNESS_LEVELS).
THRESHOLDS = (1000, 3000, 8000, 20000)
#: How far (percent of a threshold) the average must pass it to change level.
MARGIN = const(20)
#: Levels, dimmest first (a share of full brightness).
_LEVELS = (0.2, 0.4, 0.6, 0.8, 1.0)


class AutoBrightness:
    """The backlight level the room calls for, from ``sensor`` (has ``value``)."""

    def __init__(self, sensor):
        self.sensor = sensor
        #: The averaged reading (-1: none yet).
        self.reading = -1
        #: The level chosen, 0 (dimmest) .. 4 (full).
        self.step = 4

    def tick(self):
        """Read the sensor: the new level (0.2 .. 1.0) when it changes, else None."""
        try:
            value = self.sensor.value
        except Exception:  # noqa: BLE001  a pin that did not answer: the level stays
            return None
        first = self.reading < 0
        if first:
            self.reading = value
        else:
            self.reading += (value - self.reading + (1 << (SMOOTH_SHIFT - 1))) >> SMOOTH_SHIFT
        step = self.step
        # Up while the reading is well past the next level's threshold,
        # down while well under this level's own.
        while step < 4 and self.reading * 100 >= THRESHOLDS[step] * (100 + (0 if first else MARGIN)):
            step += 1
        while step > 0 and self.reading * 100 < THRESHOLDS[step - 1] * (100 - (0 if first else MARGIN)):
            step -= 1
        if step == self.step and not first:
            return None
        self.step = step
        return _LEVELS[step]

    @property
    def level(self):
        """The level chosen (full until the first reading)."""
        return _LEVELS[self.step]
