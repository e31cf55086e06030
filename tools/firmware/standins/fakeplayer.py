# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A scripted player for the fake hardware: presses buttons, waits, watches.

Shared by the measuring tools (tools/measure/ram_budget.py runs each stage of
``SCENARIO`` as one top-level call in a VM) and by the tests that run
``code.py`` on fake hardware. Buttons are the game's logical ones (up,
down, left, right, a, b, start, select); the faked board's entry in
fakeboards.py says which key number or pin each is, or which stick
direction, and whether the board is tilted or typed on instead.
"""

import fakeworld
from scenario import GAP_FRAMES, POSITIONS, SCENARIO, SETTLE_FRAMES, TAP_MS, TILT_LEVEL_FRAMES, TILT_MS, UNDO_HOLD_MS

#: Directions on a board played by tilting: (x, y) in milli-g along the
#: screen's right and down (the profiles' TILT_AXES: +x, +y).
TILTS = {"left": (-500, 0), "right": (500, 0), "up": (0, -500), "down": (0, 500)}
#: On a board played from a keyboard on the console (app.stdin_keys): what each button types.
TYPED = {
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "a": "a",
    "b": "b",
    "start": "\r",
    "select": " ",
    "hold-select": "p",
}


def _played():
    return fakeworld.facts()["played"]


def buttons():
    """The game buttons the faked board has."""
    played = _played()
    if played == "keyboard":
        return tuple(name for name in TYPED if name != "hold-select")
    facts = fakeworld.facts()
    return tuple(facts["keys"]) + tuple(facts["stick"]) + (tuple(TILTS) if played == "tilt" else ())


def _type(text, at):
    for char in text:
        fakeworld.typed.append((at, char))
    # Keep the world running until the keys have been read.
    fakeworld.add_key(at + 2 * fakeworld.FRAME_MS, -1, False)


def press(button, held_ms=TAP_MS, at=None):
    """Schedule ``button`` down at ``at`` (default: now) and up ``held_ms``
    later; returns the release time. A button the board lacks is pressed
    as the one its entry in fakeboards.py names ``instead``."""
    start = fakeworld.now if at is None else at
    button = fakeworld.facts()["instead"].get(button, button)
    played = _played()
    if played == "keyboard":
        # A key typed is one press and release, however long it is held;
        # a held Select is the autoplay key.
        name = "hold-select" if button == "select" and held_ms > TAP_MS else button
        _type(TYPED[name], start)
        return start + held_ms
    if played == "tilt" and button in TILTS:
        x, y = TILTS[button]
        fakeworld.tilts.append((start, x, y, 866))
        fakeworld.tilts.append((start + TILT_MS, 0, 0, 1000))
        fakeworld.add_key(start + TILT_MS + TILT_LEVEL_FRAMES * fakeworld.FRAME_MS, -1, False)
        return start + TILT_MS + TILT_LEVEL_FRAMES * fakeworld.FRAME_MS
    facts = fakeworld.facts()
    keys = facts["keys"]
    if played == "tilt" and button == "select" and held_ms > TAP_MS:
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
        pin, value = facts["stick"][button]
        steps = fakeworld.analog.setdefault(pin, [])
        steps.append((start, value))
        steps.append((start + held_ms, 32768))
        # Keep the world running until the stick is back in the middle.
        fakeworld.add_key(start + held_ms + fakeworld.FRAME_MS, -1, False)
    return start + held_ms


def down(button):
    """``button`` goes down now and stays down (a live player: the
    simulator's window); a keyboard board types its key at once."""
    _live(button, True)


def up(button):
    """``button`` comes up now (see :func:`down`)."""
    _live(button, False)


def _live(button, pressed):
    now = fakeworld.now
    played = _played()
    # A live player plays for as long as it likes: what it did before that
    # can no longer be read is let go (forget_past, forget_typed).
    if played == "keyboard":
        if pressed:
            fakeworld.forget_typed()
            _type(TYPED[button], now)
        return
    if played == "tilt" and button in TILTS:
        x, y = TILTS[button] if pressed else (0, 0)
        fakeworld.forget_past(fakeworld.tilts)
        fakeworld.tilts.append((now, x, y, 866 if pressed else 1000))
        return
    facts = fakeworld.facts()
    if button in facts["keys"]:
        fakeworld.add_key(now, facts["keys"][button], pressed)
        return
    pin, value = facts["stick"][button]
    steps = fakeworld.analog.setdefault(pin, [])
    fakeworld.forget_past(steps)
    steps.append((now, value if pressed else 32768))


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
        elif kind == "undo":
            # The board's undo button (its profile's UNDO): B, or held.
            undo = app.controls.undo_button
            if undo[:5] == "Hold ":
                at = press(undo[5:].lower(), UNDO_HOLD_MS, at)
            else:
                at = press("b", TAP_MS, at)
            at += GAP_FRAMES * fakeworld.FRAME_MS
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
        (fakeworld.now, fakeworld.keys, fakeworld.delivered, fakeworld.analog, fakeworld.tilts, fakeworld.typed) = saved
