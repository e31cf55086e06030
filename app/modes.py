"""The app's screens (modes of its state machine), shared by controller and menus."""

PLAY = 0
WON = 1
OVER = 2
MENU = 3
CONFIRM_NEW = 4
HELP_MENU = 5
HELP_PAGE = 6
STATS = 7
SETTINGS = 8
ABOUT = 9
