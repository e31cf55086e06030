# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``keypad``: keys pressed by the script in fakeworld.

``ShiftRegisterKeys`` and ``Keys`` share one queue; ``EventQueue`` has the
real API (``get``, ``get_into``, ``__len__``, ``overflowed``, ``clear``)
and moves the world's clock when the app has read every event of a frame.

As on the board, the queue holds ``max_events`` events: the scanner drops
an event that finds it full and sets ``overflowed`` (here: scripted events
whose time has come beyond the first ``max_events`` waiting are dropped
from the script), and ``clear()`` empties it and resets the flag
(shared-module/keypad/EventQueue.c).
"""

import fakeworld


class Event:
    """A key event: ``key_number``, ``pressed``, ``released``, ``timestamp``."""

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    """Events as the script delivers them.

    :param pins: the pins of a ``Keys`` (a scripted pin name becomes its
        index, as the board's scanner numbers keys), or None.
    """

    def __init__(self, max_events=64, pins=None):
        self._overflowed = False
        self._max = max_events
        self._pins = pins

    def _fill(self):
        # The events whose time has come are in the queue; past max_events
        # the scanner found it full: those are lost.
        keys = fakeworld.keys
        index = fakeworld.delivered
        waiting = 0
        while index < len(keys) and fakeworld._ticks_reached(keys[index][0]):
            if keys[index][1] != -1:
                waiting += 1
                if waiting > self._max:
                    del keys[index]
                    self._overflowed = True
                    continue
            index += 1
        return index

    @property
    def overflowed(self):
        if fakeworld.delivered < len(fakeworld.keys):  # (an idle frame: nothing to look at)
            self._fill()
        return self._overflowed

    def _next(self):
        if fakeworld.delivered < len(fakeworld.keys):
            self._fill()
        due = fakeworld.due_key()
        if due is None:
            fakeworld.end_of_frame()
        return due

    def _number(self, key):
        # A pin's name -> its index among the pins (no allocation); a pin
        # this source does not scan is a scripting error.
        if isinstance(key, str):
            if self._pins is None or key not in self._pins:
                raise ValueError("the script pressed %s, which this key source does not scan" % key)
            return self._pins.index(key)
        return key

    def get_into(self, event):
        due = self._next()
        if due is None:
            return False
        event.key_number = self._number(due[1])
        event.pressed = due[2]
        event.timestamp = fakeworld.now
        return True

    def get(self):
        due = self._next()
        if due is None:
            return None
        event = Event(self._number(due[1]), due[2])
        event.timestamp = fakeworld.now
        return event

    def __len__(self):
        keys = fakeworld.keys
        if fakeworld.delivered >= len(keys):
            return 0
        count = 0
        for index in range(fakeworld.delivered, self._fill()):
            if keys[index][1] != -1:
                count += 1
        return count

    def __bool__(self):
        return len(self) > 0

    def clear(self):
        # Every waiting event goes (the script's waits with them).
        fakeworld.delivered = self._fill()
        self._overflowed = False


class _Keys:
    def __init__(self, key_count, max_events=64, pins=None):
        self.key_count = key_count
        self.events = EventQueue(max_events, pins)

    def reset(self):
        pass

    def deinit(self):
        pass


class ShiftRegisterKeys(_Keys):
    """Keys behind a shift register (PyBadge, PyGamer)."""

    def __init__(
        self,
        *,
        clock,
        data,
        latch,
        value_to_latch=True,
        key_count,
        value_when_pressed,
        interval=0.02,
        max_events=64,
        debounce_threshold=1,
    ):
        super().__init__(key_count if isinstance(key_count, int) else sum(key_count), max_events)


class Keys(_Keys):
    """One pin per key (Sprig, PicoSystem, Wio Terminal, CLUE ...)."""

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64, debounce_threshold=1):
        for pin in pins:
            if not isinstance(pin, str):
                raise TypeError("pins must be the board's pins")
        super().__init__(len(pins), max_events, tuple(pins))
