# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""End to end through the simulator: scripted games, saving, dimming, autoplay, mashing."""

import random
import subprocess
import sys

import pytest

from app import assist, backlight, pages
from app.controller import OVER, PLAY, WON
from app.menus import MENU
from engine import rules
from engine.game import Game
from tests import sampling
from tests.tiles import board
from tools import ROOT
from tools.play import first_legal
from tools.play.sim import open_nvm
from tools.play.simulator import BUTTONS, FRAME_MS, Simulator


def prepared(cells, score=0, seed=5):
    sim = Simulator(seed=seed, solver=first_legal)
    sim.game.set_board(cells, score=score)
    sim.app.view.show_cells(sim.game.cells)
    return sim


NEAR_WIN = board("1024 1024 . .", ". . . .", ". . . .", ". . . 2")


def test_near_win_banner_then_continue_keeps_the_board():
    sim = prepared(NEAR_WIN, score=5000)
    sim.press("left")
    assert sim.game.won and sim.app.mode == WON
    board_at_win = list(sim.game.cells)
    assert 11 in board_at_win
    sim.press("up")  # moves the banner's choice, not the tiles
    sim.press("down")
    assert sim.game.cells == board_at_win
    sim.press("a")  # Continue
    assert sim.app.mode == PLAY and sim.game.keep_playing
    assert sim.game.cells == board_at_win
    assert sim.game.score == 5000 + 2048
    moves = sim.game.moves
    sim.press_all(["down", "right", "up", "left"])
    assert sim.game.moves > moves
    assert sim.app.mode == PLAY  # the banner shows once per game


def test_near_win_new_game_resets():
    sim = prepared(NEAR_WIN, score=5000)
    sim.press("left")
    assert sim.app.mode == WON
    sim.press_all(["down", "a"])  # New game
    assert sim.app.mode == PLAY
    assert sim.game.score == 0 and not sim.game.won
    assert sum(1 for cell in sim.game.cells if cell) == 2
    assert sim.game.best >= 7048


def test_game_over_appears_when_it_should():
    sim = prepared(board(". 2 8 16", "4 16 32 64", "2 4 8 16", "4 2 4 2"), score=300)
    sim.press("right")  # nothing slides right: no move, still playing
    assert sim.app.mode == PLAY and not sim.game.over
    sim.press("left")
    assert sim.game.over and sim.app.mode == OVER
    sim.press("b")  # peek at the board
    assert not sim.app.overlay.visible
    sim.press("b")
    assert sim.app.overlay.title_text == "Game over"
    sim.press("a")
    assert sim.app.mode == PLAY and not sim.game.over and sim.game.score == 0


def test_a_full_board_with_one_pair_is_not_over():
    sim = prepared(board("2 4 2 4", "4 2 4 2", "2 4 2 4", "4 2 4 4"))
    assert sim.app.mode == PLAY and not sim.game.over


def test_queued_presses_are_neither_lost_nor_doubled():
    directions = ["left", "up", "right", "down", "left", "left", "up", "right"]
    sim = Simulator(seed=11)
    reference = Game(seed=11)
    assert sim.game.cells == reference.cells
    # All presses and releases arrive before the app looks (e.g. during a save).
    for name in directions:
        sim.down(name)
        sim.up(name)
    sim.frames(20)
    for name in directions:
        reference.move(getattr(rules, name.upper()))
    assert sim.game.cells == reference.cells
    assert sim.game.moves == reference.moves


def test_a_held_key_moves_once():
    sim = Simulator(seed=12)
    reference = Game(seed=12)
    sim.down("left")
    sim.frames(100)  # 2 s held: no auto-repeat
    sim.down("left")  # a repeated press without release is ignored
    sim.frames(5)
    sim.up("left")
    sim.frames(5)
    reference.move(rules.LEFT)
    assert sim.game.cells == reference.cells


