# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A board never boots into a traceback: a screen of a size no layout was
made for gets the largest layout that fits, centred; an NVM (or a
settings.toml region) the saves cannot use means a game without saving,
said on the console and the About page; a screen too small for any layout
gets one line on the console."""

import pytest

from tests.shared import about_lines
from tools.play.simulator import Simulator
from tools.play.world import World


@pytest.mark.parametrize(
    "board_id, screen",
    [
        ("adafruit_fruit_jam", (720, 400)),  # DVI modes other than 640x480 / 320x240
        ("adafruit_fruit_jam", (800, 480)),
        ("adafruit_fruit_jam", (1280, 720)),
        ("pybadge", (240, 320)),  # a profile's screen of another size
        ("pybadge", (200, 200)),
        ("pimoroni_picosystem", (480, 272)),
    ],
)
def test_a_screen_without_its_own_layout_plays_the_largest_that_fits_centred(board_id, screen):
    sim = Simulator(seed=1, board=board_id, screen=screen)
    assert sim.glass.shows("SCORE", "BEST")
    cells = sim.glass.cells()
    xs = [cell.x for cell in cells] + [cell.x + 6 * cell.scale for cell in cells]
    ys = [cell.y for cell in cells] + [cell.y + 12 * cell.scale for cell in cells]
    assert 0 <= min(xs) and max(xs) <= screen[0] and 0 <= min(ys) and max(ys) <= screen[1]
    layout = sim.app.view.layout
    width, height = layout.width * layout.scale, layout.height * layout.scale
    assert width <= screen[0] and height <= screen[1]
    # Centred: the margins left and right (top and bottom) differ by a pixel at most.
    assert abs(2 * layout.left + width - screen[0]) <= 1 and abs(2 * layout.top + height - screen[1]) <= 1
    sim.press("start")
    assert sim.glass.shows("Menu", "Resume", "Save now")


def test_a_screen_too_small_for_any_layout_says_so_in_one_line(capsys):
    world = World("pybadge", screen=(96, 64))
    assert world.app is None
    out = capsys.readouterr().out
    assert "96x64" in out and "too small" in out and "Traceback" not in out
    assert len([line for line in out.splitlines() if line.startswith("2048:")]) == 1


@pytest.mark.parametrize(
    "board_id, size",
    [
        ("pybadge", 0),
        ("pybadge", 1),
        ("pybadge", 100),
        ("pybadge", 255),
        ("hack_club_sprig", 200),
        ("clue_nrf52840_express", 4096),
        ("clue_nrf52840_express", 4223),  # two 4 KB pages needed
    ],
)
def test_an_nvm_too_small_for_the_saves_plays_without_saving_and_says_why(board_id, size, capsys):
    sim = Simulator(seed=2, board=board_id, nvm=bytearray(b"\xff" * size))
    out = capsys.readouterr().out
    assert "saving is off" in out and "Traceback" not in out
    moves = sim.game.moves
    sim.press_all(["left", "down", "right", "up"])
    assert sim.game.moves > moves  # it plays
    lines = about_lines(sim)
    assert any(line.startswith("Saving is off") for line in lines), lines
    sim.press_all(["start", "down", "a"])  # Save now (the menu reopens on About, its last row)
    assert sim.glass.shows("not", "saved")


@pytest.mark.parametrize(
    "settings",
    [
        {"GAME2048_NVM_START": "0x1g00"},  # a typo
        {"GAME2048_NVM_LENGTH": -5},
        {"GAME2048_NVM_START": 8000, "GAME2048_NVM_LENGTH": 1000},  # past the end
        {"GAME2048_NVM_LENGTH": 16},  # too short for a record
    ],
)
def test_a_settings_region_the_saves_cannot_use_plays_without_saving_and_says_why(settings, capsys):
    sim = Simulator(seed=3, settings=settings)
    out = capsys.readouterr().out
    assert "saving is off" in out and "GAME2048" in out or "region" in out, out
    assert any(line.startswith("Saving is off") for line in about_lines(sim))
