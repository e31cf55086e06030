# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A scripted player for the fake hardware: presses buttons, waits, watches.

Shared by the measuring tools (tools/ram_budget.py runs each stage of
``SCENARIO`` as one top-level call in a VM) and by the tests that run
``code.py`` on fake hardware. Buttons are the game's logical ones (up,
down, left, right, a, b, start, select); ``BUTTON_KEYS`` says which key
number each is on the faked board, or which stick direction.
"""

import fakeworld

#: PyBadge key numbers (keypad.ShiftRegisterKeys, 8 keys).
PYBADGE_KEYS = {"b": 0, "a": 1, "start": 2, "select": 3, "right": 4, "down": 5, "up": 6, "left": 7}
#: PyGamer: 4 buttons on the shift register; directions on the analog stick.
PYGAMER_KEYS = {"b": 0, "a": 1, "start": 2, "select": 3}
PYGAMER_STICK = {"left": ("JOYSTICK_X", 2000), "right": ("JOYSTICK_X", 63000), "up": ("JOYSTICK_Y", 2000), "down": ("JOYSTICK_Y", 63000)}

#: Per board: (button -> key number or pin, button -> (stick pin, value)).
#: On boards with a pin per key the player presses pins by name: which
#: physical button is which game button is written here from the board's
#: markings (docs/boards.md), so a profile that lists its pins in another
#: order fails the tests instead of swapping buttons.
BOARDS = {
    "pybadge": (PYBADGE_KEYS, {}),
    "pygamer": (PYGAMER_KEYS, PYGAMER_STICK),
    "hack_club_sprig": ({
        "up": "BUTTON_W", "left": "BUTTON_A", "down": "BUTTON_S", "right": "BUTTON_D",
        "a": "BUTTON_L", "b": "BUTTON_K", "start": "BUTTON_I", "select": "BUTTON_J",
    }, {}),
    "pimoroni_picosystem": ({
        "up": "SW_UP", "left": "SW_LEFT", "down": "SW_DOWN", "right": "SW_RIGHT",
        "a": "SW_A", "b": "SW_B", "start": "SW_X", "select": "SW_Y",
    }, {}),
    "seeeduino_wio_terminal": ({
        "up": "SWITCH_UP", "left": "SWITCH_LEFT", "down": "SWITCH_DOWN", "right": "SWITCH_RIGHT",
        "a": "SWITCH_PRESS", "b": "BUTTON_3", "start": "BUTTON_1", "select": "BUTTON_2",
    }, {}),
    "tinycircuits_thumby_color": ({
        "up": "BUTTON_UP", "left": "BUTTON_LEFT", "down": "BUTTON_DOWN", "right": "BUTTON_RIGHT",
        "a": "BUTTON_A", "b": "BUTTON_B", "start": "BUTTON_MENU", "select": "BUTTON_BUMPER_RIGHT",
    }, {}),
    # No B: X (Start) leaves any page for the game, O (A) an info page for the menu.
    "pewpew_m4": ({
        "up": "BUTTON_UP", "left": "BUTTON_LEFT", "down": "BUTTON_DOWN", "right": "BUTTON_RIGHT",
        "a": "BUTTON_O", "start": "BUTTON_X", "select": "BUTTON_Z",
    }, {}),
}

from scenario import GAP_FRAMES, POSITIONS, SCENARIO, SETTLE_FRAMES, TAP_MS


def _keys():
    return BOARDS.get(fakeworld.BOARD_ID, BOARDS["pybadge"])


def buttons():
    """The game buttons the faked board has."""
    keys, stick = _keys()
    return tuple(keys) + tuple(stick)


def press(button, held_ms=TAP_MS, at=None):
    """Schedule ``button`` down at ``at`` (default: now) and up ``held_ms`` later; returns the release time."""
    start = fakeworld.now if at is None else at
    keys, stick = _keys()
    if button in keys:
        fakeworld.add_key(start, keys[button], True)
        fakeworld.add_key(start + held_ms, keys[button], False)
    else:
        pin, value = stick[button]
        steps = fakeworld.analog.setdefault(pin, [])
        steps.append((start, value))
        steps.append((start + held_ms, 32768))
        # Keep the world running until the stick is back in the middle.
        fakeworld.add_key(start + held_ms + fakeworld.FRAME_MS, -1, False)
    return start + held_ms


def _prepare(app, name):
    cells, score = POSITIONS[name]
    app.game.set_board(cells, score=score)
    app.show_position()


def schedule(app, actions):
    """Turn a stage's actions into scheduled inputs (a prepared board is set at once)."""
    at = fakeworld.now
    for action in actions:
        kind = action[0]
        if kind == "tap":
            at = press(action[1], TAP_MS, at) + GAP_FRAMES * fakeworld.FRAME_MS
        elif kind == "hold":
            at = press(action[1], action[2], at) + GAP_FRAMES * fakeworld.FRAME_MS
        elif kind == "wait":
            at += action[1]
            fakeworld.add_key(at, -1, False)
        elif kind == "board":
            _prepare(app, action[1])


def run_until_idle(app, settle=SETTLE_FRAMES):
    """Step the app until every scheduled input is read, then ``settle`` frames more."""
    while fakeworld.pending():
        app.step()
    for _ in range(settle):
        app.step()


def play_stage(app, index):
    """Play ``SCENARIO[index]`` to its end (one measured step of the tools)."""
    schedule(app, SCENARIO[index][1])
    run_until_idle(app)


def script(actions, start=0):
    """(key events, analog steps) of ``actions`` from ``start`` ms, for
    ``fakeworld.reset(script=..., analog_script=...)`` (no "board" actions)."""
    saved = fakeworld.now, fakeworld.keys, fakeworld.delivered, fakeworld.analog
    fakeworld.now, fakeworld.keys, fakeworld.delivered, fakeworld.analog = start, [], 0, {}
    try:
        schedule(None, actions)
        return fakeworld.keys, fakeworld.analog
    finally:
        fakeworld.now, fakeworld.keys, fakeworld.delivered, fakeworld.analog = saved
