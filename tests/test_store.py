# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""engine.store and engine.record: round trips, garbage, old formats, power cuts, MicroPython agreement."""

import random
import zlib

import pytest
from fakenvm import FakeNVM, FaultyNVM, PowerCut

from engine import record as record_module
from engine import rules
from engine import store as store_module
from engine.game import COUNTER_MAX, MAX_SCORE, Game
from engine.record import REFUSED_MAX, SETTINGS_SIZE, SLOT_SIZE, VERSION, VERSIONS, crc32
from engine.store import FAILED, MIN_LENGTH, NO_NVM, SAVED, UNCHANGED, Store
from tests import sampling
from tests.saves import (
    RECORD_LENGTH,
    ShortReads,
    check_fixture,
    erase_model_cuts,
    fixtures,
    fresh_snapshot,
    play,
    recrc,
    save_points,
    snapshot,
)
from tests.shared import printed
from tools import ROOT
from tools.check import acyclic, code_metrics
from tools.check.store_fixture import FIXTURES
from tools.vm.fuel_vm import run

# ---------------------------------------------------------------- basics


def test_the_record_format_is_imported_one_way_and_only_by_its_public_names():
    # engine.record is the format; the store and the log place records and
    # import it. No engine module imports back along a chain (a circle), or
    # takes another's private names (tools/check/code_metrics.py reads them).
    graph, private = code_metrics.import_graph(code_metrics.shipped_modules(ROOT))
    assert "engine.record" in graph["engine.store"] and "engine.record" in graph["engine.store_log"]
    assert "engine.store" not in graph["engine.store_log"]
    assert [reach for reach in private if reach.startswith("engine.")] == []
    assert [circle for circle in acyclic.circles(graph) if any(m.startswith("engine.") for m in circle)] == []


def test_crc32_matches_zlib():
    generator = random.Random(1)
    for length in (0, 1, 2, 9, 65, 200):
        data = bytes(generator.randrange(256) for _ in range(length))
        high, low = crc32(data, length)
        assert (high << 16) | low == zlib.crc32(data)


def test_region_must_fit():
    with pytest.raises(ValueError):
        Store(bytearray(MIN_LENGTH - 1))
    with pytest.raises(ValueError):
        Store(bytearray(1000), start=800)
    with pytest.raises(ValueError):
        Store(bytearray(1000), start=0, length=1001)
    Store(bytearray(1000), start=744)  # exactly 256 bytes: fine


def test_region_from_settings():
    region = store_module.region_from_settings
    assert region({}.get) == (0, None)
    assert region({"GAME2048_NVM_START": 4096, "GAME2048_NVM_LENGTH": 256}.get) == (4096, 256)
    assert region({"GAME2048_NVM_START": "0x1000"}.get) == (4096, None)
    assert region({"GAME2048_NVM_LENGTH": " 512 "}.get) == (0, 512)
    for bad in ("abc", -1, "-5", "12.5"):
        with pytest.raises(ValueError, match="GAME2048_NVM_START"):
            region({"GAME2048_NVM_START": bad}.get)


def test_region_is_respected():
    # Bytes outside the region are never touched, inside only the slots.
    nvm = bytearray(range(256)) * 32
    before = bytes(nvm)
    store = Store(nvm, start=4096, length=512)
    game = store.load(seed=3)
    assert store.version is None  # the stranger's bytes were not trusted
    assert store.save(game) == SAVED
    play(game, 10, random.Random(0))
    assert store.save(game) == SAVED
    assert nvm[:4096] == before[:4096]
    assert nvm[4096 + MIN_LENGTH :] == before[4096 + MIN_LENGTH :]
    assert snapshot(Store(nvm, 4096, 512).load()) == snapshot(game)


# ---------------------------------------------------------------- round trip


def test_round_trip_every_field():
    nvm = bytearray(b"\xff" * 8192)
    store = Store(nvm)
    for game, setting in save_points(seed=11, count=24):
        store.settings[setting] = (store.settings[setting] + 1) & 0xFF
        assert store.save(game) == SAVED
        again = Store(nvm)
        loaded = again.load()
        assert snapshot(loaded, again) == snapshot(game, store)
        assert again.version == VERSION


def test_won_continue_and_over_flags_survive():
    nvm = bytearray(b"\xff" * 8192)
    store = Store(nvm)
    game = Game(seed=1)
    game.set_board([10, 10, 3, 1, 2, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], score=100)
    game.move(rules.LEFT)
    assert game.waiting
    store.save(game)
    assert Store(nvm).load().waiting
    game.continue_playing()
    store.save(game)
    loaded = Store(nvm).load()
    assert loaded.won and loaded.keep_playing and not loaded.waiting
    game.set_board([1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 2, 2, 1, 2, 1])
    assert game.over
    store.save(game)
    assert Store(nvm).load().over


def test_resumed_game_spawns_like_the_uninterrupted_one():
    nvm = bytearray(b"\xff" * 8192)
    game = Game(seed=99)
    play(game, 50, random.Random(5))
    Store(nvm).save(game)
    resumed = Store(nvm).load()
    first = random.Random(6)
    second = random.Random(6)
    for _ in range(300):
        play(game, 1, first)
        play(resumed, 1, second)
        assert snapshot(resumed) == snapshot(game)
    assert game.stats.games > 1  # the sequence went through a new game too


def test_same_bytes_are_never_written_twice():
    nvm = FakeNVM(model="erase")
    store = Store(nvm)
    game = store.load(seed=4)
    assert store.save(game) == SAVED
    assert store.save(game) == UNCHANGED
    assert Store(nvm).save(game) == UNCHANGED  # also for a store that did not load
    assert nvm.writes == 1
    store.settings[2] = 9  # a setting alone is worth a save
    assert store.save(game) == SAVED
    play(game, 3, random.Random(1))
    assert store.save(game) == SAVED
    assert store.save(game) == UNCHANGED
    assert nvm.writes == 3
    reloaded = Store(nvm)
    reloaded.load()
    assert store.saves == reloaded.saves == 3


