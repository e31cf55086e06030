# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``neopixel_write``: the last buffer sent."""

import fakeworld

if fakeworld.missing("neopixel_write"):  # the faked board's firmware has none
    raise ImportError("no module named 'neopixel_write'")

last = None


def neopixel_write(digitalinout, buf):
    """Keep the buffer sent (itself: a copy would allocate, and the C one does not)."""
    global last
    last = buf
