# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Adafruit Fruit Jam (board_id ``adafruit_fruit_jam``): RP2350B with PSRAM.

A DVI monitor: the firmware makes ``supervisor.runtime.display`` at start
when a monitor answers (640x480 at 8 bits by default: the 160x120 layout
at scale 4; or 320x240 at 16 bits with ``CIRCUITPY_DISPLAY_WIDTH = 320``
in settings.toml: scale 2). There is no ``board.DISPLAY``. A USB keyboard
plays (its keys reach ``sys.stdin``: app.stdin_keys); the three buttons,
low when pressed, are B (BUTTON1), A (BUTTON2) and Start (BUTTON3). 4 KB
of NVM in one RP2350 flash sector, saved as a log; 5 NeoPixels. Sources:
ports/raspberrypi/boards/adafruit_fruit_jam/ in CircuitPython; the
adafruit_fruitjam library for the video modes.
"""

from app.hardware import Hardware
from boards import _common

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/).
#: A USB keyboard: its keys are the ones named (app.stdin_keys).
BUTTONS = {"D-pad": "Arrows", "Start": "Enter", "Select": "Space"}

#: The game's button that takes a move back while Settings > Undo is on
#: (on the play screen, the win banner and the game-over banner): B (the
#: keyboard's B, Z, Esc or Backspace; button 1).
#: Its Controls page names it in the board's own names.
UNDO = "B"

#: How saves are placed (engine.store): an append-only log in the sector, erased
#: only when full (a write into erased bytes programs without an erase here).
STORE = {"layout": "log"}
#: RP2350 (Cortex-M33, 150 MHz): at least the PyBadge's speed (docs/boards.md).
SPEED = 1.0


def hardware(console=None):
    """The Fruit Jam as the game sees it: a USB keyboard on the console, and
    its three buttons as B, A and Start.

    :param console: what to read the keyboard from (default ``sys.stdin``).
    """
    import sys

    import board
    import keypad
    import supervisor

    from app.stdin_keys import KeyboardControls, StdinKeys

    event = keypad.Event()
    # Key numbers 0, 1, 2 are the game's B, A and Start (app.controls).
    buttons = _common.pin_keys((board.BUTTON1, board.BUTTON2, board.BUTTON3))
    return Hardware(
        display=_common.display(),
        keys=StdinKeys(supervisor.runtime, console or sys.stdin, buttons, event),
        event=event,
        controls=KeyboardControls(names=BUTTONS),
        nvm=_common.nvm(),
        store=STORE,
        pixels=_common.neopixels(board.NEOPIXEL, 5),
        speed=SPEED,
        # A DVI monitor: no backlight the board can set (docs/power.md).
        dimmable=False,
    )
