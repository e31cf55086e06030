# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The solver's learned table: read, checked, added up exactly, used where it fits, let go when it does not."""

import random
import struct

import pytest

from engine import learned, rules, solver
from tests.shared import about_lines, failing
from tests.tiles import SAMPLE, board, legal_moves, random_boards


def symmetric(s, cell):
    """``cell`` (row-major) under the s-th of the square's eight symmetries
    (the order of tools/train/ntuple.c: four rotations, then reflections)."""
    row, column = divmod(cell, 4)
    rows = (row, column, 3 - row, 3 - column, row, column, 3 - row, 3 - column)
    columns = (column, 3 - row, 3 - column, row, 3 - column, row, column, 3 - row)
    return rows[s] * 4 + columns[s]


def plain_value(cells, tables):
    """A board's value by the table, spelled out: every shape in each of its
    eight placements, its three cells' exponents as the index, less the
    bias of the stored bytes (128 a weight)."""
    total = 0
    for shape, weights in zip(learned.TUPLES, tables):
        for s in range(8):
            first, second, third = (cells[symmetric(s, cell)] for cell in shape)
            total += weights[first << 8 | second << 4 | third] - 128
    return total


def table_file(path, seed=1, spread=60, tamper=None):
    """Write a table of random weights (|weight| <= spread) with a valid
    header to ``path``; ``tamper(bytearray)`` may damage it first. Returns
    the five shapes' weights as stored (bytes, 128 added)."""
    generator = random.Random(seed)
    shapes = [bytes(128 + generator.randint(-spread, spread) for _ in range(learned.SIZE)) for _ in learned.TUPLES]
    header = bytearray(learned.HEADER)
    header[0:6] = learned.MAGIC
    header[6:12] = bytes((learned.VERSION, len(learned.TUPLES), 3, 4, 1, 8))
    header[12:27] = bytes(cell for shape in learned.TUPLES for cell in shape)
    header[27] = learned.TOP
    for index, weights in enumerate(shapes):
        struct.pack_into("<I", header, 28 + 4 * index, sum(weights))
    data = bytearray(header + b"".join(shapes))
    if tamper is not None:
        tamper(data)
    path.write_bytes(bytes(data))
    return shapes


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A random table loaded as the solver's (put back as it was afterwards)."""
    monkeypatch.setattr(solver, "_learned", learned)
    monkeypatch.setattr(learned, "tables", None)
    monkeypatch.setattr(learned, "status", learned.MISSING)
    path = tmp_path / "learned.tbl"
    shapes = table_file(path)
    monkeypatch.setattr(learned, "_path", lambda: str(path))
    assert learned.load() == learned.IN_USE
    yield shapes
    solver._TABLES.clear()


# Boards whose largest tile is at most learned.LAST (2048): the table scores them.
def small_boards(count, seed):
    return [[min(exponent, learned.LAST) for exponent in cells] for cells in random_boards(count, seed)]


def test_the_search_adds_up_the_table_exactly_as_the_plain_sum(table):
    # One move ahead the search picks the move whose board the table
    # values most, with exactly that value: this checks the 40 placements
    # written out in the search against the shapes and symmetries.
    effort = solver.Effort(max_nodes=100, max_depth=1, table_nodes=100)
    checked = 0
    for cells in SAMPLE[:5] + small_boards(300, 2):
        best_value, best_direction = None, -1
        for direction in legal_moves(cells):
            after = list(cells)
            rules.slide(after, direction)
            value = plain_value(after, table)
            if best_value is None or value > best_value:
                best_value, best_direction = value, direction
        assert solver.best_move(cells, effort) == best_direction
        if best_direction >= 0:
            assert solver.search().table is not None
            assert solver.search().value == best_value
            checked += 1
    assert checked > 250


