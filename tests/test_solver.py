# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The solver: legal, pure, deterministic, bounded, strong enough, same on MicroPython."""

import random

import pytest

from engine import rules, solver
from engine.game import Game
from tests.tiles import SAMPLE, board, legal_moves, random_boards


def evaluate(cells, monotony_power=solver.MONOTONY_POWER):
    """The solver's heuristic score of a board, spelled out as a plain function.

    The search computes the same number inline from its pair tables; the
    tests below check that it gives exactly this (docs/solver.md).

    :param cells: 16 exponents, row-major (not changed).
    :param int monotony_power: as in :class:`Effort`.
    :return: an int in -2**21 .. 2**21; higher is better.
    """
    score = solver.EMPTY_SCORE[cells.count(0)]
    for line in range(8):
        if line < 4:  # a row, left to right
            first, step = line * 4, 1
        else:  # a column, top to bottom
            first, step = line - 4, 4
        rise = 0
        fall = 0
        for position in range(3):
            here = cells[first + position * step]
            there = cells[first + (position + 1) * step]
            change = solver._power(there, monotony_power) - solver._power(here, monotony_power)
            if change > 0:
                rise += change
            else:
                fall -= change
            if here and here == there:
                score += solver.MERGE_WEIGHT
        score -= solver.MONOTONY_WEIGHT * min(rise, fall)
    for exponent in cells:
        score -= solver.SUM_WEIGHT * solver._isqrt(exponent**7) // 8
    return max(-solver._LIVE_LIMIT, min(solver._LIVE_LIMIT, score))


# No empty cell and no equal neighbours: no move at all.
STUCK = board("2 4 2 4", "4 2 4 2", "2 4 2 4", "4 2 4 2")
SMALL = solver.Effort(max_nodes=200, max_depth=2)


def test_returns_minus_one_when_no_move():
    assert solver.best_move(STUCK) == -1
    assert solver.best_move(STUCK, solver.DESKTOP) == -1


@pytest.mark.parametrize("cells", SAMPLE + random_boards(40, 1))
def test_returns_a_legal_move_and_leaves_the_board_alone(cells):
    before = list(cells)
    move = solver.best_move(cells, SMALL)
    assert cells == before
    legal = legal_moves(cells)
    if legal:
        assert move in legal
    else:
        assert move == -1


# Valid boards (the store loads them) with several 131072 tiles: no real game
# has two, but the solver must answer on every board it can be given.
TOP_BOARDS = [
    board("131072 131072 131072 131072", "131072 131072 131072 131072", "131072 131072 131072 131072", "131072 131072 131072 ."),
    board("131072 131072 131072 131072", "131072 131072 131072 131072", ". . . .", "2 . . ."),
    board("131072 131072 65536 65536", "131072 131072 65536 65536", "2 4 . .", ". . . 2"),
    board("131072 65536 131072 65536", "65536 131072 65536 131072", "2 4 2 4", "4 2 4 ."),
]


@pytest.mark.parametrize("effort", ["DEVICE", "DESKTOP"])
@pytest.mark.parametrize("cells", TOP_BOARDS)
def test_boards_with_several_131072_tiles(cells, effort):
    # Two 131072s do not merge in the search either: its tables end at
    # exponent 19 and a merge of 131072s would take it past them.
    move = solver.best_move(list(cells), getattr(solver, effort))
    legal = legal_moves(cells)
    assert legal and move in legal
    assert solver.search().depth >= 1


def test_a_board_of_131072s_has_no_move():
    full = [17] * 16
    assert not rules.can_move(full)
    assert solver.best_move(full) == -1
    assert solver.best_move(full, solver.DESKTOP) == -1


def test_the_search_stops_merging_where_the_rules_do():
    assert solver._LAST == rules.MAX_EXPONENT
    assert solver._SPAN == rules.MAX_EXPONENT + 1  # every exponent a board can hold, no more


def test_picks_from_few_legal_moves():
    # Full board but one corner: only DOWN and LEFT change it.
    cells = board("2 4 8 16", "4 8 16 32", "8 16 32 64", ". 32 64 128")
    assert legal_moves(cells) == [rules.DOWN, rules.LEFT]
    assert solver.best_move(cells) in (rules.DOWN, rules.LEFT)


def test_deterministic():
    for cells in SAMPLE:
        first = solver.best_move(cells, solver.DEVICE)
        nodes = solver.search().nodes
        assert solver.best_move(list(cells), solver.DEVICE) == first
        assert solver.search().nodes == nodes


