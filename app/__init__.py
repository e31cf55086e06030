# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The handheld side of 2048: screens, controls and the app's state machine.

Nothing here imports a hardware module (``board``, ``keypad``, a driver:
tests/test_hardware_imports.py has the list): ``code.py`` asks the
board's profile (boards/, where the drivers are) to build the display,
keys, NVM, speaker and lights and hands them to
:class:`app.controller.App`; on a desktop, tools/play/sim.py runs code.py in
the fake world.
"""

#: Shown on the About page.
VERSION = "1.0.0"
