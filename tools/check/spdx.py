# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Check or add the SPDX licence header at the top of every source file.

The header, as Adafruit's CircuitPython libraries write it::

    # SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
    #
    # SPDX-License-Identifier: MIT

Source files are the repository's Python files, its Makefile, shell scripts
(``.ci/run``, ``*.sh``) and YAML files (the workflows): those git tracks, or,
outside a git checkout, those found under the root (never ``.venv*``,
``build``, ``dist`` or the generated ``lib/``). The header goes first, after
a ``#!`` line if the file has one. The fonts keep their own licence, recorded
beside them (``fonts/LICENSE-misc-fixed.txt``).

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
SUFFIXES = (".py", ".sh", ".yml", ".yaml")
NAMES = ("Makefile", "run")
SKIP_DIRS = {".git", "build", "dist", "lib", "__pycache__", ".pytest_cache", ".hypothesis"}


def is_source(relative):
    """True for a path (POSIX, relative to the root) the header belongs in."""
    parts = relative.split("/")
    if any(part in SKIP_DIRS or part.startswith(".venv") for part in parts[:-1]):
        return False
    name = parts[-1]
    if name == "run":
        return parts[:-1] == [".ci"]
    return name.endswith(SUFFIXES) or name in NAMES


def source_files(root=ROOT):
    """The source files under ``root``, sorted (git's list when there is one)."""
    root = Path(root)
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
        names = [n for n in listed.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()]
    return sorted(root / n for n in names if is_source(n) and (root / n).is_file())


def has_header(text):
    """True when the first lines carry an SPDX licence identifier and copyright."""
    top = text.splitlines()[:WITHIN_LINES]

    # A comment line of its own (# or, in JavaScript, //): not the words
    # quoted in a docstring.
    def said(tag):
        return any(line.startswith(("# " + tag, "// " + tag)) for line in top)

    return said("SPDX-License-Identifier:") and said("SPDX-FileCopyrightText:")


def with_header(text):
    """``text`` with the header added at the top (after a ``#!`` line)."""
    if has_header(text):
        return text
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + HEADER + ("\n" + rest if rest.strip() else "")
    return HEADER + ("\n" + text if text.strip() else "")


def missing(root=ROOT):
    """Source files without the header."""
    return [p for p in source_files(root) if not has_header(p.read_text(encoding="utf-8"))]


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
            path.write_text(with_header(path.read_text(encoding="utf-8")), encoding="utf-8")
            print("added: %s" % path.relative_to(root))
        print("%d files given the header" % len(lacking))
        return 0
    for path in lacking:
        print("no SPDX header: %s" % path.relative_to(root))
    print("%d source files, %d without the header" % (len(source_files(root)), len(lacking)))
    return 1 if lacking else 0


if __name__ == "__main__":
    sys.exit(main())
