# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Adafruit PyGamer (board_id ``pygamer``).

The PyBadge's screen, chip, NVM, speaker and NeoPixels; 4 buttons on the
shift register (0 B, 1 A, 2 Start, 3 Select) and an analog stick
(``JOYSTICK_X``, ``JOYSTICK_Y``) that app.joystick turns into the D-pad's
key numbers. Sources: ports/atmel-samd/boards/pygamer/ in CircuitPython.
"""

from app.hardware import Hardware
from boards import _common

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/).
BUTTONS = {"D-pad": "Stick"}

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
    """The PyGamer as the game sees it."""
    import analogio
    import board
    import keypad
    import supervisor

    from app.controls import Controls
    from app.joystick import JoystickKeys
    from boards._lis3dh import LIS3DHTilt

    event = keypad.Event()
    keys = JoystickKeys(
        _common.shift_register_keys(4),
        analogio.AnalogIn(board.JOYSTICK_X),
        analogio.AnalogIn(board.JOYSTICK_Y),
        event,
    )
    return Hardware(
        display=board.DISPLAY,
        keys=keys,
        event=event,
        controls=Controls(names=BUTTONS),
        nvm=_common.nvm(),
        speaker=_common.dac_speaker(board.SPEAKER, board.SPEAKER_ENABLE),
        pixels=_common.neopixels(board.NEOPIXEL, 5),
        speed=SPEED,
        tilt=LIS3DHTilt(*TILT_AXES),
        # As the PyBadge: the LiPo on A6, 2:1 (the PyGamer's schematic).
        battery=_common.battery(board.A6, 2, usb=supervisor.runtime),
        light=_common.analog(board.LIGHT),
    )
