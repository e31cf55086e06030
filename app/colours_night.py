# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Settings > Colours > Night: a palette record (app.palettes' order) for
low light: a black backdrop, a dark board, and no tile of a relative
luminance above 0.35 (a third of white's).

The same guarantees as Clear (app/colours_clear.py): each of the 18 cells
differs from every other by at least the
CIEDE2000 difference docs/colours.md states, in normal vision and under
simulated protanopia, deuteranopia and tritanopia, as the panel shows them
(RGB565); every tile's digits are at a WCAG contrast of at least 4.5:1
(tools/measure/colours.py prints the figures; tests/test_colours.py holds
them). The tiles were picked by a search over the panel's colours for the
largest smallest difference, then ordered from dark (2) to light (131072).

Imported only to be read and forgotten (app.palettes.colours).
"""

COLOURS = (
    0x000000,  # background
    0x181818,  # board
    0xB0B0B0,  # title
    0xD8D8D8,  # score
    0xD8D8D8,  # status
    0x808080,  # ring
    0x303030,  # the empty cell
    0x381040,  # 2
    0x080090,  # 4
    0x580800,  # 8
    0x583860,  # 16
    0x305838,  # 32
    0xA80000,  # 64
    0x8828A0,  # 128
    0x2830F8,  # 256
    0x585858,  # 512
    0x607880,  # 1024
    0x787860,  # 2048
    0x2870F0,  # 4096
    0x987020,  # 8192
    0xB088D0,  # 16384
    0x80A800,  # 32768
    0x20B0A0,  # 65536
    0xC89078,  # 131072
    0x303030,  # (no ink on the empty cell)
    0xD8D8D8,  # 2's digits
    0xD8D8D8,  # 4's digits
    0xD8D8D8,  # 8's digits
    0xD8D8D8,  # 16's digits
    0xD8D8D8,  # 32's digits
    0xD8D8D8,  # 64's digits
    0xD8D8D8,  # 128's digits
    0xD8D8D8,  # 256's digits
    0xD8D8D8,  # 512's digits
    0x000000,  # 1024's digits
    0x000000,  # 2048's digits
    0x000000,  # 4096's digits
    0x000000,  # 8192's digits
    0x000000,  # 16384's digits
    0x000000,  # 32768's digits
    0x000000,  # 65536's digits
    0x000000,  # 131072's digits
)
