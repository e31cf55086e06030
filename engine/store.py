# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Where save records go in a bytearray-like NVM (``microcontroller.nvm``).

The bytes of one record (what it holds, its CRC and checks, a reader per
format version) are :mod:`engine.record`'s. The format is one; where records
go is the *layout*, chosen for how the port writes (docs/saving.md has each
one's loss window and wear):

* ``"block"`` (default; SAMD51, ESP32, the desktop file): two slots 128 bytes
  apart; a save writes the record into both, in one assignment. On a SAMD51
  the whole 8 KB NVM is one erase block, so every write erases both slots
  anyway and no layout inside it can make a write atomic; with both slots
  the same, a cut early in the erase gives the last save or nothing, never
  the game before it (a slot kept from an earlier save could come through).
* ``"pages"`` (nRF52840): the two slots in two erase pages (``erase_size``
  apart), so a write never erases the page of the newest record.
* ``"log"`` (RP2040 / RP2350): records appended into erased 128-byte slots of
  one sector, with no erase, until it is full; ``engine.store_log``.

``load`` trusts the newest record that :func:`engine.record.verdict` passes;
anything else is ignored like foreign data, and a record that claims to be
ours and fails is counted in ``refused``.
"""

from micropython import const

from engine import record
from engine.game import COUNTER_MAX, Game

#: Slots of the "block" and "pages" layouts.
SLOT_COUNT = 2
#: The smallest region a ``Store`` accepts, in bytes.
MIN_LENGTH = record.SLOT_SIZE * SLOT_COUNT

#: ``save`` outcomes. SAVED: a record was written and read back equal.
SAVED = 1
#: The newest record already holds exactly this game: nothing was written.
UNCHANGED = 0
#: The write failed, or its read-back differed, or the game cannot be
#: stored (see ``failure``); the next save tries again.
FAILED = -1
#: This store has no NVM (``Store(None)``: the simulator's --fresh): nothing
#: can be kept.
NO_NVM = -2

# Sequence numbers are 16 bits and wrap. "block" and "pages" compare their
# two (always one apart) modulo 2**16; "log" goes by slot order instead.
_SEQUENCE_MASK = const(0xFFFF)
_SEQUENCE_HALF = const(0x8000)

#: Layout names (``Store(layout=...)``): two slots side by side; two slots
#: in two erase pages; an append-only log in erased flash.
BLOCK = "block"
PAGES = "pages"
LOG = "log"
#: Default erase unit in bytes of "pages" and "log" (the nRF52840's page, the
#: RP2040's sector); "log" programs 256-byte pages by default.
ERASE_SIZE = 4096

# What "block" writes between the record in slot 0 and its copy in slot 1.
_GAP = b"\xff" * (record.SLOT_SIZE - record.LENGTH)

#: Setting names for settings.toml (read by code.py with ``os.getenv``).
ENV_START = "GAME2048_NVM_START"
ENV_LENGTH = "GAME2048_NVM_LENGTH"


def _describe(error):
    # A short text for a failed write (it must fit the About page): the
    # exception's type, or for any OSError with an errno "OSError" and the
    # number (28: no space left, 30: read-only file system, 13: permission).
    number = getattr(error, "errno", None)
    if isinstance(error, OSError) and isinstance(number, int):
        return "OSError %d" % number
    return type(error).__name__


def region_from_settings(getenv):
    """``(start, length)`` of the game's NVM region from settings.toml.

    :param getenv: ``os.getenv`` (CircuitPython reads settings.toml), or any
        callable ``name -> value or None``. Values may be ints or strings of
        digits (``"4096"``, ``"0x1000"``).
    :return: ``(start, length)``; ``(0, None)`` when unset (the whole NVM).
    :raises ValueError: a value is set but is not a whole number >= 0. A
        typo must not silently move the saves onto someone else's bytes.
    """
    return _setting(getenv, ENV_START, 0), _setting(getenv, ENV_LENGTH, None)


def _setting(getenv, name, default):
    value = getenv(name)
    if value is None:
        return default
    try:
        number = value if isinstance(value, int) else int(str(value).strip(), 0)
    except ValueError:
        number = -1
    if number < 0:
        raise ValueError("%s must be a whole number >= 0, not %r" % (name, value))
    return number


class Store:
    """Saves and loads a :class:`~engine.game.Game` in an NVM region.

    :param nvm: anything shaped like ``microcontroller.nvm``: ``len(nvm)``,
        ``nvm[a:b]`` reads bytes, ``nvm[a:b] = data`` writes ``b - a`` bytes;
        or None for no NVM at all (``load`` gives a fresh game, ``save``
        returns ``NO_NVM``); so is an object whose ``len()`` raises.
    :param int start: first byte of the region the game may use (default 0).
    :param int length: bytes in the region (default: up to the end of the
        NVM); at least ``MIN_LENGTH`` (256).
    :param str layout: where records go: ``BLOCK`` ("block", the default:
        two slots in the region's first 256 bytes), ``PAGES`` ("pages": slot
        0 at ``start``, slot 1 at ``start + erase_size``; ``start`` a
        multiple of ``erase_size``, length at least ``erase_size + 128``) or
        ``LOG`` ("log": 128-byte slots from ``start``, a multiple of
        ``program_size``, to the end of the region or of its erase sector,
        whichever comes first; at least 2 slots).
    :param int erase_size: bytes one erase clears ("pages": default 4096,
        the nRF52840's page; "log": default 4096, the RP2040's sector).
    :param int program_size: "log" only: bytes one program operation
        writes (default 256, the RP2040's flash page).
    :raises ValueError: an unknown layout, sizes that do not fit it, or a
        region that does not fit in the NVM, is too small or misaligned.

    Attributes: ``saves`` (records written, lifetime, at most COUNTER_MAX;
    see ``erase_cycles``), ``settings``
    (bytearray of 16 app-setting bytes, saved with every record; app/settings.py
    gives them their meaning), ``version``
    (format version of the loaded record, None if nothing valid was found),
    ``refused`` (lifetime count of records that claimed to be ours and were
    refused at a load, kept in the record; a refused slot is counted once,
    at most ``engine.record.REFUSED_MAX``), ``refusal`` (why the last load
    refused one, e.g. "damaged" or "score"; None if it refused none),
    ``failure`` (short text of why the last save failed, e.g. "OSError 28",
    "read-back"; None after a save that worked), ``error`` (the exception
    it raised, if any), ``layout`` (its name) and ``slots`` (how many slots
    it uses).
    """

    def __init__(self, nvm, start=0, length=None, layout=BLOCK, erase_size=None, program_size=None):
        if layout not in (BLOCK, PAGES, LOG):
            raise ValueError("layout must be 'block', 'pages' or 'log', not %r" % (layout,))
        if erase_size is None and layout != BLOCK:
            erase_size = ERASE_SIZE
        if (
            (layout == BLOCK) != (erase_size is None)
            or (erase_size is not None and (erase_size < record.SLOT_SIZE or erase_size % record.SLOT_SIZE))
            or (program_size is not None and layout != LOG)
        ):
            raise ValueError("%s: erase_size=%r program_size=%r do not fit" % (layout, erase_size, program_size))
        self.nvm = nvm
        self.layout = layout
        self.saves = 0
        self.settings = bytearray(record.SETTINGS_SIZE)
        self.version = None
        self.refused = 0
        self.refusal = None
        self.failure = None
        self.error = None
        # Fingerprint of a refused slot already counted (see _count_refusals).
        self._mark = 0
        # Slot holding the newest valid record (None: none) and its sequence.
        self._newest = None
        self._sequence = 0
        self._scanned = False
        self._loaded = False
        # A copy of the newest record (written or loaded), or None.
        self._last = None
        # Bytes from one slot's start to the next's, and the slot count.
        self._spacing = record.SLOT_SIZE
        self.slots = SLOT_COUNT
        # The "log" layout's placement (engine.store_log.Log), else None.
        self._log = None
        #: None if the last scan read every slot; else what the first slot
        #: it could not read gave: the NVM object's exception, or True
        #: (fewer bytes than asked).
        self.unreadable = None
        # None, or (the load could not read every slot) the sequence number
        # of the record the game was loaded from (-1: none, a fresh game):
        # no save writes until a scan reads every slot and finds it again.
        self._unread = None
        if nvm is not None:
            try:
                size = len(nvm)
            except (MemoryError, RuntimeError):
                raise  # short of memory or stack: not the NVM's doing (see load)
            except Exception:  # an NVM that cannot even say its size
                nvm = None
        if nvm is None:
            self.nvm = None
            self.start = self.length = 0
            return
        if length is None:
            length = size - start
        # Each refusal says which check failed (settings.toml's numbers go
        # into them, and code.py prints them).
        if start < 0 or start + max(length, 0) > size:
            raise ValueError("NVM region start=%d length=%d: past the end of the NVM (%d bytes)" % (start, length, size))
        if length < MIN_LENGTH:
            raise ValueError("NVM region start=%d length=%d: under the %d bytes a save needs" % (start, length, MIN_LENGTH))
        self.start = start
        self.length = length
        if layout == PAGES:
            # A slot at the start of each of two erase pages.
            if start % erase_size:
                raise ValueError("pages: start=%d is not a multiple of the %d-byte page" % (start, erase_size))
            if length < erase_size + record.SLOT_SIZE:
                raise ValueError("pages: length=%d: a slot in each of 2 pages needs %d" % (length, erase_size + record.SLOT_SIZE))
            self._spacing = erase_size
        elif layout == LOG:
            from engine.store_log import Log

            self._log = Log(self, erase_size, program_size)
            self.slots = self._log.count

    def erase_cycles(self):
        """Erase cycles the saves made so far cost the most-worn erase unit
        (estimate from ``saves``): one per save in "block", every other save
        per page in "pages", one per full sector in "log"."""
        if self._log is not None:
            return self.saves // self.slots
        if self.layout == PAGES:
            return (self.saves + 1) // 2
        return self.saves

    def _base(self, slot):
        return self.start + slot * self._spacing

    def _slot_bytes(self, slot):
        base = self._base(slot)
        return self.nvm[base : base + record.SLOT_SIZE]

    def _scan(self, refusals=None):
        # Find the newest trusted record; returns its bytes (or None). With
        # a list, each refused slot is added to it as (slot, fingerprint,
        # reason). A strange NVM object must not stop the game: a slot that
        # cannot be read is skipped.
        newest = None
        newest_record = None
        sequence = 0
        self.unreadable = None
        if self._log is not None:
            newest, newest_record = self._log.scan(refusals)
        else:
            for slot in range(SLOT_COUNT):
                try:
                    data = self._slot_bytes(slot)
                    if len(data) != record.SLOT_SIZE:
                        self.unreadable = self.unreadable or True
                        continue
                    # The history's replay beside the other checks, not
                    # under them: a call level less at the chain's bottom.
                    reason = record.verdict(data) or record.replays(data)
                    if reason is not None:
                        if refusals is not None and reason != record.FOREIGN:
                            refusals.append((slot, record.crc32(data, record.SLOT_SIZE)[1], reason))
                        continue
                except Exception as error:
                    self.unread_slot(error)  # (short of memory or stack: raised again)
                    continue
                # Written after the other slot's record: ahead of it by less
                # than half of 2**16 (a save writes one more than the newest,
                # so two valid records are one apart; with more slots this
                # order would not be transitive).
                slot_sequence = record.get(data, record.SEQUENCE_AT, 2)
                if newest is None or 0 < (slot_sequence - sequence) & _SEQUENCE_MASK < _SEQUENCE_HALF:
                    newest = slot
                    newest_record = data
                    sequence = slot_sequence
        self._newest = newest
        self._sequence = 0 if newest_record is None else record.get(newest_record, record.SEQUENCE_AT, 2)
        self._scanned = True
        # The newest record as stored, to tell an unchanged game by (only a
        # record of the current version can equal a new one).
        self._last = None
        if newest_record is not None and newest_record[record.VERSION_AT] == record.VERSION:
            self._last = newest_record[0 : record.LENGTH]
        return newest_record

    def unread_slot(self, error):
        """A slot could not be read: ``error`` is what the NVM object raised
        (the scans call this; the "log" layout's too). A ``MemoryError`` or
        ``RuntimeError`` is no fault of the slot: it is raised again."""
        if isinstance(error, (MemoryError, RuntimeError)):
            raise error  # short of memory or stack: the load's caller's
        self.unreadable = self.unreadable or error

    def _count_refusals(self, refusals):
        if self._log is not None:
            # The log's refused slots all lie after its newest record: a
            # save lands after them and the next scan no longer reports
            # them, so each counts once with no mark. The first was
            # written last.
            if refusals:
                self.refusal = refusals[0][2]
            self.refused = min(self.refused + len(refusals), record.REFUSED_MAX)
            self._mark = 0
            return
        # Each refused slot counts once: the next save overwrites it ("block"
        # writes both slots), except in "pages" when both slots were refused
        # (the second survives the first save). Its fingerprint is kept in
        # the record, so a load before the second save does not count it again.
        target = 0 if self._newest is None else (self._newest + 1) % SLOT_COUNT
        counted = self._mark
        for slot, fingerprint, reason in refusals:
            self.refusal = reason
            if fingerprint != counted and self.refused < record.REFUSED_MAX:
                self.refused += 1
            if slot != target and self.layout == PAGES:
                self._mark = fingerprint

    def load(self, seed=None):
        """The saved game, or a fresh one if nothing valid is stored.

        Empty, erased, corrupt, truncated, foreign, future-version or
        impossible bytes all give a fresh game (and leave ``saves`` 0 and
        ``settings`` zero); records that claim to be ours and fail are
        counted in ``refused``; a slot the NVM object cannot read is
        skipped, and then no save writes until a scan reads every slot and
        finds the record this game came from (``save``: a fresh game never
        overwrites a record that was not read).

        Raises only ``MemoryError`` and ``RuntimeError`` (CircuitPython's
        "pystack exhausted"): the heap or the stack is short, which says
        nothing of the NVM; code.py's start-up then tries again with less.
        A fresh game in their place would hide the player's saved one.

        :param int seed: seed for a fresh game (None: hardware entropy).
        """
        self._loaded = True
        self.refusal = None
        self.refused = 0
        self._mark = 0
        self._unread = None
        found = None
        if self.nvm is not None:
            refusals = []
            try:
                found = self._scan(refusals)
                if found is not None:
                    self.saves, self.refused, self._mark = record.counts(found)
                    game = Game(seed=0)
                    record.READERS[found[record.VERSION_AT]](found, game, self.settings)
                    self.version = found[record.VERSION_AT]
                self._count_refusals(refusals)
            except (MemoryError, RuntimeError):
                raise  # short of memory or stack: start-up's to handle, never "no saved game"
            except Exception:  # a checked record cannot fail; never stop the game
                found = None
            if self.unreadable:
                self._unread = -1 if found is None else self._sequence
            if found is not None:
                return game
        self.version = None
        self.saves = 0
        for index in range(record.SETTINGS_SIZE):
            self.settings[index] = 0
        return Game(seed=seed)

    def encode(self, game, sequence, saves):
        """The record of ``game`` (format ``engine.record.VERSION``, ``LENGTH`` bytes)
        with this sequence number and count of saves, as a bytearray."""
        data = record.pack(game, self.settings, self.refused, self._mark)
        record.seal(data, sequence, saves)
        return data

    def save(self, game):
        """Write ``game`` (with ``settings``) where the layout puts the next
        record (both slots in "block"; the older slot in "pages"; the log's
        next erased slot), then read it back.

        One slice assignment: on a PyBadge one erase of the 8 KB block
        (~75 ms stall), on a CLUE one of a 4 KB page, on an RP2040 a page
        program (~1 ms) or, once the log is full, two: the mark's page
        program, then one sector erase.
        Never raises: whatever the NVM object raises (OSError, MemoryError,
        RuntimeError, ValueError, ...) makes the outcome FAILED, with
        ``failure`` and ``error`` saying why; the next call scans the slots
        again and retries.

        :return: ``SAVED`` (written and read back equal), ``UNCHANGED`` (the
            newest stored record already holds exactly this game and these
            settings: the same bytes are never written twice), ``FAILED`` or
            ``NO_NVM``.
        """
        if self.nvm is None:
            return NO_NVM
        # All in one function, not a guarded call of another: a save is one
        # of the game's deepest call chains (Menu > Save now down to
        # record.check), and each call level takes pystack on the board.
        try:
            if self._unread is not None:
                # The load could not read every slot: the game may not be
                # the one stored. Write only once every slot reads and the
                # newest record is the one the game came from.
                data = self._scan()
                error = self.unreadable
                if error or (-1 if data is None else self._sequence) != self._unread:
                    self._scanned = False
                    self.error = None if error is None or error is True else error
                    self.failure = "unread" if self.error is None else _describe(error) + " reading"
                    return FAILED
                self._unread = None
            if not self._scanned:
                data = self._scan()
                if data is not None and not self._loaded:
                    # Saving without load(): keep the counts.
                    self.saves, self.refused, self._mark = record.counts(data)
            data = record.pack(game, self.settings, self.refused, self._mark)
            newest = self._newest
            last = self._last
            if newest is not None and last is not None:
                # The same game as the record last written or loaded, and that
                # record still intact in its slot (in "block", in both slots):
                # nothing to write.
                if last[record.BODY_AT : record.CRC_AT] == data[record.BODY_AT : record.CRC_AT]:
                    if self._slot_bytes(newest)[0 : record.LENGTH] == last and (
                        self.layout != BLOCK or self._slot_bytes(1 - newest)[0 : record.LENGTH] == last
                    ):
                        self.failure = self.error = None
                        return UNCHANGED
            # The checks load() runs, but for the history's replay: the game
            # keeps its history consistent as it plays (Game.settle drops it
            # after a fault), and a replay here would put three more call
            # levels at the bottom of the save's chain.
            reason = record.check(data) or record.check_undo(data)
            if reason is not None:
                # The store would refuse this record when loading it: write
                # nothing rather than a save that is lost at the next start.
                self.failure = "invalid " + reason
                self.error = None
                return FAILED
            sequence = (self._sequence + 1) & _SEQUENCE_MASK
            saves = self.saves + 1 if self.saves < COUNTER_MAX else COUNTER_MAX
            record.seal(data, sequence, saves)
            # Until the write is confirmed, what the slots hold is unknown.
            self._scanned = False
            written = data
            if self._log is not None:
                target = self._log.write(data, newest)
                base = self._base(target)
            elif self.layout == PAGES:
                target = 0 if newest is None else (newest + 1) % SLOT_COUNT
                base = self._base(target)
                self.nvm[base : base + record.LENGTH] = data
            else:
                # "block": the record into both slots, in one write (on a
                # SAMD51 the one erase of the block a slot costs too): no
                # slot keeps an older game that a cut early in the next
                # erase could bring back (docs/saving.md).
                target = 0
                base = self.start
                written = data + _GAP + data
                self.nvm[base : base + len(written)] = written
            if self.nvm[base : base + len(written)] != written:
                self.failure = "read-back"
                self.error = None
                return FAILED
            self._newest = target
            self._sequence = sequence
            self._scanned = True
            self._last = data
            self.saves = saves
            self.version = record.VERSION
            self.failure = self.error = None
            return SAVED
        except Exception as error:  # anything an NVM object can throw
            self._scanned = False
            self.failure = _describe(error)
            self.error = error
            return FAILED
