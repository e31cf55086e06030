"""Copy the bundle (tools/bundle.py) to a CircuitPython board's CIRCUITPY drive.

Builds ``build/CIRCUITPY/``, finds the mounted drive (or takes ``--dest`` /
``DEST=``) and copies only the files whose bytes differ, ``code.py`` last
(CircuitPython restarts the program after writes; with code.py last, it
restarts with every other file already in place).

It removes only files it owns: the ones listed in ``.deploy-2048.txt`` on the
drive by the previous deploy that are no longer in the bundle, and a ``.py``
left beside a ``.mpy`` we ship in lib/, engine/ or app/ (the board imports
``x.py`` before ``x.mpy``, so the stale ``.py`` would win). Anything else on the drive is left alone,
and an existing ``settings.toml`` on the drive is never overwritten (it is
the player's).

Usage::

    make deploy                          # or: .venv/bin/python tools/deploy.py
    make deploy DEST=/media/me/CIRCUITPY
    make deploy MPY_CROSS=~/bin/mpy-cross    # CircuitPython's compiler: .mpy files
"""

import argparse
import getpass
import os
import shutil
import string
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import bundle as bundler  # noqa: E402

#: Volume label CircuitPython gives its drive.
LABEL = "CIRCUITPY"
#: On the drive: the files the last deploy copied (one board path a line).
MANIFEST = ".deploy-2048.txt"
#: Board files that belong to the player once they exist.
PLAYER_FILES = ("settings.toml",)
#: Folders where a .py that shadows our .mpy is removed.
OUR_TOPS = ("lib", "engine", "app")


class DeployError(Exception):
    """Nothing was copied (message says why and what to do)."""


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
        found.extend(sorted(place.glob(LABEL + "*")))
    return found


def find_drive(candidates=None):
    """The one mounted CIRCUITPY drive. Raises :class:`DeployError` for none or several."""
    if candidates is None:
        candidates = candidate_mounts()
    drives = []
    for path in candidates:
        path = Path(path)
        # boot_out.txt is written by CircuitPython at every start.
        if path.is_dir() and (path / "boot_out.txt").is_file() and path not in drives:
            drives.append(path)
    if not drives:
        raise DeployError(
            "no CIRCUITPY drive found. Plug the board in with a data USB cable (the drive "
            "appears when CircuitPython runs; double-press reset gives the bootloader "
            "drive instead, which is not it), or give the mount point: make deploy "
            "DEST=/path/to/CIRCUITPY"
        )
    if len(drives) > 1:
        raise DeployError(
            "several CIRCUITPY drives: %s; choose one with DEST=" % ", ".join(str(d) for d in drives)
        )
    return drives[0]


def board_info(dest):
    """First line of the drive's boot_out.txt (CircuitPython version and board), or ''."""
    try:
        return (Path(dest) / "boot_out.txt").read_text(errors="replace").splitlines()[0]
    except (OSError, IndexError):
        return ""


def _shadowing_py(board_path):
    # The board imports x.py before x.mpy, so an old .py hides a new .mpy.
    # (An old .mpy beside a new .py is harmless and may be the player's.)
    if board_path.endswith(".mpy"):
        return board_path[:-4] + ".py"
    return None


def plan_sync(source, dest, files):
    """(to_copy, unchanged, to_remove, kept) board-path lists for copying
    ``files`` from the folder ``source`` onto the drive folder ``dest``."""
    source, dest = Path(source), Path(dest)
    to_copy, unchanged, kept = [], [], []
    for board_path in files:
        target = dest / board_path
        if board_path in PLAYER_FILES and target.exists():
            kept.append(board_path)
        elif target.is_file() and target.read_bytes() == (source / board_path).read_bytes():
            unchanged.append(board_path)
        else:
            to_copy.append(board_path)
    # code.py last: the board restarts after writes settle.
    to_copy.sort(key=lambda p: (p == "code.py", p))
    wanted = set(files)
    owned = set()
    manifest = dest / MANIFEST
    if manifest.is_file():
        owned = {line.strip() for line in manifest.read_text().splitlines() if line.strip()}
    for board_path in files:
        shadow = _shadowing_py(board_path)
        if shadow and board_path.split("/")[0] in OUR_TOPS:
            owned.add(shadow)
    to_remove = sorted(
        p for p in owned - wanted if p not in PLAYER_FILES and ".." not in p.split("/") and (dest / p).is_file()
    )
    return to_copy, unchanged, to_remove, kept


