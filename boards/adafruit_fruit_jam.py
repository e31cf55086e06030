# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Adafruit Fruit Jam (board_id ``adafruit_fruit_jam``): RP2350B with PSRAM.

A DVI monitor: the firmware makes ``supervisor.runtime.display`` at start
when a monitor answers (640x480 at 8 bits by default: the 160x120 layout
at scale 4; or 320x240 at 16 bits with ``CIRCUITPY_DISPLAY_WIDTH = 320``
in settings.toml: scale 2). There is no ``board.DISPLAY``. Three buttons,
low when pressed: BUTTON1 is Start (menu), BUTTON2 Select (hint; hold for
autoplay), BUTTON3 A. 4 KB of NVM in one RP2350 flash sector; 5
NeoPixels. Sources: ports/raspberrypi/boards/adafruit_fruit_jam/ in
CircuitPython; the adafruit_fruitjam library for the video modes.
"""

from boards import _common


#: The screen: the firmware's default 640x480 (320x240 on request).
SCREEN = (640, 480)
#: Bytes of ``microcontroller.nvm`` (one 4 KB RP2040 / RP2350 flash sector).
NVM_BYTES = 4096
#: How saves are placed (engine.store): an append-only log in the sector, erased
#: only when full (a write into erased bytes programs without an erase here).
STORE = {"layout": "log"}
#: RP2350 (Cortex-M33, 150 MHz): at least the PyBadge's speed (docs/boards.md).
SPEED = 1.0
#: Key numbers of BUTTON1..3 -> the game's Start (2), Select (3), A (1).
KEYMAP = bytes((2, 3, 1))


def hardware():
    """The Fruit Jam as the game sees it."""
    import board

    return _common.Hardware(
        display=_common.display(),
        keys=_common.pin_keys((board.BUTTON1, board.BUTTON2, board.BUTTON3)),
        keymap=KEYMAP,
        nvm=_common.nvm(),
        store=STORE,
        pixels=_common.neopixels(board.NEOPIXEL, 5),
        speed=SPEED,
    )
