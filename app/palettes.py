# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Settings > Colours: the play screen's colours as one record per palette.

A palette is a tuple of 42 colours (0xRRGGBB) in the order of the
indices below: the screen's backdrop, the board (its gaps and the score
boxes), the SCORE / BEST titles, the score digits, the status text, the
merge ring, then the 18 cells (0: the empty cell, 1..17: the tiles 2 ..
131072) and the ink of each cell's digits.

* Classic is today's colours (app.theme), built from them when asked for;
* Clear (app/colours_clear.py) and Night (app/colours_night.py) are each a
  module holding only its record: :func:`colours` imports the one asked
  for, copies nothing, and forgets the module, so only the chosen palette
  is ever in RAM, and only in the displayio palettes that show it
  (:func:`paint`).

This module is loaded only to change palettes, and forgotten again
(app.controller): none of it stays in RAM while playing.

Their guarantees (every pair of cells told apart under simulated
protanopia, deuteranopia and tritanopia; WCAG contrast of at least 4.5:1
for every tile's digits) are computed by tools/measure/colours.py and
tests/test_colours.py: docs/colours.md.
"""

from micropython import const

from app import theme

# The record's indices: private consts, so none is a module global or a
# name interned on the board for good once a palette is painted (the
# desktop tools read them here: tools/measure/colours.py).
_BACKGROUND = const(0)
_BOARD = const(1)
_TITLE = const(2)
_SCORE = const(3)
_STATUS = const(4)
_RING = const(5)
# Cell colours: _TILES + exponent (0 the empty cell .. 17).
_TILES = const(6)
# Digit colours: _INKS + exponent (1 .. 17; 0, the empty cell, has none).
_INKS = const(24)
_SIZE = const(42)


def classic():
    """Today's colours (app.theme) as a palette record."""
    tiles = tuple(theme.tile_colour(exponent) for exponent in range(theme.TOP_EXPONENT + 1))
    inks = tuple(theme.text_colour(exponent) for exponent in range(theme.TOP_EXPONENT + 1))
    return (theme.BACKGROUND, theme.BOARD, theme.PANEL_TITLE, theme.LIGHT_TEXT, theme.DARK_TEXT, theme.MERGE_RING) + tiles + inks


def colours(name):
    """The record of palette ``name`` (of app.settings.PALETTES). Clear's
    or Night's module is imported, read and forgotten again: one palette's
    record (a tuple of small ints, ~180 bytes) is all this leaves on the
    heap, and only as long as the caller keeps it. (The imports are
    written out, not built from the name: the bundle ships the modules
    code.py's imports reach, tools/ship/device_imports.py.)
    """
    from app.memory import forget

    # Each module forgotten by the name its import already interned (a
    # name built here would be one more interned for good, and a string).
    if name == "clear":
        from app.colours_clear import COLOURS as record

        forget("app.colours_clear")
    elif name == "night":
        from app.colours_night import COLOURS as record

        forget("app.colours_night")
    else:
        record = classic()
    return record


def paint(view, colours):
    """Show the play screen of ``view`` (an app.board_view.BoardView) in
    the palette ``colours``: every colour is written into the displayio
    palettes the screen already has, so the next refresh sends the whole
    screen in its new colours, and nothing is allocated but the record."""
    board = colours[_BOARD]
    view.group[0].pixel_shader[0] = colours[_BACKGROUND]  # the backdrop
    view.group[1].pixel_shader[0] = board
    view.rings[0].pixel_shader[0] = colours[_RING]  # one palette for every ring
    empty = colours[_TILES]
    for exponent in range(theme.TOP_EXPONENT + 1):
        palette = view.palettes[exponent]
        palette[theme.FACE_GAP] = board
        palette[theme.FACE_EMPTY] = empty
        palette[theme.FACE_INK] = colours[_INKS + exponent]
        palette[theme.FACE_TILE] = colours[_TILES + exponent]
    for box in (view.score, view.best):
        box.backdrop.pixel_shader[0] = board
        if box.heading is not None:
            box.heading.palette[1] = colours[_TITLE]
        # Each digit sheet's palette, shared by SCORE's and BEST's strips.
        box.wide.grid.pixel_shader[1] = colours[_SCORE]
        box.narrow.grid.pixel_shader[1] = colours[_SCORE]
    view.status.palette[1] = colours[_STATUS]
    if view.battery is not None:
        view.battery.palette[1] = colours[_STATUS]