def test_saves_count_and_each_block_save_writes_both_slots():
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=8)
    for count in range(1, 6):
        play(game, 2, random.Random(count))
        assert store.save(game) == SAVED
        assert nvm[0:RECORD_LENGTH] == nvm[SLOT_SIZE : SLOT_SIZE + RECORD_LENGTH]
        assert nvm[RECORD_LENGTH:SLOT_SIZE] == b"\xff" * (SLOT_SIZE - RECORD_LENGTH)
        reloaded = Store(nvm)
        reloaded.load()
        assert reloaded.saves == count


def test_a_block_region_of_alternating_slots_gets_both_at_its_first_save():
    # What an older version of the game (one slot per save, in turn) left:
    # the game before the last save in the other slot. The first save
    # writes both slots, even of the same game.
    nvm, older = two_records()
    store = Store(nvm)
    game = store.load()
    assert snapshot(game) != older
    assert store.save(game) == SAVED
    assert nvm[0:RECORD_LENGTH] == nvm[SLOT_SIZE : SLOT_SIZE + RECORD_LENGTH]
    assert store.save(game) == UNCHANGED


def test_sequence_wraps():
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=8)
    store._sequence = 0xFFFD
    for _ in range(5):  # sequences 0xFFFE, 0xFFFF, 0, 1, 2
        play(game, 3, random.Random(2))
        store.save(game)
        assert snapshot(Store(nvm).load()) == snapshot(game)


# ---------------------------------------------------------------- garbage


def fresh(nvm, **region):
    """Load from ``nvm`` and check a fresh game came back."""
    store = Store(nvm, **region)
    game = store.load(seed=77)
    assert store.version is None
    assert snapshot(game, store) == snapshot(Game(seed=77)) + (0, bytes(SETTINGS_SIZE))
    return store


@pytest.mark.parametrize("fill", [0x00, 0xFF, 0x55])
def test_uniform_bytes_give_a_fresh_game(fill):
    fresh(bytearray([fill]) * 8192)


def test_random_bytes_give_a_fresh_game():
    generator = random.Random(2048)
    for _ in range(200):
        fresh(bytearray(generator.randrange(256) for _ in range(MIN_LENGTH)))


def test_random_bytes_behind_our_magic_give_a_fresh_game():
    generator = random.Random(4096)
    for _ in range(300):
        data = bytearray(generator.randrange(256) for _ in range(MIN_LENGTH))
        for base in (0, SLOT_SIZE):
            data[base : base + 5] = b"2048" + bytes((generator.choice(VERSIONS),))
        fresh(data)


def test_another_programs_data_gives_a_fresh_game():
    text = b'{"name": "other app", "volume": 7, "high": 2048}'
    nvm = bytearray(b"\x00" * 8192)
    nvm[0 : len(text)] = text
    nvm[SLOT_SIZE : SLOT_SIZE + len(text)] = text
    fresh(nvm)


def record_nvm(seed=21):
    """An NVM with one record, in slot 0 (slot 1 erased: a save writes both)."""
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=seed)
    play(game, 30, random.Random(seed))
    store.save(game)
    nvm[SLOT_SIZE:] = b"\xff" * (MIN_LENGTH - SLOT_SIZE)
    return nvm


def test_truncated_records_give_a_fresh_game():
    intact = record_nvm()
    for cut in range(RECORD_LENGTH):
        for filler in (0x00, 0xFF):
            nvm = bytearray(intact)
            nvm[cut:SLOT_SIZE] = bytes([filler]) * (SLOT_SIZE - cut)
            if nvm != intact:
                fresh(nvm)


def test_every_single_bit_flip_is_caught():
    intact = record_nvm()
    for index in range(RECORD_LENGTH):
        for bit in range(8):
            nvm = bytearray(intact)
            nvm[index] ^= 1 << bit
            fresh(nvm)


def test_future_version_gives_a_fresh_game():
    nvm = record_nvm()
    nvm[4] = max(VERSIONS) + 1
    recrc(nvm)
    fresh(nvm)


def test_valid_crc_with_impossible_fields_gives_a_fresh_game():
    for index, value in ((11, 40), (35, 8), (35, 2), (52, 99)):  # cell, flags x2, best tile
        nvm = record_nvm()
        nvm[index] = value
        recrc(nvm)
        fresh(nvm)


# ---------------------------------------------------------------- impossible games


def put(record, offset, value, size=4):
    record[offset : offset + size] = value.to_bytes(size, "little")


# Field offsets (docs in engine/record.py).
CELLS, SCORE, BEST, FLAGS, MOVES, RNG, GAMES, WINS, BEST_TILE, TOTAL, SAVES = 11, 27, 31, 35, 36, 40, 44, 48, 52, 53, 7
WON, KEEP, OVER = 1, 2, 4
STUCK = [1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 2, 2, 1, 2, 1]


def set_cells(record, cells):
    record[CELLS : CELLS + 16] = bytes(cells)


