# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Game flow: score and best, the win banner once, Continue, game over, stats."""

import pytest

from engine.game import COUNTER_MAX, MAX_SCORE, Game
from engine.rules import DOWN, LEFT, RIGHT, UP, can_move
from tests.tiles import board, values


def game_with(cells, score=0, seed=1):
    game = Game(seed=seed)
    game.set_board(cells, score)
    return game


def test_new_game_has_two_tiles_of_two_or_four():
    for seed in range(200):
        game = Game(seed=seed)
        tiles = [v for v in values(game.cells) if v]
        assert len(tiles) == 2
        assert set(tiles) <= {2, 4}
        assert game.score == 0 and game.moves == 0
        assert not (game.won or game.keep_playing or game.over)
        assert 1 << game.max_exponent == max(tiles)


def test_a_new_game_draws_the_tiles_spawn_puts_on_an_empty_board():
    # new_game draws its two tiles without a board (so that a fault part-way
    # leaves the old game or a whole new one): the same draws in the same
    # order as two spawns on an empty board, so seeds and saves keep their games.
    from engine.rng import Rng
    from engine.rules import spawn

    for seed in range(500):
        game = Game(seed=seed)
        rng = Rng(seed)
        for _ in range(4):
            cells = [0] * 16
            spawn(cells, rng, 16)
            spawn(cells, rng, 15)
            assert game.cells == cells, seed
            assert game.rng.x == rng.x and game.rng.y == rng.y
            game.new_game()


def test_valid_move_scores_and_spawns_exactly_one_tile():
    game = game_with(board("2 2 . .", ". . . .", ". . . .", ". . . ."), score=10)
    assert game.move(LEFT)
    assert game.score == 14 and game.best == 14 and game.moves == 1
    assert values(game.cells)[0] == 4
    assert sorted(v for v in values(game.cells) if v)[:-1] in ([2], [4])


def test_invalid_move_changes_nothing_and_spawns_nothing():
    cells = board("2 4 . .", ". . . .", ". . . .", ". . . .")
    game = game_with(cells, score=8)
    state = game.rng.state
    assert not game.move(LEFT)
    assert not game.move(UP)
    assert game.cells == cells and game.score == 8 and game.moves == 0
    assert game.rng.state == state  # no random number was used either


def test_best_follows_the_score_and_survives_new_game():
    game = game_with(board("64 64 . .", ". . . .", ". . . .", ". . . ."))
    game.best = 100
    game.move(RIGHT)
    assert game.best == 128
    game.new_game()
    assert game.score == 0 and game.best == 128


def test_win_is_reported_once_and_waits_for_a_choice():
    game = game_with(board("1024 1024 . .", ". . . .", ". . . .", "2 . . ."))
    assert game.move(LEFT)
    assert game.won and game.waiting and not game.keep_playing
    assert game.stats.wins == 1
    snapshot = list(game.cells)
    # The banner is modal: moves are refused until the player decides.
    for direction in (UP, RIGHT, DOWN, LEFT):
        assert not game.move(direction)
    assert game.cells == snapshot
    game.continue_playing()
    assert game.keep_playing and not game.waiting and game.won
    assert game.cells == snapshot  # Continue keeps the board


def test_after_continue_bigger_tiles_do_not_win_again():
    game = game_with(board("1024 1024 . .", ". . . .", ". . . .", ". . . ."))
    assert game.move(LEFT)
    assert game.waiting and game.stats.wins == 1
    game.continue_playing()
    game.set_board(board("1024 1024 . .", "2048 . . .", ". . . .", ". . . ."), game.score)
    assert game.move(LEFT)  # makes a second 2048
    game.set_board(board("2048 2048 . .", ". . . .", ". . . .", ". . . ."), game.score)
    assert game.move(LEFT)  # makes 4096
    assert game.won and game.keep_playing and not game.waiting
    assert game.stats.wins == 1  # one win per game
    assert 1 << game.max_exponent == 4096


def test_new_game_after_a_win_resets_the_flags():
    game = game_with(board("1024 1024 . .", ". . . .", ". . . .", ". . . ."))
    game.move(LEFT)
    assert game.waiting
    game.new_game()
    assert not (game.won or game.keep_playing or game.waiting)
    assert game.stats.games == 2


def test_game_over_only_when_full_and_no_pair():
    # One empty cell; whatever spawns there (2 or 4) leaves no pair.
    almost = board("8 16 8 16", "16 8 16 8", "8 16 8 16", "32 64 128 .")
    for seed in range(30):
        game = game_with(almost, seed=seed)
        assert not game.over
        assert game.move(RIGHT)  # 32 64 128 slide right, a tile spawns at the left
        spawned = game.cells[12]
        assert spawned in (1, 2)
        assert game.over == (not can_move(game.cells))
        assert game.over  # 2 or 4 next to 16 / 32: no pair anywhere
        assert not any(game.move(d) for d in (UP, RIGHT, DOWN, LEFT))


