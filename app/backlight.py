# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The backlight: the player's brightness, dimmed after a minute without input.

The key that wakes a dimmed screen does nothing else (the player may not
see what it would do). Displays without a backlight control are fine.
"""

from adafruit_ticks import ticks_diff

#: No input for this long dims the backlight (ms).
DIM_AFTER_MS = 60000
#: Backlight while dimmed, as a share of the chosen brightness.
DIM_SHARE = 0.15


class Backlight:
    """Brightness and dimming of ``display`` (anything with a ``brightness``).

    :param int now: the time of start-up (ms), the first "input".
    """

    def __init__(self, display, now):
        self.display = display
        self.level = 1.0
        self.dimmed = False
        #: Time of the last input (ms).
        self.last_input = now

    def set_level(self, level):
        """The player's brightness, 0.0 .. 1.0 (shown at once unless dimmed)."""
        self.level = level
        self._apply(level * DIM_SHARE if self.dimmed else level)

    def touched(self, now):
        """Input at ``now``; True if it only woke the screen up."""
        self.last_input = now
        if not self.dimmed:
            return False
        self.dimmed = False
        self._apply(self.level)
        return True

    def tick(self, now, busy):
        """Dim once the player has been away long enough (never while ``busy``)."""
        if not self.dimmed and not busy and ticks_diff(now, self.last_input) >= DIM_AFTER_MS:
            self.dimmed = True
            self._apply(self.level * DIM_SHARE)

    def _apply(self, level):
        try:
            self.display.brightness = level
        except (AttributeError, NotImplementedError, RuntimeError):
            pass  # a display without a backlight control
