# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A board played on the desktop: one power-on of its own start-up, its glass, and the simulator.

world.py powers a board on over the modelled firmware of tools/firmware/
(``World``); glass.py is the screen a player sees; sim.py is the simulator
(the tests' harness, the window and the command line).
"""
