"""Save records for a game in a bytearray-like NVM (``microcontroller.nvm``).

A record is a small, self-checking snapshot of everything worth keeping: the
game in progress (board, score, best, won / Continue / over, move count and
the random generator's state, so the resumed game spawns exactly as the
uninterrupted one would), the lifetime statistics, the number of saves made
and 8 bytes of app settings. Two slots hold two records; a save always writes
the slot that does *not* hold the newest valid record, so a save cut short by
the power switch leaves the previous record intact (on byte-granular NVM).

On a PyBadge (SAMD51) the whole 8 KB NVM is one flash erase block: every
write erases all of it and programs it again, so no layout can make a write
atomic there. A cut during the ~50 ms erase loses both slots and ``load()``
falls back to a fresh game; see the README section "Saving and NVM wear".

Record layout, format version 1 (little-endian, 69 bytes)::

    0  magic b"2048"          35 flags: 1 won, 2 keep_playing, 4 over
    4  format version (1)     36 moves this game (4)
    5  sequence number (2)    40 RNG state (4)
    7  saves made (4)         44 stats: games (4), wins (4),
    11 cells (16 exponents)      best exponent (1), moves (4)
    27 score (4)              57 app settings (8)
    31 best (4)               65 CRC-32 of bytes 0..64 (4)

Each slot is 128 bytes, so later versions may grow; older versions are read
by their own reader (``_READERS``), and a version this code does not know is
ignored like any foreign data.
"""

from engine import rules
from engine.game import Game

#: Format version written by ``save``.
VERSION = 1
#: Bytes reserved per slot; a record of any version fits in one.
SLOT_SIZE = 128
#: Slots used at the start of the region.
SLOT_COUNT = 2
#: The smallest region a ``Store`` accepts, in bytes.
MIN_LENGTH = SLOT_SIZE * SLOT_COUNT
#: Number of opaque app-setting bytes kept in every record.
SETTINGS_SIZE = 8

MAGIC = b"2048"
# Sequence numbers are 16 bits and compared modulo 2**16 (serial-number
# arithmetic), so they may wrap without confusing "newest".
_SEQUENCE_MASK = 0xFFFF
_SEQUENCE_HALF = 0x8000

# Offsets of version 1 fields.
_VERSION_AT = 4
_SEQUENCE_AT = 5
_SAVES_AT = 7
_BODY_AT = 11  # from here to the CRC: the part compared to skip repeated writes
_CELLS_AT = 11
_SCORE_AT = 27
_BEST_AT = 31
_FLAGS_AT = 35
_MOVES_AT = 36
_RNG_AT = 40
_GAMES_AT = 44
_WINS_AT = 48
_BEST_EXPONENT_AT = 52
_TOTAL_MOVES_AT = 53
_SETTINGS_AT = 57
_CRC_AT_V1 = 65
_LENGTH_V1 = 69

_WON = 1
_KEEP_PLAYING = 2
_OVER = 4
# Exponent limit accepted for a cell (as Game.set_board allows).
_MAX_EXPONENT = 31

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
    value = 0
    for index in range(size - 1, -1, -1):
        value = (value << 8) | buffer[offset + index]
    return value


def _is_newer(sequence, other):
    """True if ``sequence`` was written after ``other`` (both 16-bit, wrapping)."""
    distance = (sequence - other) & _SEQUENCE_MASK
    return 0 < distance < _SEQUENCE_HALF


def _record_length(record):
    # The length of a record that looks like ours and carries a version we
    # can read, else 0. Used before trusting anything else in the slot.
    if record[0:4] != MAGIC:
        return 0
    if record[_VERSION_AT] == 1:
        return _LENGTH_V1
    return 0  # a future (or unknown) version: not ours to interpret


def _checks_out(record):
    # Magic, known version and CRC all agree, and every field is in range:
    # only then is anything in the slot trusted.
    length = _record_length(record)
    if not length:
        return False
    high, low = crc32(record, length - 4)
    if _get(record, length - 4, 2) != low or _get(record, length - 2, 2) != high:
        return False
    return _PLAUSIBLE[record[_VERSION_AT]](record)


def _plausible_v1(record):
    # Field ranges of a version 1 record (a CRC match alone could be luck).
    flags = record[_FLAGS_AT]
    if flags & ~(_WON | _KEEP_PLAYING | _OVER):
        return False
    if flags & _KEEP_PLAYING and not flags & _WON:
        return False
    if record[_BEST_EXPONENT_AT] > _MAX_EXPONENT:
        return False
    for index in range(16):
        if record[_CELLS_AT + index] > _MAX_EXPONENT:
            return False
    return True


def _read_v1(record, game, store):
    # Version 1 reader: fills ``game`` and ``store`` from a checked record.
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
    game.rng.state = _get(record, _RNG_AT, 4)
    stats = game.stats
    stats.games = _get(record, _GAMES_AT, 4)
    stats.wins = _get(record, _WINS_AT, 4)
    stats.best_exponent = record[_BEST_EXPONENT_AT]
    stats.moves = _get(record, _TOTAL_MOVES_AT, 4)
    game.moves = _get(record, _MOVES_AT, 4)  # after stats.moves: it counts from there
    store.saves = _get(record, _SAVES_AT, 4)
    store.settings[:] = record[_SETTINGS_AT : _SETTINGS_AT + SETTINGS_SIZE]


# Range check and reader for each format version this code can load. A new
# version gets new ones; old ones stay, each with a fixture in tests/fixtures/.
_PLAUSIBLE = {1: _plausible_v1}
_READERS = {1: _read_v1}

