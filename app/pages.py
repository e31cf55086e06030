# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text of the menu, Stats, Settings and About pages, built from live state."""

import gc
import os
import sys

from app import VERSION
from app.settings import BRIGHTNESS_LEVELS
from engine.store import NO_NVM, SAVED, UNCHANGED

MENU_ITEMS = ("Resume", "New game", "Autoplay", "Help", "Stats", "Settings", "About", "Save now")
#: Settings rows (and Tilt, on a board with an accelerometer: App's ``tilt``).
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


def stats_lines(game, saves, refused=0, refusal=None):
    """Lifetime statistics, the NVM erases spent (``store.saves``) and the
    saves refused at loading (``store.refused``; ``refusal``: why the last
    one was, e.g. "damaged", shown when this start refused one)."""
    stats = game.stats
    best_tile = (1 << stats.best_exponent) if stats.best_exponent else 0
    refused_text = "%d: %s" % (refused, refusal) if refusal else "%d" % refused
    return [
        _row("Games", stats.games),
        _row("Wins", stats.wins),
        _row("Best tile", best_tile),
        _row("Best score", game.best),
        _row("Total moves", stats.moves),
        _row("Saves refused", refused_text)[:26],
        "",
        "NVM erases (saves) used:",
        _row("", "%d of %d" % (saves, RATED_ERASES)),
    ]


def save_line(outcome, failure=None):
    """The About page's line for the last save's outcome."""
    if outcome is None:
        return "Last save: not yet"
    if outcome == SAVED:
        return "Last save: written"
    if outcome == UNCHANGED:
        return "Last save: up to date"
    if outcome == NO_NVM:
        return "Last save: none, no NVM"
    return ("Save FAILED: %s" % (failure or "?"))[:26]


def settings_lines(settings, mode_names, tilt):
    """One row per setting, value on the right; the Tilt row if ``tilt``."""
    mode = mode_names[settings.save_mode] if settings.save_mode < len(mode_names) else "?"
    return [
        _row("Brightness", "%d%%" % BRIGHTNESS_LEVELS[settings.brightness_step]),
        _row("Sound", "on" if settings.sound else "off"),
        _row("Lights", "on" if settings.lights else "off"),
        _row("Animations", "on" if settings.animations else "off"),
        _row("Saving", mode[:14]),
        _row("Tilt", "on" if settings.tilt else "off") if tilt else "",
        "Up/Down: pick  A/<>: set",
        "B: back",
    ]


def _milliseconds(value):
    return "%d ms" % value if value >= 0 else "not yet"


def about_lines(timings=None, faults=0, last_save=None, save_failure=None):
    """Version, firmware, free memory, the last save and measured timings,
    for bug reports.

    :param timings: an :class:`app.controller.Timings` (ms; -1: not yet;
        None: nothing measured).
    :param int faults: frames the app dropped for want of memory or stack.
    :param last_save: outcome of the last save (engine.store.SAVED ...; None: none yet).
    :param str save_failure: why it failed (e.g. "OSError 28"), if it did.
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
    lines = [
        "2048 version " + VERSION,
        ("%s %s %s" % (implementation.name, version, machine))[:26],
        "Free RAM: " + free,
        "Start-up: " + _milliseconds(timings.boot_ms if timings else -1),
        save_line(last_save, save_failure),
        "Last write: " + _milliseconds(timings.save_ms if timings else -1),
        "Last hint: " + _milliseconds(timings.think_ms if timings else -1),
        "Recovered errors: %d" % faults,
        "Rules: Gabriele Cirulli's",
    ]
    return lines
