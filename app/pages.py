# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text of the menu, Settings and About pages, built from live state (Stats:
app.stats_page, loaded only while it is open).

Stats and About come as groups of rows for app.help_text.in_pages, which
wraps each row at the screen's width (never cutting it) and lays them out
in pages of the screen's lines, a page ending only between two rows.
Settings is a list of rows with the buttons that set them under it: one
page where they fit, else pages of as many rows as fit ("Settings 1/2").
"""

import gc
import os
import sys

from micropython import const

from app import VERSION
from app.help_text import fill, wrap
from app.settings import BRIGHTNESS_LEVELS, COLOURS, SCREEN_OFF_MINUTES, UNDO
from engine.store import NO_NVM, SAVED, UNCHANGED

#: The menu's rows (app.menus names each place). Autoplay is always off
#: in the menu: opening it stops autoplay.
MENU_ITEMS = ("Resume", "New game", "Autoplay: start", "Help", "Stats", "Settings", "About", "Save now")
#: Kinds of setting: how a row shows its value, and how Left, Right and A
#: change it (app.menus).
ON_OFF = const(0)
BRIGHTNESS = const(1)  # brightness_step; "auto" (auto_brightness) with a light sensor
SAVE_MODE = const(2)  # a save policy mode, by name
SCREEN_OFF = const(3)  # a step of SCREEN_OFF_MINUTES
CHOICE = const(4)  # a row of app.settings.OPTIONS: its "attribute" is its byte (UNDO, COLOURS)
#: The Settings page, row by row: (label, attribute of app.settings.Settings
#: or a CHOICE row's byte, kind). Tilt, last, only on a board with an
#: accelerometer (App's ``tilt``).
SETTING_ROWS = (
    ("Brightness", "brightness_step", BRIGHTNESS),
    ("Sound", "sound", ON_OFF),
    ("Lights", "lights", ON_OFF),
    ("Animations", "animations", ON_OFF),
    ("Saving", "save_mode", SAVE_MODE),
    ("Screen off", "screen_off_step", SCREEN_OFF),
    ("Undo", UNDO, CHOICE),
    ("Colours", COLOURS, CHOICE),
    ("Tilt", "tilt", ON_OFF),
)
#: What a CHOICE row shows for each of its options (app.settings.OPTIONS),
#: by byte - 8: Undo's moves (0, 1, 5). A row without its texts here shows
#: its options as they are, in lower case as the other rows' values are
#: (Colours: classic, clear, night), and no new name is interned for them.
CHOICE_TEXTS = (("off", "1 move", "5 moves"),)


def spread_row(name, value, width=26):
    """A row of ``width`` columns: ``name`` on the left, ``value`` on the
    right (a value alone: right-aligned); Settings' and Stats' rows."""
    value = str(value)
    return name + " " * max(1 if name else 0, width - len(name) - len(value)) + value


def save_line(outcome, failure=None):
    """The About page's line for the last save's outcome."""
    if outcome is None:
        return "Last save: not yet"
    if outcome == SAVED:
        return "Last save: written"
    if outcome == UNCHANGED:
        return "Last save: up to date"
    if outcome == NO_NVM:
        return "Saving is off: " + failure if failure else "Last save: none, no NVM"
    return "Save FAILED: %s" % (failure or "?")


def settings_lines(settings, mode_names, tilt=None, width=26, light=False, dimmable=True, controls=None, rows=9, choice=0):
    """The Settings page with row ``choice`` on it, made to fit ``rows``
    lines of ``width``: a row per setting of SETTING_ROWS (the Tilt row if
    ``tilt``), value on the right, then which buttons pick and set, named
    as the board does (``controls.name``), with a blank line before them
    where there is room. Where the rows and those lines do not fit, the
    lines are made shorter, then the rows go on pages of as many as fit
    (the one with ``choice`` is given). Brightness may say "auto" if
    ``light`` (a board with a light sensor), and says "fixed" unless
    ``dimmable`` (a backlight only on or off).

    :return: (lines, the line of row ``choice``, the page's number, pages).
    """
    labels = SETTING_ROWS if tilt else SETTING_ROWS[:-1]
    # "Up/Down: pick  A/<>: set" and "B: back"; on one line where they fit
    # it and the rows need the room (a line cut in two says no more).
    pick = fill("{Up/Down}: pick  {A}/{Left/Right}: set", controls)
    if len(pick) > width:
        pick = fill("{Up/Down}, {A}: set", controls)
    back = fill("{B}: back", controls)
    footer = wrap(pick, width) + wrap(back, width)
    if len(labels) + len(footer) > rows:
        for line in (pick + "; " + back, fill("{Up/Down}, {A}: set; ", controls) + back):
            if len(line) <= width:
                footer = [line]
                break
    per_page = rows - len(footer)
    first = choice - choice % per_page
    lines = []
    for label, attribute, kind in labels[first : first + per_page]:
        if kind == CHOICE:
            step = settings.choice(attribute)
            texts = CHOICE_TEXTS[attribute - 8] if attribute - 8 < len(CHOICE_TEXTS) else ()
            text = texts[step] if step < len(texts) else str(settings.chosen(attribute))
        else:
            value = getattr(settings, attribute)
            if kind == ON_OFF:
                text = "on" if value else "off"
            elif kind == BRIGHTNESS:
                if not dimmable:
                    text = "fixed"
                elif light and settings.auto_brightness:
                    text = "auto"
                else:
                    text = "%d%%" % BRIGHTNESS_LEVELS[value]
            elif kind == SAVE_MODE:
                text = mode_names[value][:14] if value < len(mode_names) else "?"
            elif kind == SCREEN_OFF:
                text = _minutes(SCREEN_OFF_MINUTES[value])
            else:
                raise ValueError(kind)  # a kind SETTING_ROWS has and this does not
        lines.append(spread_row(label, text, width))
    if len(lines) + 1 + len(footer) <= rows:
        lines.append("")
    return lines + footer, choice - first, first // per_page, (len(labels) + per_page - 1) // per_page


#: The Python heap the RAM budget plans with (bytes), by the chip
#: ``os.uname().machine`` ends with: the SAMD51 boards' (J19: the PyBadge
#: family; P19: the Wio Terminal; G19: the PewPew M4) and the CLUE's
#: (nRF52840) derived from CircuitPython's sources and builds, the RP2040's
#: measured on real firmware (docs/device-facts.md, docs/boards.md).
#: The About page sets the board's own beside it.
PLANNED_HEAP = (
    ("samd51j19", 145856),
    ("samd51p19", 144300),
    ("samd51g19", 145856),
    ("nrf52840", 132672),
    ("rp2040", 154160),
)


def heap_line(machine):
    """The About page's heap, e.g. "Heap 142.9K, plan 142.4K": what the
    firmware lets the game's heap be (``gc.mem_free()``, which counts what
    the heap can still grow by, plus ``gc.mem_alloc()``), beside the figure
    planned with for the chip that ``machine`` (``os.uname().machine``)
    names; "" on a Python without them (the desktop)."""
    try:
        total = gc.mem_free() + gc.mem_alloc()
    except AttributeError:  # CPython
        return ""
    for chip, planned in PLANNED_HEAP:
        if machine.lower().endswith(chip):
            return "Heap %.1fK, plan %.1fK" % (total / 1024, planned / 1024)
    return "Heap %.1fK" % (total / 1024)


def _minutes(value):
    return "%d min" % value if value else "never"


def _milliseconds(value):
    return "%d ms" % value if value >= 0 else "not yet"


def about_lines(timings=None, faults=0, last_save=None, save_failure=None, width=26, battery=None, light=None, failed_saves=0):
    """Version, firmware and board, free memory, the last save and measured
    timings, for bug reports: groups of rows for app.help_text.in_pages,
    each row wrapped at ``width`` (its lines stay on one page).

    :param timings: an :class:`app.controller.Timings` (ms; -1: not yet;
        None: nothing measured); its ``low_memory``, if code.py set it, says
        what start-up went without for want of memory (1: the solver; 2:
        the animations too), its ``table_status`` what the solver
        scores its boards with; its ``simulated``, if a desktop simulator set
        it, is the board it plays: the page then says it is a simulator,
        on which Python, and shows no free RAM (the host's is no board's).
    :param int faults: frames the app dropped for want of memory or stack.
    :param last_save: outcome of the last save (engine.store.SAVED ...; None: none yet).
    :param str save_failure: why it failed (e.g. "OSError 28"), if it did.
    :param battery: the battery gauge (app.battery.Gauge), or None.
    :param light: the light sensor (has ``value``), or None.
    :param int failed_saves: saves that failed since start-up.
    """
    implementation = sys.implementation
    version = ".".join(str(part) for part in implementation.version[:3])
    try:
        machine = os.uname().machine  # CircuitPython: the board's name and chip
    except AttributeError:  # CPython on Windows
        machine = sys.platform
    simulated = getattr(timings, "simulated", None)
    if simulated:
        firmware = "Simulator of the " + simulated
        machine = "Python %s on %s" % (version, machine)
        free = ""
    else:
        firmware = "%s %s" % (implementation.name, version)
        try:
            free = "Free RAM: %d bytes" % gc.mem_free()
        except AttributeError:  # a Python without mem_free
            free = "Free RAM: n/a"
    less = getattr(timings, "low_memory", 0)
    # What it runs on; what has happened (a page each where both do not fit).
    groups = (
        (
            "2048 version " + VERSION,
            firmware,
            machine,
            free,
            heap_line(machine),
            # (19 columns at the narrowest: a line each)
            "Low RAM: no solver" + ("," if less > 1 else "") if less else "",
            "no animations" if less > 1 else "",
            "Start-up: " + _milliseconds(timings.boot_ms if timings else -1),
        ),
        (
            _battery(battery),
            "Light sensor: " + _reading(light) if light is not None else "",
        ),
        (
            save_line(last_save, save_failure),
            "Last write: " + _milliseconds(timings.save_ms if timings else -1),
            "Last hint: " + _milliseconds(timings.think_ms if timings else -1),
            "Recovered errors: %d" % faults,
            "Failed saves: %d" % failed_saves,
        ),
        (
            "Solver: " + timings.table_status if getattr(timings, "table_status", None) else "",
            "Rules: Gabriele Cirulli's 2048",
        ),
    )
    return [[wrap(line, width) for line in group if line] for group in groups]


def _battery(gauge):
    # "Battery: 3.92V 75%": 18 characters, a 240x240 page's line. Says what
    # the play screen says (app.battery.Gauge.text): USB, no reading, none yet.
    if gauge is None:
        return "Battery: no gauge"
    if gauge.on_usb or gauge.no_reading:
        return "Battery: %s, %s" % ("USB" if gauge.on_usb else "no reading", _volts(gauge.read_mv))
    if gauge.shown < 0:
        return "Battery: not read yet"
    return "Battery: %s %d%%" % (_volts(gauge.millivolts), gauge.shown)


def _volts(millivolts):
    return "%d.%02dV" % (millivolts // 1000, millivolts % 1000 // 10)


def _reading(sensor):
    # A sensor's raw reading, for setting Brightness "auto" on a real board.
    try:
        return "%d" % sensor.value
    except Exception:
        return "no reading"
