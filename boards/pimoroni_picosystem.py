# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Pimoroni PicoSystem (board_id ``pimoroni_picosystem``): RP2040.

240x240 IPS; the D-pad and A, B, X, Y on their own pins, low when pressed:
A is A, B is B, X is Start (menu), Y is Select (hint; hold for autoplay).
4 KB of NVM in one RP2040 flash sector; a piezo on ``AUDIO`` (PWM).
Sources: ports/raspberrypi/boards/pimoroni_picosystem/ in CircuitPython.
"""

from app.hardware import Hardware
from boards import _common

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/).
BUTTONS = {"Start": "X", "Select": "Y"}

#: The game's button that takes a move back while Settings > Undo is on
#: (on the play screen, the win banner and the game-over banner): B.
#: Its Controls page names it in the board's own names.
UNDO = "B"

#: How saves are placed (engine.store): an append-only log in the sector, erased
#: only when full (a write into erased bytes programs without an erase here).
STORE = {"layout": "log"}
#: RP2040 against the PyBadge's SAMD51 (docs/boards.md).
SPEED = 0.8


def hardware():
    """The PicoSystem as the game sees it."""
    import board
    import supervisor

    from app.controls import Controls

    pins = (board.SW_B, board.SW_A, board.SW_X, board.SW_Y, board.SW_RIGHT, board.SW_DOWN, board.SW_UP, board.SW_LEFT)
    return Hardware(
        display=board.DISPLAY,
        keys=_common.pin_keys(pins),
        controls=Controls(names=BUTTONS),
        nvm=_common.nvm(),
        store=STORE,
        speaker=_common.pwm_speaker(board.AUDIO),
        speed=SPEED,
        # Its 525 mAh LiPo on BAT_SENSE through a 3:1 divider (Pimoroni's
        # picosystem library); VBUS_DETECT's polarity is not published:
        # USB is a host's (docs/power.md).
        battery=_common.battery(board.BAT_SENSE, 3, usb=supervisor.runtime),
    )
