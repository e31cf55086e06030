# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``neopixel_write``: the last bytes sent."""

last = None


def neopixel_write(digitalinout, buf):
    global last
    last = bytes(buf)
