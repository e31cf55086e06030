# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Deterministic costs of the game, measured in the MicroPython VMs: fuel, heap bytes, NVM wear."""
