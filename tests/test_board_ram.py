# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""RAM and pystack on every board profile: code.py's start-up and the scripted game, in the pystack VM.

Each board runs with its own fake board module (its pins, screen, NVM
size and layout, the modules its firmware lacks) and input (buttons, the
PyGamer's stick, the CLUE's tilt, the Fruit Jam's keyboard). The worst
moment, with the VM's surplus qstr pools taken out (tools/measure/ram_budget.py),
must leave the board's free heap less the 24 KiB reserve; the pystack
target (1024 bytes) must give the same run as an ample one.
"""

import pytest

import boards
from tools.measure import ram_budget

@pytest.fixture(scope="module")
def root():
    folder = ram_budget.build_root()
    yield folder
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


#: Each board's line of the table, for the docs check at the end.
LINES = {}


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_every_board_fits_its_heap_and_its_pystack(board_id, root):
    line, stages, reference, at_target = ram_budget.board_row(board_id, root)
    LINES[board_id] = line
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


def test_docs_boards_quotes_this_table():
    if len(LINES) != len(boards.NAMES):
        pytest.skip("needs every board's run above (run the whole file)")
    table = ram_budget.board_table([LINES[board_id] for board_id in sorted(boards.NAMES)])
    assert ram_budget.boards_doc_block() == table, "run: .venv/bin/python -m tools.measure.ram_budget --boards --update-doc"
