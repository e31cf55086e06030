# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Train the solver's learned table and write it where the bundle takes it from.

Compiles tools/train/ntuple.c with the machine's C compiler (``$CC``, else
``cc`` or ``gcc``) into build/train/, runs it (self-play with temporal
difference learning on afterstates: the C file's comment says how), and
turns its float weights into the table the board reads: one signed byte a
weight (the largest weight is 127) after a 64-byte header that names the
format, the shapes, each shape's byte sum (the board's damage check), the
scale, and the recipe (seed, games, restarts, learning rate), so that the
file says how to make it again. docs/solver.md, "The learned table", has
the numbers; engine.learned.load reads it.

Usage::

    python -m tools.train.train                      # the shipped recipe -> engine/learned.tbl (minutes)
    python -m tools.train.train --check              # retrain from the shipped file's header; byte for byte?
    python -m tools.train.train --games 2000 --out /tmp/t.tbl --seed 7
"""

import argparse
import array
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools import ROOT

SOURCE = Path(__file__).resolve().parent / "ntuple.c"
#: The shipped table (engine.solver.TABLE_FILE, next to the solver).
TABLE = ROOT / "engine" / "learned.tbl"
BUILD = ROOT / "build" / "train"
#: How the shipped table was trained (the defaults of the command line).
RECIPE = {"games": 100000, "seed": 2048, "restart_at": 12, "restart_share": 50, "alpha": 100}
#: The shipped recipe cut to its first games gives this table (sha256):
#: tests/test_train.py retrains that much in a second or two. A change to
#: ntuple.c that changes it changes the shipped table too: retrain
#: (``python -m tools.train.train``), bump TRAINER_VERSION, update this.
CHECKPOINT = (300, "e706869c57e63581615891dcb8dfef354feb1f26048ea869d1c5f8c5c164f850")
#: Compiler flags: optimised, and IEEE arithmetic exactly as written (no
#: fused multiply-adds), so that the weights are the same on every machine.
CFLAGS = ["-O2", "-std=c99", "-ffp-contract=off", "-fno-fast-math"]
#: The trainer's version, in the header: a change to ntuple.c that changes
#: its weights for the same recipe must bump it.
TRAINER_VERSION = 1

#: Header layout (engine.solver.table_header_ok reads bytes 0..27).
HEADER = 64
MAGIC = b"2048NT"
FORMAT_VERSION = 1
CELLS, BITS, WEIGHT_BYTES, SYMMETRIES, TOP = 3, 4, 1, 8, 15
SIZE = 1 << (CELLS * BITS)


class TrainError(Exception):
    """Training could not run (the message says why and what to do)."""


def shapes():
    """The shapes the solver's search reads (engine.learned.TUPLES)."""
    from engine.learned import TUPLES

    return TUPLES


def compiler():
    """The C compiler's command: $CC, else cc or gcc on PATH."""
    for candidate in (os.environ.get("CC"), "cc", "gcc"):
        if candidate and shutil.which(candidate.split()[0]):
            return candidate.split()
    raise TrainError("no C compiler found: install gcc (Debian: apt install gcc) or set CC")


def build(build_dir=BUILD):
    """Compile ntuple.c (once per source and flags) and return the program's path."""
    command = compiler()
    digest = hashlib.sha256(SOURCE.read_bytes() + " ".join(command + CFLAGS).encode()).hexdigest()[:12]
    program = Path(build_dir) / ("ntuple-" + digest)
    if program.is_file():
        return program
    Path(build_dir).mkdir(parents=True, exist_ok=True)
    partial = program.with_suffix(".part")
    result = subprocess.run(command + CFLAGS + ["-o", str(partial), str(SOURCE), "-lm"], capture_output=True, text=True)
    if result.returncode != 0:
        raise TrainError("compiling %s failed:\n%s" % (SOURCE.name, result.stderr.strip()))
    partial.replace(program)
    return program


