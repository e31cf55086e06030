# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""engine.store layouts: "pages" (nRF52840) and "log" (RP2040 / RP2350) in
models of how those ports write, cut at every step; crafted logs; regions;
agreement with MicroPython. The "block" layout's own tests are in
tests/test_store.py."""

import random

import pytest
from fakenvm import FakeNVM, FaultyNVM, PageFlash, PowerCut, SectorFlash

from engine.game import Game
from engine.record import SLOT_SIZE, VERSION
from engine.store import BLOCK, FAILED, LOG, NO_NVM, PAGES, SAVED, UNCHANGED, Store, region_from_settings
from tests import sampling
from tests.saves import RECORD_LENGTH, Cuts, fresh_snapshot, play, recrc, save_points, snapshot
from tests.shared import printed
from tools.vm.fuel_vm import run


def loaded(nvm, seed=77, **layout):
    """(snapshot with saves and settings, the store) of a load from ``nvm``."""
    store = Store(nvm, **layout)
    return snapshot(store.load(seed=seed), store), store


# ---------------------------------------------------------------- the API


def test_block_is_the_default_and_writes_the_same_bytes():
    default, named = bytearray(b"\xff" * 8192), bytearray(b"\xff" * 8192)
    stores = Store(default), Store(named, layout=BLOCK)
    games = stores[0].load(seed=3), stores[1].load(seed=3)
    for step in range(12):
        for store, game in zip(stores, games):
            play(game, 3, random.Random(step))
            store.settings[step % 8] = step
            assert store.save(game) == SAVED
    assert default == named
    assert (stores[0].layout, stores[0].slots) == (BLOCK, 2)


@pytest.mark.parametrize(
    "size, region, message",
    [
        (8192, dict(layout="flash"), "layout must be"),
        (8192, dict(layout=BLOCK, erase_size=4096), "erase_size"),
        (8192, dict(layout=PAGES, erase_size=100), "erase_size"),
        (8192, dict(layout=PAGES, program_size=256), "program_size"),
        (8192, dict(layout=PAGES, start=128), "start=128 is not a multiple of the 4096-byte page"),
        (8192, dict(layout=PAGES, start=4096), "length=4096: a slot in each of 2 pages needs 4224"),
        (8192, dict(layout=PAGES, length=4096), "length=4096: a slot in each of 2 pages needs 4224"),
        (4096, dict(layout=LOG, start=100), "multiple of the 256-byte program page"),
        (4096, dict(layout=LOG, program_size=200), "program_size=200"),
        (4096, dict(layout=LOG, erase_size=3000), "erase_size"),
        (4096, dict(layout=LOG, start=3968, length=128, program_size=128), "under the 256 bytes a save needs"),
        (4096, dict(layout=LOG, start=3840, length=512), "past the end of the NVM \\(4096 bytes\\)"),
        (8192, dict(layout=LOG, start=3968, length=512, program_size=128), "leaves 1 slot"),
    ],
)
def test_regions_that_do_not_fit_a_layout_are_refused_clearly(size, region, message):
    with pytest.raises(ValueError, match=message):
        Store(bytearray(size), **region)


def test_each_layout_uses_the_slots_it_says():
    assert Store(bytearray(8192), layout=PAGES).slots == 2
    assert Store(bytearray(4096), layout=LOG).slots == 32
    assert Store(bytearray(8192), layout=LOG).slots == 32  # one sector: the log stays in it
    assert Store(bytearray(4096), start=1024, length=1024, layout=LOG).slots == 8
    assert Store(bytearray(4096), layout=LOG, erase_size=2048, program_size=512).slots == 16
    assert Store(bytearray(12288), start=4096, layout=PAGES, erase_size=4096).slots == 2


def test_no_nvm_plays_without_saving_in_any_layout():
    # The Meowbit: microcontroller.nvm is None. (The MicroPython test below
    # checks that no layout module is imported for it.)
    for layout in (BLOCK, PAGES, LOG):
        store = Store(None, layout=layout)
        game = store.load(seed=2)
        assert store.save(game) == NO_NVM and store.version is None


def test_each_refusal_names_only_the_check_that_failed():
    # The CLUE with GAME2048_NVM_START = 4096 (a multiple of its page): the
    # message is about the length, never "not a multiple of 4096".
    for length in (None, 256):
        with pytest.raises(ValueError) as refused:
            Store(bytearray(8192), 4096, length, layout=PAGES)
        assert "multiple" not in str(refused.value) and "4224" in str(refused.value)
    with pytest.raises(ValueError) as refused:
        Store(bytearray(8192), 8000, 1000)
    assert "past the end of the NVM (8192 bytes)" in str(refused.value) and "under" not in str(refused.value)


def test_a_region_from_settings_toml_meets_each_layout_check():
    settings = {"GAME2048_NVM_START": "0x800", "GAME2048_NVM_LENGTH": "1024"}
    start, length = region_from_settings(settings.get)
    assert Store(bytearray(4096), start, length, layout=LOG).slots == 8
    with pytest.raises(ValueError, match="pages: start=2048"):
        Store(bytearray(8192), start, length, layout=PAGES)
    settings["GAME2048_NVM_START"] = "2100"
    with pytest.raises(ValueError, match="start=2100"):
        Store(bytearray(4096), *region_from_settings(settings.get), layout=LOG)


@pytest.mark.parametrize("layout, size", [(PAGES, 8192), (LOG, 4096)])
def test_round_trip_through_many_saves(layout, size):
    nvm = bytearray(b"\xff" * size)
    store = Store(nvm, layout=layout)
    for game, setting in save_points(seed=41, count=80):
        store.settings[setting] = (store.settings[setting] + 1) & 0xFF
        assert store.save(game) == SAVED
        assert store.save(game) == UNCHANGED
        again, reloaded = loaded(nvm, layout=layout)
        assert again == snapshot(game, store) and reloaded.version == VERSION


# ---------------------------------------------------------------- where records go


def test_pages_put_the_two_slots_in_two_erase_pages():
    flash = PageFlash()
    store = Store(flash, layout=PAGES)
    game = store.load(seed=5)
    for step in range(6):
        play(game, 2, random.Random(step))
        store.settings[0] = step + 1  # something to save even if no move moved
        assert store.save(game) == SAVED
        assert store._newest == step % 2 and store._base(store._newest) == 4096 * (step % 2)
    assert flash.erases == [3, 3]  # each save erased the page of the older slot only
    assert store.erase_cycles() == 3


def test_the_log_appends_without_erasing_until_the_sector_is_full():
    flash = SectorFlash()
    store = Store(flash, layout=LOG)
    game = store.load(seed=6)
    slots = []
    for step in range(70):
        play(game, 2, random.Random(step))
        store.settings[0] = step
        assert store.save(game) == SAVED
        slots.append(store._newest)
    # 32 appends into the erased sector, then one rewrite (new record in
    # slot 0, the rest erased) per 32 saves.
    assert slots == list(range(32)) + list(range(32)) + list(range(6))
    assert flash.erases == [2]
    assert store.erase_cycles() == 70 // 32
    assert flash.data[6 * SLOT_SIZE :] == b"\xff" * (4096 - 6 * SLOT_SIZE)


def test_block_erases_at_every_save_for_comparison():
    nvm = FakeNVM(model="erase")
    store = Store(nvm)
    game = store.load(seed=6)
    for step in range(70):
        play(game, 2, random.Random(step))
        store.settings[0] = step
        assert store.save(game) == SAVED
    assert nvm.writes == 70 and store.erase_cycles() == 70


def test_a_log_region_inside_the_sector_leaves_the_rest_alone():
    # Another program's bytes before and after a 1 KB log: appends never
    # touch them, and a rewrite (the port copies the sector) keeps them.
    theirs = bytes(range(256)) * 4
    flash = SectorFlash()
    flash.data[0:1024] = theirs
    flash.data[2048:3072] = theirs
    store = Store(flash, start=1024, length=1024, layout=LOG)
    game = store.load(seed=7)
    for step in range(20):  # 8 slots: rewrites at saves 9 and 17
        play(game, 2, random.Random(step))
        store.settings[0] = step + 1
        assert store.save(game) == SAVED
    assert flash.erases == [2]
    assert flash.data[0:1024] == theirs and flash.data[2048:3072] == theirs
    assert loaded(flash, start=1024, length=1024, layout=LOG)[0] == snapshot(game, store)


def test_a_pages_region_further_in_the_nvm():
    flash = bytearray(b"\x00" * 12288)  # never-written ESP32-like bytes around it
    store = Store(flash, start=4096, layout=PAGES)
    game = store.load(seed=8)
    for step in range(3):
        play(game, 2, random.Random(step))
        store.settings[0] = step + 1
        assert store.save(game) == SAVED
    assert flash[:4096] == bytes(4096)
    assert flash[4096 + SLOT_SIZE : 8192] == bytes(4096 - SLOT_SIZE)
    assert loaded(flash, start=4096, layout=PAGES)[0] == snapshot(game, store)


# ---------------------------------------------------------------- power cuts


def cut_session(flash, layout, seed, saves, pick, check=None, seen=None):
    """Cut the power at the chosen steps of every save of a seeded session.

    ``pick(steps, erased)`` chooses the cuts of a save whose uncut writes
    take ``steps`` steps in all (``erased``: it erased). Every load after a
    cut must give the previous game, the new one, or a fresh game ("lost"):
    never an older one. ``check(before, after, erased, target, cut)`` may
    inspect each cut's bytes; ``seen``, a list, gets (erased, cut, "old" |
    "new" | "lost") of each. Returns the counts (also by kind of save:
    ``("erasing", "old")``, ...) and the set of (erased, step) that lost
    the game.
    """
    store = Store(flash, **layout)
    store.load(seed=seed)
    committed = fresh_snapshot(seed)
    counts = {"old": 0, "new": 0, "lost": 0, "erasing saves": 0}
    lost = set()
    for game, setting in save_points(seed, saves):
        store.settings[setting] ^= 0x5A
        expected = snapshot(game) + (store.saves + 1, bytes(store.settings))
        dry = Cuts(flash.clone())
        dry_store = Store(dry, **layout)
        dry_store.load(seed=seed)
        dry_store.settings[:] = store.settings
        assert dry_store.save(game) == SAVED
        steps, erased = dry.steps, dry.erased
        counts["erasing saves"] += erased
        for cut in pick(steps, erased):
            trial = Cuts(flash.clone())
            trial_store = Store(trial, **layout)
            trial_store.load(seed=seed)
            trial_store.settings[:] = store.settings
            before = bytes(trial.flash.data)
            trial.reset()
            trial.cut = cut
            with pytest.raises(PowerCut):
                trial_store.save(game)
            if check is not None:
                check(before, bytes(trial.flash.data), erased, dry_store._newest, cut)
            outcome, after = loaded(trial.flash, seed=seed, **layout)
            if outcome == committed:
                kind = "old"
            elif outcome == expected:
                kind = "new"
            else:
                assert after.version is None, "a cut gave a game that was never saved, or an older one"
                assert outcome == fresh_snapshot(seed)
                kind = "lost"
                lost.add((erased, cut))
            counts[kind] += 1
            if seen is not None:
                seen.append((erased, cut, kind))
            by_kind = ("erasing" if erased else "programming", kind)
            counts[by_kind] = counts.get(by_kind, 0) + 1
        assert store.save(game) == SAVED
        committed = expected
        assert loaded(flash, seed=seed, **layout)[0] == committed
    return counts, lost


def nrf_cuts(steps, erased):
    # Before, during and after the page erase, every word through the
    # first 160 bytes (the slot and past it), then every 37th word.
    return list(range(0, 2 + 40)) + list(range(2 + 40, steps, 37))


def test_nrf_pages_lose_no_save_at_any_cut():
    counts, lost = cut_session(PageFlash(), dict(layout=PAGES), seed=51, saves=24, pick=nrf_cuts)
    assert counts["lost"] == 0 and lost == set()
    # The previous game until the new record's last word is programmed,
    # the new one after: both seen, nothing else.
    assert counts["old"] > 0 and counts["new"] > 0
    assert counts["old"] + counts["new"] == 24 * len(nrf_cuts(2 + 1024, True))
    assert counts["erasing saves"] == 24  # every nRF write erases its page


def test_nrf_cut_never_changes_the_other_page():
    def check(before, after, erased, target, cut):
        other = 1 - target
        assert after[other * 4096 : (other + 1) * 4096] == before[other * 4096 : (other + 1) * 4096]

    cut_session(PageFlash(), dict(layout=PAGES), seed=52, saves=6, pick=nrf_cuts, check=check)


LOG_REGION = dict(layout=LOG, start=1024, length=1024)  # 8 slots: a rewrite every 8 saves


#: Steps of the mark's write (one 256-byte page programmed) before a rewrite.
MARK_STEPS = 256


def rp_cuts(steps, erased):
    if erased:
        # The rewrite: every byte of the mark's page, before, during and
        # after the sector erase, every byte of the sector's first 1,280
        # (up to the log's slot 2), then every 61st.
        first = MARK_STEPS + 2 + 1280
        return list(range(0, first)) + list(range(first, steps, 61))
    # An append programs one 256-byte page: every byte of it.
    return list(range(steps))


def test_rp2040_appends_lose_only_the_new_record_and_a_rewrite_loses_until_slot_0_is_back():
    def check(before, after, erased, target, cut):
        if not erased:
            # Every byte but the new record's slot is as it was, also the
            # other record programmed again in the same 256-byte page.
            base = 1024 + target * SLOT_SIZE
            assert after[:base] == before[:base] and after[base + SLOT_SIZE :] == before[base + SLOT_SIZE :]
        elif cut < MARK_STEPS:
            # The mark goes into the bytes after the newest record (the
            # last slot of a full log) and changes nothing else.
            mark = 1024 + 7 * SLOT_SIZE + RECORD_LENGTH
            assert (
                after[:mark] == before[:mark]
                and after[mark + SLOT_SIZE - RECORD_LENGTH :] == before[mark + SLOT_SIZE - RECORD_LENGTH :]
            )

    # A rewrite gives the previous game while it programs the mark, and
    # loses the game from the start of its erase (the mark's steps, then 1)
    # until slot 0's record is programmed again: the log's first byte is
    # byte 1024 of the sector, its record ends RECORD_LENGTH bytes on (a cut before its
    # last byte may still give it when that byte reads as wanted already).
    first_lost = MARK_STEPS + 1
    first_safe = MARK_STEPS + 2 + 1024 + RECORD_LENGTH
    edges = {0, MARK_STEPS - 1, MARK_STEPS, first_lost, first_lost + 1, first_safe - 2, first_safe - 1, first_safe}
    saves_cut = []

    def pick(steps, erased):
        # Every cut of rp_cuts under --slow; make test the steps where the
        # outcome changes, the first and last, and a seeded sample (tests/sampling.py).
        saves_cut.append(erased)
        always = (edges if erased else set()) | {0, steps - 1}
        return sampling.cases("rp2040 cuts, save %d" % len(saves_cut), rp_cuts(steps, erased), 8, always=always)

    saves = 26  # appends and rewrites: saves 9, 17 and 25 rewrite the full 8 slots
    seen = []
    counts, lost = cut_session(SectorFlash(), LOG_REGION, seed=53, saves=saves, pick=pick, check=check, seen=seen)
    assert counts["erasing saves"] == 3 == sum(saves_cut)
    # No append ever lost the game: a cut loses at most the new record.
    assert [cut for erased, cut, kind in seen if not erased and kind == "lost"] == []
    assert counts[("programming", "old")] and counts[("programming", "new")]
    for erased, cut, kind in seen:
        if erased and cut != first_safe - 1:
            assert kind == ("old" if cut <= MARK_STEPS else "lost" if cut < first_safe else "new"), (cut, kind)
    assert counts["new"] > 0 and counts["old"] > 0


def test_rp2040_erases_counted_by_the_model_drop_by_the_slots_per_sector():
    rates = {}
    for layout, flash in ((BLOCK, SectorFlash()), (LOG, SectorFlash())):
        store = Store(flash, layout=layout)
        game = store.load(seed=54)
        for step in range(100):
            play(game, 2, random.Random(step))
            store.settings[1] = step
            assert store.save(game) == SAVED
        rates[layout] = flash.erases[0]
    # "block" on an RP2040: every save after the first writes over a record
    # (both slots hold one), i.e. erases the sector; the log erases once
    # per 32 saves.
    assert rates == {BLOCK: 99, LOG: 3}


# ---------------------------------------------------------------- crafted logs


def log_with(records=5, seed=61, size=4096, **layout):
    """A log of ``records`` saves; returns (nvm, snapshots of each save)."""
    nvm = bytearray(b"\xff" * size)
    store = Store(nvm, layout=LOG, **layout)
    game = store.load(seed=seed)
    kept = []
    for step in range(records):
        play(game, 3, random.Random(step))
        store.settings[2] = step
        assert store.save(game) == SAVED
        kept.append(snapshot(game, store))
    return nvm, kept


def slot(index, base=0):
    return slice(base + index * SLOT_SIZE, base + index * SLOT_SIZE + SLOT_SIZE)


def test_a_torn_newest_record_gives_the_previous_one_counted_once():
    nvm, kept = log_with(5)
    nvm[4 * SLOT_SIZE + 40 : 4 * SLOT_SIZE + RECORD_LENGTH] = b"\xff" * (RECORD_LENGTH - 40)  # a cut append
    game_state, store = loaded(nvm, layout=LOG)
    assert game_state == kept[3] and (store.refused, store.refusal) == (1, "damaged")
    again_state, again = loaded(nvm, layout=LOG)  # restarted before a save: not counted twice
    assert again_state == kept[3] and again.refused == 1
    game = again.load()
    play(game, 2, random.Random(9))
    assert again.save(game) == SAVED and again._newest == 5  # after the torn slot, never into it
    final_state, final = loaded(nvm, layout=LOG)
    assert final_state == snapshot(game, again) and (final.refused, final.refusal) == (1, None)


def test_a_corrupt_newest_record_with_a_whole_crc_field_loses_to_the_previous_one():
    nvm, kept = log_with(7)
    nvm[6 * SLOT_SIZE + 30] ^= 0x04  # bit rot in the newest record
    state, store = loaded(nvm, layout=LOG)
    assert state == kept[5] and store.refusal == "damaged"


def test_an_impossible_newest_record_with_a_valid_crc_loses_to_the_previous_one():
    nvm, kept = log_with(4)
    record = nvm[3 * SLOT_SIZE : 3 * SLOT_SIZE + RECORD_LENGTH]
    record[35] = 8  # an unknown flag
    recrc(record)
    nvm[3 * SLOT_SIZE : 3 * SLOT_SIZE + RECORD_LENGTH] = record
    state, store = loaded(nvm, layout=LOG)
    assert state == kept[2] and store.refusal == "flags"


@pytest.mark.parametrize("fill", [0x00, 0xFF, 0x5A])
def test_uniform_bytes_are_an_empty_log(fill):
    # 0x00: never-written NVM on ESP32; 0xFF: erased flash elsewhere.
    nvm = bytearray([fill]) * 4096
    state, store = loaded(nvm, layout=LOG)
    assert state == fresh_snapshot(77) and store.refused == 0 and store.refusal is None
    flash = SectorFlash(content=nvm)
    store = Store(flash, layout=LOG)
    game = store.load(seed=1)
    assert store.save(game) == SAVED
    # No erased slot to append to, unless the flash is erased: one rewrite first.
    assert flash.erases == [0 if fill == 0xFF else 1]
    play(game, 3, random.Random(1))
    assert store.save(game) == SAVED and store._newest == 1 and flash.erases == [0 if fill == 0xFF else 1]


def test_foreign_bytes_in_the_log_are_skipped_and_never_written_into():
    nvm = bytearray(b"\xff" * 4096)
    nvm[slot(0)] = b"other program!!!" * 8
    store = Store(nvm, layout=LOG)
    game = store.load(seed=2)
    assert store.refused == 0 and store.save(game) == SAVED and store._newest == 1
    assert nvm[0:16] == b"other program!!!"


def later_record(length=124, version=VERSION + 1, fill=0x5A):
    """A slot as a later format version might write it: our magic, a version
    this code does not know, a longer record (its bytes past ours not erased)."""
    data = bytearray(b"\xff" * SLOT_SIZE)
    data[0:4] = b"2048"
    data[4] = version
    data[5:length] = bytes([fill]) * (length - 5)
    return data


# Longer than this version's record (RECORD_LENGTH): bytes where its mark would be.
@pytest.mark.parametrize("length, version", [(124, VERSION + 1), (128, VERSION + 1), (126, 0xA7), (122, 0)])
def test_a_later_version_s_record_after_this_version_s_is_skipped_and_kept(length, version):
    # A newer game appended a longer record; the player went back to this
    # one: its newest record loads (as "block" and "pages" do), the save goes
    # after the later record, and this version's records are never erased
    # by it (the later record's bytes past ours are no mark).
    nvm, kept = log_with(3)
    nvm[slot(3)] = later_record(length, version)
    state, store = loaded(nvm, layout=LOG)
    assert state == kept[2] and store.refused == 0
    before = bytes(nvm[0 : 4 * SLOT_SIZE])
    game = store.load()
    play(game, 2, random.Random(5))
    assert store.save(game) == SAVED and store._newest == 4
    assert bytes(nvm[0 : 4 * SLOT_SIZE]) == before
    assert loaded(nvm, layout=LOG)[0] == snapshot(game, store)


def test_a_full_log_is_rewritten_at_the_next_save():
    nvm, kept = log_with(32)
    state, store = loaded(nvm, layout=LOG)
    assert state == kept[31] and store._newest == 31
    game = store.load()
    play(game, 2, random.Random(3))
    assert store.save(game) == SAVED and store._newest == 0
    assert nvm[SLOT_SIZE:] == b"\xff" * (4096 - SLOT_SIZE)
    assert loaded(nvm, layout=LOG)[0] == snapshot(game, store)


def test_a_region_written_by_the_block_layout_loads_its_newest_record():
    # Block alternates slots: after three saves slot 0 holds the newest.
    nvm = bytearray(b"\xff" * 4096)
    block = Store(nvm)
    game = block.load(seed=4)
    for step in range(3):
        play(game, 3, random.Random(step))
        block.save(game)
    assert block._newest == 0
    state, store = loaded(nvm, layout=LOG)
    assert state == snapshot(game, block)
    play(game, 1, random.Random(7))
    game = store.load()
    play(game, 3, random.Random(8))
    assert store.save(game) == SAVED and store._newest == 2  # after both
    assert loaded(nvm, layout=LOG)[0] == snapshot(game, store)


def test_a_damaged_record_with_a_newer_sequence_does_not_win():
    nvm, kept = log_with(3)
    record = nvm[0:RECORD_LENGTH]
    record[5:7] = (0x0100 + 40).to_bytes(2, "little")  # claims to be newest
    nvm[0:RECORD_LENGTH] = record  # CRC no longer matches
    state, store = loaded(nvm, layout=LOG)
    assert state == kept[2] and store.refused == 0  # before the newest: not counted


def test_sequence_numbers_wrap_inside_the_log_and_across_rewrites():
    nvm = bytearray(b"\xff" * 4096)
    store = Store(nvm, start=0, length=1024, layout=LOG)
    game = store.load(seed=9)
    store._sequence = 0xFFF8
    sequences = []
    for step in range(30):  # wraps after 7 saves; rewrites at 9, 17 and 25
        play(game, 2, random.Random(step))
        store.settings[0] = step + 1
        assert store.save(game) == SAVED
        sequences.append(store._sequence)
        state, again = loaded(nvm, start=0, length=1024, layout=LOG)
        assert state == snapshot(game, store) and again._sequence == store._sequence
    assert sequences[:9] == [0xFFF9, 0xFFFA, 0xFFFB, 0xFFFC, 0xFFFD, 0xFFFE, 0xFFFF, 0, 1]


def test_a_write_that_fails_midway_is_skipped_and_retried_in_the_next_slot():
    nvm = FaultyNVM(size=4096)
    store = Store(nvm, layout=LOG)
    game = store.load(seed=10)
    assert store.save(game) == SAVED
    committed = snapshot(game)
    play(game, 5, random.Random(10))
    nvm.write_error, nvm.partial, nvm.failures = OSError(5, "I/O"), 40, 1
    assert store.save(game) == FAILED and store.failure == "OSError 5"
    assert snapshot(Store(nvm, layout=LOG).load()) == committed
    assert store.save(game) == SAVED and store._newest == 2
    assert snapshot(Store(nvm, layout=LOG).load()) == snapshot(game)


def test_odd_nvm_objects_do_not_raise_in_the_log():
    from tests.saves import ShortReads

    for fail in (False, True):
        store = Store(ShortReads(fail), layout=LOG)
        assert snapshot(store.load(seed=3)) == snapshot(Game(seed=3))


def test_every_single_bit_flip_of_the_newest_record_falls_back():
    nvm, kept = log_with(2)
    for index in range(SLOT_SIZE, SLOT_SIZE + RECORD_LENGTH, 3):
        for bit in (0, 5):
            damaged = bytearray(nvm)
            damaged[index] ^= 1 << bit
            assert loaded(damaged, layout=LOG)[0] == kept[0]


# ---------------------------------------------------------------- MicroPython

#: Both layouts saved and loaded, run in the fuel VM and in CPython: the
#: same bytes, erases and game from both.
GUEST = """
import sys
from engine.game import Game
from engine.store import Store
store = Store(None, layout='log')
print('engine.store_log' in sys.modules)
nvm = bytearray(b'\\xff' * 4096)
store = Store(nvm)
print('engine.store_log' in sys.modules)

