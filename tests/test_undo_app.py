# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Undo and Stats > Reset as the player sees them (issue 31), read from the glass.

Every board is powered on through its own start-up (tools.play.sim.Simulator)
and played with its own buttons: Settings > Undo and what it does to the
game's depth, the undo button on the play screen, from the win banner and
from game over (named on the banner and on the Controls page in the board's
own names), its status lines, mashing it, undo after a power-off, undo Off
doing what B always did, the Stats' undo rows and their Reset question (No
picked; Yes kept through a power-off), and the simulator's ``--press undo``
and ``--setting``. The engine's own edges are tests/test_undo.py's.
"""

import pytest
from fake_inputs import first_legal

import boards
from app.settings import LANGUAGE
from tests.tiles import board as position
from tools.play import sim as sim_module
from tools.play.sim import Simulator, parse_settings, use_settings
from tools.play.simulator import controls

#: A position whose left move fills the board with nothing left to merge:
#: game over (tests/test_button_names.py's).
ALMOST_OVER = position(". 2 8 16", "4 16 32 64", "2 4 8 16", "4 2 4 2")
#: A position whose left move makes the 2048 (no other merge).
ALMOST_WON = position("1024 1024 . .", ". . . .", ". . . .", ". . . 2")
#: A position whose left move merges nothing: the score and best stay.
QUIET = position(". . . 2", ". . 4 .", ". 8 . .", "16 . . .")


def powered(board_id="pybadge", undo=None, **keywords):
    """A board on, with Settings > Undo at ``undo`` (a value as ``--setting``
    takes it; None: as it is), as the simulator's ``--setting`` sets it."""
    sim = Simulator(seed=7, board=board_id, solver=first_legal, **keywords)
    if undo is not None:
        use_settings(sim.app, parse_settings(["undo=%s" % undo], board_id), sim.now)
        sim.frames(2)
    return sim


def board_pixels(sim):
    """The glass's pixels of the 4x4 board (the tiles, not the scores or status)."""
    layout = sim.app.view.layout
    scale = layout.scale
    left = layout.left + layout.board_x * scale
    top = layout.top + layout.board_y * scale
    side = layout.board_size * scale
    return sim.glass.array()[top : top + side, left : left + side].ravel().tolist()


def put(sim, cells, score=0):
    """Put ``cells`` on the board as a new position (the history starts there)."""
    sim.game.set_board(cells, score=score)
    sim.app.show_position()
    sim.frames(3)


def undo_name(board_id):
    """The board's undo button as its Controls page and banners name it
    (the Fruit Jam's: the keys of its keyboard that are B)."""
    if board_id == "adafruit_fruit_jam":
        return "B, Z, Esc"
    profile = boards.load(board_id)
    names = controls.Controls(names=profile.BUTTONS)
    undo = profile.UNDO
    if undo.startswith("Hold "):
        return "Hold " + names.name(undo[5:])
    return names.name(undo)


def open_settings(sim):
    sim.press("start")
    for _ in range((5 - sim.app.menus.row) % 8):  # to Settings, from the row picked last
        sim.press("down")
    sim.press("a")
    assert sim.glass.lines()[0].startswith("Settings")


def close_menu(sim):
    for _ in range(3):
        if sim.app.mode == "play":
            break
        sim.press("start")  # out of the page, and of the menu
    assert sim.app.mode == "play" and not sim.glass.shows("Settings")


# ------------------------------------------------------------ Off and the row


def test_undo_off_the_undo_button_does_what_it_always_did():
    sim = powered()
    put(sim, QUIET)
    sim.press("left")
    before = board_pixels(sim), sim.game.moves
    sim.press("b")
    assert (board_pixels(sim), sim.game.moves) == before
    assert not sim.glass.shows("undone") and not sim.glass.shows("no", "undo")
    assert sim.game.undo_depth == 0 and sim.game.undos == 0


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_the_settings_row_goes_off_1_move_5_moves_and_sets_the_depth(board_id):
    # The row changes at once (and its byte); the game takes the depth as
    # the menu closes (engine.history then loads into the menu's room).
    sim = powered(board_id)
    shown = []
    for _ in range(3):
        open_settings(sim)
        for _ in range(6):  # Undo is the seventh row (a second page where the rows do not fit one)
            sim.press("down")
        sim.press("right")
        row = [line for line in sim.glass.lines() if line.startswith("Undo")]
        for _ in range(3):
            if sim.app.mode == "play":
                break
            sim.press("start")  # out of the page, and of the menu
        assert sim.app.mode == "play" and not sim.glass.shows("Settings")
        if sim.facts["played"] == "tilt":
            sim.press("wait")  # the board measures level as the menu closes
        shown.append((row[0].split(None, 1)[1], sim.game.undo_depth, sim.app.store.settings[8]))
    assert shown == [("1 move", 1, 1), ("5 moves", 5, 2), ("off", 0, 0)], board_id


