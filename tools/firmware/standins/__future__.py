# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Stand-in for ``__future__`` (built into CircuitPython; absent from some MicroPython ports)."""

annotations = None
