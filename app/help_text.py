# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The help documents (one table: each one's name, short name and pages),
the controls table shared with the README, and the pager that lays out
every page of text (help, Stats, About).

Pages are laid out for terminalio.FONT: 26 columns and 9 lines under the
title on a 160x128 screen, fewer on the others (app.layout). Lines are
wrapped at spaces, never cut, and a page ends only between two sentences,
two rows or two paragraphs: no sentence or row is split across pages.
Texts that name a button name it as the board does (its profile's
``BUTTONS``, through the control scheme's ``name``). The words are
app.words's, in the language chosen: a help document's prose is read from
its file when it opens.
"""

from micropython import const

from app.words import text

# The texts of app.words these pages show (lang/keys.txt names them).
_W_CONTROLS = const(110)
_W_RULES = const(111)
_W_STRATEGY = const(112)
_W_SOLVER = const(113)
_W_SOLVER_SHORT = const(114)
_W_SLIDE = const(115)
_W_OK_CONTINUE = const(116)
_W_BACK = const(117)
_W_MENU_ACTION = const(118)
_W_HINT_SOLVER = const(119)
_W_AUTOPLAY = const(120)
_W_STOP_AUTOPLAY = const(121)
_W_ANY_KEY = const(122)
_W_HOLD = const(123)
_W_IN_MENUS = const(124)
_W_OFF_SAVE_FIRST = const(125)
_W_KEYS_ON_KEYBOARD = const(126)
_W_UNDO_IF_ON = const(160)

#: (button, what it does) rows of the Controls page and README's "Play"
#: table: a button the board names (``controls.name``; "Hold X": held),
#: or a text of app.words ("Any key"); what it does, a text of app.words.
CONTROLS = (
    ("D-pad", _W_SLIDE),
    ("A", _W_OK_CONTINUE),
    ("B", _W_BACK),
    ("Start", _W_MENU_ACTION),
    ("Select", _W_HINT_SOLVER),
    ("Hold Select", _W_AUTOPLAY),
    (_W_ANY_KEY, _W_STOP_AUTOPLAY),
)
#: Lines under the buttons on the Controls page, texts of app.words; "{A}"
#: in one is the board's name for A (``fill``).
NOTES = (_W_IN_MENUS, _W_OFF_SAVE_FIRST)
#: What the board's undo button does, a text of app.words (its row, named
#: by the control scheme's ``undo_button``, joins the Controls page where
#: the rows have none).
UNDO_ACTION = _W_UNDO_IF_ON
#: The help documents, in the Help menu's order, one row each: its name and
#: the shorter one for a narrow screen (texts of app.words), and what its
#: pages say: the paragraphs of a file of app.words.paragraphs ("rules" is
#: lang/ro-rules.txt in Romanian), or "" for the Controls page, built from
#: the board's control scheme. A document is its row: no title without its
#: pages, no pages without their title.
DOCUMENTS = (
    (_W_CONTROLS, _W_CONTROLS, ""),
    (_W_RULES, _W_RULES, "rules"),
    (_W_STRATEGY, _W_STRATEGY, "strategy"),
    (_W_SOLVER, _W_SOLVER_SHORT, "solver"),
)


def wrap(paragraph, width=26, start=0, end=-1, count=False):
    """Word-wrap ``paragraph[start:end]`` (``end`` -1: to its end) into
    lines of at most ``width`` characters, broken at spaces; with
    ``count``, only how many lines that makes (allocating nothing).

    Each line is one slice of the paragraph, so wrapping makes no strings
    but the lines themselves (building lines word by word would make a new
    string per word). Only a word longer than a whole line is broken
    inside: none of the game's texts has one (tests/test_text_layout.py).
    """
    lines = 0 if count else []
    length = len(paragraph) if end < 0 else end
    while True:
        while start < length and paragraph[start] == " ":
            start += 1
        if start >= length:
            return lines
        cut = start + width
        if cut >= length:
            cut = length
        else:
            # The last space at or before the line's end (one past it may be one).
            space = paragraph.rfind(" ", start, cut + 1)
            if space > start:
                cut = space
        if count:
            lines += 1
        else:
            lines.append(paragraph[start:cut])
        start = cut


def sentence_end(paragraph, start=0):
    """Where the sentence that begins at ``start`` ends (the index after
    its full stop, question or exclamation mark, where a space or the
    paragraph's end follows), or the paragraph's length.

    The number that opens a numbered point ("1. Using ...") ends no
    sentence.
    """
    length = len(paragraph)
    while start < length and paragraph[start] == " ":
        start += 1
    at = start
    while at < length:
        if paragraph[at] in ".!?" and (at + 1 == length or paragraph[at + 1] == " "):
            word = paragraph.rfind(" ", start, at) + 1 or start
            if not (word <= start and paragraph[start:at].isdigit()):
                return at + 1
        at += 1
    return length


def paginate(paragraphs, per_page=9, width=26):
    """Lay ``paragraphs`` (prose) out on pages of ``per_page`` lines of
    ``width`` characters, a blank line between paragraphs.

    A paragraph goes under the text a page already has if it fits there
    whole; one that would fit a page of its own starts the next page. A
    paragraph longer than a page takes as many whole sentences as fit
    where it starts, and goes on at the top of the next page, so a page
    ends at the end of a sentence. Only a
    sentence longer than a whole page (the solver's second on a 240x240
    screen) is broken, after the last comma, colon or semicolon that
    fits; failing that (no such text in the game), after the last line
    that fits.
    """
    pages = []
    page = []
    for paragraph in paragraphs:
        start = 0
        length = len(paragraph)
        while start < length:
            room = per_page - len(page) - (1 if page else 0)
            end, lines = _fit(paragraph, start, width, room, sentence_end)
            if page and end < length and (lines is None or wrap(paragraph, width, start, -1, True) <= per_page):
                # Not whole under this page's text, and whole on the next.
                pages.append(page)
                page = []
                continue
            if lines is None:
                end, lines = _fit(paragraph, start, width, room, _clause_end)
                if lines is None:
                    end = sentence_end(paragraph, start)
                    lines = wrap(paragraph, width, start, end)
                    while len(lines) > per_page:
                        pages.append(lines[:per_page])
                        lines = lines[per_page:]
            if page:
                page.append("")
            page.extend(lines)
            start = end
            while start < length and paragraph[start] == " ":
                start += 1
            if start < length:
                pages.append(page)
                page = []
    if page:
        pages.append(page)
    return pages


def _fit(paragraph, start, width, room, next_end):
    # The longest run of pieces from ``start`` (each ending where
    # ``next_end`` says) that fits ``room`` lines: (its end, its lines), or
    # (start, None) when not even the first one fits. Runs are measured
    # (wrap's count), and only the one that fits is cut into lines.
    end = start
    length = len(paragraph)
    while end < length:
        after = next_end(paragraph, end)
        if wrap(paragraph, width, start, after, True) > room:
            break
        end = after
    return end, (wrap(paragraph, width, start, end) if end > start else None)


def _clause_end(paragraph, start):
    # Where the clause from ``start`` ends: after a comma, colon or
    # semicolon that a space follows, or where its sentence ends.
    stop = sentence_end(paragraph, start)
    at = start
    while at < stop:
        if paragraph[at] in ",;:" and at + 1 < stop and paragraph[at + 1] == " " and at > start:
            return at + 1
        at += 1
    return stop


def in_pages(groups, per_page=9, width=26):
    """Pages of at most ``per_page`` lines from ``groups`` of rows (Stats,
    About, Controls).

    A group is a list of units: a row (a str, wrapped at ``width``) or a
    list of lines that stay together (a name and the value under it).
    Groups on one page have a blank line between them; a group goes on the
    next page when it does not fit under what this one has but fits a page
    by itself, else it goes on over pages, broken between two units. Only
    a unit longer than a whole page (none of the game's) is broken inside.
    """
    pages = []
    page = []
    for group in groups:
        units = []
        size = 0
        for unit in group:
            lines = wrap(unit, width) if isinstance(unit, str) else unit
            if lines:
                units.append(lines)
                size += len(lines)
        if not units:
            continue
        if page and len(page) + 1 + size > per_page and size <= per_page:
            pages.append(page)
            page = []
        gap = bool(page)
        for lines in units:
            if page and len(page) + gap + len(lines) > per_page:
                pages.append(page)
                page = []
                gap = False
            if gap:
                page.append("")
                gap = False
            for line in lines:
                if len(page) == per_page:
                    pages.append(page)
                    page = []
                page.append(line)
    if page:
        pages.append(page)
    return pages


def fill(text, controls=None):
    """``text`` with every "{button}" in it replaced by the board's name for
    that button (``controls.name``; the game's own name without ``controls``)."""
    out = ""
    at = 0
    while True:
        opening = text.find("{", at)
        closing = text.find("}", opening + 1) if opening >= 0 else -1
        if closing < 0:
            return out + text[at:]
        button = text[opening + 1 : closing]
        out += text[at:opening] + (controls.name(button) if controls is not None else button)
        at = closing + 1


def _label(button, controls):
    # A row's button as the board names it ("Hold Select" follows Select's
    # name).
    held = button.startswith("Hold ")
    if held:
        button = button[5:]
    if controls is not None:
        button = controls.name(button)
    return text(_W_HOLD) % button if held else button


def control_rows(rows=CONTROLS, controls=None):
    """[button, what it does] rows of the Controls page, each button as the
    board names it (``controls.name``): two of the game's buttons that are
    one button of the board's (the PewPew M4's X is Start and, having no
    B, goes back too) make one row.

    :param rows: (button, what it does) pairs: the game's by default (the
        PyBadge's buttons), a control scheme's own (its ``help_rows``) otherwise.
    """
    labelled = []
    for button, action in rows:
        # (A text of app.words, an int, read here: a call level less on the pystack.)
        label = _label(button, controls) if isinstance(button, str) else text(button)
        action = text(action)
        for row in labelled:
            if row[0] == label:
                row[1] += " / " + action
                break
        else:
            labelled.append([label, action])
    return labelled


def controls_units(width=26, rows=CONTROLS, notes=NOTES, controls=None):
    """The Controls page as units for ``in_pages``: one row per button of
    ``control_rows`` ("button  what it does" in two columns where it fits
    ``width``, else "button: what it does", wrapped), then ``notes``."""
    units = []
    for label, action in control_rows(rows, controls):
        # (padded by hand: MicroPython's "%-11s" pads by bytes, not by characters)
        row = label + " " * max(1, 12 - len(label)) + action
        if width >= 26 and len(row) <= width:
            units.append([row])
        else:
            units.append(wrap("%s: %s" % (label, action), width))
    for note in notes:
        units.append(wrap(fill(text(note), controls), width))
    return units


def keys_units(key_names, width=26):
    """The Controls page of a simulator: which keyboard keys are which
    buttons, as units for ``in_pages``.

    :param key_names: (button, keys) pairs, e.g. ``("A", "X")``, from the host.
    """
    units = [wrap(text(_W_KEYS_ON_KEYBOARD), width)]
    for button, keys in key_names:
        units.append(wrap("%s: %s" % (button, keys), width))
    return units


def document(number, key_names=None, width=26, per_page=9, controls=None):
    """Pages (lists of lines) of help document ``number`` (of DOCUMENTS),
    for pages of ``per_page`` lines of ``width`` characters, in the
    language in memory.

    :param key_names: optional (button, keys) pairs of a host with a
        keyboard (the simulator): the Controls document gets pages of them.
    :param controls: the app's control scheme: its ``help_rows`` and
        ``help_notes``, if it has them, are the Controls page (else the
        game's buttons), each button by the board's name for it (its
        ``name``), with a row for its ``undo_button`` if the rows have none.
    """
    prose = DOCUMENTS[number][2]
    if prose:
        return paginate(paragraphs(prose), per_page, width)
    rows = getattr(controls, "help_rows", CONTROLS)
    if UNDO_ACTION not in [action for _, action in rows]:
        rows = rows + ((getattr(controls, "undo_button", "B"), UNDO_ACTION),)
    units = controls_units(width, rows, getattr(controls, "help_notes", NOTES), controls)
    pages = in_pages([units], per_page, width)
    if key_names:
        pages += in_pages([keys_units(key_names, width)], per_page, width)
    return pages


def paragraphs(document):
    """The paragraphs of help ``document`` ("rules", "strategy", "solver"):
    its file's lines in the language in memory (app.words), English where
    that language has no such file, none where neither has one."""
    # Imported here: with a module-level `from app import words`, 7 KB more
    # stayed live once the menu closed (tools.measure.ram_budget's VM).
    from app import words

    for code in (words.language or "en", "en"):
        try:
            with open("%s/%s-%s.txt" % (words.DIRECTORY, code, document)) as file:
                return [line for line in file.read().split("\n") if line]
        except (OSError, UnicodeError):
            pass
    return []


def title(name, columns, page=0, count=1):
    """A page's title that fits ``columns``: ``name`` (a str, or the number
    of a help document: its name, or its short name if need be) and, for
    page ``page`` of ``count`` (0-based), "2/3"."""
    suffix = " %d/%d" % (page + 1, count) if count > 1 else ""
    if not isinstance(name, str):
        whole, short, _ = DOCUMENTS[name]
        name = text(whole)
        if len(name) + len(suffix) > columns:
            name = text(short)
    return name[: max(1, columns - len(suffix))] + suffix


def names(columns):
    """The Help menu's rows: each document's name as it fits ``columns``."""
    return [title(number, columns) for number in range(len(DOCUMENTS))]
