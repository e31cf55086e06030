# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""MicroPython cost of engine.store: fuel and heap bytes of save, skipped save, load.

    python -m tools.measure.store_bench
    python -m tools.measure.store_bench --pystack   # the pystack they need instead

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

``--pystack``: the Python stack a save and a load need, in the pystack VM
(tools/vm/pystack_vm.py: MicroPython's own port, frames on a pystack as on
the board) from the board's ``.mpy`` files, with a full undo history in the
records: the smallest pystack (to 4 bytes) with which the operation, called
under a fixed chain of frames, gives the result it gives with 16 KB, less
what a bare call needs there. A save and a load sit at the bottom of the
app's deep call chains; these figures say what they add to them.
"""

from tools import ROOT, ArgumentParser
from tools.vm import vmroot
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


def measure(prepare, body, nvm=BLOCK, root=ROOT):
    """(fuel of one operation, heap bytes it allocates); ``root``: where the
    VM imports the engine from (tools/vm/vmroot.py's ``engine_root``, or the
    repository's sources)."""
    program = {"prepare": prepare, "body": body, "size": nvm[0], "layout": nvm[1]}
    longer = run(SETUP % dict(program, repeats=REPEATS), root)
    shorter = run(SETUP % dict(program, repeats=0), root)
    fuel = (longer.fuel - shorter.fuel) // REPEATS
    return fuel, int(shorter.stdout.split()[-1])


PYSTACK_SETUP = """
from engine.game import Game
from engine.store import Store
nvm = bytearray(b'\\xff' * %(size)d)
store = Store(nvm%(layout)s)
game = store.load(seed=5)
game.undo_depth = 5
for direction in (0, 1, 2, 3) * 10:
    game.move(direction)
store.save(game)
game.move(0)
store.settings[0] ^= 1
def under(levels, operation):
    # A chain of frames above the operation: its need shows above the
    # set-up's, which runs at the same pystack.
    if levels:
        return under(levels - 1, operation)
    return operation()
"""

#: (name, the operation's body): a bare call, then the store's operations.
PYSTACK_OPERATIONS = (
    ("a bare call", "    return 1"),
    ("save", "    return store.save(game), store.failure"),
    ("save after a rescan", "    store._scanned = False\n    return store.save(game), store.failure"),
    (
        "load",
        "    again = Store(nvm%(layout)s)\n    loaded = again.load()\n    return again.version, loaded.moves, loaded.can_undo",
    ),
)
#: Frames of ``under`` above each operation.
PYSTACK_LEVELS = 12


def pystack_need(root, setup, body, low=256, high=2048):
    """The smallest pystack (bytes, to 4) with which ``body`` (a function's
    lines), called under ``PYSTACK_LEVELS`` frames after ``setup``, prints
    what it prints with 16 KB (:func:`pystack_needs` of that one)."""
    return pystack_needs(root, [(setup, body)], low, high)[0]


#: Where the searches of :func:`pystack_table` begin: each row's need as
#: measured last, in bytes (what docs/saving.md quotes is each less the
#: bare call's). They change how many runs a search takes, never what it
#: finds: right on the figure, the first round settles it (the figure
#: works, 4 bytes less does not), where halving takes nine rounds.
PYSTACK_SEEN = {
    ("block", "a bare call"): 584,
    ("block", "save"): 888,
    ("block", "save after a rescan"): 1064,
    ("block", "load"): 1040,
    ("log", "a bare call"): 584,
    ("log", "save"): 888,
    ("log", "save after a rescan"): 1176,
    ("log", "load"): 1160,
}


def pystack_needs(root, operations, low=256, high=2048, near=None):
    """:func:`pystack_need` of each (setup, body) of ``operations``: the
    smallest size from ``low`` to ``high``, a multiple of 4, with which it
    prints what it prints with 16 KB, found by halving (a run that works
    with some size works with every larger one). Each round, the middle
    of every range still open runs, all in one Node process.

    ``near``: for each operation, where to look first (a multiple of 4,
    or None), tried with 4 bytes less in the first round."""
    from tools.vm import pystack_vm

    programs = [
        [setup, "def operation():\n" + body, "print(under(%d, operation))" % PYSTACK_LEVELS] for setup, body in operations
    ]
    guesses = [
        (index, guess)
        for index, guess in enumerate(near or [None] * len(programs))
        if guess is not None and low <= guess - 4 and guess < high and guess % 4 == 0
    ]
    # The references, ``high`` itself and the guesses, in one go.
    tries = [(index, size) for index, guess in guesses for size in (guess, guess - 4)]
    first = pystack_vm.run_each(
        [(steps, size) for size in (16384, high) for steps in programs] + [(programs[index], size) for index, size in tries],
        root,
        check=False,
    )
    ample, at_high = first[: len(programs)], first[len(programs) : 2 * len(programs)]
    if any(result.error is not None for result in ample):
        raise RuntimeError("an operation fails even with 16384 bytes of pystack")
    references = [result.stdout for result in ample]
    if any(result.error is not None or result.stdout != reference for result, reference in zip(at_high, references)):
        raise RuntimeError("needs more than %d bytes of pystack" % high)
    # (fails, works) of each: a size that fails (or below ``low``) and one that works.
    bounds = [[low - 4, high] for _ in programs]
    for (index, size), result in zip(tries, first[2 * len(programs) :]):
        # (A guess that failed leaves nothing to learn from 4 bytes less.)
        works = result.error is None and result.stdout == references[index]
        fails, least = bounds[index]
        if fails < size < least:
            bounds[index][works] = size
    while True:
        tried = [(index, (fails + works) // 8 * 4) for index, (fails, works) in enumerate(bounds) if works - fails > 4]
        if not tried:
            return [works for _, works in bounds]
        results = pystack_vm.run_each([(programs[index], size) for index, size in tried], root, check=False)
        for (index, size), result in zip(tried, results):
            bounds[index][result.error is None and result.stdout == references[index]] = size


def pystack_table(root=None):
    """The pystack rows: {(layout, operation): bytes over a bare call};
    ``root``: the engine's (default: tools/vm/vmroot.py's ``engine_root``)."""
    if root is None:
        with vmroot.engine_root() as root:
            return pystack_table(root)
    rows = [
        (layout, name, PYSTACK_SETUP % {"size": size, "layout": argument}, body % {"layout": argument})
        for layout, size, argument in (("block", 8192, ""), ("log", 4096, ", layout='log'"))
        for name, body in PYSTACK_OPERATIONS
    ]
    needs = dict(
        zip(
            [row[:2] for row in rows],
            pystack_needs(root, [row[2:] for row in rows], near=[PYSTACK_SEEN.get(row[:2]) for row in rows]),
        )
    )
    bare = PYSTACK_OPERATIONS[0][0]
    return {(layout, name): need - needs[layout, bare] for (layout, name), need in needs.items() if name != bare}


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pystack", action="store_true", help="the pystack a save and a load need (pystack VM), not fuel")
    if parser.parse_args(argv).pystack:
        print("| layout: operation (a full undo history in the records) | pystack over a bare call |")
        print("|---|---|")
        for (layout, name), need in pystack_table().items():
            print("| %s: %s | %d bytes |" % (layout, name, need))
        return
    print("| operation | fuel | PyBadge ms (typical - conservative) | heap bytes |")
    print("|---|---|---|---|")
    with vmroot.engine_root() as root:
        for name, nvm, prepare, body in CASES:
            fuel, allocated = measure(prepare, body, nvm, root)
            print(
                "| %s | {:,} | %.1f - %.1f | {:,} |".format(fuel, allocated)
                % (name, 1000 * fuel / FUEL_PER_SECOND_TYPICAL, 1000 * fuel / FUEL_PER_SECOND_CONSERVATIVE)
            )


if __name__ == "__main__":
    main()
