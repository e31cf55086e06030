# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools.play.file_nvm: the simulator's NVM file behaves like the device's NVM."""

import errno
import os
import shutil
import stat
import subprocess
import sys

import pytest

from engine.store import FAILED, SAVED, Store
from tools import ROOT
from tools.play import file_nvm
from tools.play.file_nvm import FileNVM, NVMFileError


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


def test_a_file_of_another_size_is_not_an_nvm_image_and_is_left_alone(tmp_path):
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\x01" * 100)
    for size in (50, 128):
        with pytest.raises(NVMFileError, match="holds 100 bytes, not a %d-byte NVM image" % size):
            FileNVM(path, size=size)
    assert path.read_bytes() == b"\x01" * 100
    empty = tmp_path / "empty.nvm"
    empty.write_bytes(b"")
    assert FileNVM(empty, size=64)[0:64] == b"\xff" * 64  # an empty file is erased flash


def test_a_device_is_refused(tmp_path):
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null")
    with pytest.raises(NVMFileError, match="not a plain file"):
        FileNVM("/dev/null")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


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
    assert sorted(p.name for p in tmp_path.iterdir()) == [".game.nvm.lock", "game.nvm"]  # no temporary file


def test_store_resumes_from_the_file(tmp_path):
    path = tmp_path / "sim.nvm"
    store = Store(FileNVM(path))
    game = store.load(seed=12)
    for direction in (0, 1, 2, 3, 0, 3):
        game.move(direction)
    store.settings[1] = 2
    assert store.save(game) == SAVED
    resumed_store = Store(FileNVM(path))
    resumed = resumed_store.load()
    assert resumed.cells == game.cells and resumed.score == game.score
    assert resumed.rng.state == game.rng.state
    assert resumed_store.settings[1] == 2


# ---------------------------------------------------------------- what can go wrong


def saved_game(path):
    """A FileNVM at ``path`` holding one saved game; returns (nvm, store, game, file bytes)."""
    nvm = FileNVM(path)
    store = Store(nvm)
    game = store.load(seed=3)
    game.move(0) or game.move(1)
    assert store.save(game) == SAVED
    return nvm, store, game, path.read_bytes()


def test_a_folder_is_refused_in_one_line(tmp_path):
    with pytest.raises(NVMFileError) as caught:
        FileNVM(tmp_path)
    assert str(caught.value) == "%s is a folder, not a file" % tmp_path
    assert list(tmp_path.iterdir()) == []  # nothing made there


def test_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(NVMFileError, match="does not exist"):
        FileNVM(tmp_path / "nowhere" / "game.nvm")


def test_a_read_only_file_is_loaded_and_never_replaced(tmp_path):
    path = tmp_path / "game.nvm"
    nvm, store, game, before = saved_game(path)
    nvm.close()
    path.chmod(0o444)  # no write bits: read-only, for root as well
    nvm = FileNVM(path)
    assert nvm.read_only
    store = Store(nvm)
    game = store.load()
    assert game.moves == 1  # the game is there
    game.move(2) or game.move(3)
    assert store.save(game) == FAILED
    assert store.failure == "OSError %d" % errno.EACCES
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert nvm[0:128] == bytearray(before[0:128])  # memory agrees with the file
    path.chmod(0o644)  # writable again: the next save lands
    assert store.save(game) == SAVED and path.read_bytes() != before


def test_a_symlink_is_followed_and_stays_a_symlink(tmp_path):
    target = tmp_path / "real" / "game.nvm"
    target.parent.mkdir()
    nvm, store, game, before = saved_game(target)
    nvm.close()
    link = tmp_path / "link.nvm"
    link.symlink_to(target)
    nvm = FileNVM(link)
    assert nvm.path == str(target)
    store = Store(nvm)
    game = store.load()
    game.move(2) or game.move(3)
    assert store.save(game) == SAVED
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() != before and Store(FileNVM(link)).load().cells == game.cells


def test_the_replaced_file_keeps_its_permissions(tmp_path):
    path = tmp_path / "game.nvm"
    nvm, store, game, _ = saved_game(path)
    path.chmod(0o600)
    game.move(2) or game.move(3)
    assert store.save(game) == SAVED
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_full_disk_fails_clearly_and_keeps_the_old_file(tmp_path, monkeypatch):
    # The fake: the temporary copy cannot be made durable (ENOSPC at fsync).
    path = tmp_path / "game.nvm"
    nvm, store, game, before = saved_game(path)

    def full(descriptor):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    game.move(2) or game.move(3)
    assert store.save(game) == FAILED and store.failure == "OSError 28"
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    assert store.save(game) == SAVED