#: Every format version ``load`` understands.
VERSIONS = tuple(sorted(_READERS))


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
        ``nvm[a:b]`` reads bytes, ``nvm[a:b] = data`` writes ``b - a`` bytes.
    :param int start: first byte of the region the game may use (default 0).
    :param int length: bytes in the region (default: up to the end of the
        NVM); at least ``MIN_LENGTH`` (256). Only the first 256 are used.
    :raises ValueError: the region does not fit in the NVM or is too small.

    Attributes after ``load()``: ``saves`` (records written, lifetime; on a
    PyBadge each one is an erase of the NVM block), ``settings`` (bytearray of
    8 app-setting bytes, saved with every record), ``version`` (format version
    of the loaded record, None if nothing valid was found).
    """

    def __init__(self, nvm, start=0, length=None):
        size = len(nvm)
        if length is None:
            length = size - start
        if start < 0 or length < MIN_LENGTH or start + length > size:
            raise ValueError(
                "NVM region start=%d length=%d: need >= %d bytes inside %d"
                % (start, length, MIN_LENGTH, size)
            )
        self.nvm = nvm
        self.start = start
        self.length = length
        self.saves = 0
        self.settings = bytearray(SETTINGS_SIZE)
        self.version = None
        # Slot holding the newest valid record (None: none) and its sequence.
        self._newest = None
        self._sequence = 0
        self._scanned = False

    def _slot_bytes(self, slot):
        base = self.start + slot * SLOT_SIZE
        return self.nvm[base : base + SLOT_SIZE]

    def _scan(self):
        # Find the newest intact record; returns its bytes (or None).
        newest = None
        newest_record = None
        sequence = 0
        for slot in range(SLOT_COUNT):
            try:
                record = self._slot_bytes(slot)
                if len(record) != SLOT_SIZE or not _checks_out(record):
                    continue
            except Exception:  # a strange NVM object must not stop the game
                continue
            slot_sequence = _get(record, _SEQUENCE_AT, 2)
            if newest is None or _is_newer(slot_sequence, sequence):
                newest = slot
                newest_record = record
                sequence = slot_sequence
        self._newest = newest
        self._sequence = sequence
        self._scanned = True
        return newest_record

    def load(self, seed=None):
        """The saved game, or a fresh one if nothing valid is stored.

        Never raises: empty, erased, corrupt, truncated, foreign or
        future-version bytes all give a fresh game (and leave ``saves`` 0
        and ``settings`` zero).

        :param int seed: seed for a fresh game (None: hardware entropy).
        """
        record = self._scan()
        if record is not None:
            game = Game(seed=0)
            _READERS[record[_VERSION_AT]](record, game, self)
            self.version = record[_VERSION_AT]
            return game
        self.version = None
        self.saves = 0
        for index in range(SETTINGS_SIZE):
            self.settings[index] = 0
        return Game(seed=seed)

    def encode(self, game, sequence, saves):
        """The version-``VERSION`` record of ``game`` as a bytearray (69 bytes)."""
        record = self._body(game)
        self._seal(record, sequence, saves)
        return record

    def _body(self, game):
        # A record with every field but the sequence, saves and CRC filled.
        record = bytearray(_LENGTH_V1)
        record[0:4] = MAGIC
        record[_VERSION_AT] = VERSION
        cells = game.cells
        for index in range(16):
            record[_CELLS_AT + index] = cells[index]
        _put(record, _SCORE_AT, game.score, 4)
        _put(record, _BEST_AT, game.best, 4)
        flags = 0
        if game.won:
            flags |= _WON
        if game.keep_playing:
            flags |= _KEEP_PLAYING
        if game.over:
            flags |= _OVER
        record[_FLAGS_AT] = flags
        _put(record, _MOVES_AT, game.moves, 4)
        _put(record, _RNG_AT, game.rng.state, 4)
        stats = game.stats
        _put(record, _GAMES_AT, stats.games, 4)
        _put(record, _WINS_AT, stats.wins, 4)
        record[_BEST_EXPONENT_AT] = stats.best_exponent
        _put(record, _TOTAL_MOVES_AT, stats.moves, 4)
        record[_SETTINGS_AT : _SETTINGS_AT + SETTINGS_SIZE] = self.settings
        return record

    @staticmethod
    def _seal(record, sequence, saves):
        # The header fields that change with every save, then the CRC.
        _put(record, _SEQUENCE_AT, sequence, 2)
        _put(record, _SAVES_AT, saves, 4)
        high, low = crc32(record, _CRC_AT_V1)
        _put(record, _CRC_AT_V1, low, 2)
        _put(record, _CRC_AT_V1 + 2, high, 2)

    def save(self, game):
        """Write ``game`` (with ``settings``) into the older slot.

        One slice assignment, i.e. one NVM erase on a PyBadge (~75 ms stall).

        :return: True if a record was written; False if the newest stored
            record already holds exactly this game and these settings
            (nothing is written: the same bytes are never written twice).
        """
        if not self._scanned:
            record = self._scan()
            if record is not None:
                self.saves = _get(record, _SAVES_AT, 4)
        newest = self._newest
        record = self._body(game)
        if newest is not None:
            stored = self._slot_bytes(newest)
            if stored[_VERSION_AT] == VERSION and (
                stored[_BODY_AT:_CRC_AT_V1] == record[_BODY_AT:_CRC_AT_V1]
            ):
                return False
            target = (newest + 1) % SLOT_COUNT
        else:
            target = 0
        self._seal(record, (self._sequence + 1) & _SEQUENCE_MASK, self.saves + 1)
        base = self.start + target * SLOT_SIZE
        self.nvm[base : base + _LENGTH_V1] = record
        self._newest = target
        self._sequence = (self._sequence + 1) & _SEQUENCE_MASK
        self.saves += 1
        self.version = VERSION
        return True
