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
Every word is a text of app.words, in the language chosen; ``_W_*`` name
them (lang/keys.txt).
"""

import gc
import os
import sys

from micropython import const

from app import VERSION
from app.help_text import fill, wrap
from app.settings import BRIGHTNESS_LEVELS, COLOURS, LANGUAGE, SCREEN_OFF_MINUTES, UNDO
from app.words import text
from engine.store import NO_NVM, SAVED, UNCHANGED

# The texts of app.words these pages show (lang/keys.txt names them).
_W_RESUME = const(46)
_W_SETTINGS = const(51)
_W_BRIGHTNESS = const(57)
_W_SOUND = const(58)
_W_LIGHTS = const(59)
_W_ANIMATIONS = const(60)
_W_SAVING = const(61)
_W_SCREEN_OFF = const(62)
_W_TILT = const(63)
_W_LANGUAGE = const(64)
_W_ON = const(65)
_W_OFF = const(66)
_W_FIXED = const(67)
_W_AUTO = const(161)
_W_NEVER = const(68)
_W_SAFER = const(69)  # then balanced, gentler: SavePolicy's modes in order
_W_PICK = const(72)
_W_PICK_SHORT = const(73)
_W_B_BACK = const(74)
_W_VERSION = const(83)
_W_SIMULATOR = const(84)
_W_PYTHON_ON = const(85)
_W_FREE_RAM = const(86)
_W_FREE_RAM_NA = const(87)
_W_HEAP_PLAN = const(88)
_W_HEAP = const(89)
_W_LOW_RAM = const(90)
_W_NO_ANIMATIONS = const(91)
_W_START_UP = const(92)
_W_NOT_YET = const(93)
_W_BATTERY = const(94)
_W_NO_GAUGE = const(95)
_W_NO_READING = const(96)
_W_NOT_READ_YET = const(97)
_W_LIGHT_SENSOR = const(98)
_W_LAST_SAVE = const(99)
_W_WRITTEN = const(100)
_W_UP_TO_DATE = const(101)
_W_NONE_NO_NVM = const(102)
_W_SAVING_OFF = const(103)
_W_SAVE_FAILED = const(104)
_W_LAST_WRITE = const(105)
_W_LAST_HINT = const(106)
_W_RECOVERED = const(107)
_W_FAILED_SAVES = const(108)
_W_RULES_BY = const(109)
_W_SOLVER_IS = const(135)
_W_T_HEURISTIC = const(136)
_W_UNDO = const(142)
_W_ONE_MOVE = const(143)
_W_FIVE_MOVES = const(144)
_W_ENGLISH = const(145)
_W_ROMANIAN = const(146)
_W_CZECH = const(147)
_W_COLOURS = const(148)
_W_CLASSIC = const(149)
_W_CLEAR = const(150)
_W_NIGHT = const(151)
#: What scores the solver's boards (engine.solver.table_status(): its
#: TABLE_HEURISTIC, then engine.learned's IN_USE, MISSING, DAMAGED, NO_ROOM,
#: PAUSED), in the order of the About page's texts from _W_T_HEURISTIC on.
#: (The engine's words, not its modules: the menu never loads the table's.)
TABLE_STATUSES = (
    "heuristic",
    "learned table",
    "heuristic: no table file",
    "heuristic: table damaged",
    "heuristic: no room for table",
    "heuristic from 4096 on",
)

#: The menu's rows (app.menus names each place): Resume, New game,
#: Autoplay: start, Help, Stats, Settings, About, Save now, texts 1..8 of
#: app.words. Autoplay is always off in the menu: opening it stops autoplay.
MENU_ROWS = const(8)


def menu_items():
    """The menu's rows, in the language in memory."""
    return [text(_W_RESUME + row) for row in range(MENU_ROWS)]


