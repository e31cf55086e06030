# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""RAM and pystack on every board profile: code.py's start-up and the scripted game, in the pystack VM.

Each board runs with its own fake board module (its pins, screen, NVM
size and layout, the modules its firmware lacks) and input (buttons, the
PyGamer's stick, the CLUE's tilt, the Fruit Jam's keyboard). The worst
moment, with the VM's surplus qstr pools taken out (tools/measure/ram_budget.py),
must leave the board's free heap less the 24 KiB reserve; the pystack
target (1024 bytes) must give the same run as an ample one, and the
deepest chain of the game's own code, with the board's main loop under
it, must stay within ram_budget.PYSTACK_AIM.
"""

import pytest

import boards
from tests import sampling
from tools.measure import ram_budget

#: Eight to fourteen seconds of VMs a board: make test measures the two
#: whose outcome a few bytes can change, on both sides of docs/solver.md's
#: rule ("Where the table fits"): the PyBadge (the targets' board, close
#: to its target, too full for the learned table) and the PewPew M4 (the
#: least room of the boards that hold the table: next to none). make test-slow
#: measures every board (the Sprig's second chain in docs/ram-budget.md has
#: a doc_numbers command of its own).
BOARDS = sampling.cases("board RAM", sorted(boards.NAMES), 0, always=("pybadge", "pewpew_m4"))
FIX = "run: make docs (it runs .venv/bin/python -m tools.measure.ram_budget --boards --update-doc)"


@pytest.fixture(scope="module")
def with_table():
    """board_id -> the worst moment with the learned table of each board of
    BOARDS that runs without it (boards.TABLE_BOARDS leaves it out)."""
    import shutil

    outside = [board_id for board_id in BOARDS if board_id not in boards.TABLE_BOARDS]
    if not outside:
        return {}
    folder = ram_budget.build_root(table=True)
    try:
        return {board_id: ram_budget.worst_with_table(board_id, folder) for board_id in outside}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def rows(with_table):
    """board_id -> ram_budget.board_row(...) of each board of BOARDS, or the error it raised."""
    folder = ram_budget.build_root()
    made = {}
    try:
        for board_id in BOARDS:
            try:
                made[board_id] = ram_budget.board_row(board_id, folder, with_table.get(board_id))
            except Exception as error:  # that board's test reports it
                made[board_id] = error
    finally:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
    return made


def _row(rows, board_id):
    row = rows[board_id]
    if isinstance(row, Exception):
        raise row
    return row


#: Boards known to be past their limit, with why: a strict xfail, so the
#: test says so the day one fits again (docs/boards.md, the CLUE's room).
PAST_LIMIT = {
    "clue_nrf52840_express": (
        "into its 24 KiB reserve on the heap its firmware leaves (132,672 B): About and Stats with an undo"
        " history, and the hint after them (docs/boards.md, 'Adafruit CLUE': what the rest would take)"
    ),
}


@pytest.mark.parametrize(
    "board_id",
    [
        pytest.param(board_id, marks=pytest.mark.xfail(strict=True, reason=PAST_LIMIT[board_id]))
        if board_id in PAST_LIMIT
        else board_id
        for board_id in BOARDS
    ],
)
def test_every_board_fits_its_heap_and_its_pystack(board_id, rows):
    _, stages, reference, at_target, needs = _row(rows, board_id)
    labels = [stage.label for stage in stages]
    assert "start: App ready" in labels and "hint after the menu" in labels
    worst = max(stages, key=lambda stage: stage.board_bound)
    limit = ram_budget.heap_limit(board_id)
    assert worst.board_bound <= limit, (board_id, worst.label, worst.board_bound, limit)
    moves = [stage for stage in stages if stage.label == "move"]
    if board_id == "clue_nrf52840_express":
        # Tilt's readings are floats: heap objects in this VM (16 bytes:
        # the driver's three accelerations and tilt's three scaled ones a
        # frame), none on CircuitPython (MICROPY_OBJ_REPR_C).
        assert all(stage.allocated <= 6 * 16 * len(stage.frames) for stage in moves)
    else:
        assert [stage.allocated for stage in moves] == [0, 0, 0]
    assert at_target == reference
    deepest = max(needs, key=lambda need: need.need)
    assert deepest.need <= ram_budget.PYSTACK_AIM, (board_id, deepest)
    assert "hint" in [need.label for need in needs if need.need == deepest.need], deepest  # the solver's search


def test_docs_boards_quotes_this_table(rows):
    # The whole table under --slow; else each measured board's line, and
    # the table's frame (a line for every board, the heading, the notes).
    quoted = ram_budget.boards_doc_block()
    if BOARDS == sorted(boards.NAMES):
        assert quoted == ram_budget.board_table([_row(rows, board_id)[0] for board_id in BOARDS]), FIX
        return
    lines = {line.split()[0]: line for line in quoted.splitlines() if line.startswith("  ") and line.split()[0] in boards.NAMES}
    assert sorted(lines) == sorted(boards.NAMES), "a board without its line in docs/boards.md's table; " + FIX
    assert quoted == ram_budget.board_table([lines[board_id] for board_id in sorted(boards.NAMES)]), FIX
    for board_id in BOARDS:
        assert lines[board_id] == _row(rows, board_id)[0], FIX


@pytest.mark.parametrize("board_id", BOARDS)
def test_a_board_holds_the_learned_table_exactly_when_it_fits(board_id, rows, with_table):
    # docs/solver.md, "Where the table fits": with the table, the worst
    # moment within the limit (and the PyBadge's target); boards.TABLE_BOARDS
    # lists exactly those.
    _, stages = _row(rows, board_id)[:2]
    limit = ram_budget.table_limit(board_id)

    # Loaded at start-up: its five 4 KB shapes are in the solver's step,
    # where the boards without it build the heuristic's 6 KB instead.
    def solver_step(board):
        return [stage for stage in _row(rows, board)[1] if stage.label == "start: solver"][0].allocated

    inside = [solver_step(board) for board in BOARDS if board in boards.TABLE_BOARDS]
    outside = [solver_step(board) for board in BOARDS if board not in boards.TABLE_BOARDS]
    if board_id in boards.TABLE_BOARDS:
        assert solver_step(board_id) >= max(outside, default=0) + 10 * 1024, (solver_step(board_id), outside)
        assert max(stage.board_bound for stage in stages) <= limit
    else:
        assert solver_step(board_id) <= min(inside, default=10**9) - 10 * 1024, (solver_step(board_id), inside)
        assert with_table[board_id] > limit, "it fits: run .venv/bin/python -m tools.measure.ram_budget --boards --update-doc"
