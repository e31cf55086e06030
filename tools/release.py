# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Build the release zips a board owner unzips onto CIRCUITPY (``make release``).

One zip per CircuitPython line the game supports (:data:`tools.bundle.FIRMWARE_LINES`),
named ``2048-<version>-circuitpython-<line>.zip``, each holding at its root:

* the bundle of tools/bundle.py: ``code.py``, the game's ``.mpy`` files,
  ``lib/`` (the Adafruit libraries, as ``.mpy``) and ``fonts/``;
* ``2048-README.txt``: what it is, the buttons, how to install and update,
  where the saves live, the licences;
* ``LICENSES.txt``: the game's licence and those of the libraries in lib/;
* ``SHA256SUMS.txt``: the SHA-256 of every other file (``sha256sum -c`` reads it);
* ``.deploy-2048.txt``: the same list as tools/deploy.py keeps, so a later
  ``make deploy`` knows these files are the game's.

The zips are deterministic: sorted entries, one fixed timestamp, fixed
permissions, so the same commit gives the same bytes. ``dist/SHA256SUMS.txt``
lists the zips. The version is ``VERSION`` in ``app/__init__.py``, the one
the About page shows; ``--tag v1.2.3`` (the release workflow passes the pushed
tag) stops unless it names that version, and CHANGELOG.md must have a section
for it.

    make release                 # or: python tools/release.py --out dist
"""

import argparse
import ast
import hashlib
import importlib.metadata
import re
import shutil
import sys
import zipfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import bundle as bundler  # noqa: E402
from tools import deploy as deployer  # noqa: E402

#: Every entry's time stamp (zip's own epoch is 1980).
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
README_NAME = "2048-README.txt"
LICENSES_NAME = "LICENSES.txt"
SUMS_NAME = "SHA256SUMS.txt"
#: Board names for the drive text, by Board ID.
BOARD_NAMES = {
    "pybadge": "Adafruit PyBadge, PyBadge LC and EdgeBadge",
    "pygamer": "Adafruit PyGamer",
}


class ReleaseError(Exception):
    """The release cannot be built (the message says why)."""


def read_version(repo=bundler.REPO):
    """``VERSION`` from app/__init__.py, read without importing the app."""
    path = Path(repo) / "app" / "__init__.py"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "VERSION" for t in node.targets):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                return node.value.value
    raise ReleaseError("%s has no VERSION = \"x.y.z\"" % path)


def read_controls(repo=bundler.REPO):
    """``CONTROLS`` from app/help_text.py: (button, what it does) pairs."""
    path = Path(repo) / "app" / "help_text.py"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "CONTROLS" for t in node.targets):
            return tuple(tuple(pair) for pair in ast.literal_eval(node.value))
    raise ReleaseError("%s has no CONTROLS table" % path)


def check_changelog(version, repo=bundler.REPO):
    """Raise unless CHANGELOG.md has a ``## <version>`` section."""
    path = Path(repo) / "CHANGELOG.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise ReleaseError("%s is missing: every release has an entry there" % path) from None
    if not re.search(r"^## \[?%s\]?(\s|$)" % re.escape(version), text, re.MULTILINE):
        raise ReleaseError("CHANGELOG.md has no section '## %s': add what this release changes" % version)


def zip_name(version, line):
    """``2048-1.0.0-circuitpython-10.x.zip``."""
    return "2048-%s-circuitpython-%s.zip" % (version, line)


def _board_list(boards):
    return "; ".join("%s [%s]" % (BOARD_NAMES.get(board, board), board) for board in boards)


def drive_text(version, line, boards, controls):
    """The text file that goes onto the drive with the game."""
    first, after = [(f, a) for name, f, a in bundler.FIRMWARE_LINES if name == line][0]
    firmware = "%d.%d or newer, before %d.0" % (first[0], first[1], after[0])
    width = max(len(button) for button, _ in controls)
    buttons = "\n".join("  %-*s  %s" % (width, button, action) for button, action in controls)
    title = "2048 for CircuitPython, version %s" % version
    return title + "\n" + "=" * len(title) + """

The 2048 sliding-tile puzzle for CircuitPython handhelds, with saves that
survive the power switch, a solver that gives hints or plays by itself, and
help pages on the screen.

Boards (Board ID in brackets):{boards}

Firmware: CircuitPython {line} ({firmware}); get it from
https://circuitpython.org/board/<board id>/ (e.g. .../board/pybadge/).

Buttons
-------
{buttons}

In menus the D-pad moves, A picks and B goes back. Start > Help has these
controls, a strategy page and how the solver works.

Installing and updating
-----------------------
Copy everything in this zip (code.py, app/, engine/, lib/, fonts/ and the
text files) to the top folder of the CIRCUITPY drive, replacing what is
there. The board restarts the game by itself; eject the drive before you
unplug it. A code.py or library of your own with the same name is
overwritten: copy it somewhere first. (From a clone of the game's source,
`make deploy` does the same copy, but checks the firmware and the board and
keeps every file it replaces as NAME.bak-2048.)

To update, do the same with the zip of the newer version. Files of an older
version that the new one no longer has can stay; they are not used.

Saves
-----
The game in progress, the best score, the stats and the settings live in
the board's NVM memory (microcontroller.nvm), not in a file: copying,
updating or deleting files on the drive keeps them. To share the NVM with
another program, settings.toml can move the game's 256 bytes:
GAME2048_NVM_START = 4096 (and GAME2048_NVM_LENGTH = 256).

Menu > Save now writes the game at once; do that before switching off, or
the last few moves may be lost (the game saves by itself, but to spare the
flash it may wait up to a minute).

Files
-----
code.py         starts the game (CircuitPython runs it at power-on)
app/, engine/   the game, compiled to .mpy
boards/         one profile per supported board (buttons, screen, saving)
lib/            the Adafruit libraries it uses (bitmap_font, ticks),
                compiled to .mpy
fonts/          the digits and a text font (misc-fixed, public domain)
{sums}  the SHA-256 of every file here (sha256sum -c {sums})
{licenses}    the licences

Licence
-------
The game is MIT licensed (LICENSES.txt); the Adafruit libraries in lib/ are
MIT licensed by their authors (LICENSES.txt); the fonts are public domain
(fonts/LICENSE-misc-fixed.txt).
""".format(version=version, boards="\n  ".join([""] + _board_list(boards).split("; ")), line=line, firmware=firmware, buttons=buttons,
           sums=SUMS_NAME, licenses=LICENSES_NAME)