class Sector:
    # RP2040's rule: a write into bytes that all read 0xFF programs; any
    # other write erases the sector.
    def __init__(self, size):
        self.data = bytearray(b'\\xff' * size)
        self.erases = 0
    def __len__(self):
        return len(self.data)
    def __getitem__(self, index):
        return self.data[index]
    def __setitem__(self, index, value):
        old = self.data[index]
        for byte in old:
            if byte != 255:
                self.erases += 1
                break
        self.data[index] = value

for layout, nvm in (('log', Sector(4096)), ('pages', bytearray(b'\\xff' * 8192))):
    store = Store(nvm, layout=layout)
    game = store.load(seed=%(seed)d)
    directions = %(directions)r
    for index in range(len(directions)):
        if game.over:
            game.new_game()
        game.move(directions[index])
        if index %% 5 == 0:
            store.settings[index %% 8] = index & 255
            store.save(game)
    data = nvm.data if layout == 'log' else nvm
    print(layout, store.save(game), store.saves, getattr(nvm, 'erases', -1))
    print(bytes(data).hex())
    again = Store(nvm, layout=layout)
    loaded = again.load()
    print(loaded.cells, loaded.score, loaded.moves, loaded.rng.x, loaded.rng.y, again.saves, list(again.settings))
print('engine.store_log' in sys.modules)
"""


def test_micropython_places_and_reads_records_like_cpython():
    generator = random.Random(14)
    directions = [generator.randrange(4) for _ in range(400)]
    program = GUEST % {"seed": 4321, "directions": directions}
    guest = run(program, fuel=10**10).stdout.split("\n")
    # The log's module loads only for a store of that layout (a fresh VM;
    # CPython has loaded it long before).
    assert guest[:2] == ["False", "False"] and guest[-2:] == ["True", ""]
    host = printed(exec, program, {}).split("\n")
    assert "log 1 81 2" in host  # 81 saves: two rewrites of the full log
    assert guest[2:-2] == host[2:-2]


CRAFTED_GUEST = """
from engine.store import Store
for name, image in %(images)r:
    store = Store(bytearray(image), layout='log')
    game = store.load(seed=1)
    print(name, store.version, store._newest, store.refused, store.refusal, game.score, game.moves)
