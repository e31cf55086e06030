# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The player's words, in the language Settings > Language chose.

Every text a player reads is a numbered text of a language file on the
drive: ``lang/en.txt``, ``lang/ro.txt``, ``lang/cs.txt`` (UTF-8, one text
a line, text ``n`` on line ``n``; ``lang/keys.txt`` names each line, and a
module that shows text ``n`` names it by a private ``const``,
``_W_NAME = const(n)``, that tests/test_words.py holds to that list). Only
the chosen language is in memory, as the one string its file is (1.3 to
1.6 KB): the others stay on the drive. A help document's prose is a file
of its own (``lang/ro-rules.txt``: a paragraph a line), read when the
document opens (:func:`paragraphs`) and let go when it closes.

``text`` makes a new string of the text each time: pages and banners are
built from them when they open, statuses when something happens; nothing
calls it per frame or per move.
"""

#: Where the language files are: ``lang/`` beside the ``app`` package (on
#: the CIRCUITPY drive, /lang; in a measuring VM or on the desktop, the
#: folder that holds their ``app``).
DIRECTORY = __file__[: max(0, __file__.rfind("/app/"))] + "/lang"
#: The language in memory (an ISO 639-1 code of app.settings.LANGUAGES).
language = ""
# The language's texts, each ended by a newline ("" until ``load``).
_texts = ""


def load(code):
    """Make ``code`` ("en", "ro", "cs") the language of every text from now
    on; True if that changed the language. A file that cannot be read
    leaves English (or, without even that, texts that read "?"): the game
    plays on in some language."""
    global language, _texts
    if code == language:
        return False
    _texts = ""  # the old language goes before the new one is read
    language = ""
    try:
        with open(DIRECTORY + "/" + code + ".txt") as file:
            _texts = file.read()
        language = code
    except (OSError, UnicodeError):
        if code != "en":
            load("en")
    return True


def text(key):
    """Text ``key`` (its line in the language's file) as a new string;
    "?" for a key the file does not have. Before any ``load``: English."""
    if not language:
        load("en")
    texts = _texts
    at = 0
    for _ in range(key):
        at = texts.find("\n", at) + 1
        if not at:
            return "?"
    end = texts.find("\n", at)
    return texts[at:end] if end >= 0 else "?"


def paragraphs(document):
    """The paragraphs of help ``document`` ("rules", "strategy", "solver")
    in the language in memory (English where it has no such file; none
    where neither has one)."""
    if not language:
        load("en")
    for code in (language, "en"):
        try:
            with open("%s/%s-%s.txt" % (DIRECTORY, code, document)) as file:
                return [line for line in file.read().split("\n") if line]
        except (OSError, UnicodeError):
            pass
    return []
