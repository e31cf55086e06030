# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What differs between the faked boards besides their pins (data only).

Read by the fake world in a VM and by the tools on the desktop (it imports
nothing). Sources: each board's mpconfigboard.mk and its port's NVM size
in CircuitPython (docs/boards.md).
"""

#: Bytes of ``microcontroller.nvm`` per board (the ports' CIRCUITPY_INTERNAL_NVM_SIZE):
#: 8 KB on SAMD51 and nRF52840 (the default), 4 KB on RP2040 and RP2350,
#: none on STM32F4.
NVM_BYTES = {
    "hack_club_sprig": 4096,
    "pimoroni_picosystem": 4096,
    "adafruit_fruit_jam": 4096,
    "tinycircuits_thumby_color": 4096,
    "meowbit_v121": 0,
}
#: Modules a board's firmware is built without: the stand-ins of these
#: raise ImportError on that board.
MISSING = {
    "seeeduino_wio_terminal": ("vectorio",),
    "pewpew_m4": ("vectorio", "bitmaptools", "terminalio", "analogio", "neopixel_write"),
    "meowbit_v121": ("bitmaptools",),
}


def nvm_bytes(board_id):
    """Size of the NVM of ``board_id``."""
    return NVM_BYTES.get(board_id, 8192)
