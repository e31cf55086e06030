# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The menu and its pages: New game (confirmed), Help, Stats (and its Reset,
confirmed), Settings, About, Save now.

A component the app owns while the menu is open: it keeps its own place
(its page, ``mode``; the menu row, help document and setting picked) and
is handed what its pages show and change, never the app. Each ``on_*``
handler takes an action (app.controls) and the time in ms, and returns
what only the app can do (a request of app.modes: back to the game, a
new game, autoplay, Save now, a setting to apply), or None.
"""

from micropython import const

from app import controls as act
from app import help_text, pages, theme
from app.memory import forget
from app.modes import (
    ABOUT,
    CONFIRM_NEW,
    CONFIRM_RESET,
    HELP_MENU,
    HELP_PAGE,
    MENU,
    NEW_GAME,
    RESUME,
    SAVE_NOW,
    SETTINGS,
    SETTINGS_CHANGED,
    START_AUTOPLAY,
    STATS,
)
from app.save_policy import MODE_NAMES
from app.settings import BRIGHTNESS_LEVELS
from app.words import text

# The texts of app.words these pages show (lang/keys.txt names them).
_W_MENU = const(45)
_W_HELP = const(49)
_W_STATS = const(50)
_W_ABOUT = const(52)
_W_NEW_GAME_Q = const(54)
_W_KEEP_PLAYING = const(55)
_W_START_OVER = const(56)
_W_SETTINGS = const(51)
_W_RESET_STATS = const(156)
_W_RESET_Q = const(157)
_W_KEEP_THEM = const(158)
_W_YES_RESET = const(159)

# The menu's rows: places in pages.menu_items().
_RESUME_ROW = const(0)
_NEW_GAME_ROW = const(1)
_AUTOPLAY_ROW = const(2)
_HELP_ROW = const(3)
_STATS_ROW = const(4)
_SETTINGS_ROW = const(5)
_ABOUT_ROW = const(6)
_SAVE_NOW_ROW = const(7)


class Menus:
    """Menu and page handlers, shown on ``overlay``.

    :param overlay: the app's :class:`app.overlay.Overlay`.
    :param int row: the menu row to start on (the one picked last time).
    :param settings: the :class:`app.settings.Settings` the Settings page changes.
    :param hardware: the board's parts (app.hardware.Hardware): Settings
        offers Tilt with its ``tilt``, Brightness "auto" with its ``light``
        (and says "fixed" unless ``dimmable``); About shows its ``battery``
        and ``light``; Help and every page that names a button read its
        ``controls`` (``help_rows``, ``name``).
    :param saving: the app's :class:`app.save_policy.Saving`: its game and store
        (Stats), its last save and timings (About).
    :param int faults: frames the app dropped (About).
    :param key_names: (button, keys) pairs of a host with a keyboard, or None (Help).
    """

    def __init__(self, overlay, row, settings, hardware, saving, faults, key_names):
        self.overlay = overlay
        self.row = row
        self.settings = settings
        self.hardware = hardware
        self.tilt = hardware.tilt is not None
        self.auto = hardware.light is not None and hardware.dimmable
        self.saving = saving
        self.faults = faults
        self.key_names = key_names
        self.controls = hardware.controls
        #: The page on show: a mode of app.modes.
        self.mode = MENU
        self.choice = 0
        self.help_document = 0
        #: A document on show in pages (a help document, Stats, About):
        #: its name, its pages (lists of lines) and the page shown.
        self.title = ""
        self.pages = ()
        self.page = 0
        #: Mode -> its handler.
        self.handlers = {
            MENU: self.on_menu,
            CONFIRM_NEW: self.on_confirm,
            CONFIRM_RESET: self.on_confirm,
            HELP_MENU: self.on_help_menu,
            HELP_PAGE: self.on_pages,
            STATS: self.on_pages,
            SETTINGS: self.on_settings,
            ABOUT: self.on_pages,
        }

    def open(self):
        """Show the menu."""
        self.mode = MENU
        self.overlay.show_page(text(_W_MENU), pages.menu_items(), self.row)

    def on_menu(self, action, now):
        if action == act.UP or action == act.DOWN:
            self.row = (self.row + (1 if action == act.DOWN else -1)) % pages.MENU_ROWS
            self.overlay.select(self.row)
            return None
        if action == act.BACK or action == act.MENU:
            return RESUME
        if action != act.CONFIRM:
            return None
        row = self.row
        if row == _RESUME_ROW:
            return RESUME
        if row == _NEW_GAME_ROW:
            self.mode = CONFIRM_NEW
            self.choice = 0
            self.overlay.show_banner(text(_W_NEW_GAME_Q), (text(_W_KEEP_PLAYING), text(_W_START_OVER)), theme.OVERLAY, 0)
        elif row == _AUTOPLAY_ROW:
            return START_AUTOPLAY
        elif row == _HELP_ROW:
            self.mode = HELP_MENU
            self.help_document = 0
            self.overlay.show_page(text(_W_HELP), help_text.names(self.overlay.columns), 0)
        elif row == _STATS_ROW:
            self.show_stats()
        elif row == _SETTINGS_ROW:
            self.mode = SETTINGS
            self.choice = 0
            self.show_settings()
        elif row == _ABOUT_ROW:
            self._show_about()
        elif row == _SAVE_NOW_ROW:
            # The player's way to keep every move before the power switch,
            # whatever the save policy would wait for; the app does it (one
            # call level less on the way to the NVM).
            return SAVE_NOW
        else:
            raise ValueError(row)  # a row pages.menu_items() has and this does not
        return None

    def show_stats(self):
        """The Stats pages, from the first; the last ends with the way to
        Reset (A there asks first)."""
        from app import stats_page  # while Stats is open (_leave_pages lets it go)

        store = self.saving.store
        erase_cycles = getattr(store, "erase_cycles", None)
        overlay = self.overlay
        groups = stats_page.stats_lines(
            self.saving.game,
            erase_cycles() if erase_cycles is not None else getattr(store, "saves", 0),
            getattr(store, "refused", 0),
            getattr(store, "refusal", None),
            overlay.columns,
            getattr(store, "layout", "block"),
        )
        groups[-1].append(help_text.fill(text(_W_RESET_STATS), self.controls))
        # (_open_pages' work written out: a call level less, on the pystack.)
        self.mode = STATS
        self.title = text(_W_STATS)
        self.pages = help_text.in_pages(groups, overlay.page_lines, overlay.columns)
        self.page = 0
        self._show_page()

    def _show_about(self):
        # The About pages. (A method of its own, as show_stats is: its
        # locals would otherwise widen on_menu's frame, under every page's
        # chain of calls on the pystack.)
        from app import about_page  # while About is open (_leave_pages lets it go)

        saving = self.saving
        overlay = self.overlay
        lines = about_page.about_lines(
            saving.timings,
            self.faults,
            saving.last_save,
            saving.save_failure,
            overlay.columns,
            self.hardware.battery,
            self.hardware.light,
            saving.failed_saves,
        )
        # (_open_pages' work written out: a call level less, on the pystack.)
        self.mode = ABOUT
        self.title = text(_W_ABOUT)
        self.pages = help_text.in_pages(lines, overlay.page_lines, overlay.columns)
        self.page = 0
        self._show_page()

    def _ask_reset(self):
        # "Reset stats and best score?" with No picked: only Yes resets.
        self.mode = CONFIRM_RESET
        self.choice = 0
        overlay = self.overlay
        question = help_text.wrap(text(_W_RESET_Q), overlay.columns)
        self._reset_row = len(question) + 1
        overlay.show_page(text(_W_STATS), question + ["", text(_W_KEEP_THEM), text(_W_YES_RESET)], self._reset_row)

    def on_confirm(self, action, now):
        """New game? and Stats > Reset's question: the D-pad picks No or Yes
        (No first), A answers, B is No (back to the menu, or Stats).

        Yes to Reset starts the best score and every count again from this
        game (``engine.game.Game.reset_stats``), kept at the next frame
        (the save policy's urgent save: a power-off then loses nothing),
        and Stats shows them.
        """
        reset = self.mode == CONFIRM_RESET
        if action <= act.LEFT:
            self.choice = 1 - self.choice
            self.overlay.select((self._reset_row if reset else 0) + self.choice)
        elif action == act.CONFIRM and self.choice == 1:
            if not reset:
                return NEW_GAME
            saving = self.saving
            game = saving.game
            game.reset_stats()
            saving.view.show_scores(game.score, game.best)
            saving.policy.urgent(now)
            self.show_stats()
        elif action == act.CONFIRM or action == act.BACK:
            if reset:
                self.show_stats()
            else:
                self.open()
        elif action == act.MENU:
            return RESUME
        return None

    def on_help_menu(self, action, now):
        count = len(help_text.DOCUMENTS)
        if action == act.UP or action == act.DOWN:
            self.help_document = (self.help_document + (1 if action == act.DOWN else -1)) % count
            self.overlay.select(self.help_document)
        elif action == act.CONFIRM:
            number = self.help_document
            overlay = self.overlay
            document = help_text.document(number, self.key_names, overlay.columns, overlay.page_lines, self.controls)
            self._open_pages(HELP_PAGE, number, document)
        elif action == act.BACK:
            self.open()
        elif action == act.MENU:
            return RESUME
        return None

    def _open_pages(self, mode, title, pages_):
        # ``title``: a str (Stats, About), or a help document's number.
        self.mode = mode
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
        page, Left or Up to the one before; A on the last page, or B, goes
        back (A on Stats' last page asks whether to reset them)."""
        last = len(self.pages) - 1
        if action == act.RIGHT or action == act.DOWN or action == act.CONFIRM:
            if self.page < last:
                self.page += 1
                self._show_page()
            elif action == act.CONFIRM:
                if self.mode == STATS:
                    self._ask_reset()
                else:
                    self._leave_pages()
        elif action == act.LEFT or action == act.UP:
            if self.page > 0:
                self.page -= 1
                self._show_page()
        elif action == act.BACK:
            self._leave_pages()
        elif action == act.MENU:
            return RESUME
        return None

    def _leave_pages(self):
        # A help document goes back to the Help menu, Stats and About to the menu.
        self.pages = ()
        if self.mode != HELP_PAGE:
            # Stats' or About's module: its code, rows and strings, back to the heap.
            forget("app.stats_page" if self.mode == STATS else "app.about_page")
            self.open()
            return
        self.mode = HELP_MENU
        self.overlay.show_page(text(_W_HELP), help_text.names(self.overlay.columns), self.help_document)

    def show_settings(self):
        """Draw the Settings page (again, once the app has applied a change):
        the page of its rows with the one picked (``choice``), "1/2" in the
        title where they take more than one."""
        overlay = self.overlay
        columns = overlay.columns
        lines, selected, page, count = pages.settings_lines(
            self.settings,
            MODE_NAMES,
            self.tilt,
            columns,
            self.auto,
            self.hardware.dimmable,
            self.controls,
            overlay.page_lines,
            self.choice,
        )
        overlay.show_page(help_text.title(text(_W_SETTINGS), columns, page, count), lines, selected)

    def on_settings(self, action, now):
        """Up and Down pick a row of pages.SETTING_ROWS; Left, Right and A
        change it by its kind (the app applies and keeps the change)."""
        count = len(pages.SETTING_ROWS) - (not self.tilt)  # Tilt, the last row, if the board can
        if action == act.UP or action == act.DOWN:
            self.choice = (self.choice + (1 if action == act.DOWN else -1)) % count
            # The same page: only the bar moves on the glass (a text cell
            # is sent only where its glyph changes); else the rows' next one.
            self.show_settings()
            return None
        if action == act.BACK:
            self.open()
            return None
        if action == act.MENU:
            return RESUME
        step = -1 if action == act.LEFT else 1
        settings = self.settings
        _, attribute, kind = pages.SETTING_ROWS[self.choice]
        if kind == pages.ON_OFF:
            setattr(settings, attribute, not getattr(settings, attribute))
        elif kind == pages.BRIGHTNESS:
            if not self.hardware.dimmable:
                return None  # on or off only: the row says "fixed"
            # A and Right go down the list 100, 80, 60, 40, 20 % and, with a
            # light sensor, "auto" after the levels; past the end the list
            # starts again (Left goes up it).
            auto = self.auto
            count = len(BRIGHTNESS_LEVELS)
            place = count if auto and settings.auto_brightness else settings.brightness_step
            place = (place + step) % (count + 1 if auto else count)
            if auto:
                settings.auto_brightness = place == count
            if place < count:
                settings.brightness_step = place
        elif kind == pages.SAVE_MODE or kind == pages.SCREEN_OFF:
            setattr(settings, attribute, getattr(settings, attribute) + step)  # the setting wraps round
        elif kind == pages.CHOICE:
            settings.choose(attribute, settings.choice(attribute) + step)  # it wraps round too
        else:
            raise ValueError(kind)  # a kind pages.SETTING_ROWS has and this does not
        return SETTINGS_CHANGED  # the app applies it, then has the page drawn again
