# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The "log" layout of :mod:`engine.store`: records appended into erased flash.

For a port whose NVM write only *programs* when every target byte reads
0xFF and otherwise copies, erases and reprograms the whole erase sector:
CircuitPython's RP2040 / RP2350 port (4 KB sector, 256-byte program pages).
Loaded only by ``Store(..., layout="log")``, so boards with other layouts
never hold it.

* Records go into 128-byte slots from the region's start (two per program
  page; a slot never straddles one). A save appends the record after the
  last slot in use: its bytes all read 0xFF, so the port programs one page
  and erases nothing. Programming only clears bits, and the other record in
  that page is programmed with its own bytes, so neither a finished nor a
  cut append can change it: a cut loses only the new record.
* When the last slot is in use (or the next one is not erased), the save
  first programs the *mark* (0x00) into the 8 unused bytes after the
  newest record (``SLOT_SIZE - LENGTH``; they read 0xFF: no erase), then
  writes the whole area
  once: the new record in slot 0, 0xFF everywhere else. That is the one
  erase per ``slots`` saves, and the only write whose cut loses the game:
  from the start of its erase until slot 0 is programmed again, no record
  is trusted (docs/saving.md).
* "Newest" is the log's own order, never a comparison of sequence numbers:
  ``load`` reads the slots from the last to the first and the first record
  that passes every check is the newest (every append goes after the last
  slot in use, so a save is always the last record in slot order). One
  exception, for a region the "block" layout wrote (an older version of
  the game): when that record is in slot 1, a record in slot 0 whose
  sequence number is exactly one more is the newer of the block's two (a
  record appended after slot 0 has one more than it, never one less). A
  torn or refused record after the newest is skipped, counted in
  ``refused`` until a save lands after it, and never written into again.
* A marked slot whose record fails its checks (an erase began) stops the
  search: the newest record was there, any record before it is older, and
  none is trusted (a fresh game); the sector is rewritten at the next save.
  An erase sets bits all over the sector at once: an older record would
  have to come through it whole while all 64 bits of the mark went back
  to 1. A marked record that passes is the newest, as any.