# Each rule of engine.record.check, broken alone where the others allow it:
# (reason, change to a valid mid-game record). A record with a valid CRC
# that breaks any of them is not a game this program writes.
IMPOSSIBLE = {
    "unknown flag": ("flags", lambda r: r.__setitem__(FLAGS, 8)),
    "continue without a win": ("flags", lambda r: r.__setitem__(FLAGS, KEEP)),
    "tile of 2**18": (
        "cells",
        lambda r: (r.__setitem__(CELLS, 18), r.__setitem__(FLAGS, WON | KEEP), r.__setitem__(BEST_TILE, 18), put(r, WINS, 1)),
    ),
    "tile of 2**31": ("cells", lambda r: r.__setitem__(CELLS + 5, 31)),
    "empty board": ("empty board", lambda r: (set_cells(r, [0] * 16), r.__setitem__(FLAGS, 0))),
    "over with a move left": ("over flag", lambda r: r.__setitem__(FLAGS, OVER)),
    "stuck but not over": ("over flag", lambda r: (set_cells(r, STUCK), r.__setitem__(FLAGS, 0))),
    "won without 2048": ("won flag", lambda r: (r.__setitem__(FLAGS, WON | KEEP), put(r, WINS, 1))),
    "2048 but not won": ("won flag", lambda r: (r.__setitem__(CELLS, 11), r.__setitem__(BEST_TILE, 11))),
    "score past the largest possible": ("score", lambda r: (put(r, SCORE, 3932165), put(r, BEST, 3932165))),
    "score of 2**30": ("score", lambda r: (put(r, SCORE, 2**30), put(r, BEST, 2**30))),
    "score of 2**32 - 1": ("score", lambda r: (put(r, SCORE, 2**32 - 1), put(r, BEST, 2**32 - 1))),
    "best below the score": ("best", lambda r: put(r, BEST, int.from_bytes(r[SCORE : SCORE + 4], "little") - 1)),
    "best past the largest possible": ("best", lambda r: put(r, BEST, 3932165)),
    "moves past the counters' end": ("counters", lambda r: (put(r, MOVES, 10**9), put(r, TOTAL, 10**9))),
    "total moves of 2**32 - 1": ("counters", lambda r: put(r, TOTAL, 2**32 - 1)),
    "games of 2**31": ("counters", lambda r: put(r, GAMES, 2**31)),
    "saves past the counters' end": ("counters", lambda r: put(r, SAVES, 10**9)),
    "no game counted": ("stats", lambda r: put(r, GAMES, 0)),
    "more wins than games": ("stats", lambda r: (put(r, GAMES, 3), put(r, WINS, 4))),
    "more moves than the total": ("stats", lambda r: put(r, MOVES, int.from_bytes(r[TOTAL : TOTAL + 4], "little") + 1)),
    "won but no win counted": (
        "stats",
        lambda r: (r.__setitem__(CELLS, 11), r.__setitem__(BEST_TILE, 11), r.__setitem__(FLAGS, WON), put(r, WINS, 0)),
    ),
    "best tile below the board's": ("best tile", lambda r: r.__setitem__(BEST_TILE, max(r[CELLS : CELLS + 16]) - 1)),
    "best tile of 2**18": ("best tile", lambda r: r.__setitem__(BEST_TILE, 18)),
    "a win but never a 2048": ("best tile", lambda r: put(r, WINS, 1)),
    "generator state of zero": ("rng", lambda r: put(r, RNG, 0)),
}


def two_records(seed=21):
    """An NVM with an older game in slot 0 and a newer one in slot 1, as
    saves of an older version of the game (one slot each, in turn) or a cut
    write leave it (a save now writes both slots)."""
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=seed)
    play(game, 30, random.Random(seed))
    store.save(game)
    older = snapshot(game)
    kept = bytes(nvm[0:SLOT_SIZE])
    play(game, 5, random.Random(seed + 1))
    assert not game.won and not game.over
    store.save(game)
    nvm[0:SLOT_SIZE] = kept
    return nvm, older


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_a_record_with_a_valid_crc_but_an_impossible_game_is_refused(case):
    reason, change = IMPOSSIBLE[case]
    nvm, older = two_records()
    record = nvm[SLOT_SIZE : SLOT_SIZE + RECORD_LENGTH]
    change(record)
    recrc(record)
    nvm[SLOT_SIZE : SLOT_SIZE + RECORD_LENGTH] = record
    store = Store(nvm)
    assert snapshot(store.load()) == older  # the other slot's game
    assert (store.refused, store.refusal) == (1, reason)
    alone = bytearray(b"\xff" * MIN_LENGTH)
    alone[0:RECORD_LENGTH] = record
    fresh_store = fresh(alone)
    assert (fresh_store.refused, fresh_store.refusal) == (1, reason)


def test_the_unchanged_record_passes_every_rule():
    # The cases above change a record that is valid as it is.
    nvm, _ = two_records()
    store = Store(nvm)
    store.load()
    assert store.version == VERSION and store._newest == 1 and store.refused == 0


def test_the_check_uses_no_big_int():
    # A 4-byte field of 2**30 or more is refused from its top byte, before
    # the value is put together (a big int on the device).
    record = bytearray(RECORD_LENGTH)
    record[SCORE + 3] = 0x40
    assert record_module._small(record, SCORE) == -1
    record[SCORE + 3] = 0x3F
    assert record_module._small(record, SCORE) == 0x3F000000


# ---------------------------------------------------------------- refused saves


def damage(nvm, slot):
    nvm[slot * SLOT_SIZE + 20] ^= 0x10


def test_a_refused_record_is_counted_once_and_the_count_is_kept():
    nvm, older = two_records()
    damage(nvm, 1)
    store = Store(nvm)
    game = store.load()
    assert snapshot(game) == older and (store.refused, store.refusal) == (1, "damaged")
    again = Store(nvm)  # switched off before any save: counted once, not twice
    again.load()
    assert again.refused == 1
    play(game, 3, random.Random(1))
    assert store.save(game) == SAVED  # overwrites the damaged slot
    resumed = Store(nvm)
    resumed.load()
    assert (resumed.refused, resumed.refusal) == (1, None)


