# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text of the menu and Settings pages, built from live state (Stats:
app.stats_page, About: app.about_page, each loaded only while it is open).

Settings is a list of rows with the buttons that set them under it: one
page where they fit, else pages of as many rows as fit ("Settings 1/2").
Every word is a text of app.words, in the language chosen; ``_W_*`` name
them (lang/keys.txt).
"""

from micropython import const

from app.help_text import fill, wrap
from app.settings import BRIGHTNESS_LEVELS, COLOURS, LANGUAGE, SCREEN_OFF_MINUTES, UNDO
from app.words import text

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


def _minutes(value):
    return "%d min" % value if value else text(_W_NEVER)
