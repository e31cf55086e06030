# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The deploy manifest: which files on a CIRCUITPY drive are the game's, by their bytes.

``.deploy-2048.txt`` on the drive lists every file the game put there, one
``sha256  path`` a line (older deploys wrote bare paths: an entry without a
hash). tools/ship/deploy.py writes it after each deploy and reads it to know
its own files from the player's; tools/ship/release.py puts the same list in
the release zip, so a later deploy onto a drive unpacked from the zip knows
those files too.
"""

import hashlib
import re
from pathlib import Path

#: On the drive: the files the last deploy wrote, one "sha256  path" a line.
MANIFEST = ".deploy-2048.txt"
MANIFEST_HEADER = "# Written by tools/ship/deploy.py of 2048 for CircuitPython: the files it copied (SHA-256, path).\n"

_SHA256 = re.compile(r"[0-9a-f]{64}")


def sha256(data):
    """Hex SHA-256 of ``data`` (bytes)."""
    return hashlib.sha256(data).hexdigest()


def manifest_text(entries):
    """Text of a manifest from {board path: sha256 or None (no hash)}."""
    lines = [MANIFEST_HEADER]
    for path in sorted(entries):
        lines.append("%s  %s\n" % (entries[path] or "-", path))
    return "".join(lines)


def safe_path(path):
    """True for a board path inside the drive (no "..", not absolute, no backslash)."""
    return bool(path) and ".." not in path.split("/") and not path.startswith("/") and "\\" not in path


def entry_lines(path):
    """The entry lines of a text file of the tool's (comments and blank lines
    left out); an unreadable one counts as empty, which makes the manifest's
    files the player's: backed up, never lost."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return []
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def read_manifest(dest):
    """{board path: sha256 or None} of the files an earlier deploy wrote.

    None marks an entry without a hash (older versions wrote bare paths): it
    proves nothing about the file, so tools.ship.deploy.plan_deploy treats
    that file as the player's unless it holds what the deploy would write.
    """
    entries = {}
    for line in entry_lines(Path(dest) / MANIFEST):
        digest, gap, path = line.partition("  ")
        if not gap:  # the oldest format: one path a line
            digest, path = "-", line
        path = path.strip()
        if safe_path(path):
            entries[path] = digest if _SHA256.fullmatch(digest) else None
    return entries
