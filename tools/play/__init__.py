# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A board played on the desktop: one power-on of its own start-up, its glass, and the simulator.

world.py powers a board on over the modelled firmware of tools/firmware/
(``World``); glass.py is the screen a player sees; sim.py is the simulator
(the tests' harness, the window and the command line).
"""


def open_about(sim):
    """Open Menu > About on ``sim`` (a Simulator) and read every page, turned
    with Right as a player turns them: the lines the glass showed, page
    after page. The last page stays open."""
    sim.press_all(["start", "down*6", "a"])
    lines = list(sim.glass.lines())
    while sim.app.menus.page + 1 < len(sim.app.menus.pages):
        sim.press("right")
        lines += sim.glass.lines()
    return lines


def first_legal(cells):
    """A fast stand-in for the solver (``Simulator(solver=first_legal)``): the
    first direction, in the engine's order, that changes ``cells``; -1 if none."""
    from engine import rules

    for direction in range(4):
        if rules.slide(list(cells), direction) >= 0:
            return direction
    return -1