def test_search_matches_the_plain_heuristic_at_depth_one():
    # One move ahead the search must pick the move whose board scores best
    # by solver.evaluate, with exactly that score: this checks the inlined
    # slide against engine.rules and the inlined evaluation against the
    # plain one.
    greedy = solver.Effort(max_nodes=100, max_depth=1)
    for cells in SAMPLE + random_boards(300, 2):
        best_value = None
        best_direction = -1
        for direction in range(4):
            after = list(cells)
            if rules.slide(after, direction) >= 0:
                value = evaluate(after)
                if best_value is None or value > best_value:
                    best_value, best_direction = value, direction
        assert solver.best_move(cells, greedy) == best_direction
        if best_direction >= 0:
            assert solver.search().value == best_value


def test_evaluate_prefers_order_and_space():
    ordered = board("256 64 16 4", "64 16 4 .", "16 4 . .", "4 . . .")
    scrambled = board("4 256 4 16", "64 . 16 .", ". 4 . 64", "16 . 4 .")
    assert evaluate(ordered) > evaluate(scrambled)
    assert evaluate(board("2 . . .", ". . . .", ". . . .", ". . . .")) > evaluate(
        board("2 4 2 .", ". . . .", ". . . .", ". . . .")
    )


@pytest.mark.parametrize("budget", [1, 5, 40, 300])
def test_node_budget_is_honoured(budget):
    effort = solver.Effort(max_nodes=budget, max_depth=4)
    for cells in SAMPLE:
        move = solver.best_move(cells, effort)
        assert move in legal_moves(cells)
        assert solver.search().nodes <= budget


def test_more_budget_searches_deeper():
    cells = SAMPLE[4]
    solver.best_move(cells, solver.Effort(max_nodes=10, max_depth=4))
    shallow = solver.search().depth
    solver.best_move(cells, solver.Effort(max_nodes=100000, max_depth=3))
    assert solver.search().depth == 3 > shallow


def depth_values(cells, depth, sample_cells=0):
    """Each first move's value after a full pass to `depth` (None: illegal)."""
    solver.best_move(cells, solver.Effort(max_nodes=10**6, max_depth=depth, sample_cells=sample_cells))
    assert solver.search().depth == depth
    return [value if value >= solver._DEAD else None for value in solver.search().values]


def expectimax(cells, depth, effort, level=0, chance=solver._CERTAIN):
    """The search's value of a board, spelled out as plain recursion on
    rules.slide and solver.evaluate: the specification the search's
    inline loop (its slides redone line by line) must meet exactly."""
    best = solver._DEAD
    for direction in range(4):
        after = list(cells)
        if rules.slide(after, direction) < 0:
            continue
        if level + 1 < depth and chance >= effort.min_probability:
            value = spawns(after, depth, effort, level, chance)
        else:
            value = evaluate(after, effort.monotony_power)
        best = max(best, value)
    return best


def spawns(cells, depth, effort, level, chance):
    """Average over the new tiles after a move (integer arithmetic as in the search)."""
    empty_cells = [index for index, exponent in enumerate(cells) if not exponent]
    if level and effort.sample_cells and len(empty_cells) > effort.sample_cells:
        stride = len(empty_cells) // effort.sample_cells
        empty_cells = empty_cells[::stride][: effort.sample_cells]
    count = len(empty_cells)
    total = 0
    for cell in empty_cells:
        values = []
        for tile, weight in ((1, 9), (2, 1)):
            probability = chance * weight // (10 * count)
            if tile == 2 and probability < effort.four_probability:
                values.append(values[0])  # the 4 scored like the 2
                break
            child = list(cells)
            child[cell] = tile
            values.append(expectimax(child, depth, effort, level + 1, probability))
        total += 9 * values[0] + values[1]
    return total // (10 * count)


SHIPPED = solver.MONOTONY_POWER


# The shipped power (odd: its tables go through the integer square root),
# DESKTOP's 8 and an even one that no preset uses.
@pytest.mark.parametrize(
    "depth, sample_cells, monotony_power",
    [(2, 0, SHIPPED), (3, 0, SHIPPED), (3, 2, SHIPPED), (4, 2, SHIPPED), (2, 0, 8), (3, 2, 6)],
)
def test_search_value_is_the_plain_expectimax(depth, sample_cells, monotony_power):
    effort = solver.Effort(max_nodes=10**7, max_depth=depth, sample_cells=sample_cells, monotony_power=monotony_power)
    boards = SAMPLE[2:] + random_boards(12, 9 + depth)
    if depth == 4:
        boards = boards[2:5]  # the recursion is slow; a few crowded boards
    for cells in boards:
        if not rules.can_move(cells):
            continue
        solver.best_move(cells, effort)
        assert solver.search().depth == depth
        assert solver.search().value == expectimax(cells, depth, effort), cells


