"""The menu and its pages: New game (confirmed), Help, Stats, Settings, About, Save now.

A mixin of :class:`app.controller.App`: these handlers share the app's state
(game, overlay, settings, policy) and only navigate pages; the play flow
stays in the controller.
"""

from app import controls as act
from app import help_text, pages, theme
from app.save_policy import MODE_NAMES
from app.modes import ABOUT, CONFIRM_NEW, HELP_MENU, HELP_PAGE, SETTINGS, STATS


class MenuScreens:
    """Menu and page handlers; each takes an action (app.controls) and the time (ms)."""

    def _on_menu(self, action, now):
        items = len(pages.MENU_ITEMS)
        if action == act.UP or action == act.DOWN:
            step = 1 if action == act.DOWN else -1
            self.menu_row = (self.menu_row + step) % items
            self.overlay.select(self.menu_row)
        elif action == act.BACK or action == act.MENU:
            self._resume()
        elif action == act.CONFIRM:
            item = pages.MENU_ITEMS[self.menu_row]
            if item == "Resume":
                self._resume()
            elif item == "New game":
                self.mode = CONFIRM_NEW
                self.choice = 0
                self.overlay.show_banner("New game?", ("No, keep playing", "Yes, start over"), theme.OVERLAY, 0)
            elif item == "Autoplay":
                self._resume()
                self._start_autoplay(now)
            elif item == "Help":
                self.mode = HELP_MENU
                self.help_document = 0
                self.overlay.show_page("Help", help_text.DOCUMENTS, 0)
            elif item == "Stats":
                self.mode = STATS
                store = self.store
                lines = pages.stats_lines(
                    self.game, store.saves, getattr(store, "refused", 0), getattr(store, "refusal", None)
                )
                self.overlay.show_page("Stats", lines)
            elif item == "Settings":
                self.mode = SETTINGS
                self.choice = 0
                self._show_settings()
            elif item == "About":
                self.mode = ABOUT
                self.overlay.show_page(
                    "About",
                    pages.about_lines(self.last_save_ms, self.last_think_ms, self.last_save, self.save_failure),
                )
            else:
                # "Save now": the player's way to keep every move before the
                # power switch, whatever the save policy would wait for. It
                # says "saved" only if a record was written and read back.
                outcome = self.save(now)
                self._resume()
                self.view.show_status(pages.save_status(outcome))

    def _on_confirm_new(self, action, now):
        if action <= act.LEFT:
            self.choice = 1 - self.choice
            self.overlay.select(self.choice)
        elif action == act.CONFIRM:
            if self.choice == 1:
                self.new_game(now)
                self._resume()
            else:
                self._open_menu()
        elif action == act.BACK:
            self._open_menu()
        elif action == act.MENU:
            self._resume()

    def _on_help_menu(self, action, now):
        count = len(help_text.DOCUMENTS)
        if action == act.UP or action == act.DOWN:
            step = 1 if action == act.DOWN else -1
            self.help_document = (self.help_document + step) % count
            self.overlay.select(self.help_document)
        elif action == act.CONFIRM:
            self.mode = HELP_PAGE
            self.help_pages = help_text.document(help_text.DOCUMENTS[self.help_document])
            self.help_page = 0
            self._show_help_page()
        elif action == act.BACK:
            self._open_menu()
        elif action == act.MENU:
            self._resume()

    def _show_help_page(self):
        title = help_text.DOCUMENTS[self.help_document]
        if len(self.help_pages) > 1:
            title = "%s %d/%d" % (title, self.help_page + 1, len(self.help_pages))
        self.overlay.show_page(title, self.help_pages[self.help_page])

    def _on_help_page(self, action, now):
        last = len(self.help_pages) - 1
        if action in (act.RIGHT, act.DOWN, act.CONFIRM):
            if self.help_page < last:
                self.help_page += 1
                self._show_help_page()
            elif action == act.CONFIRM:
                self._back_to_help()
        elif action in (act.LEFT, act.UP):
            if self.help_page > 0:
                self.help_page -= 1
                self._show_help_page()
        elif action == act.BACK:
            self._back_to_help()
        elif action == act.MENU:
            self._resume()

    def _back_to_help(self):
        self.mode = HELP_MENU
        self.overlay.show_page("Help", help_text.DOCUMENTS, self.help_document)

    def _on_info(self, action, now):
        if action == act.BACK or action == act.CONFIRM:
            self._open_menu()
        elif action == act.MENU:
            self._resume()

    def _show_settings(self):
        self.overlay.show_page("Settings", pages.settings_lines(self.settings, MODE_NAMES), self.choice)

    def _on_settings(self, action, now):
        count = len(pages.SETTING_NAMES)
        if action == act.UP or action == act.DOWN:
            step = 1 if action == act.DOWN else -1
            self.choice = (self.choice + step) % count
            self.overlay.select(self.choice)
            return
        if action == act.BACK:
            self._open_menu()
            return
        if action == act.MENU:
            self._resume()
            return
        step = -1 if action == act.LEFT else 1
        settings = self.settings
        name = pages.SETTING_NAMES[self.choice]
        if name == "Brightness":
            settings.brightness_step = settings.brightness_step - step
        elif name == "Sound":
            settings.sound = not settings.sound
        elif name == "Lights":
            settings.lights = not settings.lights
        elif name == "Animations":
            settings.animations = not settings.animations
        else:
            settings.save_mode = settings.save_mode + step
            self.policy.set_mode(settings.save_mode)
        self._apply_settings()
        self.policy.changed(now)
        self._show_settings()
