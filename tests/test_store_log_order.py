# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""engine.store's "log" layout: which record is the newest, and what a cut
rewrite can leave.

* "Newest" is the log's own order, so no set of slots can make a save that
  answered SAVED reload as another record: crafted logs (random sequence
  numbers, wraps, spans over half of 2**16, duplicates, damaged, torn and
  foreign slots) keep every save. Logs and regions an older version of the
  game left on a board (the "block" layout's two slots, the fixtures, logs
  whose sequence numbers wrap) still load their newest record.
* The rewrite of a full log programs a mark after the newest record before
  it erases; a cut at any step of it, also in an erase that leaves some
  bits of the sector as they were, gives the latest saved game, the new one
  or a fresh game (docs/saving.md says which when), never an older game.
"""

import random

import pytest
from fakenvm import PowerCut, SectorFlash

from engine.record import SLOT_SIZE, seal
from engine.store import LOG, SAVED, UNCHANGED, Store
from tests import sampling
from tests.saves import RECORD_LENGTH, Cuts, check_fixture, fixtures, fresh_snapshot, play, save_points, snapshot
from tools.check.store_fixture import FIXTURES

TAIL = SLOT_SIZE - RECORD_LENGTH  # the mark's bytes (8 in format 3)


def loaded(nvm, seed=77, **region):
    store = Store(nvm, layout=LOG, **region)
    return snapshot(store.load(seed=seed), store), store


def pool(seed, count):
    """Record bytes of ``count`` distinct games of a seeded session."""
    return [bytes(Store(None).encode(game, 0, 1)) for game, _ in save_points(seed, count)]


POOL = pool(seed=90, count=40)


def record(index, sequence, saves=None):
    """The pool's record ``index`` with this sequence number (and saves made)."""
    data = bytearray(POOL[index % len(POOL)])
    seal(data, sequence & 0xFFFF, index + 1 if saves is None else saves)
    return bytes(data)


def state_of(index):
    """What a load of the pool's record ``index`` gives (``record`` defaults)."""
    nvm = bytearray(b"\xff" * 256)
    put(nvm, 0, record(index, 1))
    return loaded(nvm)[0]


def put(nvm, slot, data, base=0):
    nvm[base + slot * SLOT_SIZE : base + slot * SLOT_SIZE + len(data)] = data


def keeps_every_save(nvm, seed, saves, region, rng):
    """Play ``saves`` saves on ``nvm``; return how many answered SAVED and
    how many of those did not reload exactly."""
    store = Store(nvm, layout=LOG, **region)
    game = store.load(seed=seed)
    saved = broken = 0
    for step in range(saves):
        play(game, rng.randrange(1, 6), rng)
        store.settings[step % 8] = rng.randrange(256)
        if store.save(game) != SAVED:
            continue
        saved += 1
        again = Store(nvm, layout=LOG, **region)
        if snapshot(again.load(seed=1), again) != snapshot(game, store):
            broken += 1
    return saved, broken


# ---------------------------------------------------------------- newest: crafted logs


#: Logs crafted as the issue did: every save below answers SAVED, and the
#: old code's next boot showed another record.
SPANS = [
    [0x0000, 0x4000, 0x8001],  # wider than half of 2**16
    [0x8001, 0x4000, 0x0000],
    [0x7000, 0xF000, 0x6FFF, 0x1000],
    [0xFFFF, 0x0000, 0x7FFF, 0x8000, 0x8001],
    [0x1234, 0x9234, 0x1233, 0x5555, 0xD555],
]


@pytest.mark.parametrize("sequences", SPANS)
def test_a_save_on_a_log_spanning_over_half_of_2_16_reloads_exactly(sequences):
    nvm = bytearray(b"\xff" * 1024)
    for slot, sequence in enumerate(sequences):
        put(nvm, slot, record(slot, sequence))
    saved, broken = keeps_every_save(nvm, seed=3, saves=12, region={}, rng=random.Random(sum(sequences)))
    assert saved == 12 and broken == 0


