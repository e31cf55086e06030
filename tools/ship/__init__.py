# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What goes onto a board: its files (bundle), a CIRCUITPY drive (deploy), the release zip."""
