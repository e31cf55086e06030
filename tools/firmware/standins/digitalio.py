# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``digitalio``: outputs remember their value; inputs read the fake
world (fakeworld.digital_value: a USB sense pin follows its power)."""

import fakeworld


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self._value = False
        self.pull = None
        self.direction = Direction.INPUT

    @property
    def value(self):
        if self.direction == Direction.OUTPUT:
            return self._value
        return fakeworld.digital_value(self.pin, self.pull == Pull.UP)

    @value.setter
    def value(self, value):
        self._value = value

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self._value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    def deinit(self):
        pass
