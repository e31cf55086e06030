# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Adafruit CLUE (board_id ``clue_nrf52840_express``): nRF52840 at 64 MHz.

240x240 IPS; only buttons A and B (low when pressed). 8 KB of NVM in two
4 KB flash pages; 1 NeoPixel; a PWM speaker. Sources:
ports/nordic/boards/clue_nrf52840_express/ in CircuitPython.
"""

from boards import _common


#: The screen (``board.DISPLAY`` after the firmware's rotation, in pixels).
SCREEN = (240, 240)
#: Bytes of ``microcontroller.nvm`` (two 4 KB nRF52840 flash pages).
NVM_BYTES = 8192
#: How saves are placed (engine.store): one slot in each 4 KB page, so a
#: save erases only its own page and a cut never touches the other slot.
STORE = {"layout": "pages"}
#: nRF52840 at 64 MHz against the PyBadge's SAMD51: pystone 769 against
#: 1,521.6 passes a second (docs/boards.md).
SPEED = 0.5
#: Key numbers of the two buttons -> the game's A (1) and B (0).
KEYMAP = bytes((1, 0))


def hardware():
    """The CLUE as the game sees it."""
    import board

    return _common.Hardware(
        display=board.DISPLAY,
        keys=_common.pin_keys((board.BUTTON_A, board.BUTTON_B)),
        keymap=KEYMAP,
        nvm=_common.nvm(),
        store=STORE,
        speaker=_common.pwm_speaker(board.SPEAKER),
        pixels=_common.neopixels(board.NEOPIXEL, 1),
        speed=SPEED,
    )
