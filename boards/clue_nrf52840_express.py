# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Adafruit CLUE (board_id ``clue_nrf52840_express``): nRF52840 at 64 MHz.

240x240 IPS; only buttons A and B (low when pressed), so the tiles slide
by tilting the board (the LSM6DS accelerometer on ``board.I2C()``; app.tilt)
and the two buttons follow app.two_buttons (A hint, B menu, both
autoplay). 8 KB of NVM in two 4 KB flash pages; 1 NeoPixel; a PWM
speaker. Sources: ports/nordic/boards/clue_nrf52840_express/ in
CircuitPython; the LSM6DS33 and LSM6DS3TR-C datasheets.
"""

from app.hardware import Hardware
from boards import _common

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/).
#: Tilting plays the D-pad; B opens the menu (the game's Start) and A asks
#: for a hint (its Select); in menus A is OK and B goes back.
BUTTONS = {"D-pad": "Tilt", "Up/Down": "Tilt", "Left/Right": "tilt", "Start": "B", "Select": "A"}

#: The game's button that takes a move back while Settings > Undo is on
#: (on the play screen, the win banner and the game-over banner): B held
#: (B alone opens the menu in play; while Undo is on it opens it when let go).
#: Its Controls page names it in the board's own names.
UNDO = "Hold B"

#: How saves are placed (engine.store): one slot in each 4 KB page, so a
#: save erases only its own page and a cut never touches the other slot.
STORE = {"layout": "pages"}
#: nRF52840 at 64 MHz against the PyBadge's SAMD51: pystone 769 against
#: 1,521.6 passes a second (docs/boards.md).
SPEED = 0.5
#: The LSM6DS axes that grow when the screen's right / bottom edge is
#: lowered (Adafruit's CLUE spirit level draws its bubble at -x, -y).
TILT_AXES = ("+x", "+y")


def hardware():
    """The CLUE as the game sees it: tilt slides, A hints, B opens the menu.

    :raises RuntimeError: no accelerometer answers on the I2C bus.
    """
    import board
    import keypad

    from app.tilt import TiltKeys
    from app.two_buttons import TwoButtonControls

    event = keypad.Event()
    # B first: key 0 is the game's B, key 1 its A.
    buttons = _common.pin_keys((board.BUTTON_B, board.BUTTON_A))
    keys = TiltKeys(buttons, _accelerometer(), TILT_AXES[0], TILT_AXES[1], event)
    return Hardware(
        display=board.DISPLAY,
        keys=keys,
        event=event,
        controls=TwoButtonControls(BUTTONS),
        nvm=_common.nvm(),
        store=STORE,
        speaker=_common.pwm_speaker(board.SPEAKER),
        pixels=_common.neopixels(board.NEOPIXEL, 1),
        speed=SPEED,
        # The board at half resolution, doubled: the full-resolution tile
        # faces would take 8 KB more of a heap the CLUE does not have
        # (docs/boards.md, "Adafruit CLUE").
        board_scale=2,
    )


def _accelerometer():
    # The CLUE's accelerometer (an LSM6DS33 on the first boards, an
    # LSM6DS3TR-C on later ones), read by boards._lsm6ds: the library would
    # cost the CLUE some 16 KB of RAM more.
    import board

    from boards._lsm6ds import LSM6DS

    return LSM6DS(board.I2C())
