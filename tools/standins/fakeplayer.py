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
    # Two buttons and tilt (app.two_buttons): Select's hint is A in play,
    # Start's menu is B; the directions are tilts (TILTS), a held Select
    # (autoplay) both buttons.
    "clue_nrf52840_express": ({"a": "BUTTON_A", "b": "BUTTON_B", "select": "BUTTON_A", "start": "BUTTON_B"}, {}),
    # No B: X (Start) leaves any page for the game, O (A) an info page for
    # the menu; the script's B presses are X, the button that backs out.
    "pewpew_m4": ({
        "up": "BUTTON_UP", "left": "BUTTON_LEFT", "down": "BUTTON_DOWN", "right": "BUTTON_RIGHT",
        "a": "BUTTON_O", "start": "BUTTON_X", "select": "BUTTON_Z", "b": "BUTTON_X",
    }, {}),
}

from scenario import GAP_FRAMES, POSITIONS, SCENARIO, SETTLE_FRAMES, TAP_MS


#: Boards played by tilting: the tilt for each direction, (x, y) in
#: milli-g along the screen's right and down (the profiles' TILT_AXES: +x, +y).
TILTS = {"clue_nrf52840_express": {"left": (-500, 0), "right": (500, 0), "up": (0, -500), "down": (0, 500)}}
#: How long a tilt is held before the board comes back level (ms).
TILT_MS = 140
#: Boards played from a keyboard on the console (app.stdin_keys): what each button types.
KEYBOARDS = {
    "adafruit_fruit_jam": {
        "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
        "a": "a", "b": "b", "start": "\r", "select": " ", "hold-select": "p",
    }
}


def _keys():
    return BOARDS.get(fakeworld.BOARD_ID, BOARDS["pybadge"])


def buttons():
    """The game buttons the faked board has."""
    board_id = fakeworld.BOARD_ID
    if board_id in KEYBOARDS:
        return tuple(name for name in KEYBOARDS[board_id] if name != "hold-select")
    keys, stick = _keys()
    return tuple(keys) + tuple(stick) + tuple(TILTS.get(board_id, ()))


def _type(text, at):
    for char in text:
        fakeworld.typed.append((at, char))
    # Keep the world running until the keys have been read.
    fakeworld.add_key(at + 2 * fakeworld.FRAME_MS, -1, False)


def press(button, held_ms=TAP_MS, at=None):
    """Schedule ``button`` down at ``at`` (default: now) and up ``held_ms`` later; returns the release time."""
    start = fakeworld.now if at is None else at
    board_id = fakeworld.BOARD_ID
    if board_id in KEYBOARDS:
        # A key typed is one press and release, however long it is held;
        # a held Select is the autoplay key.
        name = "hold-select" if button == "select" and held_ms > TAP_MS else button
        _type(KEYBOARDS[board_id][name], start)
        return start + held_ms
    tilts = TILTS.get(board_id)
    if tilts is not None and button in tilts:
        x, y = tilts[button]
        fakeworld.tilts.append((start, x, y, 866))
        fakeworld.tilts.append((start + TILT_MS, 0, 0, 1000))
        fakeworld.add_key(start + TILT_MS + 3 * fakeworld.FRAME_MS, -1, False)
        return start + TILT_MS + 3 * fakeworld.FRAME_MS
    keys, stick = _keys()
    if tilts is not None and button == "select" and held_ms > TAP_MS:
        # Two buttons: a held Select (autoplay) is A and B together.
        fakeworld.add_key(start, keys["a"], True)
        fakeworld.add_key(start + fakeworld.FRAME_MS, keys["b"], True)
        fakeworld.add_key(start + held_ms, keys["a"], False)
        fakeworld.add_key(start + held_ms, keys["b"], False)
        return start + held_ms
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
    """The inputs of ``actions`` from ``start`` ms as keyword arguments of
    ``fakeworld.reset`` (script, analog_script, tilt_script, typed_script;
    no "board" actions)."""
    saved = fakeworld.now, fakeworld.keys, fakeworld.delivered, fakeworld.analog, fakeworld.tilts, fakeworld.typed
    fakeworld.now, fakeworld.keys, fakeworld.delivered = start, [], 0
    fakeworld.analog, fakeworld.tilts, fakeworld.typed = {}, [], []
    try:
        schedule(None, actions)
        return {
            "script": fakeworld.keys,
            "analog_script": fakeworld.analog,
            "tilt_script": fakeworld.tilts,
            "typed_script": fakeworld.typed,
        }
    finally:
        (fakeworld.now, fakeworld.keys, fakeworld.delivered, fakeworld.analog, fakeworld.tilts,
         fakeworld.typed) = saved