def test_two_refused_records_count_two_even_across_a_restart():
    nvm, _ = two_records()
    damage(nvm, 0)
    damage(nvm, 1)
    store = Store(nvm)
    game = store.load(seed=3)
    assert store.version is None and store.refused == 2
    again = Store(nvm)  # restarted before a save: counted once, not twice
    again.load(seed=3)
    assert again.refused == 2
    assert store.save(game) == SAVED  # both slots
    restarted = Store(nvm)
    game = restarted.load()
    assert (restarted.refused, restarted.refusal) == (2, None)  # kept, and none left to see


def test_two_refused_records_in_pages_count_two_even_across_a_restart():
    # "pages" writes one slot a save: the second refused one survives the
    # first save, and its mark keeps it from being counted again.
    nvm = bytearray(b"\xff" * 8192)
    store = Store(nvm, layout="pages")
    game = store.load(seed=21)
    play(game, 30, random.Random(21))
    store.save(game)
    play(game, 5, random.Random(22))
    store.save(game)
    nvm[20] ^= 0x10
    nvm[4096 + 20] ^= 0x10
    store = Store(nvm, layout="pages")
    game = store.load(seed=3)
    assert store.version is None and store.refused == 2
    assert store.save(game) == SAVED  # slot 0; slot 1 still holds a refused record
    restarted = Store(nvm, layout="pages")
    game = restarted.load()
    assert (restarted.refused, restarted.refusal) == (2, "damaged")  # seen again, not counted again
    play(game, 4, random.Random(2))
    assert restarted.save(game) == SAVED  # now slot 1
    final = Store(nvm, layout="pages")
    final.load()
    assert (final.refused, final.refusal) == (2, None)


def test_foreign_or_empty_slots_are_not_refusals():
    for nvm in (bytearray(b"\xff" * MIN_LENGTH), bytearray(MIN_LENGTH), bytearray(b"other program" * 20)):
        store = Store(nvm)
        store.load()
        assert store.refused == 0 and store.refusal is None


def test_the_refused_count_saturates():
    nvm, _ = two_records()
    store = Store(nvm)
    game = store.load()
    store.refused = REFUSED_MAX
    play(game, 2, random.Random(4))
    assert store.save(game) == SAVED  # into slot 0
    damage(nvm, 1)
    again = Store(nvm)
    again.load()
    assert (again.refused, again.refusal) == (REFUSED_MAX, "damaged")


# ---------------------------------------------------------------- failing NVM

ERRORS = [
    OSError(28, "No space left on device"),
    OSError("write failed"),
    MemoryError(),
    RuntimeError("flash busy"),
    ValueError("bad slice"),
    TypeError("wrong type"),
    IndexError("out of range"),
    NotImplementedError(),
    KeyError("x"),
    ZeroDivisionError(),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__ + str(getattr(e, "errno", "") or ""))
@pytest.mark.parametrize("partial", [0, 3, 40, RECORD_LENGTH - 1])
def test_a_failing_write_is_reported_and_loses_nothing(error, partial):
    nvm = FaultyNVM()
    store = Store(nvm)
    game = store.load(seed=6)
    assert store.save(game) == SAVED
    committed = snapshot(game)
    play(game, 6, random.Random(6))
    nvm.write_error, nvm.partial, nvm.failures = error, partial, 1
    assert store.save(game) == FAILED  # nothing escapes
    assert store.failure.startswith(type(error).__name__) and store.error is error
    if isinstance(error, OSError) and error.errno:
        assert store.failure == "OSError 28"
    assert snapshot(Store(nvm).load()) == committed  # the other slot is intact
    assert store.save(game) == SAVED  # the fault is gone: the retry writes
    assert store.failure is None and store.error is None
    resumed = Store(nvm)
    assert snapshot(resumed.load()) == snapshot(game)


def test_a_write_that_silently_lands_short_is_caught_by_the_read_back():
    nvm = FaultyNVM(drop=True, partial=30, failures=1)
    store = Store(nvm)
    game = store.load(seed=7)
    assert store.save(game) == FAILED and store.failure == "read-back"
    assert Store(nvm).load(seed=7).moves == 0  # nothing usable was stored
    assert store.save(game) == SAVED
    assert snapshot(Store(nvm).load()) == snapshot(game)


def test_a_write_that_never_lands_is_never_called_saved():
    nvm = FaultyNVM(drop=True, partial=0)
    store = Store(nvm)
    game = store.load(seed=8)
    for _ in range(3):
        assert store.save(game) == FAILED
    assert nvm.writes == 3  # each call tries again


@pytest.mark.parametrize("error", [error for error in ERRORS[:6] if not isinstance(error, (MemoryError, RuntimeError))], ids=repr)
def test_failing_reads_neither_raise_nor_claim_a_save(error):
    nvm = FaultyNVM(read_error=error)
    store = Store(nvm)
    game = store.load(seed=9)
    assert snapshot(game, store) == snapshot(Game(seed=9)) + (0, bytes(SETTINGS_SIZE))
    assert store.save(game) == FAILED
    assert store.failure.startswith(type(error).__name__) and store.failure.endswith(" reading")
    assert nvm.writes == 0


# -- a load short of memory, a read that fails: the saved game is never replaced --

#: The layouts, as Store keywords.
STORES = {"block": {}, "pages": dict(layout="pages"), "log": dict(layout="log")}
LAYOUT_NAMES = sorted(STORES)


def saved_in(layout):
    """An 8 KB NVM holding a game saved three times in ``layout``, and that game's snapshot."""
    nvm = bytearray(b"\xff" * 8192)
    store = Store(nvm, **STORES[layout])
    game = store.load(seed=4)
    for count in range(3):
        play(game, 5, random.Random(count))
        assert store.save(game) == SAVED
    return nvm, snapshot(game)


