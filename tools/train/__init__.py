# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Training what the game ships as data: the solver's learned table (train.py, ntuple.c)."""
