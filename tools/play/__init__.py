# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The fake world: a board's own start-up on the desktop, for the simulator and the tests.

standins/ holds modules named like the firmware's built-in ones (``board``,
``displayio``, ``keypad``, ...) and the scripted world behind them
(``fakeworld``, ``fakeplayer``, ...). The game imports them as top-level
modules, as on a board, and they reach it in three ways, each a VM's
``/lib`` of a sort, and no other: world.install() answers their names in
this process (an import finder), tools/vm/vmroot.py copies them into the
VMs' import root, and a test that runs CPython in a VM's place puts
:data:`STANDINS` first on that process's ``sys.path``.
"""

from pathlib import Path

#: The folder of the stand-in modules.
STANDINS = Path(__file__).resolve().parent / "standins"


def first_legal(cells):
    """A fast stand-in for the solver (``Simulator(solver=first_legal)``): the
    first direction, in the engine's order, that changes ``cells``; -1 if none."""
    from engine import rules

    for direction in range(4):
        if rules.slide(list(cells), direction) >= 0:
            return direction
    return -1
