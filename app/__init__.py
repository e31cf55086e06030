# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The handheld side of 2048: screens, controls and the app's state machine.

Nothing here imports ``board``, ``microcontroller``, ``supervisor`` or
``keypad``: ``code.py`` (device) or ``tools/sim.py`` (desktop) builds those
objects and hands them to :class:`app.controller.App`.
"""

#: Shown on the About page.
VERSION = "1.0.0"
