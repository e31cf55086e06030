# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A keypad-style event queue for inputs that are not keys: tilt, a terminal.

The app reads one queue of keypad events with PyBadge key numbers (see
app.controls). An adapter (app.tilt, app.stdin_keys) turns its input into
key presses and releases and pushes them here; the board's own buttons'
``keypad`` queue is merged behind them.

Reading allocates nothing: pushed transitions wait as bytes in a fixed
ring and are handed out in one reused event object, and a button event
is read into the ``keypad.Event`` given (``get_into``). The queue has no
``get_into`` itself (a real ``keypad.Event`` cannot be written from
Python), so the app reads it with ``get()``; each event must be used
before the next ``get()``.

The adapter is sampled once per frame: at the first ``get()`` after one
that returned None (the app reads until None every frame).
"""

# A ring entry: the key number, plus this bit for a press.
_PRESSED = 0x80


class KeyEvent:
    """The event this queue refills: ``key_number``, ``pressed``, ``released``."""

    def __init__(self):
        self.key_number = 0
        self.pressed = False
        self.released = True


class KeyQueue:
    """``events`` for an adapter: its transitions first, then the buttons' queue.

    :param sample: called with no arguments once per frame; pushes with ``push``.
    :param buttons: the board's ``keypad`` keys (has ``events``) or None.
    :param event: a ``keypad.Event`` to read button events into (None:
        the buttons' ``get()``, which allocates an Event per event).
    :param int capacity: transitions that can wait (a power of two).
    """

    def __init__(self, sample, buttons=None, event=None, capacity=8):
        self._sample = sample
        self._buttons = buttons.events if buttons is not None else None
        self._into = event if hasattr(self._buttons, "get_into") else None
        self._ring = bytearray(capacity)
        self._mask = capacity - 1
        self._head = 0
        self._count = 0
        self._lost = False
        self._sampled = False
        self._event = KeyEvent()

    def push(self, key_number, pressed):
        """Queue a press (``pressed`` True) or release of ``key_number`` (0..127).

        A full ring drops it and sets ``overflowed``, as keypad's does.
        """
        if self._count > self._mask:
            self._lost = True
            return
        self._ring[(self._head + self._count) & self._mask] = key_number | (_PRESSED if pressed else 0)
        self._count += 1

    @property
    def free(self):
        """How many more transitions fit."""
        return self._mask + 1 - self._count

    def get(self):
        """The next event (reused: read it before the next call), or None."""
        if not self._sampled:
            self._sampled = True
            self._sample()
        if self._count:
            code = self._ring[self._head]
            self._head = (self._head + 1) & self._mask
            self._count -= 1
            event = self._event
            event.key_number = code & ~_PRESSED
            event.pressed = code >= _PRESSED
            event.released = code < _PRESSED
            return event
        queue = self._buttons
        if queue is not None:
            into = self._into
            if into is None:
                event = queue.get()
                if event is not None:
                    return event
            elif queue.get_into(into):
                return into
        # Read to the end: the next get() starts a new frame.
        self._sampled = False
        return None

    def __len__(self):
        waiting = self._count
        if self._buttons is not None:
            waiting += len(self._buttons)
        return waiting

    @property
    def overflowed(self):
        """True if transitions or button events were dropped since ``clear()``."""
        return self._lost or getattr(self._buttons, "overflowed", False)

    def clear(self):
        """Drop every waiting event and reset ``overflowed``."""
        self._count = 0
        self._lost = False
        clear = getattr(self._buttons, "clear", None)
        if clear is not None:
            clear()