def licences_text(repo, bundle):
    """The game's LICENSE, then each shipped library's licence file."""
    parts = ["2048 for CircuitPython (code.py, app/, engine/)\n" + "=" * 47 + "\n\n"
             + (Path(repo) / "LICENSE").read_text(encoding="utf-8")]
    for dist_name, (version, top) in sorted(bundle.libraries.items(), key=lambda item: item[1][1]):
        dist = importlib.metadata.distribution(dist_name)
        files = [f for f in dist.files or () if re.search(r"(^|/)(LICEN[CS]E|COPYING)[^/]*$", str(f), re.I)]
        if not files:
            raise ReleaseError("%s %s ships no licence file to put beside it" % (dist_name, version))
        title = "lib/%s: %s %s" % (top, dist_name, version)
        parts.append(title + "\n" + "=" * len(title) + "\n\n" + Path(dist.locate_file(files[0])).read_text(
            encoding="utf-8", errors="replace"))
    return "\n\n".join(part.rstrip("\n") for part in parts) + "\n"


def _sums(files):
    return "".join("%s  %s\n" % (hashlib.sha256(data).hexdigest(), name) for name, data in sorted(files.items()))


def write_zip(path, files):
    """A deterministic zip of ``files`` ({name: bytes}): sorted, fixed time and modes."""
    with zipfile.ZipFile(path, "w") as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so the modes below mean the same everywhere
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name], compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


def build_release(out, repo=None, tag=None, quiet=False):
    """Write the zips and ``SHA256SUMS.txt`` into ``out``; returns the zip paths."""
    repo = Path(repo) if repo else bundler.REPO
    out = Path(out)
    version = read_version(repo)
    if tag is not None and tag != "v" + version:
        raise ReleaseError("the tag %s does not name this version (app/__init__.py: VERSION = %r, so the tag "
                           "is v%s)" % (tag, version, version))
    check_changelog(version, repo)
    boards = bundler.supported_boards(repo)
    controls = read_controls(repo)
    work = repo / "build" / "release"
    if work.exists():
        shutil.rmtree(work)
    written = []
    try:
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("2048-*-circuitpython-*.zip"):
            old.unlink()
        for line, _, _ in bundler.FIRMWARE_LINES:
            folder = work / line
            bundle, shipped = bundler.build(folder, repo=repo, repo_lib=False, quiet=True)
            files = {name: (folder / name).read_bytes() for name in shipped}
            files[README_NAME] = drive_text(version, line, boards, controls).encode()
            files[LICENSES_NAME] = licences_text(repo, bundle).encode()
            files[SUMS_NAME] = _sums(files).encode()
            files[deployer.MANIFEST] = deployer.manifest_text(
                {name: deployer.sha256(data) for name, data in files.items()}).encode()
            path = out / zip_name(version, line)
            write_zip(path, files)
            written.append(path)
            if not quiet:
                size = sum(len(data) for data in files.values())
                print("wrote %s: %d files, %s bytes unpacked, %s bytes zipped" % (
                    path, len(files), format(size, ","), format(path.stat().st_size, ",")))
        (out / SUMS_NAME).write_text(_sums({p.name: p.read_bytes() for p in written}))
    except OSError as error:
        raise ReleaseError("cannot write %s: %s" % (error.filename or out, error.strerror or error)) from None
    if not quiet:
        print("wrote %s; attach the zips to the release v%s" % (out / SUMS_NAME, version))
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="dist", help="folder for the zips (default dist)")
    parser.add_argument("--tag", help="the git tag being released (v<version>): checked against VERSION")
    args = parser.parse_args(argv)
    try:
        build_release(args.out, tag=args.tag)
    except (ReleaseError, bundler.BundleError) as error:
        print("release: error: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
