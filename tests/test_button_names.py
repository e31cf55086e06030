# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Every text that names a button names the board's own: on the glass, in the
release's readme, in deploy's closing words and in docs/boards.md.

Which physical button a player presses for each of the game's comes from
the fake boards' table (tools/firmware/standins/fakeboards.py, from the
boards' markings), not from the profiles: a profile whose ``BUTTONS``
disagrees with it fails here, and so does a screen that names a button
the board does not have (the PyBadge's Start on a PicoSystem, B on a
PewPew M4, A for OK on a Sprig, whose A key slides left).
"""

import pytest
from fake_inputs import first_legal

import boards
from tests.tiles import board as position
from tools import ROOT
from tools.firmware.standins import fakeboards
from tools.play.simulator import Simulator
from tools.ship import deploy as deployer
from tools.ship import release

#: The name printed on a button, from the pin it is read on, where it is not
#: the pin's own name less BUTTON_ / SW_ / SWITCH_.
MARKINGS = {
    "BUTTON_BUMPER_RIGHT": "R bumper",
    "SWITCH_PRESS": "5-way press",
    # The Wio Terminal's three buttons on its top edge.
    "BUTTON_1": "Top 1",
    "BUTTON_2": "Top 2",
    "BUTTON_3": "Top 3",
}
#: What the D-pad is on each board that has none by that name.
PADS = {
    "pygamer": "Stick",
    "hack_club_sprig": "WASD",
    "seeeduino_wio_terminal": "5-way switch",
    "clue_nrf52840_express": "Tilt",
    "adafruit_fruit_jam": "Arrows",
}
#: The game's buttons and their names on the PyBadge, which carries them.
GAME = {"a": "A", "b": "B", "start": "Start", "select": "Select"}
#: The keys a Fruit Jam player types for them (app.stdin_keys).
KEYBOARD = {"a": "A", "b": "B", "start": "Enter", "select": "Space"}


def marking(board_id, button):
    """The name printed on what a player of ``board_id`` presses for the
    game's ``button`` ("a", "start", ...), from the fake boards' table."""
    facts = dict(fakeboards.DEFAULTS, **fakeboards.BOARDS[board_id])
    if facts["played"] == "keyboard":
        return KEYBOARD[button]
    pressed = facts["instead"].get(button, button)
    pin = facts["keys"].get(pressed)
    if not isinstance(pin, str):  # a shift register's buttons carry the game's names
        return GAME[pressed]
    if pin in MARKINGS:
        return MARKINGS[pin]
    for prefix in ("BUTTON_", "SW_", "SWITCH_"):
        if pin.startswith(prefix):
            return pin[len(prefix) :]
    return pin


def markings(board_id):
    return {button: marking(board_id, button) for button in GAME}


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_every_profile_names_what_its_player_presses(board_id):
    profile = boards.load(board_id)
    names = profile.BUTTONS
    allowed = {"D-pad", "Up", "Down", "Left", "Right", "Up/Down", "Left/Right", "A", "B", "Start", "Select"}
    assert set(names) <= allowed, set(names) - allowed
    for button, printed in markings(board_id).items():
        assert names.get(GAME[button], GAME[button]) == printed, (board_id, button)
    assert names.get("D-pad", "D-pad") == PADS.get(board_id, "D-pad")
    facts = dict(fakeboards.DEFAULTS, **fakeboards.BOARDS[board_id])
    for way in ("Up", "Down", "Left", "Right"):
        pin = facts["keys"].get(way.lower())
        if isinstance(pin, str) and way in names:
            assert pin.endswith("_" + names[way]), (board_id, way, pin)


def test_the_release_reads_names_as_the_screen_does():
    from app.controls import Controls
    from app.help_text import CONTROLS, control_rows

    for board_id in boards.NAMES:
        names = boards.load(board_id).BUTTONS
        controls = Controls(names=names)
        for button in ("D-pad", "Up", "Down", "Left", "Right", "Up/Down", "Left/Right", "A", "B", "Start", "Select", "Any"):
            assert release.button_name(names, button) == controls.name(button), (board_id, button)
        profile = release.Profile(ROOT, board_id)
        assert profile.buttons == names
        if profile.scheme_rows is None:
            # (the release reads the English texts the table names)
            assert release._labelled(release.read_controls(ROOT), profile) == [
                tuple(row) for row in control_rows(CONTROLS, controls)
            ]


def controls_page(sim):
    """Every line of Help > Controls on the glass, all its pages."""
    sim.press_all(["start", "down*3", "a", "a"])
    lines = []
    menus = sim.app.menus
    for number in range(len(menus.pages)):
        lines += sim.glass.lines()[1:]
        if number + 1 < len(menus.pages):
            sim.press("right")
    return lines


def starts_row(lines, label):
    """True if a line begins with ``label`` as a row of the Controls page does."""
    return any(line == label or line.startswith(label + " ") or line.startswith(label + ":") for line in lines)


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_the_controls_page_names_the_boards_own_buttons(board_id):
    sim = Simulator(seed=3, board=board_id, solver=first_legal)
    lines = controls_page(sim)
    names = markings(board_id)
    if sim.facts["played"] == "tilt":  # the CLUE's page is its own: A and B and tilt
        expected = ["Tilt", "A", "B", "A+B"]
    elif sim.facts["played"] == "keyboard":
        expected = ["Arrows", "A or X", "B, Z, Esc", "Enter", "Space", "P"]
    else:
        pad = PADS.get(board_id, "D-pad")
        expected = [pad, names["a"], names["b"], names["start"], names["select"], "Hold " + names["select"]]
    for label in expected:
        assert starts_row(lines, label), (board_id, label, lines)
    # No row names a button the board does not have, or one that does
    # something else there.
    shown = set(names.values()) | set(expected) | {"Any key"}
    for label in ("D-pad", "A", "B", "Start", "Select", "Hold Select"):
        if label not in shown:
            assert not starts_row(lines, label), (board_id, label, lines)
    assert any(line.startswith("In menus:") and PADS.get(board_id, "D-pad").lower() in line.lower() for line in lines)


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_banners_and_settings_name_the_boards_own_buttons(board_id):
    sim = Simulator(seed=3, board=board_id, solver=first_legal)
    names = markings(board_id)
    sim.game.set_board(position(". 2 8 16", "4 16 32 64", "2 4 8 16", "4 2 4 2"), score=1232)
    sim.app.show_position()
    sim.press("left")
    assert sim.glass.shows("Game over", "%s: New game" % names["a"]), sim.glass.lines()
    sim.press("a")
    assert not sim.glass.shows("Game over")
    sim.press_all(["start", "down*5", "a"])  # Settings
    lines = sim.glass.lines()
    assert lines[0].startswith("Settings")  # ("Settings 1/2": pages where the rows do not fit one)
    assert any(line.endswith("%s: back" % names["b"]) for line in lines), lines
    pick = [line for line in lines if "set" in line and ("pick" in line or "," in line)]
    assert pick and names["a"] in pick[0], lines


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_deploys_closing_words_are_true_of_the_board(board_id):
    sim = Simulator(seed=3, board=board_id, solver=first_legal)
    info = deployer.BoardInfo((10, 2, 1), "10.2.1", "%s with a chip" % boards.NAMES[board_id], board_id)
    words = deployer.next_steps(True, info)
    # SCORE and BEST where the glass shows them, beside the tiles.
    layout = sim.app.view.layout
    cells = [cell for cell in sim.glass.cells() if cell.char == "S"]
    score_y = min(cell.y for cell in cells) // layout.scale - layout.top // layout.scale
    if score_y < layout.board_y:
        assert "SCORE and BEST above them" in words
    elif score_y >= layout.board_y + layout.board_size:
        assert "SCORE and BEST under them" in words
    else:
        assert "SCORE and BEST to their right" in words
    # The menu's button, by its name; pressing it opens the menu.
    assert "press %s for the menu" % markings(board_id)["start"] in words
    assert "Start > About" not in words and "above the 4x4" not in words
    sim.press("start")
    assert sim.glass.shows("Menu", "About")


def test_the_readme_names_each_boards_buttons():
    text = release.drive_text("1.0.0", ["9.x", "10.x"], sorted(boards.NAMES))
    lines = text.splitlines()
    for board_id in boards.NAMES:
        start = [i for i, line in enumerate(lines) if "(Board ID %s)" % board_id in line][0]
        rows = lines[start + 1 : lines.index("", start)]
        if fakeboards.BOARDS[board_id].get("played") in ("tilt", "keyboard"):
            continue  # their schemes' own rows (tests/test_release.py)
        names = markings(board_id)
        for button, action in (("a", "OK / Continue"), ("b", "back"), ("start", "menu"), ("select", "hint (solver)")):
            assert any(row.strip().split("  ")[0] == names[button] and action in row for row in rows), (board_id, button, rows)
        assert rows[0].strip().startswith(PADS.get(board_id, "D-pad"))
        for label in ("Start", "Select"):
            if label not in names.values():
                assert not any(row.strip().startswith(label) for row in rows), (board_id, rows)


def test_docs_boards_names_each_boards_buttons():
    # The table of docs/boards.md: each board's row names what its player presses.
    table = {}
    for line in (ROOT / "docs/boards.md").read_text().splitlines():
        for board_id in boards.NAMES:
            if line.startswith("| ") and "(`%s`)" % board_id in line:
                table[board_id] = line.split("|")[3]
    for board_id in boards.NAMES:
        assert board_id in table, "%s has no row in docs/boards.md's table: run make docs" % board_id
        for printed in set(markings(board_id).values()) | {PADS.get(board_id, "D-pad")}:
            if board_id == "adafruit_fruit_jam":
                printed = printed.lower() if printed == "Arrows" else printed
            assert printed in table[board_id], (
                board_id,
                printed,
                table[board_id],
                "edit its row in docs/boards.md, or delete the row and run make docs to write it from the profile",
            )


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_the_simulators_keys_name_the_boards_buttons(board_id):
    # The window's title and the Controls page's keys page: which keyboard
    # key is which of the board's buttons, by the board's names.
    from tools.play import window

    facts = dict(fakeboards.DEFAULTS, **fakeboards.BOARDS[board_id])
    title = window.window_title(board_id)
    if facts["played"] != "buttons":
        return  # tilted or typed: their own keys (tests/test_sim_window.py)
    names = markings(board_id)
    keys = {"a": "X", "start": "Enter", "select": "Space"}
    for button, key in keys.items():
        assert "%s: %s" % (names[button], key) in title, (board_id, title)
    if "b" in facts["keys"]:
        assert "%s: Z" % names["b"] in title
    else:
        assert ": Z" not in title  # Z presses a B the board does not have
    assert "Hold %s: hold Space" % names["select"] in title
    assert title.startswith("2048 (") and "%s: arrows" % PADS.get(board_id, "D-pad") in title
