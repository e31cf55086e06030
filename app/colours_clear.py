# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Settings > Colours > Clear: a palette record (app.palettes' order) that
every player tells apart, on Classic's light backdrop.

Each of the 18 cells differs from every other by at least the CIEDE2000
difference docs/colours.md states, in normal vision and under simulated
protanopia, deuteranopia and tritanopia, as the panel shows them
(RGB565); every tile's digits are dark on a light tile or white on a dark
one at a WCAG contrast of at least 4.5:1 (tools/measure/colours.py prints
the figures; tests/test_colours.py holds them). The tiles were picked by a
search over the panel's colours for the largest smallest difference, then
ordered from light (2) to dark (131072).

Imported only to be read and forgotten (app.palettes.colours).
"""

COLOURS = (
    0xFAF8EF,  # background
    0xBBADA0,  # board
    0x181818,  # title
    0x181818,  # score
    0x181818,  # status
    0xF9F6F2,  # ring
    0xCDC1B4,  # the empty cell
    0xE8F0F8,  # 2
    0x90F898,  # 4
    0xF0B818,  # 8
    0xA8B0D0,  # 16
    0xC868F0,  # 32
    0x989090,  # 64
    0x08A860,  # 128
    0xE86008,  # 256
    0x706888,  # 512
    0x187858,  # 1024
    0x9808E0,  # 2048
    0xB00800,  # 4096
    0x404080,  # 8192
    0x403848,  # 16384
    0x480800,  # 32768
    0x200850,  # 65536
    0x180018,  # 131072
    0xCDC1B4,  # (no ink on the empty cell)
    0x181818,  # 2's digits
    0x181818,  # 4's digits
    0x181818,  # 8's digits
    0x181818,  # 16's digits
    0x181818,  # 32's digits
    0x181818,  # 64's digits
    0x181818,  # 128's digits
    0x181818,  # 256's digits
    0xFFFFFF,  # 512's digits
    0xFFFFFF,  # 1024's digits
    0xFFFFFF,  # 2048's digits
    0xFFFFFF,  # 4096's digits
    0xFFFFFF,  # 8192's digits
    0xFFFFFF,  # 16384's digits
    0xFFFFFF,  # 32768's digits
    0xFFFFFF,  # 65536's digits
    0xFFFFFF,  # 131072's digits
)
