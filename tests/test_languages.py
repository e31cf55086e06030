# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The game in English, Romanian and Czech (Settings > Language).

* The texts: every language file has a text for every name of
  lang/keys.txt, and every ``_W_NAME = const(n)`` of the game's code is
  text ``n`` of that list; every text is used; every character of every
  text has a glyph in the game's own text strip; a status fits its lines.
* The glass, on every layout, in Romanian and in Czech: every screen a
  player reaches (menu, banners, every page of every help document,
  Stats, Settings, About, the statuses) shows no English word of the
  game's texts that the language does not use itself.
* The language survives a power-off, and a save made by the release
  before it (formats 2 and 3) loads in English.
"""

import errno
import json
import os
import re
from pathlib import Path

import pytest
from fake_inputs import first_legal

import boards
from app.settings import LANGUAGES
from tests.shared import KEYS, LAYOUTS
from tests.tiles import board
from tools import ROOT, text_chars
from tools.play.sim import parse_settings, screen_size, use_settings
from tools.play.simulator import Simulator, board_facts

LANG = ROOT / "lang"
#: The help documents' prose files, by name (app.help_text.DOCUMENTS).
PROSE = ("rules", "strategy", "solver")
CONST = re.compile(r"^(_W_[A-Z0-9_]+) = const\((\d+)\)", re.M)
#: Texts a status line shows: (first, second) names in lang/keys.txt.
STATUSES = (
    ("S_BATT", "S_LOW"),
    ("S_BATT", "S_EMPTY"),
    ("S_LOW_MEMORY", "S_MEMORY"),
    ("S_TOO", "S_DEEP"),
    ("S_ERROR", None),
    ("S_TILT", "S_FAILED"),
    ("S_NO_SOLVER", "S_SOLVER"),
    ("S_THINK", None),
    ("S_GAME", "S_OVER"),
    ("S_PLAY", None),
    ("S_NO_MOVE", "S_MOVE"),
    ("S_HINT", "S_UP"),
    ("S_HINT", "S_RIGHT"),
    ("S_HINT", "S_DOWN"),
    ("S_HINT", "S_LEFT"),
    ("S_SAVE", "S_SAVE_FAILED"),
    ("S_SAVED", "S_SAVED_2"),
    ("S_UP_TO", "S_DATE"),
    ("S_NOT", "S_NOT_SAVED"),
)


#: Texts in a language's play-screen file (app/words.py's _PLAY_TEXTS); its menu file has the rest.
PLAY_TEXTS = int(re.search(r"^_PLAY_TEXTS = const\((\d+)\)", (ROOT / "app" / "words.py").read_text(), re.M).group(1))


def texts(language):
    """The language's texts, by key: its play-screen file's, then its menu file's."""
    play = (LANG / ("%s.txt" % language)).read_text(encoding="utf-8").split("\n")[:-1]
    assert len(play) == PLAY_TEXTS, language
    return play + (LANG / ("%s-menu.txt" % language)).read_text(encoding="utf-8").split("\n")[:-1]


def prose(language, document):
    return (LANG / ("%s-%s.txt" % (language, document))).read_text(encoding="utf-8").split("\n")[:-1]


def game_sources():
    return [path for folder in ("app", "boards", "engine") for path in sorted((ROOT / folder).glob("*.py"))] + [ROOT / "code.py"]


def test_every_language_has_every_text_and_the_code_names_them_as_keys_txt_does():
    assert len(set(KEYS)) == len(KEYS) and all(re.fullmatch(r"[A-Z0-9_]+", key) for key in KEYS)
    for language in LANGUAGES:
        lines = texts(language)
        assert len(lines) == len(KEYS), language
        assert all(line == line.strip() or line.endswith(": ") or line.endswith(" ") for line in lines), language
        for document in PROSE:
            assert prose(language, document) and all(prose(language, document)), (language, document)
    used = set()
    for path in game_sources():
        for name, number in CONST.findall(path.read_text(encoding="utf-8")):
            assert int(number) < len(KEYS) and KEYS[int(number)] == name[3:], (path.name, name, number)
            used.add(name[3:])
    # code.py's texts, by number (test_code_py_names_why_saving_is_off_...).
    used.update(name for _, name in re.findall(r"failure = (\d+)  # ([A-Z_]+)", (ROOT / "code.py").read_text(encoding="utf-8")))
    # Runs the code reaches from their first text: the menu's rows, the
    # hint's directions (engine.rules' order), the save modes (SavePolicy's),
    # what scores the solver's boards (app.about_page.TABLE_STATUSES').
    for first, count in (("RESUME", 8), ("S_UP", 4), ("SAFER", 3), ("T_HEURISTIC", 6)):
        assert first in used
        used.update(KEYS[KEYS.index(first) : KEYS.index(first) + count])
    assert KEYS[KEYS.index("S_UP") : KEYS.index("S_UP") + 4] == ["S_UP", "S_RIGHT", "S_DOWN", "S_LEFT"]
    assert sorted(set(KEYS) - used) == []  # a text no screen shows is a text no test reads


