# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Faults at lines of the game's own code (tools/measure/faults.py): nothing
escapes a frame, and after any fault the game is one a player can go on with.

On the board a ``MemoryError`` or ``RuntimeError: pystack exhausted`` can
come at any line that allocates or calls. Here they are raised at chosen
lines (``fault_at``: the n-th line run in one function) and at random lines
(a seeded sample of the instrument's play survey), through the board's own
start-up; what the player sees is read from the glass.
"""

import sys

import pytest

from tests import sampling
from tests.shared import still_plays
from tests.tiles import board, on_glass
from tools import ROOT
from tools.measure import faults
from tools.measure.faults import fault_at
from tools.play.simulator import Simulator

KINDS = (0, 1)  # faults.FAULTS: MemoryError, RuntimeError("pystack exhausted")
SAYS = {0: ("low", "memory"), 1: ("too", "deep")}


def kind_name(kind):
    return faults.FAULTS[kind][0].__name__


def lines_run(sim, path, function, presses):
    """How many lines ``function`` of ``path`` runs while ``presses`` are pressed
    (counted by an injector that never fires)."""
    with fault_at(path, function, nth=10**9) as counter:
        sim.press_all(presses)
    return counter.lines


def the_glass_shows_the_game(sim):
    """After a frame, the glass shows the game's board with nothing over it."""
    sim.step()
    return on_glass(sim) == list(sim.game.cells)


# -- item: nothing escapes App.step ---------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=kind_name)
def test_a_fault_while_a_frame_is_paced_is_recovered_and_said(kind):
    sim = Simulator(seed=1)
    for nth in range(1, lines_run(sim, "app/controller.py", "_pace", ["wait"]) // 50 + 1):
        with fault_at("app/controller.py", "_pace", kind, nth) as injector:
            sim.step()  # nothing escapes
        assert injector.fired, nth
    assert sim.app.faults == nth
    sim.step()
    assert sim.glass.shows(*SAYS[kind])
    assert still_plays(sim)


def test_the_main_loop_goes_on_when_a_sleep_fails():
    # App.run is the board's main loop (code.py's main): what it calls
    # between frames must not stop the game either.
    sim = Simulator(seed=1, paced=True)
    slept = []

    def sleep(seconds):
        slept.append(seconds)
        if len(slept) == 1:
            raise MemoryError("memory allocation failed")
        if len(slept) == 4:
            raise KeyboardInterrupt  # (the test's way out of the loop)

    with pytest.raises(KeyboardInterrupt):
        sim.app.run(sleep)
    assert len(slept) == 4 and all(0 < seconds <= 0.1 for seconds in slept)


def test_a_fault_while_tilt_is_turned_on_leaves_keys_that_read():
    # Settings > Tilt: on swaps the key source (the buttons merged with
    # tilt); a fault before the app knew how to read the new one left it
    # reading the old way, and every frame after failed at its first key.
    from app import pages

    nth = 0
    while True:
        nth += 1
        sim = Simulator(seed=11)
        sim.press("start")
        while pages.menu_items()[sim.app.menus.row] != "Settings":
            sim.press("down")
        sim.press_all(["a", "down*%d" % (len(pages.SETTING_ROWS) - 1)])  # Tilt, the last row
        with fault_at("app/controller.py", "_apply_settings", nth % 2, nth) as injector:
            sim.press("a")  # Tilt: on
        if not injector.fired:
            break
        faults_then = sim.app.faults
        assert still_plays(sim), nth
        assert sim.app.faults == faults_then, (nth, sim.app.view.status_text)  # no frame fails on its own
    assert nth > 5


# -- item: a new game is the old one or a whole new one -------------------------


def _new_game_with_fault(sim, path, function, kind, nth):
    # Menu > New game > "Yes, start over", a fault at the nth line run in
    # function as the choice is confirmed; returns whether it fired.
    sim.press("start")
    while sim.app.menus.row != 1:
        sim.press("down")
    sim.press_all(["a", "down"])
    with fault_at(path, function, kind, nth) as injector:
        sim.press("a")
    return bool(injector.fired)


@pytest.mark.parametrize(
    "path, function",
    [
        ("engine/game.py", "new_game"),
        ("engine/game.py", "_note_best_tile"),
        ("engine/rng.py", "below"),
        ("app/controller.py", "new_game"),
    ],
    ids=lambda value: value.replace("/", "."),
)
def test_a_fault_at_any_line_of_a_new_game_leaves_the_old_game_or_a_whole_new_one(path, function):
    # (Each line gets one fault, of either kind in turn.)
    sim = Simulator(seed=2)
    sim.press_all(["left", "up", "right", "down", "left"])
    nth = 0
    while True:
        nth += 1
        before = (list(sim.game.cells), sim.game.score, sim.game.stats.games)
        kind = nth % 2
        if not _new_game_with_fault(sim, path, function, kind, nth):
            break  # past the last line the function runs
        game = sim.game
        after = (list(game.cells), game.score, game.stats.games)
        whole_new = game.score == 0 and game.moves == 0 and 16 - game.cells.count(0) == 2 and after[2] == before[2] + 1
        assert after == before or whole_new, (nth, before, after)
        assert not game.over and game.cells.count(0) < 16
        assert the_glass_shows_the_game(sim), (nth, on_glass(sim), game.cells)
        assert sim.glass.shows(*SAYS[kind])
    assert nth > 1
    assert still_plays(sim)


# -- item: a failed animated move leaves nothing of its animation -----------------


@pytest.mark.parametrize("function", ["start", "_add", "_note_merge", "_end_slide", "finish"])
def test_a_fault_at_any_line_of_an_animated_move_leaves_the_board_as_the_game_has_it(function):
    # (Each line gets one fault, of either kind in turn.)
    sim = Simulator(seed=6)
    directions = ["left", "down", "right", "up"]
    nth = 0
    fired = True
    while fired:
        nth += 1
        fired = False
        for direction in directions:
            cells = list(sim.game.cells)
            with fault_at("app/animation.py", function, nth % 2, nth) as injector:
                sim.press(direction)
            if injector.fired:
                fired = True
                break
            if sim.game.cells != cells:
                directions.append(directions.pop(0))
        if fired:
            assert not sim.app.animation.active
            if sim.game.over:  # the move that ended it: the banner, then a new game
                assert sim.glass.shows("Game over")
                sim.press("a")
            assert the_glass_shows_the_game(sim), (function, nth, on_glass(sim), sim.game.cells)
        elif sim.game.over:
            sim.press("a")
    assert nth > 1
    assert still_plays(sim)


@pytest.mark.parametrize("function", ["_page", "_play_screen"])
def test_a_fault_at_any_line_of_a_page_or_banner_coming_or_going_leaves_an_overlay_that_goes(function):
    # The menu opened (a page) and closed (the banner), a fault at
    # each line in turn: a group taken off the play screen and not yet
    # hidden (or shown and not yet on it) once made every later hide fail.
    # Then the game over banner peeked under (B) and shown again (B):
    # there the play screen is set as the root anew, and a fault between
    # the two roots it sets once left the screen none.
    sim = Simulator(seed=2)
    sim.game.set_board(board(". 2 8 16", "4 16 32 64", "2 4 8 16", "4 2 4 2"))
    sim.app.show_position()
    sim.press("left")
    assert sim.game.over
    nth = 0
    fired = True
    while fired:
        nth += 1
        with fault_at("app/overlay.py", function, nth % 2, nth) as injector:
            sim.press_all(["start", "wait", "b", "wait", "b", "wait", "b", "wait"])
        fired = bool(injector.fired)
        sim.frames(2)
        assert not faults.problems(sim.app), (function, nth, faults.problems(sim.app))
    assert nth > 3
    sim.press("a")  # a new game, from the banner
    assert still_plays(sim)


@pytest.mark.parametrize("kind", KINDS, ids=kind_name)
def test_a_recovery_cut_short_by_a_second_fault_is_finished_in_the_next_frame(monkeypatch, kind):
    sim = Simulator(seed=6)
    fault, text = faults.FAULTS[kind]
    real = sim.app.show_position
    calls = []

    def show_position():
        calls.append(1)
        if len(calls) == 1:
            raise fault(text)  # the recovery's own drawing fails once
        real()

    # The move's sprites are up when the first fault comes (the 9th line
    # of Animation.start places the first one); then the recovery fails.
    for direction in ("left", "down", "right", "up"):
        cells = list(sim.game.cells)
        monkeypatch.setattr(sim.app, "show_position", show_position)
        with fault_at("app/animation.py", "_add", kind, 3):
            sim.down(direction)
            sim.step()
            sim.up(direction)
        if sim.game.cells != cells:
            break
    assert calls == [1], "the recovery never ran"
    sim.step()  # the next frame finishes the recovery first
    assert calls == [1, 1]
    assert not sim.app.animation.active
    assert the_glass_shows_the_game(sim), (on_glass(sim), sim.game.cells)
    assert sim.glass.shows(*SAYS[kind])
    monkeypatch.undo()
    assert still_plays(sim)


# -- random lines: a seeded sample of the instrument's play survey ---------------


@pytest.mark.parametrize("board_id, seed, frames", [("pybadge", 1, 2000), ("hack_club_sprig", 2, 1000)])
def test_faults_at_random_lines_never_escape_a_frame_nor_leave_a_dead_game(board_id, seed, frames):
    run = faults.Run(board_id, seed)
    run.play(frames)
    assert len(run.injector.fired) > frames // 20  # faults did come
    assert run.escaped == []
    assert run.dead == [] and run.unprovoked == []


def test_the_instrument_sees_a_fault_escape_and_a_dead_game():
    # The instrument itself: an App whose pacing runs outside the frame's
    # try (as it did), and one that does nothing after a fault.
    run = faults.Run("pybadge", 3, every=300)
    run.power_on()
    app = run.world.app
    step = app.step
    app.step = lambda: (step(), app._pace())
    run.play(600)
    assert any(where.startswith("app/controller.py:_pace:") for where, _ in run.escaped), run.escaped
    run = faults.Run("pybadge", 3, every=300)
    run.power_on()
    run.world.app.recover = run.world.app._settle = lambda *error: None
    run.play(300)
    assert run.dead, run.dead


# -- start-up: one fault at a line of it, with a saved game on the board ---------


@pytest.mark.parametrize(
    "board_id, path, function",
    [
        ("pybadge", "code.py", "start"),
        ("pybadge", "engine/store.py", "load"),
        ("pybadge", "engine/store.py", "_scan"),
        ("pybadge", "engine/record.py", "verdict"),
        ("hack_club_sprig", "engine/store.py", "load"),
        ("hack_club_sprig", "engine/store_log.py", "scan"),
    ],
    ids=lambda value: value.replace("/", "."),
)
def test_one_fault_at_any_line_of_start_up_gives_the_saved_game_or_the_message(board_id, path, function):
    # Never a fresh game in place of the saved one (its first save would
    # replace the player's record), never a traceback: the load lets a
    # fault out, code.py tries again with less, or says memory is short.
    # Every line under make test-slow; make test the first, the last and
    # a seeded sample between (tests/sampling.py), each fault of the kind
    # its place in the whole enumeration gives it.
    first = {}
    faults.start_up_once(board_id, 0, 0, play_ms=0, first=first, where=(path, function))
    points = sorted(first.values())
    assert len(points) > 3, points
    chosen = sampling.cases(
        "start-up faults, %s %s %s" % (board_id, path, function), range(len(points)), 6, always=(0, len(points) - 1)
    )
    for index in chosen:
        at = points[index]
        outcome, where, said, _, _ = faults.start_up_once(board_id, at, index % 2, play_ms=0, where=(path, function))
        assert where is not None
        assert outcome in (faults.SAVED, faults.MESSAGE), (where, outcome, said)


def _forget_cut():
    # app/memory.py, and the line of forget that runs while a module's entry
    # is None: a fault there leaves it so.
    memory = ROOT / "app" / "memory.py"
    lines = memory.read_text().splitlines()
    return memory, next(number for number, text in enumerate(lines, 1) if "del sys.modules[name]" in text)


def test_the_start_up_after_one_cut_inside_forget_is_a_whole_power_on():
    # app.memory.forget sets a module's entry to None and then deletes it:
    # a fault between the two leaves the name halted in sys.modules. The
    # next start-up is a power-on (the survey's next run), which the
    # profiles' import must not find halted.
    memory, line = _forget_cut()
    faults.start_up_once("pybadge", 0, 0, play_ms=0)  # as the survey does: forget's lines count sys.modules
    first = {}
    faults.start_up_once("pybadge", 0, 0, play_ms=0, first=first, where=("app/memory.py", "forget"))
    # The cut that halts "boards" itself (its submodules go first): a run
    # of that line within the first forget's loop.
    for at in range(first[(str(memory), line)], max(first.values())):
        _, where, _, _, _ = faults.start_up_once("pybadge", at, 0, play_ms=0, where=("app/memory.py", "forget"))
        if where == "app/memory.py:forget:%d" % line and "boards" in sys.modules and sys.modules["boards"] is None:
            break
    else:
        raise AssertionError("no cut in forget left the profiles' package halted")
    outcome, _, said, _, _ = faults.start_up_once("pybadge", 0, 0, play_ms=0)
    assert outcome == faults.SAVED, said


class _AtOneLine(faults.Injector):
    # Counts the runs of one line of ``where`` alone: at=k is its k-th run.
    def __init__(self, line, **options):
        super().__init__(**options)
        self.only = line

    def _runs_nothing(self, filename, line):
        return line != self.only


def test_a_menu_closed_by_a_forget_cut_between_its_two_steps_opens_again():
    # app.memory.forget sets a module's entry to None, then deletes it. A
    # fault between the two as the menu closed left that module halted:
    # every Start (or Help) after it failed ("error") for the rest of the
    # power-on. The recovery's forget() mends it. A fault at each run of
    # that line as the menu closes, each on a fresh power-on: the menu and
    # its Help open again.
    memory, line = _forget_cut()
    cuts = 0
    while True:
        sim = Simulator(seed=1)
        sim.press("start")
        injector = _AtOneLine(line, at=cuts + 1, kind=cuts % 2, where=("app/memory.py", "forget"))
        injector.arm()
        try:
            sim.press("start")  # closes the menu: its modules are forgotten
        finally:
            injector.disarm()
        if not injector.fired:
            break  # each module the close forgets has had its cut
        cuts += 1
        assert sim.glass.lines()[0] != "Menu"  # closed, by the recovery
        sim.press_all(["start", "down*3", "a"])
        assert sim.glass.lines()[:2] == ["Help", "Controls"], (cuts, sim.glass.lines())
    assert cuts >= 3, cuts  # app.menus, app.pages and app.help_text at least
