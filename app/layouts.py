# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The layouts, one per screen size; ``for_screen`` builds the one asked for.

* 160x128 (PyBadge, PyGamer, Sprig, PewPew M4): the board on the left,
  SCORE, BEST and the status in a panel on the right;
* 320x240 (Wio Terminal, Fruit Jam asked for 320x240) and 640x480 (the
  Fruit Jam's default video mode): a 160x120 version of that layout at
  scale 2 or 4 (a Group's scale costs no RAM);
* 240x240 (PicoSystem, CLUE): bigger tiles (numbers of up to 3 digits
  drawn at twice their font's size), the scores in a strip under the
  board, pages and banners at scale 2; on a board whose profile asks for
  it (``board_scale`` 2: the CLUE, short of heap), the board is drawn at
  half resolution and doubled: 1-3 digit tiles look the same, 1024 ..
  8192 are the 5x8 font doubled, and from 16384 on tiles show 16K .. 128K;
* 128x128 (Thumby Color): the board under a one-line strip: SCORE and
  BEST side by side, each titled; a status message ("hint LEFT", "save
  FAILED", "battery low") takes the strip's place until the next move;
  no room for the battery's level (the About page has it).

A screen of another size (a Fruit Jam's other monitor modes, a board
that is not one of these) gets the largest of them that fits, centred:
the 160x120 layout at the biggest whole scale the screen holds, or one of
the others at its own size.

Only the chosen layout is ever built, and code.py forgets this module once
it has it: the others' numbers never take RAM on the board.
"""

from app.layout import Box, Layout

#: The screen sizes there is a layout for.
SIZES = ((128, 128), (160, 128), (240, 240), (320, 240), (640, 480))

#: Tile fonts for a 26 or 27 px tile, by the text's length: each the
#: biggest whose characters fit with a blank column between any two (6x13
#: bold's fill their cells: 4 of them would be 27 px with the blank columns,
#: so 4 characters take 6x13, 23 px). From 16384 on a tile shows its 1024s
#: and a K (16K .. 64K in 8x13 bold, 128K in 6x13: 23 px): five digits
#: would need 5x8 (24 px), six 4x6 (23 px), too small to read at a glance.
_SMALL_TILE_FONTS = (
    ("9x18B-digits.pcf", 1),
    ("9x18B-digits.pcf", 1),
    ("8x13B-digits.pcf", 1),
    ("6x13-digits.pcf", 1),
)
#: From 16384 (2 ** 14) on, small tiles show 16K, 32K, 64K, 128K.
_SMALL_SHORT_FROM = 14
#: SCORE / BEST: 6x13 up to 6 digits (35 px), 5x8 for 7 (34 px).
_SMALL_SCORE_FONTS = (("6x13-digits.pcf", 1), ("5x8-digits.pcf", 1))


def for_screen(width, height, board_scale=1):
    """The layout for a ``width`` x ``height`` display: its own, or the
    largest that fits, centred.

    :param int board_scale: 2: on a 240x240 screen, the board at half
        resolution (the board profile's choice: app.hardware.Hardware);
        every other layout draws its board at its own resolution.
    :raises ValueError: the screen is smaller than every layout.
    """
    if (width, height) == (160, 128):
        return _panel(128, 5, 1)
    if (width, height) == (240, 240):
        return _square_240(board_scale)
    if (width, height) == (128, 128):
        return _square_128()
    # The 160x120 panel at the biggest whole scale (320x240 and 640x480
    # exactly), or a square layout where it covers more of the screen.
    scale = min(width // 160, height // 120)
    best, best_area = None, 0
    for side, fits, build in (
        (160 * scale, scale > 0, None),
        (240, width >= 240 and height >= 240, _square_240),
        (128, width >= 128 and height >= 128, _square_128),
    ):
        area = side * (side * 3 // 4 if build is None else side)
        if fits and area > best_area:
            best, best_area = build, area
    if best_area == 0:
        raise ValueError("this %dx%d screen is too small: the game needs 128x128 or more" % (width, height))
    layout = _panel(120, 1, scale) if best is None else best()
    layout.left = (width - layout.width * layout.scale) // 2
    layout.top = (height - layout.height * layout.scale) // 2
    return layout


def _panel(height, top, scale):
    # 160 px wide: a 118 px board on the left, a 38 px score panel on the
    # right. 128 rows on a PyBadge; 120 (8 fewer) for screens of twice or
    # four times 160x120, drawn at that scale.
    return Layout(
        160,
        height,
        tile=27,
        gap=2,
        board=(1, top),
        score=Box(121, top, 38, 33),
        best=Box(121, top + 36, 38, 33),
        status=(121, top + 73, 6),
        tile_fonts=_SMALL_TILE_FONTS,
        score_fonts=_SMALL_SCORE_FONTS,
        arrow=41,
        scale=scale,
        battery=(121, top + 100, 6),  # under the status lines
        short_from=_SMALL_SHORT_FROM,
    )


#: The 240x240 board at half resolution (faces of 23 px, doubled): up to
#: 3 characters in the fonts the full-resolution faces draw doubled (so
#: 2 .. 512 look the same), 4 in 5x8 (19 px: "1024"), and from 16384 on the
#: short form (16K .. 64K in 6x13 bold, 20 px; 128K in 5x8), each a pixel
#: clear of the 23 px tile's edges.
_HALF_TILE_FONTS = (
    ("9x18B-digits.pcf", 1),
    ("9x18B-digits.pcf", 1),
    ("6x13B-digits.pcf", 1),
    ("5x8-digits.pcf", 1),
)


def _square_240(board_scale=1):
    # 46 px tiles; up to 3 digits at twice the size (9x18 bold: "64" is
    # 30 px wide; 6x13 bold, a blank column between digits: "512" is 40 px),
    # 4 to 6 digits at their own size (131072 in 6x13 bold: 41 px), every
    # number in full. At board_scale 2 the faces are 23 px, drawn once and
    # shown doubled (_HALF_TILE_FONTS).
    half = board_scale == 2
    return Layout(
        240,
        240,
        tile=46,
        gap=4,
        board=(18, 2),
        # The title's capitals end 3 rows above the digits (its cell's
        # descender rows are blank), the digits 6 rows above the bottom.
        score=Box(2, 208, 96, 31, title_y=1, digits_y=15, narrow_y=15),
        best=Box(142, 208, 96, 31, title_y=1, digits_y=15, narrow_y=15),
        status=(102, 211, 6),
        tile_fonts=_HALF_TILE_FONTS
        if half
        else (
            ("9x18B-digits.pcf", 2),
            ("9x18B-digits.pcf", 2),
            ("6x13B-digits.pcf", 2),
            ("9x18B-digits.pcf", 1),
            ("8x13B-digits.pcf", 1),
            ("6x13B-digits.pcf", 1),
        ),
        score_fonts=(("9x18B-digits.pcf", 1), ("9x18B-digits.pcf", 1)),
        arrow=60 if half else 61,
        overlay_scale=2,
        battery="status",  # between the scores, while no status shows
        short_from=_SMALL_SHORT_FROM if half else 18,
        board_scale=2 if half else 1,
    )


def _square_128():
    # 26 px tiles under a 14 px strip: "SCORE 1234" and "BEST 5678", each
    # title on the left of its digits (6 digits in 5x8, the 7 of a score
    # past a million in 4x6). No room for the two status lines: one line
    # of 21 characters shows in the strip instead of the scores.
    return Layout(
        128,
        128,
        tile=26,
        gap=2,
        board=(7, 14),
        score=Box(0, 0, 63, 14, title_y=0, digits_y=3, narrow_y=4, title_x=1, digits_x=47),
        best=Box(65, 0, 63, 14, title_y=0, digits_y=3, narrow_y=4, title_x=1, digits_x=45),
        status=(1, 1, 21),
        tile_fonts=_SMALL_TILE_FONTS,
        score_fonts=(("5x8-digits.pcf", 1), ("4x6-digits.pcf", 1)),
        arrow=41,
        status_lines=1,
        short_from=_SMALL_SHORT_FROM,
    )
