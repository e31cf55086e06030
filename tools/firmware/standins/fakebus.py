# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A fake I2C bus with the faked board's accelerometer on it, register by register.

``board.I2C()`` returns this bus. The real sensor libraries run on it
unchanged (adafruit_lsm6ds on the CLUE, adafruit_lis3dh on the PyBadge and
PyGamer), so what they cost in RAM and time is theirs: only the chip is
faked. A chip answers its WHO_AM_I, keeps what is written to its
registers, finishes a software reset at once, and reports the
acceleration ``fakeworld.acceleration()`` says (milli-g, ints), in the
range its control register is set to. An address with no chip raises
OSError, as a bus does. Nothing here allocates per transfer (on the board
this is C).
"""

import fakeworld


class _Chip:
    def __init__(self, who_am_i):
        self.registers = bytearray(128)
        self.registers[0x0F] = who_am_i  # WHO_AM_I, on both chips
        self.pointer = 0

    def write(self, data, start, end):
        if end <= start:
            return
        self.pointer = data[start] & 0x7F  # bit 7: auto-increment (LIS3DH)
        for index in range(start + 1, end):
            self.registers[(self.pointer + index - start - 1) & 0x7F] = data[index]
        self.settle()

    def settle(self):
        pass

    def read(self, into, start, end):
        self.refresh()
        for index in range(start, end):
            into[index] = self.registers[self.pointer & 0x7F]
            self.pointer += 1

    def refresh(self):
        pass

    def _put_axes(self, at, per_g):
        # The three readings (milli-g) as little-endian int16 at ``at``,
        # ``per_g`` counts to 1 g.
        fakeworld.accelerometer_reads += 1
        milli_g = fakeworld.acceleration()
        for axis in range(3):
            raw = milli_g[axis] * per_g // 1000
            raw = max(-32768, min(32767, raw)) & 0xFFFF
            self.registers[at + 2 * axis] = raw & 0xFF
            self.registers[at + 2 * axis + 1] = raw >> 8


class _LSM6DS33(_Chip):
    # The CLUE's (0x6A): range in CTRL1_XL bits 2-3, data from 0x28.
    def __init__(self):
        super().__init__(0x69)

    def settle(self):
        self.registers[0x12] &= 0xFE  # CTRL3_C: SW_RESET done

    def refresh(self):
        # Counts per g: 1000 / (0.061, 0.488, 0.122, 0.244) mg per count.
        self._put_axes(0x28, (16393, 2049, 8197, 4098)[(self.registers[0x10] >> 2) & 3])


class _LIS3DH(_Chip):
    # The PyBadge's and PyGamer's (0x19): range in CTRL4 bits 4-5, data from 0x28.
    def __init__(self):
        super().__init__(0x33)

    def settle(self):
        self.registers[0x24] &= 0x7F  # CTRL5: reboot done

    def refresh(self):
        self._put_axes(0x28, (16380, 8190, 4096, 1365)[(self.registers[0x23] >> 4) & 3])


_CHIPS = {"lis3dh": _LIS3DH, "lsm6ds33": _LSM6DS33}


def _chips():
    chip = fakeworld.facts()["accelerometer"]
    if chip is None or not fakeworld.accelerometer:
        return {}
    return {chip[1]: _CHIPS[chip[0]]()}


class I2C:
    """The bus: ``try_lock``, ``unlock``, ``writeto``, ``readfrom_into``,
    ``writeto_then_readfrom``, ``scan``, as busio.I2C has them."""

    def __init__(self):
        self._chips = _chips()

    def _chip(self, address):
        chip = self._chips.get(address)
        if chip is None:
            raise OSError(19)  # ENODEV: no chip answers at that address
        if not fakeworld.accelerometer:
            raise OSError(5)  # EIO: the chip stopped answering (a loose cable, a dead part)
        return chip

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return sorted(self._chips)

    def writeto(self, address, buffer, *, start=0, end=None):
        end = len(buffer) if end is None else end
        self._chip(address).write(buffer, start, end)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        end = len(buffer) if end is None else end
        self._chip(address).read(buffer, start, end)

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0, in_end=None):
        out_end = len(out_buffer) if out_end is None else out_end
        in_end = len(in_buffer) if in_end is None else in_end
        chip = self._chip(address)
        chip.write(out_buffer, out_start, out_end)
        chip.read(in_buffer, in_start, in_end)

    def deinit(self):
        pass
