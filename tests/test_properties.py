# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Properties of the rules on random boards (hypothesis), checked against a
plain reference written separately from the engine."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import Game
from engine.rules import DOWN, LEFT, RIGHT, UP, can_move, slide
from tests.tiles import CLOCKWISE, mirror, rotate, values

MIRRORED = {UP: UP, DOWN: DOWN, LEFT: RIGHT, RIGHT: LEFT}

# Exponents 0..17, with empties and small tiles common as in real games.
cell = st.one_of(st.just(0), st.integers(1, 4), st.integers(0, 17))
boards = st.lists(cell, min_size=16, max_size=16)
# Boards crowded with the largest tiles, where 131072 pairs meet often.
top_heavy = st.lists(st.sampled_from([0, 1, 16, 17, 17]), min_size=16, max_size=16)
directions = st.sampled_from([UP, RIGHT, DOWN, LEFT])


#: The largest tile: two of them do not merge (engine.rules.MAX_EXPONENT).
LARGEST = 131072


def reference_line(line):
    """Slide one line (values, first = the edge pushed towards) the obvious way."""
    tiles = [v for v in line if v]
    out, points, i = [], 0, 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1] and tiles[i] < LARGEST:
            out.append(tiles[i] * 2)
            points += tiles[i] * 2
            i += 2
        else:
            out.append(tiles[i])
            i += 1
    return out + [0] * (4 - len(out)), points


def reference_left(cells):
    """(values after sliding left, points) for a board of exponents."""
    vals = values(cells)
    result, total = [], 0
    for row in range(4):
        line, points = reference_line(vals[row * 4 : row * 4 + 4])
        result += line
        total += points
    return result, total


def turned(cells, times):
    for _ in range(times):
        cells = rotate(cells)
    return cells


# How many clockwise turns bring each direction to LEFT.
TURNS_TO_LEFT = {LEFT: 0, DOWN: 1, RIGHT: 2, UP: 3}


def check_against_the_reference(cells, direction):
    after = list(cells)
    points = slide(after, direction)
    turns = TURNS_TO_LEFT[direction]
    expected, expected_points = reference_left(turned(cells, turns))
    got = values(turned(after, turns))
    if expected == values(turned(cells, turns)):
        assert points == -1 and after == cells
    else:
        assert got == expected
        assert points == expected_points


@given(boards, directions)
def test_slide_matches_the_reference(cells, direction):
    check_against_the_reference(cells, direction)


@given(top_heavy, directions)
def test_slide_matches_the_reference_near_the_top(cells, direction):
    check_against_the_reference(cells, direction)


@given(st.one_of(boards, top_heavy))
def test_can_move_says_whether_some_direction_changes_the_board(cells):
    legal = any(slide(list(cells), direction) >= 0 for direction in (UP, RIGHT, DOWN, LEFT))
    if any(cells):
        assert can_move(cells) == legal
    else:
        assert not legal  # an empty board: no tile to move (the game never holds one)


@given(boards, directions)
def test_rotated_board_gives_rotated_result(cells, direction):
    plain, turned_board = list(cells), rotate(cells)
    assert slide(plain, direction) == slide(turned_board, CLOCKWISE[direction])
    assert rotate(plain) == turned_board


@given(boards, directions)
def test_mirrored_board_gives_mirrored_result(cells, direction):
    plain, flipped = list(cells), mirror(cells)
    assert slide(plain, direction) == slide(flipped, MIRRORED[direction])
    assert mirror(plain) == flipped


@given(boards, directions)
def test_slide_conserves_the_sum_and_points_are_the_merged_tiles(cells, direction):
    after = list(cells)
    points = slide(after, direction)
    assert sum(values(after)) == sum(values(cells))
    if points > 0:
        # Each merge removes one tile and scores the new tile's value.
        merges = sum(1 for v in cells if v) - sum(1 for v in after if v)
        assert merges >= 1
        assert points >= 4 * merges  # the smallest merge is 2 + 2 -> 4


@given(boards, directions)
def test_second_slide_only_merges(cells, direction):
    # After a slide no tile can move into a gap: a second slide in the same
    # direction changes nothing unless it merges tiles the first one made
    # equal (4 4 4 4 -> 8 8 -> 16). With no merge the first time, the
    # second slide changes nothing at all.
    once = list(cells)
    first = slide(once, direction)
    twice = list(once)
    second = slide(twice, direction)
    if first == 0 or first == -1:
        assert second == -1 and twice == once
    elif second != -1:
        assert second > 0
        assert sum(1 for v in twice if v) < sum(1 for v in once if v)


@settings(max_examples=50)
@given(st.integers(0, 2**32 - 1), st.lists(directions, min_size=1, max_size=60))
def test_a_move_adds_exactly_the_spawned_tile(seed, moves):
    game = Game(seed=seed)
    for direction in moves:
        before_sum = sum(values(game.cells))
        before_score = game.score
        after = list(game.cells)
        points = slide(after, direction)
        moved = game.move(direction)
        if game.waiting:
            game.continue_playing()
        if not moved:
            assert sum(values(game.cells)) == before_sum
            continue
        assert game.score == before_score + points
        spawned = sum(values(game.cells)) - before_sum
        assert spawned in (2, 4)
        differences = [i for i in range(16) if game.cells[i] != after[i]]
        assert len(differences) == 1 and after[differences[0]] == 0