def crafted(rng, count):
    """A crafted log of ``count`` slots: records with random sequence numbers
    (uniform, around the wrap, spread over more than half of 2**16, or all
    equal), duplicates, damaged, torn and foreign slots, erased gaps, and
    the mark after whole or damaged records."""
    mode = rng.randrange(4)
    nvm = bytearray(b"\xff" * (count * SLOT_SIZE))
    written = []
    used = rng.randrange(1, count + 1)
    for slot in range(used):
        kind = rng.choice("vvvvvdtfe2mM")
        if mode == 0:
            sequence = rng.randrange(0x10000)
        elif mode == 1:
            sequence = rng.randrange(-12, 12)
        elif mode == 2:
            sequence = rng.randrange(4) * 0x5555 + rng.randrange(-2, 3)
        else:
            sequence = 0x8000
        data = record(rng.randrange(len(POOL)), sequence)
        if kind == "2" and written:
            data = rng.choice(written)  # a duplicate
        elif kind == "d":
            data = bytearray(data)
            data[rng.randrange(RECORD_LENGTH)] ^= 1 << rng.randrange(8)
        elif kind == "t":
            data = data[: rng.randrange(1, RECORD_LENGTH)]
        elif kind == "f":
            data = bytes(rng.randrange(256) for _ in range(SLOT_SIZE))
        elif kind == "e":
            continue
        elif kind in "mM":
            # The mark a rewrite leaves, after a whole or a damaged record.
            data = bytearray(data) + bytes(TAIL)
            if kind == "M":
                data[rng.randrange(RECORD_LENGTH)] |= 1 << rng.randrange(8)
        put(nvm, slot, data)
        written.append(bytes(data))
    return nvm


def test_every_saved_save_reloads_exactly_on_random_crafted_logs():
    rng = random.Random(2024)
    saved = broken = 0
    for trial in range(160):
        count = rng.choice((2, 8, 32))
        nvm = crafted(rng, count)
        # Some of them start further into a bigger NVM.
        start = rng.choice((0, 0, 1024)) if count <= 8 else 0
        image = bytearray(b"\xff" * start) + nvm + bytearray(b"\xff" * (4096 - start - len(nvm)))
        region = dict(start=start, length=len(nvm))
        kept, lost = keeps_every_save(image, seed=trial, saves=rng.randrange(3, 12), region=region, rng=rng)
        saved += kept
        broken += lost
    assert saved > 1000
    assert broken == 0, "%d of %d saves reloaded as another record" % (broken, saved)


@pytest.mark.parametrize("damaged", [False, True])
def test_a_mark_left_in_slot_0_cannot_hide_the_save_after_it(damaged):
    # A mark with nothing after it (the rest of the sector erased): the
    # save after it must reload, whatever the "block" pair rule says.
    for sequence in (7, 0xFFFF):
        nvm = bytearray(b"\xff" * 1024)
        data = bytearray(record(3, sequence)) + bytes(TAIL)
        if damaged:
            data[9] |= 0x40
        put(nvm, 0, data)
        saved, broken = keeps_every_save(nvm, seed=4, saves=9, region={}, rng=random.Random(sequence))
        assert saved == 9 and broken == 0


def test_newest_is_the_last_good_record_in_slot_order_whatever_its_sequence():
    nvm = bytearray(b"\xff" * 4096)
    for slot, sequence in enumerate([5, 0x9000, 4, 4, 0x8005, 3]):
        put(nvm, slot, record(slot, sequence))
    put(nvm, 6, record(6, 0x8006)[:40])  # a torn append after it
    state, store = loaded(nvm)
    assert store._newest == 5 and store._sequence == 3 and store.refused == 1
    game = store.load()
    play(game, 3, random.Random(1))
    assert store.save(game) == SAVED and store._newest == 7 and store._sequence == 4
    assert loaded(nvm)[1]._newest == 7


# ---------------------------------------------------------------- what older versions left


def swapped(image):
    """The "block" layout's two slots the other way round: slot 0 the newer."""
    return image[SLOT_SIZE : 2 * SLOT_SIZE] + image[:SLOT_SIZE] + image[2 * SLOT_SIZE :]


@pytest.mark.parametrize("name", sorted(fixtures()))
@pytest.mark.parametrize("order", ["as stored", "slot 0 newer"])
@pytest.mark.parametrize("where", ["the region", "an erased sector"])
def test_a_region_an_older_version_saved_loads_its_newest_record_in_the_log(name, order, where):
    # An RP2040 that ran a version before the layouts ("block": two slots at
    # the region's start, either one the newer) then this one ("log").
    expected = fixtures()[name]
    image = (FIXTURES / name).read_bytes()
    if order == "slot 0 newer":
        image = swapped(image)
    nvm = bytearray(image) if where == "the region" else bytearray(image) + bytearray(b"\xff" * (4096 - len(image)))
    store = Store(nvm, layout=LOG)
    game = store.load(seed=1)
    check_fixture(game, store, expected)
    assert store._newest == (0 if order == "slot 0 newer" else 1)
    # The first save lands after both (or rewrites the 2-slot region) and
    # is the newest from then on.
    play(game, 4, random.Random(5))
    store.settings[3] ^= 0x11
    assert store.save(game) == SAVED
    assert store._newest == (0 if where == "the region" else 2)
    state, again = loaded(nvm)
    assert state == snapshot(game, store) and again.saves == expected["saves"] + 1