class ReadsFail:
    """A bytearray NVM whose reads raise ``error``: the ``at``-th read only,
    or (``times``) the first so many; writes are counted."""

    def __init__(self, data, error, at=0, times=0):
        self.data = data
        self.error = error
        self.at = at
        self.times = times
        self.reads = 0
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        self.reads += 1
        if self.reads == self.at or self.reads <= self.times:
            raise type(self.error)(*self.error.args)
        return self.data[index]

    def __setitem__(self, index, value):
        self.writes += 1
        self.data[index] = value


@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("error", [MemoryError("memory allocation failed"), RuntimeError("pystack exhausted")], ids=repr)
def test_a_load_short_of_memory_says_so_and_never_gives_a_fresh_game(layout, error):
    # A fault at each read the load makes: load() lets it out (code.py's
    # start-up tries again with less) or, after the reads that matter,
    # gives the saved game; never a fresh game that would hide the saved
    # one and replace it at the first save.
    nvm, saved = saved_in(layout)
    counting = ReadsFail(nvm, error)
    Store(counting, **STORES[layout]).load()
    assert counting.reads >= 2
    for at in range(1, counting.reads + 1):
        store = Store(ReadsFail(nvm, error, at=at), **STORES[layout])
        with pytest.raises(type(error)):
            store.load(seed=5)
    assert snapshot(Store(nvm, **STORES[layout]).load()) == saved


@pytest.mark.parametrize("layout", LAYOUT_NAMES)
def test_a_fresh_game_never_overwrites_a_record_that_was_not_read(layout):
    # The read of the saved record fails once (an odd NVM, a bus error):
    # the game starts fresh, and its saves write nothing until the record
    # reads again; then they still write nothing (it is not this game's).
    nvm, saved = saved_in(layout)
    before = bytes(nvm)
    odd = ReadsFail(nvm, OSError(5, "EIO"), times=50)
    store = Store(odd, **STORES[layout])
    game = store.load(seed=6)
    assert store.version is None and store.unreadable
    play(game, 6, random.Random(6))
    assert store.save(game) == FAILED and store.failure == "OSError 5 reading"
    odd.times, odd.reads = 0, 0  # reads work again
    assert store.save(game) == FAILED and store.failure == "unread"
    assert odd.writes == 0 and bytes(nvm) == before
    assert snapshot(Store(nvm, **STORES[layout]).load()) == saved


@pytest.mark.parametrize("layout", LAYOUT_NAMES)
def test_after_a_read_that_failed_an_empty_nvm_is_written_once_it_reads(layout):
    nvm = bytearray(b"\xff" * 8192)
    odd = ReadsFail(nvm, OSError(5, "EIO"), times=1)
    store = Store(odd, **STORES[layout])
    game = store.load(seed=7)
    play(game, 3, random.Random(7))
    assert store.save(game) == SAVED  # every slot reads now, and none holds a record
    assert snapshot(Store(nvm, **STORES[layout]).load()) == snapshot(game)


def test_a_store_without_nvm_keeps_nothing_and_says_so():
    store = Store(None)
    game = store.load(seed=10)
    assert snapshot(game) == snapshot(Game(seed=10)) and store.version is None
    assert store.save(game) == NO_NVM
    play(game, 5, random.Random(10))
    assert store.save(game) == NO_NVM


class NoLength:
    def __len__(self):
        raise OSError("no NVM here")


def test_an_nvm_that_cannot_say_its_size_is_no_nvm():
    store = Store(NoLength())
    game = store.load(seed=15)
    assert snapshot(game) == snapshot(Game(seed=15))
    assert store.save(game) == NO_NVM


def test_an_impossible_game_is_not_written():
    nvm = FakeNVM()
    store = Store(nvm)
    game = store.load(seed=11)
    assert store.save(game) == SAVED
    game.cells[0] = 18  # set by hand: no move makes it
    assert store.save(game) == FAILED and store.failure == "invalid cells"
    assert nvm.writes == 1


def test_scores_and_counters_past_their_end_are_stored_at_it():
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=12)
    game.score = game.best = MAX_SCORE + 100  # set by hand
    game.stats.moves = 2**40
    game.stats.games = 2**33
    assert store.save(game) == SAVED
    loaded = Store(nvm).load()
    assert loaded.score == loaded.best == MAX_SCORE
    assert loaded.stats.moves == loaded.stats.games == COUNTER_MAX


def test_saves_counter_stops_at_counter_max():
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=13)
    store.saves = COUNTER_MAX - 1
    for step in range(3):
        play(game, 2, random.Random(step))
        assert store.save(game) == SAVED
    assert store.saves == COUNTER_MAX
    reloaded = Store(nvm)
    reloaded.load()
    assert reloaded.saves == COUNTER_MAX


def test_a_damaged_newest_record_is_rewritten_not_called_unchanged():
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=14)
    assert store.save(game) == SAVED
    nvm[5] ^= 1  # the sequence number rots: the body still equals the game
    assert store.save(game) == SAVED
    assert Store(nvm).load().cells == game.cells


def test_broken_newest_falls_back_to_the_other_slot():
    nvm, older = two_records(seed=5)
    nvm[SLOT_SIZE + 20] ^= 0x10
    assert snapshot(Store(nvm).load()) == older


def test_a_broken_copy_leaves_the_other_copy_of_the_same_game():
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=5)
    play(game, 10, random.Random(3))
    store.save(game)
    for slot in (0, 1):
        damaged = bytearray(nvm)
        damaged[slot * SLOT_SIZE + 20] ^= 0x10
        assert snapshot(Store(damaged).load()) == snapshot(game)


@pytest.mark.parametrize("fail", [False, True])
def test_odd_nvm_objects_do_not_raise(fail):
    fresh(ShortReads(fail))


