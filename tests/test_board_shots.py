# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The board screenshots in docs/ are what the game draws on each board today."""

import pytest

import boards
from tools import board_shots
from tools.framebuffer import png_bytes


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_the_committed_screenshot_is_what_the_board_shows(board_id):
    path = board_shots.OUT + "/" + board_id + ".png"
    with open(path, "rb") as handle:
        committed = handle.read()
    assert committed == board_shots.render(board_id), "run: .venv/bin/python tools/board_shots.py"


def test_a_screenshot_can_differ():
    # A different picture gives different bytes (the comparison can fail).
    blank = png_bytes([0] * (160 * 128), 160, 128)
    assert blank != board_shots.render("pybadge")