def test_the_history_and_its_module_are_in_memory_only_while_undo_is_on():
    # engine.history loads as the menu closes with Undo on (into the room
    # the menu's modules leave), and goes with the history when Undo goes
    # off: a game with Undo Off holds none of it.
    import sys

    sim = powered(undo=5)
    sim.press("left")
    assert sim.game.history is not None and "engine.history" in sys.modules
    open_settings(sim)
    for _ in range(6):  # to the Undo row
        sim.press("down")
    sim.press("right")
    assert sim.glass.shows("Undo", "off") and "engine.history" in sys.modules  # until the menu closes
    close_menu(sim)
    assert sim.game.history is None and "engine.history" not in sys.modules
    sim.press("b")
    assert not sim.glass.shows("undone") and not sim.glass.shows("no", "undo")
    open_settings(sim)
    for _ in range(6):
        sim.press("down")
    sim.press("right")
    assert sim.glass.shows("Undo", "1 move") and "engine.history" not in sys.modules  # the menu is open
    close_menu(sim)
    assert "engine.history" in sys.modules
    sim.press("left")
    sim.press("b")
    assert sim.glass.shows("undone", "0 left")


@pytest.mark.parametrize("through_the_menu", [False, True])
def test_after_a_change_of_language_the_undo_statuses_are_in_the_new_one(through_the_menu):
    # The undo button's words are made once while Undo is on: a change of
    # language makes them again (the setting from the command line's
    # --setting, or the player's Settings page).
    sim = powered(undo=5)
    sim.press("left")
    sim.press("undo")
    assert sim.glass.shows("undone", "0 left")
    if through_the_menu:
        open_settings(sim)
        sim.press_all(["down"] * 7 + ["right"])  # Language, the eighth row: English -> Romanian
        close_menu(sim)
    else:
        use_settings(sim.app, parse_settings(["language=ro"], "pybadge"), sim.now)
        sim.frames(2)
    assert sim.app.settings.chosen(LANGUAGE) == "ro"
    sim.press("right")
    sim.press("undo")
    assert sim.glass.shows("anulat", "mai 0"), sim.glass.lines()


def test_lowering_the_row_keeps_only_the_last_moves_and_off_forgets_them():
    sim = powered(undo=5)
    for direction in ("left", "down", "right", "down"):
        sim.press(direction)
    assert sim.game.history.undoable == 4
    use_settings(sim.app, parse_settings(["undo=1"], "pybadge"), sim.now)
    assert sim.game.history.undoable == 1  # 5 -> 1: the last move only
    sim.press("undo")
    assert sim.glass.shows("undone", "0 left")
    sim.press("undo")
    assert sim.glass.shows("no", "undo")
    sim.press("left")
    use_settings(sim.app, parse_settings(["undo=off"], "pybadge"), sim.now)
    assert sim.game.history is None  # Off: no history held
    use_settings(sim.app, parse_settings(["undo=5"], "pybadge"), sim.now)
    sim.press("undo")
    assert sim.glass.shows("no", "undo")  # on again: it starts from the next move


# ------------------------------------------------------------ the undo button


def test_an_undo_shows_the_board_before_the_move_and_the_same_move_brings_the_same_tile():
    sim = powered(undo=1)
    put(sim, QUIET)
    start = board_pixels(sim)
    sim.press("left")
    moved = board_pixels(sim)
    assert moved != start
    sim.press("undo")
    assert board_pixels(sim) == start
    assert sim.glass.shows("undone", "0 left")
    sim.press("left")
    assert board_pixels(sim) == moved  # the same new tile in the same cell
    assert not sim.glass.shows("undone")  # a move clears the status


