"""A fake ``microcontroller.nvm`` that can lose power in the middle of a write.

Two write models:

* ``"byte"``: bytes are written one by one in address order (EEPROM-like
  NVM, or flash with small pages). A cut after ``n`` bytes leaves the first
  ``n`` new bytes and the old ones after them.
* ``"erase"``: what a SAMD51 (PyBadge) does for *every* assignment: the whole
  8 KB block is read, erased to 0xFF, then programmed again in address order,
  page by page. Write steps: step 1 is the erase, step ``1 + n`` has the
  first ``n`` bytes of the block programmed. Programming runs byte by byte
  here, so a cut can also land inside a page.

``cut_after`` (steps) arms a power cut for the next assignment: the write
stops there and ``PowerCut`` is raised, as if the program died.
"""


class PowerCut(Exception):
    """The power went off during an NVM write."""


class FakeNVM:
    """Bytearray-like NVM with a write model and an optional power cut.

    :param int size: bytes (8192 like a PyBadge).
    :param str model: ``"byte"`` or ``"erase"``.
    :param bytes content: initial bytes (default: erased flash, all 0xFF).
    """

    def __init__(self, size=8192, model="byte", content=None):
        if model not in ("byte", "erase"):
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
        if not isinstance(index, slice):
            index = slice(index, index + 1)
            value = bytes((value,))
        start, stop, step = index.indices(len(self.data))
        if step != 1 or stop - start != len(value):
            raise ValueError("NVM slice assignment must keep the length")
        self.writes += 1
        budget = self.cut_after
        self.cut_after = None
        if self.model == "byte":
            self._program(start, bytes(value), budget)
        else:
            image = bytearray(self.data)
            image[start:stop] = value
            if budget is not None and budget < 1:
                raise PowerCut()
            self.data[:] = b"\xff" * len(self.data)
            self._program(0, image, None if budget is None else budget - 1)

    def _program(self, start, value, budget):
        count = len(value) if budget is None else min(budget, len(value))
        self.data[start : start + count] = value[:count]
        if count < len(value):
            raise PowerCut()

    def steps_of(self, length):
        """Write steps an assignment of ``length`` bytes takes in this model."""
        return length if self.model == "byte" else 1 + len(self.data)
