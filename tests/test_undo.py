# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Undo in the engine (docs/rules.md, "Undo"): every edge, the history's
limit and depth changes, the stats, a reset, power-off (the history in the
record), a stranger's history refused, and MicroPython (same results, no
allocation per move or undo)."""

import random

import pytest

from engine import record as record_module
from engine.game import COUNTER_MAX, MAX_HISTORY_STEPS, MAX_UNDO_DEPTH, Game
from engine.record import SLOT_SIZE, crc32
from engine.rules import DOWN, LEFT, RIGHT, UP
from engine.store import MIN_LENGTH, SAVED, Store
from tests.saves import snapshot, undone
from tests.shared import printed
from tests.tiles import board
from tools.vm.fuel_vm import run


def position(game):
    """What an undo restores and what follows from it."""
    return (tuple(game.cells), game.score, game.moves, game.rng.state, game.won, game.over, game.max_exponent)


def any_move(game):
    """Make the first valid move; its direction."""
    for direction in (LEFT, DOWN, RIGHT, UP):
        if game.move(direction):
            return direction
    raise AssertionError("no valid move")


def played(seed, depth, moves):
    """A game of ``seed`` with undo at ``depth`` after ``moves`` valid
    moves, and the position before each of them, oldest first."""
    game = Game(seed=seed)
    game.undo_depth = depth
    positions = []
    for _ in range(moves):
        positions.append(position(game))
        any_move(game)
    return game, positions


def reloaded(game, settings=None):
    """``game`` saved and loaded again (a power-off): the loaded game."""
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    store.load(seed=1)
    assert store.save(game) == SAVED, store.failure
    again = Store(nvm)
    loaded = again.load()
    assert again.version == record_module.VERSION
    return loaded


# ---------------------------------------------------------------- Off


def test_undo_is_off_by_default_and_then_does_nothing():
    game = Game(seed=1)
    assert game.undo_depth == 0 and not game.can_undo
    any_move(game)
    before = position(game), game.stats.undos
    assert not game.undo()
    assert (position(game), game.stats.undos) == before


def test_a_history_changes_nothing_in_the_game_it_records():
    # The same seed and directions with undo Off, at 1 and at 5, never
    # undoing: the same tiles, scores, flags and stats, move for move.
    games = [Game(seed=9) for _ in range(3)]
    for game, depth in zip(games, (0, 1, 5)):
        game.undo_depth = depth
    chooser = random.Random(9)
    for _ in range(3000):
        direction = chooser.randrange(4)
        for game in games:
            if game.over:
                game.new_game()
            elif game.waiting:
                game.continue_playing()
            game.move(direction)
        first = snapshot(games[0])[:11]
        assert all(snapshot(game)[:11] == first for game in games[1:])
    assert games[0].stats.games > 3


def test_a_bad_depth_is_refused_and_changes_nothing():
    game = Game(seed=1)
    game.undo_depth = 1
    any_move(game)
    for depth in (-1, MAX_UNDO_DEPTH + 1, 2.0, "5", None):
        with pytest.raises(ValueError):
            game.undo_depth = depth
        assert game.undo_depth == 1 and game.can_undo


# ---------------------------------------------------------------- honest undo


@pytest.mark.parametrize("depth", [1, 5])
def test_an_undo_restores_the_position_and_the_same_move_brings_the_same_tile(depth):
    for seed in range(40):
        game = Game(seed=seed)
        game.undo_depth = depth
        for _ in range(seed % 7):
            any_move(game)
        before = position(game)
        direction = any_move(game)
        after = position(game)
        best, total = game.best, game.stats.moves
        assert game.undo()
        assert position(game) == before
        assert game.best == best and game.stats.moves == total  # neither goes back
        assert game.undos == 1 and game.stats.undos == 1
        assert game.move(direction)
        assert position(game) == after  # no fishing for another tile


def test_the_history_holds_the_last_depth_moves_and_no_more():
    for depth in range(1, MAX_UNDO_DEPTH + 1):
        game, positions = played(depth, depth, 3 * depth + 4)
        for expected in reversed(positions[-depth:]):
            assert game.can_undo and game.undo()
            assert position(game) == expected
        assert not game.can_undo and not game.undo()
        assert game.undos == depth


def test_undos_and_moves_take_turns_within_the_limit():
    # Undo 3, move 2, undo 4: the history refills by the moves made.
    game, positions = played(3, 5, 8)
    for _ in range(3):
        assert game.undo()
        positions.pop()
    for _ in range(2):
        positions.append(position(game))
        any_move(game)
    for _ in range(4):
        assert game.undo()
        assert position(game) == positions.pop()
    assert not game.undo()  # 5 back from the last move: the limit


def test_the_best_score_never_goes_down():
    game = Game(seed=1)
    game.undo_depth = 5
    game.set_board(board("256 256 . .", ". . . .", ". . . .", ". . . 2"), score=1000)
    game.move(LEFT)
    assert game.score == game.best == 1512
    assert game.undo()
    assert game.score == 1000 and game.best == 1512


# ---------------------------------------------------------------- game over


STUCK_BUT_ONE = board("8 16 8 16", "16 8 16 8", "8 16 8 16", "32 64 128 .")


def test_an_undo_from_game_over_revives_the_game():
    game = Game(seed=1)
    game.undo_depth = 1
    game.set_board(STUCK_BUT_ONE, score=500)
    before = position(game)
    assert game.move(RIGHT) and game.over
    assert game.undo()
    assert not game.over and position(game) == before
    assert game.move(DOWN)  # playable again (another way this time)


# ---------------------------------------------------------------- the win


def won_waiting(depth=5):
    """A game whose last move made the first 2048: the banner waits."""
    game = Game(seed=4)
    game.undo_depth = depth
    game.set_board(board("512 512 1024 .", ". . . .", ". . . .", "2 . . ."), score=30000)
    assert game.move(LEFT)  # 1024 1024 . .
    assert game.move(LEFT)  # 2048
    assert game.waiting and game.stats.wins == 1
    return game


def test_an_undo_from_the_win_banner_takes_the_win_back_and_the_banner_is_not_shown_again():
    game = won_waiting()
    wins, clean = game.stats.wins, game.stats.wins_without_undo
    assert game.undo()
    assert not game.won and game.keep_playing and not game.waiting  # the banner is behind us
    assert game.move(LEFT)  # the same 2048 again
    assert game.won and not game.waiting  # no second banner this game
    assert (game.stats.wins, game.stats.wins_without_undo) == (wins, clean) == (1, 1)  # counted once, never uncounted


def test_an_undo_after_continue_keeps_continue_on_either_side_of_the_win():
    game = won_waiting()
    game.continue_playing()
    any_move(game)
    assert game.undo()
    assert game.won and game.keep_playing and not game.waiting  # still past the win
    assert game.undo()
    assert not game.won and game.keep_playing  # before it: the banner stays seen
    assert game.move(LEFT) and game.won and not game.waiting
    assert game.stats.wins == 1


def test_a_new_game_shows_the_banner_again():
    game = won_waiting()
    game.undo()
    game.new_game()
    assert not game.keep_playing and not game.won and game.undos == 0
    game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . ."), score=0)
    assert game.move(LEFT) and game.waiting
    assert game.stats.wins == 2


# ---------------------------------------------------------------- new game, depth changes, faults


def test_a_new_game_has_no_history():
    game = Game(seed=6)
    game.undo_depth = 5
    for _ in range(4):
        any_move(game)
    game.undo()
    undos = game.stats.undos
    game.new_game()
    assert not game.can_undo and not game.undo()
    assert game.undos == 0 and game.stats.undos == undos == 1
    before = position(game)
    any_move(game)
    assert game.undo() and position(game) == before  # from the new game's first move


def test_lowering_the_depth_trims_the_history_and_off_clears_it():
    game, positions = played(7, 5, 9)
    game.undo_depth = 1
    assert game.undo() and position(game) == positions[-1]
    assert not game.undo()  # only the last move was kept
    for _ in range(3):
        any_move(game)
    game.undo_depth = 0
    assert not game.can_undo
    game.undo_depth = 5
    assert not game.can_undo  # turned on again: nothing from before
    before = position(game)
    any_move(game)
    assert game.undo() and position(game) == before


def test_raising_the_depth_keeps_the_moves_there_are():
    game, positions = played(8, 1, 4)
    game.undo_depth = 5
    for _ in range(3):
        positions.append(position(game))
        any_move(game)
    for expected in reversed(positions[-4:]):  # the one kept at 1, then 3 more
        assert game.undo() and position(game) == expected
    assert not game.undo()


def test_a_board_set_by_hand_or_settled_after_a_fault_starts_the_history_again():
    game = Game(seed=9)
    game.undo_depth = 5
    for _ in range(3):
        any_move(game)
    game.set_board(board("2 4 . .", ". . . .", ". . . .", ". . . ."), score=12)
    assert not game.can_undo
    any_move(game)
    game.cells[5] = 3  # a move cut short half-way: the board is no position of the history
    game.settle()
    assert not game.can_undo
    before = position(game)
    any_move(game)
    assert game.undo() and position(game) == before


def test_a_board_changed_by_hand_is_no_matter_to_an_undo():
    # An undo rebuilds the position before the last move from the history's
    # base: what was written into the board since is gone with the move.
    game = Game(seed=10)
    game.undo_depth = 5
    before = position(game)
    any_move(game)
    game.cells[:] = [17] * 16
    assert game.undo() and position(game) == before


def test_a_history_changed_by_hand_gives_a_position_and_starts_again():
    # Its base rewritten: the replay stops at once; the undo keeps what it
    # reached (the base), with the flags that follow, and no more history.
    game = Game(seed=10)
    game.undo_depth = 5
    for _ in range(4):
        any_move(game)
    game.history.base[:] = board("2 4 2 4", "4 2 4 2", "2 4 2 4", "4 2 4 2")
    assert game.undo()
    assert game.cells == game.history.base and game.over and not game.can_undo


# ---------------------------------------------------------------- stats


def test_the_stats_count_undos_moves_and_what_was_made_without_undo():
    game = Game(seed=11)
    game.undo_depth = 5
    game.set_board(board("512 512 . .", "256 256 . .", ". . . .", ". . . ."), score=0)
    made = game.stats.moves
    assert game.move(LEFT)  # 1024 and 512
    assert game.stats.best_exponent == game.stats.best_exponent_without_undo == 10
    assert game.undo()
    assert game.moves == 0 and game.stats.moves == made + 1  # the game's count goes back, the total stays
    assert game.move(RIGHT)  # 1024 and 512 again, after an undo
    game.set_board(board("1024 1024 2048 .", ". . . .", ". . . .", ". . . ."), score=100)
    assert game.won and game.stats.wins == 1 and game.stats.wins_without_undo == 0  # won after an undo
    assert game.stats.best_exponent == 11 and game.stats.best_exponent_without_undo == 10
    game.new_game()
    game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . ."), score=0)
    assert game.move(LEFT) and game.waiting
    assert (game.stats.wins, game.stats.wins_without_undo) == (2, 1)
    assert game.undo()  # after the win: the win without undo stays counted
    assert (game.stats.wins, game.stats.wins_without_undo, game.stats.best_exponent_without_undo) == (2, 1, 11)
    assert (game.undos, game.stats.undos) == (1, 2)


def test_undo_counts_stop_at_the_moves_made_so_at_counter_max():
    # Each undo takes back a move made: never more undos than moves (which
    # stop at COUNTER_MAX), nor more this game than in all.
    game = Game(seed=12)
    game.undo_depth = 5
    any_move(game)
    any_move(game)
    game.stats.moves = COUNTER_MAX
    game.stats.undos = COUNTER_MAX - 1
    assert game.undo() and game.undo()
    assert game.stats.undos == COUNTER_MAX and game.undos == 2
    assert game.stats.undos <= game.stats.moves


def test_a_reset_clears_the_best_and_every_count_and_keeps_the_game():
    game = Game(seed=13)
    game.undo_depth = 5
    for _ in range(200):
        if game.over:
            game.new_game()
        any_move(game) if not game.over else None
    game.undo()
    cells, score, moves, undos = list(game.cells), game.score, game.moves, game.undos
    game.best = 99999
    game.reset_stats()
    stats = game.stats
    assert (list(game.cells), game.score, game.moves, game.undos) == (cells, score, moves, undos)
    assert game.best == score and stats.games == 1 and stats.wins == stats.wins_without_undo == 0
    assert stats.best_exponent == game.max_exponent and stats.best_exponent_without_undo == 0  # it used an undo
    assert (stats.moves, stats.undos) == (moves + undos, undos)
    assert game.can_undo  # the history belongs to the game in progress
    again = reloaded(game)
    assert snapshot(again) == snapshot(game)  # a reset survives a power-off


def test_a_reset_after_an_undone_win_counts_that_win():
    game = won_waiting()
    game.undo()
    game.reset_stats()
    stats = game.stats
    assert (stats.games, stats.wins, stats.wins_without_undo, stats.best_exponent) == (1, 1, 0, 11)
    assert snapshot(reloaded(game)) == snapshot(game)


def test_a_reset_of_a_game_without_undo_counts_it_without_undo():
    game = Game(seed=14)
    game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . ."), score=0)
    game.move(LEFT)
    game.continue_playing()
    game.reset_stats()
    stats = game.stats
    assert (stats.wins, stats.wins_without_undo, stats.best_exponent, stats.best_exponent_without_undo) == (1, 1, 11, 11)
    assert snapshot(reloaded(game)) == snapshot(game)


# ---------------------------------------------------------------- a model of it all


def test_random_play_against_a_model_of_the_history():
    # Moves, undos, depth changes, new games, Continue and power-offs in
    # random order; a list of the positions before each move is the model.
    chooser = random.Random(2048)
    game = Game(seed=2048)
    kept = []
    depth = 0
    wins = best = total = 0
    longest = 0
    for step in range(6000):
        roll = chooser.random()
        if roll < 0.02:
            depth = chooser.choice((0, 1, 5))
            game.undo_depth = depth
            kept = kept[-depth:] if depth else []
        elif roll < 0.025:
            game = reloaded(game)
        elif roll < 0.2 or game.over and roll < 0.5:
            undone = game.undo()
            assert undone == bool(kept)
            if undone:
                expected = kept.pop()
                assert position(game)[:4] == expected[:4] and not game.over
                assert game.max_exponent == max(game.cells) and game.won == (game.max_exponent >= 11)
        elif game.over:
            game.new_game()
            kept = []
        elif game.waiting:
            game.continue_playing()
        else:
            before = position(game)
            if game.move(chooser.randrange(4)):
                kept = (kept + [before])[-depth:] if depth else []
        assert game.can_undo == bool(kept)
        steps = 0 if game.history is None else game.history.steps
        assert steps <= MAX_HISTORY_STEPS and (game.history is None) == (depth == 0)
        longest = max(longest, steps)
        assert game.best >= best and game.stats.moves >= total and game.stats.wins >= wins
        best, total, wins = game.best, game.stats.moves, game.stats.wins
        assert game.stats.wins <= game.stats.games
    assert game.stats.undos > 500 and game.stats.games > 3 and longest == MAX_HISTORY_STEPS


# ---------------------------------------------------------------- power-off


def test_the_history_survives_a_power_off_and_undoes_the_same_moves():
    game, positions = played(15, 5, 23)
    game.undo()
    positions.pop()
    again = reloaded(game)
    assert undone(again) == undone(game) and len(undone(again)) == 4
    for expected in reversed(positions[-4:]):
        assert again.undo() and position(again) == expected
    assert not again.undo()


def test_a_loaded_history_saves_the_same_bytes_again():
    # Loading keeps the history as stored: no write for an unchanged game.
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=16)
    game.undo_depth = 5
    for _ in range(17):
        any_move(game)
    game.undo()
    assert store.save(game) == SAVED
    again = Store(nvm)
    loaded = again.load()
    assert loaded.history.steps > loaded.history.undoable  # a base behind the oldest undoable move
    assert again.save(loaded) == 0  # UNCHANGED


# ---------------------------------------------------------------- a stranger's history


def history_record():
    """(nvm, its newest record's offset): a game saved twice, the newest
    with a full history whose base lags behind (steps > undoable)."""
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=17)
    store.save(game)
    older = bytes(nvm[0:SLOT_SIZE])
    game.undo_depth = 5
    for _ in range(13):
        any_move(game)
    assert store.save(game) == SAVED
    # Slot 0 the older game again, as one slot a save (an older version's
    # saves, or a cut write) leaves it: "block" now writes both slots.
    nvm[0:SLOT_SIZE] = older
    assert game.history.steps > game.history.undoable
    return nvm, SLOT_SIZE


def resealed(nvm, offset, change):
    record = bytearray(nvm[offset : offset + record_module.LENGTH])
    change(record)
    high, low = crc32(record, record_module.CRC_AT)
    record[record_module.CRC_AT :] = bytes((low & 255, low >> 8, high & 255, high >> 8))
    nvm = bytearray(nvm)
    nvm[offset : offset + record_module.LENGTH] = record
    return nvm


STEPS, PATH, BASE, BASE_RNG = 92, 93, 96, 112


def flip_direction(record):
    record[PATH] ^= 1


def nudge_base_cell(record):
    index = next(i for i in range(BASE, BASE + 16) if record[i])
    record[index] += 1


def swap_base_words(record):
    record[BASE_RNG : BASE_RNG + 4] = record[BASE_RNG + 2 : BASE_RNG + 4] + record[BASE_RNG : BASE_RNG + 2]


def one_step_less(record):
    record[STEPS] -= 1
    path = int.from_bytes(record[PATH : PATH + 3], "little") & ((1 << (2 * record[STEPS])) - 1)
    record[PATH : PATH + 3] = path.to_bytes(3, "little")


def a_score_too_low(record):
    record[27:31] = (3).to_bytes(4, "little")


def no_moves_but_a_base(record):
    record[STEPS] = record[91] = 0
    record[PATH : PATH + 3] = bytes(3)


HISTORIES = {
    "a direction changed": ("replay", flip_direction),
    "a base cell changed": ("replay", nudge_base_cell),
    "the base's generator changed": ("replay", swap_base_words),
    "one move fewer": ("replay", one_step_less),
    "less score than its moves made": ("replay", a_score_too_low),
    "depth past 5": ("history", lambda r: r.__setitem__(90, 6)),
    "more undoable than the depth": ("history", lambda r: (r.__setitem__(90, 2), r.__setitem__(91, 3))),
    "more undoable than moves": ("history", lambda r: r.__setitem__(91, r[STEPS] + 1)),
    "more moves than a history holds": ("history", lambda r: r.__setitem__(STEPS, MAX_HISTORY_STEPS + 1)),
    "moves while Off": ("history", lambda r: (r.__setitem__(90, 0), r.__setitem__(91, 0))),
    "a direction past the last move": ("history", lambda r: r.__setitem__(PATH + 2, r[PATH + 2] | 0x80)),
    "a base without moves": ("history", no_moves_but_a_base),
    "a base tile of 2**18": ("history", lambda r: r.__setitem__(BASE, 18)),
    "undos past their total": ("undo counters", lambda r: r.__setitem__(77, 9)),
    "more wins without undo than wins": ("without undo", lambda r: r.__setitem__(85, 1)),
    "a best tile without undo past the best": ("without undo", lambda r: r.__setitem__(89, r[52] + 1)),
}


@pytest.mark.parametrize("case", sorted(HISTORIES))
def test_a_history_that_does_not_lead_to_the_game_is_refused(case):
    reason, change = HISTORIES[case]
    nvm, offset = history_record()
    forged = resealed(nvm, offset, change)
    store = Store(forged)
    game = store.load()
    assert (store.refused, store.refusal) == (1, reason)
    assert store._newest == 0 and not game.can_undo  # the older slot's game


def test_without_an_undo_the_game_counts_without_undo_too():
    nvm, offset = history_record()
    for change in (lambda r: r.__setitem__(89, max(r[11:27]) - 1), lambda r: r.__setitem__(89, 0)):
        store = Store(resealed(nvm, offset, change))
        store.load()
        assert (store.refused, store.refusal) == (1, "without undo")


def test_a_banner_waiting_after_moves_past_the_win_is_refused():
    # Moves are refused while the banner waits: a history whose 2048 came
    # before its last move cannot end with the banner waiting.
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    store.save(store.load(seed=1))
    older = bytes(nvm[0:SLOT_SIZE])
    game = won_waiting()
    game.continue_playing()
    any_move(game)
    assert store.save(game) == SAVED
    nvm[0:SLOT_SIZE] = older  # the older game in slot 0 (see history_record)
    intact = Store(nvm)
    assert intact.load().keep_playing and intact.refused == 0
    store = Store(resealed(nvm, SLOT_SIZE, lambda r: r.__setitem__(35, 1)))  # won, Continue not chosen
    store.load()
    assert (store.refused, store.refusal) == (1, "replay")


def test_the_unchanged_history_record_passes():
    nvm, _ = history_record()
    store = Store(nvm)
    game = store.load()
    assert store.refused == 0 and store._newest == 1 and game.can_undo


# ---------------------------------------------------------------- MicroPython

GUEST = """
from engine.game import Game
from engine.rng import Rng
chooser = Rng(%(seed)d)
game = Game(seed=%(seed)d)
for step in range(%(steps)d):
    roll = chooser.below(100)
    if roll < 2:
        game.undo_depth = (0, 1, 5)[chooser.below(3)]
    elif roll < 20:
        game.undo()
    elif game.over:
        game.new_game()
    elif game.waiting:
        game.continue_playing()
    else:
        game.move(chooser.below(4))
    s = game.stats
    print(step, game.cells, game.score, game.best, game.moves, game.undos, game.rng.x, game.rng.y, game.won,
          game.keep_playing, game.over, game.can_undo, s.moves, s.undos, s.wins, s.wins_without_undo,
          s.best_exponent_without_undo)
"""


def test_micropython_undoes_exactly_like_cpython():
    # The guest's own program text runs in both.
    program = GUEST % {"seed": 77, "steps": 1500}
    guest = run(program, fuel=10**11).stdout.splitlines()
    host = printed(exec, program, {}).splitlines()
    assert guest == host and len(host) == 1500
    assert sum(1 for line in host if line.split()[-6] == "True") > 100  # undo was possible often


ALLOCATION = """
import micropython
from engine.game import Game
from engine.rng import Rng

game = Game(seed=3)
game.undo_depth = %(depth)d
chooser = Rng(4)

def play(calls):
    moved = undone = 0
    for _ in range(calls):
        if game.over:
            game.new_game()
        if game.waiting:
            game.continue_playing()
        if chooser.below(4) == 0:
            if game.undo():
                undone += 1%(extra)s
        elif game.move(chooser.below(4)):
            moved += 1
    return moved, undone

def allocated_by(calls):
    # play()'s own frame is heap-allocated in this VM (no pystack): play(0) measures it.
    before = micropython.mem_total()
    moved, undone = play(calls)
    return micropython.mem_total() - before, moved, undone

play(50)
frame = allocated_by(0)[0]
total, moved, undone = allocated_by(%(calls)d)
print(total - frame, moved, undone)
"""


@pytest.mark.parametrize("depth", [1, 5])
def test_moves_and_undos_allocate_nothing_on_micropython(depth):
    allocated, moved, undone = map(int, run(ALLOCATION % {"depth": depth, "calls": 4000, "extra": ""}).stdout.split())
    assert moved > 2000 and undone > 500
    assert allocated == 0


def test_the_undo_allocation_probe_can_see_an_allocation():
    program = ALLOCATION % {"depth": 5, "calls": 400, "extra": "\n                undone += len([undone]) - 1"}
    allocated, _, undone = map(int, run(program).stdout.split())
    assert undone > 50 and allocated >= 8 * undone


def test_the_bench_undo_figures_see_what_they_claim():
    # tools/measure/bench.py's undo costs: an undo at 5 replays more than
    # one at 1, and its allocation probe sees an allocating undo.
    from tools.measure import bench

    at_one = bench.undo_costs(1, positions=2)
    at_five = bench.undo_costs(5, positions=2)
    assert at_one[2] == at_five[2] == 0
    assert at_five[0] > at_one[0] > 20000 and at_five[1] > 3 * at_one[1]
    leaky = bench.UNDO_PROGRAM.replace("done += game.undo()", "done += game.undo() + len([done]) - 1")
    original = bench.UNDO_PROGRAM
    try:
        bench.UNDO_PROGRAM = leaky
        assert bench.undo_costs(5, positions=1)[2] >= 8
    finally:
        bench.UNDO_PROGRAM = original


# ---------------------------------------------------------------- the App on a version-3 store


@pytest.mark.parametrize("board", ["pybadge", "clue_nrf52840_express", "hack_club_sprig"])
def test_the_app_starts_plays_and_saves_on_a_store_with_a_history(board):
    # Today's App knows nothing of undo: it loads a game with a history,
    # keeps it (and the settings bytes 8..15 it has no rows for) through
    # its own saves, on each layout ("block", "pages", "log").
    from tests.shared import save_now
    from tools.play.simulator import Simulator

    first = Simulator(board=board, seed=21)
    first.game.undo_depth = 5  # what the Settings row will do
    for button in ("left", "down", "right", "down", "left", "up", "left"):
        first.press(button)
    first.game.undo()
    store = first.app.saving.store
    store.settings[8:11] = bytes((2, 1, 2))
    assert save_now(first) == "saved" and store.version == record_module.VERSION
    kept = snapshot(first.game, store)
    assert first.game.can_undo

    again = Simulator(board=board, nvm=first.nvm)  # switched off and on
    assert snapshot(again.game, again.app.saving.store) == kept and again.app.faults == 0
    moves = again.game.moves
    again.press("down")
    again.press("left")
    assert again.game.moves > moves and again.app.faults == 0
    assert again.game.undo() and again.game.can_undo
    assert save_now(again) == "salvat"  # settings byte 9 = 1: the game speaks Romanian now
    store = again.app.saving.store
    third = Store(again.nvm, store.start, store.length, store.layout)  # the chip's default sizes
    assert snapshot(third.load()) == snapshot(again.game)
    assert bytes(third.settings[8:11]) == bytes((2, 1, 2))


# ---------------------------------------------------------------- cuts of the first save after a version-2 record


def version_2_image(layout):
    """The NVM of each layout holding the version-2 fixture's two records
    (the newer in slot 1), as the release before this format left it."""
    from pathlib import Path

    image = (Path(__file__).resolve().parent / "fixtures" / "store_v2_midgame.nvm").read_bytes()
    if layout == "pages":
        data = bytearray(b"\xff" * 8192)
        data[0:SLOT_SIZE] = image[:SLOT_SIZE]
        data[4096 : 4096 + SLOT_SIZE] = image[SLOT_SIZE:]
        return data
    size = 4096 if layout == "log" else 8192
    return bytearray(image) + bytearray(b"\xff" * (size - len(image)))


@pytest.mark.parametrize("model", ["byte", "erase", "pages", "log"])
def test_the_first_save_over_a_version_2_record_survives_a_cut_at_every_step(model):
    # The first write of format 3 (a full history in it) over what the
    # release before wrote, cut at every step of the port's write (the
    # SAMD51's erase model: every step through both slots, then every 61st):
    # the load gives the version-2 game or the new one, never anything else;
    # only the SAMD51's erase can lose the game, and only until the block's
    # first record is programmed again.
    from fakenvm import FakeNVM, PageFlash, PowerCut, SectorFlash

    from tests.saves import Cuts, erase_model_cuts

    layout = {"pages": "pages", "log": "log"}.get(model, "block")
    image = bytes(version_2_image(layout))
    block = model in ("byte", "erase")

    def flash():
        if block:
            return FakeNVM(model=model, content=image)
        return Cuts((PageFlash if model == "pages" else SectorFlash)(content=image))

    store = Store(flash(), layout=layout)
    game = store.load(seed=1)
    assert store.version == 2
    old = snapshot(game, store)
    game.undo_depth = 5
    for _ in range(12):
        any_move(game)
    game.undo()
    assert game.history.steps > game.history.undoable > 0  # a full history, its base behind
    dry = flash()
    dry_store = Store(dry, layout=layout)
    dry_store.load(seed=1)
    assert dry_store.save(game) == SAVED
    new = snapshot(game) + (dry_store.saves, bytes(dry_store.settings))
    assert snapshot(*reloaded_from(dry, layout)) == new
    if block:
        steps = dry.steps_of(record_module.LENGTH)
        cuts = range(steps) if model == "byte" else erase_model_cuts(steps)
    else:
        cuts = range(dry.steps)
    lost = []
    seen = set()
    for cut in cuts:
        trial = flash()
        trial_store = Store(trial, layout=layout)
        trial_store.load(seed=1)
        if block:
            trial.cut_after = cut
        else:
            trial.cut = cut
        with pytest.raises(PowerCut):
            trial_store.save(game)
        state = snapshot(*reloaded_from(trial, layout))
        if state == old:
            seen.add("old")
        elif state == new:
            seen.add("new")
        else:
            assert state == snapshot(Game(seed=5)) + (0, bytes(record_module.SETTINGS_SIZE)), cut
            lost.append(cut)
    # (A byte-by-byte write is over only at its last byte, which no cut reaches.)
    assert seen == ({"old"} if model == "byte" else {"old", "new"})
    if model == "erase":
        # The whole 8 KB block is erased (step 1), then programmed from
        # byte 0: until slot 0's record is back, nothing is trusted (a cut
        # just before its last byte may already give it).
        assert set(range(1, record_module.LENGTH)) <= set(lost) <= set(range(1, 1 + record_module.LENGTH))
    else:
        assert not lost


def reloaded_from(nvm, layout):
    """(game, store) loaded from ``nvm`` (a fresh game's seed: 5)."""
    store = Store(nvm, layout=layout)
    return store.load(seed=5), store


def test_the_store_pystack_probe_sees_a_deeper_chain():
    # tools/measure/store_bench.py --pystack: four more frames above the
    # bare call need more pystack, by what four frames of ``under`` take.
    from tools.measure import store_bench
    from tools.vm import vmroot

    # Where a search begins (store_bench.PYSTACK_SEEN, the figures measured
    # last) changes its runs, never its answer: the bare call searched
    # again from a stale figure above and one below finds the same. (One
    # search of the four: each round runs them together.)
    seen = store_bench.PYSTACK_SEEN["block", "a bare call"]
    with vmroot.engine_root() as root:
        setup = store_bench.PYSTACK_SETUP % {"size": 8192, "layout": ""}
        bare, deeper, *stale = store_bench.pystack_needs(
            root,
            [
                (setup, "    return 1"),
                (setup, "    return under(4, lambda: 1)"),
                (setup, "    return 1"),
                (setup, "    return 1"),
            ],
            near=[None, None, seen + 96, seen - 96],
        )
    assert 4 * 24 <= deeper - bare <= 4 * 64
    assert stale == [bare, bare]
