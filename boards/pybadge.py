# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Adafruit PyBadge, PyBadge LC and EdgeBadge (board_id ``pybadge``, one firmware).

160x128 ST7735R; 8 buttons on a shift register, already in the game's
order (0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up, 7 Left); 8 KB of
NVM in one SAMD51 erase block; a DAC speaker with an enable pin; 5
NeoPixels (the LC has 1: the others stay dark). Sources:
ports/atmel-samd/boards/pybadge/ (board.c, pins.c) in CircuitPython.
"""

from app.hardware import Hardware
from boards import _common

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/). The PyBadge's buttons carry the game's names.
BUTTONS = {}

#: The game's button that takes a move back while Settings > Undo is on
#: (on the play screen, the win banner and the game-over banner): B.
#: Its Controls page names it in the board's own names.
UNDO = "B"

#: A SAMD51 at 120 MHz: the speed the solver's budget was set for.
SPEED = 1.0
#: The LIS3DH's axes that grow when the screen's right / bottom edge is
#: lowered. Not yet checked on a board (docs/boards.md); Tilt is off until
#: a player turns it on in Settings.
TILT_AXES = ("+x", "+y")


def hardware():
    """The PyBadge as the game sees it."""
    import board
    import supervisor

    from app.controls import Controls
    from boards._lis3dh import LIS3DHTilt

    return Hardware(
        display=board.DISPLAY,
        keys=_common.shift_register_keys(8),
        controls=Controls(),
        nvm=_common.nvm(),
        speaker=_common.dac_speaker(board.SPEAKER, board.SPEAKER_ENABLE),
        pixels=_common.neopixels(board.NEOPIXEL, 5),
        speed=SPEED,
        tilt=LIS3DHTilt(*TILT_AXES),
        # The LiPo on A6 through a 2:1 divider (100K/100K: the PyBadge's
        # schematic; Adafruit's guide); no VBUS pin: USB is a host's.
        battery=_common.battery(board.A6, 2, usb=supervisor.runtime),
        light=_common.analog(board.LIGHT),
    )
