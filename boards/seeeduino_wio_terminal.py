# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Seeed Wio Terminal (board_id ``seeeduino_wio_terminal``): SAMD51 like the PyBadge.

320x240 (the 160x120 layout at scale 2); a 5-way switch (its four ways are
the D-pad, pressing it is A) and three buttons on top: BUTTON_1 is Start
(menu), BUTTON_2 Select (hint; hold for autoplay), BUTTON_3 B; all low when
pressed. 8 KB of NVM in one SAMD51 erase block, as on the PyBadge. Its
build has no vectorio (app.shapes draws rectangles as TileGrids); its
buzzer is not used. Sources: ports/atmel-samd/boards/seeeduino_wio_terminal/
in CircuitPython.
"""

from app.hardware import Hardware
from boards import _common

#: The names printed on the buttons a player presses for the game's (D-pad,
#: A, B, Start, Select; "Up/Down" and "Left/Right" where a pair has a name
#: of its own): every text that names a button reads them from here, on
#: the screen (app.controls.Controls.name), in the release's readme and in
#: deploy's closing words (tools/ship/).
#: The three buttons on its top edge are CircuitPython's BUTTON_1, _2, _3.
BUTTONS = {"D-pad": "5-way switch", "A": "5-way press", "B": "Top 3", "Start": "Top 1", "Select": "Top 2"}

#: The game's button that takes a move back while Settings > Undo is on
#: (on the play screen, the win banner and the game-over banner): B, the
#: top edge's third button.
#: Its Controls page names it in the board's own names.
UNDO = "B"

#: A SAMD51 at 120 MHz: the speed the solver's budget was set for.
SPEED = 1.0


def hardware():
    """The Wio Terminal as the game sees it."""
    import board

    from app.controls import Controls

    pins = (
        board.BUTTON_3,  # B
        board.SWITCH_PRESS,  # A
        board.BUTTON_1,  # Start
        board.BUTTON_2,  # Select
        board.SWITCH_RIGHT,
        board.SWITCH_DOWN,
        board.SWITCH_UP,
        board.SWITCH_LEFT,
    )
    return Hardware(
        display=board.DISPLAY,
        keys=_common.pin_keys(pins),
        controls=Controls(names=BUTTONS),
        nvm=_common.nvm(),
        speed=SPEED,
        light=_common.analog(board.LIGHT),
        # Its backlight pin has no PWM timer: it is on or off (docs/power.md).
        dimmable=False,
    )
