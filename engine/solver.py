# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The built-in solver: picks a move by expectimax search over afterstates.

``best_move(cells)`` looks a few moves ahead. After each of its moves it
averages over every tile the game could spawn (a 2 with probability 9/10, a
4 with 1/10, on each empty cell), assumes it will then play its own best
move again, and scores the boards at the end of the look-ahead with a
heuristic (empty cells, merges waiting to happen, rows and columns that
grow towards one side). The move with the best average score wins.

Made for a PyBadge: the search is one loop over preallocated per-depth
boards (no recursion: CircuitPython's Python stack holds about 20 calls),
the slide and the evaluation are written out inline (a function call per
node would cost time and, in MicroPython without a pystack, a heap frame),
a chance node's board is slid the four ways once so that each of its
children (the same board plus one new tile) slides only the line that
holds its new tile, every number is a small int (below 2**30), and an
effort budget in nodes plus an optional deadline bound the time of a
decision. Searching deeper is done step by step (iterative deepening), so
when the budget or the deadline runs out the best complete shallower
answer is used.

Nothing is allocated per node; one search call allocates its frame.
"""

from array import array

from micropython import const

from engine import rules

# Heuristic weights (tuned by measurement, see docs/solver.md). A board's
# score is EMPTY_SCORE[number of empty cells], plus MERGE_WEIGHT per pair of
# equal neighbours, minus MONOTONY_WEIGHT times how far each row and column
# is from growing steadily towards one of its ends (measured on
# exponent**(Effort.monotony_power / 2), so disorder among big tiles costs
# much more than among small ones).
# EMPTY_SCORE[n] = int(150 * ln(1 + n)): the last free cells are worth the
# most (written out: float logs could round differently on MicroPython).
# It beat a flat 34 per cell in 100 seeded games (94 vs 90 reaching 2048).
EMPTY_SCORE = (0, 103, 164, 207, 241, 268, 291, 311, 329, 345, 359, 372, 384, 395, 406, 415, 424)
MERGE_WEIGHT = const(44)
MONOTONY_WEIGHT = const(3)
# The default Effort.monotony_power, in halves: 5 = exponent**2.5. For the
# handheld's 2-3 move search it beat **4 (nneonneo's, used before) in the
# same 1,000 games: 96.0 against 92.1 % reaching 2048 (**4.5 / **3.5 / **3
# / **2 gave 87.3 / 95.0 / 96.0 / 90.8 %; see docs/solver.md).
MONOTONY_POWER = const(5)
# And minus SUM_WEIGHT / 8 * exponent**3.5 for each tile: of two boards
# with the same tiles otherwise, the one with fewer big tiles (more merged)
# is better.
SUM_WEIGHT = const(11)

# Iterative deepening starts the next depth only if the nodes so far plus
# the last pass times its growth factor (at least 4; GROWTH_FIRST after the
# 1-move pass, which says little) fit in max_nodes * SLACK / 4. SLACK = 4
# trusts the prediction; more would start passes the budget may cut short
# (measured: no stronger, 4x the nodes).
GROWTH_FIRST = 8
SLACK = 4
# With sampled chance nodes (Effort.sample_cells) or refined passes
# (Effort.refine) the growth of the last pass says little about the next
# one: its new level is sampled, and only some first moves are searched.
# The next pass is predicted to cost the last pass's nodes (for the moves
# kept) times SAMPLED_GROWTH / 10 per sampled cell and tile (a 2 and a 4).
# Measured over 9,748 positions (seeds 40001..40006), the real factor has
# a median of 3.8 (3.2 to 4.3 for the middle 80 %): 2.8 underestimates it,
# so a pass that then overruns the budget is cut and the last complete
# answer stands. (Before a chance node's four slides counted as nodes the
# median was 3.35 and the factor 2.5: the same ratio.)
SAMPLED_GROWTH = 28

# Scores of live boards lie in -_LIVE_LIMIT..+_LIVE_LIMIT (clamped below;
# above, no board comes near); a lost board is _DEAD, below all of them.
# The chance nodes add up to 10 * 16 scores, and 160 * 2**22 < 2**30 keeps
# every sum a small int on MicroPython.
_LIVE_LIMIT = const(2097152)  # 2**21
_DEAD = const(-4194304)  # -2**22
# Probabilities are fixed-point fractions of _CERTAIN.
_CERTAIN = const(1048576)  # 2**20
# Cell exponents index the pair tables as table[first][second] (a tuple of
# _SPAN rows: two subscripts cost less than first * _SPAN + second in
# MicroPython: 2 bytecodes fewer per look-up). Tiles stop at 17 (131072):
# as in rules.slide, two of them do not merge (_LAST is
# rules.MAX_EXPONENT), so no board searched holds more than 17, and the
# tables hold exactly 0..17 (18 x 18 2-byte values: 648 bytes, 41 16-byte
# heap blocks a table; 20 x 20 would take 50).
_LAST = const(17)
_SPAN = const(18)  # _LAST + 1
#: The exponent (4096) from which Effort.late_depth and late_sample_cells
#: apply: past it the game is lost to the search's horizon more than to
#: its judgement of the boards (docs/solver.md, "The late game").
LATE_EXPONENT = const(12)


class Effort:
    """How hard the solver may think about one move.

    :param int max_nodes: budget of search nodes, >= 1. One node = one
        move generated and either scored or expanded, or one of the four
        slides of a chance node's board made ahead for its children.
    :param int deadline_ms: stop deepening after this many milliseconds
        (0: no deadline); needs a ``ticks_ms`` clock in ``best_move``.
    :param int max_depth: deepest look-ahead in moves (1..6).
    :param int min_probability: chance branches less likely than this
        (in millionths) are scored directly instead of being searched.
    :param int four_probability: a spawned 4 is searched only while the
        branch is at least this likely (millionths); else it is scored
        like the 2 on the same cell.
    :param int sample_cells: after the first move, average over at most
        this many of the empty cells (spread evenly; 0: all of them).
    :param int refine: passes after the 2-move one search only this many
        of the best moves found so far (0: every legal move).
    :param bool cache: remember the average of every board searched in a
        pass (a dict: allocates per node, so for CPython only).
    :param int monotony_power: the evaluation measures disorder along a
        line on exponent ** (monotony_power / 2); each value used builds
        its own tables (~4 KB) the first time (:data:`MONOTONY_POWER`'s
        at import).
    :param int table_nodes: the node budget when the learned table
        (engine.learned) scores the boards instead of the heuristic
        (its leaves cost more fuel each, so it gets fewer nodes for the
        same time); 0: never use the table.
    :param int late_depth: once the board holds a tile of at least
        2 ** LATE_EXPONENT (4096), the deepest look-ahead in moves
        (1..6) instead of ``max_depth``; 0: ``max_depth`` throughout.
        The node budget stays the same.
    :param int late_sample_cells: ``sample_cells`` from then on (with
        ``late_depth`` only).
    """

    def __init__(
        self,
        max_nodes=2000,
        deadline_ms=0,
        max_depth=3,
        min_probability=100,
        four_probability=1000,
        cache=False,
        sample_cells=0,
        refine=0,
        monotony_power=MONOTONY_POWER,
        table_nodes=0,
        late_depth=0,
        late_sample_cells=0,
    ):
        self.max_nodes = max_nodes
        self.deadline_ms = deadline_ms
        self.max_depth = max_depth
        # Converted to _CERTAIN-based fixed point once here.
        self.min_probability = min_probability * _CERTAIN // 1000000
        self.four_probability = four_probability * _CERTAIN // 1000000
        self.cache = cache
        self.sample_cells = sample_cells
        self.refine = refine
        self.monotony_power = monotony_power
        self.table_nodes = table_nodes
        self.late_depth = late_depth
        self.late_sample_cells = late_sample_cells

    def deepest(self):
        """The deepest look-ahead this effort may search (moves): what
        :func:`search` needs buffers for."""
        return self.late_depth if self.late_depth > self.max_depth else self.max_depth

    def for_speed(self, speed):
        """This effort for a CPU ``speed`` times a PyBadge's (0 < speed):
        the node budgets scaled by ``speed`` (a faster chip keeps the
        budgets the play strength was measured with), so a decision takes
        about as long on every board. The deadline stays."""
        if speed >= 1:
            return self
        # Field by field, not with setattr(): some firmware has none
        # (CIRCUITPY_FULL_BUILD = 0), and the probabilities are already
        # converted here (the constructor would convert them again).
        scaled = Effort(
            max_nodes=max(1, int(self.max_nodes * speed)),
            deadline_ms=self.deadline_ms,
            max_depth=self.max_depth,
            cache=self.cache,
            sample_cells=self.sample_cells,
            refine=self.refine,
            monotony_power=self.monotony_power,
            table_nodes=max(1, int(self.table_nodes * speed)) if self.table_nodes else 0,
            late_depth=self.late_depth,
            late_sample_cells=self.late_sample_cells,
        )
        scaled.min_probability = self.min_probability
        scaled.four_probability = self.four_probability
        return scaled


#: On the handheld: 1,160 nodes of at most ~49 k fuel each, so <= ~57 M
#: fuel (~0.5 s on a PyBadge; the 600 ms deadline is the backstop). The
#: 2-move pass sees every spawn; the 3-move pass then compares only the 2
#: best moves, with deeper chance nodes sampled on 2 cells, which makes it
#: fit the budget on most crowded boards. Monotony on exponent**2.5. 2048
#: in 95.3 % of 600 games used neither to find nor to choose that power,
#: and 93-98 % in every set of 100 measured (docs/solver.md).
#: From the first 4096 on, the same nodes go one move deeper where they
#: fit (crowded boards), the deeper chance nodes sampled on 1 cell: from
#: the first 4096 of the same 500 games (seeds 100001..100500), 8192 in
#: 21.8 % of those that made a 4096, against 16.2 % (docs/solver.md).
DEVICE = Effort(
    max_nodes=1160,
    deadline_ms=600,
    max_depth=3,
    sample_cells=2,
    refine=2,
    table_nodes=900,
    late_depth=4,
    late_sample_cells=1,
)
#: On a desktop: 60,000 nodes (40,000 before a chance node's 4 slides
#: counted as nodes). On CPython 63 ms per decision on average and 0.23 s
#: at most over a 5,534-move game. 2048 / 4096 / 8192 / 16384 in 100 / 95
#: / 74 / 16 % of 100 games (seeds 1..100), measured with monotony on
#: exponent**4, which it keeps: the lower power was measured for the
#: handheld's shallow search only (see docs/solver.md).
DESKTOP = Effort(max_nodes=60000, deadline_ms=0, max_depth=5, cache=True, monotony_power=8)


def _isqrt(number):
    # Integer square root (floor), so the tables are exactly the same on
    # CPython and MicroPython (float powers may differ in the last bit).
    # Newton's method comparing root with number // root, never squaring:
    # no value exceeds ``number``, so every one stays a small int (below
    # 2**30) and no big int is made, on a firmware that has none either.
    root = number
    while root > 1 and root > number // root:
        root = (root + number // root) // 2
    return root


def _power(exponent, monotony_power):
    # exponent ** (monotony_power / 2) as the tables round it.
    if monotony_power % 2:
        return _isqrt(exponent**monotony_power)
    return exponent ** (monotony_power // 2)


def _pair_tables(monotony_power):
    # For neighbours (first, second) along a row (left to right) or a
    # column (top to bottom): COLUMN_PAIR holds the penalty for the line
    # falling from first to second minus the bonus for an equal pair;
    # COLUMN_ENDS corrects a whole line so that only its worse direction
    # is penalised. Why: with rise = sum of increases and fall = sum of
    # decreases along a line, fall - rise = f(first cell) - f(last cell),
    # so min(rise, fall) = fall - max(0, f(first) - f(last)).
    # The row tables also carry each tile's size penalty (the first cell
    # of each row pair, and the last cell of the row in ROW_ENDS), so the
    # 16 tiles are each counted once at no extra cost per node.
    power = [0] * _SPAN
    size = [0] * _SPAN
    for e in range(_SPAN):
        power[e] = _power(e, monotony_power)
        size[e] = SUM_WEIGHT * _isqrt(e**7) // 8
    # Each table is one array of 18 x 18 values, 2 bytes each where every
    # value fits (the default power's do: -3,573 .. 31,425), else 4; its
    # rows are memoryviews of it, so a look-up is still table[first][second]
    # (two subscripts), and an int comes out either way. 1,040 bytes a
    # table on a 32-bit board, where a tuple of 18 tuples of small ints
    # took 1,520: 1.9 KB less over the four. Built in place (the array from
    # a range: no list of its values), so that its garbage is the slice
    # made for each row and these few lists (the tuples' build left more),
    # and the solver can be loaded again later, on a fuller heap.
    bound = MONOTONY_WEIGHT * power[_LAST] + size[_LAST]
    typecode = "h" if bound < 32768 else "l"
    rows = [None] * _SPAN
    tables = [None] * 4
    for which in range(4):
        values = array(typecode, range(_SPAN * _SPAN))
        view = memoryview(values)
        at = 0
        for first in range(_SPAN):
            for second in range(_SPAN):
                drop = power[first] - power[second]
                if drop < 0:
                    drop = 0
                if which & 1:  # the ends tables
                    value = -MONOTONY_WEIGHT * drop
                    if which == 1:
                        value += size[second]
                else:  # the pair tables
                    value = MONOTONY_WEIGHT * drop
                    if first == second and first:
                        value -= MERGE_WEIGHT
                    if which == 0:
                        value += size[first]
                values[at + second] = value
            rows[first] = view[at : at + _SPAN]
            at += _SPAN
        tables[which] = tuple(rows)
    # (row pair, row ends, column pair, column ends)
    return tuple(tables)


# _LINES[direction * 4 + line]: the line's four cell indices, starting at
# the edge the move pushes towards (directions and lines in engine.rules'
# order: UP, RIGHT, DOWN, LEFT). _CELL_LINES[cell]: the lines (indices
# into _LINES) that hold the cell, one per direction; _CELL_BITS[cell]:
# the same as bits (1 << line). Written out rather than built at import
# (building them left ~3 KB of garbage behind, which counts when the
# solver is loaded again on a fuller heap); tests/test_solver.py derives
# them from the rules and checks them.
_LINES = (
    (0, 4, 8, 12),
    (1, 5, 9, 13),
    (2, 6, 10, 14),
    (3, 7, 11, 15),
    (3, 2, 1, 0),
    (7, 6, 5, 4),
    (11, 10, 9, 8),
    (15, 14, 13, 12),
    (12, 8, 4, 0),
    (13, 9, 5, 1),
    (14, 10, 6, 2),
    (15, 11, 7, 3),
    (0, 1, 2, 3),
    (4, 5, 6, 7),
    (8, 9, 10, 11),
    (12, 13, 14, 15),
)
_CELL_LINES = (
    (0, 4, 8, 12),
    (1, 4, 9, 12),
    (2, 4, 10, 12),
    (3, 4, 11, 12),
    (0, 5, 8, 13),
    (1, 5, 9, 13),
    (2, 5, 10, 13),
    (3, 5, 11, 13),
    (0, 6, 8, 14),
    (1, 6, 9, 14),
    (2, 6, 10, 14),
    (3, 6, 11, 14),
    (0, 7, 8, 15),
    (1, 7, 9, 15),
    (2, 7, 10, 15),
    (3, 7, 11, 15),
)
_CELL_BITS = (
    4369,
    4626,
    5140,
    6168,
    8481,
    8738,
    9252,
    10280,
    16705,
    16962,
    17476,
    18504,
    33153,
    33410,
    33924,
    34952,
)
# The pair tables of each monotony power used so far, built by the first
# search that needs them (or by prepare()); the handheld only ever uses
# the default's.
_TABLES = {}


def _tables(monotony_power):
    tables = _TABLES.get(monotony_power)
    if tables is None:
        tables = _TABLES[monotony_power] = _pair_tables(monotony_power)
    return tables


def prepare(monotony_power=MONOTONY_POWER, table=False):
    """Get the boards' scoring ready now (else the first search does):
    with ``table``, load the learned table (engine.learned); without it,
    or if it cannot be loaded, build the heuristic's pair tables of
    ``monotony_power``. The heuristic's tables and the learned table are
    never both held: a search that needs the heuristic (a board past the
    table's tiles) lets the table go first, and one that can use the table
    again reads it back (engine.learned.scoring).

    code.py calls this at start-up, while the heap is still whole; a
    solver loaded again later (after the menu) calls it at its first hint,
    a frame after its import and a frame before the search, so the
    garbage of the three never adds up (app.assist).

    :return: :func:`table_status`.
    """
    global _learned
    if table:
        from engine import learned

        _learned = learned
        if learned.load() == learned.IN_USE:
            return learned.status
    elif _learned is not None:  # asked for before: the heuristic from now on
        _learned.unload(TABLE_HEURISTIC)
        _learned = None
    _tables(monotony_power)
    return table_status()


# What scores the device search's boards (table_status()), for the About
# page: the heuristic, or the learned table (engine.learned has its other
# states: in use, missing, damaged, paused past its tiles).
#: No learned table: the board's heap keeps it out (boards.TABLE_BOARDS).
TABLE_HEURISTIC = "heuristic"
#: The learned table was let go, or not read, for want of memory.
TABLE_NO_ROOM = "heuristic: no room for table"
# engine.learned, once prepare(table=True) imported it; else None (boards
# without the table never load its code).
_learned = None
# A weight is stored as one byte, its value plus 128; the 40 a leaf adds
# carry 40 * 128 too much (engine.learned).
_TABLE_BIAS = const(5120)


def table_status():
    """What scores the device search's boards: engine.learned's status once
    a table was asked for (prepare(table=True)), else TABLE_HEURISTIC."""
    return _learned.status if _learned is not None else TABLE_HEURISTIC


def table_loaded():
    """True while the learned table is held (20 KB of the heap)."""
    return _learned is not None and _learned.tables is not None


def _scoring(cells, effort, max_depth):
    # The learned table for a decision on ``cells``, or None: the heuristic
    # (engine.learned.scoring lets the table go or reads it back as the
    # game's tiles leave or enter its range); then the heuristic's tables
    # are built if they are not there: before the search, not inside it.
    table = _learned.scoring(cells, max_depth, _TABLES) if _learned is not None and effort.table_nodes else None
    if table is None:
        _tables(effort.monotony_power)
    return table


def ready(cells, effort=DEVICE):
    """None if a decision on ``cells`` with ``effort`` finds its scoring in
    place; if not (the learned table must be read back for a new game, or
    let go and the heuristic's tables built past its tiles), does that now
    and returns :func:`table_status`.

    The hint and autoplay ask this a frame before each decision
    (app.assist), so that the reading and building happen on a shallow
    stack, their garbage goes at the frame's end, and the search's own
    call never has to do it.
    """
    held = _learned.tables if _learned is not None else None
    built = effort.monotony_power in _TABLES
    table = _scoring(cells, effort, effort.max_depth)
    if table is held and (table is not None or built):
        return None
    return table_status()


class _Slice:
    def __getitem__(self, key):
        return key


# A prebuilt [:] slice: `board[_ALL] = other` copies in place without
# allocating (a literal `board[:] = other` builds a slice object each time
# on MicroPython).
_ALL = _Slice()[:]


class Search:
    """Buffers and counters of the search; one instance serves every call.

    After a call: ``nodes`` (nodes searched, all depths; never more than
    ``budget``, the effort's ``max_nodes``, or its ``table_nodes`` when
    the learned table scored the boards: then ``table`` holds it, else
    None), ``depth`` (the deepest look-ahead
    completed), ``value`` (the chosen move's expected score at that depth),
    ``stopped`` (True if the budget or the deadline cut a deeper search
    short), ``passes`` (searches started, one per depth tried).
    """

    def __init__(self, max_depth=6):
        self.max_depth = max_depth
        self.boards = [[0] * 16 for _ in range(max_depth)]
        self.root = [0] * 16
        # Per-level state of the explicit stack.
        self.directions = [0] * max_depth
        self.best = [0] * max_depth
        self.cell = [0] * max_depth
        self.tile = [0] * max_depth
        self.total = [0] * max_depth
        self.empty = [0] * max_depth
        self.stride = [1] * max_depth
        self.seen = [0] * max_depth
        self.chance = [0] * (max_depth + 1)
        # The board of the chance node at level k slid each way,
        # afters[k * 4 + direction], and the lines that changed (bit
        # 1 << line for each line of LINES in masks[k * 4 + direction]).
        self.afters = [[0] * 16 for _ in range((max_depth - 1) * 4)]
        self.masks = [0] * ((max_depth - 1) * 4)
        # Value of each first move in the last pass (below _DEAD: illegal
        # or not searched), and the first moves the next pass may search
        # (bit d set: direction d).
        self.values = [0] * 4
        self.moves = 15
        self.nodes = 0
        self.depth = 0
        self.stopped = False
        self.value = 0
        self.passes = 0
        self.budget = 0
        self.table = None
        # The deeper chance nodes' sample of the current decision
        # (Effort.sample_cells, or late_sample_cells from the first 4096).
        self.sample = 0

    def best_move(self, cells, effort, ticks_ms=None):
        """See :func:`best_move`."""
        root = self.root
        for index in range(16):
            root[index] = cells[index]
        self.nodes = 0
        self.depth = 0
        self.stopped = False
        self.value = 0
        self.passes = 0
        if not rules.can_move(root):
            return -1
        start = ticks_ms() if (ticks_ms is not None and effort.deadline_ms) else 0
        clock = ticks_ms if effort.deadline_ms else None
        max_depth = effort.max_depth
        self.sample = effort.sample_cells
        if effort.late_depth and max(root) >= LATE_EXPONENT:
            max_depth = effort.late_depth
            self.sample = effort.late_sample_cells
        if max_depth > self.max_depth:
            max_depth = self.max_depth
        # The learned table scores the boards if the effort has a budget
        # for it and they fit it; else the heuristic does.
        self.table = _scoring(root, effort, max_depth)
        self.budget = effort.table_nodes if self.table is not None else effort.max_nodes
        choice = -1
        previous = 0
        self.moves = 15
        for depth in range(1, max_depth + 1):
            used = self.nodes
            self.passes += 1
            result = self._search(depth, effort, clock, start)
            if result < 0:
                self.stopped = result == -2 or choice < 0
                if choice < 0:
                    choice = self._first_legal()
                break
            choice = result
            self.depth = depth
            if depth == max_depth:
                break
            spent = self.nodes - used
            # Predict the next depth's cost from the growth so far and do
            # not start a search that cannot finish within the budget.
            if depth >= 2 and (self.sample or effort.refine):
                searched = self._count_moves()
                kept = self._keep_best(effort.refine) if effort.refine else searched
                if kept < 2:
                    break  # one move left: nothing to choose
                width = self.sample if self.sample else 4
                predicted = spent * kept * width * 2 * SAMPLED_GROWTH // (10 * searched)
                if self.nodes + predicted > self.budget:
                    break
                continue
            growth = spent // previous if previous else GROWTH_FIRST
            if growth < 4:
                growth = 4
            previous = spent
            if (self.nodes + spent * growth) * 4 > self.budget * SLACK:
                break
        return choice

    def _count_moves(self):
        # First moves the next pass would search (legal ones in `moves`).
        values = self.values
        count = 0
        for direction in range(4):
            if (self.moves >> direction) & 1 and values[direction] >= _DEAD:
                count += 1
        return count

    def _keep_best(self, count):
        # Keep in `moves` only the `count` best first moves of the last
        # pass (ties: the lower direction), without allocating; returns
        # how many were kept.
        values = self.values
        kept = 0
        number = 0
        while number < count:
            pick = -1
            for direction in range(4):
                if (self.moves >> direction) & 1 and not (kept >> direction) & 1:
                    if values[direction] >= _DEAD and (pick < 0 or values[direction] > values[pick]):
                        pick = direction
            if pick < 0:
                break
            kept |= 1 << pick
            number += 1
        self.moves = kept
        return number

    def _first_legal(self):
        board = self.boards[0]
        for direction in range(4):
            board[_ALL] = self.root
            if rules.slide(board, direction) >= 0:
                return direction
        return -1

    def _search(self, depth, effort, clock, start):  # noqa: C901  the expectimax loop, inlined for fuel (docs/solver.md)
        # Expectimax to `depth` moves. Returns the best direction, or -2
        # when the node budget or the deadline ran out first.
        # The whole search is one loop over an explicit stack (level k =
        # the k-th move from now): no recursion, no call per node.
        boards = self.boards
        directions = self.directions
        best = self.best
        cells_at = self.cell
        tiles = self.tile
        totals = self.total
        empties = self.empty
        seen = self.seen
        chance = self.chance
        afters = self.afters
        masks = self.masks
        strides = self.stride
        values = self.values
        lines = _LINES
        cell_lines = _CELL_LINES
        cell_bits = _CELL_BITS
        # The leaf's five tables: the heuristic's pair tables (row pairs,
        # row ends, column pairs, column ends) and its empty-cell scores,
        # or the learned table's five shapes. The same five locals either
        # way: the search's frame is the deepest on the hint's pystack.
        learned = self.table is not None
        if learned:
            table0, table1, table2, table3, table4 = self.table
        else:
            table0, table1, table2, table3 = _tables(effort.monotony_power)
            table4 = EMPTY_SCORE
        every = _ALL
        nodes = self.nodes
        budget = self.budget
        min_probability = effort.min_probability
        four_probability = effort.four_probability
        deadline = effort.deadline_ms
        timed = deadline and clock is not None
        cache = {} if effort.cache else None
        sample = self.sample
        moves = self.moves
        for direction in range(4):
            values[direction] = _DEAD - 1
        last = depth - 1
        best_direction = -1
        level = 0
        source = self.root
        directions[0] = -1
        best[0] = _DEAD
        chance[0] = _CERTAIN
        # True while a chance node's board is slid the four ways ahead of
        # its children (see "Open the chance node" below).
        preparing = False
        while True:
            # --- A move node at `level` (source: the board before the
            # move): slide the board for the next move. Below a chance
            # node, the board is the chance node's with one new tile,
            # and the chance node's board is already slid every way
            # (afters); only the line with the new tile is slid again.
            board = boards[level]
            direction = directions[level] + 1
            partial = False
            if level:
                base = level * 4 - 4
                if not preparing:
                    partial = True
                    spawn = cells_at[level - 1]
                    spawn_lines = cell_lines[spawn]
                    keep = ~cell_bits[spawn]
            best_value = best[level]
            while direction < 4:
                if not level and not (moves >> direction) & 1:
                    direction += 1  # not among the moves this pass refines
                    continue
                if partial:
                    board[every] = afters[base + direction]
                    line = spawn_lines[direction]
                    count = 1
                    # The lines the move changed on the chance node's board:
                    # the same on this one, but for the new tile's line.
                    moved = masks[base + direction] & keep
                else:
                    if preparing:
                        board = afters[base + direction]
                    board[every] = source
                    line = direction * 4
                    count = 4
                    moved = 0
                for _ in range(count):
                    i0, i1, i2, i3 = lines[line]
                    a = source[i0]
                    b = source[i1]
                    c = source[i2]
                    d = source[i3]
                    # Pack the tiles towards the edge (a is at the edge) ...
                    e0 = a
                    e1 = b
                    e2 = c
                    e3 = d
                    if e2 == 0:
                        e2 = e3
                        e3 = 0
                    if e1 == 0:
                        e1 = e2
                        e2 = e3
                        e3 = 0
                    if e0 == 0:
                        e0 = e1
                        e1 = e2
                        e2 = e3
                        e3 = 0
                    # ... then merge equal neighbours once, edge first
                    # (as rules.slide: two 131072s do not merge).
                    if e1 and e0 == e1 and e1 < _LAST:
                        e0 += 1
                        e1 = e2
                        e2 = e3
                        e3 = 0
                        if e1 and e1 == e2 and e1 < _LAST:
                            e1 += 1
                            e2 = 0
                    elif e2 and e1 == e2 and e2 < _LAST:
                        e1 += 1
                        e2 = e3
                        e3 = 0
                    elif e3 and e2 == e3 and e3 < _LAST:
                        e2 += 1
                        e3 = 0
                    if e0 != a or e1 != b or e2 != c or e3 != d:
                        moved |= 1 << line
                        board[i0] = e0
                        board[i1] = e1
                        board[i2] = e2
                        board[i3] = e3
                    elif partial:
                        # The chance node's line moved; this one did not.
                        board[i0] = a
                        board[i1] = b
                        board[i2] = c
                        board[i3] = d
                    line += 1
                if not moved and not preparing:
                    direction += 1  # not a legal move
                    continue
                if nodes >= budget:
                    self.nodes = nodes
                    return -2
                nodes += 1
                if timed and not nodes & 15:
                    if (clock() - start) & 0x1FFFFFFF >= deadline:
                        self.nodes = nodes
                        return -2
                if preparing:
                    masks[base + direction] = moved
                    direction += 1
                    continue
                if level < last and chance[level] >= min_probability:
                    break  # search on below this move
                # A leaf: score the board after the move.
                (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15) = board
                if learned:
                    # The 40 placements of the five shapes, one rotation or
                    # reflection a line (engine.learned.TUPLES' order); the shapes
                    # whose first two cells are a corner and its neighbour
                    # share that part of the index (8 k fuel less a leaf).
                    prefix = c0 << 8 | c1 << 4
                    value = (
                        table0[prefix | c2]
                        + table1[c4 << 8 | c5 << 4 | c6]
                        + table2[prefix | c4]
                        + table3[c1 << 8 | c2 << 4 | c5]
                        + table4[prefix | c5]
                    )
                    prefix = c3 << 8 | c7 << 4
                    value += (
                        table0[prefix | c11]
                        + table1[c2 << 8 | c6 << 4 | c10]
                        + table2[prefix | c2]
                        + table3[c7 << 8 | c11 << 4 | c6]
                        + table4[prefix | c6]
                    )
                    prefix = c15 << 8 | c14 << 4
                    value += (
                        table0[prefix | c13]
                        + table1[c11 << 8 | c10 << 4 | c9]
                        + table2[prefix | c11]
                        + table3[c14 << 8 | c13 << 4 | c10]
                        + table4[prefix | c10]
                    )
                    prefix = c12 << 8 | c8 << 4
                    value += (
                        table0[prefix | c4]
                        + table1[c13 << 8 | c9 << 4 | c5]
                        + table2[prefix | c13]
                        + table3[c8 << 8 | c4 << 4 | c9]
                        + table4[prefix | c9]
                    )
                    prefix = c3 << 8 | c2 << 4
                    value += (
                        table0[prefix | c1]
                        + table1[c7 << 8 | c6 << 4 | c5]
                        + table2[prefix | c7]
                        + table3[c2 << 8 | c1 << 4 | c6]
                        + table4[prefix | c6]
                    )
                    prefix = c0 << 8 | c4 << 4
                    value += (
                        table0[prefix | c8]
                        + table1[c1 << 8 | c5 << 4 | c9]
                        + table2[prefix | c1]
                        + table3[c4 << 8 | c8 << 4 | c5]
                        + table4[prefix | c5]
                    )
                    prefix = c12 << 8 | c13 << 4
                    value += (
                        table0[prefix | c14]
                        + table1[c8 << 8 | c9 << 4 | c10]
                        + table2[prefix | c8]
                        + table3[c13 << 8 | c14 << 4 | c9]
                        + table4[prefix | c9]
                    )
                    prefix = c15 << 8 | c11 << 4
                    value += (
                        table0[prefix | c7]
                        + table1[c14 << 8 | c10 << 4 | c6]
                        + table2[prefix | c14]
                        + table3[c11 << 8 | c7 << 4 | c10]
                        + table4[prefix | c10]
                    )
                    value -= _TABLE_BIAS
                else:
                    value = table4[board.count(0)] - (
                        table0[c0][c1]
                        + table0[c1][c2]
                        + table0[c2][c3]
                        + table1[c0][c3]
                        + table0[c4][c5]
                        + table0[c5][c6]
                        + table0[c6][c7]
                        + table1[c4][c7]
                        + table0[c8][c9]
                        + table0[c9][c10]
                        + table0[c10][c11]
                        + table1[c8][c11]
                        + table0[c12][c13]
                        + table0[c13][c14]
                        + table0[c14][c15]
                        + table1[c12][c15]
                        + table2[c0][c4]
                        + table2[c4][c8]
                        + table2[c8][c12]
                        + table3[c0][c12]
                        + table2[c1][c5]
                        + table2[c5][c9]
                        + table2[c9][c13]
                        + table3[c1][c13]
                        + table2[c2][c6]
                        + table2[c6][c10]
                        + table2[c10][c14]
                        + table3[c2][c14]
                        + table2[c3][c7]
                        + table2[c7][c11]
                        + table2[c11][c15]
                        + table3[c3][c15]
                    )
                # Every penalty is >= 0, so a live score is at most
                # EMPTY_SCORE[16] + 24 * MERGE_WEIGHT: only the floor
                # needs a clamp.
                if value < -_LIVE_LIMIT:
                    value = -_LIVE_LIMIT
                if not level:
                    values[direction] = value
                if value > best_value:
                    best_value = value
                    if not level:
                        best_direction = direction
                direction += 1
            else:
                if preparing:
                    # --- The chance node's board is slid every way: its
                    # first child is a 2 on its first empty cell.
                    preparing = False
                    level -= 1
                    board = boards[level]
                    cell = board.index(0)
                    tile = 1
                    probability = chance[level] * 9 // (10 * empties[level])
                else:
                    # --- The move node at `level` is complete.
                    if level == 0:
                        self.nodes = nodes
                        self.value = best_value
                        return best_direction
                    value = best_value
                    level -= 1
                    board = boards[level]
                    cell = cells_at[level]
                    empty = empties[level]
                    tile = 0
                    if tiles[level] == 1:
                        # The 4 on this cell is searched only if likely
                        # enough; otherwise it is scored like the 2.
                        probability = chance[level] // (10 * empty)
                        if probability >= four_probability:
                            totals[level] += 9 * value
                            tile = 2
                        else:
                            totals[level] += 10 * value
                    else:
                        totals[level] += value
                    if not tile:
                        board[cell] = 0
                        if seen[level] < empty:
                            # Next empty cell: a 2 there.
                            seen[level] += 1
                            cell = board.index(0, cell + 1)
                            stride = strides[level]
                            while stride > 1:
                                cell = board.index(0, cell + 1)
                                stride -= 1
                            tile = 1
                            probability = chance[level] * 9 // (10 * empty)
                        else:
                            # Chance node complete: its value is the average.
                            value = totals[level] // (10 * empty)
                            if not level:
                                values[directions[0]] = value
                            if cache is not None:
                                cache[(bytes(board), last - level)] = value
                            if value > best[level]:
                                best[level] = value
                                if level == 0:
                                    best_direction = directions[0]
                            source = self.root if level == 0 else boards[level - 1]
                            continue
                # --- Search the chance node's next child: `tile` on `cell`.
                cells_at[level] = cell
                tiles[level] = tile
                board[cell] = tile
                chance[level + 1] = probability
                level += 1
                directions[level] = -1
                best[level] = _DEAD
                continue
            # --- Search on below `direction`.
            directions[level] = direction
            best[level] = best_value
            if cache is not None:
                # Desktop only: the same board may be reached by other
                # moves and spawns; reuse its average.
                value = cache.get((bytes(board), last - level))
                if value is not None:
                    if not level:
                        values[direction] = value
                    if value > best_value:
                        best[level] = value
                        if level == 0:
                            best_direction = direction
                    continue
            # Open the chance node after this move. Its children differ
            # from its board by one new tile, so its board is first slid
            # the four ways (each slide counts as a node); a child then
            # slides again only the line that holds its new tile.
            empty = board.count(0)
            stride = 1
            if level and sample and empty > sample:
                # Deeper down, average over `sample` cells spread evenly
                # over the empty ones (each standing for `stride` of them):
                # the search gets one move deeper for the same budget.
                stride = empty // sample
                empty = sample
            strides[level] = stride
            empties[level] = empty
            totals[level] = 0
            seen[level] = 1
            level += 1
            directions[level] = -1
            best[level] = _DEAD
            source = board
            preparing = True


_SEARCH = None


def search(max_depth=1):
    """The shared :class:`Search`: its counters describe the last decision.

    Created on first use with buffers for ``max_depth`` levels, and
    replaced by a deeper one only when an effort needs more (the handheld,
    using DEVICE only, keeps 3 levels of buffers, not 6).
    """
    global _SEARCH
    if _SEARCH is None or _SEARCH.max_depth < max_depth:
        _SEARCH = Search(max_depth)
    return _SEARCH


def best_move(cells, effort=DEVICE, ticks_ms=None):
    """The solver's move for a board.

    :param cells: 16 exponents, row-major (not changed).
    :param Effort effort: how hard to think (``DEVICE``, ``DESKTOP`` or own).
    :param ticks_ms: a millisecond clock like ``supervisor.ticks_ms``
        (wrapping at 2**29) for ``effort.deadline_ms``; None: no deadline.
    :return: ``rules.UP``, ``RIGHT``, ``DOWN`` or ``LEFT`` (0..3), or -1
        when no move is possible. The same board and effort give the same
        move unless the deadline cut the search short.
    """
    return search(effort.deepest()).best_move(cells, effort, ticks_ms)