# ---------------------------------------------------------------- old formats


def test_a_fixture_for_every_version():
    versions = {expected["version"] for expected in fixtures().values()}
    assert versions == set(VERSIONS)


@pytest.mark.parametrize("name", sorted(fixtures()))
def test_stored_fixture_loads(name):
    expected = fixtures()[name]
    image = (FIXTURES / name).read_bytes()
    for start, nvm in ((0, bytearray(image)), (1000, bytearray(1000) + image + bytearray(24))):
        store = Store(nvm, start=start, length=len(image))
        game = store.load(seed=1)
        check_fixture(game, store, expected)
        assert store.refusal is None


def test_the_fixtures_of_the_version_before_were_written_by_its_own_writer():
    # The version-2 fixtures are what the release before this format wrote
    # (tests/test_store.py checked its writer against them then); they load
    # into this version as that release's players' saves will.
    assert {name for name, expected in fixtures().items() if expected["version"] == VERSION - 1} == {
        "store_v2_midgame.nvm",
        "store_v2_refused.nvm",
        "store_v2_won_continue.nvm",
    }


@pytest.mark.parametrize("name", sorted(fixtures()))
def test_a_fixture_plays_on_and_saves_as_the_current_version(name):
    # The first save after loading an older record writes this version; the
    # game, its stats and settings come back unchanged, and undo can start.
    expected = fixtures()[name]
    nvm = bytearray((FIXTURES / name).read_bytes())
    store = Store(nvm)
    game = store.load(seed=1)
    game.undo_depth = 5
    assert any(game.move(direction) for direction in range(4)) and game.can_undo
    assert store.save(game) == SAVED
    again = Store(nvm)
    assert snapshot(again.load(), again) == snapshot(game, store) and again.version == VERSION
    assert list(again.settings)[:8] == expected["settings"][:8]


@pytest.mark.parametrize("name", sorted(fixtures()))
def test_current_writer_still_writes_the_fixture_bytes(name):
    # A change to the layout of the current version must bump VERSION (and
    # add a reader); this catches a silent change.
    if fixtures()[name]["version"] != VERSION:
        pytest.skip("fixture of an older version")
    image = (FIXTURES / name).read_bytes()
    store = Store(bytearray(image))
    game = store.load()
    newest = store._newest * SLOT_SIZE
    stored = image[newest : newest + RECORD_LENGTH]
    assert bytes(store.encode(game, store._sequence, store.saves)) == stored


# ---------------------------------------------------------------- power cuts


def cut_trials(model, seed, saves, cuts_for, start=0, each=None):
    """Cut the power at each chosen step of each save; return outcome counts.

    Every load after a cut must give the previous committed game, the new
    one, or (counted as "lost") a fresh game. ``start``: the region's offset.
    ``each``: a list that gets, for each save, (the NVM before it, after
    it, [(cut, outcome)]).
    """
    nvm = FakeNVM(model=model)
    store = Store(nvm, start=start)
    store.load(seed=seed)
    committed = fresh_snapshot(seed)
    outcomes = {"old": 0, "new": 0, "lost": 0}
    lost_steps = set()
    for game, setting in save_points(seed, saves):
        store.settings[setting] ^= 0x5A
        expected_new = snapshot(game) + (store.saves + 1, bytes(store.settings))
        image = bytes(nvm.data)
        played = []
        for cut in cuts_for(nvm.steps_of(WRITTEN)):
            trial = FakeNVM(model=model, content=image)
            trial_store = Store(trial, start=start)
            trial_store.load(seed=seed)
            trial_store.settings[:] = store.settings
            trial.cut_after = cut
            with pytest.raises(PowerCut):
                trial_store.save(game)
            after = Store(trial, start=start)
            loaded = snapshot(after.load(seed=seed), after)
            if loaded == committed:
                outcome = "old"
            elif loaded == expected_new:
                outcome = "new"
            else:
                assert after.version is None, "a cut gave a game that was never saved"
                assert loaded == fresh_snapshot(seed)
                outcome = "lost"
                lost_steps.add(cut)
            outcomes[outcome] += 1
            played.append((cut, outcome))
        assert store.save(game) == SAVED
        if each is not None:
            each.append((image, bytes(nvm.data), played))
        committed = expected_new
        assert snapshot(Store(nvm, start=start).load(), store) == committed
    return outcomes, lost_steps


#: Bytes a "block" save writes: the record in slot 0, the gap, its copy in slot 1.
WRITTEN = SLOT_SIZE + RECORD_LENGTH


def test_power_cut_at_every_byte_byte_model():
    # Every byte of every save under make test-slow; make test the edges of
    # slot 0's record, the last step and a seeded sample (tests/sampling.py).
    edges = {0, RECORD_LENGTH - 2, RECORD_LENGTH - 1, RECORD_LENGTH, RECORD_LENGTH + 1}
    saves = []

    def pick(steps):
        return sampling.cases("byte cuts, save %d" % len(saves), range(steps), 8, always=edges | {steps - 1})

    outcomes, lost = cut_trials("byte", seed=31, saves=40, cuts_for=pick, each=saves)
    assert outcomes["lost"] == 0
    # Cut inside slot 0's record: the copy in slot 1 is still the previous
    # save, unless the bytes not yet written already hold what the new
    # record has there (a cut after the last byte that differs gives the
    # new one); after the record, the new one.
    old = 0
    for before, after, played in saves:
        differ = [at for at in range(RECORD_LENGTH) if before[at] != after[at]]
        last = differ[-1] if differ else -1
        assert played and all(outcome == ("old" if cut <= last else "new") for cut, outcome in played), (last, played)
        old += last + 1  # the cuts that give the old game, of every step
    assert len(saves) == 40 and 40 * (RECORD_LENGTH - 1) <= old <= 40 * RECORD_LENGTH


