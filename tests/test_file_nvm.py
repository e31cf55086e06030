"""tools.file_nvm: the simulator's NVM file behaves like the device's NVM."""

import os

import pytest

from engine.store import Store
from tools.file_nvm import FileNVM


def test_missing_file_reads_as_erased_flash(tmp_path):
    nvm = FileNVM(tmp_path / "game.nvm", size=1024)
    assert len(nvm) == 1024
    assert nvm[0:1024] == b"\xff" * 1024
    assert nvm[5] == 0xFF
    assert not (tmp_path / "game.nvm").exists()  # reading creates nothing


def test_writes_persist_across_instances(tmp_path):
    path = tmp_path / "game.nvm"
    nvm = FileNVM(path, size=512)
    nvm[10:14] = b"abcd"
    nvm[20] = 7
    assert nvm.writes == 2
    again = FileNVM(path, size=512)
    assert again[10:14] == b"abcd" and again[20] == 7
    assert path.read_bytes() == bytes(nvm[0:512])
    assert len(path.read_bytes()) == 512


def test_slice_must_keep_its_length(tmp_path):
    nvm = FileNVM(tmp_path / "game.nvm", size=64)
    with pytest.raises(ValueError):
        nvm[0:4] = b"abc"
    assert not (tmp_path / "game.nvm").exists()


def test_reads_are_copies(tmp_path):
    nvm = FileNVM(tmp_path / "game.nvm", size=64)
    chunk = nvm[0:4]
    chunk[0] = 1
    assert nvm[0] == 0xFF


def test_other_sizes_are_cut_or_padded(tmp_path):
    path = tmp_path / "game.nvm"
    path.write_bytes(b"\x01" * 100)
    assert FileNVM(path, size=50)[0:50] == b"\x01" * 50
    padded = FileNVM(path, size=128)
    assert padded[0:128] == b"\x01" * 100 + b"\xff" * 28


def test_a_failed_write_leaves_the_old_file_and_no_litter(tmp_path, monkeypatch):
    path = tmp_path / "game.nvm"
    nvm = FileNVM(path, size=64)
    nvm[0:2] = b"ok"
    before = path.read_bytes()

    def broken_replace(source, target):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        nvm[0:2] = b"no"
    assert path.read_bytes() == before
    assert nvm[0:2] == b"ok"  # memory agrees with the file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.nvm"]


def test_store_resumes_from_the_file(tmp_path):
    path = tmp_path / "sim.nvm"
    store = Store(FileNVM(path))
    game = store.load(seed=12)
    for direction in (0, 1, 2, 3, 0, 3):
        game.move(direction)
    store.settings[1] = 2
    assert store.save(game)
    resumed_store = Store(FileNVM(path))
    resumed = resumed_store.load()
    assert resumed.cells == game.cells and resumed.score == game.score
    assert resumed.rng.state == game.rng.state
    assert resumed_store.settings[1] == 2
