# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The rules of 2048 on a flat board: slide and merge, spawn, and the end test.

A board is a list of 16 ints in row-major order (index ``row * 4 + col``).
Each int is 0 for an empty cell or the tile's exponent: 1 is a 2, 11 is a
2048, 17 is a 131072. Exponents keep every value a small int on MicroPython
and make "equal tiles" a plain ``==``.

131072 (exponent 17, ``MAX_EXPONENT``) is the largest tile 16 cells can
make, so the ladder ends there: two 131072 tiles never merge. Two of them
cannot meet in a real game (the second would need 15 free cells while the
first stands); only a crafted board has them, and a merge would make a tile
no saved game may hold. ``can_move`` agrees: a pair of 131072s is no move.

Nothing here allocates: lines are walked with index arithmetic, searches
use the list's own C methods (``count``, ``index``), and all arithmetic stays
on small ints.
"""

from micropython import const

UP = const(0)
RIGHT = const(1)
DOWN = const(2)
LEFT = const(3)

#: Direction names, indexable by direction (for messages and the UI).
NAMES = ("up", "right", "down", "left")

#: Exponent of the winning tile (2 ** 11 == 2048).
WIN_EXPONENT = const(11)
#: Exponent of the largest tile (2 ** 17 == 131072); such tiles do not merge.
MAX_EXPONENT = const(17)


def _slide_line(cells, index, stride):
    # Slide one line of four cells towards cells[index]; the other three are
    # index + stride, + 2 * stride, + 3 * stride. Returns the points scored,
    # or -1 if the line did not change (then nothing was written).
    #
    # Written flat, with four locals instead of a loop: this runs four times
    # per move and every bytecode counts on a 120 MHz microcontroller. The
    # frame stays within 11 slots (locals + stack), the most MicroPython
    # keeps on the C stack without a pystack; see tests/test_micropython.py.
    a = cells[index]
    index += stride
    b = cells[index]
    index += stride
    c = cells[index]
    index += stride
    d = cells[index]
    points = -1  # -1: unchanged so far; 0 once a tile moved; > 0 once merged
    # Close the gaps, working from the far end so that each step sees an
    # already closed tail: afterwards the tiles sit in a, b, c, d order.
    if not c and d:
        c = d
        d = 0
        points = 0
    if not b and c:
        b = c
        c = d
        d = 0
        points = 0
    if not a and b:
        a = b
        b = c
        c = d
        d = 0
        points = 0
    # Merge pairs starting at the edge pushed towards (rule 2); a merged
    # tile is never compared again (rule 1). Only tiles of this line meet
    # (rule 3). The ladder ends at MAX_EXPONENT: that test comes last, so
    # it runs only for an equal pair of tiles (rare), not for every line.
    if a == b and a and a < MAX_EXPONENT:
        a += 1
        points = 1 << a
        b = c
        c = d
        d = 0
        if b == c and b and b < MAX_EXPONENT:
            b += 1
            points += 1 << b
            c = 0
    elif b == c and b and b < MAX_EXPONENT:
        b += 1
        points = 1 << b
        c = d
        d = 0
    elif c == d and c and c < MAX_EXPONENT:
        c += 1
        points = 1 << c
        d = 0
    if points < 0:
        return -1
    cells[index] = d
    index -= stride
    cells[index] = c
    index -= stride
    cells[index] = b
    index -= stride
    cells[index] = a
    return points


def slide(cells, direction):
    """Slide and merge every tile of ``cells`` towards ``direction``, in place.

    :param list cells: 16 exponents, row-major; changed in place.
    :param int direction: ``UP``, ``RIGHT``, ``DOWN`` or ``LEFT`` (0..3).
    :return: the points scored (sum of the merged tiles' values, >= 0), or
        -1 when no tile can move that way; ``cells`` is then untouched.
    """
    # Each line is named by the cell at the edge the tiles are pushed
    # towards and the step to the next cell away from that edge. Spelled
    # out per direction: a table and a loop cost more bytecodes and a frame
    # too big for MicroPython's C stack.
    if direction == LEFT:
        p0 = _slide_line(cells, 0, 1)
        p1 = _slide_line(cells, 4, 1)
        p2 = _slide_line(cells, 8, 1)
        p3 = _slide_line(cells, 12, 1)
    elif direction == RIGHT:
        p0 = _slide_line(cells, 3, -1)
        p1 = _slide_line(cells, 7, -1)
        p2 = _slide_line(cells, 11, -1)
        p3 = _slide_line(cells, 15, -1)
    elif direction == UP:
        p0 = _slide_line(cells, 0, 4)
        p1 = _slide_line(cells, 1, 4)
        p2 = _slide_line(cells, 2, 4)
        p3 = _slide_line(cells, 3, 4)
    else:
        p0 = _slide_line(cells, 12, -4)
        p1 = _slide_line(cells, 13, -4)
        p2 = _slide_line(cells, 14, -4)
        p3 = _slide_line(cells, 15, -4)
    if p0 < 0 and p1 < 0 and p2 < 0 and p3 < 0:
        return -1
    total = 0  # an unchanged line said -1 and adds nothing
    if p0 > 0:
        total += p0
    if p1 > 0:
        total += p1
    if p2 > 0:
        total += p2
    if p3 > 0:
        total += p3
    return total


def can_move(cells):
    """True while some direction is valid: an empty cell or two equal
    neighbours below ``MAX_EXPONENT`` (two 131072 tiles do not merge).

    A board with no tile at all has no valid direction either; the game
    never holds one (``Game.set_board`` and the store refuse it).

    :param list cells: 16 exponents, row-major (not changed).
    """
    for index in range(16):
        value = cells[index]
        if value == 0:
            return True
        # Compare with the right and lower neighbours; together they cover
        # every horizontal and vertical pair once. The ladder's end is
        # checked only once a pair is found.
        if index & 3 != 3 and cells[index + 1] == value and value < MAX_EXPONENT:
            return True
        if index < 12 and cells[index + 4] == value and value < MAX_EXPONENT:
            return True
    return False


def spawn(cells, rng, empty=-1):
    """Put a new tile on a uniformly random empty cell.

    The tile is a 2 with probability 9/10 and a 4 with probability 1/10.

    :param list cells: 16 exponents; changed in place.
    :param rng: an :class:`engine.rng.Rng` (anything with ``below(n)``).
    :param int empty: the number of empty cells if the caller knows it.
    :return: the index of the new tile, or -1 if the board is full.
    """
    if empty < 0:
        empty = cells.count(0)
    if not empty:
        return -1
    # One uniform draw among empty * 10 outcomes decides both, independently
    # and exactly: the cell is draw // 10, and draw % 10 == 0 (1 in 10) is a
    # 4. The order of draws is part of a saved game's future: keep it.
    draw = rng.below(empty * 10)
    skip = draw // 10
    index = cells.index(0)
    while skip:
        index = cells.index(0, index + 1)
        skip -= 1
    cells[index] = 2 if draw % 10 == 0 else 1
    return index


def max_exponent(cells):
    """Exponent of the largest tile (0 on an empty board)."""
    return max(cells)
