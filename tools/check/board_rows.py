# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""docs/boards.md's two tables of boards: a row for every profile, made from its facts.

Usage (``make docs`` runs it)::

    .venv/bin/python -m tools.check.board_rows           # adds the rows a board lacks
    .venv/bin/python -m tools.check.board_rows --check   # lists them (exit 1)

"The boards" has a row per profile (its screen, what a player presses,
the NVM and how saves are placed, the solver's speed, what its firmware
lacks) and "What each board shows" a row of its three pictures
(tools/check/pictures.py makes them). A board without its rows gets them
here, in boards.NAMES' order, written from the profile (``BUTTONS``,
``UNDO``, ``STORE``, ``SPEED``) and the fake board's facts
(tools/firmware/standins/fakeboards.py); a row that exists is never
rewritten, so the words a person adds to one stay.
"""

import sys

from tools import ROOT, ArgumentParser

DOC = ROOT / "docs" / "boards.md"
#: The first line of each table.
FACTS_HEADER = "| board (`board_id`) | screen, layout | plays with |"
PICTURES_HEADER = "| board | play | menu | Controls |"
#: How each port's NVM is written, by fakeboards' ``flash`` and the profile's layout.
_FLASH = {"samd51": "SAMD51", "nrf52840": "nRF52840", "rp2": "RP2040/RP2350", None: "flash"}
_LAYOUTS = {"block": "one %s block: two slots", "pages": "two %s pages: a slot in each", "log": "one %s sector: a log"}
#: The game's buttons, in the order the table names them.
_GAME_BUTTONS = ("D-pad", "A", "B", "Start", "Select")


def facts_row(board_id):
    """The row of "The boards" made from ``board_id``'s profile and fake board."""
    import fakeboards

    import boards

    profile = boards.load(board_id)
    facts = dict(fakeboards.DEFAULTS, **fakeboards.BOARDS[board_id])
    size = facts["screen"] or facts["runtime_screen"]
    screen = "%dx%d" % size if size else "-"
    printed = getattr(profile, "BUTTONS", {})
    if facts["played"] == "buttons":
        presses = ", ".join(
            name if printed.get(name, name) == name else "%s = %s" % (printed[name], name)
            for name in _GAME_BUTTONS
            if name == "D-pad" or name.lower() in facts["keys"]
        )
    else:
        presses = "tilt" if facts["played"] == "tilt" else "a keyboard"
    # The undo key ("B", "Hold A"), by the name printed on the board.
    held, _, button = getattr(profile, "UNDO", "B").rpartition(" ")
    undo = printed.get(button, button)
    undo = ("hold " if held else "") + (undo if undo == button else "%s (the game's %s)" % (undo, button))
    layout = getattr(profile, "STORE", {}).get("layout", "block")
    nvm = "%d KB, %s" % (facts["nvm"] // 1024, _LAYOUTS[layout] % _FLASH[facts["flash"]])
    missing = ", ".join("`%s`" % name for name in facts["missing"]) or "-"
    speed = float(getattr(profile, "SPEED", 1.0))
    return "| %s (`%s`) | %s | %s | %s | %s | %s | %s |" % (
        boards.NAMES[board_id],
        board_id,
        screen,
        presses,
        undo,
        nvm if facts["nvm"] else "none",
        speed,
        missing,
    )


def pictures_row(board_id):
    """The row of "What each board shows": its play screen, menu and Controls page."""
    import boards

    cells = [
        "![%s %s](images/boards/%s-%s.png)" % (board_id, caption, board_id, shot)
        for caption, shot in (("play", "play"), ("menu", "menu"), ("Controls", "help"))
    ]
    return "| %s | %s |" % (boards.NAMES[board_id], " | ".join(cells))


def _with_rows(lines, header, has_row, row):
    # ``lines`` with a row for every board the table under ``header`` lacks,
    # each after the row of the board before it in boards.NAMES.
    import boards

    start = next(index for index, line in enumerate(lines) if line.startswith(header))
    end = start
    while end + 1 < len(lines) and lines[end + 1].startswith("|"):
        end += 1
    table = lines[start + 2 : end + 1]  # the rows under the header and its rule
    added = []
    after = -1
    for board_id in boards.NAMES:
        found = [index for index, line in enumerate(table) if has_row(line, board_id)]
        if found:
            after = found[0]
            continue
        after += 1
        table.insert(after, row(board_id))
        added.append(board_id)
    return lines[: start + 2] + table + lines[end + 1 :], added


def update(text):
    """(the doc's text with every missing row added, the board_ids that got one)."""
    import boards

    lines = text.split("\n")
    lines, facts = _with_rows(lines, FACTS_HEADER, lambda line, board_id: "(`%s`)" % board_id in line, facts_row)
    lines, pictures = _with_rows(
        lines,
        PICTURES_HEADER,
        lambda line, board_id: "](images/boards/%s-play.png)" % board_id in line,
        pictures_row,
    )
    return "\n".join(lines), [board_id for board_id in boards.NAMES if board_id in facts + pictures]


def main(argv=None):
    """Add the missing rows (or, with --check, list the boards that lack one); returns an exit status."""
    from tools.firmware import finder

    finder.install()  # fakeboards, as the fake world reads it
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing: list the boards without their rows")
    args = parser.parse_args(argv)
    text, added = update(DOC.read_text())
    for board_id in added:
        print("docs/boards.md: %s %s" % (board_id, "has no row in a board table" if args.check else "got its rows"))
    if args.check:
        return 1 if added else 0
    DOC.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
