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
  writes the whole area once: the new record in slot 0, 0xFF everywhere
  else. That is the one erase per ``slots`` saves, and the only write whose
  cut loses the game: from the start of its erase until slot 0 is
  programmed again, no record is left (docs/saving.md).
* ``load`` reads the slots from the last to the first: the first record
  found that passes every check is the newest (appends go in address
  order), and an earlier one with a newer sequence number (left by the
  "block" layout, say) still wins. A torn or refused record after it is
  skipped, counted in ``refused`` until a save lands after it, and never
  written into again.
"""

from engine.store import (
    _FOREIGN,
    _LENGTH_V2,
    _SEQUENCE_AT,
    REFUSED_MAX,
    SLOT_SIZE,
    _get,
    _is_newer,
    _record_length,
    _verdict,
)

# What an erased slot reads.
_ERASED = b"\xff" * SLOT_SIZE
#: Default program page in bytes (the RP2040's flash page).
PROGRAM_SIZE = 256


class Log:
    """Placement of records for a ``Store`` with the "log" layout.

    :param store: the ``Store`` (its ``start`` and ``length`` already checked).
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
            raise ValueError(
                "layout 'log': start=%d must be a multiple of the %d-byte program page" % (start, page)
            )
        # The log stays inside the erase sector that holds its start.
        count = min(store.length, sector - start % sector) // SLOT_SIZE
        if count < 2:
            raise ValueError(
                "layout 'log': start=%d length=%d leaves %d slot(s) of %d bytes before the end of"
                " the region or of its %d-byte sector; it needs 2" % (start, store.length, count, SLOT_SIZE, sector)
            )
        self.store = store
        store.slots = count
        #: Slots in the log.
        self.count = count
        #: The last slot that is not erased (-1: none), as the last scan or
        #: write left it; the next append goes after it.
        self.used = -1

    def erase_cycles(self, saves):
        """About how many times ``saves`` records erased the sector."""
        return saves // self.count

    def scan(self, refusals):
        """``(newest slot, its record)``, or ``(None, None)``; sets ``used``.

        Refused slots after the newest record go into ``refusals``.
        """
        store = self.store
        used = -1
        newest = None
        newest_record = None
        sequence = 0
        slot = self.count - 1
        while slot >= 0:
            try:
                record = store._slot_bytes(slot)
                whole = len(record) == SLOT_SIZE
                if whole and record == _ERASED:
                    slot -= 1
                    continue
                if used < 0:
                    used = slot  # unreadable or short counts as in use
                if not whole:
                    pass
                elif newest is None:
                    verdict = _verdict(record)
                    if verdict is None:
                        newest = slot
                        newest_record = record
                        sequence = _get(record, _SEQUENCE_AT, 2)
                    elif refusals is not None and verdict != _FOREIGN:
                        refusals.append((slot, 0, verdict))
                elif _record_length(record) and _is_newer(_get(record, _SEQUENCE_AT, 2), sequence):
                    # Only a record written by another layout is newer than
                    # one after it: checked in full before it wins.
                    if _verdict(record) is None:
                        newest = slot
                        newest_record = record
                        sequence = _get(record, _SEQUENCE_AT, 2)
            except Exception:  # a strange NVM object must not stop the game
                if used < 0:
                    used = slot
            slot -= 1
        self.used = used
        return newest, newest_record

    def count_refusals(self, refusals):
        """Count each refused slot of the last scan once.

        They all lie after the newest record; a save lands after them, and
        the next scan no longer reports them, so the count it keeps holds.
        """
        store = self.store
        for _slot, _fingerprint, reason in refusals:
            if store.refusal is None:
                store.refusal = reason  # the one written last
            if store.refused < REFUSED_MAX:
                store.refused += 1
        store._mark = 0

    def write(self, record):
        """Write a sealed record; returns its slot.

        An append when the slot after ``used`` exists and reads erased (no
        erase on RP2040); else the area rewritten once (one erase).
        """
        store = self.store
        nvm = store.nvm
        target = self.used + 1
        if target < self.count:
            base = store._base(target)
            if nvm[base : base + SLOT_SIZE] == _ERASED:
                self.used = target
                nvm[base : base + _LENGTH_V2] = record
                return target
        image = bytearray(self.count * SLOT_SIZE)
        for slot in range(self.count):
            image[slot * SLOT_SIZE : (slot + 1) * SLOT_SIZE] = _ERASED
        image[0:_LENGTH_V2] = record
        self.used = 0
        nvm[store.start : store.start + len(image)] = image
        return 0
