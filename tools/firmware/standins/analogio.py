# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``analogio``: ``AnalogIn.value`` follows fakeworld.analog for its pin."""

import fakeworld

if fakeworld.missing("analogio"):  # the faked board's firmware has none
    raise ImportError("no module named 'analogio'")


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin

    @property
    def value(self):
        # C on the board: metered (fakeworld.meter), so the fuel VM's
        # figures count only the game's Python.
        start = fakeworld.meter()
        value = fakeworld.analog_value(self.pin)
        fakeworld.metered(start)
        return value

    def deinit(self):
        pass
