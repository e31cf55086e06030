# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""PewPew M4 (board_id ``pewpew_m4``): SAMD51.

160x128 (its display starts with auto_refresh off; the game refreshes it
itself anyway); 7 buttons, low when pressed: the D-pad, O is A, X is Start
(menu: in the menu it also leaves the menu), Z is Select (hint; hold for
autoplay). There is no B: pages are left with X. 8 KB of NVM in one SAMD51
erase block. Its build has neither vectorio nor bitmaptools (the game
draws without them) and no big ints (the game keeps every int below
2**30). Sources: ports/atmel-samd/boards/pewpew_m4/ in CircuitPython.
"""

from app.hardware import Hardware
from boards import _common

#: A SAMD51 at 120 MHz: the speed the solver's budget was set for.
SPEED = 1.0

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/).
#: There is no B: X, the game's Start, is what backs out of a page.
BUTTONS = {"A": "O", "B": "X", "Start": "X", "Select": "Z"}

#: The game's button that takes a move back while Settings > Undo is on
#: (on the play screen, the win banner and the game-over banner): O held
#: (there is no B; O, the game's A, acts when let go while Undo is on).
#: Its Controls page names it in the board's own names.
UNDO = "Hold A"

#: Key numbers of (O, X, Z, Right, Down, Up, Left) -> the game's (A, Start,
#: Select, Right, Down, Up, Left).
KEYMAP = bytes((1, 2, 3, 4, 5, 6, 7))


def hardware():
    """The PewPew M4 as the game sees it."""
    import board

    from app.controls import Controls

    pins = (
        board.BUTTON_O,
        board.BUTTON_X,
        board.BUTTON_Z,
        board.BUTTON_RIGHT,
        board.BUTTON_DOWN,
        board.BUTTON_UP,
        board.BUTTON_LEFT,
    )
    return Hardware(
        display=board.DISPLAY,
        keys=_common.pin_keys(pins),
        controls=Controls(KEYMAP, BUTTONS, UNDO),
        nvm=_common.nvm(),
        speed=SPEED,
        # Its firmware has no backlight pin: the screen stays lit (docs/power.md).
        dimmable=False,
    )