def test_the_about_page_knows_every_status_of_the_solvers_table():
    # app.about_page keeps the engine's words (the menu never imports the
    # table's module); each has its text, in the engine's order.
    from app import about_page
    from engine import learned, solver

    engine = (solver.TABLE_HEURISTIC, learned.IN_USE, learned.MISSING, learned.DAMAGED, learned.NO_ROOM, learned.PAUSED)
    assert about_page.TABLE_STATUSES == engine
    assert solver.TABLE_NO_ROOM == learned.NO_ROOM
    english = texts("en")
    first = KEYS.index("T_HEURISTIC")
    assert tuple(english[first : first + len(engine)]) == engine


def test_code_py_names_why_saving_is_off_by_the_texts_numbers():
    # code.py gives the About page a text's number (no const names there:
    # each costs the board's compiler heap at start-up), with its name.
    said = re.findall(r"failure = (\d+)  # ([A-Z_]+)", (ROOT / "code.py").read_text(encoding="utf-8"))
    assert [name for _, name in said] == ["NVM_NOT_NUMBER", "NVM_REGION", "NVM_TOO_SMALL"]
    assert all(KEYS[int(number)] == name for number, name in said), said


def test_the_help_table_names_a_file_of_prose_for_every_document_but_controls():
    from app import help_text

    files = [row[2] for row in help_text.DOCUMENTS]
    assert files[0] == "" and sorted(files[1:]) == sorted(PROSE)


def test_every_character_of_every_language_has_a_glyph_in_the_strip():
    chars = set(text_chars())
    for path in sorted(LANG.glob("*.txt")):
        if path.name == "keys.txt":
            continue
        missing = set(path.read_text(encoding="utf-8")) - chars - {"\n"}
        assert not missing, (path.name, sorted(missing))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_status_fits_its_lines_on_every_layout(language):
    from app.layouts import for_screen

    lines = texts(language)
    text = {key: lines[number] for number, key in enumerate(KEYS)}
    widths = set()
    for board_id in boards.NAMES:
        layout = for_screen(*screen_size(board_facts(board_id)))
        widths.add((layout.status_columns, layout.status_lines))
    assert (6, 2) in widths and (21, 1) in widths
    for columns, rows in widths:
        for first, second in STATUSES:
            shown = [text[first], "..." if first == "S_THINK" else text.get(second, "")]
            if first == "S_PLAY":
                shown = ["AUTO", text[first]]
            if rows == 1:
                assert len(" ".join(part for part in shown if part)) <= columns, (language, shown)
            else:
                assert all(len(part) <= columns for part in shown), (language, shown, columns)


#: The words of the store's technical texts for a failed save (engine.store's
#: ``failure``: "OSError 28", "OSError 5 reading", "unread", "read-back",
#: "invalid ...", an exception's name): English in every language, so none
#: may reach the glass of another (the About page says why in the player's
#: words: app.failure_words.failure_text).
STORE_WORDS = {"OSError", "MemoryError", "RuntimeError", "ValueError", "unread", "reading", "read", "back", "invalid"}


class FailingNVM:
    """An NVM whose writes fail as ``how`` says: an exception to raise, or
    "read-back" (a write that changes nothing, so it reads back different)."""

    def __init__(self, nvm, how):
        self.nvm = nvm
        self.how = how

    def __len__(self):
        return len(self.nvm)

    def __getitem__(self, index):
        return self.nvm[index]

    def __setitem__(self, index, value):
        if self.how != "read-back":
            raise self.how


def english_only_words(language):
    """Words (3 letters or more) of the English texts and help that the
    language's own texts and help never use: none may be on its glass."""

    def words(strings):
        found = set()
        for string in strings:
            found.update(re.findall(r"[^\W\d_]{3,}", re.sub(r"%[-.0-9]*[a-zA-Z]|\{[^}]*\}", " ", string)))
        return found

    english = texts("en") + [line for document in PROSE for line in prose("en", document)]
    own = texts(language) + [line for document in PROSE for line in prose(language, document)]
    # The buttons' names stay as the boards print them ("Select", "Start", "Hold" is a word of ours).
    names = set()
    for board_id in boards.NAMES:
        names.update(word for name in (boards.load(board_id).BUTTONS or {}).values() for word in re.findall(r"\w+", name))
    return (words(english) | STORE_WORDS) - words(own) - names - {"Select", "Start", "Space", "Enter", "Esc", "USB", "NVM", "RAM"}