def test_five_undos_then_none_the_status_counts_down_and_says_so():
    sim = powered(undo=5)
    boards_seen = [board_pixels(sim)]
    for direction in ("left", "down", "right", "down", "left", "up"):
        before = list(sim.game.cells)
        sim.press(direction)
        if sim.game.cells != before:
            boards_seen.append(board_pixels(sim))
    assert len(boards_seen) >= 6
    for left in (4, 3, 2, 1, 0):
        sim.press("undo")
        assert sim.glass.shows("undone", "%d left" % left), sim.glass.lines()
        boards_seen.pop()
        assert board_pixels(sim) == boards_seen[-1]
    sim.press("undo")
    assert sim.glass.shows("no", "undo")
    assert board_pixels(sim) == boards_seen[-1]


def test_mashing_undo_takes_back_no_more_than_the_depth_and_nothing_breaks():
    sim = powered(undo=5)
    put(sim, QUIET)
    start = board_pixels(sim), sim.game.score
    for direction in ("left", "down", "right"):
        sim.press(direction)
    # Twenty presses, a frame apart at most: queued, each acts once.
    sim.schedule([("undo",)] * 20)
    sim.run_script()
    sim.settle()
    assert (board_pixels(sim), sim.game.score) == start
    assert sim.game.undos == 3 and sim.app.faults == 0
    assert sim.glass.shows("no", "undo")
    sim.press("left")  # and play goes on
    assert sim.game.moves == 1


def test_an_undo_stops_autoplay_and_does_nothing_else():
    sim = powered(undo=5)
    sim.press("left")
    sim.press("hold-select")
    assert sim.app.assist.autoplay
    sim.frames(30)
    moves = sim.game.moves
    sim.press("undo")
    assert not sim.app.assist.autoplay
    assert sim.game.undos == 0 and sim.game.moves == moves


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_an_undo_from_game_over_revives_the_game_and_the_banner_names_the_button(board_id):
    sim = powered(board_id, undo=1)
    put(sim, ALMOST_OVER, 1232)
    before = board_pixels(sim)
    sim.press("left")
    assert sim.glass.shows("Game over", "%s: undo" % undo_name(board_id)), sim.glass.lines()
    sim.press("undo")
    assert not sim.glass.shows("Game over")
    assert board_pixels(sim) == before and not sim.game.over
    sim.press("left")
    assert sim.glass.shows("Game over")  # the same move, the same end
    sim.press("undo")
    assert not sim.glass.shows("Game over")


def test_game_over_with_nothing_to_undo_shows_the_score_and_b_peeks_as_before():
    sim = powered(undo=1)
    put(sim, ALMOST_OVER, 1232)
    sim.press("left")
    sim.press("undo")
    sim.press("left")
    sim.game.history.undoable = 0  # the limit reached (as after a load of a game without one)
    sim.app.show_position()
    sim.frames(2)
    assert sim.glass.shows("Game over", "Score")
    sim.press("b")  # peek at the board, as with undo Off
    assert not sim.glass.shows("Game over") and sim.game.over
    sim.press("b")
    assert sim.glass.shows("Game over")


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express", "pewpew_m4"])
def test_an_undo_from_the_win_banner_takes_the_win_back_and_the_banner_shows_once(board_id):
    sim = powered(board_id, undo=1)
    put(sim, ALMOST_WON, 20000)
    before = board_pixels(sim)
    sim.press("left")
    assert sim.glass.shows("You win!")
    wins = sim.game.stats.wins
    sim.press("undo")
    assert not sim.glass.shows("You win!") and board_pixels(sim) == before
    assert sim.glass.shows("undone")
    sim.press("left")  # the 2048 again: no banner this game
    assert not sim.glass.shows("You win!") and sim.game.won
    assert sim.game.stats.wins == wins  # the win counted once


def test_an_undo_after_continue_goes_back_past_the_win_and_the_banner_stays_shown_once():
    sim = powered(undo=5)
    put(sim, ALMOST_WON, 20000)
    before_win = board_pixels(sim)
    sim.press("left")
    assert sim.glass.shows("You win!")
    best = sim.game.best
    sim.press("a")  # Continue, the banner's first row
    assert not sim.glass.shows("You win!")
    after_win = board_pixels(sim)
    sim.press("down")  # the 2048 slides down: a move after the win
    assert board_pixels(sim) != after_win
    sim.press("undo")
    assert board_pixels(sim) == after_win and not sim.glass.shows("You win!")
    sim.press("undo")  # the winning move itself
    assert board_pixels(sim) == before_win and not sim.glass.shows("You win!")
    assert sim.game.best == best  # the best never goes down by an undo
    sim.press("left")  # the 2048 again, after Continue: no banner
    assert not sim.glass.shows("You win!") and sim.game.won


