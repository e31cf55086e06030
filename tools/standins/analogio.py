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
        return fakeworld.analog_value(self.pin)

    def deinit(self):
        pass