@pytest.mark.parametrize("first", [0x0001, 0xFFF0, 0x7FF8])
def test_a_log_an_older_version_wrote_loads_its_newest_record(first):
    # Each version since the layouts appended records in slot order, one
    # sequence number after the newest: here across the wrap and over the
    # half of 2**16, after a "block" pair whose slot 0 is the newer, and
    # a full log.
    for block_pair in (False, True):
        for length in (5, 32):
            nvm = bytearray(b"\xff" * 4096)
            slot = 0
            if block_pair:
                put(nvm, 1, record(0, first - 1))
                put(nvm, 0, record(1, first))
                slot = 2
            sequence = first
            while slot < length:
                sequence += 1
                put(nvm, slot, record(slot, sequence))
                slot += 1
            state, store = loaded(nvm)
            assert store._newest == length - 1 and store._sequence == sequence & 0xFFFF
            assert state == state_of(length - 1)


# ---------------------------------------------------------------- the mark


class Writes:
    """A bytearray NVM that records each assignment's (start, length)."""

    def __init__(self, data):
        self.data = data
        self.writes = []

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.writes.append((index.start, len(value)))
        self.data[index] = value


def full_log(seed=7, slots=8):
    """(nvm, store, game) of a log whose ``slots`` slots are all in use."""
    nvm = bytearray(b"\xff" * (slots * SLOT_SIZE))
    store = Store(nvm, layout=LOG)
    game = store.load(seed=seed)
    for step in range(slots):
        play(game, 2, random.Random(step))
        store.settings[0] = step + 1
        assert store.save(game) == SAVED
    assert store._newest == slots - 1
    return nvm, store, game


def test_the_rewrite_programs_the_mark_after_the_newest_record_first():
    nvm, store, game = full_log()
    writes = Writes(nvm)
    store.nvm = writes
    play(game, 2, random.Random(9))
    assert store.save(game) == SAVED
    last = 7 * SLOT_SIZE
    assert writes.writes == [(last + RECORD_LENGTH, TAIL), (0, 8 * SLOT_SIZE)]
    assert nvm[SLOT_SIZE:] == b"\xff" * (7 * SLOT_SIZE)  # and the erase took it away


def marked(nvm, slot):
    put(nvm, slot, b"\x00" * TAIL, base=RECORD_LENGTH)


def test_a_marked_newest_record_still_loads_and_the_next_save_rewrites():
    # The power went after the mark, before the erase: nothing was lost.
    nvm, store, game = full_log()
    marked(nvm, 7)
    state, again = loaded(nvm, seed=7)
    assert state == snapshot(game, store) and again.refused == 0
    assert again.save(again.load()) == UNCHANGED  # the same game: nothing to write
    game = again.load()
    play(game, 2, random.Random(4))
    assert again.save(game) == SAVED and again._newest == 0
    assert nvm[SLOT_SIZE:] == b"\xff" * (7 * SLOT_SIZE)


@pytest.mark.parametrize("damage", ["one bit", "most bits", "magic"])
def test_a_marked_slot_that_fails_gives_a_fresh_game_not_an_older_one(damage):
    nvm, store, game = full_log()
    marked(nvm, 7)
    last = 7 * SLOT_SIZE
    if damage == "one bit":
        index = next(i for i in range(last + 11, last + RECORD_LENGTH) if nvm[i] != 0xFF)
        nvm[index] |= 1 << ((~nvm[index] & 0xFF).bit_length() - 1)  # one of its 0 bits set
    elif damage == "most bits":
        for index in range(last, last + SLOT_SIZE - 1):
            nvm[index] |= 0xF7  # an erase well under way, one byte of the mark left
    else:
        nvm[last] = 0xFF  # bits set in the magic: still what was ours
    state, again = loaded(nvm, seed=5)
    assert state == fresh_snapshot(5) and again.version is None
    # The next save rewrites the sector: it never lands after the mark.
    game = again.load(seed=5)
    play(game, 3, random.Random(2))
    assert again.save(game) == SAVED and again._newest == 0
    assert loaded(nvm)[0] == snapshot(game, again)


