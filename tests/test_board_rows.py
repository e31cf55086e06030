# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/check/board_rows.py: docs/boards.md has both rows of every board, and a new board gets them."""

import fakeboards
import pytest

import boards
from tools.check import board_rows


def _without(text, board_id):
    # The doc with every table row that names ``board_id`` taken out.
    return "\n".join(line for line in text.split("\n") if not (line.startswith("|") and board_id in line))


def test_every_board_has_its_rows():
    _, added = board_rows.update(board_rows.DOC.read_text())
    assert added == [], "%s: no row in docs/boards.md's board tables; run make docs" % added


@pytest.mark.parametrize("board_id", ["pybadge", "hack_club_sprig", "pewpew_m4"])
def test_a_board_without_rows_gets_them_in_its_place(board_id):
    text = board_rows.update(board_rows.DOC.read_text())[0]  # (another board may lack its rows yet)
    made, added = board_rows.update(_without(text, board_id))
    assert added == [board_id]
    rows = [line for line in made.split("\n") if line.startswith("|") and board_id in line]
    assert rows == [board_rows.facts_row(board_id), board_rows.pictures_row(board_id)]
    # Each row has a cell for every column of its table.
    for row, header in zip(rows, (board_rows.FACTS_HEADER, board_rows.PICTURES_HEADER)):
        heading = [line for line in made.split("\n") if line.startswith(header)][0]
        assert row.count(" | ") == heading.count(" | "), (row, heading)
    # Where it was (boards.NAMES' order), and its pictures' row as it was.
    assert made.split("\n").index(rows[0]) == text.split("\n").index(
        [line for line in text.split("\n") if "(`%s`)" % board_id in line][0]
    )
    assert rows[1] in text.split("\n")
    assert board_rows.update(made) == (made, [])  # once, then never again


def test_a_row_says_what_the_profile_and_the_fake_board_say():
    row = board_rows.facts_row("hack_club_sprig").split(" | ")
    profile = boards.load("hack_club_sprig")
    assert row[1] == "%dx%d" % fakeboards.BOARDS["hack_club_sprig"]["screen"]
    assert "%s = A" % profile.BUTTONS["A"] in row[2] and "%s = D-pad" % profile.BUTTONS["D-pad"] in row[2]
    assert row[3] == "K (the game's B)"  # its undo key: the game's B, printed K
    assert row[4] == "4 KB, one RP2040/RP2350 sector: a log" and row[5] == str(profile.SPEED)
    pewpew = board_rows.facts_row("pewpew_m4")
    assert "`terminalio`" in pewpew and " B," not in pewpew  # it has no B
    assert pewpew.split(" | ")[3] == "hold O (the game's A)"
    assert board_rows.facts_row("pybadge").split(" | ")[3] == "B"
    assert " tilt " in board_rows.facts_row("clue_nrf52840_express")
