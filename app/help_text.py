# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Words for the help pages, and the controls table shared with the README.

Pages are laid out for terminalio.FONT on a 160x128 screen: 26 columns,
9 lines under the title. Long paragraphs are wrapped when a page opens.
"""

#: (button, what it does): the Controls page and README's "Play" table.
CONTROLS = (
    ("D-pad", "slide tiles"),
    ("A", "OK / Continue"),
    ("B", "back"),
    ("Start", "menu"),
    ("Select", "hint (solver)"),
    ("Hold Select", "autoplay"),
    ("Any key", "stop autoplay"),
)

STRATEGY = (
    "Four mistakes end games early.",
    "1. Using all four directions. Keep to two (say left and down), use a"
    " third rarely and the fourth almost never, so the biggest tile stays"
    " in its corner.",
    "2. Chasing every merge. A merge in the middle of the board that breaks your row of big tiles costs more than it scores.",
    "3. Leaving a small tile stuck among much bigger ones. It can only grow by merging, and its neighbours never will.",
    "4. Moving fast when the board is nearly full. With two or three empty cells left, slow down and think about every move.",
)

#: From docs/solver.md, "Help page text" (the solver's author), one page
#: per paragraph; a test keeps the words the same.
SOLVER = (
    "It tries all 4 moves. After each, it imagines every new tile: a 2 (90%) or 4 (10%) on each empty cell, and averages them.",
    "It looks 2 moves deep, then 3 for the 2 best moves, and scores the"
    " boards: empty cells, ready merges, rows that grow toward a corner.",
    "With room for it, a table learned in 100,000 practice games scores them instead: how long each board is likely to last.",
)


def wrap(paragraph, width=26):
    """Word-wrap one paragraph into lines of at most ``width`` characters.

    Each line is one slice of the paragraph, so wrapping makes no strings
    but the lines themselves (building lines word by word would make a new
    string per word). A word longer than a line is cut.
    """
    lines = []
    start = 0
    length = len(paragraph)
    while True:
        while start < length and paragraph[start] == " ":
            start += 1
        if start >= length:
            return lines
        end = start + width
        if end >= length:
            lines.append(paragraph[start:])
            return lines
        # The last space at or before the line's end (one past it may be one).
        cut = paragraph.rfind(" ", start, end + 1)
        if cut <= start:
            cut = end
        lines.append(paragraph[start:cut])
        start = cut


def in_pages(groups, per_page=9, keep=0):
    """Pages of at most ``per_page`` lines from ``groups`` (lists of lines).

    Groups on one page have a blank line between them. A group goes on the
    next page when fewer than ``keep`` of its lines (0: all of them) would
    fit after the blank line; a group longer than a page goes on over the
    next one.
    """
    pages = []
    page = []
    for lines in groups:
        need = min(keep, len(lines)) if keep else len(lines)
        if page and per_page - len(page) - 1 < need:
            pages.append(page)
            page = []
        elif page:
            page.append("")
        for line in lines:
            if len(page) == per_page:
                pages.append(page)
                page = []
            page.append(line)
    if page:
        pages.append(page)
    return pages


def paginate(paragraphs, per_page=9, width=26):
    """Lay ``paragraphs`` out on pages of ``per_page`` lines of ``width``
    characters: a blank line between paragraphs; a paragraph starts on the
    next page when fewer than three of its lines would fit on this one."""
    return in_pages([wrap(paragraph, width) for paragraph in paragraphs], per_page, 3)


#: Lines under the buttons on the Controls page.
NOTES = ("In menus: D-pad, A picks", "Off? Menu > Save now first")


def controls_lines(width=26, rows=CONTROLS, notes=NOTES, names=None):
    """The Controls page: one line per button (on a narrower page,
    "button: what it does", wrapped), then ``notes``.

    :param rows: (button, what it does) pairs: the PyBadge's by default, a
        control scheme's own (its ``help_rows``) otherwise.
    :param names: optional {button: the board's own name for it}, e.g.
        ``{"A": "L"}`` on a Sprig (a "Hold Select" row follows Select's).
    """
    lines = []
    for button, action in rows:
        if names:
            for game_name, board_name in names.items():
                if button == game_name or button == "Hold " + game_name:
                    button = button.replace(game_name, board_name)
        if width >= 26:
            lines.append("%-11s %s" % (button, action))
        else:
            lines.extend(wrap("%s: %s" % (button, action), width))
    for note in notes:
        lines.extend(wrap(note, width))
    return lines


def keys_lines(key_names, width=26):
    """The Controls page of a simulator: which keyboard keys are which buttons.

    :param key_names: (button, keys) pairs, e.g. ``("A", "X")``, from the host.
    """
    lines = ["Keys on this keyboard:"]
    for button, keys in key_names:
        lines.extend(wrap("%s: %s" % (button, keys), width))
    return lines


def document(name, key_names=None, width=26, per_page=9, controls=None):
    """Pages (lists of lines) of the help document ``name``, for pages of
    ``per_page`` lines of ``width`` characters.

    :param key_names: optional (button, keys) pairs of a host with a
        keyboard (the simulator): the Controls document gets a page of them.
    :param controls: the app's control scheme: its ``help_rows`` and
        ``help_notes``, if it has them, are the Controls page (else the
        PyBadge's buttons), with its ``names`` for the board's buttons.
    """
    if name == "Controls":
        lines = controls_lines(
            width,
            getattr(controls, "help_rows", CONTROLS),
            getattr(controls, "help_notes", NOTES),
            getattr(controls, "names", None),
        )
        pages = []
        while lines:
            pages.append(lines[:per_page])
            lines = lines[per_page:]
        if key_names:
            keys = keys_lines(key_names, width)
            while keys:
                pages.append(keys[:per_page])
                keys = keys[per_page:]
        return pages
    if name == "Strategy":
        return paginate(STRATEGY, per_page, width)
    return paginate(SOLVER, per_page, width)


#: Help documents, in menu order.
DOCUMENTS = ("Controls", "Strategy", "How the solver works")
#: A document's name where the whole one does not fit a narrow screen.
SHORT_NAMES = {"How the solver works": "The solver"}


def title(name, columns, page=0, count=1):
    """A page's title that fits ``columns``: ``name`` (its short form if
    need be) and, for page ``page`` of ``count`` (0-based), "2/3"."""
    suffix = " %d/%d" % (page + 1, count) if count > 1 else ""
    if len(name) + len(suffix) > columns:
        name = SHORT_NAMES.get(name, name)
    return name[: max(1, columns - len(suffix))] + suffix


def names(columns):
    """The Help menu's rows: each document's name as it fits ``columns``."""
    return [title(name, columns) for name in DOCUMENTS]
