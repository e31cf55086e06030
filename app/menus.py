# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The menu and its pages: New game (confirmed), Help, Stats, Settings, About, Save now.

A component the app owns: it keeps its own place (menu row, help page,
setting picked) and acts on the app only through the app's public
methods (``resume``, ``new_game``, ``save_now``, ``set_mode``, ...). Each
``on_*`` handler takes an action (app.controls) and the time in ms, and
may return a request for the app (``SAVE_NOW``).
"""

from app import controls as act
from app import help_text, pages, theme
from app.controller import SAVE_NOW
from app.save_policy import MODE_NAMES
from app.settings import BRIGHTNESS_LEVELS

MENU = "menu"
CONFIRM_NEW = "confirm_new"
HELP_MENU = "help_menu"
HELP_PAGE = "help_page"
STATS = "stats"
SETTINGS = "settings"
ABOUT = "about"

# The Settings attribute of each on/off row of pages.SETTING_NAMES, and
# Tilt's after them ("": not on/off: brightness, saving, screen off).
_ON_OFF = ("", "sound", "lights", "animations", "", "", "tilt")
_BRIGHTNESS_ROW = 0
_SAVING_ROW = 4


class Menus:
    """Menu and page handlers for an :class:`app.controller.App`."""

    def __init__(self, app):
        self.app = app
        self.overlay = app.overlay
        self.row = app.menu_row
        self.choice = 0
        self.help_document = 0
        #: A document on show in pages (a help document, Stats, About):
        #: its name, its pages (lists of lines) and the page shown.
        self.title = ""
        self.pages = ()
        self.page = 0
        #: Mode name -> handler, merged into the app's table.
        self.handlers = {
            MENU: self.on_menu,
            CONFIRM_NEW: self.on_confirm_new,
            HELP_MENU: self.on_help_menu,
            HELP_PAGE: self.on_pages,
            STATS: self.on_pages,
            SETTINGS: self.on_settings,
            ABOUT: self.on_pages,
        }

    def open(self):
        """Show the menu (the app has set its mode)."""
        self.app.set_mode(MENU)
        self.overlay.show_page("Menu", pages.menu_lines(self.app.assist.autoplay), self.row)

    def on_menu(self, action, now):
        items = len(pages.MENU_ITEMS)
        app = self.app
        if action == act.UP or action == act.DOWN:
            self.row = (self.row + (1 if action == act.DOWN else -1)) % items
            self.overlay.select(self.row)
        elif action == act.BACK or action == act.MENU:
            app.resume()
        elif action == act.CONFIRM:
            item = pages.MENU_ITEMS[self.row]
            if item == "Resume":
                app.resume()
            elif item == "New game":
                app.set_mode(CONFIRM_NEW)
                self.choice = 0
                self.overlay.show_banner("New game?", ("No, keep playing", "Yes, start over"), theme.OVERLAY, 0)
            elif item == "Autoplay":
                app.resume()
                app.assist.toggle_autoplay(now)
            elif item == "Help":
                app.set_mode(HELP_MENU)
                self.help_document = 0
                self.overlay.show_page("Help", help_text.names(self.overlay.columns), 0)
            elif item == "Stats":
                store = app.store
                erase_cycles = getattr(store, "erase_cycles", None)
                lines = pages.stats_lines(
                    app.game,
                    erase_cycles() if erase_cycles is not None else getattr(store, "saves", 0),
                    getattr(store, "refused", 0),
                    getattr(store, "refusal", None),
                    self.overlay.columns,
                    getattr(store, "layout", "block"),
                )
                self._open_pages(STATS, "Stats", help_text.in_pages(lines, self.overlay.page_lines))
            elif item == "Settings":
                app.set_mode(SETTINGS)
                self.choice = 0
                self._show_settings()
            elif item == "About":
                lines = pages.about_lines(
                    app.timings, app.faults, app.last_save, app.save_failure, self.overlay.columns, app.battery, app.light,
                    app.failed_saves,
                )
                self._open_pages(ABOUT, "About", help_text.in_pages(lines, self.overlay.page_lines))
            elif item == "Save now":
                # The player's way to keep every move before the power
                # switch, whatever the save policy would wait for; the app
                # does it (one call level less on the way to the NVM).
                return SAVE_NOW
            else:
                raise ValueError(item)  # a row pages.MENU_ITEMS has and this does not

    def on_confirm_new(self, action, now):
        app = self.app
        if action <= act.LEFT:
            self.choice = 1 - self.choice
            self.overlay.select(self.choice)
        elif action == act.CONFIRM:
            if self.choice == 1:
                app.new_game(now)
                app.resume()
            else:
                self.open()
        elif action == act.BACK:
            self.open()
        elif action == act.MENU:
            app.resume()

    def on_help_menu(self, action, now):
        count = len(help_text.DOCUMENTS)
        if action == act.UP or action == act.DOWN:
            self.help_document = (self.help_document + (1 if action == act.DOWN else -1)) % count
            self.overlay.select(self.help_document)
        elif action == act.CONFIRM:
            name = help_text.DOCUMENTS[self.help_document]
            overlay = self.overlay
            document = help_text.document(name, self.app.key_names, overlay.columns, overlay.page_lines, self.app.controls)
            self._open_pages(HELP_PAGE, name, document)
        elif action == act.BACK:
            self.open()
        elif action == act.MENU:
            self.app.resume()

    def _open_pages(self, mode, title, pages_):
        self.app.set_mode(mode)
        self.title = title
        self.pages = pages_
        self.page = 0
        self._show_page()

    def _show_page(self):
        overlay = self.overlay
        count = len(self.pages)
        title = help_text.title(self.title, overlay.columns, self.page, count)
        overlay.show_page(title, self.pages[self.page] if count else ())

    def on_pages(self, action, now):
        """A help document, Stats or About: Right, Down or A turn to the next
        page, Left or Up to the one before; A on the last page, or B, goes back."""
        last = len(self.pages) - 1
        if action == act.RIGHT or action == act.DOWN or action == act.CONFIRM:
            if self.page < last:
                self.page += 1
                self._show_page()
            elif action == act.CONFIRM:
                self._leave_pages()
        elif action == act.LEFT or action == act.UP:
            if self.page > 0:
                self.page -= 1
                self._show_page()
        elif action == act.BACK:
            self._leave_pages()
        elif action == act.MENU:
            self.app.resume()

    def _leave_pages(self):
        # A help document goes back to the Help menu, Stats and About to the menu.
        self.pages = ()
        if self.app.mode != HELP_PAGE:
            self.open()
            return
        self.app.set_mode(HELP_MENU)
        self.overlay.show_page("Help", help_text.names(self.overlay.columns), self.help_document)

    def _show_settings(self):
        app = self.app
        lines = pages.settings_lines(app.settings, MODE_NAMES, app.tilt, self.overlay.columns, app.auto_offered, app.dimmable)
        self.overlay.show_page("Settings", lines, self.choice)

    def on_settings(self, action, now):
        count = len(pages.SETTING_NAMES) + (self.app.tilt is not None)  # a Tilt row if the board can
        if action == act.UP or action == act.DOWN:
            self.choice = (self.choice + (1 if action == act.DOWN else -1)) % count
            self.overlay.select(self.choice)
            return
        if action == act.BACK:
            self.open()
            return
        if action == act.MENU:
            self.app.resume()
            return
        step = -1 if action == act.LEFT else 1
        settings = self.app.settings
        name = _ON_OFF[self.choice]
        if name:
            setattr(settings, name, not getattr(settings, name))
        elif self.choice == _BRIGHTNESS_ROW:
            if not self.app.dimmable:
                return  # on or off only: the row says "fixed"
            if not self.app.auto_offered:
                settings.brightness_step -= step  # right: brighter
            else:
                # With a light sensor "auto" follows 100 %, before 20 %.
                levels = len(BRIGHTNESS_LEVELS)
                place = levels if settings.auto_brightness else settings.brightness_step
                place = (place - step) % (levels + 1)
                settings.auto_brightness = place == levels
                if place < levels:
                    settings.brightness_step = place
        elif self.choice == _SAVING_ROW:
            settings.save_mode += step
        else:
            settings.screen_off_step += step
        self.app.settings_changed(now)
        self._show_settings()
