# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A fake ``microcontroller.nvm`` that can lose power in the middle of a write.

Three write models:

* ``"byte"``: bytes are written one by one in address order (EEPROM-like
  NVM, or flash with small pages). A cut after ``n`` bytes leaves the first
  ``n`` new bytes and the old ones after them.
* ``"erase"``: what a SAMD51 (PyBadge) does for *every* assignment: the whole
  8 KB block is read, erased to 0xFF, then programmed again in address order,
  page by page. Write steps: step 1 is the erase, step ``1 + n`` has the
  first ``n`` bytes of the block programmed. Programming runs byte by byte
  here, so a cut can also land inside a page.
* ``"page"``: the same, with the 16 pages of 512 bytes as the steps: step 1
  is the erase, step ``1 + p`` has pages 0 .. p - 1 programmed. With the
  datasheet's times per step (``write_ms``) it turns a cut step into the
  milliseconds since the write began.

``cut_after`` (steps) arms a power cut for the next assignment: the write
stops there and ``PowerCut`` is raised, as if the program died.
"""


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
                raise PowerCut()
            self.data[:] = b"\xff" * len(self.data)
            budget = None if budget is None else budget - 1
            if self.model == "page" and budget is not None:
                budget *= self.PAGE  # whole pages: a page is programmed or not
            self._program(0, image, budget)

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
