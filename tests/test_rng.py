# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The engine's generator: full period, exact uniformity, 90/10 spawns, resumable state."""

import math

import pytest

from engine.rng import Rng
from engine.rules import spawn


def step_state(state):
    """One generator step on a 32-bit state, through the real Rng code."""
    rng = Rng(1)
    rng.state = state
    rng.below(65536)
    return rng.state


def gf2_matrix():
    # The step is linear over GF(2): column i is the image of bit i.
    return [step_state(1 << bit) for bit in range(32)]


def apply(matrix, vector):
    result, bit = 0, 0
    while vector:
        if vector & 1:
            result ^= matrix[bit]
        vector >>= 1
        bit += 1
    return result


def power(matrix, exponent):
    result = [1 << bit for bit in range(32)]
    while exponent:
        if exponent & 1:
            result = [apply(matrix, column) for column in result]
        matrix = [apply(matrix, column) for column in matrix]
        exponent >>= 1
    return result


def test_step_is_linear_so_the_matrix_describes_it():
    matrix = gf2_matrix()
    for state in (0x12345678, 0xDEADBEEF, 1, 0x80000000, 0x2048ABCD):
        assert step_state(state) == apply(matrix, state)


def test_period_is_two_to_the_32_minus_one():
    # M^(2^32-1) = I, and no proper divisor of 2^32-1 gives I: every
    # non-zero state lies on one cycle.
    matrix = gf2_matrix()
    identity = [1 << bit for bit in range(32)]
    order = 2**32 - 1
    assert power(matrix, order) == identity
    for prime in (3, 5, 17, 257, 65537):  # 2^32 - 1 = 3 * 5 * 17 * 257 * 65537
        assert power(matrix, order // prime) != identity


def test_state_round_trip_continues_the_sequence():
    rng = Rng(123)
    for _ in range(10):
        rng.below(7)
    copy = Rng(999)
    copy.state = rng.state
    assert [rng.below(1000) for _ in range(50)] == [copy.below(1000) for _ in range(50)]


def test_zero_state_is_never_kept():
    rng = Rng(0)
    assert rng.state != 0
    rng.state = 0
    assert rng.state != 0
    rng.below(10)


@pytest.mark.parametrize("bound", [1, 2, 3, 10, 16, 60, 160, 65536])
def test_below_stays_in_range(bound):
    rng = Rng(bound)
    assert all(0 <= rng.below(bound) < bound for _ in range(2000))


def chi_square(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def test_below_is_uniform():
    rng = Rng(2024)
    bound, draws = 10, 100_000
    counts = [0] * bound
    for _ in range(draws):
        counts[rng.below(bound)] += 1
    # 9 degrees of freedom: the 99.9th percentile is 27.9.
    assert chi_square(counts, draws / bound) < 27.9


def test_spawn_is_two_at_ninety_percent_four_at_ten():
    rng = Rng(77)
    draws, fours = 50_000, 0
    for _ in range(draws):
        cells = [0] * 16
        index = spawn(cells, rng)
        fours += cells[index] == 2
    # Binomial(50000, 0.1): sd = 67; allow 4.5 sd.
    assert abs(fours - draws * 0.1) < 4.5 * math.sqrt(draws * 0.1 * 0.9)


def test_spawn_picks_every_empty_cell_equally():
    rng = Rng(5)
    # Seven empty cells scattered over a board.
    template = [1, 0, 2, 0, 0, 3, 4, 1, 2, 0, 1, 0, 5, 0, 6, 7]
    empty = [i for i, v in enumerate(template) if v == 0]
    counts = {i: 0 for i in empty}
    draws = 70_000
    for _ in range(draws):
        cells = list(template)
        index = spawn(cells, rng)
        assert index in counts and cells[index] in (1, 2)
        assert [v for i, v in enumerate(cells) if i != index] == [v for i, v in enumerate(template) if i != index]
        counts[index] += 1
    # 6 degrees of freedom: the 99.9th percentile is 22.5.
    assert chi_square(counts.values(), draws / len(empty)) < 22.5


def test_spawn_on_a_full_board_does_nothing():
    cells = [1, 2] * 8
    assert spawn(cells, Rng(1)) == -1
    assert cells == [1, 2] * 8


def test_state_words_round_trip_without_the_32_bit_int():
    rng = Rng(77)
    for _ in range(5):
        rng.below(9)
    copy = Rng(1)
    copy.set_words(rng.x, rng.y)
    assert (copy.x, copy.y) == (rng.x, rng.y)
    assert [rng.below(1000) for _ in range(20)] == [copy.below(1000) for _ in range(20)]
    copy.set_words(0, 0)  # xorshift would stay at zero: a fixed state instead
    assert copy.x or copy.y


def test_entropy_seed_is_a_small_int(monkeypatch):
    import os

    from engine import rng as rng_module

    monkeypatch.setattr(os, "urandom", lambda count: b"\xff" * count)
    assert rng_module.entropy_seed() == 2**30 - 1  # the top 2 of 32 bits are dropped
    monkeypatch.undo()
    assert all(0 <= rng_module.entropy_seed() < 2**30 for _ in range(20))

    def no_urandom(count):
        raise NotImplementedError

    monkeypatch.setattr(os, "urandom", no_urandom)
    assert 0 <= rng_module.entropy_seed() < 2**30  # the clock fallback