@pytest.mark.parametrize("keep", [1, 2, 3])
def test_refine_searches_deeper_only_the_best_moves(keep):
    # From the third pass on, only the `keep` best moves of the 2-move pass
    # are searched; the answer is the best of them 3 moves deep.
    checked = 0
    for cells in SAMPLE[2:] + random_boards(40, 5):
        legal = legal_moves(cells)
        if len(legal) < 3:
            continue
        two = depth_values(cells, 2, sample_cells=2)
        ranked = sorted(legal, key=lambda direction: (-two[direction], direction))
        effort = solver.Effort(max_nodes=10**6, max_depth=3, sample_cells=2, refine=keep)
        move = solver.best_move(cells, effort)
        found = solver.search()
        if keep == 1:
            # Nothing to choose between: the 2-move answer stands.
            assert (found.depth, move) == (2, ranked[0])
            checked += 1
            continue
        assert found.depth == 3 and move in ranked[:keep]
        searched = [found.values[d] >= solver._DEAD for d in range(4)]
        assert searched == [d in ranked[:keep] for d in range(4)]
        three = depth_values(cells, 3, sample_cells=2)
        assert move == max(ranked[:keep], key=lambda direction: (three[direction], -direction))
        checked += 1
    assert checked >= 10


def test_refine_keeps_the_node_budget_and_falls_back_to_the_last_pass():
    for cells in SAMPLE + random_boards(20, 6):
        effort = solver.Effort(max_nodes=120, max_depth=3, sample_cells=2, refine=2)
        move = solver.best_move(cells, effort)
        found = solver.search()
        assert found.nodes <= 120 and move in legal_moves(cells)
        if found.depth == 2:
            assert move == solver.best_move(cells, solver.Effort(max_nodes=10**6, max_depth=2))


class FakeClock:
    """A ticks_ms stand-in: each call advances `step` ms, wrapping at 2**29."""

    def __init__(self, start, step):
        self.now = start
        self.step = step
        self.calls = 0

    def __call__(self):
        self.calls += 1
        value = self.now
        self.now = (self.now + self.step) & 0x1FFFFFFF
        return value


@pytest.mark.parametrize("start", [0, (1 << 29) - 3])
def test_deadline_stops_the_search(start):
    cells = SAMPLE[2]
    effort = solver.Effort(max_nodes=10**6, max_depth=6, deadline_ms=20)
    clock = FakeClock(start, 1)
    move = solver.best_move(cells, effort, clock)
    stopped, nodes = solver.search().stopped, solver.search().nodes
    assert move in legal_moves(cells)
    assert stopped
    # The clock is read every 16 nodes: 20 ms at 1 ms a read is ~20 reads.
    assert clock.calls <= 25
    assert nodes <= 16 * 25
    # Without the clock the same effort searches much further.
    solver.best_move(cells, effort)
    assert solver.search().nodes > 10 * nodes


def test_deadline_not_reached_gives_the_budgeted_answer():
    cells = SAMPLE[3]
    effort = solver.Effort(max_nodes=400, max_depth=3, deadline_ms=10**6)
    expected = solver.best_move(cells, solver.Effort(max_nodes=400, max_depth=3))
    nodes = solver.search().nodes
    assert solver.best_move(cells, effort, FakeClock(5, 1)) == expected
    assert solver.search().nodes == nodes and not solver.search().stopped


def play(seed, effort, goal):
    """Play a seeded game until the goal exponent or the end; largest exponent."""
    game = Game(seed=seed)
    while not game.over and game.max_exponent < goal:
        assert game.move(solver.best_move(game.cells, effort))
    return game.max_exponent


def random_play(seed):
    game = Game(seed=seed)
    moves = random.Random(seed)
    while not game.over:
        game.move(moves.randrange(4))
    return game.max_exponent


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_strength_smoke(seed):
    # Far beyond random play (which ends around 128 or 256).
    assert random_play(seed) <= 8
    assert play(seed, SMALL, 10) >= 10  # 1024


# --- On MicroPython (tools.vm.fuel_vm) ----------------------------------------

MP_PROGRAM = """
import micropython
from engine import solver
boards = %r
solver.best_move(boards[0], solver.DEVICE)
def measure(effort):
    # In a function: storing new module globals would grow the module's
    # dict and count as the solver's allocation.
    for cells in boards:
        before = micropython.mem_total()
        move = solver.best_move(cells, effort)
        allocated = micropython.mem_total() - before
        found = solver.search()
        print(move, found.nodes, found.depth, found.passes, allocated)
measure(solver.%s)
"""


def run_on_micropython(boards, preset="DEVICE"):
    from tools.vm.fuel_vm import run

    result = run(MP_PROGRAM % (boards, preset), fuel=3 * 10**9)
    return [tuple(int(x) for x in line.split()) for line in result.stdout.split("\n") if line.strip()]


