# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The learned table's trainer: reproducible from its command, in the format the board reads.

The full retrain (minutes) is ``python -m tools.train.train --check``; here
the same recipe runs a few hundred games, which must give the table
recorded for that cut (tools.train.train.CHECKPOINT), byte for byte.
"""

import hashlib
import shutil

import pytest

from engine import learned
from tools.train import train

needs_compiler = pytest.mark.skipif(
    not any(shutil.which(name) for name in ("cc", "gcc")), reason="no C compiler (the trainer is C)"
)


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("train")


def recipe(**changes):
    made = dict(train.RECIPE)
    made.update(changes)
    return made


@needs_compiler
def test_the_shipped_recipe_cut_short_gives_the_recorded_table(build_dir):
    games, digest = train.CHECKPOINT
    table, _ = train.make(recipe(games=games), progress=False, build_dir=build_dir)
    assert hashlib.sha256(table).hexdigest() == digest, "the trainer changed: retrain, bump TRAINER_VERSION, update CHECKPOINT"


@needs_compiler
def test_the_same_command_gives_the_same_bytes_and_another_seed_others(build_dir):
    first, fingerprint = train.make(recipe(games=60, seed=5), progress=False, build_dir=build_dir)
    again, same = train.make(recipe(games=60, seed=5), progress=False, build_dir=build_dir)
    other, _ = train.make(recipe(games=60, seed=6), progress=False, build_dir=build_dir)
    assert first == again and fingerprint == same and fingerprint.startswith("fnv1a ")
    assert other != first


def test_the_shipped_table_says_how_it_was_made_and_the_default_command_makes_it():
    shipped = train.TABLE.read_bytes()
    assert train.recipe_of(shipped) == train.RECIPE
    assert len(shipped) == train.HEADER + len(learned.TUPLES) * learned.SIZE


def test_the_file_is_what_the_board_reads(tmp_path, monkeypatch):
    import array
    import random

    generator = random.Random(3)
    weights = array.array("f", [generator.uniform(-90.0, 90.0) for _ in range(len(learned.TUPLES) * learned.SIZE)])
    data = train.table_bytes(weights, recipe(seed=9))
    assert learned.header_ok(data[: learned.HEADER])
    path = tmp_path / "learned.tbl"
    path.write_bytes(data)
    monkeypatch.setattr(learned, "tables", None)
    assert learned.load(str(path)) == learned.IN_USE
    # One byte a weight: the largest |weight| is 127, each rounded to the nearest step.
    _, scale = train.quantised(weights)
    stored = b"".join(bytes(shape) for shape in learned.tables)
    assert max(abs(byte - 128) for byte in stored) == 127
    assert all(abs((byte - 128) * scale - weight) <= scale / 2 + 1e-9 for byte, weight in zip(stored, weights))
    assert train.recipe_of(data) == recipe(seed=9)


def test_no_compiler_is_one_clear_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CC", "")
    monkeypatch.setattr(train.shutil, "which", lambda name: None)
    assert train.main(["--games", "10", "--out", str(tmp_path / "t.tbl")]) == 1
    assert capsys.readouterr().err.strip() == (
        "train: error: no C compiler found: install gcc (Debian: apt install gcc) or set CC"
    )
    assert not (tmp_path / "t.tbl").exists()


def test_check_names_a_file_that_is_not_a_table(tmp_path, capsys):
    path = tmp_path / "t.tbl"
    path.write_bytes(b"not a table")
    assert train.main(["--check", "--out", str(path)]) == 1
    assert "not a learned table" in capsys.readouterr().err
