# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The rules of RULES.md, example by example, in all four directions."""

import pytest

from engine import rules
from engine.rules import DOWN, LEFT, RIGHT, UP, can_move, slide
from tests.tiles import CLOCKWISE, board, mirror, rotate, rows


def check(before, direction, after, points):
    """slide(before, direction) gives `after` and `points`, and so do its
    three rotations (each with the direction turned the same way)."""
    rotated_before, rotated_after, d = list(before), list(after), direction
    for _ in range(4):
        cells = list(rotated_before)
        assert slide(cells, d) == points, (rows(rotated_before), rules.NAMES[d])
        assert cells == rotated_after, (rows(rotated_before), rules.NAMES[d], rows(cells))
        rotated_before, rotated_after = rotate(rotated_before), rotate(rotated_after)
        d = CLOCKWISE[d]


def test_one_merge_per_tile():
    # RULES: `4 4 4 4` pushed left -> `8 8 . .`, never 16.
    check(board("4 4 4 4", ". . . .", ". . . .", ". . . ."), LEFT, board("8 8 . .", ". . . .", ". . . .", ". . . ."), 16)


def test_merging_starts_at_the_far_edge():
    # RULES: `4 4 4 .` left -> `8 4 . .`; right -> `. . 4 8`.
    check(board("4 4 4 .", ". . . .", ". . . .", ". . . ."), LEFT, board("8 4 . .", ". . . .", ". . . .", ". . . ."), 8)
    check(board("4 4 4 .", ". . . .", ". . . .", ". . . ."), RIGHT, board(". . 4 8", ". . . .", ". . . .", ". . . ."), 8)


def test_only_tiles_meeting_along_the_move_merge():
    # Equal neighbours across the direction of the move stay apart.
    before = board("2 2 . .", ". . . .", ". . . .", ". . . .")
    check(before, DOWN, board(". . . .", ". . . .", ". . . .", "2 2 . ."), 0)
    cells = list(before)
    assert slide(cells, UP) == -1 and cells == before


def test_merged_tile_does_not_merge_with_a_tile_it_reaches():
    check(board("2 2 4 .", ". . . .", ". . . .", ". . . ."), LEFT, board("4 4 . .", ". . . .", ". . . .", ". . . ."), 4)
    check(board("8 . 4 4", ". . . .", ". . . .", ". . . ."), LEFT, board("8 8 . .", ". . . .", ". . . .", ". . . ."), 8)


def test_pair_at_the_far_end_merges():
    check(board("2 4 8 8", ". . . .", ". . . .", ". . . ."), LEFT, board("2 4 16 .", ". . . .", ". . . .", ". . . ."), 16)


def test_two_pairs_in_one_line():
    check(board("2 2 8 8", ". . . .", ". . . .", ". . . ."), LEFT, board("4 16 . .", ". . . .", ". . . .", ". . . ."), 20)


def test_tiles_slide_through_gaps_and_stop_at_tiles():
    check(board(". 2 . 4", "8 . . .", ". . 16 .", ". . . ."), LEFT, board("2 4 . .", "8 . . .", "16 . . .", ". . . ."), 0)
    check(board("2 4 2 4", ". . . .", ". . . .", ". . . ."), DOWN, board(". . . .", ". . . .", ". . . .", "2 4 2 4"), 0)


def test_score_is_the_value_of_the_new_tile():
    # RULES: two 256s -> +512.
    check(board("256 256 . .", ". . . .", ". . . .", ". . . ."), LEFT, board("512 . . .", ". . . .", ". . . .", ". . . ."), 512)


def test_largest_tiles_merge_and_score():
    check(
        board("65536 65536 . .", ". . . .", ". . . .", ". . . ."),
        LEFT,
        board("131072 . . .", ". . . .", ". . . .", ". . . ."),
        131072,
    )


def test_the_ladder_ends_at_131072():
    # Two 131072s never merge (a merge would make 2**18, which no 4x4 game
    # reaches and no save may hold); the rest of the line merges as usual.
    assert rules.MAX_EXPONENT == 17
    check(
        board(". 131072 . 131072", ". . . .", ". . . .", ". . . ."),
        LEFT,
        board("131072 131072 . .", ". . . .", ". . . .", ". . . ."),
        0,
    )
    check(
        board("131072 131072 4 4", ". . . .", ". . . .", ". . . ."),
        LEFT,
        board("131072 131072 8 .", ". . . .", ". . . .", ". . . ."),
        8,
    )
    check(
        board("131072 131072 131072 131072", ". . . .", ". . . .", ". . . ."),
        RIGHT,
        board("131072 131072 131072 131072", ". . . .", ". . . .", ". . . ."),
        -1,
    )
    check(
        board("131072 65536 65536 131072", ". . . .", ". . . .", ". . . ."),
        LEFT,
        board("131072 131072 131072 .", ". . . .", ". . . .", ". . . ."),
        131072,
    )
    check(
        board("65536 65536 131072 131072", ". . . .", ". . . .", ". . . ."),
        LEFT,
        board("131072 131072 131072 .", ". . . .", ". . . .", ". . . ."),
        131072,
    )


def test_a_pair_of_131072s_is_no_move():
    full = board("2 4 2 4", "4 2 4 2", "2 4 2 4", "4 2 131072 131072")
    assert not can_move(full)
    assert not can_move(rotate(full))  # the pair upright
    for direction in (UP, RIGHT, DOWN, LEFT):
        cells = list(full)
        assert slide(cells, direction) == -1 and cells == full
    full[0] = full[1] = 8  # any other pair is a move
    assert can_move(full)


@pytest.mark.parametrize("direction", [UP, RIGHT, DOWN, LEFT])
def test_invalid_move_changes_nothing(direction):
    packed = {
        LEFT: board("2 4 . .", "8 . . .", "2 4 8 16", ". . . ."),
        RIGHT: board(". . 4 2", ". . . 8", "16 8 4 2", ". . . ."),
        UP: board("2 4 8 16", "4 . 2 .", ". . . .", ". . . ."),
        DOWN: board(". . . .", ". . . .", "4 . 2 .", "2 4 8 16"),
    }[direction]
    cells = list(packed)
    assert slide(cells, direction) == -1
    assert cells == packed


def test_full_board_without_pairs_cannot_move():
    full = board("2 4 2 4", "4 2 4 2", "2 4 2 4", "4 2 4 2")
    assert not can_move(full)
    for direction in (UP, RIGHT, DOWN, LEFT):
        cells = list(full)
        assert slide(cells, direction) == -1 and cells == full


@pytest.mark.parametrize("row,col", [(r, c) for r in range(4) for c in range(4)])
def test_full_board_with_one_pair_can_move(row, col):
    full = board("2 4 2 4", "4 2 4 2", "2 4 2 4", "4 2 4 2")
    for neighbour in ((row, col + 1), (row + 1, col)):
        r, c = neighbour
        if r > 3 or c > 3:
            continue
        cells = list(full)
        cells[r * 4 + c] = cells[row * 4 + col] = 9
        assert can_move(cells)


def test_board_with_an_empty_cell_can_move():
    cells = board("2 4 2 4", "4 2 4 2", "2 4 . 4", "4 2 4 2")
    assert can_move(cells)


def test_helpers_rotate_and_mirror():
    cells = board("2 4 . .", ". . . .", ". . . .", ". . . 8")
    assert rotate(rotate(rotate(rotate(cells)))) == cells
    assert mirror(mirror(cells)) == cells
    assert rows(rotate(cells)) == (". . . 2", ". . . 4", ". . . .", "8 . . .")