class Reader:
    """Everything the glass shows while a player walks the game, screen by
    screen, in one language on one board."""

    def __init__(self, board_id, language, nvm=None):
        self.sim = Simulator(seed=7, board=board_id, solver=first_legal, nvm=nvm)
        self.language = language
        self.seen = []

    def choose(self):
        """Settings > Language, as a player picks it: Start, down to Settings, A, down to Language, A."""
        sim = self.sim
        pages = sim.module("app.pages")
        self.open_row(5)  # Settings
        language_row = [attribute for _, attribute, _ in pages.SETTING_ROWS].index(sim.module("app.settings").LANGUAGE)
        sim.press_all(["down"] * language_row)
        for _ in range(LANGUAGES.index(self.language)):
            sim.press("a")
        self.look()
        sim.press_all(["b", "b"])

    def open_row(self, row):
        """Open the menu and pick its row ``row`` (it opens on the row picked last)."""
        sim = self.sim
        self.press("start")
        for _ in range((row - sim.app.menus.row) % sim.module("app.pages").MENU_ROWS):
            sim.press("down")
        self.press("a")

    def look(self):
        self.seen.append(list(self.sim.glass.lines()))

    def press(self, *names):
        for name in names:
            self.sim.press(name)
            self.look()

    def walk(self):
        """Every screen: the play screen and a hint, undos (Settings > Undo
        on), the menu, New game?, Help and every page of every document,
        every page of Stats and its Reset question, every page of Settings,
        About, Save now, the win and game-over banners (the way to undo on
        it), a status of each kind."""
        sim = self.sim
        use_settings(sim.app, parse_settings(["undo=5"], sim.board_id), sim.now)
        self.look()
        self.press("select")  # a hint
        # Moves, then the undo button until none is left: "undone" "N left", "no undo".
        self.press("left", "up", "right", "down", "undo", "undo", "undo", "undo", "undo")
        self.open_row(0)  # Resume
        self.open_row(1)  # New game?
        self.press("b", "down", "down", "a")  # Help
        help_text = sim.module("app.help_text")
        for number in range(len(help_text.DOCUMENTS)):
            self.press("a")
            for _ in range(len(sim.app.menus.pages) - 1):
                self.press("right")
            self.press("b", "down")
        self.press("b", "down", "a")  # Stats
        for _ in range(len(sim.app.menus.pages) - 1):
            self.press("right")
        self.press("a", "b")  # "Reset stats and best score?", No
        # Brightness "auto" where there is a light sensor: its word too.
        if sim.app.power.auto_offered:
            sim.app.settings.auto_brightness = True
        self.press("b", "down", "a")  # Settings, each of its rows (and pages)
        for _ in range(len(sim.module("app.pages").SETTING_ROWS)):
            self.press("down")
        self.press("b", "down", "a")  # About
        for _ in range(len(sim.app.menus.pages) - 1):
            self.press("right")
        self.press("b", "down", "a")  # Save now: "saved"
        # Saves that fail, each way the store tells apart, then About says why.
        nvm = sim.app.store.nvm
        codes = (errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EIO, errno.ENODEV)
        for how in [OSError(code, os.strerror(code)) for code in codes] + ["read-back", MemoryError(), ValueError()]:
            sim.app.store.nvm = FailingNVM(nvm, how)
            self.press("left", "up", "right", "down")  # a game to save (the same one is never written twice)
            self.open_row(7)  # Save now: "save FAILED"
            self.open_row(6)  # About, to its page of the last save
            for _ in range(len(sim.app.menus.pages) - 1):
                self.press("right")
            self.press("b", "b")  # back to the menu, and out of it
        sim.app.store.nvm = nvm
        for error in (MemoryError(), RuntimeError(), ValueError()):
            sim.app.recover(error)
            sim.step()
            self.look()
        sim.app.input_failed()
        sim.step()
        self.look()
        sim.game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . 2"), score=5000)
        sim.app.show_position()
        sim.step()
        self.press("left", "a")  # You win!, Continue
        sim.game.set_board(board(". 2 8 16", "4 16 32 64", "2 4 8 16", "4 2 4 2"), score=1232)
        sim.app.show_position()
        sim.step()
        self.press("left")  # Game over, with the way to undo the move
        assert sim.game.over and sim.game.can_undo


@pytest.mark.parametrize("language", ("ro", "cs"))
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_no_english_word_is_on_the_glass_in_another_language(layout, language):
    reader = Reader(LAYOUTS[layout], language)
    reader.choose()
    reader.seen = []
    reader.walk()
    forbidden = english_only_words(language)
    assert len(reader.seen) > 40
    titles = {screen[0] for screen in reader.seen if screen}
    own = texts(language)
    text = {key: own[number] for number, key in enumerate(KEYS)}
    for key in ("MENU", "HELP", "CONTROLS", "RULES", "STRATEGY", "STATS", "ABOUT"):
        assert any(title.startswith(text[key]) for title in titles), (key, text[key], sorted(titles))
    for screen in reader.seen:
        for line in screen:
            english = [word for word in re.findall(r"[^\W\d_]+", line) if word in forbidden]
            assert not english, (layout, language, english, screen)


