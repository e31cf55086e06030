# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Why a save failed, in the player's language (the About page's last save).

Loaded only when the About page has a failure to say (app.about_page.save_line),
and let go with the menu's modules when the menu closes (app.controller):
a game whose saves work never holds it.
"""

from micropython import const

from app.words import text

# The nine texts, in this order (lang/keys.txt: F_NO_ROOM ... F_ERROR).
_W_F_NO_ROOM = const(162)
_W_F_READ_ONLY = const(163)  # (these three: by their errno, below)
_W_F_NOT_ALLOWED = const(164)
_W_F_WRITE_ERROR = const(165)
_W_F_READ_ERROR = const(166)
_W_F_READ_BACK = const(167)
_W_F_INVALID = const(168)
_W_F_NO_MEMORY = const(169)
_W_F_ERROR = const(170)


def failure_text(failure):
    """Why a save failed, in the player's language: ``failure`` is the
    store's short text (engine.store: "OSError 28", "OSError 5 reading",
    "unread", "read-back", "invalid ...", an exception's name) or a text
    number of app.words (code.py's reasons why saving is off). What the
    store can tell apart gets a word of its own; another errno is "error"
    and its number; another exception, "error"."""
    if isinstance(failure, int):
        return text(failure)
    if not failure:
        return "?"
    if failure == "unread" or failure.endswith(" reading"):
        return text(_W_F_READ_ERROR)
    if failure == "read-back":
        return text(_W_F_READ_BACK)
    if failure.startswith("invalid"):
        return text(_W_F_INVALID)
    if failure == "MemoryError":
        return text(_W_F_NO_MEMORY)
    if failure.startswith("OSError "):
        number = failure[8:]
        # The flash's errors a save can meet (MicroPython's errno numbers,
        # POSIX's): ENOSPC, EROFS, EACCES, EIO, the order of their texts.
        known = ("28", "30", "13", "5")
        if number in known:
            return text(_W_F_NO_ROOM + known.index(number))
        if number.isdigit():
            return text(_W_F_ERROR) + " " + number
    return text(_W_F_ERROR)