def test_saves_and_resumes_through_the_nvm(tmp_path):
    path = str(tmp_path / "nvm.bin")
    sim = Simulator(seed=21, nvm=open_nvm(path))
    sim.press_all(["left", "up", "right", "down"])
    # The player pauses; within the policy's longest wait (60 s) it saves.
    sim.frames(62000 // FRAME_MS)
    assert sim.app.store.saves >= 1
    saved = list(sim.game.cells), sim.game.score
    again = Simulator(seed=99, nvm=open_nvm(path))
    assert (list(again.game.cells), again.game.score) == saved


def test_screen_dims_and_the_waking_key_does_nothing():
    sim = Simulator(seed=13)
    sim.frames(backlight.DIM_AFTER_MS // FRAME_MS + 2)
    assert sim.app.power.dimmed and sim.display.brightness < 0.5
    cells = list(sim.game.cells)
    sim.press("left")
    assert not sim.app.power.dimmed and sim.display.brightness == 1.0
    assert sim.game.cells == cells
    sim.press("start")
    assert sim.app.mode == MENU


def test_autoplay_plays_and_any_key_stops_it():
    sim = Simulator(seed=14, solver=first_legal)
    sim.press("hold-select")
    assert sim.app.assist.autoplay
    sim.frames(2000 // FRAME_MS)
    moves = sim.game.moves
    assert moves >= 4
    sim.press("b")
    assert not sim.app.assist.autoplay
    sim.frames(2000 // FRAME_MS)
    assert sim.game.moves == moves


def test_autoplay_continues_after_the_win_banner():
    sim = prepared(NEAR_WIN, score=5000)
    sim.app.view.show_cells(sim.game.cells)
    # Autoplay from the menu; first_legal plays UP first, LEFT when UP is void.
    sim.game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . ."), score=5000)
    sim.press_all(["start", "down*2", "a"])
    assert sim.app.assist.autoplay
    for _ in range(200):
        sim.frames()
        if sim.game.won:
            break
    assert sim.game.won and sim.app.mode == WON
    sim.frames((assist.AUTO_CONTINUE_MS + 500) // FRAME_MS)
    assert sim.game.keep_playing and sim.app.mode in (PLAY, OVER)


#: Random key events mashed: make test plays the first 2,500 of the seeded
#: stream, make test-slow all 10,000 (tests/sampling.py).
MASHED = 10000 if sampling.SLOW else 2500


def test_random_key_mashing_never_raises():
    rng = random.Random(2048)
    sim = Simulator(seed=15, solver=first_legal)
    held = set()
    for _ in range(MASHED):
        key = rng.choice(sorted(BUTTONS))
        roll = rng.random()
        if key in held and roll < 0.7:
            sim.up(key)
            held.discard(key)
        elif roll < 0.05:
            sim.down(key)  # a bounce: pressed again while down
        else:
            sim.down(key)
            held.add(key)
        # Mashing: several events per frame; sometimes long holds.
        if rng.random() < 0.5:
            sim.frames(rng.choice((1, 1, 2, 5, 40)))
    for key in held:
        sim.up(key)
    sim.frames(10)
    game = sim.game
    assert len(game.cells) == 16 and all(0 <= cell <= 17 for cell in game.cells)
    assert any(game.cells)
    assert game.over == (not rules.can_move(game.cells))
    assert game.score >= 0 and game.best >= game.score
    assert game.stats.moves >= game.moves > 0


def test_headless_command_writes_a_png(tmp_path):
    out = tmp_path / "shot.png"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.play.sim",
            "--headless",
            "--seed",
            "7",
            "--press",
            "up,left,start",
            "--screenshot",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert data[16:24] == (160).to_bytes(4, "big") + (128).to_bytes(4, "big")
    bad = subprocess.run(
        [sys.executable, "-m", "tools.play.sim", "--headless", "--press", "jump"], cwd=ROOT, capture_output=True, timeout=120
    )
    assert bad.returncode != 0


def test_app_and_code_py_compile_with_mpy_cross(tmp_path):
    from tools.vm import vmroot

    files = sorted((ROOT / "app").glob("*.py")) + [ROOT / "code.py"]
    assert len(files) > 10
    for path in files:
        vmroot.compile_mpy(path, tmp_path / "out.mpy", path.name)  # mpy-cross's error raises
        assert (tmp_path / "out.mpy").read_bytes()[:1] == b"M", path.name


def test_readme_controls_table_matches_the_help_page():
    from app.help_text import CONTROLS
    from app.words import text

    readme = (ROOT / "README.md").read_text()
    for button, action in CONTROLS:
        assert "| %s | %s |" % (button if isinstance(button, str) else text(button), text(action)) in readme


@pytest.mark.filterwarnings("ignore:no fast renderer")
def test_window_simulator_plays_from_the_keyboard():
    import pygame

    from tools.play.window import Window

    window = Window(open_nvm(None), seed=31, realtime=False)
    try:
        reference = Game(seed=31)
        for key in (pygame.K_a, pygame.K_LEFT, pygame.K_s):  # A and LEFT are both left: one press
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        for key in (pygame.K_a, pygame.K_LEFT, pygame.K_s):
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        assert window.pump()
        window.step()
        window.app.animation.finish()
        window.step()
        reference.move(rules.LEFT)
        reference.move(rules.DOWN)
        assert window.app.game.cells == reference.cells
        surface = pygame.display.get_surface()
        # The board's 160x128 at the window's whole scale (tools.play.window.window_scale).
        assert surface.get_size() == (160 * window.scale, 128 * window.scale)
        # The board backdrop is drawn in the window (0xBBADA0 through RGB565).
        red, green, blue = surface.get_at((1 * window.scale, 60 * window.scale))[:3]
        assert abs(red - 0xBB) <= 8 and abs(green - 0xAD) <= 8 and abs(blue - 0xA0) <= 8
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        assert not window.pump()
    finally:
        window.close()


def test_settings_persist_with_the_game(tmp_path):
    path = str(tmp_path / "nvm.bin")
    sim = Simulator(seed=41, nvm=open_nvm(path))
    sim.press_all(["start", "down*5", "a", "down", "a", "down*2", "a", "b", "b"])  # sound on, animations off
    assert sim.app.settings.sound and not sim.app.settings.animations
    sim.frames(62000 // FRAME_MS)
    again = Simulator(seed=42, nvm=open_nvm(path))
    assert again.app.settings.sound and not again.app.settings.animations
    assert again.app.feedback.sound


def test_hint_uses_the_real_solver():
    sim = Simulator(seed=43)  # no solver injected: engine.solver.best_move, DEVICE effort
    sim.press_all(["left", "down", "left"])
    sim.press("select")
    direction = sim.app.view._arrow_direction
    assert 0 <= direction <= 3
    trial = list(sim.game.cells)
    assert rules.slide(trial, direction) >= 0  # the hint is a legal move
    assert sim.app.view.status_text == "hint\n" + rules.NAMES[direction].upper()


def test_hint_without_room_for_the_solver_says_so_and_play_goes_on(monkeypatch):
    # Loading engine.solver can fail on a full heap (MemoryError) or when
    # it is missing (ImportError): the hint and autoplay answer "no solver".
    import builtins

    real_import = builtins.__import__

    for error in (MemoryError, ImportError):

        def failing_import(name, *args, **kwargs):
            if name == "engine.solver":
                raise error("no room")
            return real_import(name, *args, **kwargs)

        monkeypatch.setattr(builtins, "__import__", failing_import)
        sim = Simulator(seed=44)
        sim.press("select")
        assert sim.app.view.status_text == "no\nsolver"
        moves = sim.game.moves
        for button in ("left", "down", "right", "up"):
            sim.press(button)
        assert sim.game.moves > moves
        monkeypatch.setattr(builtins, "__import__", real_import)


def test_menu_save_now_keeps_every_move_for_the_power_switch():
    from engine.store import Store

    sim = Simulator(seed=12)
    for button in ("left", "down", "right", "down"):
        sim.press(button)
    moves = sim.game.moves
    assert moves >= 2
    sim.press("start")
    while sim.app.menus.row != len(pages.menu_items()) - 1:
        sim.press("up")
    assert pages.menu_items()[sim.app.menus.row] == "Save now"
    sim.press("a")
    assert sim.app.mode == PLAY and sim.app.view.status_text == "saved"
    # Power off now: a new store on the same NVM resumes exactly here.
    resumed = Store(sim.nvm).load()
    assert resumed.cells == sim.game.cells and resumed.moves == moves
    assert resumed.rng.state == sim.game.rng.state


def test_after_the_menu_the_solver_comes_back_a_step_a_frame():
    # The menu lets the solver go; the next hint loads it again in three
    # frames (the module, its tables, the search with its buffers), so the
    # garbage of each step is let go before the next (docs/ram-budget.md).
    import sys

    sim = Simulator(seed=45)
    sim.press_all(["left", "down"])
    sim.press("start")
    sim.press("b")
    assert sim.app.mode == PLAY and "engine.solver" not in sys.modules
    assist = sim.app.assist
    assist.request_hint()
    solver = sys.modules["engine.solver"]
    assert sim.app.view.status_text == "think\n..." and assist.busy
    sim.frames(1)  # the module's own frame: its garbage goes
    assert not solver._TABLES and solver._SEARCH is None and assist.busy
    sim.frames(1)  # the tables, nothing else
    assert solver._TABLES and solver._SEARCH is None and assist.busy
    sim.frames(1)  # the search, and the hint
    assert solver._SEARCH is not None and not assist.busy
    direction = sim.app.view._arrow_direction
    assert sim.app.view.status_text == "hint\n" + rules.NAMES[direction].upper()
    trial = list(sim.game.cells)
    assert rules.slide(trial, direction) >= 0