def test_the_marked_newer_block_record_in_slot_0_wins_over_slot_1():
    # An upgrade from "block" whose sector is otherwise full of another
    # program's bytes: the rewrite marks slot 0, the newer of the pair.
    nvm = bytearray(b"\xff" * 1024)
    put(nvm, 1, record(1, 40))
    put(nvm, 0, record(0, 41))
    for slot in range(2, 8):
        put(nvm, slot, b"other program!!!" * 8)
    state, store = loaded(nvm)
    assert store._newest == 0 and state == state_of(0)
    marked(nvm, 0)
    assert loaded(nvm)[1]._newest == 0
    nvm[5] |= 0x02  # slot 0 damaged by the erase (sequence 41 = 0x29): slot 1 is older
    state, store = loaded(nvm, seed=2)
    assert state == fresh_snapshot(2) and store.version is None
    assert store.save(store.load(seed=2)) == SAVED and store._newest == 0  # a rewrite


@pytest.mark.parametrize("fill", [b"other program!!!" * 8, bytes(SLOT_SIZE), b"\x5a" * SLOT_SIZE, b"\xff" * 100 + b"\x00" * 28])
def test_foreign_bytes_after_the_newest_record_are_not_a_mark(fill):
    nvm = bytearray(b"\xff" * 1024)
    for slot in range(3):
        put(nvm, slot, record(slot, slot + 1))
    put(nvm, 7, fill)
    state, store = loaded(nvm)
    assert store._newest == 2 and state == state_of(2)


# ---------------------------------------------------------------- cuts in the rewrite