@pytest.mark.parametrize("fraction", [0.0005, 0.002, 0.01, 0.05, 0.3])
def test_a_cut_early_in_the_samd51_erase_never_brings_back_an_older_game(fraction):
    # An erase sets bits, not all at the same moment: cut early, the block
    # holds each record with some bits set. Each save writes both slots, so
    # no slot holds a game older than the last save: the load gives that
    # save or a fresh game, never the game before it (one slot a save, in
    # turn, gave it back where the last save's slot was hit and the other
    # came through).
    rng = random.Random(int(fraction * 10**6))
    nvm = FakeNVM(model="erase")
    store = Store(nvm)
    store.load(seed=35)
    committed = None
    seen = {"last": 0, "fresh": 0}
    for game, setting in save_points(35, 30):
        store.settings[setting] ^= 0x5A
        if committed is not None:
            for trial_number in range(8):
                trial = FakeNVM(model="erase", content=bytes(nvm.data))
                trial.erase_begun = (fraction, rng)
                trial_store = Store(trial)
                trial_store.load()
                trial_store.settings[:] = store.settings
                trial.cut_after = 0
                with pytest.raises(PowerCut):
                    trial_store.save(game)
                after = Store(trial)
                loaded = snapshot(after.load(seed=35), after)
                if loaded == committed:
                    seen["last"] += 1
                else:
                    assert after.version is None, "a cut brought back a game older than the last save"
                    seen["fresh"] += 1
        assert store.save(game) == SAVED
        committed = snapshot(Store(nvm).load(), store)
    assert seen["last"] + seen["fresh"] == 29 * 8


def test_power_cut_erase_model():
    # Each of 24 saves cut at erase_model_cuts' steps under make test-slow;
    # make test cuts the first (nothing to lose yet), the second (the first
    # that can lose one), the last and a seeded sample (tests/sampling.py),
    # and makes the others whole.
    saves = 24
    chosen = sampling.cases("erase model saves", range(saves), 5, always=(0, 1, saves - 1))
    made = []

    def pick(steps):
        made.append(steps)
        return erase_model_cuts(steps) if len(made) - 1 in chosen else []

    outcomes, lost = cut_trials("erase", seed=32, saves=saves, cuts_for=pick)
    assert len(made) == saves
    # A save is lost exactly when the power goes between the erase and the
    # moment the first record in the block is programmed again (RECORD_LENGTH bytes):
    # the block is one erase unit, so no layout inside it can avoid this.
    # The first save is excluded (nothing to lose yet), and a cut just before
    # the last byte wins when that byte happens to be 0xFF.
    losing = len(chosen) - 1
    assert lost == set(range(1, 1 + RECORD_LENGTH))
    assert losing * (RECORD_LENGTH - 1) <= outcomes["lost"] <= losing * RECORD_LENGTH
    assert outcomes["new"] > 0 and outcomes["old"] > 0


# SAM D5x/E5x data sheet (DS60001507), NVM flash timing: erase of a block
# 50 ms typical / 200 ms max, write of a 512-byte page 1.5 ms / 3 ms.
ERASE_MS = (50, 200)
PAGE_MS = (1.5, 3)
PAGE = FakeNVM.PAGE
#: Region offsets whose loss window docs/saving.md states (7936: the last
#: 256 bytes of the 8 KB NVM).
OFFSETS = (0, 512, 4096, 7936)


def loss_window(start):
    """(page of the first slot's last byte, lost steps, typical ms, max ms)
    measured with the page model: cut a few saves after every step."""
    outcomes, lost = cut_trials("page", seed=33, saves=5, cuts_for=range, start=start)
    assert outcomes["lost"] and outcomes["old"]  # "new" too, unless the slots sit in the last page
    first_safe = max(lost) + 1  # from here on the first slot is back
    return (
        (start + RECORD_LENGTH - 1) // PAGE,
        lost,
        FakeNVM.write_ms(first_safe, ERASE_MS[0], PAGE_MS[0]),
        FakeNVM.write_ms(first_safe, ERASE_MS[1], PAGE_MS[1]),
    )


@pytest.mark.parametrize("start", OFFSETS)
def test_samd51_loss_window_grows_with_the_region_offset(start):
    # The block is erased, then programmed page by page from address 0: the
    # game is lost from the start of the erase until the page holding the
    # first slot's record (old or new game) is programmed again. Pages
    # before it, which may be other programs' bytes, come first.
    page, lost, typical, most = loss_window(start)
    assert lost == set(range(1, 2 + page))
    assert typical == ERASE_MS[0] + (page + 1) * PAGE_MS[0]
    assert most == ERASE_MS[1] + (page + 1) * PAGE_MS[1]


