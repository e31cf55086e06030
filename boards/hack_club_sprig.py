# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Hack Club Sprig (board_id ``hack_club_sprig``): a Raspberry Pi Pico (RP2040).

160x128 ST7735 (the firmware rotates it); 8 buttons, each on its own pin:
W A S D on the left are the D-pad (up, left, down, right); on the right L
is A, K is B, I is Start (menu) and J is Select (hint; hold for
autoplay). They read low when pressed (internal pull-ups). 4 KB of NVM
in one RP2040 flash sector. The I2S amplifier is not used (the game's
click is optional). Sources: ports/raspberrypi/boards/hack_club_sprig/
(board.c, pins.c) in CircuitPython; https://github.com/hackclub/sprig.
"""

from app.hardware import Hardware
from boards import _common

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/).
#: The key marked A slides left: the game's A is L.
BUTTONS = {
    "D-pad": "WASD",
    "Up": "W",
    "Left": "A",
    "Down": "S",
    "Right": "D",
    "A": "L",
    "B": "K",
    "Start": "I",
    "Select": "J",
}

#: The game's button that takes a move back while Settings > Undo is on
#: (on the play screen, the win banner and the game-over banner): B, the
#: key marked K.
#: Its Controls page names it in the board's own names.
UNDO = "B"

#: How saves are placed (engine.store): an append-only log in the sector, erased
#: only when full (a write into erased bytes programs without an erase here).
STORE = {"layout": "log"}
#: RP2040 (Cortex-M0+, 125 MHz) against the PyBadge's SAMD51 (docs/boards.md).
SPEED = 0.8


def hardware():
    """The Sprig as the game sees it."""
    import board

    from app.controls import Controls

    pins = (
        board.BUTTON_K,  # B
        board.BUTTON_L,  # A
        board.BUTTON_I,  # Start
        board.BUTTON_J,  # Select
        board.BUTTON_D,  # Right
        board.BUTTON_S,  # Down
        board.BUTTON_W,  # Up
        board.BUTTON_A,  # Left
    )
    return Hardware(
        display=board.DISPLAY,
        keys=_common.pin_keys(pins),
        controls=Controls(names=BUTTONS),
        nvm=_common.nvm(),
        store=STORE,
        speed=SPEED,
        # Two AAA cells through a diode to the Pico's VSYS, read as VSYS/3
        # on GPIO29; Hack Club's own mapping, 3.1 V fresh (100 %) to 2.0 V
        # empty (0 %), in app.battery's form: (mV - 2000) // 10, percent;
        # VBUS_SENSE (GPIO24) is high on USB power (docs/power.md).
        battery=_common.battery(board.VOLTAGE_MONITOR, 3, "TWO_AAA", _common.digital_in(board.VBUS_SENSE), usb_level=True),
    )
