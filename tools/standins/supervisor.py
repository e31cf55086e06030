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
    usb_connected = False


runtime = _Runtime()


def reload():
    """Nothing to reload here."""