@pytest.mark.parametrize("language", ("ro", "cs"))
@pytest.mark.parametrize("board_id", sorted(boards.NAMES))
def test_every_boards_controls_page_is_in_the_language(board_id, language):
    # Each control scheme's own rows (tilt and two buttons, a keyboard), on
    # the glass, every page of Help > Controls.
    reader = Reader(board_id, language)
    # (as Settings does: the tests above)
    use_settings(reader.sim.app, parse_settings(["language=" + language], board_id), reader.sim.now)
    reader.open_row(3)
    reader.press("a")
    for _ in range(len(reader.sim.app.menus.pages) - 1):
        reader.press("right")
    forbidden = english_only_words(language)
    title = texts(language)[KEYS.index("CONTROLS")]
    pages = [screen for screen in reader.seen if screen and screen[0].startswith(title)]
    assert pages, reader.seen
    lines = [line for screen in pages for line in screen]
    english = {word for line in lines for word in re.findall(r"[^\W\d_]+", line) if word in forbidden}
    assert not english, (board_id, language, english, lines)


def test_store_words_are_every_word_of_the_stores_failure_texts():
    # Each text engine/store.py gives ``failure`` (and the exceptions a save can meet): its words are in STORE_WORDS.
    source = (ROOT / "engine" / "store.py").read_text()
    said = re.findall(r'self\.failure = (?:"([^"]*)"|.*?\+ "([^"]*)")', source) + re.findall(r'return "(OSError) %d"', source)
    assert len(said) >= 4
    found = {
        word
        for parts in said
        for part in ([parts] if isinstance(parts, str) else parts)
        for word in re.findall(r"[A-Za-z]{3,}", part)
    }
    assert found <= STORE_WORDS, found - STORE_WORDS


@pytest.mark.parametrize("language", ("ro", "cs"))
def test_the_english_reader_sees_english_words_the_test_catches(language):
    # The check above can fail: the same walk in English shows words it forbids.
    reader = Reader("pybadge", "en")
    reader.walk()
    forbidden = english_only_words(language)
    found = {word for screen in reader.seen for line in screen for word in re.findall(r"[^\W\d_]+", line) if word in forbidden}
    assert {"Menu", "Settings", "Brightness", "merges", "tile", "saved", "memory", "win", "room", "error"} <= found


def test_the_language_survives_a_power_off():
    nvm = bytearray(b"\xff" * 8192)
    reader = Reader("pybadge", "cs", nvm=nvm)
    reader.choose()
    assert reader.sim.glass.shows("SKÓRE", "MAX.")  # the play screen follows at once
    reader.open_row(7)  # Save now
    again = Simulator(seed=7, board="pybadge", solver=first_legal, nvm=nvm)
    assert again.glass.shows("SKÓRE", "MAX.")
    again.press("start")
    assert again.glass.lines()[:3] == ["Nabídka", "Pokračovat", "Nová hra"]


@pytest.mark.parametrize("name", ["store_v2_midgame.nvm", "store_v3_midgame.nvm", "store_v3_won_continue.nvm"])
def test_a_save_from_the_release_before_loads_in_english(name):
    # Saves of formats 2 and 3 as the release before this one writes them
    # (tests/fixtures: settings bytes 8..15 zero).
    fixtures = json.loads((ROOT / "tests" / "fixtures" / "store_fixtures.json").read_text())
    assert not any(fixtures[name]["settings"][8:-1])  # (the last: the record's mark)
    image = bytearray(Path(ROOT / "tests" / "fixtures" / name).read_bytes())
    sim = Simulator(seed=7, board="pybadge", solver=first_legal, nvm=image)
    assert sim.game.moves > 0  # the saved game, not a new one
    assert sim.app.settings.chosen(9) == "en"
    assert sim.glass.shows("SCORE", "BEST")
    sim.press_all(["start", "down*5", "a"])
    assert any(line.startswith("Language") and line.endswith("English") for line in sim.glass.lines())


def test_a_save_that_chose_czech_loads_in_czech():
    # A format-3 record whose settings byte 9 is 2 (the undo fixtures').
    image = bytearray(Path(ROOT / "tests" / "fixtures" / "store_v3_undo_history.nvm").read_bytes())
    sim = Simulator(seed=7, board="pybadge", solver=first_legal, nvm=image)
    assert sim.game.moves > 0
    assert sim.glass.shows("SKÓRE", "MAX.")
