# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Save records for a game in a bytearray-like NVM (``microcontroller.nvm``).

A record is a small, self-checking snapshot of everything worth keeping: the
game in progress (board, score, best, won / Continue / over, move count and
the random generator's state, so the resumed game spawns exactly as the
uninterrupted one would), the lifetime statistics, the number of saves made,
the number of saves refused and 8 bytes of app settings. The record format
is one; where records go is the *layout*, chosen for how the port writes
(docs/saving.md has each one's loss window and wear):

* ``"block"`` (default; SAMD51, ESP32, the desktop file): two slots 128 bytes
  apart; a save writes the slot that does *not* hold the newest valid record.
  On a SAMD51 the whole 8 KB NVM is one erase block, so every write erases
  both slots and no layout inside it can make a write atomic.
* ``"pages"`` (nRF52840): the two slots in two erase pages (``erase_size``
  apart), so a write never erases the page of the newest record.
* ``"log"`` (RP2040 / RP2350): records appended into erased 128-byte slots of
  one sector, with no erase, until it is full; ``engine.store_log``.

A record is trusted only if its magic, version and CRC match *and* it holds
a game this program could have written (``_check``: cells 0..17, flags that
agree with the board, score and counters in range and consistent). Anything
else is ignored like foreign data; a record that claims to be ours and fails
is counted in ``refused``.

Record layout, format version 2 (little-endian, 73 bytes)::

    0  magic b"2048"          35 flags: 1 won, 2 keep_playing, 4 over
    4  format version (2)     36 moves this game (4)
    5  sequence number (2)    40 RNG state: word y (2), word x (2)
    7  saves made (4)         44 stats: games (4), wins (4),
    11 cells (16 exponents)      best exponent (1), moves (4)
    27 score (4)              57 app settings (8)
    31 best (4)               65 saves refused (2)
                              67 mark of a refused slot (2)
                              69 CRC-32 of bytes 0..68 (4)

Version 1 (69 bytes) is the same up to byte 64, then its CRC at 65 (its RNG
field was one 32-bit number: the same bytes as the two words). Each slot is
128 bytes, so later versions may grow; older versions are read by their own
reader (``_READERS``), and a version this code does not know is ignored like
any foreign data. No value read or written needs a big int: 4-byte fields
are checked to be below 2**30 before they are put together.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


from engine import rules
from engine.game import COUNTER_MAX, MAX_SCORE, Game

#: Format version written by ``save``.
VERSION = 2
#: Bytes reserved per slot; a record of any version fits in one.
SLOT_SIZE = 128
#: Slots of the "block" and "pages" layouts.
SLOT_COUNT = 2
#: The smallest region a ``Store`` accepts, in bytes.
MIN_LENGTH = SLOT_SIZE * SLOT_COUNT
#: Number of opaque app-setting bytes kept in every record.
SETTINGS_SIZE = 8
#: Where the count of refused saves stops (2 bytes in the record).
REFUSED_MAX = 65535

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

MAGIC = b"2048"
# Sequence numbers are 16 bits and wrap. "block" and "pages" compare their
# two (always one apart) modulo 2**16; "log" goes by slot order instead.
_SEQUENCE_MASK = const(0xFFFF)
_SEQUENCE_HALF = const(0x8000)

# Offsets of the fields (the same in versions 1 and 2 up to byte 64).
_VERSION_AT = const(4)
_SEQUENCE_AT = 5
_SAVES_AT = const(7)
_BODY_AT = const(11)  # from here to the CRC: the part compared to skip repeated writes
_CELLS_AT = const(11)
_SCORE_AT = const(27)
_BEST_AT = const(31)
_FLAGS_AT = const(35)
_MOVES_AT = const(36)
_RNG_AT = const(40)  # y at 40, x at 42
_GAMES_AT = const(44)
_WINS_AT = const(48)
_BEST_EXPONENT_AT = const(52)
_TOTAL_MOVES_AT = const(53)
_SETTINGS_AT = const(57)
_CRC_AT_V1 = const(65)
_LENGTH_V1 = const(69)
_REFUSED_AT = const(65)
_MARK_AT = const(67)
_CRC_AT_V2 = const(69)
_LENGTH_V2 = 73

_WON = const(1)
_KEEP_PLAYING = const(2)
_OVER = const(4)

# What a slot holds that is not ours to read (no magic, unknown version):
# ignored, and not counted as refused.
_FOREIGN = "foreign"

#: Layout names (``Store(layout=...)``): two slots side by side; two slots
#: in two erase pages; an append-only log in erased flash.
BLOCK = "block"
PAGES = "pages"
LOG = "log"
#: Default erase unit in bytes of "pages" and "log" (the nRF52840's page, the
#: RP2040's sector); "log" programs 256-byte pages by default.
ERASE_SIZE = 4096

#: Setting names for settings.toml (read by code.py with ``os.getenv``).
ENV_START = "GAME2048_NVM_START"
ENV_LENGTH = "GAME2048_NVM_LENGTH"


def _crc_tables():
    # CRC-32 (the zlib / Ethernet one: reflected polynomial 0xEDB88320) four
    # bits at a time, each 32-bit value kept as two 16-bit halves so that no
    # value reaches 2**30 (MicroPython's small ints): 2 x 16 table entries.
    table_high = []
    table_low = []
    for nibble in range(16):
        high = 0
        low = nibble
        for _ in range(4):
            carry = low & 1
            low = (low >> 1) | ((high & 1) << 15)
            high >>= 1
            if carry:
                high ^= 0xEDB8
                low ^= 0x8320
        table_high.append(high)
        table_low.append(low)
    return tuple(table_high), tuple(table_low)


_CRC_HIGH, _CRC_LOW = _crc_tables()


def crc32(data, length):
    """CRC-32 of ``data[0:length]`` as ``(high16, low16)``; equals zlib.crc32."""
    high = 0xFFFF
    low = 0xFFFF
    for index in range(length):
        low ^= data[index]
        nibble = low & 15
        low = ((low >> 4) | ((high & 15) << 12)) ^ _CRC_LOW[nibble]
        high = (high >> 4) ^ _CRC_HIGH[nibble]
        nibble = low & 15
        low = ((low >> 4) | ((high & 15) << 12)) ^ _CRC_LOW[nibble]
        high = (high >> 4) ^ _CRC_HIGH[nibble]
    return high ^ 0xFFFF, low ^ 0xFFFF


def _put(buffer, offset, value, size):
    # Little-endian unsigned; values are masked to ``size`` bytes.
    for index in range(size):
        buffer[offset + index] = (value >> (8 * index)) & 0xFF


def _get(buffer, offset, size):
    # Only for fields known to be small: 2-byte ones, or 4-byte ones that
    # passed _check (below 2**30).
    value = 0
    for index in range(size - 1, -1, -1):
        value = (value << 8) | buffer[offset + index]
    return value


def _small(buffer, offset):
    # A 4-byte field, or -1 if it is 2**30 or more: such a value is never
    # valid, and building it would need a big int on the device. Read
    # here, not through _get: the save's checks call it at their deepest.
    high = buffer[offset + 3]
    if high >= 0x40:
        return -1
    return buffer[offset] | buffer[offset + 1] << 8 | buffer[offset + 2] << 16 | high << 24


def _is_newer(sequence, other):
    """True if ``sequence`` was written after ``other`` (both 16-bit, wrapping).

    Only for two slots: a save writes one more than the newest, so the two
    valid records are always one apart (with more, it is not transitive)."""
    distance = (sequence - other) & _SEQUENCE_MASK
    return 0 < distance < _SEQUENCE_HALF


def _record_length(record):
    # The length of a record that looks like ours and carries a version we
    # can read, else 0. Used before trusting anything else in the slot.
    if record[0:4] != MAGIC:
        return 0
    version = record[_VERSION_AT]
    if version == 2:
        return _LENGTH_V2
    if version == 1:
        return _LENGTH_V1
    return 0  # a future (or unknown) version: not ours to interpret


def _verdict(record):
    """None if the slot holds a record to trust; _FOREIGN if it is not ours
    (no magic, unknown version); else why it is refused (a short text)."""
    length = _record_length(record)
    if not length:
        return _FOREIGN
    high, low = crc32(record, length - 4)
    if _get(record, length - 4, 2) != low or _get(record, length - 2, 2) != high:
        return "damaged"
    return _check(record)


def _check(record):
    """Why the game in ``record`` is one this program never writes, or None.

    The CRC only says the bytes are as written; these rules say the game is
    possible (each has a test in tests/test_store.py that fails without it).
    Shared by versions 1 and 2 (the same offsets).
    """
    flags = record[_FLAGS_AT]
    if flags & ~(_WON | _KEEP_PLAYING | _OVER) or (flags & _KEEP_PLAYING and not flags & _WON):
        return "flags"
    cells = bytearray(16)
    largest = 0
    for index in range(16):
        value = record[_CELLS_AT + index]
        if value > rules.MAX_EXPONENT:
            return "cells"
        cells[index] = value
        if value > largest:
            largest = value
    if not largest:
        return "empty board"  # no direction could ever move it
    # Over exactly when no move is left; won exactly when a 2048 or more is
    # on the board (tiles never shrink, so a 2048 once made stays).
    if bool(flags & _OVER) == rules.can_move(cells):
        return "over flag"
    if bool(flags & _WON) != (largest >= rules.WIN_EXPONENT):
        return "won flag"
    score = _small(record, _SCORE_AT)
    if not 0 <= score <= MAX_SCORE:
        return "score"
    best = _small(record, _BEST_AT)
    if not score <= best <= MAX_SCORE:
        return "best"
    # The counters (one function with the rest: a save runs these checks
    # at the bottom of its call chain, and each call level takes pystack).
    moves = _small(record, _MOVES_AT)
    games = _small(record, _GAMES_AT)
    wins = _small(record, _WINS_AT)
    total = _small(record, _TOTAL_MOVES_AT)
    saves = _small(record, _SAVES_AT)
    for count in (moves, games, wins, total, saves):
        if not 0 <= count <= COUNTER_MAX:
            return "counters"
    # The game in progress is counted in games; one win per game at most;
    # this game's moves are part of the total; a won game was counted.
    if not games or wins > games or moves > total or (flags & _WON and not wins):
        return "stats"
    best_exponent = record[_BEST_EXPONENT_AT]
    if not largest <= best_exponent <= rules.MAX_EXPONENT:
        return "best tile"
    if wins and best_exponent < rules.WIN_EXPONENT:
        return "best tile"  # a win made a 2048
    if not (_get(record, _RNG_AT, 2) or _get(record, _RNG_AT + 2, 2)):
        return "rng"  # the generator's state is never all zero
    return None


def _read(record, game, store):
    # Reader of versions 1 and 2 (the game fields have the same offsets),
    # from a checked record: fills ``game`` and the store's settings.
    flags = record[_FLAGS_AT]
    cells = game.cells
    for index in range(16):
        cells[index] = record[_CELLS_AT + index]
    game.score = _get(record, _SCORE_AT, 4)
    game.best = _get(record, _BEST_AT, 4)
    game.won = bool(flags & _WON)
    game.keep_playing = bool(flags & _KEEP_PLAYING)
    game.over = bool(flags & _OVER)
    game.max_exponent = rules.max_exponent(cells)
    game.rng.set_words(_get(record, _RNG_AT + 2, 2), _get(record, _RNG_AT, 2))
    stats = game.stats
    stats.games = _get(record, _GAMES_AT, 4)
    stats.wins = _get(record, _WINS_AT, 4)
    stats.best_exponent = record[_BEST_EXPONENT_AT]
    stats.moves = _get(record, _TOTAL_MOVES_AT, 4)
    game.moves = _get(record, _MOVES_AT, 4)  # after stats.moves: it counts from there
    store.settings[:] = record[_SETTINGS_AT : _SETTINGS_AT + SETTINGS_SIZE]


# Reader for each format version this code can load. A new version gets a
# new one if its fields move; old ones stay, each with a fixture in
# tests/fixtures/ (``Store._take_header`` reads the header of each).
_READERS = {1: _read, 2: _read}

#: Every format version ``load`` understands.
VERSIONS = tuple(sorted(_READERS))


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
    (bytearray of 8 app-setting bytes, saved with every record), ``version``
    (format version of the loaded record, None if nothing valid was found),
    ``refused`` (lifetime count of records that claimed to be ours and were
    refused at a load, kept in the record; a refused slot is counted once,
    at most REFUSED_MAX), ``refusal`` (why the last load refused one, e.g.
    "damaged" or "score"; None if it refused none), ``failure`` (short text
    of why the last save failed, e.g. "OSError 28", "read-back"; None after
    a save that worked), ``error`` (the exception it raised, if any),
    ``layout`` (its name) and ``slots`` (how many slots it uses).
    """

    def __init__(self, nvm, start=0, length=None, layout=BLOCK, erase_size=None, program_size=None):
        if layout not in (BLOCK, PAGES, LOG):
            raise ValueError("layout must be 'block', 'pages' or 'log', not %r" % (layout,))
        if erase_size is None and layout != BLOCK:
            erase_size = ERASE_SIZE
        if (
            (layout == BLOCK) != (erase_size is None)
            or (erase_size is not None and (erase_size < SLOT_SIZE or erase_size % SLOT_SIZE))
            or (program_size is not None and layout != LOG)
        ):
            raise ValueError("%s: erase_size=%r program_size=%r do not fit" % (layout, erase_size, program_size))
        self.nvm = nvm
        self.layout = layout
        self.saves = 0
        self.settings = bytearray(SETTINGS_SIZE)
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
        self._spacing = SLOT_SIZE
        self.slots = SLOT_COUNT
        # The "log" layout's placement (engine.store_log.Log), else None.
        self._log = None
        if nvm is not None:
            try:
                size = len(nvm)
            except Exception:  # an NVM that cannot even say its size
                nvm = None
        if nvm is None:
            self.nvm = None
            self.start = self.length = 0
            return
        if length is None:
            length = size - start
        if start < 0 or length < MIN_LENGTH or start + length > size:
            raise ValueError(
                "NVM region start=%d length=%d: need >= %d bytes inside %d"
                % (start, length, MIN_LENGTH, size)
            )
        self.start = start
        self.length = length
        if layout == PAGES:
            # A slot at the start of each of two erase pages.
            if start % erase_size or length < erase_size + SLOT_SIZE:
                raise ValueError(
                    "pages: start=%d not a multiple of %d, or length=%d below %d"
                    % (start, erase_size, length, erase_size + SLOT_SIZE)
                )
            self._spacing = erase_size
        elif layout == LOG:
            from engine.store_log import Log

            self._log = Log(self, erase_size, program_size)

    def erase_cycles(self):
        """Erase cycles the saves made so far cost the most-worn erase unit
        (estimate from ``saves``): one per save in "block", every other save
        per page in "pages", one per full sector in "log"."""
        if self._log is not None:
            return self._log.erase_cycles(self.saves)
        if self.layout == PAGES:
            return (self.saves + 1) // 2
        return self.saves

    def _base(self, slot):
        return self.start + slot * self._spacing

    def _slot_bytes(self, slot):
        base = self._base(slot)
        return self.nvm[base : base + SLOT_SIZE]

    def _scan(self, refusals=None):
        # Find the newest trusted record; returns its bytes (or None). With
        # a list, each refused slot is added to it as (slot, fingerprint,
        # reason). A strange NVM object must not stop the game: a slot that
        # cannot be read is skipped.
        newest = None
        newest_record = None
        sequence = 0
        if self._log is not None:
            newest, newest_record = self._log.scan(refusals)
        else:
            for slot in range(SLOT_COUNT):
                try:
                    record = self._slot_bytes(slot)
                    if len(record) != SLOT_SIZE:
                        continue
                    verdict = _verdict(record)
                    if verdict is not None:
                        if refusals is not None and verdict != _FOREIGN:
                            refusals.append((slot, crc32(record, SLOT_SIZE)[1], verdict))
                        continue
                except Exception:
                    continue
                slot_sequence = _get(record, _SEQUENCE_AT, 2)
                if newest is None or _is_newer(slot_sequence, sequence):
                    newest = slot
                    newest_record = record
                    sequence = slot_sequence
        self._newest = newest
        self._sequence = 0 if newest_record is None else _get(newest_record, _SEQUENCE_AT, 2)
        self._scanned = True
        # The newest record as stored, to tell an unchanged game by (only a
        # record of the current version can equal a new one).
        self._last = None
        if newest_record is not None and newest_record[_VERSION_AT] == VERSION:
            self._last = newest_record[0:_LENGTH_V2]
        return newest_record

    def _take_header(self, record):
        # Saves made and saves refused (version 1 kept no count of those).
        self.saves = _get(record, _SAVES_AT, 4)
        self.refused = self._mark = 0
        if record[_VERSION_AT] >= 2:
            self.refused = _get(record, _REFUSED_AT, 2)
            self._mark = _get(record, _MARK_AT, 2)

    def _count_refusals(self, refusals):
        if self._log is not None:
            self._log.count_refusals(refusals)
            return
        # Each refused slot counts once: the next save overwrites it, except
        # when both slots were refused (the second survives the first save).
        # Its fingerprint is kept in the record, so a load before the second
        # save does not count it again.
        target = 0 if self._newest is None else (self._newest + 1) % SLOT_COUNT
        counted = self._mark
        for slot, fingerprint, reason in refusals:
            self.refusal = reason
            if fingerprint != counted and self.refused < REFUSED_MAX:
                self.refused += 1
            if slot != target:
                self._mark = fingerprint

    def load(self, seed=None):
        """The saved game, or a fresh one if nothing valid is stored.

        Never raises: empty, erased, corrupt, truncated, foreign,
        future-version or impossible bytes all give a fresh game (and leave
        ``saves`` 0 and ``settings`` zero); records that claim to be ours
        and fail are counted in ``refused``.

        :param int seed: seed for a fresh game (None: hardware entropy).
        """
        self._loaded = True
        self.refusal = None
        self.refused = 0
        self._mark = 0
        record = None
        if self.nvm is not None:
            refusals = []
            try:
                record = self._scan(refusals)
                if record is not None:
                    self._take_header(record)
                    game = Game(seed=0)
                    _READERS[record[_VERSION_AT]](record, game, self)
                    self.version = record[_VERSION_AT]
                self._count_refusals(refusals)
            except Exception:  # a checked record cannot fail; never stop the game
                record = None
            if record is not None:
                return game
        self.version = None
        self.saves = 0
        for index in range(SETTINGS_SIZE):
            self.settings[index] = 0
        return Game(seed=seed)

    def encode(self, game, sequence, saves):
        """The version-``VERSION`` record of ``game`` as a bytearray (73 bytes)."""
        record = self._body(game)
        self._seal(record, sequence, saves)
        return record

    def _body(self, game):
        # A record with every field but the sequence, saves and CRC filled.
        # Scores and counters beyond their maximum are stored at it (Game
        # never passes them; this keeps any caller's numbers from wrapping).
        record = bytearray(_LENGTH_V2)
        record[0:4] = MAGIC
        record[_VERSION_AT] = VERSION
        cells = game.cells
        for index in range(16):
            record[_CELLS_AT + index] = cells[index]
        _put(record, _SCORE_AT, min(game.score, MAX_SCORE), 4)
        _put(record, _BEST_AT, min(game.best, MAX_SCORE), 4)
        flags = 0
        if game.won:
            flags |= _WON
        if game.keep_playing:
            flags |= _KEEP_PLAYING
        if game.over:
            flags |= _OVER
        record[_FLAGS_AT] = flags
        _put(record, _MOVES_AT, min(game.moves, COUNTER_MAX), 4)
        rng = game.rng
        _put(record, _RNG_AT, rng.y, 2)
        _put(record, _RNG_AT + 2, rng.x, 2)
        stats = game.stats
        _put(record, _GAMES_AT, min(stats.games, COUNTER_MAX), 4)
        _put(record, _WINS_AT, min(stats.wins, COUNTER_MAX), 4)
        record[_BEST_EXPONENT_AT] = stats.best_exponent
        _put(record, _TOTAL_MOVES_AT, min(stats.moves, COUNTER_MAX), 4)
        record[_SETTINGS_AT : _SETTINGS_AT + SETTINGS_SIZE] = self.settings
        _put(record, _REFUSED_AT, min(self.refused, REFUSED_MAX), 2)
        _put(record, _MARK_AT, self._mark, 2)
        return record

    @staticmethod
    def _seal(record, sequence, saves):
        # The header fields that change with every save, then the CRC.
        _put(record, _SEQUENCE_AT, sequence, 2)
        _put(record, _SAVES_AT, saves, 4)
        high, low = crc32(record, _CRC_AT_V2)
        _put(record, _CRC_AT_V2, low, 2)
        _put(record, _CRC_AT_V2 + 2, high, 2)

    def save(self, game):
        """Write ``game`` (with ``settings``) where the layout puts the next
        record (the older slot; the log's next erased slot), then read it
        back.

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
        # All in one function, not a guarded call of another: a save is the
        # deepest call chain of the game (Menu > Save now down to _check),
        # and each call level takes pystack on the board.
        try:
            if not self._scanned:
                record = self._scan()
                if record is not None and not self._loaded:
                    self._take_header(record)  # saving without load(): keep the counts
            record = self._body(game)
            newest = self._newest
            last = self._last
            if newest is not None and last is not None:
                # The same game as the record last written or loaded, and that
                # record still intact in its slot: nothing to write.
                if last[_BODY_AT:_CRC_AT_V2] == record[_BODY_AT:_CRC_AT_V2]:
                    if self._slot_bytes(newest)[0:_LENGTH_V2] == last:
                        self.failure = self.error = None
                        return UNCHANGED
            reason = _check(record)
            if reason is not None:
                # The store would refuse this record when loading it: write
                # nothing rather than a save that is lost at the next start.
                self.failure = "invalid " + reason
                self.error = None
                return FAILED
            sequence = (self._sequence + 1) & _SEQUENCE_MASK
            saves = self.saves + 1 if self.saves < COUNTER_MAX else COUNTER_MAX
            self._seal(record, sequence, saves)
            # Until the write is confirmed, what the slots hold is unknown.
            self._scanned = False
            if self._log is not None:
                target = self._log.write(record)
                base = self._base(target)
            else:
                target = 0 if newest is None else (newest + 1) % SLOT_COUNT
                base = self._base(target)
                self.nvm[base : base + _LENGTH_V2] = record
            if self.nvm[base : base + _LENGTH_V2] != record:
                self.failure = "read-back"
                self.error = None
                return FAILED
            self._newest = target
            self._sequence = sequence
            self._scanned = True
            self._last = record
            self.saves = saves
            self.version = VERSION
            self.failure = self.error = None
            return SAVED
        except Exception as error:  # anything an NVM object can throw
            self._scanned = False
            self.failure = _describe(error)
            self.error = error
            return FAILED
