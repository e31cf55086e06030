# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The app's modes, and the requests its parts make of it.

``App.mode`` is one of the mode names: the play flow's (app.controller)
or, while the menu is open, the page it shows (app.menus). They are
strings, as tests and tools read them.
"""

from micropython import const

# The play flow.
PLAY = "play"
WON = "won"
OVER = "over"
#: Start was pressed; the menu shows in the next frame.
MENU_OPENING = "menu_opening"

# The menu's pages.
MENU = "menu"
CONFIRM_NEW = "confirm_new"
HELP_MENU = "help_menu"
HELP_PAGE = "help_page"
STATS = "stats"
SETTINGS = "settings"
ABOUT = "about"
#: Stats > Reset: "Reset stats and best score?" (No, Yes).
CONFIRM_RESET = "confirm_reset"

# Requests: what a part asks the app to do, as only the app can. Autoplay
# asks for a move (a direction, 0..3 as engine.rules numbers them) or for
# Continue on the win banner (app.assist); a menu page for a way back to
# the game (resume, a new game, autoplay, Save now) or for a setting it
# changed to be applied (app.menus). None: nothing.
CONTINUE = const(4)
RESUME = const(5)
NEW_GAME = const(6)
START_AUTOPLAY = const(7)
SAVE_NOW = const(8)
SETTINGS_CHANGED = const(9)