def test_after_a_new_game_there_is_nothing_to_undo():
    sim = powered(undo=5)
    for direction in ("left", "down", "right"):
        sim.press(direction)
    assert sim.game.can_undo
    sim.press("start")
    for _ in range((1 - sim.app.menus.row) % 8):  # to New game, from the row picked last
        sim.press("down")
    sim.press("a")
    sim.press("right")  # "Yes" (No is picked first)
    sim.press("a")
    assert sim.game.moves == 0
    fresh = board_pixels(sim)
    sim.press("undo")
    assert sim.glass.shows("no", "undo")  # said, and the old game stays gone
    assert board_pixels(sim) == fresh and sim.game.moves == 0


def test_the_undo_history_is_kept_through_a_power_off():
    first = powered(undo=5)
    shown = [board_pixels(first)]
    for direction in ("left", "down", "right", "down"):
        first.press(direction)
        shown.append(board_pixels(first))
    first.press_all(["start", "up", "a"])  # Menu > Save now
    assert first.glass.shows("saved")
    again = Simulator(seed=99, nvm=first.nvm, solver=first_legal)
    assert board_pixels(again) == shown[-1]
    assert again.game.undo_depth == 5
    for expected in reversed(shown[:-1]):
        again.press("undo")
        assert board_pixels(again) == expected
    again.press("undo")
    assert again.glass.shows("no", "undo")


# ------------------------------------------------------------ the Controls page


@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_every_boards_controls_page_names_its_undo_button(board_id):
    sim = powered(board_id)
    sim.press("start")
    for _ in range(3):
        sim.press("down")
    sim.press("a")  # Help
    sim.press("a")  # Controls
    lines = []
    for _ in range(len(sim.app.menus.pages)):
        lines += sim.glass.lines()[1:]
        sim.press("right")
    text = " ".join(lines)
    name = undo_name(board_id)
    row = [line for line in lines if line.startswith(name) and "undo" in line]
    assert row, (board_id, lines)
    assert "undo if on" in text, (board_id, lines)


# ------------------------------------------------------------ Stats and Reset


def open_stats_last_page(sim):
    sim.press("start")
    for _ in range(4):
        sim.press("down")
    sim.press("a")
    for _ in range(len(sim.app.menus.pages) - 1):
        sim.press("right")


def stats_text(sim):
    """Every Stats page's lines, from the first (the menu open on Stats)."""
    lines = []
    for number in range(len(sim.app.menus.pages)):
        lines += sim.glass.lines()[1:]
        if number + 1 < len(sim.app.menus.pages):
            sim.press("right")
    return lines


def row_value(lines, name):
    return [line[len(name) :].strip() for line in lines if line.startswith(name + " ")][0]


def test_stats_show_undos_and_the_figures_without_undo():
    sim = powered(undo=5)
    for direction in ("left", "down", "right"):
        sim.press(direction)
    sim.press("undo")
    sim.press("undo")
    sim.press_all(["start", "down*4", "a"])
    lines = stats_text(sim)
    assert row_value(lines, "Undos this game") == "2"
    assert row_value(lines, "Undos in all") == "2"
    assert row_value(lines, "Wins, no undo") == "0"
    assert any(line.startswith("Best tile, no undo") for line in lines)


def test_reset_asks_first_and_no_the_default_changes_nothing():
    sim = powered()
    for direction in ("left", "down", "right"):
        sim.press(direction)
    games, best = sim.game.stats.games, sim.game.best
    sim.game.new_game()  # a second game
    sim.app.show_position()
    open_stats_last_page(sim)
    assert sim.glass.shows("A: reset stats")
    sim.press("a")
    assert sim.glass.shows("Reset stats and best", "score?", "No, keep them", "Yes, reset")
    sim.press("a")  # No: picked when the question comes
    assert sim.glass.lines()[0].startswith("Stats")
    assert sim.game.stats.games == games + 1 and sim.game.best == best
    assert row_value(stats_text(sim), "Games") == str(games + 1)


