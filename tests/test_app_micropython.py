# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The app on real MicroPython VMs: no allocation while playing, and a quick start.

Allocation: the pystack VM (32-bit objects, frames on a pystack as on the
board), booted through code.py from the board's .mpy files on the fake
hardware of tools/firmware/standins/. Time: the fuel VM (tools/measure/app_bench.py), whose
counts are deterministic.
"""

import pytest

from tests.shared import result, vm_root
from tools.measure import app_bench, ram_budget
from tools.vm import pystack_vm

# After start-up: a warm-up, then the measured part of each case; the
# heap grows by what it allocates (a collection first; none inside).
# The key presses are queued before the measured part (on the board the
# keypad scanner makes them, in C): _count frames then play them.
_TAPS = "fakeplayer.schedule(_app, [('tap', ('left', 'down', 'right', 'down')[k % 4]) for k in range(12)])"
_CASES = {
    "(nothing)": ("_warm = 1\n_count = 1", "pass"),
    "moves, animations off": (
        "_app.settings.animations = False\n_warm = 0\n_count = 12 * 5 + 20\n" + _TAPS,
        "_app.step()",
    ),
    "moves, animations on": (
        "_app.settings.animations = True\n_warm = 0\n_count = 12 * 5 + 20\n" + _TAPS,
        "_app.step()",
    ),
    # Settings > Undo at 5: moves, then the undo button (B) taken back
    # and made again, an undo with none left ("no undo") among them.
    "moves and undos, undo 5 moves": (
        "_app.settings.animations = False\n_app.settings.data[8] = 2\n_app._apply_settings()\n_warm = 0\n"
        "_count = 12 * 5 + 20\nfakeplayer.schedule(_app, [('tap', ('left', 'down', 'b', 'right', 'b', 'b')[k % 6]) "
        "for k in range(12)])",
        "_app.step()",
    ),
    # Saved first: a save allocates its record, and is not an idle frame's.
    "idle frames": ("_app.saving.save(fakeworld.now)\n_warm = 10\n_count = 300", "_app.step()"),
    # Brightness "auto" reads the light sensor too, and moves the frame
    # schedule with each reading; its first level comes after 4 s (warm).
    "idle frames, brightness auto": (
        "_app.settings.auto_brightness = True\n_app._apply_settings()\n_app.saving.save(fakeworld.now)\n"
        "_warm = 300\n_count = 300",
        "_app.step()",
    ),
    # Text with letters past ASCII (found by a search of app.text.EXTRAS),
    # a new line each time: the cells change, nothing is allocated (each
    # character is interned once, in the warm-up).
    "Romanian and Czech text written": (
        "_texts = ('Ieșire: ăâîșț ĂÂÎȘȚ „ok”', 'Čeština: řůžýáíé ŘŮŽ – 2°')\n_warm = 2\n_count = 20",
        "_app.overlay.body.line(0, _texts[i & 1])\n_app.overlay.body.write(1, 0, _texts[(i + 1) & 1])",
    ),
    "solver decisions": (
        "from engine import solver\n_search = solver.search(3)\n_warm = 2\n_count = 12",
        "_search.best_move(_app.game.cells, solver.DEVICE)",
    ),
}


def _allocations(root):
    steps = ram_budget._program("pybadge", [])[:-2]
    # Every name the measuring steps use exists before the first of them.
    steps.append(
        "_results = {}\n_start = _end = _moves = _undos = 0\n" + "".join("_results[%r] = None\n" % name for name in _CASES)
    )
    # The first frames draw what is drawn once (the battery's level, read
    # in the first frame): before any case.
    steps.append("for _ in range(3):\n    _app.step()")
    for name, (setup, body) in _CASES.items():
        indented = "\n".join("        " + line for line in body.splitlines())
        steps += [
            setup + "\ndef _case(n):\n    for i in range(n):\n" + indented,
            "_case(_warm)",
            "gc.collect()",
            "_start = gc.mem_alloc()\n_moves = _app.game.stats.moves\n_undos = _app.game.stats.undos",
            "_case(_count)\n_end = gc.mem_alloc()",
            "_results[%r] = [_end - _start, _app.game.stats.moves - _moves, _app.game.stats.undos - _undos]" % name,
        ]
    steps.append("print('RESULTS', json.dumps(_results))")
    text = pystack_vm.run(steps, root=root, mounts=[("/fonts", ram_budget.FONTS)]).stdout
    return result(text, "RESULTS")


@pytest.fixture(scope="module")
def allocations():
    with vm_root(ram_budget.build_root) as root:
        yield _allocations(root)


@pytest.mark.parametrize("case", sorted(name for name in _CASES if not name.startswith("(")))
def test_playing_allocates_nothing(allocations, case):
    allocated, moves, undos = allocations[case]
    # What the measuring snippet itself costs is subtracted.
    assert allocated - allocations["(nothing)"][0] == 0, case
    if case.startswith("moves"):
        assert moves >= (4 if "undo" in case else 8)  # the moves were really made
    if "undo" in case:
        assert undos >= 4  # and taken back


def test_a_move_that_allocates_is_seen():
    # The same measurement sees an allocation when there is one.
    with vm_root(ram_budget.build_root) as root:
        steps = ram_budget._program("pybadge", [])[:-2] + [
            "_keep = []\ndef _case(n):\n    for i in range(n):\n        _keep.append(bytearray(100))",
            "gc.collect()",
            "_start = gc.mem_alloc()",
            "_case(10)\n_end = gc.mem_alloc()",
            "print('GROWTH', _end - _start)",
        ]
        text = pystack_vm.run(steps, root=root, mounts=[("/fonts", ram_budget.FONTS)]).stdout
    growth = result(text, "GROWTH")
    assert growth >= 10 * (16 + 112)


def test_start_up_fits_the_time_target_in_the_fuel_vm():
    with vm_root(app_bench.build_root) as root:
        boot = app_bench.boot_fuel(root)
    # The stand-ins' C-like work was metered and is left out; it was a
    # large part of the run (the drawing), which shows the metering works.
    assert boot["calls"] > 100 and boot["metered"] > boot["board"] / 4
    board = boot["board"] + boot["imports"] * (app_bench.MPY_LOAD_FACTOR - 1)
    assert board <= app_bench.BOOT_SECONDS_TARGET * app_bench.FUEL_PER_SECOND_CONSERVATIVE


def _freed_by_release(root, emptied):
    # Boot the PyBadge's game, hold engine.solver as a stale word would (the
    # collector is conservative: one word that looks like a pointer keeps
    # a block), then let the solver go as the menu does: the bytes that
    # one collection frees.
    steps = ram_budget._program("pybadge", [])[:-2] + [
        "import sys\n_held = sys.modules['engine.solver']",
        "import app.assist\nif not %r:\n    app.assist._empty = lambda *names: None" % emptied,
        "gc.collect()",
        "_start = gc.mem_alloc()",
        "_app.assist.release()",
        "gc.collect()",
        "print('FREED', _start - gc.mem_alloc())",
    ]
    text = pystack_vm.run(steps, root=root, mounts=[("/fonts", ram_budget.FONTS)]).stdout
    return result(text, "FREED")


def test_letting_the_solver_go_frees_it_whatever_still_points_at_its_module():
    # Assist.release empties engine.solver's globals before forgetting it:
    # its tables (4 KB), buffers and functions go even while something
    # still points at the module. Forgetting alone frees next to nothing then.
    with vm_root(ram_budget.build_root) as root:
        emptied = _freed_by_release(root, True)
        forgotten = _freed_by_release(root, False)
    assert emptied >= 8 * 1024, emptied
    assert forgotten < 1024, forgotten
