# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The controller's parts get what they need, never the App: the menu and
autoplay return what they want done (app.modes), the Settings page and its
handler go by one table, the tilt hook returns the key source."""

import pytest
from fake_inputs import Accelerometer, first_legal

from app import controls as act
from app import modes, pages
from app.assist import AUTO_CONTINUE_MS, Assist
from app.hardware import Hardware
from app.menus import Menus
from app.save_policy import MODE_NAMES, SavePolicy, Saving, Timings
from app.settings import Settings
from app.tilt import TiltKeys, turn_on
from app.words import text
from engine.game import Game
from engine.store import Store
from tests.tiles import board


class Overlay:
    """What the menu draws on, remembered (no screen)."""

    columns = 26
    page_lines = 9

    def __init__(self):
        self.title = ""
        self.lines = ()
        self.selected = -1

    def show_page(self, title, lines, selected=-1):
        self.title, self.lines, self.selected = title, tuple(lines), selected

    def show_banner(self, title, lines, colour, selected=-1):
        self.show_page(title, lines, selected)

    def select(self, row):
        self.selected = row


class View:
    """The play screen's status lines and hint arrow, remembered."""

    def __init__(self):
        self.status = ("", "")
        self.hint = -1

    def show_status(self, first="", second=""):
        self.status = (first, second)

    def show_hint(self, direction):
        self.hint = direction


def menus(row=0, data=None, tilt=True):
    """A Menus as the App makes one, on stand-ins."""
    game = Game(seed=1)
    store = Store(None)
    settings = Settings(data if data is not None else bytearray(8), 1, len(MODE_NAMES))
    saving = Saving(store, game, SavePolicy(), View(), Timings(), lambda: 0)
    hardware = Hardware(None, None, None, act.Controls(), tilt=(lambda keys, event, settings: keys) if tilt else None)
    return Menus(Overlay(), row, settings, hardware, saving, 0, None)


#: What A does on each row of the menu: a request for the app, or the page it opens.
ROWS = {
    "Resume": modes.RESUME,
    "New game": modes.CONFIRM_NEW,
    "Autoplay: start": modes.START_AUTOPLAY,
    "Help": modes.HELP_MENU,
    "Stats": modes.STATS,
    "Settings": modes.SETTINGS,
    "About": modes.ABOUT,
    "Save now": modes.SAVE_NOW,
}


@pytest.mark.parametrize("row", range(len(pages.menu_items())))
def test_every_menu_row_asks_for_its_request_or_opens_its_page(row):
    menu = menus(row)
    menu.open()
    request = menu.on_menu(act.CONFIRM, 0)
    expected = ROWS[pages.menu_items()[row]]
    if isinstance(expected, str):
        assert request is None and menu.mode == expected
    else:
        assert request == expected and menu.mode == modes.MENU


def test_leaving_the_menu_is_a_request_on_every_page():
    for mode in (modes.MENU, modes.CONFIRM_NEW, modes.HELP_MENU, modes.STATS, modes.SETTINGS, modes.ABOUT):
        menu = menus(pages.menu_items().index("Help") if mode == modes.HELP_MENU else 0)
        menu.mode = mode
        menu.pages = [["a page"]]
        assert menu.handlers[mode](act.MENU, 0) == modes.RESUME, mode
    menu = menus(pages.menu_items().index("New game"))
    menu.on_menu(act.CONFIRM, 0)
    menu.on_confirm(act.RIGHT, 0)
    assert menu.on_confirm(act.CONFIRM, 0) == modes.NEW_GAME


#: The byte of store.settings each Settings attribute keeps (app/settings.py);
#: a choice row's attribute is its byte.
BYTES = {"brightness_step": 0, "sound": 1, "lights": 2, "animations": 3, "save_mode": 4, "tilt": 5, "screen_off_step": 6}


@pytest.mark.parametrize("choice", range(len(pages.SETTING_ROWS)))
def test_each_settings_row_shows_and_changes_the_setting_its_table_row_names(choice):
    data = bytearray(16)
    menu = menus(data=data)
    menu.mode = modes.SETTINGS
    menu.choice = choice
    menu.show_settings()
    label, attribute, kind = pages.SETTING_ROWS[choice]
    label = text(label)
    assert menu.overlay.lines[menu.overlay.selected].startswith(label + " ")  # its page, picked
    if kind == pages.CHOICE:
        byte, value = attribute, lambda: menu.settings.choice(attribute)
    else:
        byte, value = BYTES[attribute], lambda: getattr(menu.settings, attribute)
    before = value()
    assert menu.on_settings(act.CONFIRM, 0) == modes.SETTINGS_CHANGED
    assert value() != before
    assert [index for index in range(16) if data[index]] == [byte]
    menu.show_settings()  # as the app has it drawn again, applied
    assert menu.overlay.lines[menu.overlay.selected].startswith(label + " ")  # its page, picked


def test_without_tilt_the_settings_page_has_no_tilt_row_to_pick():
    menu = menus(tilt=False)
    menu.mode = modes.SETTINGS
    menu.show_settings()
    assert not any(line.startswith("Tilt") for line in menu.overlay.lines)
    for _ in range(len(pages.SETTING_ROWS) - 1):
        menu.on_settings(act.DOWN, 0)
    assert menu.choice == 0


def test_autoplay_asks_for_each_move_and_for_continue_after_the_win_banner():
    game = Game(seed=3)
    view = View()
    assist = Assist(game, view, Timings(), lambda: 0)
    assist.solver = first_legal
    assist.start(0)
    assert assist.autoplay and view.status == ("AUTO", "play")
    assert assist.tick(0) == first_legal(game.cells)
    assert assist.tick(10) is None  # not before AUTOPLAY_MS
    game.set_board(board("1024 1024 . .", ". . . .", ". . . .", ". . . 2"), score=5000)
    game.move(3)  # left: 2048, the win banner
    assert game.waiting
    assist.won(1000)
    assert assist.tick(1000 + AUTO_CONTINUE_MS - 1) is None
    assert assist.tick(1000 + AUTO_CONTINUE_MS) == modes.CONTINUE
    assist.solver = lambda cells: -1
    game.continue_playing()
    assert assist.tick(5000) is None and not assist.autoplay  # no move: it stops


class Keys:
    """A key source: keypad-like events that never have any."""

    class Events:
        def get(self):
            return None

        def __len__(self):
            return 0

    def __init__(self):
        self.events = self.Events()


def test_the_tilt_hook_returns_the_key_source_to_read():
    settings = Settings(bytearray(8))
    settings.tilt = True
    keys = Keys()
    built = []

    def sensor():
        built.append(1)
        return Accelerometer()

    tilted = turn_on(keys, None, sensor, settings)
    assert isinstance(tilted, TiltKeys) and tilted.switch is settings and settings.tilt
    assert turn_on(tilted, None, sensor, settings) is tilted and len(built) == 1  # already on: kept

    def missing():
        raise OSError(19, "No such device")  # a PyBadge LC: no chip answers

    assert turn_on(keys, None, missing, settings) is keys and not settings.tilt