"""


def test_micropython_loads_crafted_logs_like_cpython():
    nvm, _ = log_with(6)
    torn = bytearray(nvm)
    torn[5 * SLOT_SIZE + 50 : 5 * SLOT_SIZE + RECORD_LENGTH] = b"\xff" * (RECORD_LENGTH - 50)
    rotten = bytearray(nvm)
    rotten[5 * SLOT_SIZE + 11] ^= 1
    # The mark a rewrite programs after the newest record: still loads; with
    # the record damaged (an erase begun), nothing older is trusted.
    marked = bytearray(nvm)
    marked[5 * SLOT_SIZE + RECORD_LENGTH : 6 * SLOT_SIZE] = bytes(SLOT_SIZE - RECORD_LENGTH)
    erasing = bytearray(marked)
    erasing[5 * SLOT_SIZE + 20] |= 0x81
    # The "block" layout's pair with slot 0 the newer; sequence numbers that
    # span more than half of 2**16 (slot order decides).
    pair = bytearray(b"\xff" * 4096)
    pair[0 : 2 * SLOT_SIZE] = nvm[SLOT_SIZE : 2 * SLOT_SIZE] + nvm[0:SLOT_SIZE]
    spread = bytearray(nvm)
    for slot, sequence in enumerate((0x0000, 0x4000, 0x8001, 0xC002, 0x0003, 0x7FFF)):
        record = spread[slot * SLOT_SIZE : slot * SLOT_SIZE + RECORD_LENGTH]
        record[5:7] = sequence.to_bytes(2, "little")
        recrc(record)
        spread[slot * SLOT_SIZE : slot * SLOT_SIZE + RECORD_LENGTH] = record
    images = [
        ("whole", bytes(nvm)),
        ("torn", bytes(torn)),
        ("rotten", bytes(rotten)),
        ("zeros", bytes(4096)),
        ("erased", b"\xff" * 4096),
        ("marked", bytes(marked)),
        ("erasing", bytes(erasing)),
        ("pair", bytes(pair)),
        ("spread", bytes(spread)),
    ]
    lines = []
    for name, image in images:
        store = Store(bytearray(image), layout=LOG)
        game = store.load(seed=1)
        lines.append(
            "%s %s %s %s %s %s %s" % (name, store.version, store._newest, store.refused, store.refusal, game.score, game.moves)
        )
    assert lines[1].startswith("torn %d 4 1 damaged" % VERSION) and lines[3].startswith("zeros None None 0 None")
    assert lines[5].startswith("marked %d 5 0 None" % VERSION) and lines[6].startswith("erasing None None 1 damaged")
    assert lines[7].startswith("pair %d 0 0 None" % VERSION) and lines[8].startswith("spread %d 5 0 None" % VERSION)
    assert run(CRAFTED_GUEST % {"images": images}, fuel=4 * 10**9).stdout == "\n".join(lines) + "\n"
