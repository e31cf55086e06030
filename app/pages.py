"""Text of the menu, Stats, Settings and About pages, built from live state."""

import gc
import os
import sys

from app import VERSION
from app.settings import BRIGHTNESS_LEVELS

MENU_ITEMS = ("Resume", "New game", "Autoplay", "Help", "Stats", "Settings", "About", "Save now")
SETTING_NAMES = ("Brightness", "Sound", "Lights", "Animations", "Saving")
#: Rated erase cycles of the SAMD51's flash (datasheet minimum).
RATED_ERASES = 10000


def _row(name, value, width=26):
    value = str(value)
    return name + " " * max(1, width - len(name) - len(value)) + value


def menu_lines(autoplay):
    """The main menu's rows."""
    lines = list(MENU_ITEMS)
    lines[2] = "Autoplay: stop" if autoplay else "Autoplay: start"
    return lines


def stats_lines(game, saves):
    """Lifetime statistics, plus the NVM erases spent (``store.saves``)."""
    stats = game.stats
    best_tile = (1 << stats.best_exponent) if stats.best_exponent else 0
    return [
        _row("Games", stats.games),
        _row("Wins", stats.wins),
        _row("Best tile", best_tile),
        _row("Best score", game.best),
        _row("Total moves", stats.moves),
        "",
        "NVM erases (saves) used:",
        _row("", "%d of %d" % (saves, RATED_ERASES)),
    ]


def settings_lines(settings, mode_names):
    """One row per setting, value on the right."""
    mode = mode_names[settings.save_mode] if settings.save_mode < len(mode_names) else "?"
    return [
        _row("Brightness", "%d%%" % BRIGHTNESS_LEVELS[settings.brightness_step]),
        _row("Sound", "on" if settings.sound else "off"),
        _row("Lights", "on" if settings.lights else "off"),
        _row("Animations", "on" if settings.animations else "off"),
        _row("Saving", mode[:14]),
        "",
        "Up/Down: pick  A/<>: set",
        "B: back",
    ]


def _milliseconds(value):
    return "%d ms" % value if value >= 0 else "not yet"


def about_lines(last_save_ms=-1, last_think_ms=-1):
    """Version, firmware, free memory and measured timings, for bug reports.

    :param int last_save_ms: duration of the last NVM write (-1: none yet).
    :param int last_think_ms: duration of the last solver decision (-1: none).
    """
    implementation = sys.implementation
    version = ".".join(str(part) for part in implementation.version[:3])
    try:
        machine = os.uname().machine
    except AttributeError:  # CPython on Windows
        machine = sys.platform
    try:
        free = "%d bytes" % gc.mem_free()
    except AttributeError:  # CPython has no mem_free
        free = "n/a"
    return [
        "2048 version " + VERSION,
        "%s %s" % (implementation.name, version),
        machine[:26],
        "Free RAM: " + free,
        "Last save: " + _milliseconds(last_save_ms),
        "Last hint: " + _milliseconds(last_think_ms),
        "Rules: the original 2048",
        "by Gabriele Cirulli.",
    ]
