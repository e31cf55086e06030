# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The battery's side of the game: the board sleeps between frames, and the
screen goes off when nobody plays (the game saved first).

Pacing is tested by what the main loop asks for (how long it sleeps), on
the fake clock: a paced World moves its clock by exactly that (and by the
frame's own work, where a test adds some), never by waiting.
"""

import pytest
from fake_inputs import first_legal

from app.backlight import DIM_AFTER_MS
from app.controller import DARK_FRAME_MS, FRAME_MS
from engine.store import Store
from tools.play.simulator import Simulator


def paced(**options):
    return Simulator(solver=first_legal, paced=True, **options)


def test_an_idle_frame_sleeps_for_the_rest_of_its_slot():
    sim = paced(seed=1)
    sim.sleeps.clear()
    sim.frames(50)
    assert sim.sleeps == [FRAME_MS] * 50  # the fake frames cost no time: all of it


def test_a_frame_that_works_longer_sleeps_less_and_one_that_overruns_none():
    sim = paced(seed=2)
    app = sim.app
    real = app.assist.tick

    def busy(now, work=[7, 35]):
        if work:
            sim.advance(work.pop(0))  # this frame's work takes that long
        return real(now)

    app.assist.tick = busy
    sim.sleeps.clear()
    sim.frames(3)
    # 7 ms of work: 13 ms of sleep; 35 ms (past its slot): none, and the
    # schedule starts again from there; then whole slots again.
    assert sim.sleeps == [FRAME_MS - 7, 0, FRAME_MS]


def test_moves_animations_and_hints_keep_their_timing():
    from app.animation import APPEAR_MS, DURATION_MS
    from tests.tiles import board

    timings = []
    for options in ({"paced": True}, {}):
        sim = Simulator(seed=3, solver=first_legal, **options)
        sim.game.set_board(board(". . . 2", ". . . .", ". . . .", ". . . ."))
        sim.app.show_position()
        sim.down("left")
        sim.step()  # the frame that reads the key starts the slide
        started, frames = sim.now, 0
        while sim.app.animation.active:
            sim.step()
            frames += 1
        timings.append((frames, sim.now - started))
        sim.up("left")
        sim.press("select")
        assert sim.glass.shows("hint")
    assert timings[0] == timings[1]  # paced or not: the same frames, the same time
    frames, elapsed = timings[0]
    assert DURATION_MS + APPEAR_MS <= elapsed <= DURATION_MS + APPEAR_MS + FRAME_MS


def test_the_main_loop_sleeps_what_the_frame_asks_for():
    sim = Simulator(seed=4, solver=first_legal)
    asked = []

    class Stop(BaseException):  # as Ctrl-C's KeyboardInterrupt: the one thing that stops the loop
        pass

    def sleep(seconds):
        asked.append(seconds)
        if len(asked) == 5:
            raise Stop

    app = sim.app
    app.wait_ms = 0
    real = app.step

    def step():
        real()
        app.wait_ms = 20  # as a paced frame asks

    app.step = step
    with pytest.raises(Stop):
        app.run(sleep)
    assert asked == [0.02] * 5


def test_the_screen_goes_off_after_five_minutes_the_game_saved_first():
    sim = paced(seed=5)
    sim.press("left")  # a game in progress
    moves = sim.game.moves
    sim.frames((DIM_AFTER_MS + 1000) // FRAME_MS)
    assert sim.app.power.dimmed and not sim.app.power.off and 0 < sim.display.brightness < 0.5
    while not sim.app.power.off:
        sim.step()
        assert sim.now < 5 * 60000 + 2000
    assert sim.now >= 5 * 60000  # the default
    assert sim.display.brightness == 0
    saved = Store(sim.nvm).load()
    assert saved.moves == moves and saved.cells == sim.game.cells  # kept as the screen went dark
    # Dark, the board sleeps longer between frames.
    sim.sleeps.clear()
    sim.frames(10)
    assert sim.sleeps == [DARK_FRAME_MS] * 10


def test_a_key_wakes_the_dark_screen_and_does_nothing_else():
    sim = paced(seed=6)
    sim.frames((5 * 60000 + 1000) // FRAME_MS)
    assert sim.app.power.off
    cells, lines = list(sim.game.cells), sim.glass.lines()
    sim.press("start")  # would open the menu
    assert sim.display.brightness == 1.0 and not sim.app.power.off
    assert sim.app.mode == "play" and sim.game.cells == cells and sim.glass.lines() == lines
    sim.sleeps.clear()
    sim.frames(3)
    assert sim.sleeps == [FRAME_MS] * 3
    sim.press("start")  # awake: now it does
    assert sim.app.mode == "menu"


@pytest.mark.parametrize("presses, minutes", [(0, 5), (1, 10), (2, 0), (3, 2)])
def test_the_screen_off_setting(presses, minutes):
    sim = paced(seed=7)
    sim.press_all(["start", "down*5", "a", "down*5"])  # Settings > Screen off
    for _ in range(presses):
        sim.press("a")
    shown = "%d min" % minutes if minutes else "never"
    assert any(line.startswith("Screen off") and line.endswith(shown) for line in sim.glass.lines())
    sim.press_all(["b", "b"])
    limit = (minutes or 30) * 60000
    start = sim.now
    while not sim.app.power.off and sim.now - start < limit + 2000:
        sim.step()
    assert sim.app.power.off == bool(minutes)
    if minutes:
        assert minutes * 60000 <= sim.now - start < minutes * 60000 + 2000


def test_the_screen_stays_on_while_the_solver_plays():
    sim = paced(seed=8)
    sim.press("hold-select")
    sim.frames((3 * 60000) // FRAME_MS)  # autoplay to the end of the game, or on
    while sim.app.assist.autoplay and sim.now < 12 * 60000:
        sim.step()
        assert not sim.app.power.off


def test_the_setting_is_kept_with_the_game():
    nvm = bytearray(b"\xff" * 8192)
    sim = paced(seed=9, nvm=nvm)
    sim.press_all(["start", "down*5", "a", "down*5", "a", "b", "b"])  # 10 min
    sim.app.saving.save(sim.now)
    again = paced(seed=9, nvm=nvm)
    assert again.app.settings.screen_off_ms == 10 * 60000
    assert again.app.power.off_after_ms == 10 * 60000


def test_a_long_paced_run_keeps_only_its_latest_sleeps():
    # Every frame's sleep was kept: a simulated week with the screen off
    # (six million frames) held 49 MB of them.
    from tools.play.world import SLEEPS_KEPT

    sim = paced(seed=10)
    slept = sim.slept_ms
    sim.frames(5 * SLEEPS_KEPT + 7)
    assert SLEEPS_KEPT <= len(sim.sleeps) < 2 * SLEEPS_KEPT
    assert sim.sleeps[-5:] == [FRAME_MS] * 5
    assert sim.slept_ms - slept == (5 * SLEEPS_KEPT + 7) * FRAME_MS  # the total, all of it


@pytest.mark.parametrize(
    "board_id, button", [("pygamer", "left"), ("clue_nrf52840_express", "left"), ("adafruit_fruit_jam", "a")]
)
def test_a_live_player_leaves_no_growing_script_behind(board_id, button):
    # The window's player presses for as long as it plays: a stick's
    # readings, tilts and typed keys that can no longer be read are let go
    # (each was kept, and each read walked all of them).
    sim = Simulator(board=board_id, seed=11, solver=first_legal)
    world = sim.fakeworld
    for _ in range(500):
        sim.down(button)
        sim.frames(3)
        sim.up(button)
        sim.frames(3)
    kept = sum(len(steps) for steps in world.analog.values()) + len(world.tilts) + len(world.typed)
    assert kept <= 4
    assert sim.game.moves > 0 or board_id == "adafruit_fruit_jam"  # the presses were played


def test_the_readings_and_brightness_autos_shift_keep_their_beat_across_the_clock_wrap():
    # supervisor.ticks_ms wraps at 2**29: the battery and the light sensor
    # are read twice a second straight through it, Brightness "auto" moving
    # the frame schedule 2 ms at each reading, and no frame loses its slot.
    sim = paced(seed=12, start_ms=(1 << 29) - 5000, light=6000)
    app = sim.app
    app.settings.auto_brightness = True
    app._apply_settings()
    readings = []
    tick = app.power.battery.tick

    def counted():
        readings.append(sim.now)
        return tick()

    app.power.battery.tick = counted
    sim.sleeps.clear()
    sim.frames(1000)  # 20 s, the wrap 5 s in
    assert sim.now < 20000  # wrapped
    gaps = {(later - earlier) & 0x1FFFFFFF for earlier, later in zip(readings, readings[1:])}
    assert gaps == {498}  # POWER_MS less the shift, every time
    assert set(sim.sleeps) == {FRAME_MS, FRAME_MS - 2}
    assert app.power.auto.step == 2  # 6000: the 60 % level, chosen from the first readings
