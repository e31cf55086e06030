# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``board`` for the board named by ``fakeworld.BOARD_ID``.

Pins are plain strings named like the board's own (fakeboards.py);
``DISPLAY`` (or ``supervisor.runtime.display``) is a fake display. Import
it after ``fakeworld.reset(...)`` (re-import to change boards).
"""

import fakeworld


class FakeDisplay:
    """The display API the game uses: root_group, refresh(), auto_refresh, brightness.

    As on the board, with ``auto_refresh`` off the screen shows only what
    the last ``refresh()`` sent; with it on, what the group tree is at the
    end of each frame (the firmware refreshes in the background). On the
    desktop each refresh goes to ``glass`` (tools.play.glass.Glass), in a VM
    it is only counted (``fakeworld.refreshes``).
    """

    def __init__(self, width, height):
        self.width = width
        self.height = height
        #: As the board's firmware sets it (its board.c); the game does not turn it.
        self.rotation = fakeworld.facts()["rotation"]
        self.root_group = None
        self.auto_refresh = fakeworld.facts()["auto_refresh"]
        #: The backlight, 0..1 (it changes the screen at once: no refresh).
        self.brightness = 1.0
        maker = fakeworld.glass_maker
        self.glass = None if maker is None else maker(width, height, self.rotation)
        fakeworld.display = self

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        fakeworld.refreshes += 1
        if self.glass is not None:
            self.glass.capture(self.root_group)
        return True


board_id = fakeworld.BOARD_ID
for _name in fakeworld.facts()["pins"].split():
    globals()[_name] = _name
if fakeworld.facts()["runtime_screen"] is not None:
    import supervisor

    _screen = getattr(fakeworld, "RUNTIME_SCREEN", fakeworld.facts()["runtime_screen"])
    supervisor.runtime.display = None if _screen is None else FakeDisplay(_screen[0], _screen[1])
elif fakeworld.facts()["screen"] is not None:
    _screen = fakeworld.facts()["screen"]
    DISPLAY = FakeDisplay(_screen[0], _screen[1])


_bus = []


def I2C():
    """The board's I2C bus, with its accelerometer on it (fakebus)."""
    if not _bus:
        import fakebus

        _bus.append(fakebus.I2C())
    return _bus[0]