class SlowErase(SectorFlash):
    """SectorFlash whose erase is not the same for every cell.

    Each bit of the sector has its own speed (a seeded draw), and step ``k``
    of the erase has set every 0 bit whose speed is below ``FRACTIONS[k]``
    (a cut then leaves the rest as it was: some records whole, others with
    a few bits set), before the last step leaves it all 0xFF.
    """

    FRACTIONS = (0.0005, 0.002, 0.006, 0.02, 0.1, 0.5)
    _masks = {}

    def __init__(self, size=4096, content=None, pattern=0):
        super().__init__(size, content)
        self.pattern = pattern

    def clone(self):
        twin = type(self)(content=self.data, pattern=self.pattern)
        twin.erases = list(self.erases)
        return twin

    def masks(self, base, length):
        key = (self.pattern, sum(self.erases), length)
        if key not in self._masks:
            rng = random.Random("%d %d %d" % key)
            speeds = [rng.random() for _ in range(8 * length)]
            self._masks[key] = [
                int("".join("1" if speed < fraction else "0" for speed in speeds), 2) for fraction in self.FRACTIONS
            ]
        return self._masks[key]

    def _erase(self, base, length):
        self.last_erased = True
        self.erases[base // self.unit] += 1
        for mask in self.masks(base, length):
            self._step()
            value = int.from_bytes(self.data[base : base + length], "big") | mask
            self.data[base : base + length] = value.to_bytes(length, "big")
        self._step()
        self.data[base : base + length] = b"\xff" * length


def rewrite_cuts(flash, store, game, seed, region, pick):
    """Cut the save that rewrites the full log ``flash`` at each step ``pick``
    chooses; returns {step: "previous" | "new" | "fresh"} (an older game
    fails the test)."""
    older = []
    for slot in range(store.slots):
        probe = bytearray(b"\xff" * len(flash))
        base = region.get("start", 0) + slot * SLOT_SIZE
        probe[base : base + SLOT_SIZE] = flash.data[base : base + SLOT_SIZE]
        state, other = loaded(probe, seed=seed, **region)
        if other.version is not None:
            older.append(state)
    previous = loaded(flash, seed=seed, **region)[0]
    expected = snapshot(game) + (store.saves + 1, bytes(store.settings))
    dry = Cuts(flash.clone())
    dry_store = Store(dry, layout=LOG, **region)
    dry_store.load(seed=seed)
    dry_store.settings[:] = store.settings
    assert dry_store.save(game) == SAVED and dry.erased and dry_store._newest == 0
    outcomes = {}
    for cut in pick(dry.steps):
        trial = Cuts(flash.clone())
        trial.cut = cut
        trial_store = Store(trial, layout=LOG, **region)
        trial_store.load(seed=seed)
        trial_store.settings[:] = store.settings
        with pytest.raises(PowerCut):
            trial_store.save(game)
        state, after = loaded(trial.flash, seed=seed, **region)
        if state == previous:
            outcomes[cut] = "previous"
        elif state == expected:
            outcomes[cut] = "new"
        else:
            assert state not in older, "cut at step %d: an older game came back as the current one" % cut
            assert after.version is None and state == fresh_snapshot(seed), "cut at step %d" % cut
            outcomes[cut] = "fresh"
    return outcomes


def session_to_rewrites(flash, region, seed, rewrites):
    """Yield (store, game) just before each of ``rewrites`` saves that
    rewrite the full log, then make that save. Undo is on: the records
    carry a history, often a full one."""
    store = Store(flash, layout=LOG, **region)
    game = store.load(seed=seed)
    game.undo_depth = 5
    chooser = random.Random(seed)
    done = 0
    while done < rewrites:
        play(game, chooser.randrange(1, 30), chooser)
        store.settings[done % 8] ^= 0x5A
        if store._log.used == store.slots - 1:
            yield store, game
            done += 1
        assert store.save(game) == SAVED


def test_a_cut_at_every_step_of_the_rewrite_never_brings_back_an_older_game():
    # The sector model of tests/test_store_layouts.py, a full 4 KB log: the
    # previous game while the mark is programmed (one page), nothing from
    # the erase until slot 0's record is whole, then the new game. Every
    # step under --slow; make test the steps where the outcome changes and
    # a seeded sample of the others (tests/sampling.py).
    mark = 256
    fresh = range(mark + 1, mark + 1 + RECORD_LENGTH)  # the erase, then slot 0's record until its last byte
    edges = {0, mark - 1, mark, fresh[0], fresh[1], fresh[-1], fresh[-1] + 1, fresh[-1] + 2, mark + 2 + 4096 - 1}
    counted = []

    def pick(steps):
        counted.append(steps)
        return sampling.cases("log rewrite cuts", range(steps), 60, always=edges)

    flash = SectorFlash()
    for store, game in session_to_rewrites(flash, {}, seed=81, rewrites=1):
        outcomes = rewrite_cuts(flash, store, game, 81, {}, pick)
    assert counted == [mark + 2 + 4096] and edges <= set(outcomes)
    for cut, outcome in outcomes.items():
        if cut != fresh[-1] + 1:  # the record's last byte may read as wanted already
            assert outcome == ("previous" if cut <= mark else "fresh" if cut in fresh else "new"), cut


def slow_cuts(steps):
    # The mark's page, every step of the erase, the record in slot 0 of a
    # log at the sector's start or at 1024, then every 61st step; make test
    # plays the erase's steps and a seeded sample of the others.
    first = 256 + len(SlowErase.FRACTIONS) + 2 + 1024 + RECORD_LENGTH
    erase = range(256 + 1, 256 + 1 + len(SlowErase.FRACTIONS))
    return sampling.cases("uneven erase cuts", list(range(first)) + list(range(first, steps, 61)), 40, always=erase)


@pytest.mark.parametrize("region", [{}, dict(start=1024, length=1024)], ids=["4 KB", "1 KB at 1024"])
def test_a_cut_in_an_uneven_erase_never_brings_back_an_older_game(region):
    # Part-way through the erase some records are still whole and the
    # newest may not be: the mark after the newest record is what says that
    # the older ones are not current.
    seen = {"previous": 0, "new": 0, "fresh": 0}
    for pattern in range(3):
        flash = SlowErase(pattern=pattern)
        rewrites = 2 if region else 1
        for store, game in session_to_rewrites(flash, region, seed=82 + pattern, rewrites=rewrites):
            outcomes = rewrite_cuts(flash, store, game, 82 + pattern, region, slow_cuts)
            erase = range(256 + 1, 256 + 1 + len(SlowErase.FRACTIONS))
            for cut in erase:
                seen[outcomes[cut]] += 1
    # Early in the erase the newest record is sometimes still whole.
    assert seen["previous"] > 0 and seen["fresh"] > 0


def test_an_uneven_erase_after_a_torn_last_append_never_brings_back_an_older_game():
    # The last slot holds a torn append: the newest record is the one
    # before it, and the mark goes after that one.
    flash = SlowErase(pattern=7)
    region = dict(start=0, length=1024)
    store = Store(flash, layout=LOG, **region)
    game = store.load(seed=83)
    chooser = random.Random(83)
    for step in range(7):
        play(game, 5, chooser)
        store.settings[0] = step + 1
        assert store.save(game) == SAVED
    play(game, 5, chooser)
    store.settings[0] = 99
    flash.cut_after = SLOT_SIZE + 40  # the page program reaches slot 7 after slot 6's bytes
    with pytest.raises(PowerCut):
        store.save(game)
    state, again = loaded(flash, seed=83, **region)
    assert again._newest == 6 and again.refused == 1 and again._log.used == 7
    game = again.load(seed=83)
    play(game, 5, chooser)
    outcomes = rewrite_cuts(flash, again, game, 83, region, slow_cuts)
    assert "previous" in outcomes.values() and "fresh" in outcomes.values()
