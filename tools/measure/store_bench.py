# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""MicroPython cost of engine.store: fuel and heap bytes of save, skipped save, load.

    python -m tools.measure.store_bench

Runs in the MicroPython VM (tools/vm/fuel_vm.py); device time uses the fuel
calibration there (conservative and typical). The NVM write itself (~75 ms
on a PyBadge) is hardware time and not included. Rows per layout: "block"
(the default, unprefixed), "pages" (an 8 KB NVM) and "log" (a 4 KB one:
appends into an empty log, the load of a full one, and the save that
rewrites a full log).

Each operation runs ``2 + REPEATS`` times in one program and twice in
another, built from the same source text but for a repeat count, so that
the VM's start-up and compile cost cancel out exactly (a program that
differs in any other way can differ by several 100,000 fuel for nothing);
the cost of one operation is the difference divided by ``REPEATS``.
"""

import argparse

from tools.vm.fuel_vm import FUEL_PER_SECOND_CONSERVATIVE, FUEL_PER_SECOND_TYPICAL, run

#: Extra runs of the operation in the longer program.
REPEATS = 10

SETUP = """
import micropython
from engine.game import Game
from engine.store import Store
nvm = bytearray(b'\\xff' * %(size)d)
store = Store(nvm%(layout)s)
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

BLOCK = (8192, "")
PAGES = (8192, ", layout='pages'")
LOG = (4096, ", layout='log'")
# Fills the log: 32 records, the newest in the last slot.
FULL_LOG = "for step in range(32):\n    store.settings[1] = step\n    store.save(game)"

FULL_HISTORY = "game.undo_depth = 5\nfor direction in (0, 1, 2, 3) * 3:\n    game.move(direction)"
SAVED_TWICE = "\nstore.save(game)\ngame.move(0)\nstore.save(game)"

CASES = (
    # A setting changes each time, so every save writes a record.
    ("save (writes)", BLOCK, "", "    store.settings[0] ^= 1\n    store.save(game)"),
    ("save (same bytes: skipped)", BLOCK, "store.save(game)", "    store.save(game)"),
    ("load (newest of two slots)", BLOCK, "store.save(game)\ngame.move(0)\nstore.save(game)", "    Store(nvm).load()"),
    # Undo at 5 moves and 13 attempts since: a full history (5 undoable of
    # its 7 or 8 steps), in both slots.
    ("save (writes, a full undo history)", BLOCK, FULL_HISTORY, "    store.settings[0] ^= 1\n    store.save(game)"),
    ("load (newest of two slots, a full undo history)", BLOCK, FULL_HISTORY + SAVED_TWICE, "    Store(nvm).load()"),
    ("pages: save (writes)", PAGES, "", "    store.settings[0] ^= 1\n    store.save(game)"),
    ("pages: save (same bytes: skipped)", PAGES, "store.save(game)", "    store.save(game)"),
    (
        "pages: load (newest of two pages)",
        PAGES,
        "store.save(game)\ngame.move(0)\nstore.save(game)",
        "    Store(nvm, layout='pages').load()",
    ),
    # 12 appends from an empty log: no rewrite among them.
    ("log: save (appends)", LOG, "", "    store.settings[0] ^= 1\n    store.save(game)"),
    ("log: save (same bytes: skipped)", LOG, "store.save(game)", "    store.save(game)"),
    ("log: load (newest of 32 records)", LOG, FULL_LOG, "    Store(nvm, layout='log').load()"),
    # The log taken as full each time: the save that rewrites it.
    (
        "log: save (full log: rewrite)",
        LOG,
        "",
        "    store._log.used = store.slots - 1\n    store.settings[0] ^= 1\n    store.save(game)",
    ),
)


def measure(prepare, body, nvm=BLOCK):
    """(fuel of one operation, heap bytes it allocates)."""
    program = {"prepare": prepare, "body": body, "size": nvm[0], "layout": nvm[1]}
    longer = run(SETUP % dict(program, repeats=REPEATS))
    shorter = run(SETUP % dict(program, repeats=0))
    fuel = (longer.fuel - shorter.fuel) // REPEATS
    return fuel, int(shorter.stdout.split()[-1])


def main(argv=None):
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    print("| operation | fuel | PyBadge ms (typical - conservative) | heap bytes |")
    print("|---|---|---|---|")
    for name, nvm, prepare, body in CASES:
        fuel, allocated = measure(prepare, body, nvm)
        print(
            "| %s | {:,} | %.1f - %.1f | {:,} |".format(fuel, allocated)
            % (name, 1000 * fuel / FUEL_PER_SECOND_TYPICAL, 1000 * fuel / FUEL_PER_SECOND_CONSERVATIVE)
        )


if __name__ == "__main__":
    main()