def expectimax(cells, depth, effort, tables, level=0, chance=solver._CERTAIN):
    """tests/test_solver.py's plain expectimax, the table scoring the leaves."""
    best = solver._DEAD
    for direction in legal_moves(cells):
        after = list(cells)
        rules.slide(after, direction)
        if level + 1 < depth and chance >= effort.min_probability:
            empty = [index for index, exponent in enumerate(after) if not exponent]
            if level and effort.sample_cells and len(empty) > effort.sample_cells:
                empty = empty[:: len(empty) // effort.sample_cells][: effort.sample_cells]
            total = 0
            for cell in empty:
                values = []
                for tile, weight in ((1, 9), (2, 1)):
                    probability = chance * weight // (10 * len(empty))
                    if tile == 2 and probability < effort.four_probability:
                        values.append(values[0])
                        break
                    child = list(after)
                    child[cell] = tile
                    values.append(expectimax(child, depth, effort, tables, level + 1, probability))
                total += 9 * values[0] + values[1]
            value = total // (10 * len(empty))
        else:
            value = plain_value(after, tables)
        best = max(best, value)
    return best


@pytest.mark.parametrize("depth, sample_cells", [(2, 0), (3, 2)])
def test_the_search_value_is_the_plain_expectimax_with_the_table(table, depth, sample_cells):
    effort = solver.Effort(max_nodes=10, max_depth=depth, sample_cells=sample_cells, table_nodes=10**7)
    for cells in SAMPLE[2:5] + small_boards(6, 20 + depth):
        if not rules.can_move(cells):
            continue
        solver.best_move(cells, effort)
        assert solver.search().depth == depth and solver.search().table is not None
        assert solver.search().value == expectimax(cells, depth, effort, table), cells


def test_the_table_gets_its_own_node_budget(table):
    effort = solver.Effort(max_nodes=40, max_depth=3, sample_cells=2, refine=2, table_nodes=300)
    for cells in SAMPLE[2:5]:
        solver.best_move(cells, effort)
        assert solver.search().table is not None and 40 < solver.search().nodes <= 300
    # Without a budget for it (the desktop's effort) the table is not used.
    solver.best_move(SAMPLE[3], solver.Effort(max_nodes=300, max_depth=3))
    assert solver.search().table is None


def test_past_its_tiles_the_table_is_let_go_and_read_back_for_the_next_game(table):
    effort = solver.Effort(max_nodes=200, max_depth=3, sample_cells=2, refine=2, table_nodes=200)
    small = board("512 256 128 64", "16 32 8 4", "8 4 2 4", "2 . 2 8")
    fits = board("2048 1024 512 256", "16 32 64 128", "8 4 2 4", "2 . 2 8")  # learned.LAST
    big = board("4096 1024 512 256", "16 32 64 128", "8 4 2 4", "2 . 2 8")  # past it
    solver.best_move(small, effort)
    solver.best_move(fits, effort)
    assert solver.search().table is not None and learned.status == learned.IN_USE
    solver.best_move(big, effort)
    assert solver.search().table is None and solver.search().nodes <= 200
    assert learned.tables is None and learned.status == learned.PAUSED == solver.table_status()
    assert solver._TABLES  # the heuristic's tables, built for that search
    assert solver.best_move(big, effort) in legal_moves(big)
    # A new game: the heuristic's tables go, the table comes back, the same weights.
    solver.best_move(small, effort)
    assert solver.search().table is not None and learned.status == learned.IN_USE
    assert not solver._TABLES
    assert [bytes(weights) for weights in learned.tables] == table


def test_a_search_that_could_outgrow_the_table_keeps_to_its_indices(table):
    # Each move adds at most 1 to the largest exponent: a 3-move search
    # from a 2048 (11) sees at most a 16384 (14), within the table's 4-bit
    # cells, even on a board that merges up at every move.
    assert learned.LAST + 3 <= learned.TOP
    crowded = board("2048 2048 1024 1024", "512 512 256 256", "128 128 64 64", "32 32 16 .")
    effort = solver.Effort(max_nodes=10, max_depth=3, table_nodes=10**6)
    assert solver.best_move(crowded, effort) in legal_moves(crowded)
    assert solver.search().table is not None and solver.search().depth == 3


# --- Reading the file -----------------------------------------------------------


@pytest.fixture
def fresh(monkeypatch):
    """engine.learned as before any load (put back afterwards)."""
    monkeypatch.setattr(learned, "tables", None)
    monkeypatch.setattr(learned, "status", learned.MISSING)


def _flip(at):
    def tamper(data):
        data[at] ^= 0x10

    return tamper


@pytest.mark.parametrize(
    "tamper",
    [
        _flip(0),  # the magic
        _flip(6),  # the version
        _flip(12),  # a shape's cell
        _flip(27),  # the tiles it holds
        _flip(30),  # a shape's sum
        _flip(learned.HEADER + 5),  # a weight of the first shape
        _flip(learned.HEADER + 5 * learned.SIZE - 1),  # the last weight
        lambda data: data.__delitem__(slice(len(data) - 1, None)),  # one byte short
        lambda data: data.extend(b"\0"),  # one byte too many
        lambda data: data.__delitem__(slice(learned.HEADER // 2, None)),  # cut in the header
    ],
    ids=["magic", "version", "shape", "top", "sum", "first weight", "last weight", "short", "long", "cut header"],
)
def test_a_damaged_file_leaves_the_heuristic_and_says_so(tmp_path, fresh, tamper):
    path = tmp_path / "learned.tbl"
    table_file(path, tamper=tamper)
    assert learned.load(str(path)) == learned.DAMAGED == learned.status
    assert learned.tables is None


def test_a_missing_file_and_a_full_heap_leave_the_heuristic_and_say_so(tmp_path, fresh, monkeypatch):
    assert learned.load(str(tmp_path / "nothing.tbl")) == learned.MISSING
    path = tmp_path / "learned.tbl"
    table_file(path)
    made = []

    def short_of_memory(size):
        if made:
            raise MemoryError("memory allocation failed, allocating %d bytes" % size)
        made.append(size)
        return bytearray(size)

    monkeypatch.setattr(learned, "bytearray", short_of_memory, raising=False)
    assert learned.load(str(path)) == solver.TABLE_NO_ROOM
    assert learned.tables is None


def test_a_read_error_leaves_the_heuristic(tmp_path, fresh, monkeypatch):
    path = tmp_path / "learned.tbl"
    table_file(path)
    real_open = open

    class Failing:
        def __init__(self, stream):
            self.stream = stream

        def read(self, size):
            return self.stream.read(size)

        def readinto(self, buffer):
            raise OSError(5, "Input/output error")

        def close(self):
            self.stream.close()

    monkeypatch.setattr(learned, "open", lambda name, mode: Failing(real_open(name, mode)), raising=False)
    assert learned.load(str(path)) == learned.DAMAGED
    assert learned.tables is None


def test_the_shipped_table_loads(fresh):
    assert learned.load() == learned.IN_USE
    assert [len(weights) for weights in learned.tables] == [learned.SIZE] * len(learned.TUPLES)


def test_the_assist_brings_the_table_back_in_the_states_that_had_it():
    from app.assist import TABLE_WANTED

    assert set(TABLE_WANTED) == {learned.IN_USE, learned.PAUSED}


# --- On MicroPython (tools.vm.fuel_vm), with the shipped table ------------------

MP_PROGRAM = """
import micropython
from engine import solver
print(solver.prepare(table=True))
boards = %r
solver.best_move(boards[0], solver.DEVICE)
def measure():
    # In a function: new module globals would count as the solver's allocation.
    for cells in boards:
        before = micropython.mem_total()
        move = solver.best_move(cells, solver.DEVICE)
        allocated = micropython.mem_total() - before
        found = solver.search()
        print(move, found.nodes, found.depth, found.passes, allocated, int(found.table is not None))
measure()
"""


def budget_bound(count, seed=20480):
    """Boards from a game on which the DEVICE search with the shipped table
    spends its whole node budget (the costliest decisions)."""
    from engine.game import Game

    found = []
    game = Game(seed=seed)
    while not game.over and len(found) < count:
        if game.waiting:
            game.continue_playing()
        move = solver.best_move(game.cells, solver.DEVICE)
        if solver.search().table is not None and solver.search().nodes == solver.DEVICE.table_nodes:
            if game.moves % 3 == 0:
                found.append(list(game.cells))
        game.move(move)
    return found


@pytest.fixture(scope="module")
def shipped(request):
    """The solver with the shipped table, as on a board that holds it."""
    before = solver._learned, learned.tables, learned.status
    assert solver.prepare(table=True) == learned.IN_USE
    yield
    solver._learned, learned.tables, learned.status = before
    solver._TABLES.clear()


@pytest.fixture(scope="module")
def on_micropython(shipped):
    from tools.vm.fuel_vm import run

    boards = SAMPLE + budget_bound(4)
    result = run(MP_PROGRAM % (boards,), fuel=10**10)
    lines = result.stdout.strip().split("\n")
    assert lines[0] == learned.IN_USE
    return boards, [tuple(int(x) for x in line.split()) for line in lines[1:]]


def test_micropython_makes_the_same_choices_with_the_table(on_micropython):
    boards, results = on_micropython
    for cells, (move, nodes, depth, _, _, used) in zip(boards, results):
        assert move == solver.best_move(cells, solver.DEVICE)
        assert (nodes, depth, used) == (solver.search().nodes, solver.search().depth, 1)


def test_micropython_allocates_frames_only_with_the_table(on_micropython):
    # As with the heuristic (tests/test_solver.py): the bytes of a decision
    # depend only on how many passes it made (a frame each), never on the
    # nodes it searched.
    _, results = on_micropython
    by_passes = {}
    for _, nodes, _, passes, allocated, _ in results:
        by_passes.setdefault(passes, set()).add(allocated)
    assert all(len(amounts) == 1 for amounts in by_passes.values()), by_passes
    assert len({result[1] for result in results}) > 2


def test_micropython_fuel_with_the_table_is_within_the_device_budget(shipped):
    # Decisions that spend the table's whole node budget, each measured as
    # (a run with the call) - (the same run without it).
    from tools.vm.fuel_vm import run

    setup = "from engine import solver\nsolver.prepare(table=True)\nsolver.best_move(%r)\n"
    for cells in budget_bound(2):
        with_call = run(setup % (cells,) + "solver.best_move(%r)\n" % (cells,), fuel=10**10)
        without = run(setup % (cells,), fuel=10**10)
        assert with_call.fuel - without.fuel <= 60_000_000


# --- On a board, through code.py's start-up ---------------------------------------


def _boards():
    import boards

    inside = sorted(boards.TABLE_BOARDS)
    outside = sorted(set(boards.NAMES) - set(boards.TABLE_BOARDS))
    return inside, outside


def _solver_lines(lines):
    return [line for line in lines if line.startswith("Solver:")]


def test_a_board_that_holds_the_table_plays_with_it_and_the_about_page_says_so():
    import sys

    from tools.play.simulator import Simulator

    inside, _ = _boards()
    sim = Simulator(seed=11, board=inside[0])
    assert sys.modules["engine.learned"].tables is not None
    assert _solver_lines(about_lines(sim)) == ["Solver: learned table"]
    # The menu let the solver and its table go; the next hint reads it back.
    assert "engine.learned" not in sys.modules and "engine.solver" not in sys.modules
    sim.press("select")
    sim.frames(4)
    assert sys.modules["engine.learned"].tables is not None
    assert sim.app.timings.table_status == learned.IN_USE
    assert sim.app.timings.think_ms >= 0  # the hint came


def test_a_board_without_room_for_it_keeps_the_heuristic_and_says_so():
    import sys

    from tools.play.simulator import Simulator

    _, outside = _boards()
    if not outside:
        pytest.skip("every board holds the table")
    sim = Simulator(seed=12, board=outside[0])
    assert sys.modules["engine.solver"]._learned is None  # its code is not even loaded
    sim.press("select")
    sim.frames(2)
    assert sim.app.timings.think_ms >= 0
    assert _solver_lines(about_lines(sim)) == ["Solver: heuristic"]


@pytest.mark.parametrize(
    "damage, says",
    [
        (_flip(learned.HEADER + 3 * learned.SIZE + 7), learned.DAMAGED),  # a weight of the fourth shape
        (lambda data: data.__delitem__(slice(learned.HEADER + learned.SIZE, None)), learned.DAMAGED),  # cut short
        (None, learned.MISSING),
    ],
    ids=["flipped weight", "cut short", "missing"],
)
def test_a_board_whose_table_file_is_damaged_or_missing_plays_with_the_heuristic_and_says_so(monkeypatch, damage, says):
    # On a board that holds the table, the file on its drive is refused as
    # a whole: the game starts, the hint comes from the heuristic, and the
    # About page (on the glass) says why.
    import builtins
    import io
    import sys

    from tools import ROOT
    from tools.play.simulator import Simulator

    inside, _ = _boards()
    shipped = bytearray((ROOT / "engine" / learned.FILE).read_bytes())
    real_open = builtins.open

    def drive_open(name, mode="r", *args, **kwargs):
        if not str(name).endswith("/" + learned.FILE):
            return real_open(name, mode, *args, **kwargs)
        if damage is None:
            raise OSError(2, "No such file or directory")
        data = bytearray(shipped)
        damage(data)
        return io.BytesIO(bytes(data))

    monkeypatch.setattr(builtins, "open", drive_open)
    sim = Simulator(seed=15, board=inside[0])
    assert sys.modules["engine.learned"].tables is None
    assert sim.app.timings.table_status == says
    sim.press("select")
    sim.frames(4)
    assert sim.glass.shows("hint")
    assert sim.app.timings.think_ms >= 0
    assert "Solver: " + says in " ".join(about_lines(sim))  # wrapped on the glass
    assert sim.app.assist is not None and not getattr(sim.app.timings, "low_memory", 0)


def test_short_of_memory_at_start_up_the_table_is_the_first_thing_let_go(capsys):
    import sys

    from tools.play.simulator import Simulator

    inside, _ = _boards()
    with failing("app.controller", "App", MemoryError("memory allocation failed"), 1) as left:
        sim = Simulator(seed=13, board=inside[0])
    assert left == [0] and capsys.readouterr().out == ""
    assert not getattr(sim.app.timings, "low_memory", 0)  # the solver stayed
    assert sys.modules["engine.solver"]._learned is None
    lines = about_lines(sim)
    assert "Solver: heuristic: no room for table" in " ".join(lines)
    assert not any(line.startswith("Low RAM") for line in lines)
    # The hint plays with the heuristic, and does not read the table back.
    sim.press("select")
    sim.frames(4)
    assert sim.app.timings.think_ms >= 0
    assert sys.modules["engine.solver"]._learned is None


def test_short_of_memory_twice_the_solver_goes_next():
    from tools.play.simulator import Simulator

    inside, _ = _boards()
    with failing("app.controller", "App", MemoryError("memory allocation failed"), 2):
        sim = Simulator(seed=14, board=inside[0])
    assert sim.app.timings.low_memory == 1
    lines = about_lines(sim)
    assert "Low RAM: no solver" in lines and not _solver_lines(lines)
