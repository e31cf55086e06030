# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Settings > Tilt on the optional LIS3DH accelerometer of a PyBadge or PyGamer.

A board profile hands ``LIS3DHTilt(right, down)`` to the App as its
``tilt``. It is small on purpose: nothing of tilt (app.tilt, the sensor's
library) is imported until a player turns Tilt on; a board without the
sensor (a PyBadge LC) turns it back off (app.tilt.turn_on).
"""


class LIS3DHTilt:
    """The App's ``tilt(keys, event, settings) -> keys`` for a LIS3DH on ``board.I2C()`` at 0x19.

    :param str right: the sensor axis, with its sign, that grows when the
        screen's right edge is lowered (app.tilt.TiltKeys).
    :param str down: the same for the bottom edge.
    """

    def __init__(self, right, down):
        self.right = right
        self.down = down

    def __call__(self, keys, event, settings):
        from app.tilt import turn_on

        return turn_on(keys, event, _lis3dh, settings, right=self.right, down=self.down)


def _lis3dh():
    import adafruit_lis3dh
    import board

    return adafruit_lis3dh.LIS3DH_I2C(board.I2C(), address=0x19)
