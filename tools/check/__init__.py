# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What the tests compare the repository against: quoted numbers, pictures, headers, traces, fixtures."""
