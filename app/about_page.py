# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text of the About page, built from live state: version, firmware and
board, free memory, the heap beside the one planned with, the last save
and the measured timings, for bug reports.

Every word is a text of app.words, in the language chosen. Loaded only
while About is open (app.menus imports it there and lets it go as the
page closes: app.memory.forget), as app.stats_page is: the menu's other
pages never hold its code (2.5 KB once imported, in the pystack VM).
"""

import gc
import os
import sys

from micropython import const

from app import VERSION
from app.help_text import wrap
from app.words import text
from engine.store import NO_NVM, SAVED, UNCHANGED

# The texts of app.words About shows (lang/keys.txt names them).
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


def _milliseconds(value):
    return "%d ms" % value if value >= 0 else text(_W_NOT_YET)


def about_lines(timings=None, faults=0, last_save=None, save_failure=None, width=26, battery=None, light=None, failed_saves=0):
    """Version, firmware and board, free memory, the last save and measured
    timings, for bug reports: groups of rows for app.help_text.in_pages,
    each row wrapped at ``width`` (its lines stay on one page).

    :param timings: an :class:`app.save_policy.Timings` (ms; -1: not yet;
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
    # (Loops, not comprehensions: each comprehension is a call, and this
    # is under the About row's chain of calls on the pystack.)
    wrapped = []
    for group in groups:
        rows = []
        for line in group:
            if line:
                rows.append(wrap(line, width))
        wrapped.append(rows)
    return wrapped


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
