# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The simulator plays every board profile: its screen, its buttons (or tilt,
or keyboard), its NVM size and layout, in the headless simulator and the window."""

import pytest

import boards
from engine.store import Store
from tools.play import sim
from tools.play.sim import open_nvm
from tools.play.simulator import Simulator, board_facts
from tools.play.window import Window

MOVES = ["left", "down", "left", "down", "right", "down", "left", "down"]


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_the_simulator_plays_each_board_and_saves_in_its_layout(board_id):
    facts = board_facts(board_id)
    width, height = facts["screen"] or facts["runtime_screen"]
    nvm = bytearray(b"\xff" * facts["nvm"])
    game = Simulator(seed=3, nvm=nvm, board=board_id)
    assert (game.display.width, game.display.height) == (width, height)
    before = game.game.moves
    game.press_all(MOVES)
    assert game.game.moves >= before + 6
    assert game.app.saving.save(game.now) > 0  # SAVED
    layout = dict(getattr(boards.load(board_id), "STORE", {}))
    assert Store(nvm, **layout).load().cells == game.game.cells
    # The screen is the board's size, pixel for pixel.
    assert len(game.pixels()) == width * height


def test_a_board_without_a_button_says_so():
    pewpew = Simulator(seed=1, board="pewpew_m4")
    with pytest.raises(ValueError, match="has no b button"):
        pewpew.press("b")
    assert sim.main(["--headless", "--board-profile", "pewpew_m4", "--press", "b"]) == 2
    assert sim.main(["--headless", "--board-profile", "no_such_board"]) == 2


def test_the_clue_is_played_by_tilt_and_two_buttons():
    clue = Simulator(seed=4, board="clue_nrf52840_express", solver=lambda cells: 3)
    moves = clue.game.moves
    clue.press("left")  # a tilt and back
    assert clue.game.moves == moves + 1
    clue.press("select")  # A: a hint
    assert clue.app.view._arrow_direction == 3
    clue.press("start")  # B: the menu
    assert clue.app.mode == "menu"


def test_the_fruit_jam_is_played_from_its_keyboard():
    jam = Simulator(seed=5, board="adafruit_fruit_jam")
    moves = jam.game.moves
    jam.press("left")  # ESC [ D on the console
    assert jam.game.moves == moves + 1
    jam.press("start")  # Enter
    assert jam.app.mode == "menu"


@pytest.mark.filterwarnings("ignore:no fast renderer")
def test_the_window_tilts_while_an_arrow_is_held():
    window = Window(open_nvm(None, 8192), seed=6, board="clue_nrf52840_express", realtime=False)
    try:
        pygame = window.pygame
        assert window.display.width == 240 and "Tilt" in pygame.display.get_caption()[0]
        for _ in range(12):
            window.step()  # level measured
        moves = window.app.game.moves
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, unicode=""))
        window.pump()
        for _ in range(6):
            window.step()
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT, unicode=""))
        window.pump()
        for _ in range(4):
            window.step()
        assert window.app.game.moves == moves + 1
    finally:
        window.close()