* A record of a later format version (the magic whole, a version this
  code does not know: a newer game wrote it, and the player went back to
  this one) is longer than ours, so its bytes after ours are not a mark:
  it is skipped like foreign data and the newest record of this version
  before it loads, as "block" and "pages" load theirs. The next save goes
  after it (or, with the log full, rewrites the area: the later record
  goes then, never this version's before the save).
"""

from engine.record import FOREIGN, LENGTH, MAGIC, SEQUENCE_AT, SLOT_SIZE, VERSION_AT, VERSIONS, get, replays, verdict

# What an erased slot reads, and the bytes after a record (the mark's place).
_ERASED = b"\xff" * SLOT_SIZE
_TAIL = _ERASED[LENGTH:]
#: Default program page in bytes (the RP2040's flash page).
PROGRAM_SIZE = 256


def _marked(record):
    # A slot that holds the mark (or what an erase left of it) after what
    # was one of our records: the mark's bytes are not all erased, and the
    # magic's 1 bits are all still 1 (an erase only sets bits) but not
    # every bit of the magic is (a slot erased that far is no evidence).
    if record[LENGTH:] == _TAIL:
        return False
    every = 0xFF
    for index in range(4):
        byte = record[index]
        if byte & MAGIC[index] != MAGIC[index]:
            return False
        every &= byte
    return every != 0xFF


def _later(record):
    # A record of a format version this code does not know, with our magic
    # whole: a later version's (or bytes that look like one). Its bytes
    # after LENGTH are its own, not a mark: it is skipped like foreign data
    # (and never written into), and the records before it load.
    return record[0:4] == MAGIC and record[VERSION_AT] not in VERSIONS


class Log:
    """Placement of records for a ``Store`` with the "log" layout.

    :param store: the ``Store`` (its ``start`` and ``length`` already
        checked); the log reads and writes its ``nvm``.
    :param int erase_size: bytes of the erase sector.
    :param int program_size: bytes of a program page (None: 256).
    :raises ValueError: sizes that do not fit 128-byte slots, a start that is
        not a multiple of ``program_size``, fewer than 2 slots before the end
        of the region or of its sector.
    """

    def __init__(self, store, erase_size, program_size):
        sector = erase_size
        page = PROGRAM_SIZE if program_size is None else program_size
        if page < 1 or sector % page or (page % SLOT_SIZE and SLOT_SIZE % page):
            raise ValueError(
                "layout 'log': program_size=%d must divide erase_size=%d and be a multiple or a"
                " divisor of the %d-byte slot" % (page, sector, SLOT_SIZE)
            )
        start = store.start
        if start % page:
            raise ValueError("layout 'log': start=%d must be a multiple of the %d-byte program page" % (start, page))
        # The log stays inside the erase sector that holds its start.
        count = min(store.length, sector - start % sector) // SLOT_SIZE
        if count < 2:
            raise ValueError(
                "layout 'log': start=%d length=%d leaves %d slot(s) of %d bytes before the end of"
                " the region or of its %d-byte sector; it needs 2" % (start, store.length, count, SLOT_SIZE, sector)
            )
        self.store = store
        #: Slots in the log.
        self.count = count
        #: The last slot that is not erased (-1: none), as the last scan or
        #: write left it; the next append goes after it.
        self.used = -1

    def _slot(self, slot):
        base = self.store.start + slot * SLOT_SIZE
        return self.store.nvm[base : base + SLOT_SIZE]

    def scan(self, refusals):  # noqa: C901  every slot's verdict in one pass (no list per slot)
        """``(newest slot, its record)``, or ``(None, None)``; sets ``used``.

        Refused slots after the newest record go into ``refusals``.
        """
        used = -1
        newest = None
        record = None
        slot = self.count - 1
        store = self.store
        while slot >= 0:
            try:
                record = self._slot(slot)
                whole = len(record) == SLOT_SIZE
                if whole and record == _ERASED:
                    slot -= 1
                    continue
                if used < 0:
                    used = slot  # unreadable or short counts as in use
                if not whole:
                    store.unreadable = store.unreadable or True
                else:
                    # (The history's replay beside the checks: engine.store._scan.)
                    reason = verdict(record) or replays(record)
                    if reason is None:
                        newest = slot
                        break
                    if refusals is not None and reason != FOREIGN:
                        refusals.append((slot, 0, reason))
                    if _marked(record) and not _later(record):
                        used = self.count - 1
                        break
            except Exception as error:  # a strange NVM object must not stop the game
                store.unread_slot(error)  # (short of memory or stack: raises, for Store.load)
                if used < 0:
                    used = slot
            slot -= 1
        if newest == 1:
            # Slot 0 may hold the newer of the "block" layout's two records:
            # its sequence number is then one more (a record appended after
            # slot 0 has one more than it); a marked one that fails was the
            # newest.
            try:
                first = self._slot(0)
                if len(first) == SLOT_SIZE:
                    if (verdict(first) or replays(first)) is None:
                        if get(first, SEQUENCE_AT, 2) == (get(record, SEQUENCE_AT, 2) + 1) & 0xFFFF:
                            newest = 0
                            record = first
                    elif _marked(first):
                        newest = None
            except Exception as error:
                store.unread_slot(error)
        self.used = used
        if newest is None:
            return None, None
        return newest, record

    def write(self, record, newest):
        """Write a sealed record; returns its slot.

        An append when the slot after ``used`` exists and reads erased (no
        erase on RP2040); else the mark after the record in slot ``newest``
        (None: no record is trusted), then the area rewritten once (one
        erase).
        """
        nvm = self.store.nvm
        start = self.store.start
        target = self.used + 1
        if target < self.count:
            base = start + target * SLOT_SIZE
            if nvm[base : base + SLOT_SIZE] == _ERASED:
                self.used = target
                nvm[base : base + LENGTH] = record
                return target
        if newest is not None:
            # The mark first: once it is there, no older record is trusted.
            base = start + newest * SLOT_SIZE + LENGTH
            end = base + len(_TAIL)
            if nvm[base:end] == _TAIL:
                nvm[base:end] = bytes(len(_TAIL))
        image = bytearray(self.count * SLOT_SIZE)
        for slot in range(self.count):
            image[slot * SLOT_SIZE : (slot + 1) * SLOT_SIZE] = _ERASED
        image[0:LENGTH] = record
        self.used = 0
        nvm[start : start + len(image)] = image
        return 0