TINY_FS_GUEST = """
from engine.store import Store
from tools.play.file_nvm import FileNVM
path = %(path)r
store = Store(FileNVM(path))
game = store.load(seed=5)
game.move(0) or game.move(1)
first = store.save(game)
kept = open(path, "rb").read()
game.move(2) or game.move(3)
second = store.save(game)
print(first, second, store.failure, open(path, "rb").read() == kept)
"""


def test_on_an_8_kb_file_system_the_second_save_fails_clearly(tmp_path):
    # A real tmpfs of 8 KB, mounted in a private mount namespace: the first
    # save lands (8 KB), the next needs room for a second copy and must fail.
    if not shutil.which("unshare"):
        pytest.skip("no unshare")
    mount = tmp_path / "tiny"
    mount.mkdir()
    guest = TINY_FS_GUEST % {"path": str(mount / "game.nvm")}
    script = 'mount -t tmpfs -o size=8k tmpfs "$1" && exec "$2" -c "$3"'
    result = subprocess.run(
        ["unshare", "-rm", "sh", "-c", script, "sh", str(mount), sys.executable, guest],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if result.returncode != 0 and ("mount" in result.stderr or "unshare" in result.stderr):
        pytest.skip("cannot mount a tmpfs here: %s" % result.stderr.strip()[:100])
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["1", "-1", "OSError", "28", "True"]


def test_stale_temporary_files_are_removed_at_start(tmp_path):
    path = tmp_path / "game.nvm"
    for name in (".game.nvm.4242.tmp", ".game.nvm.x.tmp", ".other.nvm.4242.tmp", "keep.tmp"):
        (tmp_path / name).write_bytes(b"left over")
    nvm = FileNVM(path)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert ".game.nvm.4242.tmp" not in names  # a killed simulator's copy of this file
    assert {".game.nvm.x.tmp", ".other.nvm.4242.tmp", "keep.tmp"} <= set(names)
    nvm.close()


def test_an_unreadable_file_is_refused_in_one_line(tmp_path, monkeypatch):
    path = tmp_path / "game.nvm"
    path.write_bytes(b"\x00" * 8192)

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(file_nvm, "open", denied, raising=False)
    with pytest.raises(NVMFileError, match="cannot read .*: Permission denied"):
        FileNVM(path)


LOCK_GUEST = """
from tools.play.file_nvm import FileNVM, NVMFileError
try:
    FileNVM(%(path)r)
except NVMFileError as error:
    print("refused:", error)
else:
    print("opened")
"""


def other_process_opens(path):
    result = subprocess.run(
        [sys.executable, "-c", LOCK_GUEST % {"path": str(path)}],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result.stdout.strip()


@pytest.mark.skipif(file_nvm.fcntl is None, reason="no fcntl: no lock")
def test_a_second_process_on_the_same_file_is_refused_until_the_first_closes(tmp_path):
    path = tmp_path / "game.nvm"
    nvm = FileNVM(path)
    assert other_process_opens(path) == (
        "refused: %s is in use by another simulator (close it, or pick another file with --nvm)" % path
    )
    link = tmp_path / "link.nvm"
    link.symlink_to(path)
    assert other_process_opens(link).startswith("refused:")  # the same file by another name
    nvm.close()
    assert other_process_opens(path) == "opened"


@pytest.mark.skipif(file_nvm.fcntl is None, reason="no fcntl: no lock")
def test_closing_removes_the_lock_file_and_a_lock_taken_on_a_removed_one_is_taken_again(tmp_path, monkeypatch):
    path = tmp_path / "game.nvm"
    lock = tmp_path / ".game.nvm.lock"
    nvm = FileNVM(path)
    nvm[0:1] = b"x"
    assert lock.exists()
    nvm.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.nvm"]  # no lock file left behind
    # The race a removed lock file opens: the simulator that held it closes
    # (and removes it) between another one's open and its flock. That one
    # must not keep a lock on a file no one else will open.
    real_flock = file_nvm.fcntl.flock
    removed = []

    def flock(descriptor, operation):
        if not removed:
            removed.append(True)
            os.remove(lock)  # the closing simulator's removal
        return real_flock(descriptor, operation)

    monkeypatch.setattr(file_nvm.fcntl, "flock", flock)
    second = FileNVM(path)
    monkeypatch.setattr(file_nvm.fcntl, "flock", real_flock)
    assert removed and lock.exists()
    assert other_process_opens(path).startswith("refused:")  # its lock is the one at the name
    second.close()
    assert not lock.exists()