def train_weights(games, seed, restart_at, restart_share, alpha, progress=True, build_dir=BUILD):
    """Run the trainer; returns (float weights as an array('f'), its fnv1a line)."""
    program = build(build_dir)
    tuples = "/".join(",".join(str(cell) for cell in shape) for shape in shapes())
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "weights.f32"
        command = [
            str(program),
            "--tuples",
            tuples,
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--out",
            str(out),
            "--alpha",
            "%g" % (alpha / 100),
            "--restart-at",
            str(restart_at),
            "--restart-share",
            "%g" % (restart_share / 100),
            "--every",
            str(max(1, min(1000, games // 10))) if progress else "0",
        ]
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=None if progress else subprocess.PIPE, text=True)
        if result.returncode != 0:
            raise TrainError("the trainer failed (%d): %s" % (result.returncode, (result.stderr or "").strip()))
        weights = array.array("f")
        weights.frombytes(out.read_bytes())
    if sys.byteorder != "little":
        weights.byteswap()
    return weights, result.stdout.strip()


def quantised(weights):
    """(bytes of the table's weights, scale): each weight w becomes
    round(w / scale) + 128 in one byte, where scale makes the largest |w| 127
    (Python's round: halves to even)."""
    largest = max(abs(weight) for weight in weights) or 1.0
    scale = largest / 127
    data = bytes(int(round(weight / scale)) + 128 for weight in weights)
    return data, scale


def table_bytes(weights, recipe):
    """The table file for ``weights`` trained by ``recipe`` (RECIPE's keys)."""
    data, scale = quantised(weights)
    tuples = shapes()
    header = bytearray(HEADER)
    header[0:6] = MAGIC
    header[6:12] = bytes((FORMAT_VERSION, len(tuples), CELLS, BITS, WEIGHT_BYTES, SYMMETRIES))
    header[12 : 12 + CELLS * len(tuples)] = bytes(cell for shape in tuples for cell in shape)
    header[27] = TOP
    for index in range(len(tuples)):
        struct.pack_into("<I", header, 28 + 4 * index, sum(data[index * SIZE : (index + 1) * SIZE]))
    struct.pack_into("<III", header, 48, int(round(scale * 1e6)), recipe["seed"], recipe["games"])
    header[60:64] = bytes((recipe["restart_at"], recipe["restart_share"], recipe["alpha"], TRAINER_VERSION))
    return bytes(header) + data


def recipe_of(table):
    """The recipe recorded in a table file's header (bytes)."""
    if len(table) < HEADER or table[:6] != MAGIC:
        raise TrainError("not a learned table (no %r header)" % MAGIC)
    _, seed, games = struct.unpack_from("<III", table, 48)
    restart_at, restart_share, alpha, version = table[60:64]
    if version != TRAINER_VERSION:
        raise TrainError("the table was made by trainer version %d; this is version %d" % (version, TRAINER_VERSION))
    return {"games": games, "seed": seed, "restart_at": restart_at, "restart_share": restart_share, "alpha": alpha}


def make(recipe, progress=True, build_dir=BUILD):
    """Train by ``recipe``; returns (table file bytes, fnv1a line of the float weights)."""
    weights, fingerprint = train_weights(
        recipe["games"], recipe["seed"], recipe["restart_at"], recipe["restart_share"], recipe["alpha"], progress, build_dir
    )
    return table_bytes(weights, recipe), fingerprint


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=RECIPE["games"], help="self-play games (default %(default)s)")
    parser.add_argument("--seed", type=int, default=RECIPE["seed"], help="the generator's seed (default %(default)s)")
    parser.add_argument(
        "--restart-at", type=int, default=RECIPE["restart_at"], help="keep boards with this exponent (default %(default)s)"
    )
    parser.add_argument(
        "--restart-share",
        type=int,
        default=RECIPE["restart_share"],
        help="percent of games started from a kept board (default %(default)s)",
    )
    parser.add_argument("--alpha", type=int, default=RECIPE["alpha"], help="learning rate in hundredths (default %(default)s)")
    parser.add_argument("--out", type=Path, default=TABLE, help="where to write the table (default engine/learned.tbl)")
    parser.add_argument("--check", action="store_true", help="retrain from --out's header and compare, byte for byte")
    args = parser.parse_args(argv)
    started = time.time()
    try:
        if args.check:
            try:
                shipped = args.out.read_bytes()
            except OSError as error:
                raise TrainError("cannot read %s: %s" % (args.out, error.strerror)) from None
            recipe = recipe_of(shipped)
            print("retraining %s: %s" % (args.out, " ".join("%s=%s" % item for item in sorted(recipe.items()))))
            table, fingerprint = make(recipe)
            same = table == shipped
            print(
                "%s (%s; %.0f s): %s"
                % (
                    args.out,
                    fingerprint,
                    time.time() - started,
                    "the same, byte for byte" if same else "DIFFERENT from the retrained table",
                )
            )
            return 0 if same else 1
        recipe = {
            "games": args.games,
            "seed": args.seed,
            "restart_at": args.restart_at,
            "restart_share": args.restart_share,
            "alpha": args.alpha,
        }
        table, fingerprint = make(recipe)
        args.out.write_bytes(table)
    except TrainError as error:
        print("train: error: %s" % error, file=sys.stderr)
        return 1
    print("wrote %s: %d bytes (%s; %.0f s)" % (args.out, len(table), fingerprint, time.time() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
