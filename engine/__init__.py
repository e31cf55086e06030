# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Pure 2048 game logic shared by the PyBadge, MicroPython and desktop CPython.

Nothing in this package touches hardware: ``rules`` slides and merges a board,
``rng`` is the seeded generator that a saved game carries, ``game`` keeps the
score and the win / game-over flow, ``record`` is the byte format of a saved
game, ``store`` places records in NVM and ``solver`` picks moves.
"""