#: Kinds of setting: how a row shows its value, and how Left, Right and A
#: change it (app.menus).
ON_OFF = const(0)
BRIGHTNESS = const(1)  # brightness_step; "auto" (auto_brightness) with a light sensor
SAVE_MODE = const(2)  # a save policy mode, by name
SCREEN_OFF = const(3)  # a step of SCREEN_OFF_MINUTES
CHOICE = const(4)  # a row of app.settings.OPTIONS: its "attribute" is its byte (UNDO, LANGUAGE, COLOURS)
#: The Settings page, row by row: (label, a text of app.words; attribute
#: of app.settings.Settings, or the byte of a CHOICE row; kind). Tilt,
#: last, only on a board with an accelerometer (App's ``tilt``).
SETTING_ROWS = (
    (_W_BRIGHTNESS, "brightness_step", BRIGHTNESS),
    (_W_SOUND, "sound", ON_OFF),
    (_W_LIGHTS, "lights", ON_OFF),
    (_W_ANIMATIONS, "animations", ON_OFF),
    (_W_SAVING, "save_mode", SAVE_MODE),
    (_W_SCREEN_OFF, "screen_off_step", SCREEN_OFF),
    (_W_UNDO, UNDO, CHOICE),
    (_W_LANGUAGE, LANGUAGE, CHOICE),
    (_W_COLOURS, COLOURS, CHOICE),
    (_W_TILT, "tilt", ON_OFF),
)
#: What a CHOICE row shows for each of its options (app.settings.OPTIONS),
#: by byte - 8, texts of app.words: Undo's moves (0, 1, 5); the languages,
#: each by its own name (English, Română, Čeština, the same in every
#: language); Colours' palettes (app.settings.PALETTES: classic, clear,
#: night, in lower case as the other rows' values are). A row without its
#: texts here shows its options as they are.
CHOICE_TEXTS = (
    (_W_OFF, _W_ONE_MOVE, _W_FIVE_MOVES),
    (_W_ENGLISH, _W_ROMANIAN, _W_CZECH),
    (_W_CLASSIC, _W_CLEAR, _W_NIGHT),
)


def spread_row(name, value, width=26):
    """A row of ``width`` columns: ``name`` on the left, ``value`` on the
    right (a value alone: right-aligned); Settings' and Stats' rows."""
    value = str(value)
    return name + " " * max(1 if name else 0, width - len(name) - len(value)) + value


def save_line(outcome, failure=None):
    """The About page's line for the last save's outcome."""
    if outcome is None:
        return text(_W_LAST_SAVE) + text(_W_NOT_YET)
    if outcome == SAVED:
        return text(_W_LAST_SAVE) + text(_W_WRITTEN)
    if outcome == UNCHANGED:
        return text(_W_LAST_SAVE) + text(_W_UP_TO_DATE)
    # Why, in the player's words: a module of its own, loaded only when
    # there is a why to say (it goes with the menu's modules).
    if outcome == NO_NVM:
        if failure:  # why (code.py: a text of app.words)
            from app.failure_words import failure_text

            return text(_W_SAVING_OFF) + failure_text(failure)
        return text(_W_LAST_SAVE) + text(_W_NONE_NO_NVM)
    from app.failure_words import failure_text

    return text(_W_SAVE_FAILED) + failure_text(failure)


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
    pick = fill(text(_W_PICK), controls)
    short = text(_W_PICK_SHORT)
    if len(pick) > width:
        pick = fill(short, controls)
    back = fill(text(_W_B_BACK), controls)
    footer = wrap(pick, width) + wrap(back, width)
    if len(labels) + len(footer) > rows:
        for line in (pick + "; " + back, fill(short, controls) + "; " + back):
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
            shown = text(texts[step]) if step < len(texts) else str(settings.chosen(attribute))
        else:
            value = getattr(settings, attribute)
            if kind == ON_OFF:
                shown = text(_W_ON if value else _W_OFF)
            elif kind == BRIGHTNESS:
                if not dimmable:
                    shown = text(_W_FIXED)
                elif light and settings.auto_brightness:
                    shown = text(_W_AUTO)
                else:
                    shown = "%d%%" % BRIGHTNESS_LEVELS[value]
            elif kind == SAVE_MODE:
                shown = text(_W_SAFER + value)[:14] if value < len(mode_names) else "?"
            elif kind == SCREEN_OFF:
                shown = _minutes(SCREEN_OFF_MINUTES[value])
            else:
                raise ValueError(kind)  # a kind SETTING_ROWS has and this does not
        lines.append(spread_row(text(label), shown, width))
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
            return text(_W_HEAP_PLAN) % (total / 1024, planned / 1024)
    return text(_W_HEAP) % (total / 1024)


