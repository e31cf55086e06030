# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What a player reads on the glass, screen by screen, on every layout.

Each step presses a button as the board's player does and reads the text
of the last refreshed frame (tools/play/glass.py), never the group tree: the
result must be there within 2 frames of the event that acts (a press; a
release for a tap of Select, whose hold means autoplay, and for the
CLUE's two buttons). Then, on every profile, random keys: 2 frames after
each, the glass holds exactly what the app has drawn.
"""

import random

import pytest
from fake_inputs import first_legal

import boards
from app.backlight import DIM_AFTER_MS
from app.controls import LONG_PRESS_MS
from tests.shared import LAYOUTS
from tests.tiles import board
from tools.play.simulator import FRAME_MS, Simulator

#: Frames a result may take: the one that reads the key, and one more (the
#: menu's modules load in the frame after Start).
FRAMES = 2


def _within(sim, seen):
    for _ in range(FRAMES):
        sim.step()
        if seen():
            return True
    return False


def key(sim, button, *words, absent=(), changes=False):
    """Press and release ``button``; within FRAMES frames of the press (or,
    if it acts on its release, of the release) the glass shows every one of
    ``words`` (each within a line), none of ``absent``, and (``changes``)
    a picture other than before."""
    glass = sim.glass
    before = glass.changes

    def seen():
        return glass.shows(*words) and not any(glass.shows(word) for word in absent) and (not changes or glass.changes > before)

    sim.down(button)
    if _within(sim, seen):
        sim.up(button)
        sim.settle()
        return
    sim.up(button)
    if _within(sim, seen):
        sim.settle()
        return
    raise AssertionError("%s on the %s: the glass shows %r" % (button, sim.board_id, glass.lines()))


def keys(sim, *buttons):
    """Press buttons whose results the tour does not check (getting somewhere)."""
    for button in buttons:
        sim.press(button)


@pytest.fixture(params=sorted(LAYOUTS), ids=str)
def sim(request):
    return Simulator(seed=7, board=LAYOUTS[request.param], solver=first_legal)


def test_the_play_screen_hint_and_status(sim):
    assert sim.glass.shows("SCORE", "BEST")
    key(sim, "select", "hint", "UP")  # first_legal's move
    key(sim, "up", absent=("hint",), changes=True)  # a move clears it
    sim.app.recover(MemoryError())  # a frame that ran out of memory
    assert _within(sim, lambda: sim.glass.shows("low", "memory"))


def test_the_menu_and_every_page_it_opens(sim):
    names = sim.module("app.help_text").names(sim.app.overlay.columns)  # as they fit the screen
    key(
        sim,
        "start",
        "Menu",
        "Resume",
        "New game",
        "Autoplay: start",
        "Help",
        "Stats",
        "Settings",
        "About",
        "Save now",
        absent=("SCORE",),
    )
    key(sim, "down", "Menu", changes=True)  # the highlight moves
    key(sim, "a", "New game?", "No, keep playing", "Yes, start over")
    key(sim, "b", "Menu", "Resume", absent=("New game?",))
    keys(sim, "down", "down")
    key(sim, "a", "Help", *names)
    key(sim, "a", "Controls")
    key(sim, "b", "Help", "Rules", "Strategy")
    keys(sim, "down")
    key(sim, "a", "Rules", "A move slides")
    key(sim, "b", "Help")
    keys(sim, "down")
    key(sim, "a", "Strategy 1/", "Four mistakes")
    key(sim, "right", "Strategy 2/")
    key(sim, "left", "Strategy 1/", "Four mistakes")
    key(sim, "b", "Help")
    keys(sim, "down")
    key(sim, "a", "1/", "It tries all 4")
    keys(sim, "b", "b", "down")
    key(sim, "a", "Stats 1/", "Games", "Best score")
    keys(sim, *["right"] * (len(sim.app.menus.pages) - 2))
    key(sim, "right", "NVM erases used:", "reset stats")  # the last page
    key(sim, "b", "Menu")
    keys(sim, "down")
    key(sim, "a", "Settings", "Brightness", "Sound", "off", "Saving")
    keys(sim, "down")
    key(sim, "a", "Settings", changes=True)  # Sound: on
    assert any(line.startswith("Sound") and line.endswith("on") for line in sim.glass.lines())
    key(sim, "b", "Menu")
    keys(sim, "down")
    key(sim, "a", "About 1/", "2048 version", "Simulator of the")
    key(sim, "right", "About 2/")
    # The last page: the solver's scoring (learned table or heuristic) and the rules.
    for _ in range(2):
        if sim.glass.shows("Rules: Gabriele"):
            break
        key(sim, "right", "About ", changes=True)
    assert sim.glass.shows("Rules: Gabriele", "Solver: "), sim.glass.lines()
    key(sim, "b", "Menu")
    keys(sim, "down")
    # Save now: back on the board, and it says so (on 128x128 the one
    # status line takes the scores' place).
    shown = ("saved",) if sim.app.view.layout.status_lines == 1 else ("SCORE", "BEST", "saved")
    key(sim, "a", *shown, absent=("Menu",))


def test_the_win_and_game_over_banners(sim):
    sim.game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . 2"), score=5000)
    sim.app.show_position()
    sim.step()
    key(sim, "left", "You win!", "Continue", "New game")
    key(sim, "a", "SCORE", absent=("You win!",))  # Continue
    sim.game.set_board(board(". 2 8 16", "4 16 32 64", "2 4 8 16", "4 2 4 2"), score=1232)
    sim.app.show_position()
    sim.step()
    key(sim, "left", "Game over", "Score")
    assert sim.glass.shows("Score %d" % sim.game.score)
    key(sim, "b", absent=("Game over",), changes=True)  # a look at the final board
    key(sim, "b", "Game over")
    key(sim, "a", "SCORE", absent=("Game over",), changes=True)  # a new game


def test_autoplay_says_so_and_any_key_stops_it(sim):
    if sim.facts["played"] == "keyboard":
        sim.type("p")  # the autoplay key
    else:
        sim.down("select")  # held
        sim.frames(LONG_PRESS_MS // FRAME_MS - 1)
        assert not sim.glass.shows("AUTO")
    assert _within(sim, lambda: sim.glass.shows("AUTO", "play"))
    sim.up("select")
    sim.frames(10)
    moves = sim.game.moves
    assert moves > 0
    key(sim, "b", absent=("AUTO",))


def test_the_screen_dims_and_the_waking_key_does_nothing_else(sim):
    sim.frames(DIM_AFTER_MS // FRAME_MS + 2)
    assert sim.app.power.dimmed
    # A backlight only on or off (the Wio Terminal's) stays lit: dimmed
    # would be dark (docs/power.md).
    assert sim.display.brightness < 0.5 if sim.app.hardware.dimmable else sim.display.brightness == 1.0
    lines, cells = sim.glass.lines(), list(sim.game.cells)
    sim.down("left")
    sim.step()
    assert sim.display.brightness == 1.0  # the backlight: at once, no refresh needed
    sim.up("left")
    sim.frames(FRAMES)
    assert sim.glass.lines() == lines and sim.game.cells == cells


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_start_shows_the_menu_and_back_shows_the_board_on_every_profile(board_id):
    sim = Simulator(seed=3, board=board_id, solver=first_legal)
    assert sim.glass.shows("SCORE", "BEST")
    key(sim, "start", "Menu", "Resume", absent=("SCORE",))
    key(sim, "start", "SCORE", "BEST", absent=("Menu",))  # Start again: back to the game
    key(sim, "start", "Menu")
    back = "b" if sim.has("b") else "start"  # the PewPew M4 has no B
    key(sim, back, "SCORE", absent=("Menu",))
    key(sim, "select", "hint")


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_after_any_key_the_glass_holds_what_the_app_drew(board_id):
    # 2 frames after each key the group tree is what the last refresh
    # sent: nothing drawn waits for a refresh that never comes (the tree
    # the display shows: the play screen's, or a page's own).
    rng = random.Random(board_id)
    sim = Simulator(seed=4, board=board_id, solver=first_legal)
    buttons = sorted(sim.buttons())
    for _ in range(120):
        button = rng.choice(buttons)
        sim.down(button)
        sim.frames(rng.choice((1, 1, 2, 6)))
        sim.up(button)
        sim.frames(FRAMES)
        if sim.app.animation.active or sim.app.assist.busy:
            sim.settle()
            sim.frames(FRAMES)
        assert not sim.glass.stale(sim.display.root_group), (button, sim.app.mode)


@pytest.mark.parametrize("board_id", ["pybadge", "tinycircuits_thumby_color"])
def test_a_save_that_fails_says_so_on_the_glass(board_id):
    # The policy's save runs after the frame's refresh: what it says
    # ("save FAILED") must be on the glass within the next frames.
    from fakenvm import FaultyNVM

    from engine.store import FAILED

    sim = Simulator(seed=5, board=board_id, solver=first_legal, nvm=FaultyNVM(write_error=OSError(5, "EIO")))
    sim.press("left")
    for _ in range(62000 // FRAME_MS):  # the policy's longest wait
        sim.step()
        if sim.app.saving.last_save == FAILED:
            break
    assert sim.app.saving.last_save == FAILED
    assert _within(sim, lambda: sim.glass.shows("save", "FAILED"))
