# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The byte format of one save record: its fields, CRC, checks and readers.

A record is a small, self-checking snapshot of everything worth keeping: the
game in progress (board, score, best, won / Continue / over, move count and
the random generator's state, so the resumed game spawns exactly as the
uninterrupted one would), its undo history, the lifetime statistics, the
number of saves made, the number of saves refused and 16 bytes of app
settings. Where records go in the NVM is :mod:`engine.store`'s business;
this module only makes and reads the bytes of one.

A record is trusted only if its magic, version and CRC match *and* it holds
a game this program could have written (``check``: cells 0..17, flags that
agree with the board, score and counters in range and consistent;
``check_undo``: the undo fields; ``replays``: the history's moves played
again from its base give exactly the game's board and generator).
``verdict`` (all but the replay) and ``replays`` tell the three cases
apart: a record to trust, ``FOREIGN`` bytes that are not ours to read, or
why one that claims to be ours fails.

Record layout, format version 3 (little-endian, 120 bytes)::

    0  magic b"2048"          57 app settings 0..7 (8)
    4  format version (3)     65 saves refused (2)
    5  sequence number (2)    67 mark of a refused slot (2)
    7  saves made (4)         69 app settings 8..15 (8)
    11 cells (16 exponents)   77 undos this game (4)
    27 score (4)              81 stats: undos (4), wins without undo (4),
    31 best (4)                  best exponent without undo (1)
    35 flags: 1 won,          90 undo depth (1), undoable moves (1),
       2 keep_playing, 4 over    history steps (1)
    36 moves this game (4)    93 history directions (3): 2 bits a move,
    40 RNG state: word y (2),    the first in bits 0-1
       word x (2)             96 history base: cells (16),
    44 stats: games (4),         RNG word y (2), word x (2)
       wins (4), best         116 CRC-32 of bytes 0..115 (4)
       exponent (1), moves (4)

Version 2 (73 bytes) is the same up to byte 68, then its CRC at 69; version
1 (69 bytes) the same up to byte 64, then its CRC at 65 (its RNG field was
one 32-bit number: the same bytes as the two words). A record of either
reads as a game with no undo history, no undo counted, settings 8..15 zero
and the "without undo" figures equal to the totals (no undo existed). The
settings bytes are opaque here; app/settings.py gives them their meaning
(byte 8 undo, 9 language, 10 colours, 11..15 spare), and 0 is each row's
default, so such a record loads with undo off, English and Classic. Every
layout gives a record 128 bytes (``SLOT_SIZE``), so later versions may grow;
a version this code does not know is ``FOREIGN``. No value read or written
needs a big int: 4-byte fields are checked to be below 2**30 before they are
put together.
"""

from micropython import const

from engine import rules
from engine.game import COUNTER_MAX, MAX_HISTORY_STEPS, MAX_SCORE, MAX_UNDO_DEPTH
from engine.rng import Rng

#: Format version written by ``pack``.
VERSION = 3
#: Bytes of a version-``VERSION`` record.
LENGTH = const(120)
#: Bytes every layout reserves for one record; a record of any version fits.
SLOT_SIZE = 128
#: Number of opaque app-setting bytes kept in every record (versions 1
#: and 2 kept the first 8; the others then read 0).
SETTINGS_SIZE = 16
#: Where the count of refused saves stops (2 bytes in the record).
REFUSED_MAX = 65535
MAGIC = b"2048"
#: What ``verdict`` says of bytes that are not ours to read (no magic, a
#: version this code does not know): ignored, and not counted as refused.
FOREIGN = "foreign"

# Offsets of the fields (the same in every version up to byte 64, in
# versions 2 and 3 up to byte 68); the four without an underscore are read
# by the store and the log too.
VERSION_AT = const(4)
SEQUENCE_AT = const(5)
_SAVES_AT = const(7)
#: From here to ``CRC_AT``: the part compared to skip repeated writes.
BODY_AT = const(11)
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
_LENGTH_V1 = const(69)
_REFUSED_AT = const(65)
_MARK_AT = const(67)
_LENGTH_V2 = const(73)
_SETTINGS_HIGH_AT = const(69)  # settings 8..15
_UNDOS_AT = const(77)
_TOTAL_UNDOS_AT = const(81)
_CLEAN_WINS_AT = const(85)
_CLEAN_BEST_AT = const(89)
_DEPTH_AT = const(90)
_UNDOABLE_AT = const(91)
_STEPS_AT = const(92)
_PATH_AT = const(93)
_BASE_AT = const(96)
_BASE_RNG_AT = const(112)  # y at 112, x at 114
#: Where the CRC of a version-``VERSION`` record starts.
CRC_AT = const(116)

_WON = const(1)
_KEEP_PLAYING = const(2)
_OVER = const(4)


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
del _crc_tables  # used once: its code is freed (RAM on the board)


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


def get(buffer, offset, size):
    """The little-endian unsigned field of ``size`` bytes at ``offset``.

    Only for fields known to be small: 2-byte ones, or 4-byte ones of a
    record that passed ``check`` (below 2**30).
    """
    value = 0
    for index in range(size - 1, -1, -1):
        value = (value << 8) | buffer[offset + index]
    return value


def _small(buffer, offset):
    # A 4-byte field, or -1 if it is 2**30 or more: such a value is never
    # valid, and building it would need a big int on the device. Read
    # here, not through get: the save's checks call it at their deepest.
    high = buffer[offset + 3]
    if high >= 0x40:
        return -1
    return buffer[offset] | buffer[offset + 1] << 8 | buffer[offset + 2] << 16 | high << 24


def verdict(record):
    """None if ``record`` (a slot's bytes) passes every check but the
    replay of its history (``replays``, which a record to trust must pass
    too); ``FOREIGN`` if it is not ours (no magic, unknown version); else why
    it is refused (a short text: "damaged", or ``check``'s or
    ``check_undo``'s reason).

    The store calls ``replays`` itself, beside this one rather than under
    it: a load's call chain is then no deeper for it (pystack).
    """
    if record[0:4] != MAGIC:
        return FOREIGN
    version = record[VERSION_AT]
    if version == 3:
        length = LENGTH
    elif version == 2:
        length = _LENGTH_V2
    elif version == 1:
        length = _LENGTH_V1
    else:
        return FOREIGN  # a future (or unknown) version: not ours to interpret
    high, low = crc32(record, length - 4)
    if get(record, length - 4, 2) != low or get(record, length - 2, 2) != high:
        return "damaged"
    if version < 3:
        return check(record)
    return check(record) or check_undo(record)


def check(record):  # noqa: C901  one flat pass over the fields, in the record's order
    """Why the game in ``record`` is one this program never writes, or None.

    The CRC only says the bytes are as written; these rules say the game is
    possible (each has a test in tests/test_store.py that fails without it).
    Shared by every version (the same offsets); a version-3 record's undo
    fields have rules of their own (``check_undo``, ``replays``).
    """
    flags = record[_FLAGS_AT]
    # Continue needs a win on the board, but from version 3 on an undo may
    # have taken the winning move back (check_undo has that case).
    if flags & ~(_WON | _KEEP_PLAYING | _OVER) or (flags & _KEEP_PLAYING and not flags & _WON and record[VERSION_AT] < 3):
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
    if not (get(record, _RNG_AT, 2) or get(record, _RNG_AT + 2, 2)):
        return "rng"  # the generator's state is never all zero
    return None


def check_undo(record):
    """Why the undo fields of a version-3 record that passed ``check`` are
    ones this program never writes, or None: the undo counts, the "without
    undo" figures and the history's shape (its moves are ``replays``').

    A save runs it beside ``check`` (not under it: each call level takes
    pystack at the bottom of the save's chain).
    """
    undos = _small(record, _UNDOS_AT)
    total = _small(record, _TOTAL_UNDOS_AT)
    wins = _small(record, _CLEAN_WINS_AT)
    if not 0 <= undos <= total <= COUNTER_MAX or not 0 <= wins <= COUNTER_MAX:
        return "undo counters"
    # Each undo took back a move of this game, which the total counts.
    moves = get(record, _MOVES_AT, 4)
    if moves + undos > get(record, _TOTAL_MOVES_AT, 4):
        return "undo counters"
    best = record[_CLEAN_BEST_AT]
    if wins > get(record, _WINS_AT, 4) or best > record[_BEST_EXPONENT_AT] or (wins and best < rules.WIN_EXPONENT):
        return "without undo"
    flags = record[_FLAGS_AT]
    # Continue without a 2048 on the board: only an undo takes a win back,
    # and that win was counted.
    if flags & _KEEP_PLAYING and not flags & _WON:
        if not undos or not get(record, _WINS_AT, 4) or record[_BEST_EXPONENT_AT] < rules.WIN_EXPONENT:
            return "flags"
    if not undos:
        # No undo yet this game: what it made counts "without undo" too.
        for index in range(_CELLS_AT, _CELLS_AT + 16):
            if record[index] > best:
                return "without undo"
        if flags & _WON and not wins:
            return "without undo"
    depth = record[_DEPTH_AT]
    total = record[_UNDOABLE_AT]  # the undoable moves
    steps = record[_STEPS_AT]
    if depth > MAX_UNDO_DEPTH or total > depth or total > steps or steps > MAX_HISTORY_STEPS or steps > moves:
        return "history"
    if (steps and not depth) or get(record, _PATH_AT, 3) >> (2 * steps):
        return "history"
    # The base: none without moves (all zero), else a board and a state.
    for index in range(_BASE_AT, _BASE_AT + 16):
        if record[index] > rules.MAX_EXPONENT or (record[index] and not steps):
            return "history"
    if bool(get(record, _BASE_RNG_AT, 2) or get(record, _BASE_RNG_AT + 2, 2)) != bool(steps):
        return "history"
    return None


def replays(record):
    """Why the history of a record that passed ``verdict`` does not lead to
    its game, or None (version 1 and 2 records have none):
    its base, played again through its directions (each a valid move, the
    spawns drawn from the base's generator state), must give exactly the
    record's cells and generator state, score no more than its score, and,
    while the win banner waits, make the first 2048 with its last move."""
    steps = record[_STEPS_AT] if record[VERSION_AT] > 2 else 0
    if not steps:
        return None
    # Few locals, and the moves played here, not by a helper: a
    # load runs this at the bottom of its call chain, and each slot and
    # call level takes pystack.
    cells = list(record[_BASE_AT : _BASE_AT + 16])
    rng = Rng(0)
    rng.set_words(get(record, _BASE_RNG_AT + 2, 2), get(record, _BASE_RNG_AT, 2))
    path = get(record, _PATH_AT, 3)
    points = 0
    while steps:
        gained = rules.slide(cells, path & 3)
        if gained < 0:
            return "replay"
        points += gained
        rules.spawn(cells, rng)
        path >>= 2
        steps -= 1
        if steps == 1 and record[_FLAGS_AT] & (_WON | _KEEP_PLAYING) == _WON and max(cells) >= rules.WIN_EXPONENT:
            return "replay"  # moves were made after the win, before Continue
    if points > get(record, _SCORE_AT, 4) or bytes(cells) != bytes(record[_CELLS_AT : _CELLS_AT + 16]):
        return "replay"
    if rng.x != get(record, _RNG_AT + 2, 2) or rng.y != get(record, _RNG_AT, 2):
        return "replay"
    return None


def counts(record):
    """``(saves, refused, mark)`` of a checked record: saves made, saves
    refused and the mark of a refused slot (version 1 kept neither: 0)."""
    if record[VERSION_AT] < 2:
        return get(record, _SAVES_AT, 4), 0, 0
    return get(record, _SAVES_AT, 4), get(record, _REFUSED_AT, 2), get(record, _MARK_AT, 2)


def _read(record, game, settings):
    # Reader of every version (the fields they share have the same
    # offsets), from a checked record: fills ``game`` and ``settings``.
    flags = record[_FLAGS_AT]
    cells = game.cells
    for index in range(16):
        cells[index] = record[_CELLS_AT + index]
    game.score = get(record, _SCORE_AT, 4)
    game.best = get(record, _BEST_AT, 4)
    game.won = bool(flags & _WON)
    game.keep_playing = bool(flags & _KEEP_PLAYING)
    game.over = bool(flags & _OVER)
    game.max_exponent = rules.max_exponent(cells)
    game.rng.set_words(get(record, _RNG_AT + 2, 2), get(record, _RNG_AT, 2))
    stats = game.stats
    stats.games = get(record, _GAMES_AT, 4)
    stats.wins = get(record, _WINS_AT, 4)
    stats.best_exponent = record[_BEST_EXPONENT_AT]
    stats.moves = get(record, _TOTAL_MOVES_AT, 4)
    game.moves = get(record, _MOVES_AT, 4)  # after stats.moves: it counts from there
    if record[VERSION_AT] < 3:
        # No undo existed: none was used, and every figure is "without
        # undo"; undo is Off (a new Game's).
        for index in range(8):
            settings[index] = record[_SETTINGS_AT + index]
            settings[8 + index] = 0
        game.undos = stats.undos = 0
        stats.wins_without_undo = stats.wins
        stats.best_exponent_without_undo = stats.best_exponent
        return
    for index in range(8):
        settings[index] = record[_SETTINGS_AT + index]
        settings[8 + index] = record[_SETTINGS_HIGH_AT + index]
    game.undos = get(record, _UNDOS_AT, 4)
    stats.undos = get(record, _TOTAL_UNDOS_AT, 4)
    stats.wins_without_undo = get(record, _CLEAN_WINS_AT, 4)
    stats.best_exponent_without_undo = record[_CLEAN_BEST_AT]
    game.undo_depth = record[_DEPTH_AT]  # 0: no history (nor its module)
    history = game.history
    if history is None:
        return
    history.undoable = record[_UNDOABLE_AT]
    history.steps = record[_STEPS_AT]
    history.path = get(record, _PATH_AT, 3)
    cells = history.base
    for index in range(16):
        cells[index] = record[_BASE_AT + index]
    history.base_y = get(record, _BASE_RNG_AT, 2)
    history.base_x = get(record, _BASE_RNG_AT + 2, 2)
    history.resume(game)


#: Reader for each format version this code can load, called as
#: ``READERS[version](record, game, settings)`` on a checked record (one
#: for all three: later versions only add fields). A new version gets a new
#: one if its fields move; old ones stay, each with a fixture in
#: tests/fixtures/ (``counts`` reads the counts of each).
READERS = {1: _read, 2: _read, 3: _read}

#: Every format version a store loads.
VERSIONS = tuple(sorted(READERS))


def pack(game, settings, refused, mark):
    """A version-``VERSION`` record of ``game`` (a bytearray of ``LENGTH``)
    with every field but the sequence, saves and CRC filled (``seal``).

    Scores and counters beyond their maximum are stored at it (Game never
    passes them; this keeps any caller's numbers from wrapping).
    """
    record = bytearray(LENGTH)
    record[0:4] = MAGIC
    record[VERSION_AT] = VERSION
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
    # game.rng and game.stats without a local each: a save calls this, and
    # every local is a word of pystack.
    _put(record, _RNG_AT, game.rng.y, 2)
    _put(record, _RNG_AT + 2, game.rng.x, 2)
    _put(record, _GAMES_AT, min(game.stats.games, COUNTER_MAX), 4)
    _put(record, _WINS_AT, min(game.stats.wins, COUNTER_MAX), 4)
    record[_BEST_EXPONENT_AT] = game.stats.best_exponent
    _put(record, _TOTAL_MOVES_AT, min(game.stats.moves, COUNTER_MAX), 4)
    for index in range(8):
        record[_SETTINGS_AT + index] = settings[index]
        record[_SETTINGS_HIGH_AT + index] = settings[8 + index]
    _put(record, _REFUSED_AT, min(refused, REFUSED_MAX), 2)
    _put(record, _MARK_AT, mark, 2)
    _put(record, _UNDOS_AT, min(game.undos, COUNTER_MAX), 4)
    _put(record, _TOTAL_UNDOS_AT, min(game.stats.undos, COUNTER_MAX), 4)
    _put(record, _CLEAN_WINS_AT, min(game.stats.wins_without_undo, COUNTER_MAX), 4)
    record[_CLEAN_BEST_AT] = game.stats.best_exponent_without_undo
    if game.history is not None and game.history.steps:
        # Without moves the base stays zero: it is the game's own position.
        record[_UNDOABLE_AT] = game.history.undoable
        record[_STEPS_AT] = game.history.steps
        _put(record, _PATH_AT, game.history.path, 3)
        cells = game.history.base
        for index in range(16):
            record[_BASE_AT + index] = cells[index]
        _put(record, _BASE_RNG_AT, game.history.base_y, 2)
        _put(record, _BASE_RNG_AT + 2, game.history.base_x, 2)
    if game.history is not None:
        record[_DEPTH_AT] = game.history.depth
    return record


def seal(record, sequence, saves):
    """Fill the fields of a ``pack``-ed record that change with every save,
    then its CRC."""
    _put(record, SEQUENCE_AT, sequence, 2)
    _put(record, _SAVES_AT, saves, 4)
    high, low = crc32(record, CRC_AT)
    _put(record, CRC_AT, low, 2)
    _put(record, CRC_AT + 2, high, 2)
