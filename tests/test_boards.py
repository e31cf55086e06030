# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The board profiles (boards/): what each one is, and code.py on boards it cannot play on.

The scripted games on every board are in tests/test_code_py.py; here: the
profile table itself, a board without a profile, a Fruit Jam without a
monitor, a board without NVM, and the speed each profile claims.
"""

import ast

import pytest

import boards
from app.layouts import SIZES, for_screen
from engine import solver
from tests.shared import on_cpython, vm_root
from tools import ROOT
from tools.firmware import STANDINS
from tools.measure import ram_budget
from tools.vm import pystack_vm

PROFILES = sorted(boards.NAMES)

FAKEBOARDS = {}
exec(compile((STANDINS / "fakeboards.py").read_text(), "fakeboards.py", "exec"), FAKEBOARDS)
#: What a profile may define besides hardware(): its wiring (the board's
#: facts, such as its screen or NVM size, are the fake world's: fakeboards.py).
# (Hardware: the record its hardware() returns, app.hardware.Hardware, imported by name.)
WIRING = {"hardware", "Hardware", "STORE", "SPEED", "KEYMAP", "TILT_AXES", "BUTTONS", "UNDO"}


def test_every_profile_is_loaded_by_its_board_id_and_nothing_else_is():
    for board_id in PROFILES:
        profile = boards.load(board_id)
        assert profile is not None and profile.__name__ == "boards." + board_id
        assert callable(profile.hardware) and profile.__doc__
    assert boards.load("meowbit_v121") is None
    assert boards.load(None) is None
    files = sorted(path.stem for path in (ROOT / "boards").glob("*.py") if not path.stem.startswith("_"))
    assert files == PROFILES


def test_the_unsupported_message_names_every_board_and_fits_the_console():
    lines = boards.unsupported("meowbit_v121")
    text = "\n".join(lines)
    assert "meowbit_v121" in lines[0]
    for board_id in PROFILES:
        assert board_id in text


@pytest.mark.parametrize("board_id", PROFILES)
def test_every_profile_screen_has_a_layout_and_a_profile_is_only_wiring(board_id):
    size = FAKEBOARDS["screen"](board_id)
    profile = boards.load(board_id)
    names = {name for name in vars(profile) if not name.startswith("_")} - {"boards"}
    assert names <= WIRING, names - WIRING
    assert size in SIZES
    layout = for_screen(*size)
    assert layout.width * layout.scale == size[0] and layout.height * layout.scale <= size[1]


@pytest.mark.parametrize("board_id", PROFILES)
def test_every_pin_a_profile_names_is_a_pin_of_that_board(board_id):
    # The fake board has exactly the pins read from the board's pins.c;
    # a profile naming another (a typo, another board's name) fails here.
    source = (ROOT / "boards" / (board_id + ".py")).read_text()
    named = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "board":
            named.add(node.attr)
    pins = set(FAKEBOARDS["fact"](board_id, "pins").split()) | {"DISPLAY", "I2C"}
    assert named and named <= pins, named - pins


@pytest.mark.parametrize("board_id", PROFILES)
def test_speed_factors_are_stated_and_scale_the_solver_budget(board_id):
    profile = boards.load(board_id)
    speed = getattr(profile, "SPEED", 1.0)
    assert 0 < speed <= 1.5
    effort = solver.DEVICE.for_speed(speed)
    assert effort.max_nodes == (solver.DEVICE.max_nodes if speed >= 1 else int(solver.DEVICE.max_nodes * speed))
    assert effort.deadline_ms == solver.DEVICE.deadline_ms and effort.max_depth == solver.DEVICE.max_depth
    assert (ROOT / "docs" / "boards.md").read_text().count(board_id) >= 1, "run make docs: it adds the board's rows"


def _program(board_id, extra="", fonts=str(ROOT / "fonts")):
    # code.py's main() on the fake board; prints RETURNED if main() returns.
    return (
        "import fakeworld\nfakeworld.reset(%r)\n" % board_id
        + extra
        + "import code\ncode.FONT_DIR = %r\ncode.main()\nprint('RETURNED')\n" % fonts
    )


def test_a_board_without_a_profile_gets_the_list_not_a_traceback_on_cpython_and_micropython():
    host = on_cpython(_program("meowbit_v121"))
    with vm_root(ram_budget.build_root) as root:
        guest = pystack_vm.run([_program("meowbit_v121", fonts="/fonts")], root=root).stdout
    for output in (host, guest):
        assert "no profile for this board (meowbit_v121)" in output
        assert "hack_club_sprig" in output and "RETURNED" in output
        assert "Traceback" not in output


def test_a_fruit_jam_without_a_monitor_says_so():
    output = on_cpython(_program("adafruit_fruit_jam", "fakeworld.RUNTIME_SCREEN = None\n"))
    assert "no display" in output and "RETURNED" in output


def test_nvm_sizes_of_the_fake_boards_follow_their_ports():
    for board_id in ("hack_club_sprig", "pimoroni_picosystem", "adafruit_fruit_jam", "tinycircuits_thumby_color"):
        assert FAKEBOARDS["nvm_bytes"](board_id) == 4096  # RP2040 / RP2350: one 4 KB sector
    for board_id in ("pybadge", "pygamer", "seeeduino_wio_terminal", "pewpew_m4", "clue_nrf52840_express"):
        assert FAKEBOARDS["nvm_bytes"](board_id) == 8192
    assert FAKEBOARDS["nvm_bytes"]("meowbit_v121") == 0


def test_a_solver_decision_takes_at_most_0_7_s_on_every_board():
    # Fuel of decisions that spend each board's whole node budget, at
    # 1.2e8 fuel/s times the board's speed (tools/measure/solver_bench.py --boards).
    from tools.measure import solver_bench

    table = solver_bench.board_decisions(count=3)
    assert sorted(table) == PROFILES
    for board_id, (speed, scoring, budget, fuel, seconds) in table.items():
        effort = solver.DEVICE.for_speed(speed)
        assert budget == (effort.table_nodes if scoring == "table" else effort.max_nodes), board_id
        assert (scoring == "table") == (board_id in boards.TABLE_BOARDS)
        assert seconds <= solver_bench.BOARD_DECISION_TARGET, (board_id, seconds)
    # A slower chip searches fewer nodes, not the same ones more slowly.
    assert table["clue_nrf52840_express"][2] < table["pybadge"][2]


def test_a_slower_effort_keeps_every_other_field():
    slow = solver.DEVICE.for_speed(0.5)
    for name in (
        "deadline_ms",
        "max_depth",
        "min_probability",
        "four_probability",
        "cache",
        "sample_cells",
        "refine",
        "monotony_power",
        "late_depth",
        "late_sample_cells",
    ):
        assert getattr(slow, name) == getattr(solver.DEVICE, name), name
    assert slow.max_nodes == solver.DEVICE.max_nodes // 2
