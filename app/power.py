# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The battery and the light sensor, read twice a second: the battery's
level on the screen, a save and a word when it runs low, the game's
thrift while it is empty, and Brightness "auto".

``Power`` is the backlight (app.backlight) of a board with a battery
gauge or a light sensor: the App builds it only there, so a board with
neither holds none of this. The App asks ``read`` when ``at`` comes (its
frame loop compares the ticks itself: a call every frame would cost one)
and gives ``apply`` the player's Brightness. The battery's module
(app.battery) comes with the board's profile; Brightness "auto"'s
(app.light) is loaded while it is on. docs/power.md has the figures.
"""

from micropython import const

from app.backlight import Backlight
from app.words import text

# What app.battery.Gauge.tick reports (its LOW and EMPTY; that module is
# loaded only on a board with a battery gauge).
_BATTERY_LOW = const(1)
_BATTERY_EMPTY = const(2)
# The texts of app.words the status says (lang/keys.txt names them).
_W_S_BATT = const(8)
_W_S_LOW = const(9)
_W_S_EMPTY = const(10)
_TICKS_MASK = const(0x1FFFFFFF)  # supervisor.ticks_ms wraps at 2**29

#: How often the battery gauge and the light sensor are read (ms): twice a
#: second, for the light sensor's sake (app.light averages a lamp's flicker
#: over its readings; more readings, less flicker), and the battery's
#: decisions are counted in readings (app.battery). docs/power.md quotes it.
POWER_MS = 500
#: With Brightness "auto", each reading moves the frame schedule this much
#: earlier (ms): readings come every POWER_MS - LIGHT_SHIFT_MS, and each
#: meets a lamp's flicker 0.2 of a 100 Hz cycle, 0.24 of a 120 Hz one,
#: from where the last did.
LIGHT_SHIFT_MS = const(2)


class Power(Backlight):
    """The backlight of ``hardware`` (an :class:`app.hardware.Hardware`),
    with its battery gauge and Brightness "auto" (its ``battery``,
    ``light`` and ``dimmable``), on the App's ``view``, ``assist`` and
    ``saving``.

    :param int now: the time of start-up (ms), the first "input".
    """

    def __init__(self, hardware, now, view, assist, saving):
        super().__init__(hardware, now)
        #: The battery gauge, or None (a board that cannot read its battery).
        self.battery = hardware.battery
        #: The light sensor, or None.
        self.light = hardware.light
        #: True if Settings offers Brightness "auto" (a light sensor and a
        #: backlight that dims).
        self.auto_offered = hardware.light is not None and hardware.dimmable
        #: Brightness "auto" (app.light), loaded while it is on.
        self.auto = None
        #: True while the battery is empty (not on USB): no animations, no
        #: hints or autoplay, to make the rest last.
        self.low_power = False
        #: When the battery and light are next read (ticks_ms); -1: never
        #: (the board has no battery gauge, and Brightness is not "auto").
        self.at = -1
        self._version = -1
        self.view = view
        self.assist = assist
        self.saving = saving

    def apply(self, settings, now):
        """Brightness as ``settings`` (app.settings.Settings) has it: a
        level, or "auto" where it is offered; the readings start at ``now``
        if there is anything to read, and stop if there is not."""
        auto = self.auto
        if self.auto_offered and settings.auto_brightness:
            if auto is None:
                from app.light import AutoBrightness

                auto = self.auto = AutoBrightness(self.light)
            self.set_level(auto.level)
        else:
            self.auto = None  # its module stays loaded; the object goes
            self.set_level(settings.brightness)
        if self.battery is None and self.auto is None:
            self.at = -1
        elif self.at < 0:
            self.at = now

    def read(self, now, frame_at):
        """Read the battery and the light (``at`` has come); returns the
        frame schedule ``frame_at`` (ticks_ms), moved LIGHT_SHIFT_MS earlier
        while Brightness is "auto"."""
        self.at = (now + POWER_MS) & _TICKS_MASK
        battery = self.battery
        if battery is not None:
            news = battery.tick()
            empty = battery.empty
            view = self.view
            if empty != self.low_power:
                # Empty (again, after USB power came and went: said once
                # already), or no more: a charge, USB power, no reading.
                self.low_power = empty
                if empty and self.assist.autoplay:
                    self.assist.stop()
                    view.say(_W_S_BATT, _W_S_EMPTY)
            if battery.version != self._version:
                self._version = battery.version
                view.show_battery(battery.text())
                status = view.status_text
                if status.startswith(text(_W_S_BATT)) and battery.state < (
                    _BATTERY_EMPTY if status.endswith(text(_W_S_EMPTY)) else _BATTERY_LOW
                ):
                    view.show_status()  # the warning is over: USB power, a charge, no reading
            if news:
                # Low, then empty: the game is kept now, while there is
                # power to write it, and the player is told.
                saving = self.saving
                if saving.policy.dirty and saving.may_save(now):
                    saving.save(now)
                if news == _BATTERY_EMPTY:
                    self.assist.stop()
                view.say(_W_S_BATT, _W_S_EMPTY if news == _BATTERY_EMPTY else _W_S_LOW)
        auto = self.auto
        if auto is not None:
            # The next frame comes LIGHT_SHIFT_MS early, the frames after it
            # keep the new beat, and so does the next reading: it falls
            # elsewhere in a lamp's 100 or 120 Hz flicker. Frames 20 ms apart
            # all meet one moment of a 100 Hz cycle; readings that walk
            # through it let the average take the flicker out (app.light).
            self.at = (self.at - LIGHT_SHIFT_MS) & _TICKS_MASK
            frame_at = (frame_at - LIGHT_SHIFT_MS) & _TICKS_MASK
            level = auto.tick()
            if level is not None:
                self.set_level(level)
        return frame_at
