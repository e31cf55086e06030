# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The firmware, modelled: what a board gives the game, so it runs off the board.

standins/ holds modules named like the firmware's built-in ones (``board``,
``displayio``, ``keypad``, ...) and the scripted world behind them
(``fakeworld``, ``fakeplayer``, ...). The game imports them as top-level
modules, as on a board, and they reach it in three ways, each a VM's
``/lib`` of a sort, and no other: :mod:`tools.firmware.finder` answers their
names in a CPython process (an import finder), tools/vm/vmroot.py copies
them into the VMs' import root, and a test that runs CPython in a VM's place
puts :data:`STANDINS` first on that process's ``sys.path``. They run on
MicroPython and CPython alike: nothing in that folder imports this package.

dirty_areas.py models what the firmware's C code sends to the display at
each refresh (CircuitPython's dirty areas), on the desktop only.
"""

from pathlib import Path

#: The folder of the stand-in modules.
STANDINS = Path(__file__).resolve().parent / "standins"
