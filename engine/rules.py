"""The rules of 2048 on a flat board: slide and merge, spawn, and the end test.

A board is a list of 16 ints in row-major order (index ``row * 4 + col``).
Each int is 0 for an empty cell or the tile's exponent: 1 is a 2, 11 is a
2048, 17 is a 131072. Exponents keep every value a small int on MicroPython
and make "equal tiles" a plain ``==``.

Nothing here allocates: the line orders are one ``bytes`` table built at
import, loops run over ``range`` and all arithmetic stays on small ints.
"""

try:
    from micropython import const
except ImportError:  # CPython without Blinka

    def const(value):
        return value


UP = const(0)
RIGHT = const(1)
DOWN = const(2)
LEFT = const(3)

#: Direction names, indexable by direction (for messages and the UI).
NAMES = ("up", "right", "down", "left")

SIZE = const(4)
CELLS = const(16)
#: Exponent of the winning tile (2 ** 11 == 2048).
WIN_EXPONENT = const(11)


def _line_orders():
    # For each direction, four lines of four cell indices. Each line starts
    # at the edge the tiles are pushed towards, because merging starts there
    # (rule 2) and works backwards.
    order = bytearray(64)
    for direction in range(4):
        for line in range(4):
            for step in range(4):
                if direction == UP:
                    index = step * 4 + line
                elif direction == DOWN:
                    index = (3 - step) * 4 + line
                elif direction == LEFT:
                    index = line * 4 + step
                else:  # RIGHT
                    index = line * 4 + 3 - step
                order[direction * 16 + line * 4 + step] = index
    return bytes(order)


# _ORDER[direction * 16 + line * 4 + step]: the step-th cell of a line,
# counted from the edge the move pushes towards.
_ORDER = _line_orders()


def slide(cells, direction):
    """Slide and merge every tile of ``cells`` towards ``direction``, in place.

    :param list cells: 16 exponents, row-major; changed in place.
    :param int direction: ``UP``, ``RIGHT``, ``DOWN`` or ``LEFT`` (0..3).
    :return: the points scored (sum of the merged tiles' values, >= 0), or
        -1 when no tile can move that way; ``cells`` is then untouched.
    """
    order = _ORDER
    points = 0
    moved = False
    start = direction * 16
    for first in range(start, start + 16, 4):
        # Cells before `target` in this line are settled; `open_value` is
        # the exponent of the last settled tile if it may still take a
        # merge, or 0 (rule 1: a merged tile never merges again this move).
        target = first
        open_value = 0
        for position in range(first, first + 4):
            index = order[position]
            value = cells[index]
            if value == 0:
                continue
            if value == open_value:
                # Rule 3 holds by construction: only tiles that meet while
                # sliding along this line are compared.
                cells[order[target - 1]] = value + 1
                cells[index] = 0
                points += 2 << value
                open_value = 0
                moved = True
            else:
                destination = order[target]
                if destination != index:
                    cells[destination] = value
                    cells[index] = 0
                    moved = True
                open_value = value
                target += 1
    if moved:
        return points
    return -1


def can_move(cells):
    """True while some direction is valid: an empty cell or two equal neighbours.

    :param list cells: 16 exponents, row-major (not changed).
    """
    for index in range(16):
        value = cells[index]
        if value == 0:
            return True
        # Compare with the right and lower neighbours; together they cover
        # every horizontal and vertical pair once.
        if index & 3 != 3 and cells[index + 1] == value:
            return True
        if index < 12 and cells[index + 4] == value:
            return True
    return False


def count_empty(cells):
    """Number of empty cells (0..16)."""
    empty = 0
    for index in range(16):
        if cells[index] == 0:
            empty += 1
    return empty


def spawn(cells, rng, empty=-1):
    """Put a new tile on a uniformly random empty cell.

    The tile is a 2 with probability 9/10 and a 4 with probability 1/10.

    :param list cells: 16 exponents; changed in place.
    :param rng: an :class:`engine.rng.Rng` (anything with ``below(n)``).
    :param int empty: the number of empty cells if the caller knows it.
    :return: the index of the new tile, or -1 if the board is full.
    """
    if empty < 0:
        empty = count_empty(cells)
    if empty == 0:
        return -1
    # Draw the cell first, then the value: the order is part of the saved
    # random sequence and must never change.
    skip = rng.below(empty)
    for index in range(16):
        if cells[index] == 0:
            if skip == 0:
                cells[index] = 2 if rng.below(10) == 0 else 1
                return index
            skip -= 1
    return -1  # unreachable when `empty` is right


def max_exponent(cells):
    """Exponent of the largest tile (0 on an empty board)."""
    largest = 0
    for index in range(16):
        if cells[index] > largest:
            largest = cells[index]
    return largest


def tile_value(exponent):
    """The number shown on a tile: 0 for empty, else ``2 ** exponent``."""
    return (1 << exponent) if exponent else 0
