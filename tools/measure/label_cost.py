# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What a help page costs as an ``adafruit_display_text`` label, against the game's text cells.

Prints the heap bytes of one help page (the first two pages of Strategy,
as the PyBadge shows them: :data:`COLUMNS` x :data:`LINES`) drawn three
ways, in the 32-bit pystack VM (tools/vm/pystack_vm.py: objects sized as on
the board; the game, the stand-ins of tools/firmware/standins/ and the
library all as ``.mpy``; the labels' font is a stand-in of the firmware's
terminalio.FONT, one glyph strip, in flash on the board)::

    .venv/bin/python -m tools.measure.label_cost

* ``bitmap_label.Label`` and ``label.Label`` (adafruit_display_text as
  pinned in requirements.txt): the page built as one label, then the next
  page set as its ``text``;
* the game's own cells (app/text.py's TextGrid over the strip): built
  once, then each line of the next page written.

"allocated" is everything the call asked the heap for (the VM collects
only between top-level calls, so none of it was given back meanwhile);
"kept" is what stays live after a collection. The measuring code's own
bytes (a call that does nothing) are subtracted. The strip of glyphs the
cells draw from is built once for all the game's text and is its own row.
The board does not ship the library (lib/README.md, "Why not
adafruit_display_text").
"""

import json
import sys
from pathlib import Path

from tools import ArgumentParser

#: The PyBadge's help page: 160 px / 6 px a character, the lines under the
#: title (app/overlay.py; tests/test_label_cost.py holds these to the game's).
COLUMNS = 26
LINES = 9
#: The library's modules the two labels need.
LIBRARY = ("__init__", "bitmap_label", "label")

# The stand-ins (the board's built-in modules: C, in flash there) and the
# two pages are loaded before anything is measured.
_SETUP = """\
import gc, json
import fakeworld
fakeworld.reset('pybadge')
import displayio, fontio, bitmaptools, vectorio
import adafruit_ticks
class _BuiltinFont:  # as terminalio.FONT: one strip of 6x12 tiles (in flash on a board), a Glyph made per call
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)
    def get_bounding_box(self):
        return (6, 12)
    def get_glyph(self, code):
        return fontio.Glyph(self.bitmap, code - 32 if 32 <= code < 127 else 31, 6, 12, 0, 0, 6, 0)
FONT = _BuiltinFont()
PAGES = {pages}
TEXTS = ['\\n'.join(page) for page in PAGES]
_rows = []
_made = bitmap_label = label = text = _strip = None  # the globals the actions set, made before
"""

# One measured call, as tools/measure/ram_budget.py measures a stage: the
# action as a function, a collection, a reading, the call and a reading,
# a collection and a reading. The first and last readings are steps of the
# same size (a step's code is live while it runs; the row's name, a new
# string, comes after them), so only the call's own bytes differ.
_MEASURE = (
    "def _act():\n    global _made, bitmap_label, label, text, _strip\n{body}",
    "gc.collect()",
    "_before = gc.mem_alloc()",
    "_act()\n_after = gc.mem_alloc()",
    "gc.collect()",
    "_after_ = gc.mem_alloc()",
    "_rows.append([{name!r}, _after - _before, _after_ - _before])",
)

#: (row name, action): run in this order in one VM, each measured.
ACTIONS = (
    ("(nothing)", "pass"),
    ("import bitmap_label", "from adafruit_display_text import bitmap_label"),
    ("bitmap_label.Label: build", "_made = bitmap_label.Label(FONT, text=TEXTS[0], color=0xFFFFFF)"),
    ("bitmap_label.Label: next page", "_made.text = TEXTS[1]"),
    ("(drop it)", "_made = None"),
    ("import label", "from adafruit_display_text import label"),
    ("label.Label: build", "_made = label.Label(FONT, text=TEXTS[0], color=0xFFFFFF)"),
    ("label.Label: next page", "_made.text = TEXTS[1]"),
    ("(drop it)", "_made = None"),
    ("import app.text", "from app import text"),
    # The bitmap app.artwork reads the game's strip into (fonts/6x12-latin2.strip).
    ("text cells: the strip", "_strip = displayio.Bitmap(text.WIDTH * text.COUNT, text.HEIGHT, 2)"),
    (
        "text cells: build",
        "_made = text.TextGrid(_strip, %d, %d, 0xFFFFFF)\n"
        "for _row in range(len(PAGES[0])):\n    _made.line(_row, PAGES[0][_row])" % (COLUMNS, LINES),
    ),
    ("text cells: next page", "for _row in range(len(PAGES[1])):\n    _made.line(_row, PAGES[1][_row])"),
)


def pages():
    """The two pages measured: Strategy's first two, in English, as the PyBadge lays them out."""
    from app import help_text, words

    words.load("en")
    strategy = [prose for _, _, prose in help_text.DOCUMENTS].index("strategy")
    return [list(page) for page in help_text.document(strategy, width=COLUMNS, per_page=LINES)[:2]]


def program(actions=ACTIONS, measured=None):
    """The VM's steps for ``actions`` over the pages ``measured`` (default:
    :func:`pages`); one of ``actions`` is "(nothing)", the measuring code's own."""
    steps = [_SETUP.format(pages=repr(measured or pages()))]
    for name, action in (("(first)", "pass"),) + tuple(actions):  # the first makes the measuring code's globals
        body = "\n".join("    " + line for line in action.splitlines())
        steps += [part.format(body=body, name=name) for part in _MEASURE]
    return steps + ["print(json.dumps(_rows))"]


def build_root():
    """The VM root: the game's files and the stand-ins (tools/vm/vmroot.py),
    and the library's modules as .mpy. The caller removes it."""
    import adafruit_display_text

    from tools.vm import vmroot

    root = vmroot.build_root()
    library = Path(adafruit_display_text.__file__).parent
    for name in LIBRARY:
        target = root / "adafruit_display_text" / (name + ".mpy")
        vmroot.compile_mpy(library / (name + ".py"), target, "adafruit_display_text/%s.py" % name)
    return root


def measure(actions=ACTIONS, measured=None, root=None):
    """{row name: (allocated, kept)} in bytes, the measuring code's own
    bytes (the "(nothing)" row's) subtracted; the "(...)" rows left out."""
    import shutil

    from tools.vm import pystack_vm

    made = root or build_root()
    try:
        result = pystack_vm.run(program(actions, measured), made)
    finally:
        if root is None:
            shutil.rmtree(made, ignore_errors=True)
    rows = json.loads(result.outputs[-1])
    own_allocated, own_kept = [(allocated, kept) for name, allocated, kept in rows if name == "(nothing)"][0]
    return {name: (allocated - own_allocated, kept - own_kept) for name, allocated, kept in rows if not name.startswith("(")}


def report(rows, measured=None):
    """The table :func:`main` prints."""
    page = (measured or pages())[0]
    lines = [
        "A help page in the pystack VM (32-bit objects, .mpy files, stand-ins at C sizes):",
        "the PyBadge's %d x %d, %d lines, %d characters" % (COLUMNS, LINES, len(page), sum(map(len, page))),
        "",
        "| | allocated | kept |",
        "|---|---|---|",
    ]
    lines += ["| %s | %d | %d |" % (name, allocated, kept) for name, (allocated, kept) in rows.items()]
    return "\n".join(lines)


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.parse_args(argv)
    print(report(measure()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
