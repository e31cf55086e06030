# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The player's words, in the language Settings > Language chose.

Every text a player reads is a numbered text of the language's files on
the drive, UTF-8, one text a line (``lang/keys.txt`` names each number; a
module that shows text ``n`` names it by a private ``const``,
``_W_NAME = const(n)``, that tests/test_languages.py holds to that list):

* ``lang/ro.txt``: the play screen's texts, 0 .. 44 (statuses,
  banners, the scores' titles), in memory while the language is chosen;
* ``lang/ro-menu.txt``: the menu's (its rows, Help, Stats, Settings,
  About), read when the menu first shows one and let go with the menu
  (``close_menu``);
* ``lang/ro-rules.txt`` ...: a help document's prose, a paragraph a line,
  read by app.help_text when the document opens.

So only the chosen language is ever in memory, and of it only what is on
show: the play screen's 0.3 KB, the menu's 1.6-1.9 KB while it is open.
``text`` makes a new string of the text each time: pages and banners are
built when they open, statuses when something happens; nothing calls it per
frame or per move.
"""

from micropython import const

# Texts in the play screen's file; the menu's file has the rest, from this number.
_PLAY_TEXTS = const(45)
#: Where the language files are: ``lang/`` beside the ``app`` package (on
#: the CIRCUITPY drive, /lang; in a measuring VM or on the desktop, the
#: folder that holds their ``app``).
DIRECTORY = __file__[: max(0, __file__.rfind("/app/"))] + "/lang"
#: The language in memory (an ISO 639-1 code of app.settings.LANGUAGES).
language = ""
# The play screen's texts and the menu's ("" until read), each ended by a newline.
_play = ""
_menu = ""


def load(code):
    """Make ``code`` ("en", "ro", "cs") the language of every text from now
    on; True if that changed the language. A language whose file cannot be
    read leaves English (or, without even that, texts that read "?"): the
    game plays on in some language."""
    global language, _play, _menu
    if code == language:
        return False
    _play = _menu = ""  # the old language goes before the new one is read
    # (The file read here and in ``text``, not in a function of its own: a
    # call less deep at start-up, on the board's pystack.)
    try:
        with open(DIRECTORY + "/" + code + ".txt") as file:
            _play = file.read()
    except (OSError, UnicodeError):
        pass
    language = code if _play or code == "en" else ""
    if not language:
        load("en")
    return True


def let_go():
    """Let every text go, and the language with them: a start-up try that
    ran short of memory (code.py) leaves nothing of its own on the heap,
    and the next try's App reads the files again wherever there is room."""
    global language, _play, _menu
    language = _play = _menu = ""


def close_menu():
    """Let the menu's texts go (the menu closed); the next one reads them again."""
    global _menu
    _menu = ""


def _read_menu():
    # The menu's texts, read when the menu first shows one ("" if they
    # cannot be read: every text then reads "?"). (Not in ``text``: its
    # frame, on the pystack under every page that shows a word, stays small.)
    global _menu
    try:
        with open(DIRECTORY + "/" + language + "-menu.txt") as file:
            _menu = file.read()
    except (OSError, UnicodeError):
        pass
    return _menu


def text(key):
    """Text ``key`` as a new string; "?" for a key the file does not have.
    Before any ``load``: English."""
    if not language:
        load("en")
    texts = _play
    if key >= _PLAY_TEXTS:
        texts = _menu or _read_menu()
        key -= _PLAY_TEXTS
    at = 0
    for _ in range(key):
        at = texts.find("\n", at) + 1
        if not at:
            return "?"
    end = texts.find("\n", at)
    return texts[at:end] if end >= 0 else "?"
