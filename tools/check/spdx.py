# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Check or add the SPDX licence header at the top of every source file.

The header, as Adafruit's CircuitPython libraries write it::

    # SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
    #
    # SPDX-License-Identifier: MIT

Source files are the repository's Python files, its Makefile, shell scripts
(``.ci/run``, ``*.sh``), YAML files (the workflows) and C files (the
trainer, with ``//`` comments): those git tracks, or, outside a git
checkout, those found under the root (never ``.venv*``, ``build``,
``dist`` or the generated ``lib/``). The header goes first, after a ``#!``
line if the file has one. A data file of the project's own (the solver's
learned table, ``*.tbl``) cannot hold a comment: its header is in a
sidecar file beside it, ``<name>.license``, the REUSE way. The fonts keep
their own licence, recorded beside them (``fonts/LICENSE-misc-fixed.txt``).

    python -m tools.check.spdx --check     # list files without one (exit 1 if any)
    python -m tools.check.spdx --fix       # add it where it is missing
"""

import subprocess
import sys
from pathlib import Path

from tools import ROOT, ArgumentParser

HOLDER = "2026 2048 for CircuitPython contributors"
LICENSE = "MIT"
HEADER = "# SPDX-FileCopyrightText: %s\n#\n# SPDX-License-Identifier: %s\n" % (HOLDER, LICENSE)
#: Lines from the top where a header still counts.
WITHIN_LINES = 8
SUFFIXES = (".py", ".sh", ".yml", ".yaml", ".c")
NAMES = ("Makefile", "run")
#: Data files of our own whose header is in a ``.license`` sidecar.
DATA_SUFFIXES = (".tbl",)
SIDECAR = ".license"
SKIP_DIRS = {".git", "build", "dist", "lib", "__pycache__", ".pytest_cache", ".hypothesis"}


def _kept(relative):
    # Not under a folder the check leaves alone.
    parts = relative.split("/")
    return not any(part in SKIP_DIRS or part.startswith(".venv") for part in parts[:-1])


def is_source(relative):
    """True for a path (POSIX, relative to the root) the header belongs in."""
    if not _kept(relative):
        return False
    parts = relative.split("/")
    name = parts[-1]
    if name == "run":
        return parts[:-1] == [".ci"]
    return name.endswith(SUFFIXES) or name in NAMES


def is_data(relative):
    """True for a data file whose header goes in its ``.license`` sidecar."""
    return _kept(relative) and relative.endswith(DATA_SUFFIXES)


def _names(root):
    # The files under ``root`` (git's list when there is one), POSIX, relative.
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
        return [n for n in listed.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        return [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()]


def source_files(root=ROOT):
    """The source files under ``root``, sorted (git's list when there is one)."""
    root = Path(root)
    return sorted(root / n for n in _names(root) if is_source(n) and (root / n).is_file())


def data_files(root=ROOT):
    """The data files under ``root`` whose header is in a sidecar, sorted."""
    root = Path(root)
    return sorted(root / n for n in _names(root) if is_data(n) and (root / n).is_file())


def has_header(text):
    """True when the first lines carry an SPDX licence identifier and copyright."""
    top = text.splitlines()[:WITHIN_LINES]

    # A comment line of its own (# or, in JavaScript, //): not the words
    # quoted in a docstring.
    def said(tag):
        return any(line.startswith(("# " + tag, "// " + tag)) for line in top)

    return said("SPDX-License-Identifier:") and said("SPDX-FileCopyrightText:")


def header(comment="#"):
    """The header with ``comment`` starting each line (``#``, or C's ``//``)."""
    return HEADER.replace("#", comment)


def with_header(text, comment="#"):
    """``text`` with the header added at the top (after a ``#!`` line), its
    lines starting with ``comment``."""
    if has_header(text):
        return text
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + header(comment) + ("\n" + rest if rest.strip() else "")
    return header(comment) + ("\n" + text if text.strip() else "")


def sidecar(path):
    """The ``.license`` file beside a data file."""
    return path.with_name(path.name + SIDECAR)


#: A sidecar's text: the header's lines as REUSE writes them, no comment marks.
SIDECAR_TEXT = "SPDX-FileCopyrightText: %s\n\nSPDX-License-Identifier: %s\n" % (HOLDER, LICENSE)


def sidecar_ok(text):
    """True when a sidecar's lines carry the licence identifier and the copyright."""
    lines = text.splitlines()
    return any(line.startswith("SPDX-License-Identifier: ") for line in lines) and any(
        line.startswith("SPDX-FileCopyrightText: ") for line in lines
    )


def missing(root=ROOT):
    """Source files without the header, and data files without a sidecar holding it."""
    lacking = [p for p in source_files(root) if not has_header(p.read_text(encoding="utf-8"))]
    for path in data_files(root):
        licence = sidecar(path)
        if not licence.is_file() or not sidecar_ok(licence.read_text(encoding="utf-8")):
            lacking.append(path)
    return sorted(lacking)


def fix(path):
    """Give ``path`` the header: at its top, or in its sidecar for a data file."""
    if path.name.endswith(DATA_SUFFIXES):
        sidecar(path).write_text(SIDECAR_TEXT, encoding="utf-8")
        return
    comment = "//" if path.suffix == ".c" else "#"
    path.write_text(with_header(path.read_text(encoding="utf-8"), comment), encoding="utf-8")


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--check", action="store_true", help="list files without the header")
    group.add_argument("--fix", action="store_true", help="add the header where it is missing")
    parser.add_argument("--root", default=str(ROOT), help="the repository (default: this one)")
    args = parser.parse_args(argv)
    root = Path(args.root)
    lacking = missing(root)
    if args.fix:
        for path in lacking:
            fix(path)
            print("added: %s" % path.relative_to(root))
        print("%d files given the header" % len(lacking))
        return 0
    for path in lacking:
        print("no SPDX header: %s%s" % (path.relative_to(root), " (in its %s sidecar)" % SIDECAR if is_data(path.name) else ""))
    print(
        "%d source files and %d data files, %d without the header"
        % (len(source_files(root)), len(data_files(root)), len(lacking))
    )
    return 1 if lacking else 0


if __name__ == "__main__":
    sys.exit(main())
