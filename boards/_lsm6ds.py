# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The CLUE's accelerometer (LSM6DS33, or LSM6DS3TR-C on later boards), read directly.

Tilt needs one thing of the chip: the three accelerations, once a frame.
adafruit_lsm6ds does that and much more (gyro, pedometer, machine-learning
core), and in RAM it costs some 16 KB with adafruit_register and
adafruit_bus_device, plus a register buffer and tuples on every read. This
reader sets the chip up once (104 readings a second, +/-4 g, the output
registers updated whole) and reads the six output bytes into one buffer:
nothing is allocated per frame (on CircuitPython a float is no heap
object). The register map is the chip's datasheet's: WHO_AM_I 0x0F (0x69
or 0x6A), CTRL1_XL 0x10, CTRL3_C 0x12, OUTX_L_XL 0x28.
"""

from micropython import const

#: The chip's I2C address on the CLUE.
ADDRESS = const(0x6A)
#: WHO_AM_I answers: LSM6DS33, LSM6DS3TR-C.
CHIPS = (0x69, 0x6A)
_WHO_AM_I = const(0x0F)
_CTRL1_XL = const(0x10)
_CTRL3_C = const(0x12)
_OUTX_L_XL = const(0x28)
#: CTRL1_XL: 104 Hz (0100 in bits 7-4), +/-4 g (10 in bits 3-2).
_RATE_104_HZ_4_G = const(0x48)
#: CTRL3_C: block data update (bit 6), register address auto-increment (bit 2).
_BDU_AND_INCREMENT = const(0x44)
#: m/s^2 per count at +/-4 g: 0.122 mg x 9.80665.
_PER_COUNT = 0.122 * 9.80665 / 1000


class LSM6DS:
    """``acceleration``: [x, y, z] in m/s^2 (one list, refilled each read).

    :param i2c: the bus (``board.I2C()``).
    :raises RuntimeError: no LSM6DS33 / LSM6DS3TR-C answers at ADDRESS.
    """

    def __init__(self, i2c, address=ADDRESS):
        self.i2c = i2c
        self.address = address
        self._out = bytearray(2)
        self._data = bytearray(6)
        self._reading = [0.0, 0.0, 0.0]
        try:
            chip = self._read(_WHO_AM_I, 1)[0]
        except OSError:
            chip = None
        if chip not in CHIPS:
            raise RuntimeError("no LSM6DS accelerometer at 0x%02X (WHO_AM_I %r)" % (address, chip))
        self._write(_CTRL3_C, _BDU_AND_INCREMENT)
        self._write(_CTRL1_XL, _RATE_104_HZ_4_G)

    def _locked(self):
        while not self.i2c.try_lock():
            pass

    def _write(self, register, value):
        out = self._out
        out[0] = register
        out[1] = value
        self._locked()
        try:
            self.i2c.writeto(self.address, out)
        finally:
            self.i2c.unlock()

    def _read(self, register, count):
        out = self._out
        out[0] = register
        data = self._data
        self._locked()
        try:
            self.i2c.writeto_then_readfrom(self.address, out, data, out_end=1, in_end=count)
        finally:
            self.i2c.unlock()
        return data

    @property
    def acceleration(self):
        """The three accelerations now, m/s^2, along the chip's x, y, z."""
        data = self._read(_OUTX_L_XL, 6)
        reading = self._reading
        for axis in range(3):
            raw = data[2 * axis] | (data[2 * axis + 1] << 8)
            if raw >= 0x8000:
                raw -= 0x10000
            reading[axis] = raw * _PER_COUNT
        return reading