def test_micropython_makes_the_same_choices():
    boards = SAMPLE + random_boards(6, 3)
    on_micropython = run_on_micropython(boards)
    for cells, (move, nodes, depth, _, _) in zip(boards, on_micropython):
        assert move == solver.best_move(cells, solver.DEVICE)
        assert (nodes, depth) == (solver.search().nodes, solver.search().depth)


def test_micropython_allocation_is_per_decision_not_per_node():
    # Heap bytes of a decision depend only on how many depths were
    # searched (one frame each), never on the number of nodes.
    boards = SAMPLE + random_boards(6, 4)
    results = run_on_micropython(boards)
    by_passes = {}
    for move, nodes, depth, passes, allocated in results:
        by_passes.setdefault(passes, set()).add(allocated)
    for passes, amounts in by_passes.items():
        assert len(amounts) == 1, (passes, amounts)
    # Measured: 440 B per search pass (its frame: the search keeps 89
    # locals so that no node needs a call), ~100 B for the call, and 32 B
    # once the 2-move pass is done (the frames of the two small helpers
    # that pick the moves the 3-move pass refines). All of it is frames: this
    # VM has no pystack; CircuitPython's pystack holds them without heap.
    for move, nodes, depth, passes, allocated in results:
        assert allocated <= 120 + 440 * passes + (40 if passes >= 2 else 0)
    assert len({result[1] for result in results}) > 2  # node counts did vary


def test_micropython_fuel_within_device_budget():
    from tools.vm.fuel_vm import run

    cells = SAMPLE[1]  # an open board: the widest chance nodes
    setup = "from engine import solver\nsolver.best_move(%r)\n" % (cells,)
    with_call = run(setup + "solver.best_move(%r)\n" % (cells,), fuel=10**10)
    without = run(setup, fuel=10**10)
    assert with_call.fuel - without.fuel <= 60_000_000


def test_the_written_out_line_tables_follow_the_rules():
    # A tile at the far end of a line slides to the line's first cell in
    # the line's direction (engine.rules' own move), and every cell is in
    # one line of each direction: what the search's tables say.
    for direction in range(4):
        seen = []
        for line in range(4):
            cells = solver._LINES[direction * 4 + line]
            seen.extend(cells)
            grid = [0] * 16
            grid[cells[3]] = 1
            rules.slide(grid, direction)
            assert grid[cells[0]] == 1 and sum(grid) == 1, (direction, line)
        assert sorted(seen) == list(range(16))
    for cell in range(16):
        lines = solver._CELL_LINES[cell]
        assert all(cell in solver._LINES[lines[direction]] for direction in range(4))
        assert [line // 4 for line in lines] == [0, 1, 2, 3]
        assert solver._CELL_BITS[cell] == sum(1 << line for line in lines)


# --- The late game (Effort.late_depth) ------------------------------------------

# Crowded, with a 4096: the 4-move pass fits DEVICE's nodes.
LATE = board("4096 2048 1024 512", "2 16 32 256", "4 8 4 128", "2 4 2 .")


def test_from_the_first_4096_device_searches_a_move_deeper():
    solver.best_move(LATE, solver.DEVICE)
    assert solver.search().depth == 4 and solver.search().nodes <= solver.DEVICE.max_nodes
    # The same board a tile short of 4096 keeps to 3 moves.
    solver.best_move([11 if exponent == 12 else exponent for exponent in LATE], solver.DEVICE)
    assert solver.search().depth == 3


def test_the_late_pass_samples_its_own_cells():
    # From the first 4096 the deeper chance nodes average over
    # late_sample_cells cells, whatever sample_cells says: the same search
    # as an effort with those fields throughout.
    late = solver.Effort(max_nodes=10**6, max_depth=3, sample_cells=2, late_depth=4, late_sample_cells=1)
    plain = solver.Effort(max_nodes=10**6, max_depth=4, sample_cells=1)
    move = solver.best_move(LATE, late)
    value, nodes = solver.search().value, solver.search().nodes
    assert (move, value, nodes) == (solver.best_move(LATE, plain), solver.search().value, solver.search().nodes)
    assert value == expectimax(LATE, 4, plain)


def test_the_hint_searches_as_deep_as_the_late_game_needs():
    # The app makes the shared Search with the levels the effort may need
    # (Effort.deepest()), not only max_depth's, or the late pass would
    # never run on the device.
    import sys

    from tools.play.simulator import Simulator

    sim = Simulator(seed=5, board="pybadge")
    sim.app.game.cells[:] = LATE
    sim.press("select")
    sim.frames(4)
    assert sim.app.timings.think_ms >= 0  # the hint came
    assert sys.modules["engine.solver"].search().depth == 4
