# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""MicroPython cost of engine.store: fuel and heap bytes of save, skipped save, load.

    python tools/store_bench.py

Runs in the MicroPython VM (tools/mpvm.py); device time uses the fuel
calibration there (conservative and typical). The NVM write itself (~75 ms
on a PyBadge) is hardware time and not included.

Each operation runs ``2 + REPEATS`` times in one program and twice in
another, built from the same source text but for a repeat count, so that
the VM's start-up and compile cost cancel out exactly (a program that
differs in any other way can differ by several 100,000 fuel for nothing);
the cost of one operation is the difference divided by ``REPEATS``.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.mpvm import FUEL_PER_SECOND_CONSERVATIVE, FUEL_PER_SECOND_TYPICAL, run  # noqa: E402

#: Extra runs of the operation in the longer program.
REPEATS = 10

SETUP = """
import micropython
from engine.game import Game
from engine.store import Store
nvm = bytearray(b'\\xff' * 8192)
store = Store(nvm)
game = store.load(seed=5)
for direction in (0, 1, 2, 3) * 10:
    game.move(direction)
%(prepare)s
def operation():
%(body)s
operation()
before = micropython.mem_total()
operation()
after = micropython.mem_total()
for _ in range(%(repeats)d):
    operation()
print(after - before)
"""

CASES = (
    # A setting changes each time, so every save writes a record.
    ("save (writes)", "", "    store.settings[0] ^= 1\n    store.save(game)"),
    ("save (same bytes: skipped)", "store.save(game)", "    store.save(game)"),
    ("load (newest of two slots)", "store.save(game)\ngame.move(0)\nstore.save(game)",
     "    Store(nvm).load()"),
)


def measure(prepare, body):
    """(fuel of one operation, heap bytes it allocates)."""
    program = {"prepare": prepare, "body": body}
    longer = run(SETUP % dict(program, repeats=REPEATS))
    shorter = run(SETUP % dict(program, repeats=0))
    fuel = (longer.fuel - shorter.fuel) // REPEATS
    return fuel, int(shorter.stdout.split()[-1])


def main():
    print("| operation | fuel | PyBadge ms (typical - conservative) | heap bytes |")
    print("|---|---|---|---|")
    for name, prepare, body in CASES:
        fuel, allocated = measure(prepare, body)
        print(
            "| %s | {:,} | %.1f - %.1f | {:,} |".format(fuel, allocated)
            % (name, 1000 * fuel / FUEL_PER_SECOND_TYPICAL, 1000 * fuel / FUEL_PER_SECOND_CONSERVATIVE)
        )


if __name__ == "__main__":
    main()
