# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The largest score a 4x4 game can reach (engine.game.MAX_SCORE) and its proof.

docs/saving.md derives it: the score equals the sum, over the tiles on the
board, of the merges that built each tile (a tile of 2**k built from 2s took
merges worth (k - 1) * 2**k; spawned 4s save some), and on a board of m
cells the i-th largest tile is at most 2**(m + 2 - i). These tests check
both steps on real play and check the bound by exhaustive search on boards
small enough to search.
"""

import heapq
import random

from engine.game import MAX_SCORE, Game
from engine.rules import DOWN, LEFT, RIGHT, UP


def bound(cells):
    """The score bound for m cells: sum of (k - 1) * 2**k for k = 2 .. m + 1."""
    return sum((k - 1) * 2**k for k in range(2, cells + 2))


def build_range(exponents):
    """(least, most) points the merges that built these tiles can have scored."""
    least = sum(max(0, e - 2) << e for e in exponents if e)
    most = sum((e - 1) << e for e in exponents if e)
    return least, most


def test_max_score_is_the_bound_for_16_cells():
    assert MAX_SCORE == bound(16) == 3932164
    # 2**17 is the largest tile: the same rank bound at i = 1.
    assert sum(1 << (18 - rank) for rank in range(1, 17)) == 2**18 - 4


def ranked_within_bound(cells, size=16):
    ranked = sorted((e for e in cells if e), reverse=True)
    return all(e <= size + 2 - rank for rank, e in enumerate(ranked, start=1))


def test_real_play_keeps_both_steps_of_the_proof():
    # A corner strategy grows big tiles; every position of every game must
    # keep the rank bound, and its score must lie within its tiles' range.
    chooser = random.Random(17)
    checked = 0
    biggest = 0
    for seed in range(40):
        game = Game(seed=seed)
        while not game.over and checked < 60000:
            for direction in (LEFT, DOWN, LEFT, DOWN, RIGHT, UP):
                if game.move(direction) or (chooser.random() < 0.05 and game.move(chooser.randrange(4))):
                    break
            if game.waiting:
                game.continue_playing()
            least, most = build_range(game.cells)
            assert least <= game.score <= most, (game.cells, game.score)
            assert ranked_within_bound(game.cells), game.cells
            checked += 1
        biggest = max(biggest, game.max_exponent)
    assert checked > 6000 and biggest >= 8  # some games reach 256
    assert max(Game(seed=0).cells) <= 2


# ---------------------------------------------------------------- small boards


def _lines(rows, cols):
    # Per direction: the cells of each line, starting at the edge pushed to.
    left = [[r * cols + c for c in range(cols)] for r in range(rows)]
    up = [[r * cols + c for r in range(rows)] for c in range(cols)]
    return (left, [line[::-1] for line in left], up, [line[::-1] for line in up])


def _slide(cells, lines):
    after = list(cells)
    points = 0
    for line in lines:
        tiles = [cells[i] for i in line if cells[i]]
        out = []
        while tiles:
            if len(tiles) > 1 and tiles[0] == tiles[1]:
                out.append(tiles[0] + 1)
                points += 1 << (tiles[0] + 1)
                tiles = tiles[2:]
            else:
                out.append(tiles.pop(0))
        out += [0] * (len(line) - len(out))
        for index, value in zip(line, out):
            after[index] = value
    return tuple(after), points


def best_scores(rows, cols):
    """Exhaustive search: the highest score each reachable board can carry.

    Every move adds a tile of 2 or 4, so the tile sum grows and the boards
    can be visited in order of it: a board's best score is final when it is
    taken from the heap.
    """
    size = rows * cols
    directions = _lines(rows, cols)
    best = {}
    heap = []
    for first in range(size):
        for second in range(size):
            if first != second:
                for a in (1, 2):
                    for b in (1, 2):
                        cells = [0] * size
                        cells[first], cells[second] = a, b
                        best[tuple(cells)] = 0
    for cells in best:
        heapq.heappush(heap, (sum(1 << e for e in cells if e), cells))
    done = set()
    while heap:
        _, cells = heapq.heappop(heap)
        if cells in done:
            continue
        done.add(cells)
        score = best[cells]
        for lines in directions:
            after, points = _slide(cells, lines)
            if after == cells:
                continue
            for index in range(size):
                if not after[index]:
                    for tile in (1, 2):
                        child = after[:index] + (tile,) + after[index + 1 :]
                        if best.get(child, -1) < score + points:
                            best[child] = score + points
                            heapq.heappush(heap, (sum(1 << e for e in child if e), child))
    return best


def test_the_bound_holds_on_every_board_small_enough_to_search():
    for rows, cols in ((1, 2), (1, 3), (2, 2), (1, 4)):
        size = rows * cols
        best = best_scores(rows, cols)
        for cells, score in best.items():
            assert ranked_within_bound(cells, size), cells
            least, most = build_range(cells)
            assert score <= most
        top = max(best.values())
        assert top <= bound(size)
        # Measured, not proven: the searched maxima are the bound less 4 per
        # cell, which for 16 cells would be 3,932,100 (docs/saving.md).
        assert top == bound(size) - 4 * size, (rows, cols, top)
