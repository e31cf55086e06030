# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A full key-event queue drops events; the app then forgets held keys, so the
next press of any key works (keypad.EventQueue.overflowed / clear())."""

from fake_inputs import Event, world_buttons

from app import controls
from app.controller import PLAY
from app.controls import Controls
from app.joystick import JoystickKeys
from app.menus import MENU
from tools.play.simulator import Simulator


def test_forget_lets_a_key_with_a_lost_release_act_again():
    keys = Controls()
    assert keys.translate(Event(controls.KEY_LEFT, True), 0) == controls.LEFT
    # Its release is lost: a second press looks like a bounce and is ignored.
    assert keys.translate(Event(controls.KEY_LEFT, True), 10) == controls.NONE
    keys.forget()
    assert keys.held == 0
    assert keys.translate(Event(controls.KEY_LEFT, True), 20) == controls.LEFT
    # Select held across the loss neither hints on release nor autoplays.
    keys.translate(Event(controls.KEY_SELECT, True), 30)
    keys.forget()
    assert keys.poll(30 + 2 * controls.LONG_PRESS_MS) == controls.NONE
    assert keys.translate(Event(controls.KEY_SELECT, False), 40) == controls.NONE


def fill_and_drop_the_release(sim, key):
    """Queue events until the queue is full, with ``key``'s press queued and
    its release dropped (the board's keypad.EventQueue holds 64 events: the
    fake keypad's does too)."""
    events = sim.app.keys.events
    for _ in range(31):
        sim.down("b")
        sim.up("b")
    sim.down(key)  # 63rd
    sim.down("b")  # 64th: the queue is full
    assert not events.overflowed
    sim.up(key)  # dropped
    sim.up("b")  # dropped
    assert events.overflowed and len(events) == 64


def test_after_an_overflow_the_next_press_of_any_key_works():
    sim = Simulator(seed=1)
    fill_and_drop_the_release(sim, "start")
    sim.frames(2)
    # Start opened the menu, the queued B closed it; the flag is cleared
    # and no key is held any more.
    assert sim.app.mode == PLAY
    assert not sim.app.keys.events.overflowed and len(sim.app.keys.events) == 0
    assert sim.app.controls.held == 0
    sim.press("start")  # once ignored: Start still looked held
    assert sim.app.mode == MENU
    sim.press("b")
    cells = list(sim.game.cells)
    for name in ("left", "down", "right", "up"):
        sim.press(name)
    assert sim.game.cells != cells  # the D-pad works too


def test_a_held_direction_across_an_overflow_does_not_move_twice():
    # The key is still down after the loss: its release then does nothing,
    # and no move is made that the player did not press for.
    sim = Simulator(seed=2)
    fill_and_drop_the_release(sim, "left")
    sim.frames(2)
    moves = sim.game.moves
    sim.up("left")  # the real release, later
    sim.frames(2)
    assert sim.game.moves == moves


def test_the_pygamer_queue_reports_and_clears_an_overflow():
    # The PyGamer's keypad and stick in the fake world: the stick's queue
    # reports the keypad's overflow and clears it.
    world, buttons = world_buttons("pygamer")
    analogio, board = world.module("analogio"), world.module("board")
    keys = JoystickKeys(buttons, analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
    assert not keys.events.overflowed
    for _ in range(33):  # 66 events: the keypad holds 64
        world.down("a")
        world.up("a")
    assert keys.events.overflowed
    keys.events.clear()
    assert not keys.events.overflowed and len(keys.events) == 0


class FlagQueue:
    """A key queue that reports overflow with a plain attribute and has no
    clear() (some keypad-like drivers): the app resets the flag itself."""

    def __init__(self, events):
        self.items = list(events)
        self.overflowed = True

    def get(self):
        return self.items.pop(0) if self.items else None

    def __len__(self):
        return len(self.items)


class FlagKeys:
    def __init__(self, events):
        self.events = FlagQueue(events)


def test_a_queue_without_clear_gets_its_flag_reset():
    app = Simulator(seed=3).app
    keys = app.keys = FlagKeys([])  # in place of the board's keypad
    app._event = None  # it has no get_into()
    keys.events.items = [Event(controls.KEY_START, True)]  # its release was lost
    app.step()
    app.step()  # the menu shows from the frame after Start
    assert app.mode == MENU and not keys.events.overflowed and app.controls.held == 0
    keys.events.items = [Event(controls.KEY_START, True)]  # the next press acts: back to play
    app.step()
    assert app.mode == PLAY
