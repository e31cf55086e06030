# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``microcontroller.nvm`` objects that write the way two ports do, and
can lose power at any step of a write.

* :class:`SectorFlash`: CircuitPython's RP2040 / RP2350 port
  (``ports/raspberrypi/common-hal/nvm/ByteArray.c``). If every target byte
  reads 0xFF, each touched 256-byte page is programmed (the page's own bytes
  and the new ones), with no erase; otherwise the 4 KB sector is copied,
  erased and programmed again whole.
* :class:`PageFlash`: the nRF52840 port (``ports/nordic/common-hal/nvm/
  ByteArray.c`` and ``peripherals/nrf/nvm.c``): each touched 4 KB page is
  copied, erased and programmed again, one 32-bit word at a time, even when
  its bytes read erased.

Programming only clears bits (``byte &= new``), as on NOR flash. The steps
of one assignment, which ``cut_after`` counts (``PowerCut`` is raised after
that many; 0: before anything changes):

* an erase is two steps: 1 leaves the unit half erased (every byte ORed
  with 0xA5: bits set, none cleared), 2 erased (all 0xFF);
* programming is a step per byte (``SectorFlash``) or per 4-byte word
  (``PageFlash``) of the unit, in address order; at a cut, the next byte or
  word is left half programmed (only the zero bits of its high nibbles).

``last_steps`` and ``last_erased`` tell what the last assignment took;
``erases`` counts erases by unit.
"""

from tests.fake_nvm import PowerCut, assignment

PARTIAL_ERASE = 0xA5


class _Flash:
    def __init__(self, size, unit, content):
        self.data = bytearray(content) if content is not None else bytearray(b"\xff" * size)
        self.unit = unit
        #: Erases per erase unit (sector or page), by unit number.
        self.erases = [0] * (len(self.data) // unit)
        #: Slice assignments made.
        self.writes = 0
        #: Write steps before the power is cut in the next assignment, or None.
        self.cut_after = None
        #: Steps the last assignment took (when not cut), and whether it erased.
        self.last_steps = 0
        self.last_erased = False
        self._budget = None

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def clone(self):
        """A copy with the same bytes and counters, no cut armed."""
        twin = type(self)(content=self.data)
        twin.erases = list(self.erases)
        return twin

    def _slice(self, index, value):
        start, stop, value = assignment(index, value, len(self.data))
        self.writes += 1
        self._budget = self.cut_after
        self.cut_after = None
        self.last_steps = 0
        self.last_erased = False
        return start, stop, value

    def _step(self):
        # One step is about to happen: stop here if the budget is spent.
        if self._budget is not None and self.last_steps >= self._budget:
            raise PowerCut()
        self.last_steps += 1

    def _erase(self, base, length):
        self.last_erased = True
        self.erases[base // self.unit] += 1
        self._step()
        for index in range(base, base + length):
            self.data[index] |= PARTIAL_ERASE
        self._step()
        self.data[base : base + length] = b"\xff" * length

    def _program(self, base, image, width):
        # Program ``image`` at ``base``, ``width`` bytes a step.
        for offset in range(0, len(image), width):
            try:
                self._step()
            except PowerCut:
                for index in range(offset, min(offset + width, len(image))):
                    self.data[base + index] &= image[index] | 0x0F  # half programmed
                raise
            for index in range(offset, min(offset + width, len(image))):
                self.data[base + index] &= image[index]


class SectorFlash(_Flash):
    """RP2040 / RP2350 ``microcontroller.nvm``: 4 KB, one sector, 256-byte pages."""

    SECTOR = 4096
    PAGE = 256

    def __init__(self, size=4096, content=None):
        super().__init__(size, self.SECTOR, content)

    def __setitem__(self, index, value):
        start, stop, value = self._slice(index, value)
        if all(byte == 0xFF for byte in self.data[start:stop]):
            page = start - start % self.PAGE
            while page < stop:
                image = bytearray(self.data[page : page + self.PAGE])
                low, high = max(start, page), min(stop, page + self.PAGE)
                image[low - page : high - page] = value[low - start : high - start]
                self._program(page, image, 1)
                page += self.PAGE
            return
        sector = start - start % self.SECTOR
        while sector < stop:
            image = bytearray(self.data[sector : sector + self.SECTOR])
            low, high = max(start, sector), min(stop, sector + self.SECTOR)
            image[low - sector : high - sector] = value[low - start : high - start]
            self._erase(sector, self.SECTOR)
            self._program(sector, image, 1)
            sector += self.SECTOR


class PageFlash(_Flash):
    """nRF52840 ``microcontroller.nvm``: 8 KB, two 4 KB pages, word writes."""

    PAGE = 4096

    def __init__(self, size=8192, content=None):
        super().__init__(size, self.PAGE, content)

    def __setitem__(self, index, value):
        start, stop, value = self._slice(index, value)
        page = start - start % self.PAGE
        while page < stop:
            image = bytearray(self.data[page : page + self.PAGE])
            low, high = max(start, page), min(stop, page + self.PAGE)
            image[low - page : high - page] = value[low - start : high - start]
            self._erase(page, self.PAGE)
            self._program(page, image, 4)
            page += self.PAGE
