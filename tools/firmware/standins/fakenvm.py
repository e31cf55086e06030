# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The fake world's ``microcontroller.nvm``: how each port writes it, and power cuts.

CircuitPython's ports write ``nvm`` three ways, and a fake board's NVM
(``for_port``) writes its port's way, so a save behaves in the simulator
and the tests as on the board:

* ``"samd51"`` (PyBadge, PyGamer, Wio Terminal, PewPew M4): every
  assignment erases the 8 KB block and programs it again whole
  (:class:`FakeNVM`, model ``"erase"``);
* ``"nrf52840"`` (CLUE): each touched 4 KB page is erased and programmed
  again, a 32-bit word at a time (:class:`PageFlash`);
* ``"rp2"`` (RP2040 / RP2350: Sprig, PicoSystem, Thumby Color, Fruit
  Jam): bytes that read erased are programmed in place, anything else
  rewrites the 4 KB sector (:class:`SectorFlash`).

Each can lose power at any step of a write (``cut_after``: ``PowerCut``
is raised), for the tests of saving; :class:`FaultyNVM` fails on purpose
(errors, torn or dropped writes). The measuring VMs keep a plain
bytearray (these models would cost them heap).
"""

# The byte, erase and page models (FakeNVM):
#
# A fake ``microcontroller.nvm`` that can lose power in the middle of a write.
#
# Three write models:
#
# * ``"byte"``: bytes are written one by one in address order (EEPROM-like
#   NVM, or flash with small pages). A cut after ``n`` bytes leaves the first
#   ``n`` new bytes and the old ones after them.
# * ``"erase"``: what a SAMD51 (PyBadge) does for *every* assignment: the whole
#   8 KB block is read, erased to 0xFF, then programmed again in address order,
#   page by page. Write steps: step 1 is the erase, step ``1 + n`` has the
#   first ``n`` bytes of the block programmed. Programming runs byte by byte
#   here, so a cut can also land inside a page.
# * ``"page"``: the same, with the 16 pages of 512 bytes as the steps: step 1
#   is the erase, step ``1 + p`` has pages 0 .. p - 1 programmed. With the
#   datasheet's times per step (``write_ms``) it turns a cut step into the
#   milliseconds since the write began.
#
# ``cut_after`` (steps) arms a power cut for the next assignment: the write
# stops there and ``PowerCut`` is raised, as if the program died.


class PowerCut(BaseException):
    """The power went off during an NVM write.

    A BaseException, like the program dying: the store's save catches what
    an NVM object can raise (``Exception``), never this.
    """


def assignment(index, value, length):
    """``(start, stop, bytes)`` of ``nvm[index] = value`` on ``length``
    bytes, as CircuitPython's ByteArray takes it: an int index writes one
    byte; a slice must be contiguous and keep the length (ValueError)."""
    if not isinstance(index, slice):
        index = slice(index, index + 1)
        value = bytes((value,))
    start, stop, step = index.indices(length)
    if step != 1 or stop - start != len(value):
        raise ValueError("NVM slice assignment must keep the length")
    return start, stop, bytes(value)


class FakeNVM:
    """Bytearray-like NVM with a write model and an optional power cut.

    :param int size: bytes (8192 like a PyBadge).
    :param str model: ``"byte"`` or ``"erase"``.
    :param bytes content: initial bytes (default: erased flash, all 0xFF).
    """

    #: SAMD51 NVM page, the unit programmed after the block erase (bytes).
    PAGE = 512

    def __init__(self, size=8192, model="byte", content=None):
        if model not in ("byte", "erase", "page"):
            raise ValueError(model)
        self.model = model
        self.data = bytearray(content) if content is not None else bytearray(b"\xff" * size)
        #: Slice assignments made (each one is a block erase under "erase").
        self.writes = 0
        #: Write steps before the power is cut in the next assignment, or None.
        self.cut_after = None
        #: None, or (fraction, random.Random) for "erase" and "page": a cut
        #: at step 0 then lands early in the erase instead of before it,
        #: each bit of the block already set with that chance (an erase
        #: sets bits, and not all at the same moment).
        self.erase_begun = None

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        start, stop, value = assignment(index, value, len(self.data))
        self.writes += 1
        budget = self.cut_after
        self.cut_after = None
        if self.model == "byte":
            self._program(start, value, budget)
        else:
            image = bytearray(self.data)
            image[start:stop] = value
            if budget is not None and budget < 1:
                if self.erase_begun is not None:
                    self._begin_erase(*self.erase_begun)
                raise PowerCut()
            self.data[:] = b"\xff" * len(self.data)
            budget = None if budget is None else budget - 1
            if self.model == "page" and budget is not None:
                budget *= self.PAGE  # whole pages: a page is programmed or not
            self._program(0, image, budget)

    def _begin_erase(self, fraction, rng):
        # A cut early in the block's erase: each bit set (to 1) with
        # ``fraction`` chance, independently.
        data = self.data
        for index in range(len(data)):
            byte = data[index]
            if byte != 0xFF:
                for bit in range(8):
                    if rng.random() < fraction:
                        byte |= 1 << bit
                data[index] = byte

    def _program(self, start, value, budget):
        count = len(value) if budget is None else min(budget, len(value))
        self.data[start : start + count] = value[:count]
        if count < len(value):
            raise PowerCut()

    def steps_of(self, length):
        """Write steps an assignment of ``length`` bytes takes in this model."""
        if self.model == "byte":
            return length
        if self.model == "page":
            return 1 + len(self.data) // self.PAGE
        return 1 + len(self.data)

    @staticmethod
    def write_ms(steps, erase_ms, page_ms):
        """Milliseconds from the start of a "page" write to the end of step
        ``steps`` (0: the start; 1: the erase done; 1 + p: p pages done)."""
        if steps <= 0:
            return 0
        return erase_ms + (steps - 1) * page_ms


class FaultyNVM:
    """Bytearray-like NVM that fails on purpose.

    :param int size: bytes.
    :param write_error: exception (instance) raised by the next writes, or None.
    :param read_error: exception raised by reads, or None.
    :param int partial: with ``write_error``, write this many bytes of the
        assignment first (a write torn by the error).
    :param bool drop: writes silently store only the first ``partial``
        bytes and raise nothing (a lying NVM: only a read-back can tell).
    :param int failures: how many writes fail before writes work again
        (None: all of them).
    """

    def __init__(self, size=8192, write_error=None, read_error=None, partial=0, drop=False, failures=None):
        self.data = bytearray(b"\xff" * size)
        self.write_error = write_error
        self.read_error = read_error
        self.partial = partial
        self.drop = drop
        self.failures = failures
        #: Assignments attempted, and those that failed.
        self.writes = 0
        self.failed = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        if self.read_error is not None:
            raise self.read_error
        if isinstance(index, slice):
            return bytearray(self.data[index])
        return self.data[index]

    def __setitem__(self, index, value):
        start, stop, _ = index.indices(len(self.data))
        self.writes += 1
        failing = (self.write_error is not None or self.drop) and (self.failures is None or self.failed < self.failures)
        if not failing:
            self.data[start:stop] = value
            return
        self.failed += 1
        self.data[start : start + self.partial] = value[: self.partial]
        if not self.drop:
            raise self.write_error


# The sector and page flashes (SectorFlash, PageFlash):
#
# Fake ``microcontroller.nvm`` objects that write the way two ports do, and
# can lose power at any step of a write.
#
# * :class:`SectorFlash`: CircuitPython's RP2040 / RP2350 port
#   (``ports/raspberrypi/common-hal/nvm/ByteArray.c``). If every target byte
#   reads 0xFF, each touched 256-byte page is programmed (the page's own bytes
#   and the new ones), with no erase; otherwise the 4 KB sector is copied,
#   erased and programmed again whole.
# * :class:`PageFlash`: the nRF52840 port (``ports/nordic/common-hal/nvm/
#   ByteArray.c`` and ``peripherals/nrf/nvm.c``): each touched 4 KB page is
#   copied, erased and programmed again, one 32-bit word at a time, even when
#   its bytes read erased.
#
# Programming only clears bits (``byte &= new``), as on NOR flash. The steps
# of one assignment, which ``cut_after`` counts (``PowerCut`` is raised after
# that many; 0: before anything changes):
#
# * an erase is two steps: 1 leaves the unit half erased (every byte ORed
#   with 0xA5: bits set, none cleared), 2 erased (all 0xFF);
# * programming is a step per byte (``SectorFlash``) or per 4-byte word
#   (``PageFlash``) of the unit, in address order; at a cut, the next byte or
#   word is left half programmed (only the zero bits of its high nibbles).
#
# ``last_steps`` and ``last_erased`` tell what the last assignment took;
# ``erases`` counts erases by unit.

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

    def _rewrite(self, start, stop, value, block, erase, width):
        # Write value (the bytes for start..stop) block by block: each
        # ``block``-aligned block touched is read, merged with its part of
        # value, erased first if ``erase``, and programmed ``width`` bytes a step.
        base = start - start % block
        while base < stop:
            image = bytearray(self.data[base : base + block])
            low, high = max(start, base), min(stop, base + block)
            image[low - base : high - base] = value[low - start : high - start]
            if erase:
                self._erase(base, block)
            self._program(base, image, width)
            base += block


class SectorFlash(_Flash):
    """RP2040 / RP2350 ``microcontroller.nvm``: 4 KB, one sector, 256-byte pages."""

    SECTOR = 4096
    PAGE = 256

    def __init__(self, size=4096, content=None):
        super().__init__(size, self.SECTOR, content)

    def __setitem__(self, index, value):
        start, stop, value = self._slice(index, value)
        if all(byte == 0xFF for byte in self.data[start:stop]):
            self._rewrite(start, stop, value, self.PAGE, False, 1)  # into erased bytes: no erase
        else:
            self._rewrite(start, stop, value, self.SECTOR, True, 1)


class PageFlash(_Flash):
    """nRF52840 ``microcontroller.nvm``: 8 KB, two 4 KB pages, word writes."""

    PAGE = 4096

    def __init__(self, size=8192, content=None):
        super().__init__(size, self.PAGE, content)

    def __setitem__(self, index, value):
        start, stop, value = self._slice(index, value)
        self._rewrite(start, stop, value, self.PAGE, True, 4)


def for_port(port, size):
    """The NVM of a board of ``port`` ("samd51", "nrf52840", "rp2"), erased,
    ``size`` bytes; None for a port without one."""
    if not size or port is None:
        return None
    if port == "samd51":
        return FakeNVM(size, model="erase")
    if port == "nrf52840":
        return PageFlash(size)
    if port == "rp2":
        return SectorFlash(size)
    raise ValueError("no NVM model for the %r port" % port)
