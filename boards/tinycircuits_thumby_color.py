# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""TinyCircuits Thumby Color (board_id ``tinycircuits_thumby_color``): RP2350.

128x128 GC9107; 9 buttons on their own pins, low when pressed: the D-pad,
A, B, MENU is Start, the right bumper is Select (hint; hold for autoplay);
the left bumper is not used. 4 KB of NVM in one flash sector; a PWM
speaker with an enable pin. Sources:
ports/raspberrypi/boards/tinycircuits_thumby_color/ in CircuitPython.
"""

from app.hardware import Hardware
from boards import _common

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/).
BUTTONS = {"Start": "MENU", "Select": "R bumper"}

#: The game's button that takes a move back while Settings > Undo is on
#: (on the play screen, the win banner and the game-over banner): B.
#: Its Controls page names it in the board's own names.
UNDO = "B"

#: How saves are placed (engine.store): an append-only log in the sector, erased
#: only when full (a write into erased bytes programs without an erase here).
STORE = {"layout": "log"}
#: RP2350 (Cortex-M33, 150 MHz): at least the PyBadge's speed (docs/boards.md).
SPEED = 1.0


def hardware():
    """The Thumby Color as the game sees it."""
    import board

    from app.controls import Controls

    pins = (
        board.BUTTON_B,
        board.BUTTON_A,
        board.BUTTON_MENU,
        board.BUTTON_BUMPER_RIGHT,
        board.BUTTON_RIGHT,
        board.BUTTON_DOWN,
        board.BUTTON_UP,
        board.BUTTON_LEFT,
    )
    return Hardware(
        display=board.DISPLAY,
        keys=_common.pin_keys(pins),
        controls=Controls(names=BUTTONS),
        nvm=_common.nvm(),
        store=STORE,
        speaker=_common.pwm_speaker(board.SPEAKER, board.SPEAKER_ENABLE),
        speed=SPEED,
        # Its LiPo on VOLTAGE_MONITOR through a 2:1 divider, before the
        # regulator; CHARGE_STAT reads low while it charges on USB
        # (TinyCircuits' game engine; docs/power.md).
        battery=_common.battery(board.VOLTAGE_MONITOR, 2, usb=_common.digital_in(board.CHARGE_STAT), usb_level=False),
    )