def test_reset_yes_clears_the_best_and_the_stats_and_survives_a_power_off():
    sim = powered(undo=1)
    for direction in ("left", "down", "right", "up"):
        sim.press(direction)
    sim.press("undo")
    sim.game.new_game()
    sim.app.show_position()
    sim.press("left")
    score = sim.game.score
    assert sim.game.stats.games == 2
    open_stats_last_page(sim)
    sim.press("a")
    sim.press("down")  # Yes
    sim.press("a")
    lines = stats_text(sim)
    assert row_value(lines, "Games") == "1"
    assert row_value(lines, "Undos in all") == "0"
    assert row_value(lines, "Best score") == str(score)
    again = Simulator(seed=5, nvm=sim.nvm, solver=first_legal)  # switched off and on
    again.press_all(["start", "down*4", "a"])
    lines = stats_text(again)
    assert row_value(lines, "Games") == "1" and row_value(lines, "Best score") == str(score)


def test_b_on_the_question_is_no():
    sim = powered()
    open_stats_last_page(sim)
    sim.press("a")
    sim.press("down")  # Yes picked, then B
    sim.press("b")
    assert sim.glass.lines()[0].startswith("Stats") and sim.game.stats.games == 1


# ------------------------------------------------------------ the simulator's options


def test_every_settings_value_the_option_takes_shows_on_the_settings_page():
    # Generic over the rows: each value --setting takes for each row of
    # the PyBadge's page (and the PewPew M4's) is what the page then shows.
    for board_id in ("pybadge", "pewpew_m4"):
        sim = powered(board_id)
        open_settings(sim)
        rows = sim_module.setting_values(board_id)
        assert "undo" in rows and "screenoff" in rows and "language" in rows
        # (Language's values each change the page's words, its own row's name
        # too: "Limba" in Romanian; every other row is read in English.)
        own_names = {"English": "language", "Română": "limba", "Čeština": "jazyk"}
        for key, (label, values, texts) in rows.items():
            for text in texts:
                if not values:
                    continue  # a fixed row: nothing to set
                use_settings(sim.app, parse_settings(["%s=%s" % (label.replace(" ", "-"), text)], board_id), sim.now)
                sim.app.menus.show_settings()
                sim.frames(1)
                name = own_names[text] if key == "language" else label
                shown = [line for page in _settings_pages(sim) for line in page if line.lower().startswith(name)]
                assert shown and shown[0].endswith(" " + text), (board_id, label, text, shown)
            if key == "language":
                use_settings(sim.app, parse_settings(["language=en"], board_id), sim.now)


def _settings_pages(sim):
    menus = sim.app.menus
    pages = []
    choice = menus.choice
    count = len(sim.module("app.pages").SETTING_ROWS) - (not menus.tilt)
    for row in range(count):
        menus.choice = row
        menus.show_settings()
        sim.frames(1)
        page = sim.glass.lines()
        if page not in pages:
            pages.append(page)
    menus.choice = choice
    return pages


def test_the_command_line_sets_undo_and_presses_it(tmp_path, capsys):
    shot = tmp_path / "undo.png"
    status = sim_module.main(
        ["--headless", "--seed", "7", "--setting", "undo=5", "--press", "left,down,undo,undo", "--screenshot", str(shot)]
    )
    assert status == 0 and shot.is_file()
    assert "moves 0" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, words",
    [
        (["--setting", "undo=7"], "undo takes off, 1 move, 5 moves"),
        (["--setting", "undo"], "is not NAME=VALUE"),
        (["--setting", "colour=red"], "has no row 'colour'"),
        (["--board-profile", "pewpew_m4", "--setting", "tilt=on"], "has no row 'tilt'"),
        (["--board-profile", "pewpew_m4", "--setting", "brightness=80"], "is fixed"),
    ],
)
def test_a_setting_the_board_has_not_is_refused_in_one_line(args, words, capsys):
    assert sim_module.main(["--headless"] + args) == 2
    error = capsys.readouterr().err
    assert error.startswith("--setting: ") and words in error and error.count("\n") == 1


def test_docs_boards_table_names_each_boards_undo_button():
    from tools import ROOT

    table = {}
    for line in (ROOT / "docs" / "boards.md").read_text().splitlines():
        for board_id in boards.NAMES:
            if line.startswith("| ") and "(`%s`)" % board_id in line:
                table[board_id] = line.split("|")[4]
    for board_id in boards.NAMES:
        name = undo_name(board_id).split(",")[0]
        held = name.startswith("Hold ")
        assert (("hold " + name[5:]) if held else name) in table[board_id], (board_id, table[board_id])
