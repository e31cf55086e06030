# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Saved games in the tests of engine.store and engine.record, and of undo:
every saved field as one comparable tuple, a seeded session of save points,
the stored fixtures of older versions, and the NVM models' wrappers (a
power cut for a whole save, reads that come back short)."""

import copy
import json
import random

from engine import record as record_module
from engine import rules
from engine.game import Game
from engine.record import SETTINGS_SIZE, crc32
from engine.store import MIN_LENGTH
from tools.check.store_fixture import FIXTURES

RECORD_LENGTH = record_module.LENGTH  # the current version


def position(game):
    """What an undo restores: board, score, moves, generator, flags."""
    return (tuple(game.cells), game.score, game.moves, game.rng.state, game.won, game.keep_playing, game.over)


def undone(game):
    """The positions each further undo of ``game`` gives (on a copy): what its history holds."""
    if not game.can_undo:
        return ()
    again = copy.deepcopy(game)
    positions = []
    while again.undo():
        positions.append(position(again))
    return tuple(positions)


def history(game):
    """What a save keeps of ``game``'s undo history (and the score at its
    base, which a load works out), as a comparable tuple; () while undo is
    Off. ``undone`` gives the positions it leads back to."""
    kept = game.history
    if kept is None:
        return ()
    return (kept.depth, kept.undoable, kept.steps, kept.path, tuple(kept.base), kept.base_x, kept.base_y, kept.base_score)


def snapshot(game, store=None):
    """Every saved field of a game (and of the store) as one comparable tuple."""
    stats = game.stats
    fields = (
        tuple(game.cells),
        game.score,
        game.best,
        game.won,
        game.keep_playing,
        game.over,
        game.moves,
        game.max_exponent,
        game.rng.state,
        (stats.games, stats.wins, stats.best_exponent, stats.moves),
        (game.undos, stats.undos, stats.wins_without_undo, stats.best_exponent_without_undo),
        game.undo_depth,
        history(game),
    )
    if store is not None:
        fields += (store.saves, bytes(store.settings))
    return fields


def fresh_snapshot(seed):
    """:func:`snapshot` of a fresh game of ``seed`` from an empty store: no saves, no settings."""
    return snapshot(Game(seed=seed)) + (0, bytes(SETTINGS_SIZE))


def play(game, moves, chooser):
    """Make ``moves`` attempts; start a new game when one ends. While undo
    is on, one attempt in six is an undo (from game over and the win banner
    too)."""
    for _ in range(moves):
        if game.undo_depth and chooser.randrange(6) == 0:
            game.undo()
            continue
        if game.over:
            game.new_game()
        elif game.waiting:
            game.continue_playing()
        game.move(chooser.randrange(4))


#: Undo depth in each third of a save_points session: on, lowered, raised.
SESSION_DEPTHS = (5, 1, 5)


def save_points(seed, count):
    """A seeded session: yields (game, store_settings_byte) at each save point.

    Undo is on (``SESSION_DEPTHS``), so most records carry a history, often
    a full one; a won game with Continue comes in half-way.
    """
    chooser = random.Random(seed)
    game = Game(seed=seed)
    for index in range(count):
        game.undo_depth = SESSION_DEPTHS[3 * index // count]
        play(game, chooser.randrange(1, 40), chooser)
        if index == count // 2:
            # Bring in a won game with Continue chosen, so the flags vary.
            game.set_board([10, 10, 3, 1, 2, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], score=40000)
            game.move(rules.LEFT)
        yield game, index % 3


def recrc(record, length=RECORD_LENGTH):
    high, low = crc32(record, length - 4)
    record[length - 4 : length] = bytes((low & 255, low >> 8, high & 255, high >> 8))


class ShortReads:
    """An odd NVM whose reads come back short or fail."""

    def __init__(self, fail):
        self.fail = fail

    def __len__(self):
        return 8192

    def __getitem__(self, index):
        if self.fail:
            raise OSError("read failed")
        return b"2048\x01"


def fixtures():
    """Each fixture's fields as this version loads them: what an older
    version did not keep at the value it reads as (no refused count before
    version 2; before version 3 the settings' bytes 8..15 zero, no undo, no
    history, the "without undo" figures equal to the totals)."""
    table = json.loads((FIXTURES / "store_fixtures.json").read_text())
    for expected in table.values():
        stats = expected["stats"]
        expected["settings"] = expected["settings"] + [0] * (SETTINGS_SIZE - len(expected["settings"]))
        expected.setdefault("refused", 0)
        expected.setdefault("undos", 0)
        expected.setdefault("undo_stats", [0, stats[1], stats[2]])
        expected.setdefault("undo_depth", 0)
        expected.setdefault("undone", [])
    return table


def check_fixture(game, store, expected):
    """A fixture loaded into ``game`` and ``store`` gives exactly ``expected``."""
    assert store.version == expected["version"]
    assert list(game.cells) == expected["cells"]
    assert (game.score, game.best, game.moves, game.rng.state) == (
        expected["score"],
        expected["best"],
        expected["moves"],
        expected["rng_state"],
    )
    assert (game.won, game.keep_playing, game.over) == (expected["won"], expected["keep_playing"], expected["over"])
    stats = game.stats
    assert [stats.games, stats.wins, stats.best_exponent, stats.moves] == expected["stats"]
    assert store.saves == expected["saves"] and list(store.settings) == expected["settings"]
    assert store.refused == expected["refused"]
    assert game.undos == expected["undos"]
    assert [stats.undos, stats.wins_without_undo, stats.best_exponent_without_undo] == expected["undo_stats"]
    assert game.undo_depth == expected["undo_depth"]
    assert [list(cells) + rest for cells, *rest in undone(game)] == [list(cells) + rest for cells, *rest in expected["undone"]]
    assert game.max_exponent == rules.max_exponent(game.cells)


def erase_model_cuts(steps):
    # Every step through the end of both slots (erase + the first 256 bytes
    # programmed), then every 61st step of the rest of the 8 KB block.
    return list(range(0, 2 + MIN_LENGTH)) + list(range(2 + MIN_LENGTH, steps, 61))


class Cuts:
    """An NVM model seen by a store, with one power cut for a whole save.

    A save may make more than one assignment (the log's rewrite programs a
    mark, then writes the area): ``cut`` counts the steps of all of them,
    and ``steps`` / ``erased`` say what the save took (after ``reset``).
    """

    def __init__(self, flash):
        self.flash = flash
        self.cut = None
        self.reset()

    def reset(self):
        self.steps = 0
        self.erased = False

    def __len__(self):
        return len(self.flash)

    def __getitem__(self, index):
        return self.flash[index]

    def __setitem__(self, index, value):
        if self.cut is not None:
            self.flash.cut_after = max(0, self.cut - self.steps)
        try:
            self.flash[index] = value
        finally:
            self.steps += self.flash.last_steps
            self.erased = self.erased or self.flash.last_erased