def _write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def deploy(dest=None, mpy_cross=None, out=None, repo=bundler.REPO, quiet=False, candidates=None):
    """Build the bundle and sync it to ``dest`` (found when None).

    Returns a dict with the lists ``copied``, ``unchanged``, ``removed``, ``kept``.
    """
    say = (lambda *a: None) if quiet else print
    if dest is None:
        dest = find_drive(candidates)
    dest = Path(dest)
    if not dest.is_dir():
        raise DeployError("%s is not a folder (is the drive mounted?)" % dest)
    out = Path(out) if out else Path(repo) / "build" / "CIRCUITPY"
    _, files = bundler.build(out, repo=repo, mpy_cross=mpy_cross, quiet=quiet)
    info = board_info(dest)
    say("deploy to %s%s" % (dest, " (%s)" % info if info else " (no boot_out.txt: not a board?)"))
    to_copy, unchanged, to_remove, kept = plan_sync(out, dest, files)
    need = sum((out / p).stat().st_size for p in to_copy)
    free = _free_bytes(dest)
    if free is not None and need > free + sum(_size(dest / p) for p in to_copy):
        raise DeployError("the drive has %d KB free, the changed files need %d KB" % (free // 1024, need // 1024))
    for board_path in to_remove:
        (dest / board_path).unlink()
        say("  removed  %s (stale, ours)" % board_path)
        _remove_empty_parents(dest, board_path)
    # The manifest goes first: if the copy is cut off (cable pulled), the next
    # deploy still knows which files are ours.
    board_path = MANIFEST
    try:
        _sync_manifest(dest, "".join(p + "\n" for p in sorted(files) if p not in kept))
        for board_path in to_copy:
            _write(dest / board_path, (out / board_path).read_bytes())
            say("  copied   %s (%d bytes)" % (board_path, (out / board_path).stat().st_size))
    except OSError as error:
        raise DeployError(
            "writing %s failed (%s). A read-only drive usually means boot.py remounted "
            "it for the board (storage.remount); remove that boot.py or start the board "
            "without it, then deploy again." % (board_path, error)
        ) from None
    for board_path in kept:
        say("  kept     %s (yours; the bundle's copy is in %s)" % (board_path, out))
    if hasattr(os, "sync"):
        os.sync()
    say("done: %d copied, %d unchanged, %d removed" % (len(to_copy), len(unchanged), len(to_remove)))
    return {"copied": to_copy, "unchanged": unchanged, "removed": to_remove, "kept": kept}


def _sync_manifest(dest, text):
    path = dest / MANIFEST
    if not path.is_file() or path.read_text() != text:
        _write(path, text.encode())


def _size(path):
    return path.stat().st_size if path.is_file() else 0


def _free_bytes(dest):
    try:
        return shutil.disk_usage(dest).free
    except OSError:
        return None


def _remove_empty_parents(dest, board_path):
    parent = (dest / board_path).parent
    while parent != dest and parent.is_dir() and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dest", default=os.environ.get("DEST") or None, help="drive folder (default: found; $DEST)")
    parser.add_argument(
        "--mpy-cross",
        default=os.environ.get("MPY_CROSS") or None,
        help="CircuitPython's mpy-cross: ship .mpy for lib/, engine/, app/ ($MPY_CROSS)",
    )
    args = parser.parse_args(argv)
    try:
        deploy(args.dest, args.mpy_cross)
    except (DeployError, bundler.BundleError) as error:
        print("deploy: error: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
