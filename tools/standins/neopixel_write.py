# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``neopixel_write``: the last bytes sent."""

import fakeworld

if fakeworld.missing("neopixel_write"):  # the faked board's firmware has none
    raise ImportError("no module named 'neopixel_write'")

last = None


def neopixel_write(digitalinout, buf):
    global last
    last = bytes(buf)
