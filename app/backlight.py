# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The backlight: the player's brightness, dimmed after a minute without
input, and off after the Screen off setting's minutes (never while the
solver plays).

The key that wakes a dimmed or dark screen does nothing else (the player
may not see what it would do). Displays without a backlight control are
fine (they stay lit). On a board with a battery gauge or a light sensor
the App's backlight is its kind app.power.Power, which reads them too.
"""

from adafruit_ticks import ticks_diff

#: No input for this long dims the backlight (ms).
DIM_AFTER_MS = 60000
#: Backlight while dimmed, as a share of the chosen brightness.
DIM_SHARE = 0.15
#: What ``tick`` says happened: nothing, the screen dimmed, it went off.
NOTHING = 0
DIMMED = 1
OFF = 2


class Backlight:
    """Brightness and dimming of the display of ``hardware`` (an
    :class:`app.hardware.Hardware`; its ``display`` has a ``brightness``).

    :param int now: the time of start-up (ms), the first "input".
    """

    #: When the App next asks ``read`` (ticks_ms): -1, never (a backlight
    #: alone has nothing to read; app.power.Power has).
    at = -1
    #: Never short of power: only a battery gauge can tell (app.power.Power).
    low_power = False

    def __init__(self, hardware, now):
        self.display = hardware.display
        #: False for a backlight that is only on or off: it is never dimmed
        #: (any level under full would turn it off), only switched off.
        self.dimmable = hardware.dimmable
        self.level = 1.0
        self.dimmed = False
        #: True while the backlight is off.
        self.off = False
        #: Milliseconds without input before the backlight goes off (0: never).
        self.off_after_ms = 0
        #: Time of the last input (ms).
        self.last_input = now

    def set_level(self, level):
        """The player's brightness, 0.0 .. 1.0 (shown at once unless dimmed or off)."""
        self.level = level
        if not self.off:
            self._apply(level * DIM_SHARE if self.dimmed else level)

    def apply(self, settings, now):
        """Settings > Brightness (app.settings.Settings): its level."""
        self.set_level(settings.brightness)

    def touched(self, now):
        """Input at ``now``; True if it only woke the screen up."""
        self.last_input = now
        if not self.dimmed:
            return False
        self.dimmed = False
        self.off = False
        self._apply(self.level)
        return True

    def tick(self, now, busy):
        """Dim once the player has been away long enough, and then switch
        off: NOTHING, DIMMED or OFF, what happened now. A ``busy`` frame
        (the solver plays) counts as input."""
        if busy:
            self.last_input = now
            return NOTHING
        away = ticks_diff(now, self.last_input)
        if not self.dimmed:
            if away >= DIM_AFTER_MS:
                self.dimmed = True
                self._apply(self.level * DIM_SHARE)
                return DIMMED
            return NOTHING
        if not self.off and self.off_after_ms and away >= self.off_after_ms:
            self.off = True
            self._apply(0.0)
            return OFF
        return NOTHING

    def _apply(self, level):
        if not self.dimmable:
            level = 1.0 if level > 0 else 0.0
        try:
            self.display.brightness = level
        except (AttributeError, NotImplementedError, RuntimeError, ValueError):
            pass  # a display without a backlight control
