# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Write NVM fixtures of the current save format for tests/test_store.py.

Run once when a new format version is introduced (``engine.record.VERSION``
goes up), and commit the files it writes. Never regenerate the fixtures of an
older version: they stand for the bytes already sitting in players' NVM, which
every later version must still load.

    python -m tools.check.store_fixture

Each fixture is a 256-byte image of the game's NVM region (two slots) plus an
entry in ``tests/fixtures/store_fixtures.json`` with the fields ``load()``
must return (``refused`` from version 2 on; from version 3 on the undo
fields, and ``undone``: the position each further undo gives, as
``[cells, score, moves, rng_state, won, keep_playing, over]``).
"""

import copy
import json

from engine import rules
from engine.record import SLOT_SIZE, VERSION, crc32
from engine.store import MIN_LENGTH, Store
from tools import ROOT, ArgumentParser

FIXTURES = ROOT / "tests" / "fixtures"
INDEX = FIXTURES / "store_fixtures.json"


def describe(game, store):
    """The fields a loaded fixture must reproduce, as JSON-friendly values."""
    stats = game.stats
    return {
        "cells": list(game.cells),
        "score": game.score,
        "best": game.best,
        "won": game.won,
        "keep_playing": game.keep_playing,
        "over": game.over,
        "moves": game.moves,
        "rng_state": game.rng.state,
        "stats": [stats.games, stats.wins, stats.best_exponent, stats.moves],
        "saves": store.saves,
        "settings": list(store.settings),
        "refused": store.refused,
        "version": VERSION,
        "undos": game.undos,
        "undo_stats": [stats.undos, stats.wins_without_undo, stats.best_exponent_without_undo],
        "undo_depth": game.undo_depth,
        "undone": undone(game),
    }


def undone(game):
    """The position each further undo of ``game`` gives (on a copy)."""
    again = copy.deepcopy(game)
    positions = []
    while again.undo():
        positions.append(
            [list(again.cells), again.score, again.moves, again.rng.state, again.won, again.keep_playing, again.over]
        )
    return positions


def _midgame():
    # A seeded game part-way through, saved twice (newest record in slot 1).
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=2048)
    for move in range(60):
        game.move((move * 7 + move // 5) % 4)
    store.save(game)
    for move in range(9):
        game.move((move * 3) % 4)
    store.settings[0] = 1
    store.settings[7] = 0xA5
    store.save(game)
    return nvm, game, store


def _won_and_continuing():
    # Past 2048 with Continue chosen, after a finished game: flags and
    # stats are non-trivial; sequence number near the wrap to test it.
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=7)
    while not game.over:
        for direction in (rules.LEFT, rules.DOWN, rules.RIGHT, rules.DOWN, rules.UP):
            game.move(direction)
    game.new_game()
    game.set_board([10, 10, 3, 1, 2, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], score=50000)
    game.move(rules.LEFT)
    game.continue_playing()
    store._sequence = 0xFFFE  # records 0xFFFF (slot 0), then 0 (slot 1): a wrap
    store.saves = 70000
    store.settings[0:8] = bytes(range(1, 9))
    store.save(game)
    game.move(rules.DOWN)
    store.save(game)
    return nvm, game, store


def _after_a_refusal():
    # A record whose CRC holds but whose game is impossible (a score above
    # the largest possible) sits in slot 1: load() refuses it and counts it,
    # and the next save (into slot 1) keeps the count.
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=99)
    for move in range(30):
        game.move(move % 4)
    store.save(game)
    forged = bytearray(store.encode(game, 5, 2))
    forged[27:31] = bytes((0xFF, 0xFF, 0xFF, 0x00))  # score 16,777,215
    high, low = crc32(forged, len(forged) - 4)
    forged[-4:] = bytes((low & 255, low >> 8, high & 255, high >> 8))
    nvm[SLOT_SIZE : SLOT_SIZE + len(forged)] = forged
    store = Store(nvm)
    game = store.load()
    assert store.refused == 1 and store.refusal == "score"
    game.move(rules.LEFT)
    store.save(game)
    return nvm, game, store


def _undo_history():
    # Version 3: undo at 5 moves, a full history whose base lags behind
    # the oldest undoable move, two moves taken back, the high settings
    # bytes set; saved twice (newest record in slot 1).
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=31)
    game.undo_depth = 5
    for move in range(40):
        game.move((move * 5 + move // 3) % 4)
    store.save(game)
    game.undo()
    game.undo()
    for move in range(3):
        game.move((move + 1) % 4)
    store.settings[8:16] = bytes((1, 2, 2, 0, 0, 0, 0, 0xC3))
    store.save(game)
    return nvm, game, store


def _undo_across_the_win():
    # Version 3: the move that made 2048 taken back from the win banner
    # (Continue stays chosen: the banner has been seen), undo at 1 move.
    nvm = bytearray(b"\xff" * MIN_LENGTH)
    store = Store(nvm)
    game = store.load(seed=12)
    game.set_board([10, 9, 9, 1, 2, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], score=20000)
    game.undo_depth = 1
    game.move(rules.RIGHT)
    store.save(game)
    game.move(rules.RIGHT)
    assert game.waiting
    game.undo()
    assert game.keep_playing and not game.won
    store.save(game)
    return nvm, game, store


def main(argv=None):
    ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    FIXTURES.mkdir(parents=True, exist_ok=True)
    index = json.loads(INDEX.read_text()) if INDEX.exists() else {}
    builds = (
        ("midgame", _midgame),
        ("won_continue", _won_and_continuing),
        ("refused", _after_a_refusal),
        ("undo_history", _undo_history),
        ("undo_across_the_win", _undo_across_the_win),
    )
    for name, build in builds:
        nvm, game, store = build()
        filename = "store_v%d_%s.nvm" % (VERSION, name)
        if filename in index:
            print("keeping", filename)
            continue
        (FIXTURES / filename).write_bytes(bytes(nvm))
        index[filename] = describe(game, store)
        print("wrote", filename)
    lines = ["  %s: %s" % (json.dumps(name), json.dumps(index[name], sort_keys=True)) for name in sorted(index)]
    INDEX.write_text("{\n" + ",\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    main()
