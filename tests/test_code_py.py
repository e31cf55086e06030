# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""code.py itself, run whole: main() on fake board modules, on CPython and on a MicroPython VM.

The fake ``board``, ``keypad``, ``microcontroller``, ``supervisor``,
``analogio``, ``audioio``, ``neopixel_write`` ... of tools/firmware/standins/ are
driven by a scripted player (fakeworld, fakeplayer): moves, a hint, the
menu, Save now, more moves, then Ctrl-C (the fake world raises
KeyboardInterrupt once the script is spent). Both runs resume the same
saved game, so they must end with the same game saved in the fake NVM,
on every board profile, each played its own way (its pins, the PyGamer's
stick, the CLUE's tilt, the Fruit Jam's keyboard; fakeplayer), with its
screen, NVM size and layout and the modules its firmware lacks
(tools/firmware/standins/fakeboards.py).
"""

import pytest

import boards
from tests.shared import on_cpython, result, vm_root
from tools import ROOT
from tools.measure import ram_budget
from tools.vm import pystack_vm

# Menu rows: Resume, New game, Autoplay, Help, Stats, Settings, About, Save now.
ACTIONS = (
    [("wait", 400)]  # a tilting board measures "level" as it starts
    + [("tap", button) for button in ("left", "down", "left", "down", "right", "down")]
    + [("tap", "select"), ("wait", 1500)]  # a hint, and time to think
    + [("tap", "left"), ("tap", "down"), ("tap", "left")]
    + [("tap", "start"), ("tap", "up"), ("tap", "a")]  # Menu > Save now
    + [("wait", 500)]
)

#: The script's direction buttons -> engine.rules directions.
DIRECTIONS = {"up": 0, "right": 1, "down": 2, "left": 3}

DRIVER = """
import json
import fakeworld, fakeplayer
fakeworld.reset(%(board)r, nvm_image=bytes.fromhex(%(image)r))
inputs = fakeplayer.script(%(actions)r)
fakeworld.reset(%(board)r, nvm_image=bytes.fromhex(%(image)r), idle_frames=20, **inputs)
import code
code.FONT_DIR = %(fonts)r
stopped = False
try:
    code.main()
except KeyboardInterrupt:
    stopped = True
import microcontroller
from engine.store import Store
game = Store(microcontroller.nvm, **%(store)r).load()
print("RESULT", json.dumps([stopped, game.cells, game.score, game.best, game.moves, fakeworld.frames, fakeworld.refreshes > 0]))
"""


def _driver(board, fonts):
    return DRIVER % {
        "board": board,
        "image": ram_budget.board_image(board).hex(),
        "store": ram_budget.board_store(board),
        "actions": ACTIONS,
        "fonts": str(fonts),
    }


def run_on_cpython(board):
    return result(on_cpython(_driver(board, ROOT / "fonts"), timeout=600))


def run_on_micropython(board, root):
    return result(pystack_vm.run([_driver(board, "/fonts")], root=root, mounts=[("/fonts", ROOT / "fonts")]).stdout)


@pytest.fixture(scope="module")
def root():
    with vm_root(ram_budget.build_root) as folder:
        yield folder


@pytest.mark.parametrize("board", sorted(boards.NAMES))
def test_main_plays_and_saves_the_same_game_on_cpython_and_micropython(board, root):
    from engine.store import Store

    image = bytearray(ram_budget.board_image(board))
    layout = ram_budget.board_store(board)
    start = Store(image, **layout).load()
    host = run_on_cpython(board)
    guest = run_on_micropython(board, root)
    stopped, cells, score, best, moves, frames, refreshed = host
    assert stopped and refreshed
    # Save now kept every move: the saved game is the resumed one with the
    # script's moves played, in the game's own directions (a board whose
    # profile swapped two buttons would end elsewhere).
    # (Directions after Start move the menu's cursor.)
    expected = Store(bytearray(image), **layout).load()
    for action in ACTIONS[: ACTIONS.index(("tap", "start"))]:
        if action[0] == "tap" and action[1] in DIRECTIONS:
            expected.move(DIRECTIONS[action[1]])
    assert [cells, score, moves] == [expected.cells, expected.score, expected.moves]
    assert moves >= start.moves + 6, (moves, start.moves)
    assert frames > 100
    assert guest == host
