# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``supervisor``: the scripted clock (fakeworld.now)."""

import fakeworld


def ticks_ms():
    """Milliseconds since power-on, wrapping at 2**29."""
    return fakeworld.now


class _Runtime:
    display = None
    serial_connected = False

    @property
    def usb_connected(self):
        """True while a USB host has the board enumerated (fakeworld.usb)."""
        return fakeworld.usb

    @property
    def serial_bytes_available(self):
        """Typed characters waiting on the console (fakeworld.typed)."""
        return fakeworld.typed_waiting()


runtime = _Runtime()


def reload():
    """Nothing to reload here."""
