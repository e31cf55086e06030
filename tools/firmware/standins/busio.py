# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``busio``: the bus ``board.I2C()`` returns (fakebus), and an SPI type.

The game never makes a bus itself; the sensor libraries name these types
in their hints (imported only where ``typing`` exists: the desktop).
"""

from fakebus import I2C  # noqa: F401  the board's bus, with its accelerometer


class SPI:
    """No SPI device of the game's is faked."""

    def __init__(self, clock, MOSI=None, MISO=None):
        raise OSError(19)  # no device answers
