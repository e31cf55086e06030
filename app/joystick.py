# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""PyGamer: its analog stick as D-pad keys, merged with the 4 shift-register buttons.

The app reads one keypad-style queue with PyBadge key numbers; this class
offers that queue for a PyGamer. The stick is sampled whenever the app
reads events; leaving the centre zone presses a direction (key 4..7),
coming back releases it. Thresholds have hysteresis so a stick resting
near an edge does not chatter.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


import keypad

from app import controls

_PRESS_LOW = const(16000)  # of 0..65535: a push this far from the centre presses
_PRESS_HIGH = const(49535)
_RELEASE_LOW = const(24000)  # back inside these bounds releases
_RELEASE_HIGH = const(41535)


class JoystickKeys:
    """``events`` like ``keypad.ShiftRegisterKeys`` for a stick plus buttons (itself).

    :param buttons: ``keypad.ShiftRegisterKeys`` with key_count=4 (B, A, Start, Select).
    :param x_axis: ``analogio.AnalogIn`` on board.JOYSTICK_X (0..65535).
    :param y_axis: ``analogio.AnalogIn`` on board.JOYSTICK_Y.
    """

    def __init__(self, buttons, x_axis, y_axis):
        self.buttons = buttons
        self.x_axis = x_axis
        self.y_axis = y_axis
        self.pending = []
        self._x_key = -1
        self._y_key = -1
        self.events = self

    def get(self):
        """Next event: stick transitions first, then the buttons' queue."""
        self.sample()
        if self.pending:
            return self.pending.pop(0)
        return self.buttons.events.get()

    def __len__(self):
        return len(self.pending) + len(self.buttons.events)

    @property
    def overflowed(self):
        """True if the buttons' queue dropped events (the stick's never does)."""
        return getattr(self.buttons.events, "overflowed", False)

    def clear(self):
        """Drop the queued button events and reset ``overflowed``."""
        self.buttons.events.clear()

    def _axis(self, value, held, low_key, high_key):
        # Returns the key now held on this axis (-1: none), queueing changes.
        if held >= 0:
            if _RELEASE_LOW <= value <= _RELEASE_HIGH or (held == low_key and value > _RELEASE_HIGH) or (
                held == high_key and value < _RELEASE_LOW
            ):
                self.pending.append(keypad.Event(held, False))
                held = -1
        if held < 0:
            if value < _PRESS_LOW:
                held = low_key
            elif value > _PRESS_HIGH:
                held = high_key
            if held >= 0:
                self.pending.append(keypad.Event(held, True))
        return held

    def sample(self):
        """Read the stick once and queue any direction press / release."""
        self._x_key = self._axis(self.x_axis.value, self._x_key, controls.KEY_LEFT, controls.KEY_RIGHT)
        self._y_key = self._axis(self.y_axis.value, self._y_key, controls.KEY_UP, controls.KEY_DOWN)