def _minutes(value):
    return "%d min" % value if value else text(_W_NEVER)


def _milliseconds(value):
    return "%d ms" % value if value >= 0 else text(_W_NOT_YET)


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
    :param str save_failure: why it failed (the store's "OSError 28", say:
        shown in the player's words: app.failure_words), if it did.
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
        firmware = text(_W_SIMULATOR) + simulated
        machine = text(_W_PYTHON_ON) % (version, machine)
        free = ""
    else:
        firmware = "%s %s" % (implementation.name, version)
        try:
            free = text(_W_FREE_RAM) % gc.mem_free()
        except AttributeError:  # a Python without mem_free
            free = text(_W_FREE_RAM_NA)
    less = getattr(timings, "low_memory", 0)
    # What it runs on; what has happened (a page each where both do not fit).
    groups = (
        (
            text(_W_VERSION) + VERSION,
            firmware,
            machine,
            free,
            heap_line(machine),
            # (19 columns at the narrowest: a line each)
            text(_W_LOW_RAM) + ("," if less > 1 else "") if less else "",
            text(_W_NO_ANIMATIONS) if less > 1 else "",
            text(_W_START_UP) + _milliseconds(timings.boot_ms if timings else -1),
        ),
        (
            _battery(battery),
            text(_W_LIGHT_SENSOR) + _reading(light) if light is not None else "",
        ),
        (
            save_line(last_save, save_failure),
            text(_W_LAST_WRITE) + _milliseconds(timings.save_ms if timings else -1),
            text(_W_LAST_HINT) + _milliseconds(timings.think_ms if timings else -1),
            text(_W_RECOVERED) % faults,
            text(_W_FAILED_SAVES) % failed_saves,
        ),
        (
            text(_W_SOLVER_IS) + _table(timings.table_status) if getattr(timings, "table_status", None) else "",
            text(_W_RULES_BY),
        ),
    )
    return [[wrap(line, width) for line in group if line] for group in groups]


def _table(status):
    # The About page's words for what scores the solver's boards: the
    # engine's status in the language chosen (a status it does not know, as
    # the engine says it).
    for number, known in enumerate(TABLE_STATUSES):
        if status == known:
            return text(_W_T_HEURISTIC + number)
    return status


def _battery(gauge):
    # "Battery: 3.92V 75%": 18 characters, a 240x240 page's line. Says what
    # the play screen says (app.battery.Gauge.text): USB, no reading, none yet.
    if gauge is None:
        return text(_W_BATTERY) + text(_W_NO_GAUGE)
    if gauge.on_usb or gauge.no_reading:
        return "%s%s, %s" % (text(_W_BATTERY), "USB" if gauge.on_usb else text(_W_NO_READING), _volts(gauge.read_mv))
    if gauge.shown < 0:
        return text(_W_BATTERY) + text(_W_NOT_READ_YET)
    return "%s%s %d%%" % (text(_W_BATTERY), _volts(gauge.millivolts), gauge.shown)


def _volts(millivolts):
    return "%d.%02dV" % (millivolts // 1000, millivolts % 1000 // 10)


def _reading(sensor):
    # A sensor's raw reading, for setting Brightness "auto" on a real board.
    try:
        return "%d" % sensor.value
    except Exception:
        return text(_W_NO_READING)
