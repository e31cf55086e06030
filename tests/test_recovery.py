# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Out of memory or out of Python stack, the game goes on and says so.

Faults are injected where they happen on a full board: inside the solver
(hint, autoplay), while a page is built, while a move animates, at the
very start of a frame; and for real, in the pystack VM, with a pystack
too small for the deepest calls.
"""

import sys

import pytest

from tests.shared import FAULTS, fault_id, still_plays, vm_root
from tools.measure import ram_budget
from tools.play.simulator import Simulator

MESSAGES = {MemoryError: "low\nmemory", RuntimeError: "too\ndeep"}


@pytest.mark.parametrize("fault", FAULTS, ids=fault_id)
def test_a_failing_hint(fault):
    def solver(cells):
        raise fault

    sim = Simulator(seed=3, solver=solver)
    sim.press("select")
    assert sim.app.faults == 1
    assert sim.app.view.status_text == MESSAGES[type(fault)]
    assert sim.app.mode == "play"
    assert still_plays(sim)


@pytest.mark.parametrize("fault", FAULTS, ids=fault_id)
def test_failing_autoplay_stops_and_play_goes_on(fault):
    calls = []

    def solver(cells):
        calls.append(1)
        if len(calls) > 3:
            raise fault
        return 3 if cells[0] == 0 else 2

    sim = Simulator(seed=4, solver=solver)
    sim.press("hold-select")
    sim.frames(100)
    assert not sim.app.assist.autoplay
    assert sim.app.faults == 1
    assert sim.app.view.status_text == MESSAGES[type(fault)]
    assert still_plays(sim)


@pytest.mark.parametrize("fault", FAULTS, ids=fault_id)
def test_a_page_that_cannot_be_built(monkeypatch, fault):
    def document(*_args, **_kwargs):
        raise fault

    sim = Simulator(seed=5)
    sim.press_all(["start", "down*3", "a"])  # Help
    # The menu's modules are loaded while it is open (and let go after).
    monkeypatch.setattr(sys.modules["app.help_text"], "document", document)
    sim.press("a")  # Controls
    assert sim.app.faults == 1
    assert sim.app.mode == "play" and not sim.app.overlay.visible
    assert sim.app.view.status_text == MESSAGES[type(fault)]
    assert still_plays(sim)
    # The menu still opens afterwards.
    sim.press("start")
    assert sim.app.mode == "menu"


@pytest.mark.parametrize("fault", FAULTS, ids=fault_id)
def test_an_animation_that_fails_leaves_the_board_right(monkeypatch, fault):
    sim = Simulator(seed=6)
    animation = type(sim.app.animation)  # the class this power-on imported
    original = animation.start

    def start(self, *args):
        raise fault

    monkeypatch.setattr(animation, "start", start)
    cells = list(sim.game.cells)
    sim.press("left")
    if sim.game.cells == cells:
        sim.press("down")
    assert sim.app.faults == 1
    # The move was made; the board shows it all the same.
    for index in range(16):
        assert sim.app.view.cells[index][0] == sim.game.cells[index]
    monkeypatch.setattr(animation, "start", original)
    assert still_plays(sim)


def test_a_fault_while_recovering_waits_for_the_next_frame(monkeypatch):
    sim = Simulator(seed=7)

    def broken(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(sim.app.view, "show_status", broken)
    monkeypatch.setattr(sim.app.controls, "poll", broken)
    sim.frames(3)  # every frame fails, and so does reporting it: no exception escapes
    assert sim.app.faults == 3
    monkeypatch.undo()
    assert still_plays(sim)


def test_a_pystack_too_small_for_the_deepest_calls_costs_a_few_frames_not_the_game():
    # The whole scripted run in the pystack VM with a pystack big enough
    # for start-up but not for the deepest calls of play (the solver's):
    # the frames that reach too deep are dropped, the run goes on to its
    # end, and the app counts what it recovered from.
    # (A run without heap readings: its fingerprint, printed after the last
    # stage, LOAD_STAGE, says it got there; None had it stopped.)
    with vm_root(ram_budget.build_root) as root:
        (fingerprint,) = ram_budget.fingerprints("pybadge", root, [768])
    assert fingerprint is not None
    cells, score, best, moves, games, faults, _last_save, _why, frames, _nvm, _solver = __import__("json").loads(fingerprint)
    assert faults > 0
    # The game went on: the frames lost are the deep ones (a hint, a
    # confirmed new game with its save), the rest of the script played on
    # (the scenario starts two new games; at least one got through).
    assert len(cells) == 16 and games >= 2 and frames > 500


def _once(fault, real):
    # ``real``, except that its first call raises ``fault``.
    calls = []

    def flaky(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise fault
        return real(*args, **kwargs)

    return flaky


@pytest.mark.parametrize("fault", FAULTS, ids=fault_id)
def test_a_fault_inside_the_move_that_ends_the_game_leaves_a_finished_game(monkeypatch, fault):
    # The move slid and spawned; the fault came as it asked whether any
    # move was left, so ``over`` was never set: the game must not stay a
    # dead board that refuses moves and every save ("invalid over flag").
    import engine.game
    from engine.store import FAILED
    from tests.tiles import board

    sim = Simulator(seed=8)
    sim.game.set_board(board(". 2 8 16", "4 16 32 64", "2 4 8 16", "4 2 4 2"), score=1232)
    sim.app.show_position()
    sim.step()
    monkeypatch.setattr(engine.game, "can_move", _once(fault, engine.game.can_move))
    sim.press("left")  # the last move
    assert sim.app.faults == 1
    assert sim.game.over and sim.app.mode == "over"
    assert sim.glass.shows("Game over")
    assert sim.app.saving.save(sim.now) != FAILED  # the store takes the game as it is
    sim.press("a")  # and a new game starts from the banner
    assert not sim.game.over and sim.glass.shows("SCORE")


@pytest.mark.parametrize("fault", FAULTS + (KeyError("help_menu"), ValueError("odd")), ids=fault_id)
def test_a_fault_while_the_menu_closes_leaves_the_game_playing(monkeypatch, fault):
    # _close_menus failed after it had taken the first handler away; the
    # recovery closes the menu again: nothing may escape App.step.
    sim = Simulator(seed=9)
    sim.press("start")
    controller = sim.module("app.controller")
    monkeypatch.setattr(controller, "forget", _once(fault, controller.forget))
    sim.press("b")
    assert sim.app.faults >= 1 and sim.app.mode == "play"
    assert still_plays(sim)
    sim.press("start")
    assert sim.app.mode == "menu" and sim.glass.shows("Menu", "Resume")


def test_no_exception_escapes_a_frame(monkeypatch):
    # Whatever a part raises (a bug, a driver's odd error), the frame is
    # dropped, the game goes on from a known state and the screen says so.
    sim = Simulator(seed=10)
    for fault in (KeyError("x"), TypeError("y"), ValueError("z"), AttributeError("w"), OSError(5, "EIO")):
        monkeypatch.setattr(sim.app.assist, "tick", _once(fault, sim.app.assist.tick))
        faults = sim.app.faults
        sim.step()
        assert sim.app.faults == faults + 1
        sim.step()
        assert sim.glass.shows("error")
    assert still_plays(sim)