def test_full_board_with_a_pair_is_not_over():
    # The spawn fills the last cell; the 2 2 pair keeps the game going.
    game = game_with(board("2 2 8 16", "16 8 16 8", "8 16 8 16", "32 64 128 ."))
    game.move(RIGHT)
    assert not game.over


def test_largest_tile_131072_is_kept_and_scored():
    game = game_with(board("65536 65536 . .", "2 . . .", ". . . .", ". . . ."))
    assert game.move(LEFT)
    assert 1 << game.max_exponent == 131072 and game.score == 131072
    assert game.stats.best_exponent == 17


@pytest.mark.parametrize(
    "cells, score, message",
    [
        ([1] * 15, 0, "16 cells"),
        ([18] + [1] * 15, 0, "cell 0"),  # 2**18: no 4x4 game makes it
        ([1] * 15 + [32], 0, "cell 15"),  # 2**32, as `sim.py --board` could ask
        ([1] * 7 + [-1] + [1] * 8, 0, "cell 7"),
        ([1.5] + [1] * 15, 0, "cell 0"),
        (["2"] + [1] * 15, 0, "cell 0"),
        ([0] * 16, 0, "at least one tile"),  # no tile: no direction would ever move
        ([1] * 16, -1, "score"),
        ([1] * 16, MAX_SCORE + 1, "score"),
        ([1] * 16, 2**32, "score"),
        ([1] * 16, 12.0, "score"),
    ],
)
def test_set_board_refuses_bad_boards_and_changes_nothing(cells, score, message):
    game = Game(seed=1)
    before = (list(game.cells), game.score, game.best, game.won, game.over, game.stats.best_exponent)
    with pytest.raises(ValueError, match=message):
        game.set_board(cells, score)
    assert (list(game.cells), game.score, game.best, game.won, game.over, game.stats.best_exponent) == before


def test_set_board_sets_the_flags_the_board_calls_for():
    game = Game(seed=2)
    game.set_board(board("2048 . . .", ". . . .", ". . . .", ". . . 2"), score=20000)
    # A board past 2048 is a won game whose player chose Continue: no banner.
    assert game.won and game.keep_playing and not game.waiting and not game.over
    assert game.stats.wins == 1 and game.stats.best_exponent == 11 and game.best == 20000
    game.set_board(board("4096 . . .", ". . . .", ". . . .", ". . . ."), score=20000)
    assert game.stats.wins == 1  # the same game: still one win
    game.set_board(board("2 4 2 4", "4 2 4 2", "2 4 2 4", "4 2 4 2"), score=100)
    assert not game.won and not game.keep_playing and game.over
    assert game.best == 20000 and game.stats.best_exponent == 12
    game.set_board(board("2048 . . .", ". . . .", ". . . .", ". . . ."), score=100)
    assert game.won and game.stats.wins == 1  # never more wins than games
    assert game.stats.wins <= game.stats.games


def test_stats_count_games_moves_and_best_tile():
    game = Game(seed=5)
    made = 0
    for step in range(300):
        if game.over:
            game.new_game()
        made += game.move(step % 4)
    assert game.stats.moves == made
    assert game.stats.best_exponent >= game.max_exponent
    assert game.stats.games >= 1


def test_same_seed_same_game():
    first, second = Game(seed=42), Game(seed=42)
    for step in range(500):
        direction = (step * 7) % 4
        assert first.move(direction) == second.move(direction)
        assert first.cells == second.cells and first.score == second.score


def test_the_score_stops_at_the_largest_a_4x4_game_can_reach():
    # Only a crafted board can get there; the score then saturates.
    game = game_with(board("65536 65536 . .", ". . . .", ". . . .", ". . . ."), score=MAX_SCORE - 10)
    assert game.move(LEFT)
    assert game.score == game.best == MAX_SCORE
    game.set_board(board("8 8 . .", ". . . .", ". . . .", ". . . ."), score=MAX_SCORE)
    assert game.move(LEFT)
    assert game.score == MAX_SCORE


def test_counters_stop_at_counter_max():
    assert COUNTER_MAX < 2**30
    game = Game(seed=3)
    game.stats.moves = COUNTER_MAX - 1
    game.moves = 5
    assert game.move(LEFT) or game.move(RIGHT)
    assert game.stats.moves == COUNTER_MAX and game.moves == 6
    cells = list(game.cells)
    assert game.move(UP) or game.move(DOWN)
    assert game.cells != cells  # the move is still played
    assert game.stats.moves == COUNTER_MAX and game.moves == 6  # the counts stop together
    game.stats.games = COUNTER_MAX
    game.new_game()
    assert game.stats.games == COUNTER_MAX and game.moves == 0
    game.stats.wins = COUNTER_MAX
    game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . ."))
    assert game.move(LEFT) and game.won
    assert game.stats.wins == COUNTER_MAX


def test_moves_count_this_game_only():
    game = Game(seed=4)
    made = sum(game.move(step % 4) for step in range(40))
    assert game.moves == game.stats.moves == made
    game.new_game()
    assert game.moves == 0 and game.stats.moves == made
    game.move(LEFT) or game.move(RIGHT)
    assert game.moves == 1 and game.stats.moves == made + 1
