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

from micropython import const

from app import controls
from app.key_queue import KeyQueue

_PRESS_LOW = const(16000)  # of 0..65535: a push this far from the centre presses
_PRESS_HIGH = const(49535)
_RELEASE_LOW = const(24000)  # back inside these bounds releases
_RELEASE_HIGH = const(41535)


class JoystickKeys:
    """``events`` like ``keypad.ShiftRegisterKeys`` for a stick plus buttons.

    :param buttons: ``keypad.ShiftRegisterKeys`` with key_count=4 (B, A, Start, Select).
    :param x_axis: ``analogio.AnalogIn`` on board.JOYSTICK_X (0..65535).
    :param y_axis: ``analogio.AnalogIn`` on board.JOYSTICK_Y.
    :param event: the ``keypad.Event`` the buttons are read into (the
        App's): with it, no event allocates (app.key_queue).
    """

    def __init__(self, buttons, x_axis, y_axis, event=None):
        self.buttons = buttons
        self.x_axis = x_axis
        self.y_axis = y_axis
        self._x_key = -1
        self._y_key = -1
        self.events = KeyQueue(self.sample, buttons, event)

    def _axis(self, value, held, low_key, high_key):
        # Returns the key now held on this axis (-1: none), queueing changes.
        if held >= 0:
            if (
                _RELEASE_LOW <= value <= _RELEASE_HIGH
                or (held == low_key and value > _RELEASE_HIGH)
                or (held == high_key and value < _RELEASE_LOW)
            ):
                self.events.push(held, False)
                held = -1
        if held < 0:
            if value < _PRESS_LOW:
                held = low_key
            elif value > _PRESS_HIGH:
                held = high_key
            if held >= 0:
                self.events.push(held, True)
        return held

    def sample(self):
        """Read the stick once and queue any direction press / release."""
        self._x_key = self._axis(self.x_axis.value, self._x_key, controls.KEY_LEFT, controls.KEY_RIGHT)
        self._y_key = self._axis(self.y_axis.value, self._y_key, controls.KEY_UP, controls.KEY_DOWN)
