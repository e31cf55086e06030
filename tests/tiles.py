# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Boards in tests: written as tile values, the way a player sees them; a
sample from real games and random ones; the moves a board allows."""

import random

from engine.rules import DOWN, LEFT, RIGHT, UP, slide

#: Turning the board clockwise (``rotate``) maps a direction to the next one clockwise.
CLOCKWISE = {UP: RIGHT, RIGHT: DOWN, DOWN: LEFT, LEFT: UP}


def exponent(value):
    """Tile value (0, 2, 4, ... 131072) -> exponent (0, 1, 2, ... 17)."""
    if value == 0:
        return 0
    assert value >= 2 and value & (value - 1) == 0, value
    return value.bit_length() - 1


def board(*rows):
    """board("2 2 . .", ...) -> list of 16 exponents; '.' or 0 is empty."""
    assert len(rows) == 4
    cells = []
    for row in rows:
        items = row.split()
        assert len(items) == 4, row
        cells.extend(exponent(0 if item == "." else int(item)) for item in items)
    return cells


def values(cells):
    """list of 16 exponents -> list of 16 tile values."""
    return [(1 << e) if e else 0 for e in cells]


def rows(cells):
    """Readable form: tuple of 4 strings like '2 2 . .'."""
    return tuple(" ".join(str(v) if v else "." for v in values(cells)[r * 4 : r * 4 + 4]) for r in range(4))


def rotate(cells):
    """The board turned 90 degrees clockwise."""
    return [cells[(3 - col) * 4 + row] for row in range(4) for col in range(4)]


def mirror(cells):
    """The board flipped left-right."""
    return [cells[row * 4 + 3 - col] for row in range(4) for col in range(4)]


def on_glass(sim):
    """The 16 tiles the glass shows (what the last refresh sent), as
    exponents 0..11, read by each tile's colour at its four inner corners
    (inside the rounded ones); None for a cell whose corners disagree or
    show no tile colour (something lies over it: a sprite, a banner)."""
    from app import theme
    from tools.play.glass import rgb565

    colours = {rgb565(theme.tile_colour(exponent)): exponent for exponent in range(11, -1, -1)}
    layout = sim.app.view.layout
    pixels = sim.pixels()
    width, scale = sim.width, layout.scale
    seen = []
    for index in range(16):
        left = layout.board_x + (index % 4) * layout.pitch + layout.gap
        top = layout.board_y + (index // 4) * layout.pitch + layout.gap
        corners = set()
        for x, y in ((2, 2), (layout.tile - 3, 2), (2, layout.tile - 3), (layout.tile - 3, layout.tile - 3)):
            corners.add(pixels[(layout.top + (top + y) * scale) * width + layout.left + (left + x) * scale])
        seen.append(colours.get(corners.pop()) if len(corners) == 1 else None)
    return seen


# Boards seen in real games, from open to crowded.
SAMPLE = [
    board("2 . . .", ". . . .", ". . 2 .", ". . . ."),
    board("4 2 . .", "2 . . .", ". . . .", ". . . 2"),
    board("64 32 8 2", "16 8 4 .", "4 2 . .", "2 . . ."),
    board("256 128 64 8", "16 32 8 4", "4 8 2 2", "2 . . 4"),
    board("1024 512 256 64", "8 32 64 16", "4 8 16 4", "2 4 2 2"),
    board("2048 1024 512 256", "16 32 64 128", "8 4 2 4", "2 . 2 8"),
]


def random_boards(count, seed):
    """Random boards with the exponents of real play (0..17)."""
    generator = random.Random(seed)
    choices = [0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 17]
    return [[generator.choice(choices) for _ in range(16)] for _ in range(count)]


def legal_moves(cells):
    """The directions that change ``cells``, in order."""
    moves = []
    for direction in range(4):
        after = list(cells)
        if slide(after, direction) >= 0:
            moves.append(direction)
    return moves