def test_the_saving_doc_states_the_measured_loss_windows():
    doc = (ROOT / "docs" / "saving.md").read_text()
    whole_typical = FakeNVM.write_ms(1 + 8192 // PAGE, ERASE_MS[0], PAGE_MS[0])
    whole_max = FakeNVM.write_ms(1 + 8192 // PAGE, ERASE_MS[1], PAGE_MS[1])
    assert "%d ms typical, %d ms at most" % (whole_typical, whole_max) in doc
    for start in OFFSETS:
        page, _, typical, most = loss_window(start)
        row = "| %d | %d | %.1f ms | %d ms | %d %% |" % (start, page, typical, most, round(100 * typical / whole_typical))
        assert row in doc, row


def test_every_save_rewrites_other_programs_bytes_too():
    # Another program keeps 100 bytes at 6000 (page 11); the game's region
    # is at 0. A cut after the erase and before page 11 is programmed again
    # wipes them, though the game never wrote there.
    theirs = bytes(range(100))
    base = FakeNVM(model="page")
    base.data[6000:6100] = theirs
    store = Store(base, length=256)
    game = store.load(seed=34)
    assert store.save(game) == SAVED
    image = bytes(base.data)
    damaged = set()
    for cut in range(base.steps_of(RECORD_LENGTH)):
        trial = FakeNVM(model="page", content=image)
        trial_store = Store(trial, length=256)
        trial_store.load()
        trial_store.settings[0] = 1  # something to save
        trial.cut_after = cut
        with pytest.raises(PowerCut):
            trial_store.save(game)
        if bytes(trial.data[6000:6100]) != theirs:
            damaged.add(cut)
    assert damaged == set(range(1, 1 + 6100 // PAGE + 1))  # until page 11 is back


# ---------------------------------------------------------------- MicroPython

#: Saves and a load, run in the fuel VM and in CPython: the same bytes and
#: the same game from both.
GUEST = """
from engine.game import Game
from engine.store import Store
nvm = bytearray(b'\\xff' * 512)
store = Store(nvm, start=128, length=384)
game = store.load(seed=%(seed)d)
directions = %(directions)r
for index in range(len(directions)):
    if game.over:
        game.new_game()
    game.move(directions[index])
    if index %% 17 == 0:
        store.settings[index %% 8] = index & 255
        store.save(game)
print(store.save(game), store.save(game))
print(bytes(nvm).hex())
again = Store(nvm, start=128, length=384)
loaded = again.load()
s = loaded.stats
print(loaded.cells, loaded.score, loaded.best, loaded.won, loaded.keep_playing,
      loaded.over, loaded.moves, loaded.rng.x, loaded.rng.y, s.games, s.wins, s.best_exponent,
      s.moves, again.saves, list(again.settings))
"""


def test_micropython_writes_and_reads_the_same_bytes():
    generator = random.Random(12)
    directions = [generator.randrange(4) for _ in range(400)]
    program = GUEST % {"seed": 1234567, "directions": directions}
    assert run(program, fuel=4 * 10**9).stdout == printed(exec, program, {})


def test_micropython_loads_the_fixtures():
    # Every fixture, its undo history too (each undo's board, score and
    # generator, played in the VM), as CPython and the fixture say.
    for name, expected in sorted(fixtures().items()):
        image = (FIXTURES / name).read_bytes()
        code = (
            "from engine.store import Store\n"
            "store = Store(bytearray(%r))\n"
            "game = store.load(seed=1)\n"
            "s = game.stats\n"
            "print(list(game.cells), game.score, game.rng.x, game.rng.y, store.saves, store.refused,"
            " list(store.settings), game.undos, s.undos, s.wins_without_undo, s.best_exponent_without_undo,"
            " game.undo_depth)\n"
            "while game.undo():\n"
            "    print(list(game.cells), game.score, game.moves, game.rng.x, game.rng.y, game.keep_playing)\n"
        ) % image
        state = expected["rng_state"]
        lines = [
            "%s %d %d %d %d %d %s %d %d %d %d %d\n"
            % (
                expected["cells"],
                expected["score"],
                state >> 16,
                state & 0xFFFF,
                expected["saves"],
                expected["refused"],
                expected["settings"],
                expected["undos"],
                *expected["undo_stats"],
                expected["undo_depth"],
            )
        ]
        for cells, score, moves, rng_state, _won, keep_playing, _over in expected["undone"]:
            lines.append("%s %d %d %d %d %s\n" % (cells, score, moves, rng_state >> 16, rng_state & 0xFFFF, keep_playing))
        assert run(code).stdout == "".join(lines)


CRAFTED_GUEST = """
from engine import rules
from engine.game import Game
from engine.record import crc32
from engine.store import Store
from engine.rng import Rng
rng = Rng(%(seed)d)
base = bytearray(b'\\xff' * 256)
store = Store(base)
game = store.load(seed=3)
game.undo_depth = 5
for step in range(60):
    game.move(step %% 4)
game.undo()
store.save(game)
base[128:256] = b'\xff' * 128  # one record: the copy a save puts in slot 1 goes
loaded = refused = 0
for case in range(%(cases)d):
    nvm = bytearray(base)
    # A real record (with a history) with 1 to 3 bytes changed and its CRC
    # made valid again.
    for _ in range(1 + rng.below(3)):
        nvm[5 + rng.below(%(crc_at)d - 5)] = rng.below(256) if rng.below(2) else rng.below(20)
    high, low = crc32(nvm, %(crc_at)d)
    nvm[%(crc_at)d:%(length)d] = bytes((low & 255, low >> 8, high & 255, high >> 8))
    store = Store(nvm)
    game = store.load(seed=1)
    if store.version is None:
        refused += store.refused
    else:
        loaded += 1
        assert max(game.cells) <= 17 and game.over == (not rules.can_move(game.cells))
        assert game.score <= game.best <= 3932164 and game.moves <= game.stats.moves
        assert game.won == (max(game.cells) >= 11) and game.stats.wins <= game.stats.games
        while game.undo():  # a history that loads leads back through valid positions
            assert 0 <= game.score and game.moves >= 0 and max(game.cells) <= 17 and not game.over
print(loaded, refused)
"""


def test_micropython_load_never_raises_on_crafted_records():
    # Valid CRCs over random contents, in the MicroPython VM: every record
    # is either refused or a game that keeps the rules.
    loaded, refused = map(
        int,
        run(
            CRAFTED_GUEST % {"seed": 7, "cases": 400, "crc_at": record_module.CRC_AT, "length": RECORD_LENGTH}, fuel=10**10
        ).stdout.split(),
    )
    assert loaded + refused == 400
    assert loaded > 50 and refused > 50  # both kinds were met
