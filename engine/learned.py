# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The solver's learned table: its file, its loading, and when it scores a search.

A value table learned by the project's own trainer (tools/train/: temporal
difference learning on afterstates, in self-play; docs/solver.md, "The
learned table"): five shapes of three cells (:data:`TUPLES`), each laid on
the board in its eight rotations and reflections, so that a board's value
is the sum of 40 weights, one per placement, each looked up by its three
cells' exponents (4 bits each: 16 * 16 * 16 = 4,096 weights a shape, one
byte each: 20 KB). A weight estimates how many more moves the game lasts
after a board, in units of the table's scale (a few moves).

engine.solver imports this module only when a table is wanted
(``prepare(table=True)``: on the boards whose heap holds it,
boards.TABLE_BOARDS), and its search adds the weights up itself, inline
(``Search._search``'s leaf); here is what happens once per load: the file
is read straight into five bytearrays (4 KB blocks: no big contiguous
piece, no copy), checked, and let go again while the game's tiles are past
it. Nothing here runs per search node.
"""

from micropython import const

#: The table's file, next to this module on the drive.
FILE = "learned.tbl"
#: The cells of each shape (row-major indices); the search's leaf lists
#: their 40 placements written out, in this order (tests derive them).
TUPLES = ((0, 1, 2), (4, 5, 6), (0, 1, 4), (1, 2, 5), (0, 1, 5))
#: Weights per shape: three cells of 4 bits.
SIZE = const(4096)
#: The largest exponent a weight's index holds.
TOP = const(15)
#: The largest tile (its exponent) with which the table scores a search:
#: from 4096 on the heuristic plays, which carries a 4096 to 8192 more
#: often (docs/solver.md, "How it was chosen").
LAST = const(11)
#: The file: a HEADER-byte header, then the shapes' weights one after the
#: other, each stored as one byte, its value plus 128.
HEADER = const(64)
MAGIC = b"2048NT"
VERSION = const(1)

#: What scores the device search's boards (:data:`status`), for the About
#: page: the table, or the heuristic and why (engine.solver has the other two,
#: TABLE_HEURISTIC and TABLE_NO_ROOM).
IN_USE = "learned table"
MISSING = "heuristic: no table file"
DAMAGED = "heuristic: table damaged"
#: The heap had no room for it (engine.solver.TABLE_NO_ROOM: the same words;
#: this module imports nothing of the solver's, which imports it).
NO_ROOM = "heuristic: no room for table"
#: Let go while the game's largest tile is past LAST (4096 and up); read
#: back for the next game.
PAUSED = "heuristic from 4096 on"

#: The loaded shapes' weights (five bytearrays), or None.
tables = None
#: The last load's outcome (one of the texts above).
status = MISSING


def _path():
    # The file beside this module: "/engine/learned.tbl" on the drive.
    here = globals().get("__file__") or "engine/learned.py"
    return here[: here.rfind("/") + 1] + FILE


def _word(data, at):
    # The little-endian 32-bit unsigned int at data[at:at + 4] (below 2**30
    # for every field read here: a shape's byte sum is at most 4,096 * 255).
    return data[at] | data[at + 1] << 8 | data[at + 2] << 16 | data[at + 3] << 24


def header_ok(header):
    """True if ``header`` (the file's first HEADER bytes) describes the table
    this solver reads: the magic, the version, the shapes, the tile range."""
    if len(header) != HEADER or header[:6] != MAGIC or header[6] != VERSION:
        return False
    # Shapes, cells a shape, bits a cell, bytes a weight, placements a shape.
    if header[7] != len(TUPLES) or header[8] != 3 or header[9] != 4 or header[10] != 1 or header[11] != 8:
        return False
    at = 12
    for cells in TUPLES:
        for cell in cells:
            if header[at] != cell:
                return False
            at += 1
    return header[27] == TOP


def load(path=None):
    """Read the table; the device search then scores its boards with it
    (engine.solver.Effort.table_nodes).

    Each shape's 4,096 weights go straight into a bytearray of their own,
    and its byte sum must be the header's. A file that is missing, damaged,
    of another version or other shapes leaves the heuristic in use, and so
    does a heap too full to hold it; :data:`status` says which.

    :param str path: the file (default: FILE beside this module).
    :return: :data:`status`.
    """
    global tables, status
    tables = None
    outcome = DAMAGED
    try:
        stream = open(path or _path(), "rb")
    except OSError:
        status = MISSING
        return status
    loaded = None
    try:
        header = stream.read(HEADER)
        if header_ok(header):
            loaded = [None] * len(TUPLES)
            for index in range(len(TUPLES)):
                weights = bytearray(SIZE)
                if stream.readinto(weights) != SIZE or sum(weights) != _word(header, 28 + 4 * index):
                    loaded = None
                    break
                loaded[index] = weights
            if loaded is not None and not stream.read(1):  # nothing after the last shape
                tables = tuple(loaded)
                outcome = IN_USE
    except MemoryError:
        outcome = NO_ROOM
    except OSError:  # a read error: the file is not what it should be
        pass
    finally:
        loaded = None
        stream.close()
    status = outcome
    return status


def unload(why):
    """Let the table go; ``why`` becomes :data:`status`."""
    global tables, status
    tables = None
    status = why


def scoring(root, max_depth, heuristic_tables):
    """The table for a search from ``root`` looking ``max_depth`` moves
    ahead, or None: the heuristic scores it.

    The table scores a search while the root's largest tile is at most
    LAST (2048), and no board in the search can outgrow the table's
    indices (each move adds at most 1 to the largest exponent: 11 + 3 is
    within TOP). Past that the table is let go, before the heuristic's
    tables are built;
    once a root fits it again (a new game) those are let go
    (``heuristic_tables``, engine.solver's dict of them, is emptied) and
    the table is read back. So the two are never held at once, and only a
    decision that switches allocates (the 20 KB table, or the heuristic's
    6 KB).
    """
    if status != IN_USE and status != PAUSED:
        return None
    largest = max(root)
    if largest > LAST or largest > TOP - max_depth:
        if tables is not None:
            unload(PAUSED)
        return None
    if tables is None:
        heuristic_tables.clear()
        if load() != IN_USE:
            return None
    return tables
