# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Start-up never dies for want of memory: a game with less, or one line that says so.

A ``MemoryError`` or an exhausted pystack (``RuntimeError``) anywhere in
code.py's start leaves a game without the solver, then without the
animations too (the About page says so), and when not even that fits,
one line on the console with the console on the screen; never a
traceback. Tried three ways:

* for real, in MicroPython's unix port with a fixed heap
  (tools/measure/heap_floor.py): every heap size from one where everything starts
  down 1 KiB at a time to where code.py itself no longer compiles (make
  test: where the outcome changes and a seeded sample; make test-slow: all);
* for real, in the pystack VM, with pystacks too small for start-up;
* on the desktop (tools/play/world.py), with the fault raised where it happens
  (building the App, painting, the board's hardware): the About page and
  the hint say what the game goes without, and moves are drawn at once.
"""

import sys

import pytest

from tests import sampling
from tests.shared import FAULTS, about_lines, failing, fault_id, vm_root
from tools.measure import heap_floor, ram_budget
from tools.play.simulator import Simulator
from tools.play.world import World
from tools.vm import pystack_vm, unix_vm

NO_ROOM = "2048: not enough memory to start: remove other files from lib/ or update CircuitPython"


def moves_at_once(sim):
    """True if a move that changes the board is drawn at once (no slide)."""
    for direction in ("left", "up", "right", "down"):
        before = list(sim.game.cells)
        sim.down(direction)
        sim.step()
        sim.up(direction)
        if sim.game.cells != before:
            return not sim.app.animation.active
        sim.step()
    raise AssertionError("no direction moved")


# -- on the desktop, the fault injected -------------------------------------


@pytest.mark.parametrize("fault", FAULTS, ids=fault_id)
def test_no_room_for_the_app_with_the_solver_plays_without_it_and_says_so(fault, capsys):
    with failing("app.controller", "App", fault, 1) as left:
        sim = Simulator(seed=1)
    assert left == [0]
    assert capsys.readouterr().out == ""  # the About page says it, below
    assert "engine.solver" not in sys.modules  # let go, and never loaded again
    sim.press("select")
    assert sim.glass.shows("no", "solver")
    assert "engine.solver" not in sys.modules
    assert not moves_at_once(sim)  # the animations are there
    lines = about_lines(sim)
    assert "Low RAM: no solver" in lines and "no animations" not in lines, lines
    moves = sim.game.moves
    sim.press_all(["left", "down", "right", "up"])
    assert sim.game.moves > moves


@pytest.mark.parametrize("fault", FAULTS, ids=fault_id)
def test_no_room_without_the_solver_either_plays_without_animations_too(fault, capsys):
    with failing("app.controller", "App", fault, 2):
        sim = Simulator(seed=2)
    assert capsys.readouterr().out == ""
    assert sim.app.settings.animations  # the player's setting is kept; there is nothing to animate with
    assert moves_at_once(sim)
    sim.press("select")
    assert sim.glass.shows("no", "solver")
    lines = about_lines(sim)
    at = lines.index("Low RAM: no solver,")
    assert lines[at + 1] == "no animations", lines


def test_a_full_start_says_nothing_of_memory(capsys):
    sim = Simulator(seed=3)
    assert capsys.readouterr().out == ""
    assert not any(line.startswith("Low RAM") for line in about_lines(sim))
    assert not moves_at_once(sim)


@pytest.mark.parametrize(
    "module_name, attribute, fault",
    [
        (module_name, attribute, fault)
        for module_name, attribute in (
            ("app.controller", "App"),  # at every try
            ("app.artwork", "painting"),  # the fonts
            ("boards._common", "shift_register_keys"),  # in the profile's hardware(), before any try
            ("boards", "load"),  # the first thing start() does
        )
        for fault in FAULTS
        # (Any other RuntimeError from the hardware is the hardware's: below.)
        if attribute != "shift_register_keys" or isinstance(fault, MemoryError) or "pystack" in str(fault)
    ],
    ids=str,
)
def test_no_room_for_any_game_says_so_in_one_line_on_the_console_and_shows_it(module_name, attribute, fault, capsys):
    with failing(module_name, attribute, fault, 99):
        world = World("pybadge", seed=4)
    assert world.app is None
    out = capsys.readouterr().out
    assert out.splitlines() == [NO_ROOM], out
    import displayio

    # The console, where print goes, is what the screen shows, and the
    # firmware refreshes it (a game half built had turned that off).
    assert world.display.root_group is displayio.CIRCUITPYTHON_TERMINAL
    assert world.display.auto_refresh


def test_a_runtime_error_from_the_hardware_is_said_as_the_hardware_s(capsys):
    with failing("boards._common", "shift_register_keys", RuntimeError("No pull up found on SDA or SCL"), 99):
        world = World("pybadge", seed=5)
    assert world.app is None
    out = capsys.readouterr().out
    assert out.splitlines() == ["2048: this board's hardware did not start: RuntimeError: No pull up found on SDA or SCL"]


@pytest.mark.parametrize("board_id", ["clue_nrf52840_express", "adafruit_fruit_jam"])
def test_an_app_that_failed_half_built_is_let_go_before_the_next_try(board_id):
    # These boards' control schemes (and the CLUE's tilt keys) are the
    # profile's, made once; an App that failed after it had hooked itself
    # to them must not stay alive in them while the next one is built.
    import gc

    live = []
    # Apps of earlier tests may still be alive (a fixture's, a failed
    # test's traceback): only the ones this start-up makes are counted.
    gc.collect()
    earlier = {id(thing) for thing in gc.get_objects() if type(thing).__name__ == "App"}

    def count_apps():
        gc.collect()
        live.append(len([thing for thing in gc.get_objects() if type(thing).__name__ == "App" and id(thing) not in earlier]))

    fault = MemoryError("memory allocation failed")
    # Each App counts the Apps alive as it is called; the first fails in
    # its BoardView, after it has hooked itself to the profile's parts.
    with failing("app.controller", "App", fault, 0, then=count_apps), failing("app.board_view", "BoardView", fault, 1):
        sim = Simulator(seed=6, board=board_id)
    import boards

    if board_id in boards.TABLE_BOARDS:  # the solver's learned table is the first thing let go
        assert not getattr(sim.app.timings, "low_memory", 0)
        assert sim.app.timings.table_status == "heuristic: no room for table"
    else:
        assert sim.app.timings.low_memory == 1  # no solver
    assert live == [0, 0]  # none before the first try, none left of it before the second
    assert sim.app.controls.playing  # the scheme is the new App's to tell
    moves = sim.game.moves
    sim.press_all(["left", "down", "right", "up"])
    assert sim.game.moves > moves


# -- for real: a fixed heap, a small pystack -----------------------------------


@pytest.mark.skipif(not unix_vm.available(), reason="the unix VM is not installed (make test installs it)")
@pytest.mark.parametrize("board_id", ["pybadge", "hack_club_sprig"])
def test_every_heap_from_full_down_to_the_message_starts_a_game_or_says_why(board_id):
    outcomes = _surveyed(board_id)
    table = "\n".join("%d KiB: %s %s" % (o.heap // 1024, o.kind, o.detail) for o in outcomes)
    assert outcomes[0].kind == heap_floor.FULL, table
    broken = [outcome for outcome in outcomes if outcome.kind == heap_floor.BROKEN]
    assert not broken, table
    told = [index for index, outcome in enumerate(outcomes) if outcome.kind == heap_floor.MESSAGE]
    assert told, table
    floor = told[-1]  # the smallest heap that shows the message
    # Down to the message's own size, a game or the message; below it,
    # code.py itself does not compile (the firmware's own error, before
    # any line of the game runs).
    assert all(outcome.plays or outcome.kind == heap_floor.MESSAGE for outcome in outcomes[: floor + 1]), table
    assert all(outcome.kind == heap_floor.NOTHING for outcome in outcomes[floor + 1 :]), table
    assert len(outcomes) > floor + 1, table  # the survey went below it
    # Between "everything" and "the message" there are games with less:
    # without the solver at least. Without the animations too is a band
    # a few hundred bytes wide at most, or none, that moves with every
    # module's size (on the PyBadge it was there, a KiB wide, and then
    # gone with 64 bytes of code elsewhere): the tests above reach that
    # try by the fault, whatever the heap.
    kinds = [outcome.kind for outcome in outcomes]
    assert "low memory: no solver" in kinds, table
    smallest = min((outcome for outcome in outcomes if outcome.plays), key=lambda outcome: outcome.heap)
    full = min((outcome for outcome in outcomes if outcome.kind == heap_floor.FULL), key=lambda outcome: outcome.heap)
    assert full.heap - smallest.heap >= 8 * 1024, table
    # The tries with less never fail where a start with a KiB less memory
    # plays: what a failed try leaves on the heap must not leave the next
    # one worse off than a smaller heap (the Sprig showed the message at 223
    # and 222 KiB, and played at 221). Within a KiB of the smallest start
    # the outcome turns on where a failed try's pieces fell, which any
    # change of any module's size moves (with the colour settings' code,
    # the Sprig refused at 232 KiB and played at 231): that KiB is let be.
    assert heap_floor.refused_above_a_start(outcomes, heap_floor.KIB) == [], table


def _surveyed(board_id):
    """heap_floor.survey(board_id)'s outcomes, largest heap first: every
    heap under --slow (some 120 a board); make test the heaps where the
    outcome changes, found by searching from the figures measured last
    (heap_floor.SEEN: the smallest full start, the smallest that plays, the
    smallest where code.py compiles), the edges of the walk, every heap
    the searches ran, and a seeded sample between (tests/sampling.py)."""
    if sampling.SLOW:
        return heap_floor.survey(board_id)
    kib = heap_floor.KIB
    with heap_floor.Survey(board_id) as runs:
        top = runs.smallest_full()
        assert top is not None, "the game does not start in a 1 MiB heap"
        _, plays_seen, compiles_seen = heap_floor.seen(board_id)
        plays = ram_budget.smallest(lambda heap: runs.run(heap).plays, 8 * kib, top, kib, plays_seen)
        compiles = ram_budget.smallest(lambda heap: runs.run(heap).kind != heap_floor.NOTHING, 8 * kib, plays, kib, compiles_seen)
        # survey()'s walk: from 2 KiB above the smallest full start down to
        # the first heap where code.py does not compile, and two below it;
        # most of the sample where a game starts with less.
        games = range(top + 2 * kib, plays - kib, -kib)
        message = range(plays - kib, compiles - 4 * kib, -kib)
        edges = {top + 2 * kib, top + kib, top, top - kib, plays, plays - kib, compiles, compiles - kib, message[-1]}
        edges |= set(runs.outcomes)
        chosen = sampling.cases("start-up heaps, games, " + board_id, games, 10, always=edges)
        chosen += sampling.cases("start-up heaps, the message, " + board_id, message, 4, always=edges)
        runs.runs(chosen)
        return [runs.outcomes[heap] for heap in chosen]


@pytest.fixture(scope="module")
def root():
    with vm_root(ram_budget.build_root) as folder:
        yield folder


_PYSTACK_DRIVER = """
import fakeworld, fakeplayer
fakeworld.reset(%(board)r)
inputs = fakeplayer.script(%(actions)r)
fakeworld.reset(%(board)r, nvm_image=bytes.fromhex(%(image)r), idle_frames=10, **inputs)
inputs = None
import code
code.FONT_DIR = '/fonts'
try:
    code.main()
except KeyboardInterrupt:
    pass
shown = fakeworld.display.root_group
cells = None
for layer in getattr(shown, '_items', ()):
    members = getattr(layer, '_items', None)
    if members is not None and len(members) == 16:
        cells = [tile[0] for tile in members]
print('SHOWN', cells, fakeworld.display.auto_refresh)
"""


@pytest.mark.skipif(not pystack_vm.available(), reason="the pystack VM is not installed (make test installs it)")
def test_a_pystack_too_small_for_start_up_gets_the_message_never_a_traceback(root):
    from tools import ROOT

    board = "pybadge"
    program = _PYSTACK_DRIVER % {
        "board": board,
        "actions": [("tap", button) for button, _ in heap_floor.MOVES],
        "image": ram_budget.board_image(board).hex(),
    }
    expected = "SHOWN %s False" % heap_floor.expected_cells(board)
    seen = {}
    # From CircuitPython 10's pystack down to about where the test's own
    # set-up (fakeplayer) needs more than there is, every 64 B under
    # --slow; make test both firmwares' sizes, the target, the smallest
    # and a seeded sample between (tests/sampling.py).
    every = range(pystack_vm.PYSTACK_CP10, 447, -64)
    always = (pystack_vm.PYSTACK_CP10, pystack_vm.PYSTACK_CP9, ram_budget.PYSTACK_TARGET, every[-1])
    sizes = sampling.cases("start-up pystacks", every, 4, always=always)
    results = pystack_vm.run_each([([program], size) for size in sizes], root, mounts=[("/fonts", ROOT / "fonts")], check=False)
    for size, result in zip(sizes, results):
        if result.error is not None:
            raise AssertionError("%d B of pystack: %s" % (size, result.error))
        out = result.stdout
        lines = [line for line in out.splitlines() if line.startswith(("2048:", "SHOWN"))]
        if lines == [expected]:
            seen[size] = "plays"
        elif lines == [NO_ROOM, "SHOWN None True"]:
            seen[size] = "message"
        else:
            raise AssertionError("%d B of pystack: %s" % (size, out[-2000:]))
    assert seen[pystack_vm.PYSTACK_CP10] == "plays" and seen[pystack_vm.PYSTACK_CP9] == "plays", seen
    assert seen[min(seen)] == "message", seen
